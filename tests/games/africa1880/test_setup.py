"""Unit tests of setup.py: historical and free starts, and the checks of a new game."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.options import StateError
from tabletop.games.africa1880.setup import new_game


def test_historical_start(board) -> None:
    state = new_game(["France", "Allemagne", "Grande-Bretagne"], board)
    assert state.powers == ("France", "Germany", "Great Britain")
    assert state.presences["France"] == {"Algeria"}
    assert state.presences["Germany"] == {"Dahomey"}
    assert state.presences["Great Britain"] == {"Egypt"}
    assert (state.round, state.year, state.stock("France")) == (1, 1880, 21)
    assert state.last_relations is None and not state.game_over


def test_free_start_checks_everything(board) -> None:
    state = new_game(
        ["France", "Italy", "Belgium"],
        board,
        start="free",
        placements={"France": "Maroc", "Italy": "Libya", "Belgium": "Congo"},
    )
    assert state.presences["France"] == {"Morocco"}
    assert state.options.start == "free"
    with pytest.raises(StateError) as caught:
        new_game(
            ["France", "Italy", "Belgium"],
            board,
            start="free",
            placements={"France": "Uganda", "Italy": "Libya", "Belgium": "Libye"},
        )
    text = str(caught.value)
    assert "Uganda is not coastal" in text and "already taken by" in text


def test_new_game_refuses_bad_power_counts(board) -> None:
    with pytest.raises(StateError, match="3 to 6 powers"):
        new_game(["France", "Italy"], board)
    with pytest.raises(StateError, match="listed twice"):
        new_game(["France", "Italy", "france"], board)
