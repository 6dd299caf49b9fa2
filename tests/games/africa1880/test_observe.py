"""A seat's sealed sheet: its own header added, every other header refused, read by its headers
only. The full reading of the notation is the reference: whatever it makes of a text's headers,
the sealing makes the same (same refusals, same sealed text)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.notation import (
    MAX_SHEET_CHARS,
    SheetTooLongError,
    parse_sheets,
    read_headers,
)
from tabletop.games.africa1880.observe import SheetHeaderError, combine_sheets, seat_sheet
from tabletop.games.africa1880.orders import DUPLICATE_SHEET, NOT_PLAYING, UNKNOWN_POWER

BOARD = load_board()
PLAYING = ("Belgium", "France", "Germany", "Great Britain")


def sealed_by_full_reading(text: str, power: str, powers: Iterable[str]) -> str:
    """What sealing did when it read the whole sheet (kept here as the reference)."""
    playing = tuple(powers)
    headed = f"[{power}]\n{text}"
    parsed = parse_sheets(headed, BOARD, playing)
    others = sorted(p for p in parsed.sheets if p != power)
    if others:
        raise SheetHeaderError(f"headed {others[0]}")
    for item in parsed.errors:
        if item.reason_code in (UNKNOWN_POWER, NOT_PLAYING):
            raise SheetHeaderError(f"line {max(0, (item.line or 1) - 1)}: {item.order_text!r}")
    if any(item.reason_code == DUPLICATE_SHEET for item in parsed.errors):
        return text if text.endswith("\n") else text + "\n"
    return headed if headed.endswith("\n") else headed + "\n"


def outcome(seal: object, text: str) -> tuple[str, str]:
    """("sealed", text) or ("refused", the start of the message that tells which header)."""
    try:
        return ("sealed", seal(text, "France", PLAYING))  # type: ignore[operator]
    except SheetHeaderError as error:
        message = str(error)
        if message.startswith("line "):
            return ("refused", message.split(" is a header")[0])
        return ("refused", "headed " + message.split("headed ")[1].split(",")[0])
    except SheetTooLongError:
        return ("too long", "")


CASES = [
    "Algeria: develop",
    "Algeria: develop\n",
    "",
    "[France]\nAlgeria: develop",  # its own header: kept as typed
    "Algeria: hold\n[France]\nAlgeria: develop",
    "[Germany]\nTogo: hold",
    "Allemagne:\nTogo: hold",
    "Deutschland",
    "[France] Algeria: develop\n[Belgium]",
    "[Spain]\nAlgeria: develop",  # no power
    "[Italy]\nLibya: hold",  # a power not playing
    "Italie:\nLibya: hold",
    "# [Germany] in a comment\nAlgeria: develop",
    "war: Germany, Italy\nalliance: Belgium",  # relations name powers but are no headers
    "Germany -> Togo",
    "[",
    "[France\nAlgeria: develop",
    "France.\nGermany;",
    "[Germany]\n[Italy]\n[Spain]",
    "[Spain]\n[Germany]",
]


@pytest.mark.parametrize("text", CASES)
def test_sealing_refuses_and_keeps_what_the_full_reading_did(text: str) -> None:
    assert outcome(seat_sheet, text) == outcome(sealed_by_full_reading, text)


def test_the_refusals_say_which_header_and_which_power() -> None:
    with pytest.raises(SheetHeaderError, match="headed Germany, but this seat plays France"):
        seat_sheet("Algeria: hold\n[Germany]\nTogo: hold", "France", PLAYING)
    with pytest.raises(SheetHeaderError, match=r"line 2: '\[Spain\]' is a header naming no"):
        seat_sheet("Algeria: hold\n[Spain] # typo\nTogo: hold", "France", PLAYING)
    with pytest.raises(SheetHeaderError, match=r"line 1: 'Italie:' is a header naming no"):
        seat_sheet("Italie:\nLibya: hold", "France", PLAYING)
    with pytest.raises(SheetTooLongError):
        seat_sheet("a" * MAX_SHEET_CHARS, "France", PLAYING)


def test_a_sheet_is_sealed_without_reading_its_orders() -> None:
    text = "Algeria: develop\nnonsense that is no order\nwar: Germany\n"
    assert seat_sheet(text, "France", PLAYING) == "[France]\n" + text
    assert seat_sheet("[France]\nAlgeria: hold", "France", PLAYING) == "[France]\nAlgeria: hold\n"


def test_headers_are_what_the_full_reading_takes_for_headers() -> None:
    text = "[France]\nAlgeria: develop\nGermany:\nwar: Italy\n[France]\n[Atlantis]\nItalie"
    headers = read_headers(text, PLAYING)
    assert [(h.number, h.power, h.refused) for h in headers] == [
        (1, "France", None),
        (3, "Germany", None),
        (5, "France", DUPLICATE_SHEET),
        (6, None, UNKNOWN_POWER),
        (7, "Italy", NOT_PLAYING),
    ]
    parsed = parse_sheets(text, BOARD, PLAYING)
    assert set(parsed.sheets) == {h.power for h in headers if h.refused is None}
    refused = [(e.line, e.reason_code) for e in parsed.errors if e.order_text in text.splitlines()]
    assert refused == [(h.number, h.refused) for h in headers if h.refused]


PIECES = [
    "[France]",
    "[Germany]",
    "[Italy]",
    "[Spain]",
    "[",
    "]",
    "France",
    "Allemagne:",
    "Belgique",
    "Grande-Bretagne:",
    "Algeria: develop",
    "war: Germany",
    "->",
    "#",
    ":",
    ".",
    " ",
    "\n",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_any_text_is_sealed_as_the_full_reading_sealed_it(text: str) -> None:
    assert outcome(seat_sheet, text) == outcome(sealed_by_full_reading, text)


def test_the_round_joins_the_sealed_sheets_in_the_game_order() -> None:
    sealed = {"Germany": "[Germany]\nTogo: hold", "France": "[France]\nAlgeria: develop\n"}
    text = combine_sheets(sealed, PLAYING)
    assert text == "[France]\nAlgeria: develop\n\n[Germany]\nTogo: hold\n"
