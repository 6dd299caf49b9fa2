"""What the editor's map shows, as plain drawing instructions (:func:`build_scene`), and drawing
them on a canvas layer (:func:`draw_scene`).

A tap is answered by building the scene again from the draft and redrawing the layer over the
photo: the scene is all the map knows, so a page that reconnects is drawn the same way.
Coordinates in a scene are the canvas's pixels: the drawing's (the photo's) times ``scale``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tabletop.games.africa1880.board_draft import BoardDraft, DraftTerritory

__all__ = [
    "MAX_CANVAS_SIDE",
    "Mode",
    "Scaler",
    "Scene",
    "Shape",
    "build_scene",
    "canvas_size",
    "draw_scene",
]

#: The canvas's longer side, in pixels (the photo is shown at this size at most).
MAX_CANVAS_SIDE = 900

# Light colours telling territories apart; the text over them stays dark.
PALETTE = (
    "#ef9a9a", "#90caf9", "#a5d6a7", "#ffe082", "#ce93d8", "#80cbc4",
    "#ffab91", "#b0bec5", "#c5e1a5", "#f48fb1", "#9fa8da", "#e6ee9c",
)  # fmt: skip
SELECTED = "#d50000"
LINKED = "#2e7d32"
FOCUS = "#1565c0"
MUTED = "#cfd8dc"
EDGE = "#37474f"
PENDING = "#ff6f00"


class Mode(str, Enum):
    """What a tap on the map does."""

    SELECT = "select"
    MERGE = "merge"
    SPLIT = "split"
    DRAW = "draw"
    LINKS = "links"
    BRIDGE = "bridge"

    def __str__(self) -> str:
        return str(self.value)


Ring = NDArray[np.float64]
Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """One territory as drawn: its rings in canvas pixels, colours and label."""

    tid: int
    rings: tuple[Ring, ...]
    fill: str
    alpha: float
    stroke: str
    width: float
    label: str
    at: Point


@dataclass(frozen=True)
class Scene:
    """The whole map: territories, border lines to show, the points of a cut or an outline
    being placed."""

    width: int
    height: int
    shapes: tuple[Shape, ...]
    #: Lines between two labels: (from, to, dashed) — land bridges are dashed.
    lines: tuple[tuple[Point, Point, bool], ...]
    pending: tuple[Point, ...]


def canvas_size(width: float, height: float) -> tuple[int, int, float]:
    """The canvas's width, height and the scale from the drawing's pixels to it."""
    scale = min(1.0, MAX_CANVAS_SIDE / max(width, height, 1.0))
    return max(1, round(width * scale)), max(1, round(height * scale)), scale


class Scaler:
    """Territories' rings in canvas pixels, computed once per outline (a draft's territories are
    immutable: an unchanged territory is the same object from one state to the next)."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[DraftTerritory, float, tuple[Ring, ...]]] = {}

    def rings(self, tid: int, territory: DraftTerritory, scale: float) -> tuple[Ring, ...]:
        cached = self._cache.get(tid)
        if cached is not None and cached[0] is territory and cached[1] == scale:
            return cached[2]
        rings = tuple(np.asarray(ring, dtype=np.float64) * scale for ring in territory.rings)
        self._cache[tid] = (territory, scale, rings)
        return rings


def _colours(
    tid: int, draft: BoardDraft, mode: Mode, selected: int, linked: frozenset[int]
) -> tuple[str, float, str, float]:
    """fill, alpha, stroke, line width of territory ``tid``."""
    named = bool(draft.state.territories[tid].name)
    fill, alpha = PALETTE[tid % len(PALETTE)], 0.55 if named else 0.3
    if mode in (Mode.LINKS, Mode.BRIDGE) and selected:
        if tid == selected:
            fill, alpha = FOCUS, 0.6
        elif tid in linked:
            fill, alpha = LINKED, 0.55
        else:
            fill, alpha = MUTED, 0.35
    if tid == selected:
        return fill, alpha, SELECTED, 4.0
    return fill, alpha, EDGE, 1.0


def build_scene(
    draft: BoardDraft,
    scale: float,
    *,
    mode: Mode = Mode.SELECT,
    selected: int = 0,
    pending: tuple[Point, ...] = (),
    scaler: Scaler | None = None,
    lang: str = "en",
) -> Scene:
    """The map of ``draft`` as the editor shows it in ``mode`` with ``selected`` chosen."""
    scaler = scaler or Scaler()
    state = draft.state
    linked = draft.neighbours(selected) if selected in state.territories else frozenset()
    shapes = []
    for number, tid in enumerate(draft.ids(), start=1):
        territory = state.territories[tid]
        if not territory.rings:
            continue
        fill, alpha, stroke, width = _colours(tid, draft, mode, selected, linked)
        label = territory.name or f"?{number}"
        at = (territory.label[0] * scale, territory.label[1] * scale)
        rings = scaler.rings(tid, territory, scale)
        shapes.append(Shape(tid, rings, fill, alpha, stroke, width, label, at))
    if selected in state.territories and mode in (Mode.LINKS, Mode.BRIDGE):
        pairs = [(selected, other) for other in sorted(linked)]
    else:
        pairs = sorted(state.bridges)
    lines = []
    for a, b in pairs:
        first, second = state.territories[a], state.territories[b]
        if first.rings and second.rings:
            start = (first.label[0] * scale, first.label[1] * scale)
            end = (second.label[0] * scale, second.label[1] * scale)
            lines.append((start, end, draft.is_bridge(a, b)))
    width, height, _ = canvas_size(state.width, state.height)
    return Scene(
        width=width,
        height=height,
        shapes=tuple(shapes),
        lines=tuple(lines),
        pending=tuple((x * scale, y * scale) for x, y in pending),
    )


def draw_scene(layer: Any, scene: Scene) -> None:
    """Draw ``scene`` on the canvas ``layer`` (cleared first); call inside ``hold_canvas()``."""
    layer.clear()
    for shape in scene.shapes:
        layer.global_alpha = shape.alpha
        layer.fill_style = shape.fill
        for ring in shape.rings:
            layer.fill_polygon(ring)
        layer.global_alpha = 1.0
        layer.stroke_style = shape.stroke
        layer.line_width = shape.width
        for ring in shape.rings:
            layer.stroke_polygon(ring)
    layer.line_width = 3.0
    for start, end, dashed in scene.lines:
        layer.stroke_style = FOCUS if dashed else LINKED
        layer.set_line_dash([8, 6] if dashed else [])
        layer.stroke_line(start[0], start[1], end[0], end[1])
    layer.set_line_dash([])
    layer.font = "bold 13px sans-serif"
    layer.text_align = "center"
    layer.text_baseline = "middle"
    layer.line_width = 3.0
    layer.stroke_style = "#ffffff"
    layer.fill_style = "#111111"
    for shape in scene.shapes:
        layer.stroke_text(shape.label, shape.at[0], shape.at[1])
        layer.fill_text(shape.label, shape.at[0], shape.at[1])
    if scene.pending:
        layer.fill_style = PENDING
        layer.stroke_style = PENDING
        layer.line_width = 2.0
        for (x1, y1), (x2, y2) in zip(scene.pending, scene.pending[1:], strict=False):
            layer.stroke_line(x1, y1, x2, y2)
        for x, y in scene.pending:
            layer.fill_circle(x, y, 5)
