"""Generate the drawing of the default Africa 1880 map (``default_geometry.json``).

The drawing is schematic: an approximate coastline of Africa (longitude/latitude points) is cut
into territories by a Voronoi tessellation of one representative point per territory. Each Voronoi
cell is convex, so clipping the coastline polygon by a cell (Sutherland-Hodgman) gives that
territory's shape. Madagascar is drawn as its own island. Coordinates are projected
(equirectangular) into a box about 1000 px high with y pointing down.

The rules only know the board file. After writing the drawing, this script compares it with
``default_board.json`` and lists every disagreement: two territories must be neighbours exactly when
their shapes share a border, and coastal exactly when their shape touches the sea. It exits with 1
when they disagree, so moving a point here is followed by fixing the board file (or the point).

Run from the repository root::

    .venv/bin/python tools/make_africa_geometry.py            # write the files, report
    .venv/bin/python tools/make_africa_geometry.py --check    # only compare, write nothing

It also writes the placements of the marks on the default board
(``tabletop/ui/africa1880/map/default_layout.json``), which the page reads instead of computing
them.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import sys
import tempfile
from pathlib import Path

import numpy as np
from scipy.spatial import Voronoi  # type: ignore[import-untyped]

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import Geometry, geometry_from_dict

DATA = Path(__file__).resolve().parent.parent / "tabletop" / "games" / "africa1880" / "data"
OUTPUT = DATA / "default_geometry.json"

Point = tuple[float, float]

# Mainland coastline, (longitude, latitude), clockwise from Tangier: Mediterranean, Sinai, Red Sea,
# Horn, Indian Ocean, Cape, Atlantic, back up to the Strait of Gibraltar.
COAST: list[Point] = [
    (-5.9, 35.8), (-4.4, 35.2), (-2.9, 35.3), (-0.6, 35.75),
    (1.3, 36.5), (3.0, 36.8), (5.1, 36.75), (7.8, 36.9), (9.9, 37.3),
    (11.05, 37.05), (10.5, 36.4), (10.6, 35.8), (10.8, 34.7), (10.1, 33.9),
    (11.1, 33.3), (12.5, 32.8), (13.2, 32.9), (15.1, 32.4), (16.6, 31.2), (18.5, 30.4),
    (20.1, 31.0), (20.1, 32.1), (22.6, 32.8), (24.0, 32.1), (25.2, 31.6),
    (29.9, 31.2), (31.0, 31.6), (32.3, 31.3),
    # Sinai
    (34.2, 31.3), (34.9, 29.5), (34.25, 27.75), (33.6, 28.2), (32.55, 29.95),
    # Red Sea
    (33.1, 28.35), (33.9, 27.0), (35.6, 23.9), (36.6, 22.2), (37.2, 19.6),
    (38.5, 18.0), (39.5, 15.6), (41.7, 13.6), (42.75, 13.0),
    (43.3, 12.6),
    # Gulf of Aden and the Horn
    (43.2, 11.6), (45.0, 10.45), (47.0, 11.1), (49.2, 11.3), (51.25, 11.8),
    (51.2, 10.4), (49.8, 8.0), (48.5, 5.35), (46.1, 2.6), (45.3, 2.05),
    # Indian Ocean
    (42.5, -0.4), (40.9, -2.3), (39.7, -4.1),
    (39.1, -5.1), (39.3, -6.8), (39.5, -8.9), (40.5, -10.7),
    (40.5, -12.9), (40.0, -16.2), (36.9, -17.9), (34.85, -19.85),
    (35.5, -22.2), (35.5, -23.9), (33.6, -25.1), (32.9, -25.9),
    (32.1, -28.8), (31.0, -29.9), (29.0, -32.2), (27.9, -33.0),
    (25.6, -33.95), (23.0, -34.05), (20.0, -34.83),
    # Cape and Atlantic
    (18.5, -34.35), (18.4, -33.9), (17.95, -33.0), (17.3, -30.4),
    (16.45, -28.6), (15.15, -26.65), (14.5, -22.95),
    (12.2, -18.8), (11.75, -17.25), (12.15, -15.2), (13.4, -12.6),
    (13.2, -8.8), (12.3, -6.1), (11.85, -4.8),
    (9.7, -2.5), (8.75, -0.7), (9.4, 0.4), (9.85, 2.9), (9.7, 4.05), (8.3, 4.6),
    (7.15, 4.45), (6.0, 4.3), (5.35, 5.4), (4.3, 6.3), (3.4, 6.45), (2.4, 6.35), (1.2, 6.1),
    (-0.2, 5.55), (-1.25, 5.1), (-2.1, 4.75), (-4.0, 5.25),
    (-6.6, 4.75), (-7.55, 4.4), (-9.0, 5.0), (-10.8, 6.3),
    (-12.5, 7.4), (-13.25, 8.45), (-13.7, 9.5), (-15.5, 11.5), (-16.7, 12.3),
    (-16.8, 13.4), (-17.5, 14.7), (-16.5, 16.0), (-16.0, 18.1),
    (-16.5, 19.4), (-17.05, 20.8), (-16.0, 23.5), (-14.5, 26.1),
    (-12.9, 27.95), (-10.2, 29.4), (-9.65, 30.4), (-9.8, 31.5),
    (-9.25, 32.3), (-7.6, 33.6), (-6.8, 34.05), (-6.15, 35.2),
]  # fmt: skip

MADAGASCAR: list[Point] = [
    (49.3, -11.95), (50.0, -13.5), (50.45, -15.3), (49.8, -16.9), (49.4, -18.15),
    (48.35, -21.2), (47.8, -22.8), (47.0, -25.0), (45.2, -25.6), (44.0, -24.8),
    (43.65, -23.35), (43.35, -21.75), (44.3, -20.3), (44.5, -17.0), (45.0, -16.0),
    (46.3, -15.7), (47.6, -14.8), (48.3, -13.3), (48.8, -12.5),
]  # fmt: skip
ISLANDS = {"Madagascar": MADAGASCAR}

# Representative points of the mainland territories, (longitude, latitude). A territory's shape is
# the union of the Voronoi cells of its points, so a long or narrow region (the Congo reaching the
# sea at the river's mouth, the thin coastal strips of the Gulf of Guinea) gets two or three points.
# The positions are chosen so that borders and coasts resemble those of the 1880s.
SEEDS: dict[str, tuple[Point, ...]] = {
    "Morocco": ((-7.0, 31.5),),
    "Algeria": ((2.5, 34.0), (5.5, 29.5)),
    "Tunisia": ((9.5, 34.5),),
    "Libya": ((16.0, 28.0),),
    "Egypt": ((30.0, 26.0),),
    "Sahara": ((-8.0, 20.0), (-12.0, 24.0), (0.0, 19.0), (8.0, 19.5)),
    "Chad": ((17.0, 13.0), (19.0, 18.0)),
    "Sudan": ((30.5, 14.0), (36.5, 17.0)),
    "Senegal": ((-14.5, 14.5), (-10.0, 14.0)),
    "Guinea": ((-12.0, 10.5), (-9.5, 11.0)),
    "Liberia": ((-9.5, 6.5),),
    "Ivory Coast": ((-5.2, 6.5), (-5.5, 9.0)),
    "Gold Coast": ((-1.5, 6.3), (-1.2, 9.0)),
    "Togo": ((0.9, 7.0), (0.8, 9.5)),
    "Dahomey": ((2.3, 7.0), (2.3, 10.0)),
    "Niger": ((6.0, 6.0), (7.0, 10.0), (10.0, 12.0)),
    "Kamerun": ((11.5, 4.5), (13.0, 6.0)),
    "Gabon": ((11.0, -0.5), (13.5, -2.5)),
    "Congo": ((13.8, -6.3), (19.0, -3.0), (25.0, 0.0), (26.0, -9.0)),
    "Angola": ((14.5, -9.5), (18.0, -13.0)),
    "South West Africa": ((16.5, -21.0), (17.0, -26.0)),
    "Cape": ((20.0, -31.5), (25.0, -31.0)),
    "Natal": ((30.5, -29.5),),
    "Transvaal": ((28.5, -25.5),),
    "Bechuanaland": ((23.5, -22.5),),
    "Rhodesia": ((26.0, -14.0), (30.0, -18.0)),
    "Mozambique": ((38.5, -14.0), (34.5, -20.0), (33.0, -24.0)),
    "Zanzibar": ((38.0, -4.0), (37.0, -9.0)),
    "Uganda": ((32.5, 1.5), (36.5, 1.0)),
    "Abyssinia": ((38.5, 8.5),),
    "Somalia": ((43.5, 10.5), (48.0, 8.0), (44.5, 3.0)),
}

MARGIN = 20.0
HEIGHT = 1000.0

# The board is schematic, like the printed one: small territories are enlarged so that each
# holds its name, its development spaces and six presences. Each lens (centre as longitude,
# latitude; magnification; radius in degrees) is a fisheye that magnifies by 1 + m at its centre
# and fades out at its radius (the map is unchanged beyond); a negative m shrinks instead. Each
# is a one-to-one map of the plane, so borders and coasts keep their neighbours. The result is
# fitted back into the box.
LENSES: list[tuple[Point, float, float]] = [
    ((-1.5, 8.0), 1.6, 21.0),  # the Gulf of Guinea strips
    # Transvaal and Bechuanaland, inland: their marks cannot go to a callout in the sea (the
    # leader line would cross a neighbour), so they are enlarged until the marks fit.
    ((26.5, -25.5), 1.6, 12.0),
    ((-11.0, 9.0), 0.8, 6.0),  # Guinea, between Senegal and Liberia
]
# The drawing is then made this much taller: the page's map has a fixed width but may scroll
# down, so the extra height is room for the marks that costs no width. (It is applied last: a
# vertical stretch keeps straight borders straight and every neighbour a neighbour.)
STRETCH = 1.3
# Coast segments are cut to this length (degrees) first, so the coast bends smoothly.
DENSIFY = 0.5


def fisheye(point: Point) -> Point:
    """Longitude/latitude through every lens (Sarkar-Brown fisheyes: monotone in radius)."""
    for (fx, fy), magnify, radius in LENSES:
        dx, dy = point[0] - fx, point[1] - fy
        r = math.hypot(dx, dy)
        if 0 < r < radius:
            factor = (magnify + 1) / (magnify * r / radius + 1)
            point = (fx + dx * factor, fy + dy * factor)
    return point


def densify(ring: list[Point], step: float = DENSIFY) -> list[Point]:
    """``ring`` with extra points so that no segment is longer than ``step``."""
    out: list[Point] = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        parts = max(1, math.ceil(math.dist(a, b) / step))
        out.extend(
            (a[0] + (b[0] - a[0]) * k / parts, a[1] + (b[1] - a[1]) * k / parts)
            for k in range(parts)
        )
    return out


@functools.cache
def frame() -> tuple[float, float, float, int]:
    """(west, north, scale, width): how lens-bent longitudes/latitudes fill the box."""
    points = [fisheye(p) for ring in (COAST, MADAGASCAR) for p in densify(ring)]
    west, east = min(p[0] for p in points), max(p[0] for p in points)
    south, north = min(p[1] for p in points), max(p[1] for p in points)
    scale = (HEIGHT - 2 * MARGIN) / (north - south)
    return west, north, scale, round((east - west) * scale + 2 * MARGIN)


def project(point: Point) -> Point:
    """Longitude/latitude to drawing pixels: the lenses, then equirectangular, y down."""
    west, north, scale, _width = frame()
    lon, lat = fisheye(point)
    return ((lon - west) * scale + MARGIN, (north - lat) * scale + MARGIN)


def signed_area(ring: list[Point]) -> float:
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def clip(subject: list[Point], convex: list[Point]) -> list[Point]:
    """Sutherland-Hodgman: the part of ``subject`` inside the convex polygon ``convex``."""
    sign = 1.0 if signed_area(convex) > 0 else -1.0

    def inside(p: Point, a: Point, b: Point) -> bool:
        return sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0

    def crossing(p: Point, q: Point, a: Point, b: Point) -> Point:
        x1, y1, x2, y2 = p[0], p[1], q[0], q[1]
        x3, y3, x4, y4 = a[0], a[1], b[0], b[1]
        den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
        t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
        return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))

    output = list(subject)
    for a, b in zip(convex, convex[1:] + convex[:1], strict=True):
        points, output = output, []
        if not points:
            break
        previous = points[-1]
        for current in points:
            if inside(current, a, b):
                if not inside(previous, a, b):
                    output.append(crossing(previous, current, a, b))
                output.append(current)
            elif inside(previous, a, b):
                output.append(crossing(previous, current, a, b))
            previous = current
    return output


def tidy(ring: list[Point]) -> list[Point]:
    """Round to 0.01 px and drop repeated and collinear points left over by clipping."""
    rounded = [(round(x, 2), round(y, 2)) for x, y in ring]
    changed = True
    while changed and len(rounded) > 3:
        changed = False
        for i in range(len(rounded)):
            a, b, c = rounded[i - 1], rounded[i], rounded[(i + 1) % len(rounded)]
            cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            if b == a or abs(cross) < 1e-6:
                del rounded[i]
                changed = True
                break
    return rounded


def merge(rings: list[list[Point]]) -> list[list[Point]]:
    """Union of pieces that meet along whole edges (cells of one territory).

    All pieces have the coastline's orientation, so an edge shared by two pieces appears once in
    each direction; dropping those pairs and chaining the other edges gives the outer rings.
    """
    edges: dict[Point, list[Point]] = {}
    directed = [(a, b) for ring in rings for a, b in zip(ring, ring[1:] + ring[:1], strict=True)]
    present = set(directed)
    for a, b in directed:
        if (b, a) not in present:
            edges.setdefault(a, []).append(b)
    merged = []
    while edges:
        start = next(iter(edges))
        ring, point = [], start
        while point in edges:
            ring.append(point)
            following = edges[point].pop()
            if not edges[point]:
                del edges[point]
            point = following
        merged.append(tidy(ring))
    return merged


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def inside_ring(p: Point, ring: list[Point]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def label_point(ring: list[Point], step: float = 2.0) -> Point:
    """The grid point inside ``ring`` farthest from its edges (room for a label)."""
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
    best, best_distance = (sum(xs) / len(xs), sum(ys) / len(ys)), -1.0
    for x in np.arange(min(xs), max(xs), step):
        for y in np.arange(min(ys), max(ys), step):
            p = (float(x), float(y))
            if not inside_ring(p, ring):
                continue
            distance = min(distance_to_segment(p, a, b) for a, b in edges)
            if distance > best_distance:
                best, best_distance = p, distance
    return (round(best[0], 1), round(best[1], 1))


def sea_edges(ring: list[Point], coast: list[Point]) -> list[tuple[Point, Point]]:
    """Edges of ``ring`` that do not run along the coast but cross the sea (clipping leftovers)."""
    found = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        on_coast = min(
            distance_to_segment(middle, c, d)
            for c, d in zip(coast, coast[1:] + coast[:1], strict=True)
        )
        if on_coast > 0.5 and not inside_ring(middle, coast):
            found.append((a, b))
    return found


def build() -> dict:
    """Compute the drawing data in the format read by ``geometry_from_dict``."""
    coast = [project(p) for p in densify(COAST)]
    owners = [name for name, seeds in SEEDS.items() for _ in seeds]
    points = np.array([project(seed) for seeds in SEEDS.values() for seed in seeds])
    # Far-away extra points make every real cell finite; they lie well outside the coastline.
    width = frame()[3]
    far = 10 * max(width, HEIGHT)
    centre = (width / 2, HEIGHT / 2)
    dummies = [
        (centre[0] + far * math.cos(k * math.pi / 4), centre[1] + far * math.sin(k * math.pi / 4))
        for k in range(8)
    ]
    diagram = Voronoi(np.vstack([points, np.array(dummies)]))
    pieces: dict[str, list[list[Point]]] = {name: [] for name in SEEDS}
    for index, name in enumerate(owners):
        region = diagram.regions[diagram.point_region[index]]
        if -1 in region or not region:
            raise SystemExit(f"a Voronoi cell of {name} is unbounded; add more far points")
        cx, cy = (float(c) for c in points[index])
        # The cell's corners in angular order around its point (a convex polygon).
        cell: list[Point] = sorted(
            ((float(diagram.vertices[v][0]), float(diagram.vertices[v][1])) for v in region),
            key=lambda p: math.atan2(p[1] - cy, p[0] - cx),
        )
        ring = tidy(clip(coast, cell))
        if len(ring) < 3:
            raise SystemExit(f"a point of {name} has no land: move it onto the continent")
        bad = sea_edges(ring, coast)
        if bad:
            raise SystemExit(f"{name}'s shape has {len(bad)} edge(s) across the sea: move a point")
        pieces[name].append(ring)
    territories: dict[str, dict] = {}
    for name, rings in pieces.items():
        merged = merge(rings)
        # The label goes in the largest piece (a territory normally has one).
        largest = max(merged, key=lambda ring: abs(signed_area(ring)))
        territories[name] = {"polygons": merged, "label": list(label_point(largest))}
    for name, island in ISLANDS.items():
        ring = tidy([project(p) for p in densify(island)])
        territories[name] = {"polygons": [ring], "label": list(label_point(ring))}

    def tall(ring: list[Point]) -> list[list[float]]:
        return [[x, round(y * STRETCH, 2)] for x, y in ring]

    return {
        "width": width,
        "height": round(HEIGHT * STRETCH),
        "outline": tall(tidy(coast)),
        "territories": {
            name: {
                "polygons": [tall(ring) for ring in territories[name]["polygons"]],
                "label": tall([tuple(territories[name]["label"])])[0],
            }
            for name in sorted(territories)
        },
    }


def coastal_in_drawing(geometry: Geometry, min_length: float = 3.0) -> set[str]:
    """Territories whose shape runs along the coastline (or an island's) for ``min_length`` px."""
    found = set()
    coast_rings = [list(geometry.outline)] + [
        list(geometry.polygons[name][0]) for name in ISLANDS if name in geometry.polygons
    ]
    for name, rings in geometry.polygons.items():
        if name in ISLANDS:
            found.add(name)
            continue
        length = 0.0
        for ring in rings:
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                near = min(
                    distance_to_segment(middle, c, d)
                    for coast in coast_rings
                    for c, d in zip(coast, coast[1:] + coast[:1], strict=True)
                )
                if near < 0.05:
                    length += math.dist(a, b)
        if length >= min_length:
            found.add(name)
    return found


def compare(geometry: Geometry) -> list[str]:
    """Disagreements between the drawing and the default board file, in plain words."""
    board = load_board()
    problems = []
    drawn = geometry.shared_borders()
    listed = {
        tuple(sorted((name, other)))
        for name in board.names
        for other in board.territories[name].neighbours
    }
    for a, b in sorted(drawn - listed):
        problems.append(f"{a} and {b} share a drawn border but are not neighbours in the board")
    for a, b in sorted(listed - drawn):
        problems.append(f"{a} and {b} are neighbours in the board but share no drawn border")
    coastal = coastal_in_drawing(geometry)
    for name in board.names:
        if board.territories[name].coastal != (name in coastal):
            where = "touches" if name in coastal else "does not touch"
            problems.append(
                f"{name}'s drawing {where} the sea, but the board says coastal="
                f"{str(board.territories[name].coastal).lower()}"
            )
    missing = set(board.names) ^ set(geometry.polygons)
    for name in sorted(missing):
        problems.append(f"{name} is in only one of the board and the drawing")
    return problems


def write_atomically(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a data file is readable by all
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args(argv)
    data = build()
    geometry = geometry_from_dict(data, "generated")
    if not args.check:
        write_atomically(OUTPUT, json.dumps(data, separators=(",", ":")) + "\n")
        size = f"{data['width']} x {data['height']} px, {len(data['outline'])} coast points"
        print(f"wrote {OUTPUT} ({size})")
    print("shared borders in the drawing:")
    borders = geometry.shared_borders()
    for name in sorted(geometry.polygons):
        others = sorted(b if a == name else a for a, b in borders if name in (a, b))
        print(f"  {name}: {', '.join(others) or '(none)'}")
    problems = compare(geometry)
    for problem in problems:
        print(f"DISAGREES: {problem}")
    if problems:
        return 1
    print("the drawing agrees with default_board.json")
    # The page reads the default board's placements from a file made from this drawing.
    from tabletop.ui.africa1880.map import shipped

    if args.check:
        fresh = shipped.default_layout_data()
        kept = json.loads(shipped.LAYOUT_FILE.read_text(encoding="utf-8"))
        if fresh != kept:
            print(f"DISAGREES: {shipped.LAYOUT_FILE.name} is not the layout of this drawing")
            return 1
        print(f"{shipped.LAYOUT_FILE.name} is the layout of this drawing")
    else:
        path = shipped.write_default_layout()
        print(f"wrote {path} (the placements of the marks on the default board)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
