"""Massai tactic sheets to print: the small board on which a player marks a secret choice.

:func:`tactic_sheets_pdf` gives, for a position, one page per player with the board as it
stands (row 6 at the top, Player 1's huts as rings, Player 2's as discs, every square named) and
what that player marks on it now:

* during the setup, five touching squares of their own half (shaded);
* in play, for the player to move, the target of an attack among the opponent's huts it could
  hit, and for the other player the guards (how many the guard table allows) among their huts
  that could be attacked;

then a page of blank boards for later turns. A pending secret setup is never printed.
"""

from __future__ import annotations

from tabletop.games.massai.legal import attackable_huts, guards_allowed
from tabletop.games.massai.reports import player_name
from tabletop.games.massai.state import SETUP_HUTS, State
from tabletop.i18n import check_lang, translator
from tabletop.printing.pdf import FAMILY, SheetPDF

__all__ = ["tactic_sheets_pdf"]

#: Blank boards on the last page.
BLANK_BOARDS = 2


def _draw_board(
    pdf: SheetPDF, state: State, player: int | None, cell: float, with_huts: bool = True
) -> None:
    """The board at the current position of the page; ``player``'s own half shaded."""
    board = state.board
    letters = [chr(ord("a") + c) for c in range(board.columns)]
    left = pdf.l_margin + (pdf.epw - cell * board.columns) / 2
    top = pdf.get_y() + 5
    half = board.half(player) if player is not None else frozenset()
    pdf.set_font(FAMILY, "B", 9)
    for c, letter in enumerate(letters):
        pdf.set_xy(left + c * cell, top - 5)
        pdf.cell(cell, 5, letter, align="C")
    for line, row in enumerate(range(board.rows, 0, -1)):
        y = top + line * cell
        pdf.set_font(FAMILY, "B", 9)
        pdf.set_xy(left - 7, y)
        pdf.cell(6, cell, str(row), align="R")
        for c, letter in enumerate(letters):
            square = f"{letter}{row}"
            x = left + c * cell
            if square in half:
                pdf.set_fill_color(232, 232, 232)
                pdf.rect(x, y, cell, cell, style="DF")
            else:
                pdf.rect(x, y, cell, cell)
            pdf.set_font(FAMILY, "", 6.5)
            pdf.set_text_color(120)
            pdf.set_xy(x + 0.6, y + 0.4)
            pdf.cell(cell / 2, 3, square)
            pdf.set_text_color(0)
            owner = state.owner(square) if with_huts else None
            if owner is not None:
                radius = cell * 0.28
                cx, cy = x + cell / 2, y + cell / 2 + 0.8
                if owner == 0:
                    pdf.set_line_width(0.9)
                    pdf.circle(cx, cy, radius)
                    pdf.set_line_width(0.2)
                else:
                    pdf.set_fill_color(40, 40, 40)
                    pdf.circle(cx, cy, radius, style="F")
        pdf.set_xy(left + cell * board.columns + 1, y)
        pdf.set_font(FAMILY, "B", 9)
        pdf.cell(6, cell, str(row))
    pdf.set_xy(pdf.l_margin, top + cell * board.rows + 3)


def _cell(state: State) -> float:
    """Squares as large as the page allows (two boards a page: 8 x 6 squares of 17 mm)."""
    board = state.board
    return min(17.0, 170.0 / board.columns, 95.0 / board.rows)


def _player_page(pdf: SheetPDF, state: State, player: int, lang: str) -> None:
    tr = translator(lang)
    name = player_name(player, lang)
    pdf.running_header = tr.gettext("Massai · tactic sheet · {player}", player=name)
    pdf.add_page()
    pdf.text_line(tr.gettext("Massai — tactic sheet"), 15, bold=True, height=8)
    pdf.text_line(name, 18, bold=True, height=9)
    pdf.text_line(
        tr.gettext(
            "Rings: huts of {first}; discs: huts of {second}. Keep this sheet behind your screen.",
            first=player_name(0, lang),
            second=player_name(1, lang),
        ),
        9,
    )
    board = state.board
    if state.phase == "setup":
        rows = board.half_rows(player)
        pdf.heading(tr.gettext("Setup"))
        pdf.text_line(
            tr.gettext(
                "Mark {n} squares of your half (rows {first} to {last}, shaded); each must touch "
                "another of them.",
                n=SETUP_HUTS,
                first=rows.start,
                last=rows.stop - 1,
            ),
            10,
        )
        _draw_board(pdf, state, player, _cell(state), with_huts=False)
        return
    if state.phase == "over":
        pdf.heading(tr.gettext("The game is over"))
        _draw_board(pdf, state, None, _cell(state))
        return
    if player == state.to_move:
        targets = sorted(attackable_huts(state, player))
        pdf.heading(tr.gettext("Attack: circle the target"))
        if targets:
            pdf.text_line(
                tr.gettext("Huts you may attack now: {squares}", squares=", ".join(targets)), 10
            )
        else:
            pdf.text_line(tr.gettext("No hut of the opponent touches yours: no attack now."), 10)
    else:
        attacker = state.to_move
        guardable = sorted(attackable_huts(state, attacker))
        allowed = guards_allowed(state, attacker)
        pdf.heading(tr.gettext("Defence: mark your guards"))
        if guardable:
            pdf.text_line(
                tr.ngettext(
                    "If {attacker} attacks, guard at most one of these huts: {squares}",
                    "If {attacker} attacks, guard at most {n} of these huts: {squares}",
                    allowed,
                    attacker=player_name(attacker, lang),
                    squares=", ".join(guardable),
                ),
                10,
            )
        else:
            pdf.text_line(tr.gettext("None of your huts can be attacked now."), 10)
    _draw_board(pdf, state, None, _cell(state))


def tactic_sheets_pdf(state: State, lang: str = "en") -> bytes:
    """The PDF (bytes) of both players' tactic sheets for ``state``, then blank boards.

    Raises :class:`~tabletop.printing.fonts.FontMissing` when no font can be embedded.
    """
    lang = str(check_lang(lang))
    tr = translator(lang)
    pdf = SheetPDF(tr.gettext("Massai tactic sheets"), lang)
    for player in (0, 1):
        _player_page(pdf, state, player, lang)
    pdf.running_header = tr.gettext("Massai · blank tactic sheet")
    pdf.add_page()
    pdf.text_line(tr.gettext("Massai — tactic sheet"), 15, bold=True, height=8)
    empty = State(options=state.options)
    for _ in range(BLANK_BOARDS):
        pdf.ln(4)
        _draw_board(pdf, empty, None, _cell(state), with_huts=False)
    return pdf.bytes()
