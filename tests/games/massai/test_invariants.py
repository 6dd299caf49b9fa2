"""Hypothesis invariants over random games: hut counts, no lonely hut, setups in their own half."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.legal import (
    attackable_huts,
    guards_allowed,
    has_legal_action,
    legal_builds,
    legal_moves,
)
from tabletop.games.massai.rules import apply
from tabletop.games.massai.state import HUTS_PER_PLAYER, Options, State, new_game

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_setup(data: st.DataObject, state: State, player: int) -> Setup:
    """A random legal setup: five squares grown one touching square at a time in the own half."""
    board, half = state.board, state.board.half(player)
    chosen = [data.draw(st.sampled_from(sorted(half)))]
    while len(chosen) < 5:
        frontier = sorted({n for s in chosen for n in board.neighbours(s) & half} - set(chosen))
        chosen.append(data.draw(st.sampled_from(frontier)))
    return Setup(player, tuple(chosen))


def draw_play(data: st.DataObject, state: State) -> Action:
    """A random legal build, move or attack for the player to move."""
    player = state.to_move
    kinds = []
    if legal_builds(state):
        kinds.append("build")
    if legal_moves(state):
        kinds.append("move")
    if attackable_huts(state):
        kinds.append("attack")
    kind = data.draw(st.sampled_from(kinds))
    if kind == "build":
        return Build(player, data.draw(st.sampled_from(sorted(legal_builds(state)))))
    if kind == "move":
        origin, destination = data.draw(st.sampled_from(sorted(legal_moves(state))))
        return Move(player, origin, destination)
    targets = sorted(attackable_huts(state))
    target = data.draw(st.sampled_from(targets))
    guards = data.draw(
        st.lists(st.sampled_from(targets), unique=True, max_size=guards_allowed(state))
    )
    return Attack(player, target, tuple(guards))


def check_invariants(state: State) -> None:
    board = state.board
    assert not state.huts[0] & state.huts[1]
    for player in (0, 1):
        assert len(state.huts[player]) <= HUTS_PER_PLAYER
        assert 0 <= state.supply(player) <= HUTS_PER_PLAYER
        assert all(board.contains(h) for h in state.huts[player])
        if state.phase != "setup":
            lonely = [h for h in state.huts[player] if not board.neighbours(h) & state.huts[player]]
            assert not lonely, f"huts touching no hut of their own: {lonely}"
    assert (state.phase == "over") == (state.winner is not None)
    if state.phase == "play":
        assert state.huts[0] and state.huts[1]
        assert has_legal_action(state)


options_strategy = st.builds(
    Options,
    columns=st.integers(5, 9),
    rows=st.sampled_from([4, 5, 6, 7]),
    adjacency=st.sampled_from([8, 4]),
    guard_table=st.lists(st.integers(0, 5), min_size=1, max_size=6).map(tuple),
)


@SETTINGS
@given(options=options_strategy, data=st.data())
def test_random_games_keep_the_invariants(options: Options, data: st.DataObject) -> None:
    state = new_game(options)
    for player in (0, 1):
        setup = draw_setup(data, state, player)
        state, report = apply(state, setup)
        assert report.ok, report.message
    # Both setups are in their owner's half.
    assert state.huts[0] <= state.board.half(0) and state.huts[1] <= state.board.half(1)
    check_invariants(state)
    for _ in range(data.draw(st.integers(0, 60))):
        if state.phase == "over":
            break
        action = draw_play(data, state)
        before = state
        state, report = apply(state, action)
        assert report.ok, report.message
        check_invariants(state)
        # The opponent's huts only change through an attack.
        if not isinstance(action, Attack):
            assert state.huts[other(action.player)] == before.huts[other(action.player)]


squares = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("abcdefghij"), st.integers(1, 8))


@SETTINGS
@given(
    player=st.sampled_from([0, 1]),
    chosen=st.lists(squares, min_size=5, max_size=5),
)
def test_an_accepted_setup_is_confined_to_the_own_half(player: int, chosen: list[str]) -> None:
    state = new_game()
    if player == 1:
        state, _ = apply(state, Setup(0, ("a1", "b1", "b2", "c2", "c1")))
    after, report = apply(state, Setup(player, tuple(chosen)))
    if report.ok:
        assert set(chosen) <= state.board.half(player)
    else:
        assert after is state


@SETTINGS
@given(data=st.data())
def test_refused_random_actions_change_nothing(data: st.DataObject) -> None:
    state = new_game()
    for player in (0, 1):
        state, _ = apply(state, draw_setup(data, state, player))
    for _ in range(data.draw(st.integers(0, 10))):
        if state.phase == "over":
            break
        state, _ = apply(state, draw_play(data, state))
    kind = data.draw(st.sampled_from(["build", "move", "attack"]))
    player = data.draw(st.sampled_from([0, 1]))
    a, b = data.draw(squares), data.draw(squares)
    action: Action
    if kind == "build":
        action = Build(player, a)
    elif kind == "move":
        action = Move(player, a, b)
    else:
        action = Attack(player, a, tuple(data.draw(st.lists(squares, max_size=3))))
    after, report = apply(state, action)
    if not report.ok:
        assert after is state and report.message
    else:
        check_invariants(after)
