"""How the reveal draws an Africa 1880 step: the board's drawing (the bundled map's, or the one a
traced board carries; for a board without one,
the territories on an ellipse), presences as discs, removals crossed out, colonies starred, pins
as small squares, the step's territories in yellow with a red outline."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ipycanvas import hold_canvas  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.geometry import Geometry, load_geometry
from tabletop.games.africa1880.palette import letter_colour, power_colour, power_letters
from tabletop.games.africa1880.powers import POWER_ORDER, power_name
from tabletop.i18n import translator
from tabletop.ui.africa1880.map.layout import MapModel, TerritoryView
from tabletop.ui.reveal.steps import MapMarks, RevealStep
from tabletop.ui.shell.html import esc

#: The largest map, in pixels: sized for a 1920 x 1080 screen beside the text panel.
MAP_WIDTH, MAP_HEIGHT = 1000, 960


class AfricaMap:
    """Where each territory is drawn: the board's drawing scaled to the canvas, or, for a board
    without one, the territories' names on an ellipse."""

    def __init__(self, board: Board, geometry: Geometry | None = None) -> None:
        self.board = board
        geometry = geometry if geometry is not None else load_geometry(board)
        self.geometry = geometry
        self.height = MAP_HEIGHT
        if geometry is not None:
            # Any coordinate box (a traced board's is its photo's pixels) fits the largest map.
            self.scale = min(MAP_WIDTH / geometry.width, MAP_HEIGHT / geometry.height)
            self.width = math.ceil(geometry.width * self.scale)
            self.height = min(MAP_HEIGHT, math.ceil(geometry.height * self.scale))
            self.labels = {name: self.point(*geometry.labels[name]) for name in geometry.labels}
        else:
            self.scale = 1.0
            self.width = MAP_WIDTH
            names = sorted(board.names)
            self.labels = {
                name: (
                    MAP_WIDTH / 2 + 0.42 * MAP_WIDTH * math.cos(2 * math.pi * i / len(names)),
                    MAP_HEIGHT / 2 + 0.42 * MAP_HEIGHT * math.sin(2 * math.pi * i / len(names)),
                )
                for i, name in enumerate(names)
            }

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, y * self.scale

    def draw(self, canvas: Any, step: RevealStep, lang: str) -> None:
        """Draw ``step`` (everything redrawn from it, so a page that reconnects shows the same)."""
        _draw(canvas, self, step, lang)

    def map_model(self, step: RevealStep, lang: str) -> MapModel:
        """What :meth:`draw` shows for ``step`` as the shared map's model, for the map as text
        (:class:`~tabletop.ui.africa1880.map.text_view.MapTextView`): the presences standing,
        those crossed out as removed, the pins, the colonies, titled by the step."""
        return _model(self, step, lang)

    def legend(self, steps: Sequence[RevealStep], lang: str) -> str:
        """HTML: the powers' colours and what the marks mean."""
        return _legend(steps, lang)

    def rings(self, name: str) -> list[list[tuple[float, float]]]:
        if self.geometry is None:
            return []
        return [[self.point(x, y) for x, y in ring] for ring in self.geometry.polygons[name]]


def _occupancy(marks: MapMarks) -> dict[str, list[str]]:
    """The powers drawn in each territory (crossed out or not), in the powers' order."""
    occupancy: dict[str, list[str]] = {}
    for power in sorted(marks.presences, key=lambda p: POWER_ORDER.get(p, 99)):
        for territory in marks.presences[power]:
            occupancy.setdefault(territory, []).append(power)
    return occupancy


def _model(layout: AfricaMap, step: RevealStep, lang: str) -> MapModel:
    marks = step.marks
    assert isinstance(marks, MapMarks)
    board = layout.board
    occupancy = _occupancy(marks)
    views = {}
    for name in board.names:
        territory = board.territories[name]
        drawn = occupancy.get(name, [])
        # A crossed-out disc is a presence removed (or not to place): not one standing there.
        crossed = tuple(p for p in drawn if (p, name) in marks.removed)
        display = board.display_name(name, lang)
        views[name] = TerritoryView(
            name=name,
            label=display,
            polygons=tuple(tuple(ring) for ring in layout.rings(name)),
            anchor=layout.labels[name],
            coastal=bool(territory.coastal),
            spaces=int(territory.spaces),
            pins=int(marks.development.get(name, 0)),
            colony=name in marks.colonies,
            presences=tuple(p for p in drawn if p not in crossed),
            removed=crossed,
            neighbours=tuple(territory.neighbours),
            display_name=display,
            highlighted=name in marks.highlight,
        )
    return MapModel(
        width=layout.width,
        height=layout.height,
        territories=views,
        powers=tuple(sorted(marks.presences, key=lambda p: POWER_ORDER.get(p, 99))),
        fallback=layout.geometry is None,
        title=step.title,
        lang=lang,
    )


def _draw(canvas: Any, layout: AfricaMap, step: RevealStep, lang: str) -> None:
    """Draw the map as ``step`` shows it (everything redrawn from the step, so a page that
    reconnects shows the same)."""
    marks = step.marks
    assert isinstance(marks, MapMarks)
    board = layout.board
    occupancy = _occupancy(marks)
    with hold_canvas():
        canvas.clear()
        canvas.fill_style = "#cfe3f2"
        canvas.fill_rect(0, 0, layout.width, layout.height)
        for name in board.names:
            highlighted = name in marks.highlight
            if name in marks.colonies:
                fill = "#e9d7a8"
            else:
                fill = "#f6efdf"
            if highlighted:
                fill = "#ffd84d"
            canvas.fill_style = fill
            canvas.stroke_style = "#7a6a50"
            canvas.line_width = 1.5
            rings = layout.rings(name)
            for ring in rings:
                canvas.fill_polygon(ring)
                canvas.stroke_polygon(ring)
            if not rings:  # a board without drawing: a box around the name
                x, y = layout.labels[name]
                canvas.fill_rect(x - 60, y - 28, 120, 56)
                canvas.stroke_rect(x - 60, y - 28, 120, 56)
        for name in board.names:
            if name in marks.highlight:
                canvas.stroke_style = "#c62828"
                canvas.line_width = 6
                for ring in layout.rings(name):
                    canvas.stroke_polygon(ring)
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        for name in board.names:
            x, y = layout.labels[name]
            big = name in marks.highlight
            canvas.font = f"{'bold ' if big else ''}{22 if big else 14}px sans-serif"
            canvas.fill_style = "#222"
            label = board.display_name(name, lang)
            if name in marks.colonies:
                label = "★ " + label
            canvas.fill_text(label, x, y - 17)
            pins, spaces = marks.development.get(name, 0), board.territories[name].spaces
            canvas.font = "13px sans-serif"
            canvas.fill_style = "#555"
            canvas.fill_text("■" * pins + "□" * max(0, spaces - pins), x, y + 26)
            _pieces(canvas, occupancy.get(name, []), name, x, y, big, marks)


def _pieces(
    canvas: Any, powers: Sequence[str], name: str, x: float, y: float, big: bool, marks: MapMarks
) -> None:
    """The powers' discs in one territory, each with its letters; a removed one crossed."""
    r = 12 if big else 9
    start = x - (len(powers) - 1) * (r * 2 + 3) / 2
    for i, power in enumerate(powers):
        cx, cy = start + i * (r * 2 + 3), y + 4
        canvas.fill_style = power_colour(power)
        canvas.fill_circle(cx, cy, r)
        canvas.stroke_style = "#fff"
        canvas.line_width = 1.5
        canvas.stroke_circle(cx, cy, r)
        # The letters too: colour is never the only cue.
        canvas.fill_style = letter_colour(power)
        canvas.font = f"bold {r}px sans-serif"
        canvas.fill_text(power_letters(power), cx, cy + 0.5)
        if (power, name) in marks.removed:
            # Black on a white halo: it reads on every power's colour, red ones too.
            for colour, width in (("#ffffff", 7), ("#000000", 3.5)):
                canvas.stroke_style = colour
                canvas.line_width = width
                canvas.stroke_line(cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3)
                canvas.stroke_line(cx - r - 3, cy + r + 3, cx + r + 3, cy - r - 3)


def _legend(steps: Sequence[RevealStep], lang: str) -> str:
    """The powers' colours (the map's discs) and what the marks mean."""
    tr = translator(lang)
    powers = sorted(
        {p for step in steps if isinstance(step.marks, MapMarks) for p in step.marks.presences},
        key=lambda p: POWER_ORDER.get(p, 99),
    )
    items = "".join(
        f'<span class="tt-reveal-power"><span class="tt-reveal-dot" '
        f'style="background:{power_colour(p)}"></span>'
        f"{esc(power_name(p, lang))}</span>"
        for p in powers
    )
    marks = esc(tr.gettext("✕ removed · ★ colony · ■ pin · □ free space"))
    return f"<div>{items}</div><div>{marks}</div>"
