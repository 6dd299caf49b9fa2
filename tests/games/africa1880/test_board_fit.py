"""Unit tests of board_fit.py: every way a state does not fit its board."""

from __future__ import annotations

from tabletop.games.africa1880.board_fit import board_problems
from tabletop.games.africa1880.state import GameState


def test_board_problems(board) -> None:
    state = GameState(
        powers=("France",),
        presences={"France": {"Algerie", "Egypt"}},
        development={"Egypt": 5, "Tunisia": 3},
        colonies={"Tunisia"},
    )
    problems = board_problems(state, board)
    assert any('canonical name "Algeria"' in p for p in problems)
    assert any("Egypt: 5 pins but only 4" in p for p in problems)
    assert any("Tunisia has no presence" in p for p in problems)
