"""The map as plain data: ``build_map_model`` turns a board, its drawing geometry (or none), a
game state and the changes of a round into a ``MapModel`` in canvas coordinates.

The colours of the powers and marks live here too, so the drawing and the page agree on them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.ui.africa1880.map.placement import Box, Placement, place_all
from tabletop.ui.africa1880.map.shipped import read_shipped
from tabletop.ui.africa1880.texts import power_name, t

Point = tuple[float, float]

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
LEGEND_W = 190.0
# The canvas width: the page shows it 1:1 where there is room (a laptop), names at 11 px or more.
MAP_WIDTH = 740
LEGEND_LINE = 20.0


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
    # Where the label, spaces, discs and star go (inside the shape, or in a callout).
    place: Placement | None = None


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
        """The territory under canvas point (x, y) or whose callout is there, if any."""
        for view in self.territories.values():
            if any(_inside(x, y, poly) for poly in view.polygons):
                return view.name
        for view in self.territories.values():
            if view.place is not None and view.place.callout is not None:
                if view.place.callout.contains(x, y):
                    return view.name
        return None


def legend_box(height: float, powers: int = 6) -> Box:
    """Where the legend goes (bottom left, in the Atlantic), sized for ``powers`` powers."""
    box_h = 28 + LEGEND_LINE * (powers + 6)
    return Box(8.0, height - box_h - 8, LEGEND_W, box_h)


def title_box() -> Box:
    return Box(0.0, 0.0, 260.0, 30.0)


# The arguments of ``_placements``: the shapes by name, the labels, the development spaces and
# the canvas size.
PlacementInputs = tuple[
    tuple[tuple[str, tuple[tuple[Point, ...], ...]], ...],
    tuple[str, ...],
    tuple[int, ...],
    int,
    int,
]


@functools.lru_cache(maxsize=16)
def _placements(
    shapes: tuple[tuple[str, tuple[tuple[Point, ...], ...]], ...],
    labels: tuple[str, ...],
    spaces: tuple[int, ...],
    width: int,
    height: int,
) -> dict[str, Placement]:
    """Placements of a board's marks, computed once per shapes, names and canvas size; the
    default board's are read from the shipped file (no computing, no SciPy) when its inputs
    are the very ones the file was made from."""
    inputs = (shapes, labels, spaces, width, height)
    shipped = read_shipped(layout_key(inputs))
    if shipped is not None:
        return shipped
    return compute_placements(inputs)


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


def _drawing(
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
        # The page gives the map a width; the drawing may be as tall as its shape needs.
        scale = size / max(float(geometry.width), 1.0)
        width = size
        height = int(round(float(geometry.height) * scale))

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

    return int(width), int(height), shapes, anchors, outline, tuple(edges)


def placement_inputs(board: Any, geometry: Any | None, size: int = MAP_WIDTH) -> PlacementInputs:
    """What the placement of ``board``'s marks depends on (the arguments of ``_placements``)."""
    width, height, shapes, _anchors, _outline, _edges = _drawing(board, geometry, size)
    return _inputs(board, shapes, width, height)


def _inputs(
    board: Any, shapes: Mapping[str, tuple[tuple[Point, ...], ...]], width: int, height: int
) -> PlacementInputs:
    names = tuple(board.names)
    return (
        tuple((name, shapes.get(name, ())) for name in names),
        names,  # the labels: the names as the board spells them
        tuple(int(board[name].spaces) for name in names),
        int(width),
        int(height),
    )


def build_map_model(
    board: Any,
    geometry: Any | None,
    state: Any,
    changes: Changes | None = None,
    lang: str = "en",
    size: int = MAP_WIDTH,
    title: str = "",
) -> MapModel:
    """The drawable model of ``state`` on ``board`` with ``changes`` highlighted.

    ``size`` is the canvas width (a board without a drawing gets a ``size`` x ``size`` square).

    ``board``, ``geometry`` and ``state`` follow the rules core's API (``Board``, ``Geometry`` or
    None, ``GameState``); only their public attributes are read.
    """
    changes = changes or Changes()
    names = tuple(board.names)
    width, height, shapes, anchors, outline, edges = _drawing(board, geometry, size)
    fallback = geometry is None

    removed: dict[str, list[str]] = {}
    for power, territory in changes.removed:
        removed.setdefault(territory, []).append(power)
    new: dict[str, list[str]] = {}
    for power, territory in changes.new:
        new.setdefault(territory, []).append(power)

    inputs = _inputs(board, shapes, width, height)
    labels = inputs[1]
    placements = _placements(*inputs)
    views = {}
    for name, label in zip(names, labels, strict=True):
        terr = board[name]
        place = placements.get(name)
        present = tuple(p for p in state.powers if name in state.presences.get(p, ()))
        views[name] = TerritoryView(
            name=name,
            label=label,
            polygons=shapes.get(name, ()),
            anchor=place.anchor if place is not None else anchors[name],
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
            place=place,
        )
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
