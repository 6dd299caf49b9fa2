"""Unit tests of state.py's reading (state_from_dict): a state read from its game-file form, with
defaults for the missing keys and every problem reported with its path."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.options import Options, StateError
from tabletop.games.africa1880.state import STATE_KEYS, GameState, state_from_dict


def test_minimal_form_defaults() -> None:
    state = GameState.from_dict({"presences": {"France": ["Algeria"], "Allemagne": ["Togo"]}})
    assert state.powers == ("France", "Germany")
    assert state.round == 1 and state.board == "default" and state.options == Options()


def test_from_dict_reports_paths() -> None:
    with pytest.raises(StateError) as caught:
        GameState.from_dict({"presences": {"Frnace": ["Algeria"]}, "round": "two", "bogus": 1})
    problems = caught.value.problems
    assert any("presences" in p and "did you mean France" in p for p in problems)
    assert any(p.startswith("round must be a whole number") for p in problems)
    assert "bogus: unknown key" in problems


def test_every_key_of_the_file_form_is_known() -> None:
    assert set(GameState(powers=("France",)).to_dict()) == set(STATE_KEYS)


def test_problems_of_a_nested_state_name_their_path() -> None:
    where = "history[2].state"
    with pytest.raises(StateError) as caught:
        state_from_dict({"round": 2, "colonies": "Egypt"}, prefix=where)
    assert caught.value.problems == [f"{where}.colonies must be a list of territory names"]
    # The state's own checks (once the file form is sound) are named with the same path.
    with pytest.raises(StateError) as caught:
        state_from_dict({"round": 0}, prefix=where)
    assert caught.value.problems == [f"{where}.round must be 1 to 8, not 0"]
