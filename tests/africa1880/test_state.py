"""Unit tests of state.py: powers, options, the immutable state and the setup of a game."""

from __future__ import annotations

import pickle

import pytest

from tabletop.games.africa1880.state import (
    POWERS,
    GameState,
    Options,
    Relations,
    StateError,
    UnknownPower,
    board_problems,
    lookup_power,
    new_game,
)


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("france", "France"),
        ("ALLEMAGNE", "Germany"),
        ("Grande-Bretagne", "Great Britain"),
        ("grande bretagne", "Great Britain"),
        ("Britain", "Great Britain"),
        ("pays-bas", "Netherlands"),
        ("The Netherlands", "Netherlands"),
        ("Itálie", "Italy"),
        ("belgique", "Belgium"),
    ],
)
def test_lookup_power_accepts_english_and_french(text: str, power: str) -> None:
    assert lookup_power(text) == power


def test_lookup_power_suggests() -> None:
    with pytest.raises(UnknownPower) as caught:
        lookup_power("Germny")
    assert caught.value.suggestion == "Germany"
    assert "did you mean Germany?" in str(caught.value)


def test_options_defaults_and_round_trip() -> None:
    options = Options()
    assert (options.landing_check, options.scoring, options.start) == (
        "start_of_round",
        "points",
        "historical",
    )
    assert (options.stock, options.total_pins, options.last_round, options.colony_limit) == (
        22,
        88,
        8,
        21,
    )
    custom = Options(landing_check="reading_order", reading_order=("Italy", "France"))
    assert Options.from_dict(custom.to_dict()) == custom


def test_options_refuse_bad_values_listing_all() -> None:
    with pytest.raises(StateError) as caught:
        Options.from_dict({"landing_check": "never", "scoring": "money", "stock": 0, "x": 1})
    text = str(caught.value)
    for word in ("landing_check", "scoring", "stock", "options.x: unknown option"):
        assert word in text


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


def test_relations() -> None:
    relations = Relations({("France", "Germany")})
    assert relations.war("France", "Germany") and relations.alliance("Germany", "France")
    assert relations["France", "Germany"] == "war"
    assert Relations.from_dict(relations.to_dict()) == relations
    assert Relations.coerce({("France", "Germany"): "war", ("Germany", "France"): "alliance"}) == (
        relations
    )
    assert Relations.coerce({"France": ["Allemagne"]}) == relations


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("Belgien", "Belgium"),
        ("frankreich", "France"),
        ("DEUTSCHLAND", "Germany"),
        ("Großbritannien", "Great Britain"),
        ("grossbritannien", "Great Britain"),
        ("GROSSBRITANNIEN", "Great Britain"),
        ("Italien", "Italy"),
        ("niederlande", "Netherlands"),
        ("Die Niederlande", "Netherlands"),
    ],
)
def test_lookup_power_accepts_german(text: str, power: str) -> None:
    # German players write the names of the German edition; case, accents and ß do not matter.
    assert lookup_power(text) == power


def test_power_names_in_three_languages() -> None:
    from tabletop.games.africa1880.state import POWER_NAMES_DE, POWER_NAMES_FR, power_name

    assert [power_name(p, "de") for p in POWERS] == [
        "Belgien",
        "Frankreich",
        "Deutschland",
        "Großbritannien",
        "Italien",
        "Niederlande",
    ]
    assert [power_name(p, "fr") for p in POWERS] == [POWER_NAMES_FR[p] for p in POWERS]
    assert [power_name(p) for p in POWERS] == list(POWERS)
    assert power_name("Spain", "de") == "Spain" and power_name("Italy", "xx") == "Italy"
    # Every name of every language reads back as its power.
    for names in (POWER_NAMES_FR, POWER_NAMES_DE):
        assert {lookup_power(name): name for name in names.values()} == {
            p: names[p] for p in POWERS
        }


def test_options_are_enums_with_the_same_text() -> None:
    import json

    from tabletop.games.africa1880.state import LandingCheck, Scoring, Start

    options = Options(landing_check="reading_order", scoring="colonies", start="free")
    assert options.landing_check is LandingCheck.READING_ORDER
    assert options.scoring is Scoring.COLONIES and options.start is Start.FREE
    # Files keep the same text, and plain strings still compare equal.
    data = json.loads(json.dumps(options.to_dict()))
    assert (data["landing_check"], data["scoring"], data["start"]) == (
        "reading_order",
        "colonies",
        "free",
    )
    assert Options.from_dict(data) == options and options.landing_check == "reading_order"
    assert f"{options.scoring}" == "colonies" and str(options.start) == "free"
    assert Options().landing_check is LandingCheck.START_OF_ROUND


def test_phases_in_round_order() -> None:
    from tabletop.games.africa1880.state import Phase

    assert [(p.number, p.value) for p in Phase] == [
        (1, "diplomacy"),
        (2, "writing"),
        (3, "execution"),
        (4, "conflicts"),
        (5, "colonies"),
    ]
