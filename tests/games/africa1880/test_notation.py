"""Unit tests of the order-sheet notation: every accepted spelling, void lines, round trips."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.notation import parse_sheets, read_headers
from tabletop.games.africa1880.notation_format import format_sheet, format_sheets
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWERS


def _one(text: str, board, power: str = "France") -> OrderSheet:
    result = parse_sheets(f"[{power}]\n{text}", board)
    assert result.void == [], [v.reason for v in result.void]
    return result.sheets[power]


@pytest.mark.parametrize(
    "line",
    [
        "Algeria: develop",
        "algérie : développe",
        "ALGERIE: developper",
        "Algeria develop",
        "Algeria: dev",
        "Algérie: développement",
    ],
)
def test_develop_spellings(board, line: str) -> None:
    assert _one(line, board).orders == (Develop("France", "Algeria"),)


@pytest.mark.parametrize(
    "line",
    [
        "Senegal: explore Guinea",
        "Senegal -> Guinea",
        "Sénégal → Guinée",
        "senegal: explorer guinée",
        "Senegal explore Guinea",
        "Senegal: explore -> Guinea",
        "Sénégal: explorer vers Guinée",
        "Senegal => Guinea",
    ],
)
def test_explore_spellings(board, line: str) -> None:
    assert _one(line, board).orders == (Explore("France", "Senegal", "Guinea"),)


@pytest.mark.parametrize(
    "line",
    ["Tunisia: hold", "Tunisie: rien", "Tunisia: tenir", "Tunisia hold", "Tunisie: ne rien faire"],
)
def test_hold_spellings(board, line: str) -> None:
    assert _one(line, board).orders == (Hold("France", "Tunisia"),)


@pytest.mark.parametrize(
    "line",
    [
        "land: Morocco",
        "débarque: Maroc",
        "debarquement: Morocco",
        "land Morocco",
        "Débarquer : maroc",
    ],
)
def test_landing_spellings(board, line: str) -> None:
    assert _one(line, board).landing == Landing("France", "Morocco")


def test_relations_and_comments(board) -> None:
    sheet = _one(
        "# my secret plans\nwar: Germany, Italie  # two wars\nalliance: Belgium\n"
        "Grande-Bretagne: guerre",
        board,
    )
    assert sheet.wars == {"Germany", "Italy", "Great Britain"}


@pytest.mark.parametrize(
    "header", ["[France]", "[ france ]", "France:", "FRANCE", "[France]  # me"]
)
def test_header_spellings(board, header: str) -> None:
    result = parse_sheets(f"{header}\nAlgeria: develop", board)
    assert result.sheets["France"].orders == (Develop("France", "Algeria"),)


def test_french_headers(board) -> None:
    result = parse_sheets("[Pays-Bas]\nCap: développe\n[Grande-Bretagne]\nÉgypte: rien", board)
    assert set(result.sheets) == {"Netherlands", "Great Britain"}
    assert result.missing == ("Belgium", "France", "Germany", "Italy")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Algeria: develop", "no_header"),
        ("[Frnce]", "unknown_power"),
        ("[France]\nAlgerai: develop", "unknown_territory"),
        ("[France]\nAlgeria: conquer", "unknown_keyword"),
        ("[France]\nAlgeria", "unknown_keyword"),
        ("[France]\nAlgeria: explore", "syntax"),
        ("[France]\nland:", "syntax"),
        ("[France]\nAlgeria: explore Egypt", "not_neighbour"),
        ("[France]\nland: Uganda", "not_coastal"),
        ("[France]\nwar: France", "self_relation"),
        ("[France]\nwar: Prussia", "unknown_power"),
    ],
)
def test_void_lines(board, text: str, code: str) -> None:
    result = parse_sheets(text, board)
    assert [v.reason_code for v in result.void] == [code]


def test_unknown_territory_suggests(board) -> None:
    result = parse_sheets("[France]\nAlgeria: explore Lybia", board)
    assert "did you mean Libya?" in result.void[0].reason
    # French typography may put a no-break space before "?": the words are what is checked.
    french = result.void[0].reason_fr.replace("\xa0", " ").replace("\u202f", " ")
    assert "vouliez-vous dire Libya ?" in french


def test_first_order_counts(board) -> None:
    result = parse_sheets(
        "[France]\nAlgeria: develop\nAlgeria -> Libya\nland: Morocco\nland: Senegal", board
    )
    sheet = result.sheets["France"]
    assert sheet.orders == (Develop("France", "Algeria"),)
    assert sheet.landing == Landing("France", "Morocco")
    assert [v.reason_code for v in result.void] == ["duplicate_order", "second_landing"]
    assert [v.line for v in result.void] == [3, 5]


def test_contradictory_relation_counts_as_alliance(board) -> None:
    result = parse_sheets("[France]\nwar: Germany, Italy\nalliance: Germany", board)
    assert result.sheets["France"].wars == {"Italy"}
    assert [v.reason_code for v in result.void] == ["contradictory_relation"]


def test_duplicate_and_absent_sheets(board) -> None:
    text = "[France]\nAlgeria: develop\n[Italy]\nSomalia: develop\n[France]\nAlgeria: hold"
    result = parse_sheets(text, board, ["France", "Germany", "Belgium"])
    assert result.sheets["France"].orders == (Develop("France", "Algeria"),)
    codes = [(v.power, v.reason_code) for v in result.errors]
    assert codes == [
        ("Italy", "power_not_in_game"),
        ("Italy", "power_not_in_game"),
        ("France", "duplicate_sheet"),
        ("France", "duplicate_sheet"),
    ]
    assert result.void == result.errors


def test_relation_toward_absent_power(board) -> None:
    result = parse_sheets("[France]\nwar: Italy", board, ["France", "Germany", "Belgium"])
    assert result.sheets["France"].wars == frozenset()
    assert result.void[0].reason == "Italy does not play in this game"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_round_trip(board, lang: str) -> None:
    sheets = {
        "France": OrderSheet(
            "France",
            (
                Develop("France", "Algeria"),
                Explore("France", "Senegal", "Guinea"),
                Hold("France", "Tunisia"),
            ),
            Landing("France", "Morocco"),
            frozenset({"Germany", "Italy"}),
        ),
    }
    sheets["Great Britain"] = OrderSheet(
        "Great Britain", (Explore("Great Britain", "Ivory Coast", "Gold Coast"),)
    )
    text = format_sheets(sheets, board, POWERS, lang)
    again = parse_sheets(text, board)
    assert again.void == []
    assert again.sheets == sheets
    assert format_sheet(again.sheets["France"], board, POWERS, lang) in text


def test_order_on_the_header_line(board) -> None:
    result = parse_sheets("[France] Algeria: develop\n[Italy]", board)
    assert result.sheets["France"].orders == (Develop("France", "Algeria"),)
    assert "Italy" in result.sheets and result.void == []


@pytest.mark.parametrize(
    "line", ["war: Germany Italy", "guerre: Allemagne Italie", "war: Great Britain Germany Italy"]
)
def test_power_lists_without_commas(board, line: str) -> None:
    wars = _one(line, board).wars
    assert {"Germany", "Italy"} <= wars
    assert wars - {"Germany", "Italy"} <= {"Great Britain"}


def test_power_list_with_a_stray_word_is_void(board) -> None:
    result = parse_sheets("[France]\nwar: Germany Prussia", board)
    assert [v.reason_code for v in result.void] == ["unknown_power"]
    assert result.sheets["France"].wars == frozenset()


def test_trailing_punctuation(board) -> None:
    sheet = _one("Algeria: develop.\nland: Morocco;\nwar: Germany.", board)
    assert sheet.orders == (Develop("France", "Algeria"),)
    assert sheet.landing == Landing("France", "Morocco") and sheet.wars == {"Germany"}


def test_a_text_over_the_limit_is_refused_whole(board) -> None:
    from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError

    at_limit = "[France]\nAlgeria: develop\n"
    at_limit += "#" * (MAX_SHEET_CHARS - len(at_limit))
    assert parse_sheets(at_limit, board).sheets["France"].orders == (Develop("France", "Algeria"),)
    with pytest.raises(SheetTooLongError) as refused:
        parse_sheets(at_limit + "#", board)
    assert isinstance(refused.value, ValueError)
    assert (refused.value.length, refused.value.limit) == (MAX_SHEET_CHARS + 1, MAX_SHEET_CHARS)
    assert "65,536 characters" in str(refused.value) and "\n" not in str(refused.value)


def test_suggestions_for_a_bounded_number_of_unknown_names(board) -> None:
    from tabletop.games.africa1880.notation import MAX_SUGGESTIONS

    typos = [f"Lybia{'x' * i}" for i in range(MAX_SUGGESTIONS + 8)]
    lines = [f"{typo}: develop" for typo in typos] + ["Lybia: develop"]
    result = parse_sheets("[France]\n" + "\n".join(lines), board)
    assert [v.reason_code for v in result.void] == ["unknown_territory"] * len(lines)
    suggested = ["did you mean" in v.reason for v in result.void]
    # The first MAX_SUGGESTIONS distinct names may get one (if close); the rest never do,
    # except a name already suggested for.
    assert not any(suggested[MAX_SUGGESTIONS:-1])
    assert suggested[0] and suggested[-1]


def test_long_quotes_are_cut_but_the_line_is_kept(board) -> None:
    from tabletop.games.africa1880.notation import MAX_QUOTE_CHARS

    line = "Algeria: " + "conquer " * 100
    result = parse_sheets(f"[France]\n{line}", board)
    (void,) = result.void
    assert void.reason_code == "unknown_keyword" and "…" in void.reason
    assert len(void.reason) < MAX_QUOTE_CHARS + 100 and len(void.reason_fr) < MAX_QUOTE_CHARS + 100
    assert void.order_text == line.strip()


def test_shown_void_says_how_many_more(board) -> None:
    result = parse_sheets("[France]\n" + "conquer\n" * 60, board)
    shown, more = result.shown_void(50)
    assert (len(shown), more) == (50, 10) and shown == result.void[:50]
    assert [v.line for v in result.void] == list(range(2, 62))
    assert result.shown_void(100) == (result.void, 0)


def test_repeated_void_lines_keep_their_own_line_and_text(board) -> None:
    result = parse_sheets("[France]\nconquer\nAlgeria: conquer\nconquer", board)
    assert [(v.line, v.order_text) for v in result.void] == [
        (2, "conquer"),
        (3, "Algeria: conquer"),
        (4, "conquer"),
    ]
    assert result.void[0].reason == result.void[2].reason


@pytest.mark.parametrize(
    "line",
    [
        "war: Germany" + " " * 5000 + "Italy",
        "war:   Germany   ,   Italy  ",
        "war: Germany -   Italy",
        "war: Grande - Bretagne Germany Italy",
    ],
)
def test_power_lists_with_odd_spacing(board, line: str) -> None:
    assert {"Germany", "Italy"} <= _one(line, board).wars


def test_arrow_after_many_spaces(board) -> None:
    line = "Senegal" + " " * 3000 + "->" + " " * 3000 + "Guinea"
    assert _one(line, board).orders == (Explore("France", "Senegal", "Guinea"),)


HEADER_PIECES = [
    "[France]",
    "[Germany]",
    "[Spain]",
    "[",
    "]",
    "France",
    "Allemagne:",
    "Italie",
    "Algeria: develop",
    "war: Germany",
    "->",
    "#",
    ":",
    ".",
    " ",
    "\n",
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.lists(st.sampled_from(HEADER_PIECES), max_size=16).map("".join))
def test_the_headers_are_those_the_full_reading_finds(text: str) -> None:
    playing = ("France", "Germany", "Great Britain")
    parsed = parse_sheets(text, load_board(), playing)
    headers = read_headers(text, playing)
    assert {h.power for h in headers if h.refused is None} == set(parsed.sheets)
    lines = {h.number: h for h in headers}
    refused = [(h.number, h.refused, h.text) for h in headers if h.refused]
    found = [
        (e.line, e.reason_code, e.order_text)
        for e in parsed.errors
        if e.line in lines and e.reason_code != "no_header"
    ]
    assert found == refused
