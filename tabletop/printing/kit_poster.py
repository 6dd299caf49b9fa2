"""The map as a poster for the print-and-play kit: its size, its cut into sheets and where each
territory's name and development spaces go.

The poster is sized for the pieces, not for the paper: the smallest territory must hold two
presence counters side by side (:data:`COUNTER` mm each), and the whole map is at least
:data:`MIN_HEIGHT` mm tall. The poster is then cut into tiles of the printable area of a sheet;
neighbouring tiles share a band of :data:`OVERLAP` mm, where one is glued under the other.

Each territory gets a "card": its name (one or two lines, shrunk down to :data:`MIN_FONT` pt) above
one empty circle per development space, put inside the territory as near its label point as it
fits; a territory too small for any card gets it in the sea nearby, framed, with a leader line
(a callout). Everything here is plain data in poster millimetres; :mod:`tabletop.printing.kit`
draws it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.geometry import Geometry, Point, Ring
from tabletop.printing.paper import PAPERS

__all__ = [
    "COUNTER",
    "MARGIN",
    "Measure",
    "MAX_HEIGHT",
    "MIN_HEIGHT",
    "OVERLAP",
    "PIN",
    "SPACE",
    "Card",
    "Poster",
    "Tile",
    "Tiling",
    "inscribed_radius",
    "layout_poster",
    "poster_scale",
    "tile_poster",
]

MARGIN = 10.0  # mm around a sheet's printed window: printers leave 3-5 mm, crop marks need room
OVERLAP = 10.0  # mm shared by neighbouring tiles: the glue band
COUNTER = 16.0  # mm: a presence counter or a colony marker (square)
PIN = 12.0  # mm: a development pin (square)
SPACE = PIN + 3.0  # mm: the circle of a development space holds a pin
MIN_HEIGHT = 700.0  # mm: a poster smaller than this is hard to play on across a table
MAX_HEIGHT = 1400.0  # mm: past this a tiny territory gets a callout rather than a bigger map
ROOM = 2 * COUNTER + 6.0  # mm: the widest disc inside the smallest territory
FONT_SIZES = (14.0, 12.0, 10.0)  # pt, the name on one line, tried in this order
MIN_FONT = 9.0  # pt: the name on two lines, and in a callout
PT = 25.4 / 72  # mm per point
GAP = 2.0  # mm between a card's parts
EDGE = 2.0  # mm a card keeps from its territory's border
CELL = 2.0  # mm: the raster on which cards are fitted

Measure = Callable[[str, float], float]
"""The width in mm of a text set in bold at a size in pt (the PDF's own measure)."""


@dataclass(frozen=True)
class Card:
    """Where a territory's name and development spaces go, in poster mm.

    ``circles`` are the centres of the space circles (diameter :data:`SPACE`); ``leader`` is
    None for a card inside its territory, else the line from the card to the territory.
    """

    territory: str
    lines: tuple[str, ...]
    font: float
    x: float
    y: float
    w: float
    h: float
    circles: tuple[Point, ...]
    leader: tuple[Point, Point] | None = None


@dataclass(frozen=True)
class Poster:
    """The map at poster size: ``scale`` mm per drawing unit, ``width`` x ``height`` mm."""

    geometry: Geometry
    scale: float
    width: float
    height: float
    cards: Mapping[str, Card]

    def point(self, point: Point) -> Point:
        """A drawing point in poster mm."""
        return (point[0] * self.scale, point[1] * self.scale)

    def ring(self, ring: Ring) -> list[Point]:
        """A drawing ring in poster mm."""
        return [self.point(p) for p in ring]


@dataclass(frozen=True)
class Tile:
    """One sheet of the poster: the window (x, y, w, h) of the poster it prints, in mm."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        """ "A1" for the first row's first column, "B3" for the second row's third column."""
        letters = ""
        row = self.row
        while True:
            letters = chr(ord("A") + row % 26) + letters
            row = row // 26 - 1
            if row < 0:
                return f"{letters}{self.col + 1}"


@dataclass(frozen=True)
class Tiling:
    """The sheets of a poster: ``rows`` x ``cols`` tiles on ``paper`` in ``orientation``."""

    paper: str
    orientation: str  # "P" or "L", as fpdf2 takes it
    page_w: float
    page_h: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    width: float  # mm, the sheets glued together
    height: float

    def glue_bands(self, tile: Tile) -> list[tuple[float, float, float, float]]:
        """The bands (x, y, w, h, poster mm) of ``tile`` that the next tiles cover: its right
        band unless it ends its row, its bottom band unless it ends its column."""
        bands = []
        if tile.col < self.cols - 1:
            bands.append((tile.x + tile.w - OVERLAP, tile.y, OVERLAP, tile.h))
        if tile.row < self.rows - 1:
            bands.append((tile.x, tile.y + tile.h - OVERLAP, tile.w, OVERLAP))
        return bands


def _count(length: float, window: float) -> int:
    """Tiles of ``window`` mm, each overlapping the previous by OVERLAP, to cover ``length``."""
    if length <= window:
        return 1
    return math.ceil((length - OVERLAP) / (window - OVERLAP))


def tile_poster(width: float, height: float, paper: str) -> Tiling:
    """Cut a ``width`` x ``height`` mm poster into sheets of ``paper``, portrait or landscape,
    whichever needs fewer sheets (portrait on a tie). The sheets cover a little more than the
    poster: it is centred on them (tile coordinates may start below zero).

    >>> tiling = tile_poster(600, 800, "a4")
    >>> tiling.rows * tiling.cols, tiling.tiles[1].x - tiling.tiles[0].x
    (12, 180.0)
    """
    portrait_w, portrait_h = PAPERS[paper]
    best: Tiling | None = None
    for orientation, (page_w, page_h) in (
        ("P", (portrait_w, portrait_h)),
        ("L", (portrait_h, portrait_w)),
    ):
        window_w, window_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
        cols, rows = _count(width, window_w), _count(height, window_h)
        if best is not None and rows * cols >= best.rows * best.cols:
            continue
        step_w, step_h = window_w - OVERLAP, window_h - OVERLAP
        cover_w, cover_h = cols * step_w + OVERLAP, rows * step_h + OVERLAP
        left, top = (width - cover_w) / 2, (height - cover_h) / 2
        tiles = tuple(
            Tile(row, col, left + col * step_w, top + row * step_h, window_w, window_h)
            for row in range(rows)
            for col in range(cols)
        )
        best = Tiling(paper, orientation, page_w, page_h, rows, cols, tiles, cover_w, cover_h)
    assert best is not None
    return best


def _raster(rings: Sequence[Sequence[Point]], width: int, height: int, cell: float) -> np.ndarray:
    """A boolean mask (rows = y) of the cells whose centres lie inside ``rings`` (even-odd)."""
    from PIL import Image, ImageDraw

    image = Image.new("1", (width, height), 0)
    draw = ImageDraw.Draw(image)
    for ring in rings:
        draw.polygon([(x / cell - 0.5, y / cell - 0.5) for x, y in ring], fill=1)
    return np.array(image, dtype=bool)


def _distance(mask: np.ndarray) -> np.ndarray:
    """Each cell's distance to the nearest cell outside ``mask``, in cells (SciPy)."""
    from scipy import ndimage  # type: ignore[import-untyped]

    padded = np.pad(mask, 1)
    return np.asarray(ndimage.distance_transform_edt(padded))[1:-1, 1:-1]


def inscribed_radius(rings: Sequence[Ring], cell: float) -> float:
    """The radius of the largest disc inside ``rings`` (drawing units, measured on a raster of
    ``cell`` units, so within a cell)."""
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    x0, y0 = min(xs), min(ys)
    shifted = [[(x - x0, y - y0) for x, y in ring] for ring in rings]
    width = math.ceil((max(xs) - x0) / cell) + 2
    height = math.ceil((max(ys) - y0) / cell) + 2
    mask = _raster(shifted, width, height, cell)
    if not mask.any():
        return 0.0
    return float(_distance(mask).max()) * cell


def poster_scale(geometry: Geometry) -> float:
    """mm per drawing unit: the smallest territory holds a disc :data:`ROOM` mm wide, and the
    map is at least :data:`MIN_HEIGHT` mm tall, at most :data:`MAX_HEIGHT` (a traced board with
    a sliver of a territory would otherwise ask for a poster metres tall: that one gets a
    callout)."""
    cell = max(geometry.width, geometry.height) / 600
    smallest = min(
        (inscribed_radius(rings, cell) for rings in geometry.polygons.values()), default=0.0
    )
    needed = ROOM / (2 * smallest) if smallest > 0 else 0.0
    return max(MIN_HEIGHT / geometry.height, min(needed, MAX_HEIGHT / geometry.height))


@dataclass(frozen=True)
class _Shape:
    """A card's size and the place of its parts relative to its top-left corner."""

    lines: tuple[str, ...]
    font: float
    w: float
    h: float
    text_w: float
    text_h: float
    circles: tuple[Point, ...]


def _split(name: str) -> tuple[str, str] | None:
    """The name cut at the space nearest its middle (None for one word)."""
    spaces = [i for i, char in enumerate(name) if char == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return name[:cut], name[cut + 1 :]


def _grids(spaces: int) -> list[tuple[int, int]]:
    """Arrangements (columns, rows) of the space circles, the flattest first."""
    grids = [(spaces, 1)]
    if spaces >= 3:
        grids.append((2, math.ceil(spaces / 2)))
    if spaces >= 2:
        grids.append((1, spaces))
    return grids


def _shapes(name: str, spaces: int, measure: Measure) -> list[_Shape]:
    """Every card for a territory, the most readable first (big one-line names first)."""
    texts: list[tuple[tuple[str, ...], float]] = [((name,), size) for size in FONT_SIZES]
    halves = _split(name)
    if halves is not None:
        texts += [(halves, size) for size in FONT_SIZES[1:]]
    texts.append(((name,), MIN_FONT))
    if halves is not None:
        texts.append((halves, MIN_FONT))
    shapes = []
    for lines, font in texts:
        text_w = max(measure(line, font) for line in lines)
        text_h = len(lines) * font * PT * 1.15
        for cols, rows in _grids(spaces):
            grid_w, grid_h = cols * SPACE + (cols - 1) * GAP, rows * SPACE + (rows - 1) * GAP
            w, h = max(text_w, grid_w) + 2, text_h + GAP + grid_h + 1
            top = text_h + GAP + SPACE / 2
            circles = []
            for i in range(spaces):
                row, col = divmod(i, cols)
                in_row = min(cols, spaces - row * cols)  # a short last row is centred
                row_w = in_row * SPACE + (in_row - 1) * GAP
                left = (w - row_w) / 2 + SPACE / 2
                circles.append((left + col * (SPACE + GAP), top + row * (SPACE + GAP)))
            shapes.append(_Shape(lines, font, w, h, text_w, text_h, tuple(circles)))
    return shapes


def _box_fits(free: np.ndarray, cols: int, rows: int) -> np.ndarray:
    """For each top-left cell, whether a box of ``cols`` x ``rows`` cells lies on free cells."""
    height, width = free.shape
    total = np.zeros((height + 1, width + 1), dtype=np.int64)
    total[1:, 1:] = free.cumsum(0).cumsum(1)
    inside = (
        total[rows:, cols:] - total[:-rows, cols:] - total[rows:, :-cols] + total[:-rows, :-cols]
    )
    return np.asarray(inside == rows * cols)


def _fits(distance: np.ndarray, shape: _Shape, edge: float) -> np.ndarray:
    """Top-left cells where ``shape`` fits: its text box on cells at least ``edge`` cells from
    the outside, and each circle's centre at least its radius more (``distance`` in cells)."""
    cols, rows = math.ceil(shape.w / CELL), math.ceil(shape.h / CELL)
    height, width = distance.shape
    if rows > height or cols > width:
        return np.zeros((0, 0), dtype=bool)
    span_h, span_w = height - rows + 1, width - cols + 1
    text_cols = max(1, math.ceil(shape.text_w / CELL))
    text_rows = max(1, math.ceil(shape.text_h / CELL))
    text_x = int((shape.w - shape.text_w) / 2 / CELL)
    text = _box_fits(distance > edge, text_cols, text_rows)
    fit = text[:span_h, text_x : text_x + span_w].copy()
    room = distance >= SPACE / 2 / CELL + edge
    for cx, cy in shape.circles:
        col, row = int(cx / CELL), int(cy / CELL)
        fit &= room[row : row + span_h, col : col + span_w]
    return fit


def _nearest(fit: np.ndarray, w: float, h: float, target: Point) -> tuple[float, float] | None:
    """The top-left corner (mm) of the fitting box whose centre is nearest ``target``."""
    rows, cols = np.nonzero(fit)
    if rows.size == 0:
        return None
    centre_x, centre_y = cols * CELL + w / 2, rows * CELL + h / 2
    best = int(np.argmin((centre_x - target[0]) ** 2 + (centre_y - target[1]) ** 2))
    return float(cols[best] * CELL), float(rows[best] * CELL)


def _card(territory: str, shape: _Shape, x: float, y: float) -> Card:
    circles = tuple((x + cx, y + cy) for cx, cy in shape.circles)
    return Card(territory, shape.lines, shape.font, x, y, shape.w, shape.h, circles)


def layout_poster(
    geometry: Geometry,
    board: Board,
    lang: str,
    measure: Measure,
    scale: float | None = None,
    seams: Sequence[tuple[float, float, float, float]] = (),
) -> Poster:
    """The poster of ``board`` drawn by ``geometry``: its scale, size and every territory's card
    (names in ``lang``; a territory of the board missing from the drawing gets no card).

    A card keeps off the ``seams`` (x, y, w, h in poster mm: the glue bands) where it can, so
    that a name is printed whole on one sheet.
    """
    scale = poster_scale(geometry) if scale is None else scale
    width, height = geometry.width * scale, geometry.height * scale
    grid_w, grid_h = math.ceil(width / CELL), math.ceil(height / CELL)
    poster = Poster(geometry, scale, width, height, {})
    clear = np.ones((grid_h, grid_w), dtype=bool)
    for x, y, w, h in seams:
        clear[
            max(0, math.floor(y / CELL)) : max(0, math.ceil((y + h) / CELL)),
            max(0, math.floor(x / CELL)) : max(0, math.ceil((x + w) / CELL)),
        ] = False
    land = np.zeros((grid_h, grid_w), dtype=bool)
    masks: dict[str, np.ndarray] = {}
    for name, rings in geometry.polygons.items():
        masks[name] = _raster([poster.ring(r) for r in rings], grid_w, grid_h, CELL)
        land |= masks[name]
    edge = EDGE / CELL + 0.5
    sea = _distance(~land) > edge + 1
    sea[: math.ceil(5 / CELL)] = sea[-math.ceil(5 / CELL) :] = False
    sea[:, : math.ceil(5 / CELL)] = sea[:, -math.ceil(5 / CELL) :] = False
    cards: dict[str, Card] = {}
    for name in sorted(masks, key=lambda n: int(masks[n].sum())):  # small ones first
        if name not in board:
            continue
        territory = board[name]
        target = poster.point(geometry.labels[name])
        shapes = _shapes(territory.display_name(lang), territory.spaces, measure)
        distance = _distance(masks[name])
        card = _inside(name, shapes, distance, edge, target, clear)
        if card is None:
            card = _inside(name, shapes, distance, edge, target, None)
        if card is None:
            card = _callout(name, shapes[-1], sea & clear, target)
            x, y, w, h = card.x, card.y, card.w, card.h
            sea[
                max(0, int(y / CELL) - 3) : int((y + h) / CELL) + 4,
                max(0, int(x / CELL) - 3) : int((x + w) / CELL) + 4,
            ] = False
        cards[name] = card
    return Poster(geometry, scale, width, height, cards)


def _inside(
    name: str,
    shapes: list[_Shape],
    distance: np.ndarray,
    edge: float,
    target: Point,
    clear: np.ndarray | None,
) -> Card | None:
    """The most readable card that fits inside the territory (on ``clear`` cells only, unless
    None), nearest its label point."""
    for shape in shapes:
        fit = _fits(distance, shape, edge)
        if clear is not None and fit.size:
            rows, cols = fit.shape
            off_seams = _box_fits(clear, math.ceil(shape.w / CELL), math.ceil(shape.h / CELL))
            fit = fit & off_seams[:rows, :cols]
        corner = _nearest(fit, shape.w, shape.h, target)
        if corner is not None:
            return _card(name, shape, *corner)
    return None


def _callout(name: str, shape: _Shape, sea: np.ndarray, target: Point) -> Card:
    """The card in the sea nearest the territory, with a leader line to its label point; on
    the label point itself when the sea has no room either."""
    free = np.where(sea, np.inf, 0.0)
    corner = _nearest(_fits(free, shape, 0.0), shape.w, shape.h, target)
    if corner is None:
        corner = (target[0] - shape.w / 2, target[1] - shape.h / 2)
    card = _card(name, shape, *corner)
    x, y, w, h = card.x, card.y, card.w, card.h
    start = (min(max(target[0], x), x + w), min(max(target[1], y), y + h))
    return Card(card.territory, card.lines, card.font, x, y, w, h, card.circles, (start, target))
