"""The board on paper, as the order sheets print it: the board's drawing (the bundled map's, or
the one a traced board carries) scaled to a page, each territory under its name in the sheet's
language with its presences (the powers' short names) and its development (■ pin, □ free space).

A name is printed as large as its territory allows (down to a small size that stays legible);
a name still too wide for its territory is split over two lines. Pure drawing on an fpdf2
document: no game logic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.geometry import Geometry, Point
from tabletop.games.africa1880.powers import power_name
from tabletop.games.africa1880.state import GameState
from tabletop.i18n import translator
from tabletop.printing.pdf import FAMILY, SheetPDF

__all__ = ["MapFrame", "draw_board_map", "map_page", "power_short_name"]

#: Largest and smallest type of a territory's name (points).
NAME_PT = (8.0, 4.5)
LAND = (243, 233, 207)
COLONY = (232, 215, 168)
BORDER = (122, 106, 79)
SEA = (221, 234, 244)
_PT = 0.3528  # mm per point


@dataclass(frozen=True)
class MapFrame:
    """Where a drawing goes on the page: its scale (mm per drawing unit) and top-left corner."""

    scale: float
    x: float
    y: float

    def at(self, point: Sequence[float]) -> Point:
        """A drawing point in page millimetres."""
        return (self.x + float(point[0]) * self.scale, self.y + float(point[1]) * self.scale)


def frame_for(geometry: Geometry, x: float, y: float, w: float, h: float) -> MapFrame:
    """The largest frame showing the whole drawing in the box (x, y, w, h), centred across."""
    scale = min(w / geometry.width, h / geometry.height)
    return MapFrame(scale, x + (w - geometry.width * scale) / 2, y)


def power_short_name(power: str, lang: str) -> str:
    """Three letters of the power's name in ``lang`` (distinct for the six powers in en/fr/de)."""
    return power_name(power, lang)[:3]


def _width_at(rings: Sequence[Sequence[Point]], label: Point) -> float:
    """How wide the territory is along the label's line (its widest ring's crossing there)."""
    best = 0.0
    y = label[1]
    for ring in rings:
        crossings = []
        for i, (x1, y1) in enumerate(ring):
            x2, y2 = ring[(i + 1) % len(ring)]
            if (y1 > y) != (y2 > y):
                crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        crossings.sort()
        for a, b in zip(crossings[::2], crossings[1::2], strict=False):
            if a <= label[0] <= b:
                best = max(best, b - a)
    if best == 0.0:  # a label outside its outline: the outline's own width
        xs = [p[0] for ring in rings for p in ring]
        best = max(xs) - min(xs) if xs else 0.0
    return best


def _name_lines(pdf: SheetPDF, name: str, room: float) -> tuple[list[str], float]:
    """The name's lines and type size: the largest size at which it fits ``room`` mm, on one
    line, else on two (split at the space nearest the middle), else the smallest size."""
    halves: list[list[str]] = [[name]]
    words = name.split()
    if len(words) > 1:
        cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(name) / 2))
        halves.append([" ".join(words[:cut]), " ".join(words[cut:])])
    size = NAME_PT[0]
    while size >= NAME_PT[1]:
        pdf.set_font(FAMILY, "B", size)
        for lines in halves:
            if max(pdf.get_string_width(line) for line in lines) <= room:
                return lines, size
        size -= 0.5
    return halves[-1], NAME_PT[1]


def draw_board_map(
    pdf: SheetPDF,
    board: Board,
    geometry: Geometry,
    state: GameState,
    frame: MapFrame,
    lang: str,
) -> None:
    """Draw ``state`` on ``board``'s drawing in ``frame``: outlines, names, presences, pins."""
    rings: Mapping[str, list[list[Point]]] = {
        name: [[frame.at(p) for p in ring] for ring in geometry.polygons.get(name, ())]
        for name in board.names
    }
    pdf.set_draw_color(*BORDER)
    pdf.set_line_width(0.25)
    for name in board.names:
        pdf.set_fill_color(*(COLONY if name in state.colonies else LAND))
        for ring in rings[name]:
            pdf.polygon(ring, style="DF")
    pdf.set_text_color(30)
    for name in board.names:
        label = geometry.labels.get(name)
        if label is None or not rings[name]:
            continue
        _territory_text(pdf, board, state, name, frame.at(label), rings[name], lang)
    pdf.set_text_color(0)


def _territory_text(
    pdf: SheetPDF,
    board: Board,
    state: GameState,
    name: str,
    at: Point,
    rings: Sequence[Sequence[Point]],
    lang: str,
) -> None:
    room = max(_width_at(rings, at) - 1.0, 4.0)
    shown = board.display_name(name, lang)
    if name in state.colonies:
        shown = "★ " + shown
    lines, size = _name_lines(pdf, shown, room)
    height = size * _PT * 1.15
    present = [power_short_name(p, lang) for p in state.powers if name in state.presences[p]]
    pins = int(state.development.get(name, 0))
    marks = "■" * pins + "□" * max(0, board[name].spaces - pins)
    extra = [" ".join(present), marks] if present else [marks]
    small = max(NAME_PT[1], size - 1.5)
    total = height * len(lines) + small * _PT * 1.15 * len(extra)
    y = at[1] - total / 2 + size * _PT
    pdf.set_font(FAMILY, "B", size)
    for line in lines:
        pdf.text(at[0] - pdf.get_string_width(line) / 2, y, line)
        y += height
    pdf.set_font(FAMILY, "", small)
    for line in extra:
        pdf.text(at[0] - pdf.get_string_width(line) / 2, y, line)
        y += small * _PT * 1.15


def map_page(pdf: SheetPDF, board: Board, geometry: Geometry, state: GameState, lang: str) -> None:
    """A page holding the board in ``state``'s year: a title, a key, and the map filling the
    rest of the page."""
    tr = translator(lang)
    pdf.running_header = tr.gettext("Africa 1880 · the board in {year}", year=state.year)
    pdf.add_page()
    pdf.text_line(
        tr.gettext("{board} in {year}", board=board.name, year=state.year), 15, bold=True, height=8
    )
    key = ", ".join(f"{power_short_name(p, lang)} = {power_name(p, lang)}" for p in state.powers)
    pdf.text_line(key + " · " + tr.gettext("■ pin · □ free space · ★ colony"), 8.5, height=4.5)
    pdf.ln(2)
    top = pdf.get_y()
    frame = frame_for(geometry, pdf.l_margin, top, pdf.epw, pdf.h - pdf.b_margin - top)
    pdf.set_fill_color(*SEA)
    pdf.rect(
        frame.x, frame.y, geometry.width * frame.scale, geometry.height * frame.scale, style="F"
    )
    draw_board_map(pdf, board, geometry, state, frame, lang)
