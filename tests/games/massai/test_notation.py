"""Typed actions: round trips in both languages and errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.massai.actions import Attack, Build, Move, Setup
from tabletop.games.massai.notation import (
    ArityError,
    NotationError,
    SquareSyntaxError,
    UnknownActionError,
    format_action,
    parse_action,
)

square = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("abcdefghxyz"), st.integers(1, 26))
player = st.sampled_from([0, 1])
actions = st.one_of(
    st.builds(Setup, player, st.lists(square, min_size=5, max_size=5).map(tuple)),
    st.builds(Build, player, square),
    st.builds(Move, player, square, square),
    st.builds(Attack, player, square, st.lists(square, max_size=5).map(tuple)),
)


@settings(max_examples=200)
@given(action=actions, lang=st.sampled_from(["en", "fr", "de"]))
def test_format_then_parse_round_trips(action, lang: str) -> None:
    text = format_action(action, lang)
    assert parse_action(text, action.player) == action
    assert parse_action(text.upper(), action.player) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("setup a1 b1 b2 c2 c1", Setup(0, ("a1", "b1", "b2", "c2", "c1"))),
        ("installer a1, b1, b2, c2, c1", Setup(0, ("a1", "b1", "b2", "c2", "c1"))),
        ("build c3", Build(0, "c3")),
        ("  Construire   C3 ", Build(0, "c3")),
        ("move c3 d4", Move(0, "c3", "d4")),
        ("déplacer c3 d4", Move(0, "c3", "d4")),
        ("deplacer c3 d4", Move(0, "c3", "d4")),
        ("attack e4 guards d4 e5", Attack(0, "e4", ("d4", "e5"))),
        ("attaquer e4 gardes d4 e5", Attack(0, "e4", ("d4", "e5"))),
        ("attack e4 guards -", Attack(0, "e4", ())),
        ("attaquer e4 gardes aucun", Attack(0, "e4", ())),
        ("attack e4", Attack(0, "e4", ())),
        ("aufstellen a1 b1 b2 c2 c1", Setup(0, ("a1", "b1", "b2", "c2", "c1"))),
        ("Aufstellung a1, b1, b2, c2, c1", Setup(0, ("a1", "b1", "b2", "c2", "c1"))),
        ("bauen c3", Build(0, "c3")),
        ("Baue C3", Build(0, "c3")),
        ("ziehen c3 d4", Move(0, "c3", "d4")),
        ("bewegen c3 d4", Move(0, "c3", "d4")),
        ("angreifen e4 wachen d4 e5", Attack(0, "e4", ("d4", "e5"))),
        ("Angriff e4 Wächter d4", Attack(0, "e4", ("d4",))),
        ("angriff e4 waechter d4", Attack(0, "e4", ("d4",))),
        ("angreifen e4 wachen keine", Attack(0, "e4", ())),
        ("angreifen e4", Attack(0, "e4", ())),
    ],
)
def test_examples(text: str, expected) -> None:
    assert parse_action(text, 0) == expected


def test_french_formatting() -> None:
    assert format_action(Attack(1, "e4", ("d4",)), "fr") == "attaquer e4 gardes d4"
    assert format_action(Attack(1, "e4", ()), "fr") == "attaquer e4 gardes -"
    assert format_action(Move(1, "c3", "d4"), "fr") == "déplacer c3 d4"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", UnknownActionError),
        ("jump c3", UnknownActionError),
        ("build", ArityError),
        ("build c3 c4", ArityError),
        ("build 3c", SquareSyntaxError),
        ("move c3", ArityError),
        ("setup a1 b1 b2", ArityError),
        ("attack", ArityError),
        ("attack e4 d4", ArityError),
        ("attack e4 guards d4 zz", SquareSyntaxError),
    ],
)
def test_errors_are_value_errors_quoting_the_input(text: str, error: type) -> None:
    with pytest.raises(error) as caught:
        parse_action(text, 0)
    assert isinstance(caught.value, NotationError) and isinstance(caught.value, ValueError)
    assert repr(text.strip()) in str(caught.value)


def test_german_formatting() -> None:
    assert format_action(Attack(1, "e4", ("d4",)), "de") == "angreifen e4 wachen d4"
    assert format_action(Attack(1, "e4", ()), "de") == "angreifen e4 wachen -"
    assert format_action(Setup(1, ("a1", "b1", "b2", "c2", "c1")), "de").startswith("aufstellen ")
    assert format_action(Build(1, "c3"), "de") == "bauen c3"
    assert format_action(Move(1, "c3", "d4"), "de") == "ziehen c3 d4"


def test_an_unknown_action_names_the_keywords_of_every_language() -> None:
    with pytest.raises(UnknownActionError) as caught:
        parse_action("springen c3", 0)
    assert "installer" in str(caught.value) and "aufstellen" in str(caught.value)


def test_a_long_input_is_quoted_cut() -> None:
    text = "build " + "c" * 5000
    with pytest.raises(SquareSyntaxError) as caught:
        parse_action(text, 0)
    assert len(str(caught.value)) < 300 and "…" in str(caught.value)
