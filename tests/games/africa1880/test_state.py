"""Unit tests of state.py: the immutable state, its game-file form and the phases (its reading
is in test_state_reading; the pieces a state is made of are tested where they live: test_powers,
test_options, test_relations, test_board_fit, test_setup; FrozenMap by its doctest)."""

from __future__ import annotations

import pickle

import pytest

from tabletop.games.africa1880.options import Options, StateError
from tabletop.games.africa1880.powers import (
    POWERS,
)
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import GameState, Phase


def test_state_round_trip_and_hash(board) -> None:
    state = new_game(POWERS, board)
    again = GameState.from_dict(state.to_dict())
    assert again == state and hash(again) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state


def test_state_is_immutable(board) -> None:
    state = new_game(POWERS, board)
    with pytest.raises(AttributeError):
        state.round = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.presences["France"] = frozenset()  # type: ignore[index]


def test_state_refuses_too_many_presences() -> None:
    with pytest.raises(StateError, match="more than its 2 pawns"):
        GameState(
            powers=("France",),
            presences={"France": {"A", "B", "C"}},
            options=Options(stock=2),
        )


def test_phases_in_round_order() -> None:

    assert [(p.number, p.value) for p in Phase] == [
        (1, "diplomacy"),
        (2, "writing"),
        (3, "execution"),
        (4, "conflicts"),
        (5, "colonies"),
    ]
