"""The print-and-play kit of Africa 1880: one PDF to play without a copy of the game.

In this order: a cover page (what is inside, what to do), the map as a poster cut into sheets
(an assembly page, then one page per sheet with crop marks and glue bands: :mod:`~tabletop.
printing.kit_poster`), the counters (:mod:`~tabletop.printing.kit_counters`), a blank order
sheet for each power and the rules on one page (:mod:`~tabletop.printing.kit_rules`). A board
with no drawing gets no poster: the cover says so and lists its territories instead.

The powers' colours and letters are passed in (``inks``): they belong to the palette the pages
use; without them the counters are printed in black on white with the power's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.geometry import Geometry, Point
from tabletop.games.africa1880.palette import POWER_COLOURS, power_colour, power_letters
from tabletop.games.africa1880.powers import POWERS, power_name
from tabletop.i18n import check_lang, translator
from tabletop.printing.kit_counters import Block, Counter, Piece, counter_pages
from tabletop.printing.kit_poster import (
    MARGIN,
    OVERLAP,
    SPACE,
    Card,
    Measure,
    Poster,
    Tile,
    Tiling,
    layout_poster,
    poster_scale,
    tile_poster,
)
from tabletop.printing.kit_rules import rules_page
from tabletop.printing.order_sheets import blank_order_page
from tabletop.printing.paper import FPDF_PAPER, PAPERS
from tabletop.printing.pdf import FAMILY, SheetPDF

__all__ = ["KitPlan", "PowerInk", "kit_pdf", "kit_plan", "palette_inks"]

COUNTER_MARGIN = 12.0  # mm around the counter sheets
SEA = (207, 227, 242)
LAND = (246, 238, 216)
BORDER = (122, 106, 79)
COAST = (46, 94, 140)
GLUE = (150, 150, 150)


@dataclass(frozen=True)
class PowerInk:
    """How a power's pieces are printed: its colour (``#rrggbb``) and its letters."""

    colour: str
    letters: str


def palette_inks() -> dict[str, PowerInk]:
    """Every power's colour and letters from the palette the pages use."""
    return {p: PowerInk(power_colour(p), power_letters(p)) for p in POWER_COLOURS}


@dataclass(frozen=True)
class KitPlan:
    """What the kit holds before it is drawn: the poster and its sheets (None without a
    drawing), the counter pages, and the page count."""

    poster: Poster | None
    tiling: Tiling | None
    counters: list[list[Block]]
    pages: int


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _dark(rgb: tuple[int, int, int]) -> bool:
    """Whether white letters read better than black ones on ``rgb``."""
    red, green, blue = rgb
    return 0.299 * red + 0.587 * green + 0.114 * blue < 150


def _measure(pdf: SheetPDF) -> Measure:
    def measure(text: str, size: float) -> float:
        pdf.set_font(FAMILY, "B", size)
        return float(pdf.get_string_width(text))

    return measure


def kit_plan(
    board: Board, geometry: Geometry | None, pdf: SheetPDF, paper: str, lang: str
) -> KitPlan:
    """Lay out the kit for ``paper`` (its sheets counted as they will be printed)."""
    poster = tiling = None
    if geometry is not None:
        scale = poster_scale(geometry)
        tiling = tile_poster(geometry.width * scale, geometry.height * scale, paper)
        seams = [band for tile in tiling.tiles for band in tiling.glue_bands(tile)]
        poster = layout_poster(geometry, board, lang, _measure(pdf), scale, seams)
    page_w, page_h = PAPERS[paper]
    counters = counter_pages(POWERS, page_w, page_h, COUNTER_MARGIN)
    poster_pages = 0 if tiling is None else 1 + len(tiling.tiles)
    pages = 1 + poster_pages + len(counters) + len(POWERS) + 1
    return KitPlan(poster, tiling, counters, pages)


def kit_pdf(
    board: Board,
    geometry: Geometry | None,
    paper: str = "a4",
    lang: str = "en",
    inks: Mapping[str, PowerInk] | None = None,
) -> bytes:
    """The kit's PDF (bytes) for ``board`` drawn by ``geometry`` (None: no poster); the
    counters in ``inks``, by default the powers' colours and letters of the one palette.

    Raises :class:`~tabletop.printing.fonts.FontMissing` when no font can be embedded and
    ``ValueError`` for a paper or language it does not know.
    """
    lang = str(check_lang(lang))
    if inks is None:
        inks = palette_inks()
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: one of {', '.join(PAPERS)}")
    tr = translator(lang)
    pdf = SheetPDF(tr.gettext("Africa 1880 · print-and-play kit"), lang, FPDF_PAPER[paper])
    plan = kit_plan(board, geometry, pdf, paper, lang)
    _cover(pdf, board, plan, lang)
    if plan.poster is not None and plan.tiling is not None:
        _assembly(pdf, plan.poster, plan.tiling, lang)
        for tile in plan.tiling.tiles:
            _tile_page(pdf, plan.poster, plan.tiling, tile, lang)
    for page in plan.counters:
        _counter_page(pdf, page, lang, inks)
    pdf.set_auto_page_break(True, margin=14)
    for power in POWERS:
        blank_order_page(pdf, lang, power)
    rules_page(pdf, lang)
    return pdf.bytes()


# --------------------------------------------------------------------------- cover


def _cover(pdf: SheetPDF, board: Board, plan: KitPlan, lang: str) -> None:
    tr = translator(lang)
    pdf.running_header = tr.gettext("Africa 1880 · print-and-play kit")
    pdf.add_page()
    pdf.text_line(tr.gettext("Africa 1880 — print-and-play kit"), 20, bold=True, height=11)
    pdf.text_line(
        tr.gettext(
            "Board: {name} ({count} territories, {spaces} development spaces)",
            name=board.name,
            count=len(board.names),
            spaces=board.total_spaces,
        ),
        11,
    )
    pdf.heading(tr.gettext("In this kit"))
    page = 2
    lines = []
    if plan.poster is not None and plan.tiling is not None:
        sheets = len(plan.tiling.tiles)
        lines.append(tr.gettext("Page {page}: how to put the map together", page=page))
        lines.append(
            tr.gettext(
                "Pages {first}–{last}: the map on {sheets} sheets, {width} × {height} cm "
                "once glued",
                first=page + 1,
                last=page + sheets,
                sheets=sheets,
                width=round(plan.tiling.width / 10),
                height=round(plan.tiling.height / 10),
            )
        )
        page += 1 + sheets
    count = len(plan.counters)
    lines.append(
        tr.gettext(
            "Pages {first}–{last}: counters (presences, development pins, colony markers, "
            "relation tokens)",
            first=page,
            last=page + count - 1,
        )
    )
    page += count
    lines.append(
        tr.gettext(
            "Pages {first}–{last}: a blank order sheet for each power (copy them for every round)",
            first=page,
            last=page + len(POWERS) - 1,
        )
    )
    page += len(POWERS)
    lines.append(tr.gettext("Page {page}: the rules on one page", page=page))
    pdf.set_font(FAMILY, "", 10.5)
    for line in lines:  # ranged left: a justified list item stretches its spaces
        pdf.set_x(pdf.l_margin)
        pdf.multi_cell(pdf.epw, 6, "• " + line, align="L", new_x="LMARGIN", new_y="NEXT")
    pdf.heading(tr.gettext("To play"))
    pdf.text_line(
        tr.gettext(
            "Print at actual size (100 %, not “fit to page”). Card or thick paper suits the "
            "counters. You need scissors, glue, and a pencil for the order sheets."
        ),
        10,
        height=5,
    )
    if plan.poster is None:
        _no_drawing(pdf, board, lang)


def _no_drawing(pdf: SheetPDF, board: Board, lang: str) -> None:
    tr = translator(lang)
    pdf.heading(tr.gettext("No map in this kit"))
    pdf.text_line(
        tr.gettext(
            "This board has no drawing, so the kit cannot print its map. Use your own board, "
            "or draw the territories below: their development spaces, coasts and neighbours."
        ),
        10,
        height=5,
    )
    pdf.ln(2)
    for territory in board.territories.values():
        neighbours = ", ".join(board.display_name(n, lang) for n in territory.neighbours)
        spaces = tr.ngettext("{n} space", "{n} spaces", territory.spaces)
        coast = tr.gettext("coastal") if territory.coastal else tr.gettext("inland")
        pdf.text_line(
            f"{territory.display_name(lang)} — {spaces}, {coast} — {neighbours}", 9, height=4.6
        )


# --------------------------------------------------------------------------- the map


def _draw_map(
    pdf: SheetPDF,
    poster: Poster,
    origin: tuple[float, float],
    zoom: float,
    window: tuple[float, float, float, float] | None = None,
) -> None:
    """The map at ``zoom`` page mm per poster mm, the poster's corner at ``origin``; with a
    ``window`` (poster mm), only what meets it, with the territories' cards."""
    ox, oy = origin

    def page(point: Point) -> Point:
        return ox + point[0] * zoom, oy + point[1] * zoom

    pdf.set_fill_color(*SEA)
    if window is None:
        pdf.rect(ox, oy, poster.width * zoom, poster.height * zoom, style="F")
    else:  # the sea runs on to the edge of every sheet
        sea_x, sea_y = page(window[:2])
        pdf.rect(sea_x, sea_y, window[2] * zoom, window[3] * zoom, style="F")
    shapes = [
        [page(p) for p in points]
        for rings in poster.geometry.polygons.values()
        for points in (poster.ring(ring) for ring in rings)
        if window is None or _meets(points, window)
    ]
    # The coast: a wide stroke around every territory, whose inner half the land then covers;
    # only the half lying on the sea stays (islands and traced boards included).
    pdf.set_draw_color(*COAST)
    pdf.set_line_width(1.6 * max(zoom, 0.25))
    for shape in shapes:
        pdf.polygon(shape, style="D")
    pdf.set_fill_color(*LAND)
    pdf.set_draw_color(*BORDER)
    pdf.set_line_width(0.35 * max(zoom, 0.4))
    for shape in shapes:
        pdf.polygon(shape, style="DF")
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)
    if window is None:
        return
    for card in poster.cards.values():
        corners = [(card.x, card.y), (card.x + card.w, card.y + card.h)]
        if card.leader is not None:
            corners.extend(card.leader)
        if _meets(corners, window):
            _draw_card(pdf, card, page)


def _meets(points: list[tuple[float, float]], window: tuple[float, float, float, float]) -> bool:
    x, y, w, h = window
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) <= x + w and max(xs) >= x and min(ys) <= y + h and max(ys) >= y


def _draw_card(pdf: SheetPDF, card: Card, to_page: Callable[[Point], Point]) -> None:
    """A territory's name and space circles (``to_page``: poster mm -> page mm)."""
    x, y = to_page((card.x, card.y))
    if card.leader is not None:
        pdf.set_draw_color(*BORDER)
        pdf.set_line_width(0.4)
        start, end = (to_page(p) for p in card.leader)
        pdf.line(*start, *end)
        pdf.circle(*end, 0.9, style="F")
        pdf.set_fill_color(255, 255, 255)
        pdf.rect(x, y, card.w, card.h, style="DF")
    pdf.set_font(FAMILY, "B", card.font)
    pdf.set_text_color(40, 30, 20)
    line_h = card.font * 25.4 / 72 * 1.15
    for i, line in enumerate(card.lines):
        width = pdf.get_string_width(line)
        pdf.text(x + (card.w - width) / 2, y + line_h * (i + 0.8), line)
    pdf.set_text_color(0)
    pdf.set_draw_color(*BORDER)
    pdf.set_fill_color(255, 255, 255)
    pdf.set_line_width(0.45)
    for centre in card.circles:
        cx, cy = to_page(centre)
        pdf.circle(cx, cy, SPACE / 2, style="DF")
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)


def _assembly(pdf: SheetPDF, poster: Poster, tiling: Tiling, lang: str) -> None:
    tr = translator(lang)
    pdf.running_header = tr.gettext("Africa 1880 · print-and-play kit · the map")
    pdf.add_page()
    pdf.text_line(tr.gettext("The map: putting it together"), 16, bold=True, height=9)
    pdf.text_line(
        tr.gettext(
            "Once glued, the map is {width} × {height} cm: {sheets} sheets, {rows} rows "
            "(A, B, …) of {cols} columns (1, 2, …).",
            width=round(tiling.width / 10),
            height=round(tiling.height / 10),
            sheets=len(tiling.tiles),
            rows=tiling.rows,
            cols=tiling.cols,
        ),
        10.5,
        height=5.5,
    )
    steps = [
        tr.gettext("Print the sheets at actual size (100 %)."),
        tr.gettext("Lay them out as in the plan below: row A at the top, column 1 on the left."),
        tr.gettext(
            "Cut off the top margin of each sheet not in row A, and the left margin of each "
            "sheet not in column 1, along the crop marks."
        ),
        tr.gettext(
            "Lay each sheet over the grey band ({band} mm) of the sheet above it or to its "
            "left, line up the drawing, and glue.",
            band=round(OVERLAP),
        ),
        tr.gettext(
            "Each territory shows its name and one circle per development space, for the "
            "pins; its presences and colony marker go around them."
        ),
    ]
    for number, step in enumerate(steps, 1):
        pdf.text_line(f"{number}. {step}", 10, height=5)
    top = pdf.get_y() + 4
    room_w, room_h = pdf.epw, pdf.h - 16 - top
    zoom = min(room_w / tiling.width, room_h / tiling.height)
    first = tiling.tiles[0]
    ox = pdf.l_margin + (room_w - tiling.width * zoom) / 2 - first.x * zoom
    top -= first.y * zoom
    pdf.set_fill_color(*SEA)  # the sheets' sea, past the map's own box
    pdf.rect(
        ox + first.x * zoom, top + first.y * zoom, tiling.width * zoom, tiling.height * zoom, "F"
    )
    _draw_map(pdf, poster, (ox, top), zoom)
    pdf.set_draw_color(200, 0, 0)
    pdf.set_line_width(0.3)
    for tile in tiling.tiles:
        x, y = ox + tile.x * zoom, top + tile.y * zoom
        pdf.rect(x, y, tile.w * zoom, tile.h * zoom)
        pdf.set_font(FAMILY, "B", 9)
        pdf.set_text_color(200, 0, 0)
        pdf.text(x + 1.5, y + 4, tile.name)
    pdf.set_text_color(0)
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)


def _tile_page(pdf: SheetPDF, poster: Poster, tiling: Tiling, tile: Tile, lang: str) -> None:
    tr = translator(lang)
    pdf.running_header = ""
    pdf.set_auto_page_break(False)
    pdf.add_page(orientation=tiling.orientation)
    window = (tile.x, tile.y, tile.w, tile.h)
    with pdf.rect_clip(MARGIN, MARGIN, tile.w, tile.h):
        _draw_map(pdf, poster, (MARGIN - tile.x, MARGIN - tile.y), 1.0, window)
        with pdf.local_context(fill_opacity=0.35):
            pdf.set_fill_color(*GLUE)
            for x, y, w, h in tiling.glue_bands(tile):
                pdf.rect(MARGIN + x - tile.x, MARGIN + y - tile.y, w, h, style="F")
    _crop_marks(pdf, tile)
    pdf.set_font(FAMILY, "B", 11)
    pdf.text(MARGIN + 10, MARGIN - 3, tile.name)
    pdf.set_font(FAMILY, "", 7.5)
    pdf.text(
        MARGIN + 22,
        MARGIN - 3,
        tr.gettext(
            "row {row}, column {col} — {rows} rows × {cols} columns; glue bands in grey",
            row=tile.name.rstrip("0123456789"),
            col=tile.col + 1,
            rows=tiling.rows,
            cols=tiling.cols,
        ),
    )


def _crop_marks(pdf: SheetPDF, tile: Tile) -> None:
    """Short lines in the margin at the window's corners, outside the drawing."""
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)
    for cx, sx in ((MARGIN, -1), (MARGIN + tile.w, 1)):
        for cy, sy in ((MARGIN, -1), (MARGIN + tile.h, 1)):
            pdf.line(cx + sx * 1.5, cy, cx + sx * 8, cy)
            pdf.line(cx, cy + sy * 1.5, cx, cy + sy * 8)


# --------------------------------------------------------------------------- counters


def _heading(block: Block, lang: str, inks: Mapping[str, PowerInk] | None) -> str:
    tr = translator(lang)
    if block.piece is Piece.PIN:
        return tr.ngettext("Development pins: {n}", "Development pins: {n}", block.count)
    if block.piece is Piece.COLONY:
        return tr.ngettext("Colony markers: {n}", "Colony markers: {n}", block.count)
    assert block.power is not None
    name = power_name(block.power, lang)
    letters = _letters(block.power, inks)
    if block.piece is Piece.PRESENCE:
        return tr.ngettext(
            "{power} ({letters}): {n} presence",
            "{power} ({letters}): {n} presences",
            block.count,
            power=name,
            letters=letters,
        )
    return tr.ngettext(
        "{power} ({letters}): {n} relation token — cut out, fold on the dashed line, glue",
        "{power} ({letters}): {n} relation tokens — cut out, fold on the dashed line, glue",
        block.count,
        power=name,
        letters=letters,
    )


def _letters(power: str, inks: Mapping[str, PowerInk] | None) -> str:
    if inks is not None and power in inks:
        return inks[power].letters
    return power


def _counter_page(
    pdf: SheetPDF, blocks: list[Block], lang: str, inks: Mapping[str, PowerInk] | None
) -> None:
    pdf.running_header = translator(lang).gettext("Africa 1880 · print-and-play kit · counters")
    pdf.set_auto_page_break(False)
    pdf.add_page(orientation="P")
    for block in blocks:
        pdf.set_font(FAMILY, "B", 8.5)
        pdf.text(COUNTER_MARGIN, block.y + 4.2, _heading(block, lang, inks))
        for counter in block.counters:
            _draw_counter(pdf, counter, lang, inks)


def _power_fill(power: str | None, inks: Mapping[str, PowerInk] | None) -> tuple[int, int, int]:
    if power is None or inks is None or power not in inks:
        return (255, 255, 255)
    return _rgb(inks[power].colour)


def _centred(pdf: SheetPDF, text: str, x: float, y: float, w: float, size: float) -> None:
    pdf.set_font(FAMILY, "B", size)
    while pdf.get_string_width(text) > w - 1 and size > 4:
        size -= 0.5
        pdf.set_font(FAMILY, "B", size)
    pdf.text(x + (w - pdf.get_string_width(text)) / 2, y, text)


def _draw_counter(
    pdf: SheetPDF, counter: Counter, lang: str, inks: Mapping[str, PowerInk] | None
) -> None:
    x, y, w, h = counter.x, counter.y, counter.w, counter.h
    pdf.set_line_width(0.2)
    pdf.set_draw_color(90)
    if counter.piece is Piece.PRESENCE:
        assert counter.power is not None
        fill = _power_fill(counter.power, inks)
        pdf.set_fill_color(*fill)
        pdf.rect(x, y, w, h, style="DF")
        pdf.set_text_color(*((255, 255, 255) if _dark(fill) else (0, 0, 0)))
        if inks is not None and counter.power in inks:
            _centred(pdf, inks[counter.power].letters, x, y + h / 2 + 1.5, w, 13)
            _centred(pdf, power_name(counter.power, lang), x, y + h - 1.8, w, 4.5)
        else:
            _centred(pdf, power_name(counter.power, lang), x, y + h / 2 + 1, w, 7)
        pdf.set_text_color(0)
    elif counter.piece is Piece.PIN:
        pdf.set_fill_color(225, 205, 170)
        pdf.rect(x, y, w, h, style="DF")
        pdf.set_fill_color(93, 64, 55)
        pdf.rect(x + w * 0.3, y + h * 0.3, w * 0.4, h * 0.4, style="F")
    elif counter.piece is Piece.COLONY:
        pdf.set_fill_color(232, 215, 168)
        pdf.rect(x, y, w, h, style="DF")
        pdf.set_fill_color(180, 130, 20)
        pdf.star(x + w / 2, y + h / 2, w * 0.16, w * 0.4, 5, rotate_degrees=-90, style="F")
    else:
        _draw_relation(pdf, counter, lang, inks)


def _draw_relation(
    pdf: SheetPDF, counter: Counter, lang: str, inks: Mapping[str, PowerInk] | None
) -> None:
    tr = translator(lang)
    x, y, w, h = counter.x, counter.y, counter.w, counter.h
    half = w / 2
    assert counter.power is not None and counter.other is not None
    owner = _letters(counter.power, inks) if inks else power_name(counter.power, lang)
    other = _letters(counter.other, inks) if inks else power_name(counter.other, lang)
    faces = ((tr.gettext("alliance"), (226, 242, 226)), (tr.gettext("war"), (248, 221, 221)))
    for index, (word, colour) in enumerate(faces):
        left = x + index * half
        pdf.set_fill_color(*colour)
        pdf.rect(left, y, half, h, style="F")
        pdf.set_fill_color(*_power_fill(counter.power, inks))
        pdf.rect(left + 2, y + 2, half - 4, 5.5, style="F")
        pdf.set_text_color(255 if _dark(_power_fill(counter.power, inks)) else 0)
        _centred(pdf, owner, left + 2, y + 6, half - 4, 8)
        pdf.set_text_color(0)
        _centred(pdf, word, left, y + 11, half, 7)
        _centred(pdf, "→ " + other, left, y + 14.6, half, 5.5)
    pdf.set_draw_color(90)
    pdf.rect(x, y, w, h)  # the cut line around the strip
    pdf.set_dash_pattern(dash=1.2, gap=1.0)
    pdf.line(x + half, y, x + half, y + h)  # fold here
    pdf.set_dash_pattern()
    pdf.set_draw_color(0)
