"""The Massai attack game: payoffs from the rules core, solution checked against nashpy."""

from __future__ import annotations

import itertools
import warnings

import nashpy
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop.analysis.massai_attack import AttackGameError, attack_game, evaluate
from tabletop.games.massai import Options, State, attackable_huts, guards_allowed, resolve_attack

SQUARES = [f"{c}{r}" for r in range(1, 7) for c in "abcdefgh"]


def position(light: set[str], dark: set[str], to_move: int = 0, **options: object) -> State:
    return State(
        options=Options(**options),
        huts=(frozenset(light), frozenset(dark)),
        to_move=to_move,
        phase="play",
    )


@st.composite
def positions(draw: st.DrawFn) -> State:
    cells = draw(st.lists(st.sampled_from([None, None, 0, 1]), min_size=len(SQUARES), max_size=48))
    light = {s for s, c in zip(SQUARES, cells, strict=True) if c == 0}
    dark = {s for s, c in zip(SQUARES, cells, strict=True) if c == 1}
    light = set(sorted(light)[:15])
    dark = set(sorted(dark)[:15])
    table = draw(st.sampled_from([(0, 0, 1, 2, 3, 4), (0, 1, 1, 2, 2, 3), (0, 1, 2, 3, 4, 5)]))
    state = position(light, dark, draw(st.integers(0, 1)), guard_table=table)
    assume(attackable_huts(state))
    return state


def brute_matrix(state: State, guard_sets, evaluation: str = "difference") -> np.ndarray:
    """Resolve every (target, guard set) pair with the core, no shortcut."""
    targets = sorted(attackable_huts(state))
    rows = []
    for target in targets:
        row = []
        for guards in guard_sets:
            after, report = resolve_attack(state, target, guards)
            assert report.ok, report.message
            row.append(evaluate(state, after, state.to_move, evaluation, 0.0))
        rows.append(row)
    return np.array(rows, dtype=float)


def nashpy_value(matrix: np.ndarray) -> float:
    row, _ = nashpy.Game(matrix).linear_program()
    return float(np.min(row @ matrix))


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from(["difference", "removals"]), st.randoms(use_true_random=False))
def test_matrix_is_the_core_on_every_pair(state: State, evaluation: str, rng) -> None:
    game = attack_game(state, evaluation=evaluation)
    targets = sorted(attackable_huts(state))
    size = min(guards_allowed(state), len(targets))
    assert game.targets == tuple(targets)
    assert set(game.guard_sets) == set(itertools.combinations(targets, size))
    # Resolving every pair is slow on crowded boards: check all columns or 12 drawn at random.
    columns = sorted(rng.sample(range(len(game.guard_sets)), min(12, len(game.guard_sets))))
    chosen = [game.guard_sets[k] for k in columns]
    assert np.array_equal(game.matrix[:, columns], brute_matrix(state, chosen, evaluation))


@settings(max_examples=40, deadline=None)
@given(positions())
def test_value_agrees_with_nashpy_and_is_guaranteed(state: State) -> None:
    game = attack_game(state)
    assert abs(game.value - nashpy_value(game.matrix)) <= 1e-9
    x, y = game.solution.row_strategy, game.solution.column_strategy
    assert np.all(x @ game.matrix >= game.value - 1e-9)
    assert np.all(game.matrix @ y <= game.value + 1e-9)
    assert sum(game.attack_probabilities.values()) == pytest.approx(1.0, abs=1e-12)
    guards = min(game.guards_allowed, len(game.targets))
    assert sum(game.guard_probabilities.values()) == pytest.approx(guards, abs=1e-9)


@settings(max_examples=25, deadline=None)
@given(positions())
def test_more_guards_are_never_worse_for_the_defender(state: State) -> None:
    game = attack_game(state, all_guard_sets=True)
    column = {guards: game.matrix[:, k] for k, guards in enumerate(game.guard_sets)}
    for guards, payoffs in column.items():
        for hut in game.targets:
            if hut not in guards and tuple(sorted((*guards, hut))) in column:
                assert np.all(column[tuple(sorted((*guards, hut)))] <= payoffs)
    # Leaving out the smaller sets does not change the value.
    assert attack_game(state).value == pytest.approx(game.value, abs=1e-9)


def test_small_position_by_hand() -> None:
    # Light c3 touches dark c4 and d4 (2 attack points -> 1 guard by the default table).
    state = position({"c2", "c3"}, {"c4", "d4", "e4", "e5"})
    game = attack_game(state)
    assert game.targets == ("c4", "d4")
    assert game.guard_sets == (("c4",), ("d4",))
    # c4 guarded: light c3 touching it goes, then c2 is isolated: -2.
    # c4 unguarded: it turns light (+1, -1) and dark d4 touching it goes (-1): 3.
    assert game.matrix[0].tolist() == [-2.0, 3.0]
    # d4 unguarded: it turns light and dark c4, e4, e5 touching it go: 1 + 4 = 5. Guarded: -2.
    assert game.matrix[1].tolist() == [5.0, -2.0]
    # Mixed solution of [[-2, 3], [5, -2]]: attack c4 with 7/12, value 11/12.
    assert game.value == pytest.approx(11 / 12, abs=1e-12)
    assert game.attack_probabilities["c4"] == pytest.approx(7 / 12, abs=1e-12)
    assert game.guard_probabilities["c4"] == pytest.approx(5 / 12, abs=1e-12)


def test_attacker_other_than_player_to_move() -> None:
    state = position({"c2", "c3"}, {"c4", "d4", "e4", "e5"}, to_move=0)
    game = attack_game(state, attacker=1)
    assert game.attacker == 1 and game.defender == 0
    assert game.targets == ("c3",)


def test_win_bonus_counts_a_winning_attack() -> None:
    # Taking the only dark hut wins by elimination.
    state = position({"c2", "c3"}, {"c4"})
    assert attack_game(state).value == 2.0
    assert attack_game(state, win_bonus=10).value == 12.0


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (State(), "setup"),
        (position({"a1", "a2"}, {"h6", "h5"}), "no defender hut"),
    ],
)
def test_no_attack_game(state: State, message: str) -> None:
    with pytest.raises(AttackGameError, match=message):
        attack_game(state)


def test_unknown_evaluation() -> None:
    with pytest.raises(AttackGameError, match="evaluation"):
        attack_game(position({"c2", "c3"}, {"c4"}), evaluation="glory")


def test_nashpy_support_enumeration_agrees_on_a_nondegenerate_case() -> None:
    game = attack_game(position({"c2", "c3"}, {"c4", "d4", "e4", "e5"}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        row, column = next(nashpy.Game(game.matrix).support_enumeration())
    assert float(row @ game.matrix @ column) == pytest.approx(game.value, abs=1e-9)
