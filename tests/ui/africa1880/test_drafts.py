"""The typed sheets of one position: what the core reads in them, menus writing them, checks."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.relations import Relation
from tabletop.ui.africa1880.choices import presences_of
from tabletop.ui.africa1880.drafts import Drafts, is_header


def drafts(lang: str = "en") -> Drafts:
    game = Game.new(["France", "Germany", "Italy"])
    assert game.board is not None
    return Drafts(game.board, game.state, lang)


@pytest.mark.parametrize(
    ("line", "header"),
    [
        ("[Germany]", True),
        ("Germany:", True),
        ("  Allemagne  ", True),
        ("Germany: # a comment", True),
        ("Algeria: develop", False),
        ("Congo -> Chad", False),
        ("war: Germany", False),
        ("", False),
    ],
)
def test_header_lines(line: str, header: bool) -> None:
    assert is_header(line) is header


def test_menus_write_the_sheet_in_the_order_of_the_presences() -> None:
    d = drafts()
    first, *_ = presences_of(d.state, "France")
    assert d.set_order("France", first, "develop", lang="en")
    assert d.order_of("France", first) == ("develop", "")
    assert d.texts["France"].startswith(first)
    assert not d.set_order("France", first, "develop", lang="en")  # nothing changed


def test_an_explore_without_target_is_shown_but_not_written() -> None:
    d = drafts()
    first = presences_of(d.state, "France")[0]
    d.set_order("France", first, "explore")
    assert d.sheet("France").orders == ()
    assert d.order_of("France", first) == ("explore", "")


def test_a_header_inside_a_box_is_disarmed_and_reported() -> None:
    d = drafts()
    d.set_text("France", "[Germany]\nwar: Italy\n")
    body, headers = d.box_text("France")
    assert headers == ["[Germany]"] and body.startswith("# [Germany]")
    assert any("[Germany]" in c.text and c.kind == "void" for c in d.checks("en"))
    assert d.sheet("Germany").wars == frozenset()  # Germany's sheet was not touched


def test_relations_and_language_switch_keep_typed_text() -> None:
    d = drafts()
    assert d.relation("France", "Germany") is Relation.ALLIANCE
    assert d.set_relation("France", "Germany", Relation.WAR, "en")
    assert d.relation("France", "Germany") is Relation.WAR
    assert d.declared_relations().war("France", "Germany")
    d.set_text("Italy", "# our plan\nwar: France\n")
    d.relang("en", "fr")
    assert "guerre" in d.texts["France"]  # written by the menus: rewritten
    assert d.texts["Italy"] == "# our plan\nwar: France\n"  # typed by a person: kept
    with pytest.raises(ValueError, match="toward itself"):
        d.set_relation("France", "France", Relation.WAR)


def test_every_presence_without_an_order_is_listed() -> None:
    d = drafts()
    missing = {(c.power, c.territory) for c in d.checks("en") if c.kind == "no_order"}
    expected = {(p, t) for p in d.powers for t in presences_of(d.state, p)}
    assert missing == expected
