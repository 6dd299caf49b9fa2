"""Unit tests of report_text.py: the report in words, in both languages, sheet by sheet."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import Develop, Landing, OrderSheet
from tabletop.games.africa1880.state import GameState


def _state(presences, **kwargs) -> GameState:
    powers = kwargs.pop("powers", tuple(presences))
    return GameState(powers=powers, presences=presences, board="tiny", **kwargs)


def test_report_text_in_both_languages(tiny) -> None:
    from tabletop.games.africa1880.report_text import format_report

    state = _state({"France": {"Port"}, "Germany": {"Port"}, "Italy": {"Isle"}})
    sheets = {
        "Germany": OrderSheet("Germany", (Develop("Germany", "Port"),), wars={"France"}),
        "Italy": OrderSheet("Italy", landing=Landing("Italy", "Port")),
    }
    _, report = resolve(state, tiny, sheets)
    english = format_report(report, "en")
    french = format_report(report, "fr")
    # Table order: place, pins, colonies, then remove; void orders after the instructions.
    assert english.index("ADD 1 PIN on Port (total 1/2)") < english.index("REMOVE France from Port")
    assert english.index("REMOVE France from Port") < english.index("VOID ORDERS")
    assert "Next: round 2 (1885)." in english
    # French puts a no-break space before ":" and inside « » (the catalog's typography).
    assert "RETIRER France du territoire Port\u00a0: France a déclaré l'alliance avec" in french
    assert "Italie\u00a0: «\u00a0land: Port\u00a0»" in french
    assert "Ensuite\u00a0: tour 2 (1885)." in french
    with pytest.raises(ValueError):
        format_report(report, "xx")


def test_report_text_new_presence_removed_the_same_round() -> None:
    # A presence that arrives and is removed in the same round is shown once, where the table
    # would place it, as "do not place"; it is not listed under REMOVE, so nobody is told to
    # take off the board a pawn that was never put there.
    from tabletop.games.africa1880.board_files import load_board
    from tabletop.games.africa1880.report_text import format_report

    board = load_board()
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": {"Tunisia"}, "Italy": set()},
    )
    sheets = "[France]\nAlgeria: explore Tunisia\n[Germany]\nwar: France"
    _, report = resolve(state, board, parse_sheets(sheets, board, state.powers))
    assert [(r.power, r.territory) for r in report.removals] == [("France", "Tunisia")]
    english = format_report(report, "en")
    french = format_report(report, "fr")
    lines = [line for line in english.splitlines() if "France" in line and "Tunisia" in line]
    assert lines == [
        "  - DO NOT PLACE France in Tunisia (exploration): removed at once, France allied with "
        "Germany but Germany declared war on France (two presences: the betrayed ally is "
        "removed); leave the pawn in stock"
    ]
    assert "REMOVE" not in english and "PLACE new presences:" in english
    # Territories under the board's French names; a no-break space before ":".
    assert "NE PAS POSER France sur Tunisie (exploration)\u00a0: retirée aussitôt" in french
    assert "laissez le pion dans la réserve" in french and "RETIRER" not in french
    # A presence that stays is still a plain instruction.
    state2 = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": set(), "Italy": set()},
    )
    _, report2 = resolve(
        state2, board, parse_sheets("[France]\nAlgeria: explore Tunisia", board, state2.powers)
    )
    assert "  - PLACE France in Tunisia (exploration)\n" in format_report(report2, "en")


def test_void_orders_are_shown_sheet_by_sheet_in_typed_order() -> None:
    # Reading problems came before execution problems whatever their lines, so a person checking
    # the sheets jumped around; the text report goes down each sheet once.
    from tabletop.games.africa1880.board_files import load_board
    from tabletop.games.africa1880.report_text import format_report, void_orders_for_reading

    board = load_board()
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": {"Togo"}, "Italy": set()},
    )
    sheets = "\n".join(
        [
            "[France]",
            "Algeria: explore Chad",  # 2: not a neighbour (found while executing)
            "Senegal: develop",  # 3: no presence there (found while executing)
            "[Germany]",
            "Togo: explore",  # 5: cannot be read
            "[Spain]",  # 6: unknown power
            "[France]",  # 7: second sheet
        ]
    )
    _, report = resolve(state, board, parse_sheets(sheets, board, state.powers))
    assert [v.line for v in void_orders_for_reading(report.void_orders)] == [6, 2, 3, 7, 5]
    text = format_report(report, "en")
    positions = [
        text.index(f'"{line}"')
        for line in (
            "[Spain]",
            "Algeria: explore Chad",
            "Senegal: develop",
            "[France]",
            "Togo: explore",
        )
    ]
    assert positions == sorted(positions)
