"""German order sheets: keywords, power and territory names, umlauts typed as two letters, and a
whole round typed in German that resolves exactly as the same round typed in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import (
    KEYWORDS,
    format_order,
    format_sheet,
    format_sheets,
)
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWERS

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "africa"


def _one(text: str, board, power: str = "France") -> OrderSheet:
    result = parse_sheets(f"[{power}]\n{text}", board)
    assert result.void == [], [v.reason for v in result.void]
    return result.sheets[power]


@pytest.mark.parametrize(
    "line",
    ["Algeria: entwickeln", "Algerien: entwickle", "ALGERIEN: Entwicklung", "Algerien entwickelt"],
)
def test_develop_in_german(board, line: str) -> None:
    assert _one(line, board).orders == (Develop("France", "Algeria"),)


@pytest.mark.parametrize(
    "line",
    [
        "Senegal: erkunden Guinea",
        "Senegal: erkunde Guinea",
        "Senegal erkundet Guinea",
        "Senegal: erkunden nach Guinea",
        "Senegal: erkunden -> Guinea",
    ],
)
def test_explore_in_german(board, line: str) -> None:
    assert _one(line, board).orders == (Explore("France", "Senegal", "Guinea"),)


@pytest.mark.parametrize(
    "line", ["Tunesien: halten", "Tunesien: halte", "Tunesien: nichts", "Tunesien nichts tun"]
)
def test_hold_in_german(board, line: str) -> None:
    assert _one(line, board).orders == (Hold("France", "Tunisia"),)


@pytest.mark.parametrize(
    "line", ["landen: Marokko", "Landung: Marokko", "lande Marokko", "landen: nach Marokko"]
)
def test_landing_in_german(board, line: str) -> None:
    assert _one(line, board).landing == Landing("France", "Morocco")


@pytest.mark.parametrize(
    "line",
    [
        "Krieg: Deutschland, Großbritannien",
        "Krieg: Deutschland und Grossbritannien",
        "krieg deutschland GROSSBRITANNIEN",
        "Großbritannien: Krieg\nDeutschland: Krieg",
    ],
)
def test_war_in_german(board, line: str) -> None:
    assert _one(line, board).wars == {"Germany", "Great Britain"}


@pytest.mark.parametrize("word", ["Bündnis", "Buendnis", "BÜNDNIS", "bundnis"])
def test_alliance_with_or_without_umlaut(board, word: str) -> None:
    result = parse_sheets(f"[France]\nKrieg: Deutschland, Italien\n{word}: Deutschland", board)
    assert result.sheets["France"].wars == {"Italy"}
    assert [v.reason_code for v in result.void] == ["contradictory_relation"]


@pytest.mark.parametrize(
    ("header", "power"),
    [
        ("[Deutschland]", "Germany"),
        ("[Großbritannien]", "Great Britain"),
        ("Grossbritannien:", "Great Britain"),
        ("[Frankreich]", "France"),
        ("BELGIEN", "Belgium"),
        ("[Italien]", "Italy"),
        ("[Niederlande]", "Netherlands"),
    ],
)
def test_german_headers(board, header: str, power: str) -> None:
    result = parse_sheets(f"{header}\nKongo: entwickeln", board)
    assert list(result.sheets) == [power]


@pytest.mark.parametrize(
    ("typed", "territory"),
    [
        ("Ägypten", "Egypt"),
        ("Aegypten", "Egypt"),
        ("Elfenbeinküste", "Ivory Coast"),
        ("Elfenbeinkueste", "Ivory Coast"),
        ("goldkueste", "Gold Coast"),
        ("Deutsch-Suedwestafrika", "South West Africa"),
        ("Sansibar", "Zanzibar"),
    ],
)
def test_territory_names_with_umlauts_either_way(board, typed: str, territory: str) -> None:
    assert _one(f"{typed}: halten", board).orders == (Hold("France", territory),)


def test_a_misspelt_german_name_is_void_with_a_suggestion(board) -> None:
    result = parse_sheets("[Frankreich]\nAlgerein: entwickeln", board)
    assert [v.reason_code for v in result.void] == ["unknown_territory"]
    assert "did you mean Algeria?" in result.void[0].reason


def test_german_formatting() -> None:
    assert format_order(Develop("France", "Algeria"), "de") == "Algeria: entwickeln"
    assert format_order(Explore("France", "Chad", "Kamerun"), "de") == "Chad: erkunden Kamerun"
    assert format_order(Hold("France", "Tunisia"), "de") == "Tunisia: halten"
    assert format_order(Landing("France", "Morocco"), "de") == "landen: Morocco"
    sheet = OrderSheet("Germany", (Develop("Germany", "Togo"),), None, frozenset({"France"}))
    text = format_sheet(sheet, powers=["France", "Germany", "Great Britain"], lang="de")
    assert text == "[Deutschland]\nTogo: entwickeln\nKrieg: Frankreich\nBündnis: Großbritannien\n"


def test_every_language_has_every_keyword() -> None:
    assert set(KEYWORDS) == {"en", "fr", "de"}
    assert all(set(words) == set(KEYWORDS["en"]) for words in KEYWORDS.values())


def test_german_round_trip(board) -> None:
    sheets = {
        "France": OrderSheet(
            "France",
            (
                Develop("France", "Algeria"),
                Explore("France", "Senegal", "Guinea"),
                Hold("France", "Tunisia"),
            ),
            Landing("France", "Morocco"),
            frozenset({"Germany", "Great Britain"}),
        ),
        "Netherlands": OrderSheet("Netherlands", (Develop("Netherlands", "Cape"),)),
    }
    text = format_sheets(sheets, board, POWERS, "de")
    assert "[Niederlande]" in text and "Krieg: Deutschland, Großbritannien" in text
    again = parse_sheets(text, board)
    assert again.void == []
    assert again.sheets == sheets


def test_the_round_typed_in_german_resolves_as_in_english() -> None:
    game = example_game()
    english = (EXAMPLES / "orders_1895.txt").read_text(encoding="utf-8")
    german = (EXAMPLES / "orders_1895_de.txt").read_text(encoding="utf-8")
    assert english != german
    parsed_en = parse_sheets(english, game.board, game.state.powers)
    parsed_de = parse_sheets(german, game.board, game.state.powers)
    assert parsed_de.sheets == parsed_en.sheets
    assert len(parsed_en.sheets) == 4 and sum(len(s.orders) for s in parsed_en.sheets.values()) > 20

    def codes(items) -> list:
        return [(v.power, v.reason_code, v.line) for v in items]

    assert codes(parsed_de.void) == codes(parsed_en.void) == [("France", "unknown_territory", 20)]
    state_en, report_en = resolve(game.state, game.board, parsed_en)
    state_de, report_de = resolve(game.state, game.board, parsed_de)
    assert state_de == state_en
    assert codes(report_de.void_orders) == codes(report_en.void_orders)
    assert [v.reason_code for v in report_en.void_orders] == [
        "unknown_territory",
        "landing_occupied",
    ]
    # Everything but the void orders' typed text (German words quoted) is the same report.
    without_void = {**report_en.to_dict(), "void_orders": None}
    assert {**report_de.to_dict(), "void_orders": None} == without_void


def test_the_notation_reads_every_power_spelling_the_core_reads() -> None:
    from tabletop.games.africa1880 import notation
    from tabletop.games.africa1880.powers import POWER_NAMES_DE, POWER_NAMES_FR, lookup_power

    spellings = [*POWERS, *POWER_NAMES_FR.values(), *POWER_NAMES_DE.values()]
    spellings += ["Grossbritannien", "die Niederlande", "Les Pays-Bas", "United Kingdom", "GB"]
    for spelling in spellings:
        assert notation._POWER_KEYS[notation._key(spelling)] == lookup_power(spelling)
    assert all(lookup_power(key) == power for key, power in notation._POWER_KEYS.items())
