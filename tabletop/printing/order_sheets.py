"""Africa 1880 order sheets to print: one page per power for the current round, a blank one, and
the board as it stands.

Each power's page is pre-filled with the year, its presences (each with hold / develop / explore
boxes and the legal explore targets, from :mod:`tabletop.games.africa1880.legal`), the legal
landing targets and a relation box (alliance / war) toward each other power. Then comes a blank
sheet for a round the game does not know yet, and a page with the board's map (when the board
has a drawing: the bundled map, or a traced board's own; :mod:`tabletop.printing.sheet_map`).
Every text is in the chosen language (territories under the board's names in that language).
"""

from __future__ import annotations

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.legal import legal_choices
from tabletop.games.africa1880.orders import OrderKind
from tabletop.games.africa1880.powers import power_name
from tabletop.games.africa1880.state import GameState
from tabletop.i18n import check_lang, translator
from tabletop.printing.pdf import LINE, SheetPDF
from tabletop.printing.sheet_map import map_page

__all__ = ["blank_order_page", "order_sheets_pdf"]

#: Presence rows on the blank sheet, and relation rows (the most other powers a game has).
BLANK_PRESENCES = 12
BLANK_RELATIONS = 5


def order_sheets_pdf(state: GameState, board: Board, lang: str = "en") -> bytes:
    """The PDF (bytes) of the order sheets of ``state``'s round, in ``lang``.

    Raises :class:`~tabletop.printing.fonts.FontMissing` when no font can be embedded and
    ``ValueError`` for a finished game (no round left to write orders for).
    """
    lang = str(check_lang(lang))
    if state.game_over:
        raise ValueError("the game is over: there is no round left to write orders for")
    tr = translator(lang)
    pdf = SheetPDF(tr.gettext("Africa 1880 order sheets, {year}", year=state.year), lang)
    for power in state.powers:
        _power_page(pdf, state, board, power, lang)
    blank_order_page(pdf, lang)
    geometry = load_geometry(board)
    if geometry is not None:  # the bundled map, or the drawing a traced board carries
        map_page(pdf, board, geometry, state, lang)
    return pdf.bytes()


def _title(pdf: SheetPDF, lang: str) -> None:
    pdf.text_line(translator(lang).gettext("Africa 1880 — order sheet"), 15, bold=True, height=8)


def _power_page(pdf: SheetPDF, state: GameState, board: Board, power: str, lang: str) -> None:
    tr = translator(lang)
    name = power_name(power, lang)
    year = state.year
    pdf.running_header = tr.gettext(
        "Africa 1880 · {power} · round {round} ({year})", power=name, round=state.round, year=year
    )
    pdf.add_page()
    _title(pdf, lang)
    pdf.text_line(name, 20, bold=True, height=10)
    pdf.text_line(
        tr.gettext(
            "Round {round} of {last}, year {year}",
            round=state.round,
            last=state.options.last_round,
            year=year,
        ),
        11,
    )
    count, stock = len(state.presences[power]), state.stock(power)
    presences = tr.ngettext("{n} presence on the board", "{n} presences on the board", count)
    pawns = tr.ngettext("{n} pawn left in stock", "{n} pawns left in stock", stock)
    pdf.text_line(f"{presences} · {pawns}", 9)
    menus = legal_choices(state, board, power)

    pdf.heading(tr.gettext("Presences: one order each (nothing ticked: hold)"))
    for menu in menus.presences:
        targets = [board.display_name(t, lang) for t in menu.explore_targets]
        pdf.keep_room(LINE * (2 if targets else 1) + 1)
        pdf.set_x(pdf.l_margin)
        pdf.label(board.display_name(menu.territory, lang), 48, 10.5, bold=True)
        pdf.box(tr.gettext("hold"))
        if OrderKind.DEVELOP in menu.kinds:
            pdf.box(tr.gettext("develop"))
        else:
            pdf.label(tr.gettext("develop: no free space"), 42, 8.5)
        if OrderKind.EXPLORE in menu.kinds:
            pdf.box(tr.gettext("explore toward"))
            pdf.blank(38)
        else:
            pdf.label(tr.gettext("explore: no target"), 36, 8.5)
        pdf.newline()
        if targets:
            pdf.set_x(pdf.l_margin + 48)
            pdf.set_font(pdf.font_family, "", 8.5)
            pdf.multi_cell(
                pdf.epw - 48,
                4.2,
                tr.gettext("explore targets: {targets}", targets=", ".join(targets)),
            )
            pdf.set_x(pdf.l_margin)
        pdf.ln(1)

    pdf.heading(tr.gettext("Landing: at most one, on an empty coastal territory"))
    landing = [board.display_name(t, lang) for t in menus.landing_targets]
    if landing:
        pdf.keep_room(LINE * 2)
        pdf.flowing_boxes([tr.gettext("no landing"), *landing])
    else:
        pdf.text_line(
            tr.gettext("No landing possible this round (no pawn left or no empty coast)."), 9.5
        )

    pdf.heading(tr.gettext("Relations: a relation not ticked counts as alliance"))
    for other in menus.relation_targets:
        pdf.keep_room(LINE)
        pdf.set_x(pdf.l_margin)
        pdf.label(power_name(other, lang), 48, 10.5, bold=True)
        pdf.box(tr.gettext("alliance"))
        pdf.box(tr.gettext("war"))
        pdf.newline()
    pdf.ln(3)
    pdf.text_line(
        tr.gettext(
            "An order that cannot be carried out is void. All sheets are read at the same time."
        ),
        8,
        height=4.5,
    )


def blank_order_page(pdf: SheetPDF, lang: str, power: str | None = None) -> None:
    """A blank order sheet on a new page of ``pdf``: for any round, for ``power`` when one is
    named (its name written in), else with a line to write the power on."""
    tr = translator(lang)
    pdf.running_header = tr.gettext("Africa 1880 · blank order sheet")
    pdf.add_page()
    _title(pdf, lang)
    pdf.set_x(pdf.l_margin)
    pdf.label(tr.gettext("Power"), 25, 11, bold=True)
    if power is None:
        pdf.blank(70)
    else:
        pdf.label(power_name(power, lang), 72, 11, bold=True)
    pdf.label(tr.gettext("Year"), 15, 11, bold=True)
    pdf.blank(30)
    pdf.newline()
    pdf.heading(tr.gettext("Presences: one order each (nothing ticked: hold)"))
    for _ in range(BLANK_PRESENCES):
        pdf.set_x(pdf.l_margin)
        pdf.blank(44)
        pdf.box(tr.gettext("hold"))
        pdf.box(tr.gettext("develop"))
        pdf.box(tr.gettext("explore toward"))
        pdf.blank(38)
        pdf.newline(LINE + 1)
    pdf.heading(tr.gettext("Landing: at most one, on an empty coastal territory"))
    pdf.set_x(pdf.l_margin)
    pdf.box(tr.gettext("no landing"))
    pdf.label(tr.gettext("land in"), 20)
    pdf.blank(60)
    pdf.newline()
    pdf.heading(tr.gettext("Relations: a relation not ticked counts as alliance"))
    for _ in range(BLANK_RELATIONS):
        pdf.set_x(pdf.l_margin)
        pdf.blank(44)
        pdf.box(tr.gettext("alliance"))
        pdf.box(tr.gettext("war"))
        pdf.newline(LINE + 1)
