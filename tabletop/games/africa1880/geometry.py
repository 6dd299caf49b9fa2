"""How to draw a board (the drawing is apart from the rules: only the board file decides
adjacency): polygons and label points, what lies under a point, which drawn borders are shared.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from tabletop.fileio import kind_of
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_files import read_map_json

_DATA = Path(__file__).with_name("data")
_DEFAULT_GEOMETRY = _DATA / "default_geometry.json"

Point = tuple[float, float]
Ring = tuple[Point, ...]


def _inside(x: float, y: float, ring: Ring) -> bool:
    """Even-odd ray casting test of a point against one closed ring."""
    inside = False
    count = len(ring)
    for i in range(count):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % count]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross_x:
                inside = not inside
    return inside


@dataclass(frozen=True)
class Geometry:
    """How to draw a board: polygons and label points in a box ``width`` x ``height``, y down.

    The drawing is separate from the rules: only the board file decides adjacency.
    """

    width: float
    height: float
    outline: Ring
    polygons: Mapping[str, tuple[Ring, ...]]
    labels: Mapping[str, Point]

    def territory_at(self, x: float, y: float) -> str | None:
        """The territory drawn under the point (x, y), or None (sea, outside)."""
        for name, rings in self.polygons.items():
            if any(_inside(x, y, ring) for ring in rings):
                return name
        return None

    def shared_borders(self, min_length: float = 1.0) -> frozenset[tuple[str, str]]:
        """Pairs (a, b), a < b, whose drawn polygons share a border at least ``min_length`` long.

        Two polygons touching at a corner only do not share a border.
        """
        edges: list[tuple[str, Point, Point]] = []
        for name, rings in self.polygons.items():
            for ring in rings:
                for i, start in enumerate(ring):
                    edges.append((name, start, ring[(i + 1) % len(ring)]))
        found: set[tuple[str, str]] = set()
        for i, (name_a, a1, a2) in enumerate(edges):
            for name_b, b1, b2 in edges[i + 1 :]:
                if name_a == name_b or tuple(sorted((name_a, name_b))) in found:
                    continue
                if _overlap(a1, a2, b1, b2) >= min_length:
                    found.add(tuple(sorted((name_a, name_b))))  # type: ignore[arg-type]
        return frozenset(found)


def _overlap(a1: Point, a2: Point, b1: Point, b2: Point, tolerance: float = 0.05) -> float:
    """Length along which segment b lies on segment a (0 when they are not collinear)."""
    dx, dy = a2[0] - a1[0], a2[1] - a1[1]
    length: float = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return 0.0
    for px, py in (b1, b2):
        # Distance of b's ends from a's line; coordinates are rounded, hence the tolerance.
        if abs(dx * (py - a1[1]) - dy * (px - a1[0])) / length > tolerance:
            return 0.0
    t1 = ((b1[0] - a1[0]) * dx + (b1[1] - a1[1]) * dy) / length
    t2 = ((b2[0] - a1[0]) * dx + (b2[1] - a1[1]) * dy) / length
    low, high = max(0.0, min(t1, t2)), min(length, max(t1, t2))
    return max(0.0, high - low)


def _type_name(value: object) -> str:
    return "a string" if isinstance(value, str) else kind_of(value)


def _point(value: object) -> Point:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise TypeError(value)
    return (float(value[0]), float(value[1]))


def geometry_from_dict(data: object, source: str = "<data>") -> Geometry:
    """Build a :class:`Geometry` from drawing data; raises BoardError on a malformed file."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise BoardError([f"a geometry file holds a JSON object, not {_type_name(data)}"], source)
    width, height = data.get("width"), data.get("height")
    for key, value in (("width", width), ("height", height)):
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            problems.append(f'"{key}" must be a positive number')
    outline: Ring = ()
    try:
        outline = tuple(_point(p) for p in data.get("outline", []))
    except TypeError:
        problems.append('"outline" must be a list of [x, y] points')
    polygons: dict[str, tuple[Ring, ...]] = {}
    labels: dict[str, Point] = {}
    raw_territories = data.get("territories")
    if not isinstance(raw_territories, dict):
        problems.append('"territories" must be an object: name -> {"polygons", "label"}')
        raw_territories = {}
    for name, entry in raw_territories.items():
        try:
            rings = tuple(tuple(_point(p) for p in ring) for ring in entry["polygons"])
            if not rings or any(len(ring) < 3 for ring in rings):
                raise TypeError(name)
            polygons[name] = rings
            labels[name] = _point(entry["label"])
        except (TypeError, KeyError):
            problems.append(f'{name}: needs "polygons" (rings of 3+ [x, y] points) and "label"')
    if problems:
        raise BoardError(problems, source)
    return Geometry(
        width=float(width),  # type: ignore[arg-type]
        height=float(height),  # type: ignore[arg-type]
        outline=outline,
        polygons=MappingProxyType(polygons),
        labels=MappingProxyType(labels),
    )


@functools.lru_cache(maxsize=1)
def _default_geometry() -> Geometry:
    return geometry_from_dict(read_map_json(_DEFAULT_GEOMETRY, "geometry"), str(_DEFAULT_GEOMETRY))


def load_geometry(board: Board) -> Geometry | None:
    """Drawing data for ``board``, or None when there is none.

    A board carrying its own drawing (``"drawing"`` in its file: a traced or hand-drawn board)
    is drawn from it. Otherwise the bundled drawing serves the default board and any board file
    with exactly the same territory names (an edited copy of the default map); other boards have
    no drawing.
    """
    if board.drawing is not None:
        return geometry_from_dict(board.drawing, board.source)
    if not _DEFAULT_GEOMETRY.exists():
        return None
    geometry = _default_geometry()
    if set(geometry.polygons) != set(board.names):
        return None
    return geometry
