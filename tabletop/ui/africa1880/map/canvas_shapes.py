"""The board in canvas pixels, and what placing its marks depends on.

:func:`board_shapes` scales a board's drawing to the canvas (:func:`drawing_frame`: a drawing
whose land reaches the legend's corner is drawn beside it; a board without a drawing gets a
circle of octagons); :func:`placement_inputs` gathers what the placement of the labels, spaces
and discs depends on, :func:`layout_key` fingerprints it (the shipped file's key) and
:func:`compute_placements` places them (about a second of CPU for the default board).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.games.africa1880.board_draft import inside_ring
from tabletop.ui.africa1880.map.placement import Box, Placement, place_all

Point = tuple[float, float]

LEGEND_W = 190.0
LEGEND_LINE = 20.0
# The canvas width: the page shows it 1:1 where there is room (a laptop), names at 11 px or more.
MAP_WIDTH = 740


def legend_box(height: float, powers: int = 6) -> Box:
    """Where the legend goes (bottom left, in the Atlantic), sized for ``powers`` powers."""
    box_h = 28 + LEGEND_LINE * (powers + 6)
    return Box(8.0, height - box_h - 8, LEGEND_W, box_h)


def title_box() -> Box:
    """Where the map's title goes (top left)."""
    return Box(0.0, 0.0, 260.0, 30.0)


# What placing a board's marks depends on: the shapes by name, the labels, the development
# spaces and the canvas size.
PlacementInputs = tuple[
    tuple[tuple[str, tuple[tuple[Point, ...], ...]], ...],
    tuple[str, ...],
    tuple[int, ...],
    int,
    int,
]


def compute_placements(inputs: PlacementInputs) -> dict[str, Placement]:
    """The placements of ``inputs``, computed (about a second of CPU for the default board)."""
    shapes, labels, spaces, width, height = inputs
    names = [name for name, _ in shapes]
    return place_all(
        dict(shapes),
        dict(zip(names, labels, strict=True)),
        dict(zip(names, spaces, strict=True)),
        width,
        height,
        reserved=_reserved(height),
    )


def _reserved(height: int) -> tuple[Box, ...]:
    return (legend_box(height), title_box())


def layout_key(inputs: PlacementInputs) -> str:
    """A fingerprint of everything a placement depends on (the shipped file's key)."""
    shapes, labels, spaces, width, height = inputs
    reserved = [(b.x, b.y, b.w, b.h) for b in _reserved(height)]
    text = json.dumps([shapes, labels, spaces, width, height, reserved], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _centroid(poly: Sequence[Point]) -> Point:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def circle_layout(names: Sequence[str], width: float, height: float) -> dict[str, Point]:
    """Positions of ``names`` evenly spread on a circle (fallback for boards without a drawing)."""
    cx, cy = width / 2, height / 2
    radius = min(width, height) / 2 - 70
    count = max(len(names), 1)
    return {
        name: (
            cx + radius * math.cos(2 * math.pi * i / count - math.pi / 2),
            cy + radius * math.sin(2 * math.pi * i / count - math.pi / 2),
        )
        for i, name in enumerate(names)
    }


def board_shapes(
    board: Any, geometry: Any | None, size: int
) -> tuple[
    int,
    int,
    dict[str, tuple[tuple[Point, ...], ...]],
    dict[str, Point],
    tuple[Point, ...],
    tuple[tuple[Point, Point], ...],
]:
    """The board's shapes in canvas pixels: (width, height, shapes, label points, outline,
    edges); a board without a drawing gets a circle of octagons joined by its borders."""
    names = tuple(board.names)
    outline: tuple[Point, ...] = ()
    edges: list[tuple[Point, Point]] = []
    shapes: dict[str, tuple[tuple[Point, ...], ...]] = {}
    anchors: dict[str, Point] = {}
    if geometry is None:
        width = height = size
        centres = circle_layout(names, width, height)
        node_r = max(14.0, min(34.0, math.pi * (size / 2 - 70) / max(len(names), 1) * 0.8))
        for name, (x, y) in centres.items():
            shapes[name] = (
                tuple(
                    (x + node_r * math.cos(k * math.pi / 4), y + node_r * math.sin(k * math.pi / 4))
                    for k in range(8)
                ),
            )
            anchors[name] = (x, y - 6)
        for name in names:
            for other in board[name].neighbours:
                if name < other and other in centres:
                    edges.append((centres[name], centres[other]))
    else:
        scale, (left, top), width, height = drawing_frame(geometry, size)

        def sc(p: Sequence[float]) -> Point:
            return (left + float(p[0]) * scale, top + float(p[1]) * scale)

        outline = tuple(sc(p) for p in geometry.outline)
        for name in names:
            polys = geometry.polygons.get(name, ())
            shapes[name] = tuple(tuple(sc(p) for p in poly) for poly in polys)
            label = geometry.labels.get(name)
            if label is not None:
                anchors[name] = sc(label)
            elif shapes[name]:
                anchors[name] = _centroid(shapes[name][0])
            else:
                anchors[name] = (width / 2, height / 2)

    return int(width), int(height), shapes, anchors, outline, tuple(edges)


def drawing_frame(geometry: Any, size: int) -> tuple[float, Point, int, int]:
    """How a drawing goes on a canvas ``size`` pixels wide: (scale, (left, top) offset, canvas
    width, canvas height).

    The page gives the map a width; the drawing may be as tall as its shape needs. A drawing
    that leaves the legend's corner free (the bundled map: it sits in the Atlantic) fills the
    width. One whose land reaches it (a photographed board fills its frame) is drawn between a
    strip for the title above and one for the legend below, so neither covers a territory (the
    strips are sea: callouts go there too).
    """
    box_w, box_h = max(float(geometry.width), 1.0), max(float(geometry.height), 1.0)
    scale = size / box_w
    height = int(round(box_h * scale))
    legend = legend_box(height)
    rings = [ring for rings in geometry.polygons.values() for ring in rings]
    if not any(_ring_meets_box(ring, legend, scale) for ring in rings):
        return scale, (0.0, 0.0), size, height
    left, top = 8.0, title_box().h + 6.0
    scale = max(size - 2 * left, 1.0) / box_w
    height = int(round(top + box_h * scale + 8.0 + legend_box(0).h + 16.0))
    return scale, (left, top), size, height


def _ring_meets_box(ring: Sequence[Sequence[float]], box: Box, scale: float) -> bool:
    """Whether the ring (drawing units, drawn at ``scale``) covers any part of ``box``."""
    xs = [float(p[0]) * scale for p in ring]
    ys = [float(p[1]) * scale for p in ring]
    x1, y1 = box.x + box.w, box.y + box.h
    if max(xs) < box.x or min(xs) > x1 or max(ys) < box.y or min(ys) > y1:
        return False
    if any(box.x <= x <= x1 and box.y <= y <= y1 for x, y in zip(xs, ys, strict=True)):
        return True
    scaled = list(zip(xs, ys, strict=True))
    if any(inside_ring(cx, cy, scaled) for cx, cy in box.corners()):
        return True
    corners = box.corners()
    edges = [(*corners[k], *corners[(k + 1) % 4]) for k in range(4)]
    count = len(scaled)
    return any(
        _segments_cross(scaled[i], scaled[(i + 1) % count], (ax, ay), (bx, by))
        for i in range(count)
        for ax, ay, bx, by in edges
    )


def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    def side(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = side(q1, q2, p1), side(q1, q2, p2)
    d3, d4 = side(p1, p2, q1), side(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def placement_inputs(board: Any, geometry: Any | None, size: int = MAP_WIDTH) -> PlacementInputs:
    """What the placement of ``board``'s marks depends on (see :func:`inputs_of`)."""
    width, height, shapes, _anchors, _outline, _edges = board_shapes(board, geometry, size)
    return inputs_of(board, shapes, width, height)


def inputs_of(
    board: Any, shapes: Mapping[str, tuple[tuple[Point, ...], ...]], width: int, height: int
) -> PlacementInputs:
    """What placing ``board``'s marks depends on, from its shapes in canvas pixels."""
    names = tuple(board.names)
    return (
        tuple((name, shapes.get(name, ())) for name in names),
        names,  # the labels: the names as the board spells them
        tuple(int(board[name].spaces) for name in names),
        int(width),
        int(height),
    )
