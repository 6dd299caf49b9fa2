"""massai/legal.py: the legal choices of a position (attacks, guards, builds, moves)."""

from __future__ import annotations

from tabletop.games.massai.actions import Setup
from tabletop.games.massai.legal import (
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_builds,
    legal_moves,
)
from tabletop.games.massai.rules import apply_or_raise
from tabletop.games.massai.state import Options, State, new_game

from .helpers import position

P1_SETUP = ("a1", "b1", "b2", "c2", "c1")
P2_SETUP = ("a6", "b6", "b5", "c5", "c4")


def started(options: Options | None = None) -> State:
    state = new_game(options)
    state, _ = apply_or_raise(state, Setup(0, P1_SETUP))
    state, _ = apply_or_raise(state, Setup(1, P2_SETUP))
    return state


# --- setup ---------------------------------------------------------------------------------


BOARD = ["........", ".x...xx.", "..xxx...", "...o....", ".oo.o...", "........"]


def test_attackable_huts_points_and_guards() -> None:
    state = position(BOARD)
    assert attackable_huts(state) == {"c4", "d4", "e4"}
    assert attack_points(state) == 3 and guards_allowed(state) == 2
    # The defender's view of the same board: x attacking o.
    assert attackable_huts(state, attacker=1) == {"d3"}
    assert guards_allowed(state, attacker=1) == 0


def test_legal_builds_and_moves() -> None:
    state = started()
    assert "c3" in legal_builds(state) and "d1" in legal_builds(state)
    assert "c4" not in legal_builds(state) and legal_moves(state) == frozenset()
    full = position(["........", "......xx", "........", "........", "ooooooo.", "oooooooo"])
    assert legal_builds(full) == frozenset()
    assert ("h1", "a3") in legal_moves(full) and ("h1", "e5") not in legal_moves(full)
