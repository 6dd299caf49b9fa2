"""Rules outside the drawn cases: secret setup, turn order, end of game, purity, public helpers."""

from __future__ import annotations

import pytest

from tabletop.games.massai.actions import Attack, Build, Move, Setup
from tabletop.games.massai.reports import IllegalAction
from tabletop.games.massai.rules import apply, apply_or_raise, resolve_attack
from tabletop.games.massai.state import (
    DEFAULT_GUARD_TABLE,
    Options,
    OptionsError,
    State,
    new_game,
    parse_guard_table,
)

from .helpers import position

P1_SETUP = ("a1", "b1", "b2", "c2", "c1")
P2_SETUP = ("a6", "b6", "b5", "c5", "c4")


def started(options: Options | None = None) -> State:
    state = new_game(options)
    state, _ = apply_or_raise(state, Setup(0, P1_SETUP))
    state, _ = apply_or_raise(state, Setup(1, P2_SETUP))
    return state


# --- setup ---------------------------------------------------------------------------------


def test_first_setup_stays_secret_until_the_second_is_in() -> None:
    state, report = apply(new_game(), Setup(0, P1_SETUP))
    assert report.ok and report.placed == ()
    assert state.huts == (frozenset(), frozenset())
    assert state.pending_setup == frozenset(P1_SETUP)
    assert state.to_move == 1 and state.phase == "setup"
    assert "a1" not in report.message  # the report names no secret square
    assert state.to_json(reveal_setup=False)["pending_setup"] == "hidden"


def test_both_setups_are_revealed_and_placed_at_once() -> None:
    state = started()
    assert state.huts == (frozenset(P1_SETUP), frozenset(P2_SETUP))
    assert state.pending_setup is None
    assert state.phase == "play" and state.to_move == 0
    assert state.supply(0) == state.supply(1) == 10


@pytest.mark.parametrize(
    ("player", "squares", "code"),
    [
        (0, ("a1", "b1", "b2", "c2"), "setup-count"),
        (0, ("a1", "b1", "b2", "c2", "c1", "d1"), "setup-count"),
        (0, ("a1", "b1", "b2", "c2", "a1"), "setup-duplicate"),
        (0, ("a1", "b1", "b2", "c2", "i1"), "off-board"),
        (0, ("a1", "b1", "b2", "c3", "c4"), "not-own-half"),
        (0, ("a1", "b1", "c1", "e1", "h3"), "setup-not-touching"),
        (0, ("a1", "b1", "e1", "f1", "g1"), None),  # two groups, each hut touches another
    ],
)
def test_first_player_setup_checks(player: int, squares: tuple, code: str | None) -> None:
    _, report = apply(new_game(), Setup(player, squares))
    assert report.code == (code or "ok"), report.message


def test_second_player_half_is_rows_4_to_6() -> None:
    state, _ = apply(new_game(), Setup(0, P1_SETUP))
    _, report = apply(state, Setup(1, ("a3", "a4", "a5", "b5", "b4")))
    assert report.code == "not-own-half" and report.params["squares"] == ["a3"]
    _, report = apply(state, Setup(1, ("a4", "a5", "a6", "b6", "b4")))
    assert report.ok


def test_setup_huts_must_touch_by_a_side_with_adjacency_4() -> None:
    squares = ("a1", "b2", "c3", "d2", "e1")  # a zigzag touching only by corners
    assert apply(new_game(Options(adjacency=4)), Setup(0, squares))[1].code == "setup-not-touching"
    assert apply(new_game(), Setup(0, squares))[1].ok


def test_nothing_but_a_setup_during_the_setup() -> None:
    for action in (Build(0, "a1"), Move(0, "a1", "a2"), Attack(0, "a1")):
        assert apply(new_game(), action)[1].code == "setup-first"


def test_no_setup_once_playing() -> None:
    assert apply(started(), Setup(0, P1_SETUP))[1].code == "setup-over"


# --- turns ---------------------------------------------------------------------------------


def test_not_your_turn() -> None:
    state = started()
    _, report = apply(state, Build(1, "c3"))
    assert report.code == "not-your-turn" and not report.ok
    _, report = apply(new_game(), Setup(1, P2_SETUP))
    assert report.code == "not-your-turn"


def test_players_alternate_and_turns_count() -> None:
    state = started()
    state, _ = apply_or_raise(state, Build(0, "d3"))
    assert state.to_move == 1 and state.turn == 3
    state, _ = apply_or_raise(state, Build(1, "d4"))
    assert state.to_move == 0 and state.turn == 4


def test_game_over_refuses_everything() -> None:
    state = position(["........", "........", "..xx....", "...o....", "..o.....", "........"])
    over, report = apply(state, Attack(0, "d4", ()))
    assert over.phase == "over" and over.winner == 0
    for action in (Build(1, "a6"), Build(0, "e3"), Attack(1, "d4")):
        assert apply(over, action)[1].code == "game-over"


def test_illegal_action_raises_only_in_the_raising_variant() -> None:
    state = started()
    with pytest.raises(IllegalAction) as caught:
        apply_or_raise(state, Build(0, "h6"))
    assert caught.value.report.code == "not-touching"
    assert isinstance(caught.value, ValueError)


# --- attacks -------------------------------------------------------------------------------


BOARD = ["........", ".x...xx.", "..xxx...", "...o....", ".oo.o...", "........"]


def test_removed_huts_go_back_to_supply() -> None:
    state = position(BOARD)
    after, report = resolve_attack(state, "d4", ["c4", "e4"])
    assert report.ok
    assert state.supply(1) == 9 and after.supply(1) == 13  # d4, c4, e4 and b5 came back
    assert state.supply(0) == 11 and after.supply(0) == 10  # one hut placed on d4
    assert set(report.removed) == {(1, "d4"), (1, "c4"), (1, "e4"), (1, "b5")}
    assert report.placed == ((0, "d4"),)
    assert report.attack.removed_isolated == ((1, "b5"),)


def test_resolution_is_pure() -> None:
    state = position(BOARD)
    snapshot = state.to_json()
    resolve_attack(state, "d4", ["d4"])
    resolve_attack(state, "d4", [])
    apply(state, Build(0, "d2"))
    assert state.to_json() == snapshot


def test_resolve_attack_refuses_like_apply() -> None:
    state = position(BOARD)
    after, report = resolve_attack(state, "f5", [])
    assert after is state and report.code == "target-not-attackable"


def test_defender_may_use_fewer_guards_than_allowed() -> None:
    assert resolve_attack(position(BOARD), "d4", ["d4"])[1].attack.guarded


def test_guard_table_default_is_min_4_points_minus_1() -> None:
    options = Options()
    assert [options.guards_for(p) for p in range(9)] == [0, 0, 1, 2, 3, 4, 4, 4, 4]
    assert DEFAULT_GUARD_TABLE == tuple(max(0, min(4, p - 1)) for p in range(6))


def test_guard_table_is_editable_and_checked() -> None:
    assert parse_guard_table("0, 1,1 ,2") == (0, 1, 1, 2)
    assert Options(guard_table=(0, 1, 1, 2)).guards_for(10) == 2
    for bad in ("", "0,a", "0,-1", "0,9", "1.5"):
        with pytest.raises(OptionsError, match=repr(bad)):
            parse_guard_table(bad)
    with pytest.raises(OptionsError):
        Options(guard_table=())
    with pytest.raises(OptionsError):
        Options(guard_table=(0, True))


def test_options_json_round_trip_and_errors() -> None:
    options = Options(columns=6, rows=4, adjacency=4, guard_table=(0, 2))
    assert Options.from_json(options.to_json()) == options
    with pytest.raises(OptionsError, match="unknown option"):
        Options.from_json({"colour": "red"})
    with pytest.raises(OptionsError, match="adjacency"):
        Options.from_json({"adjacency": 6})


def test_codes_phases_and_win_reasons_are_enums_with_the_same_text() -> None:
    import json

    from tabletop.games.massai.reports import Refusal
    from tabletop.games.massai.state import Phase, State, WinReason

    state = new_game()
    assert state.phase is Phase.SETUP and state.phase == "setup"
    _, report = apply(state, Build(0, "a1"))
    assert report.code is Refusal.SETUP_FIRST and report.code == "setup-first"
    assert f"x_{report.code}" == "x_setup-first"
    assert json.dumps({"code": report.code}) == '{"code": "setup-first"}'
    # A state rebuilt from plain text (a file) holds the enum members.
    again = State(phase="over", winner=0, win_reason="connection")
    assert again.phase is Phase.OVER and again.win_reason is WinReason.CONNECTION
    assert again.to_json()["phase"] == "over"
