"""The Africa 1880 map: a pure drawing function and a canvas widget around it.

``build_map_model`` turns a board, its drawing geometry (or none), a game state and the changes
of a round into a ``MapModel`` of plain data in canvas coordinates. ``draw(canvas, model)``
paints that model on an ipycanvas ``MultiCanvas`` (layer 0: map, 1: pieces, 2: highlights and
legend, 3 when present: hover); it holds no game logic, so tests call it with any canvas-like
object. ``AfricaMapView`` redraws from the model when a browser connects (ipycanvas draws
nothing sent before the page is ready) and shows a territory's details on hover or click.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from tabletop.ui.i18n import power_name, t

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

POWER_COLOURS: dict[str, str] = {
    "Belgium": "#e6b800",
    "France": "#1f5fbf",
    "Germany": "#3a3a3a",
    "Great Britain": "#c62828",
    # Reddish purple, far from the green "new" ring and from France's blue, also for
    # colour-blind eyes (a colour of the Okabe-Ito palette).
    "Italy": "#cc79a7",
    "Netherlands": "#ef6c00",
}
# Light colours carry black letters (white on them would be faint).
LIGHT_POWERS = frozenset({"Belgium", "Italy"})
POWER_LETTERS: dict[str, str] = {
    "Belgium": "BE",
    "France": "FR",
    "Germany": "DE",
    "Great Britain": "GB",
    "Italy": "IT",
    "Netherlands": "NL",
}
SEA = "#cfe3f2"
LAND = "#f3e9cf"
BORDER = "#7a6a4f"
COLONY_FILL = "#e8d7a8"
REMOVED = "#ff1744"
NEW = "#00c853"
PIN = "#5d4037"
PIN_ADDED = "#00c853"
SELECT = "#ff00aa"
DISC_R = 9.0
SQUARE = 8.0
GAP = 3.0
LEGEND_W = 190.0
LABEL_SIZES = (11, 10, 9)  # px, the smallest still readable on the dashboard
MIN_LABEL = 8  # px, only for a short label that fits nowhere else
STAR_W = 16.0
# Letters in DejaVu Sans Bold (the browser's sans-serif here), as a fraction of the font size.
_NARROW = set("ijl.,:;'!|I")
_SLIM = set("frt -()")
_WIDE = set("mwMW")


def power_colour(power: str) -> str:
    """A power's colour (grey for a power outside the six)."""
    return POWER_COLOURS.get(power, "#777777")


def power_letters(power: str) -> str:
    """A short tag drawn on a power's presence disc."""
    return POWER_LETTERS.get(power, power[:2].upper())


@dataclass(frozen=True)
class Changes:
    """What a round changed, for highlighting: (power, territory) pairs and pins per territory."""

    removed: frozenset[tuple[str, str]] = frozenset()
    new: frozenset[tuple[str, str]] = frozenset()
    pins_added: Mapping[str, int] = field(default_factory=dict)
    colonies: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Placement:
    """Where a territory's name, development spaces and discs are drawn, in canvas pixels."""

    text: str
    font_px: int
    label_at: Point  # centre of the text
    squares: tuple[Point, ...]  # top-left corners of the development spaces
    discs: tuple[Point, ...]  # centres: presences first, then presences removed this round
    star_at: Point | None = None
    boxes: tuple[Box, ...] = ()  # one box per drawn row, all inside the territory when it fits
    fits: bool = True
    callout: Box | None = None  # a box in the sea holding it all, when the territory is too small
    leader: tuple[Point, Point] | None = None  # from the territory's label point to the box


@dataclass(frozen=True)
class TerritoryView:
    """One territory as drawn: shape in canvas coordinates and what stands on it."""

    name: str
    label: str
    polygons: tuple[tuple[Point, ...], ...]
    anchor: Point
    coastal: bool
    spaces: int
    pins: int
    colony: bool
    presences: tuple[str, ...]
    removed: tuple[str, ...] = ()
    new: tuple[str, ...] = ()
    pins_added: int = 0
    new_colony: bool = False
    neighbours: tuple[str, ...] = ()
    placement: Placement | None = None


@dataclass(frozen=True)
class MapModel:
    """Everything ``draw`` needs, in canvas pixels."""

    width: int
    height: int
    territories: Mapping[str, TerritoryView]
    powers: tuple[str, ...]
    outline: tuple[Point, ...] = ()
    edges: tuple[tuple[Point, Point], ...] = ()
    fallback: bool = False
    title: str = ""
    lang: str = "en"

    def territory_at(self, x: float, y: float) -> str | None:
        """The territory under canvas point (x, y), if any (its box in the sea counts too)."""
        for view in self.territories.values():
            box = view.placement.callout if view.placement is not None else None
            if box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                return view.name
        for view in self.territories.values():
            if any(_inside(x, y, poly) for poly in view.polygons):
                return view.name
        return None


def _inside(x: float, y: float, poly: Sequence[Point]) -> bool:
    """Ray casting point-in-polygon test."""
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                inside = not inside
    return inside


def _centroid(poly: Sequence[Point]) -> Point:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def text_width(text: str, px: float) -> float:
    """Estimated width of ``text`` in bold sans-serif at ``px`` pixels (a little generous)."""
    units = 0.0
    for ch in text:
        if ch in _NARROW:
            units += 0.38
        elif ch in _SLIM:
            units += 0.5
        elif ch in _WIDE:
            units += 1.05
        elif ch.isupper():
            units += 0.8
        else:
            units += 0.7
    return units * px


def short_labels(name: str) -> list[str]:
    """Shorter forms of a territory's name, longest first: 'Ivory C.', 'I.C.'; 'Dahom.', 'Dah.'."""
    words = name.split()
    if len(words) > 1:
        rest = "".join(w[0] + "." for w in words[1:])
        return [words[0] + " " + rest, "".join(w[0] + "." for w in words)]
    return [name[:k] + "." for k in range(len(name) - 2, 2, -1)]


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def box_inside(box: Box, poly: Sequence[Point]) -> bool:
    """Whether the whole box lies inside the polygon (corners inside, no border crossing it)."""
    x0, y0, x1, y1 = box
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    if not all(_inside(x, y, poly) for x, y in corners):
        return False
    sides = [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if x0 < p[0] < x1 and y0 < p[1] < y1:
            return False
        if any(_segments_cross(p, q, a, b) for a, b in sides):
            return False
    return True


def _rows(
    text: str, px: int, spaces: int, per_square_row: int, discs: int, per_disc_row: int, star: bool
) -> list[tuple[str, float, float, int]]:
    """Rows of the block from top to bottom: (kind, width, height, items in the row)."""
    rows: list[tuple[str, float, float, int]] = []
    if per_square_row == 0:  # compact: the name above one row of spaces then discs
        label_w = text_width(text, px) + (STAR_W if star else 0.0)
        sq_w = spaces * (SQUARE + GAP) - GAP if spaces else 0.0
        disc_w = discs * (2 * DISC_R + GAP) - GAP + 2 if discs else 0.0
        both = 5.0 if spaces and discs else 0.0
        row_h = 2 * DISC_R + 2 if discs else SQUARE
        rows.append(("label", label_w, px + 2.0, 0))
        if spaces or discs:
            rows.append(("mixed", sq_w + both + disc_w, row_h, spaces))
        return rows
    left = spaces
    while left > 0:
        k = min(per_square_row, left)
        rows.append(("squares", k * (SQUARE + GAP) - GAP, SQUARE, k))
        left -= k
    label_w = text_width(text, px) + (STAR_W if star else 0.0)
    rows.append(("label", label_w, px + 2.0, 0))
    left = discs
    while left > 0:
        k = min(per_disc_row, left)
        rows.append(("discs", k * (2 * DISC_R + GAP) - GAP + 2, 2 * DISC_R + 2, k))
        left -= k
    return rows


def _stack(
    rows: list[tuple[str, float, float, int]], cx: float, cy: float, text: str, px: int, star: bool
) -> Placement:
    """The rows stacked and centred on (cx, cy)."""
    gaps = [GAP if rows[i][0] == rows[i + 1][0] else 5.0 for i in range(len(rows) - 1)]
    height = sum(r[2] for r in rows) + sum(gaps)
    y = cy - height / 2
    squares: list[Point] = []
    discs: list[Point] = []
    boxes: list[Box] = []
    label_at = (cx, cy)
    star_at = None
    for i, (kind, w, h, k) in enumerate(rows):
        x = cx - w / 2
        boxes.append((x, y, x + w, y + h))
        if kind == "squares":
            squares += [(x + j * (SQUARE + GAP), y) for j in range(k)]
        elif kind == "mixed":
            squares += [(x + j * (SQUARE + GAP), y + (h - SQUARE) / 2) for j in range(k)]
            x += k * (SQUARE + GAP) - GAP + 5.0 if k else 0.0
            count = round((x + w - (x - (cx - w / 2)) - x + GAP - 2) / (2 * DISC_R + GAP))
            discs += [(x + 1 + DISC_R + j * (2 * DISC_R + GAP), y + h / 2) for j in range(count)]
        elif kind == "discs":
            discs += [(x + 1 + DISC_R + j * (2 * DISC_R + GAP), y + h / 2) for j in range(k)]
        else:
            text_w = text_width(text, px)
            label_at = (x + text_w / 2, y + h / 2)
            if star:
                star_at = (x + text_w + STAR_W / 2 + 1, y + h / 2)
        y += h + (gaps[i] if i < len(gaps) else 0.0)
    return Placement(text, px, label_at, tuple(squares), tuple(discs), star_at, tuple(boxes))


# Moves tried around the label point, nearest first (pixels).
_OFFSETS = sorted(
    ((dx, dy) for dx in range(-48, 49, 3) for dy in range(-48, 49, 3)),
    key=lambda d: (d[0] * d[0] + d[1] * d[1], d),
)


def place_territory(
    name: str,
    polygons: Sequence[Sequence[Point]],
    anchor: Point,
    spaces: int,
    discs: int,
    colony: bool,
    taken: frozenset[str] = frozenset(),
) -> Placement:
    """Fit the name, the spaces and the discs inside the territory's polygon.

    Tried in order: the full name at 11, 10 then 9 px, then shorter forms of the name (not one
    of ``taken``) at 9 then 8 px; for each, the spaces and discs in one row, then wrapped into a
    narrower grid; the block may move up to 48 px from the label point. Every row must lie
    inside the polygon with a 2 px margin. When nothing fits, the old layout around the label
    point is returned with ``fits=False``.
    """
    texts = [(name, px) for px in LABEL_SIZES]
    shorts = [x for x in short_labels(name) if x not in taken]
    texts += [(x, px) for px in (LABEL_SIZES[-1], MIN_LABEL) for x in shorts]
    polys = [p for p in polygons if len(p) >= 3]
    if polys:
        poly = max(polys, key=lambda p: _box_of(p)[2] - _box_of(p)[0])
        px0, py0, px1, py1 = _box_of(poly)
        for text, px in texts:
            for per_sq in [*range(max(spaces, 1), 0, -1), 0]:
                for per_disc in range(min(max(discs, 1), 3), 0, -1):
                    rows = _rows(text, px, spaces, per_sq, discs, per_disc, colony)
                    found = _search(rows, anchor, poly, (px0, py0, px1, py1), text, px, colony)
                    if found is not None:
                        return found
    rows = _rows(name, LABEL_SIZES[0], spaces, max(spaces, 1), discs, 3, colony)
    return replace(_stack(rows, anchor[0], anchor[1], name, LABEL_SIZES[0], colony), fits=False)


def _box_of(poly: Sequence[Point]) -> Box:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _search(
    rows: list[tuple[str, float, float, int]],
    anchor: Point,
    poly: Sequence[Point],
    bounds: Box,
    text: str,
    px: int,
    colony: bool,
) -> Placement | None:
    margin = 2.0
    width = max(r[1] for r in rows)
    if width + 2 * margin > bounds[2] - bounds[0]:
        return None
    base = _stack(rows, 0.0, 0.0, text, px, colony)
    top = min(b[1] for b in base.boxes)
    bottom = max(b[3] for b in base.boxes)
    if bottom - top + 2 * margin > bounds[3] - bounds[1]:
        return None
    for dx, dy in _OFFSETS:
        cx, cy = anchor[0] + dx, anchor[1] + dy
        if not (
            bounds[0] <= cx - width / 2 - margin
            and cx + width / 2 + margin <= bounds[2]
            and bounds[1] <= cy + top - margin
            and cy + bottom + margin <= bounds[3]
        ):
            continue
        if all(
            box_inside(
                (x0 + cx - margin, y0 + cy - margin, x1 + cx + margin, y1 + cy + margin), poly
            )
            for x0, y0, x1, y1 in base.boxes
        ):
            return _stack(rows, cx, cy, text, px, colony)
    return None


def box_clear(box: Box, poly: Sequence[Point]) -> bool:
    """Whether the box and the polygon do not meet at all."""
    x0, y0, x1, y1 = box
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    if any(_inside(x, y, poly) for x, y in corners):
        return False
    sides = [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
            return False
        if any(_segments_cross(p, q, a, b) for a, b in sides):
            return False
    return True


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_callout(
    name: str,
    anchor: Point,
    spaces: int,
    discs: int,
    colony: bool,
    land: Sequence[Sequence[Point]],
    taken: Sequence[Box],
    width: float,
    height: float,
) -> Placement | None:
    """The name, spaces and discs in a box in the sea, joined to ``anchor`` by a leader line.

    The nearest spot (up to 260 px away) where the box meets no land polygon, none of the
    ``taken`` boxes and stays on the canvas; None when there is no such spot.
    """
    px = LABEL_SIZES[1]
    rows = _rows(name, px, spaces, max(spaces, 1), discs, 3, colony)
    base = _stack(rows, 0.0, 0.0, name, px, colony)
    pad = 4.0
    bx0 = min(b[0] for b in base.boxes) - pad
    by0 = min(b[1] for b in base.boxes) - pad
    bx1 = max(b[2] for b in base.boxes) + pad
    by1 = max(b[3] for b in base.boxes) + pad
    for radius in range(24, 261, 6):
        steps = max(12, radius // 4)
        for k in range(steps):
            angle = 2 * math.pi * k / steps + math.pi / 2  # start below: the coasts face the sea
            cx = anchor[0] + radius * math.cos(angle)
            cy = anchor[1] + radius * math.sin(angle)
            box = (cx + bx0, cy + by0, cx + bx1, cy + by1)
            if box[0] < 2 or box[1] < 2 or box[2] > width - 2 or box[3] > height - 2:
                continue
            if any(_boxes_meet(box, other) for other in taken):
                continue
            if not all(box_clear(box, poly) for poly in land):
                continue
            placed = _stack(rows, cx, cy, name, px, colony)
            end = (min(max(anchor[0], box[0]), box[2]), min(max(anchor[1], box[1]), box[3]))
            return replace(placed, callout=box, leader=(anchor, end))
    return None


def legend_box(height: float, powers: int) -> Box:
    """Where the legend is drawn (bottom left)."""
    box_h = 28 + 20.0 * (powers + 6)
    return (8.0, height - box_h - 8, 8.0 + LEGEND_W, height - 8)


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


def build_map_model(
    board: Any,
    geometry: Any | None,
    state: Any,
    changes: Changes | None = None,
    lang: str = "en",
    size: int = 760,
    title: str = "",
) -> MapModel:
    """The drawable model of ``state`` on ``board`` with ``changes`` highlighted.

    ``board``, ``geometry`` and ``state`` follow the rules core's API (``Board``, ``Geometry`` or
    None, ``GameState``); only their public attributes are read.
    """
    changes = changes or Changes()
    names = tuple(board.names)
    fallback = geometry is None
    outline: tuple[Point, ...] = ()
    edges: list[tuple[Point, Point]] = []
    shapes: dict[str, tuple[tuple[Point, ...], ...]] = {}
    anchors: dict[str, Point] = {}
    if fallback:
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
        scale = size / max(float(geometry.height), 1.0)
        width = int(round(float(geometry.width) * scale))
        height = size

        def sc(p: Sequence[float]) -> Point:
            return (float(p[0]) * scale, float(p[1]) * scale)

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

    removed: dict[str, list[str]] = {}
    for power, territory in changes.removed:
        removed.setdefault(territory, []).append(power)
    new: dict[str, list[str]] = {}
    for power, territory in changes.new:
        new.setdefault(territory, []).append(power)

    views = {}
    taken = set(names)
    for name in names:
        terr = board[name]
        present = tuple(p for p in state.powers if name in state.presences.get(p, ()))
        placement = None
        if not fallback:
            placement = place_territory(
                name,
                shapes.get(name, ()),
                anchors[name],
                int(terr.spaces),
                len(present) + len(removed.get(name, ())),
                name in state.colonies,
                frozenset(taken - {name}),
            )
            taken.add(placement.text)
        views[name] = TerritoryView(
            name=name,
            label=name,
            polygons=shapes.get(name, ()),
            anchor=anchors[name],
            coastal=bool(terr.coastal),
            spaces=int(terr.spaces),
            pins=int(state.development.get(name, 0)),
            colony=name in state.colonies,
            presences=present,
            removed=tuple(sorted(removed.get(name, ()))),
            new=tuple(sorted(new.get(name, ()))),
            pins_added=int(changes.pins_added.get(name, 0)),
            new_colony=name in changes.colonies,
            neighbours=tuple(terr.neighbours),
            placement=placement,
        )
    if not fallback:
        views = _callouts(views, outline, float(width), float(height), len(state.powers), title)
    return MapModel(
        width=int(width),
        height=int(height),
        territories=views,
        powers=tuple(state.powers),
        outline=outline,
        edges=tuple(edges),
        fallback=fallback,
        title=title,
        lang=lang,
    )


def _callouts(
    views: dict[str, TerritoryView],
    outline: Sequence[Point],
    width: float,
    height: float,
    powers: int,
    title: str,
) -> dict[str, TerritoryView]:
    """Territories whose pieces fit nowhere inside get a box in the sea with a leader line."""
    land = [poly for view in views.values() for poly in view.polygons]
    if outline:
        land.append(outline)
    taken: list[Box] = [legend_box(height, powers)]
    if title:
        taken.append((0.0, 0.0, 20 + text_width(title, 16), 30.0))
    out = dict(views)
    for name, view in views.items():
        if view.placement is None or view.placement.fits:
            continue
        placed = place_callout(
            name,
            view.anchor,
            view.spaces,
            len(view.presences) + len(view.removed),
            view.colony,
            land,
            taken,
            width,
            height,
        )
        if placed is not None:
            taken.append(placed.callout)  # type: ignore[arg-type]
            out[name] = replace(view, placement=placed)
    return out


def _layers(canvas: Any) -> list[Any]:
    """The drawing layers of a MultiCanvas (or the single canvas used for every layer)."""
    try:
        count = len(canvas._canvases)
    except (AttributeError, TypeError):
        return [canvas, canvas, canvas, canvas]
    layers = [canvas[i] for i in range(count)]
    while len(layers) < 4:
        layers.append(layers[-1])
    return layers


def _piece_slots(view: TerritoryView) -> list[tuple[str, Point, str]]:
    """Disc positions: (power, centre, kind) with kind present/removed."""
    pieces = [(p, "present") for p in view.presences] + [(p, "removed") for p in view.removed]
    if view.placement is not None and len(view.placement.discs) == len(pieces):
        return [(p, xy, kind) for (p, kind), xy in zip(pieces, view.placement.discs, strict=True)]
    count = len(pieces)
    x0, y0 = view.anchor
    per_row = 3
    slots = []
    for i, (power, kind) in enumerate(pieces):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x = x0 + (col - (in_row - 1) / 2) * (2 * DISC_R + 3)
        y = y0 + 16 + row * (2 * DISC_R + 3)
        slots.append((power, (x, y), kind))
    return slots


def _square_slots(view: TerritoryView) -> list[Point]:
    """Top-left corners of the development spaces (a row above the label without a placement)."""
    if view.placement is not None and len(view.placement.squares) == view.spaces:
        return list(view.placement.squares)
    x0, y0 = view.anchor
    gap = SQUARE + 3
    start = x0 - (view.spaces * gap - 3) / 2
    return [(start + i * gap, y0 - 24) for i in range(view.spaces)]


def draw(canvas: Any, model: MapModel) -> None:
    """Paint ``model`` on ``canvas`` (a MultiCanvas with 3 or 4 layers, or one Canvas).

    Layer 0 holds the sea, the outline and the territories; layer 1 the pieces; layer 2 this
    round's changes and the legend; layer 3 (if any) is left to the hover highlight.
    """
    layers = _layers(canvas)
    base, pieces, marks = layers[0], layers[1], layers[2]
    with hold_canvas():
        for layer in {id(x): x for x in layers[:4]}.values():
            layer.clear()
        _draw_base(base, model)
        _draw_pieces(pieces, model)
        _draw_marks(marks, model)
        _draw_legend(marks, model)


def _draw_base(c: Any, model: MapModel) -> None:
    c.fill_style = SEA
    c.fill_rect(0, 0, model.width, model.height)
    if model.outline:
        c.fill_style = "#e9dcb8"
        c.fill_polygon(list(model.outline))
    c.line_width = 1.5
    c.stroke_style = "#9fb8c9"
    for a, b in model.edges:
        c.stroke_line(a[0], a[1], b[0], b[1])
    for view in model.territories.values():
        for poly in view.polygons:
            c.fill_style = COLONY_FILL if view.colony else LAND
            c.fill_polygon(list(poly))
            if view.colony:
                _hatch(c, poly)
            c.stroke_style = BORDER
            c.line_width = 1.2
            c.stroke_polygon(list(poly))
    if model.outline:
        c.stroke_style = "#4e3b22"
        c.line_width = 2.5
        c.stroke_polygon(list(model.outline))
    for view in model.territories.values():
        placement = view.placement
        if placement is None or placement.callout is None or placement.leader is None:
            continue
        (ax, ay), (ex, ey) = placement.leader
        c.stroke_style = "#37474f"
        c.line_width = 1.2
        c.stroke_line(ax, ay, ex, ey)
        c.fill_style = "#37474f"
        c.fill_circle(ax, ay, 2.5)
        x0, y0, x1, y1 = placement.callout
        c.fill_style = LAND
        c.fill_rect(x0, y0, x1 - x0, y1 - y0)
        c.stroke_style = BORDER
        c.line_width = 1.2
        c.stroke_rect(x0, y0, x1 - x0, y1 - y0)
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_style = "#222222"
    font = ""
    for view in model.territories.values():
        # The placement shrinks or shortens the names of narrow territories so they fit.
        text, px, (x, y) = view.label, 11, (view.anchor[0], view.anchor[1] - 8)
        if view.placement is not None:
            text, px, (x, y) = view.placement.text, view.placement.font_px, view.placement.label_at
        wanted = f"bold {px}px sans-serif"
        if wanted != font:
            c.font = font = wanted
        c.fill_text(text, x, y)
    if model.title:
        c.font = "bold 16px sans-serif"
        c.text_align = "left"
        c.fill_style = "#263238"
        c.fill_text(model.title, 10, 16)


def _hatch(c: Any, poly: Sequence[Point]) -> None:
    """Diagonal hatching clipped to the polygon: a colony."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    c.save()
    c.begin_path()
    c.move_to(*poly[0])
    for p in poly[1:]:
        c.line_to(*p)
    c.close_path()
    c.clip()
    c.stroke_style = "#a1887f"
    c.line_width = 1.0
    span = (max(xs) - min(xs)) + (max(ys) - min(ys))
    step = 7.0
    k = 0.0
    while k <= span:
        c.stroke_line(min(xs) + k, min(ys), min(xs) + k - (max(ys) - min(ys)), max(ys))
        k += step
    c.restore()


def _disc(c: Any, power: str, x: float, y: float) -> None:
    c.fill_style = power_colour(power)
    c.fill_circle(x, y, DISC_R)
    c.stroke_style = "#ffffff"
    c.line_width = 1.5
    c.stroke_circle(x, y, DISC_R)
    c.fill_style = "#000000" if power in LIGHT_POWERS else "#ffffff"
    c.font = "bold 9px sans-serif"
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_text(power_letters(power), x, y + 0.5)


def _draw_pieces(c: Any, model: MapModel) -> None:
    for view in model.territories.values():
        for i, (x, y) in enumerate(_square_slots(view)):
            if i < view.pins:
                c.fill_style = PIN
                c.fill_rect(x, y, SQUARE, SQUARE)
            else:
                c.fill_style = "#ffffff"
                c.fill_rect(x, y, SQUARE, SQUARE)
                c.stroke_style = PIN
                c.line_width = 1.0
                c.stroke_rect(x, y, SQUARE, SQUARE)
        for power, (x, y), kind in _piece_slots(view):
            if kind == "present":
                _disc(c, power, x, y)
            else:  # removed this round: a faded disc under the red cross
                c.global_alpha = 0.35
                _disc(c, power, x, y)
                c.global_alpha = 1.0
        if view.colony:
            x, y = view.anchor
            x, y = x + 7 * len(view.label) / 2 + 10, y - 8
            if view.placement is not None and view.placement.star_at is not None:
                x, y = view.placement.star_at
            c.font = "bold 16px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            c.fill_style = "#b8860b"
            c.fill_text("★", x, y)


def _draw_marks(c: Any, model: MapModel) -> None:
    for view in model.territories.values():
        for power, (x, y), kind in _piece_slots(view):
            if kind == "removed":
                _cross(c, x, y)
            elif power in view.new:
                _ring(c, x, y)
        slots = _square_slots(view)
        first_added = max(0, view.pins - view.pins_added)
        for i in range(first_added, min(view.pins, len(slots))):
            x, y = slots[i]
            c.stroke_style = PIN_ADDED
            c.line_width = 3.0
            c.stroke_rect(x - 2, y - 2, SQUARE + 4, SQUARE + 4)
        if view.new_colony:
            for poly in view.polygons:
                c.stroke_style = "#b8860b"
                c.line_width = 4.0
                c.stroke_polygon(list(poly))


def _cross(c: Any, x: float, y: float) -> None:
    r = DISC_R + 1
    c.line_width = 5.0
    c.stroke_style = "#ffffff"
    c.stroke_line(x - r, y - r, x + r, y + r)
    c.stroke_line(x - r, y + r, x + r, y - r)
    c.line_width = 3.0
    c.stroke_style = REMOVED
    c.stroke_line(x - r, y - r, x + r, y + r)
    c.stroke_line(x - r, y + r, x + r, y - r)


def _ring(c: Any, x: float, y: float) -> None:
    c.line_width = 3.0
    c.stroke_style = NEW
    c.stroke_circle(x, y, DISC_R + 3.5)


def legend_entries(model: MapModel) -> list[tuple[str, str]]:
    """(kind, text) lines of the legend, in the model's language."""
    lang = model.lang
    entries = [("power:" + p, power_name(p, lang)) for p in model.powers]
    entries += [
        ("pin", t("legend_pin", lang)),
        ("space", t("legend_space", lang)),
        ("colony", t("legend_colony", lang)),
        ("removed", t("legend_removed", lang)),
        ("new", t("legend_new", lang)),
        ("pins_added", t("legend_pins_added", lang)),
    ]
    return entries


def _draw_legend(c: Any, model: MapModel) -> None:
    entries = legend_entries(model)
    line = 20.0
    x0, y0, _, y1 = legend_box(model.height, len(model.powers))
    box_h = y1 - y0
    c.global_alpha = 0.9
    c.fill_style = "#ffffff"
    c.fill_rect(x0, y0, LEGEND_W, box_h)
    c.global_alpha = 1.0
    c.stroke_style = "#555555"
    c.line_width = 1.0
    c.stroke_rect(x0, y0, LEGEND_W, box_h)
    c.font = "bold 13px sans-serif"
    c.text_align = "left"
    c.text_baseline = "middle"
    c.fill_style = "#222222"
    c.fill_text(t("legend", model.lang), x0 + 8, y0 + 13)
    for i, (kind, text) in enumerate(entries):
        y = y0 + 30 + i * line
        x = x0 + 18
        if kind.startswith("power:"):
            _disc(c, kind[6:], x, y)
        elif kind == "pin":
            c.fill_style = PIN
            c.fill_rect(x - 4, y - 4, SQUARE, SQUARE)
        elif kind == "space":
            c.fill_style = "#ffffff"
            c.fill_rect(x - 4, y - 4, SQUARE, SQUARE)
            c.stroke_style = PIN
            c.line_width = 1.0
            c.stroke_rect(x - 4, y - 4, SQUARE, SQUARE)
        elif kind == "colony":
            c.font = "bold 16px sans-serif"
            c.text_align = "center"
            c.fill_style = "#b8860b"
            c.fill_text("★", x, y)
        elif kind == "removed":
            _cross(c, x, y)
        elif kind == "new":
            _disc(c, model.powers[0] if model.powers else "", x, y)
            _ring(c, x, y)
        elif kind == "pins_added":
            c.fill_style = PIN
            c.fill_rect(x - 4, y - 4, SQUARE, SQUARE)
            c.stroke_style = PIN_ADDED
            c.line_width = 3.0
            c.stroke_rect(x - 6, y - 6, SQUARE + 4, SQUARE + 4)
        c.font = "13px sans-serif"
        c.text_align = "left"
        c.fill_style = "#222222"
        c.fill_text(text, x + 16, y)


def draw_hover(canvas: Any, model: MapModel, name: str | None) -> None:
    """Outline territory ``name`` on the top layer (clears it when ``name`` is None)."""
    layer = _layers(canvas)[3]
    with hold_canvas():
        layer.clear()
        if name is None or name not in model.territories:
            return
        layer.stroke_style = SELECT
        layer.line_width = 3.0
        for poly in model.territories[name].polygons:
            layer.stroke_polygon(list(poly))


def describe(model: MapModel, name: str) -> str:
    """One line of details about territory ``name`` in the model's language."""
    view = model.territories[name]
    lang = model.lang
    presences = ", ".join(power_name(p, lang) for p in view.presences) or t("none", lang)
    text = t(
        "details",
        lang,
        territory=view.label,
        coast=t("coastal" if view.coastal else "inland", lang),
        pins=view.pins,
        spaces=view.spaces,
        presences=presences,
        colony=t("is_colony", lang) if view.colony else "",
    )
    return text + "; " + t("neighbours", lang, names=", ".join(view.neighbours))


class AfricaMapView(widgets.VBox):
    """The map canvas with a details line; redraws from its model whenever a page connects."""

    def __init__(self, model: MapModel | None = None) -> None:
        self.canvas = MultiCanvas(4, width=model.width if model else 760, height=760)
        self.canvas.add_class("tt-map")
        self.canvas.layout.width = "100%"
        self.canvas.layout.max_width = f"{model.width if model else 760}px"
        self.details = widgets.HTML()
        self.details.add_class("tt-map-details")
        self.note = widgets.HTML()
        self.model: MapModel | None = None
        self.hovered: str | None = None
        self.draw_count = 0
        # Commands sent before a page shows the canvas are lost (e.g. while Voila executes the
        # notebook), so drawing waits for the first page to say it is ready.
        self.client_ready = False
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_move(self._on_move)
        self.canvas.on_mouse_down(self._on_click)
        super().__init__([self.note, self.canvas, self.details])
        self.add_class("tt-map-view")
        if model is not None:
            self.set_model(model)

    def set_model(self, model: MapModel) -> None:
        """Show ``model`` (drawn at once if a page is connected, else when one connects)."""
        self.model = model
        if (self.canvas.width, self.canvas.height) != (model.width, model.height):
            self.canvas.width = model.width
            self.canvas.height = model.height
            self.canvas.layout.max_width = f"{model.width}px"
        self.note.value = (
            f'<span class="tt-msg-warn">{t("no_geometry", model.lang)}</span>'
            if model.fallback
            else ""
        )
        self.details.value = t("map_details_hint", model.lang)
        self.hovered = None
        self._redraw()

    def _on_client_ready(self) -> None:
        self.client_ready = True
        self._redraw()

    def _redraw(self) -> None:
        if self.model is None or not self.client_ready:
            return
        draw(self.canvas, self.model)
        self.draw_count += 1

    def show_details(self, name: str | None) -> None:
        """Highlight territory ``name`` and describe it (None clears)."""
        if self.model is None or name == self.hovered:
            return
        self.hovered = name
        if self.client_ready:
            draw_hover(self.canvas, self.model, name)
        self.details.value = (
            describe(self.model, name) if name else t("map_details_hint", self.model.lang)
        )

    def _on_move(self, x: float, y: float) -> None:
        if self.model is not None:
            name = self.model.territory_at(x, y)
            if name is not None:
                self.show_details(name)

    def _on_click(self, x: float, y: float) -> None:
        if self.model is not None:
            self.show_details(self.model.territory_at(x, y))


def changes_from_report(report: Any) -> Changes:
    """Highlights of a round from the core's report (dict entries or attribute objects)."""
    if report is None:
        return Changes()

    def get(entry: Any, key: str) -> Any:
        return entry[key] if isinstance(entry, Mapping) else getattr(entry, key)

    def items(name: str) -> Iterable[Any]:
        return getattr(report, name, None) or ()

    return Changes(
        removed=frozenset((get(e, "power"), get(e, "territory")) for e in items("removals")),
        new=frozenset((get(e, "power"), get(e, "territory")) for e in items("new_presences")),
        pins_added={get(e, "territory"): int(get(e, "added")) for e in items("development")},
        colonies=frozenset(get(e, "territory") for e in items("colonies")),
    )
