"""Where each territory's marks go: a label box, the development spaces, six presence discs and
the colony star, all inside the territory's own shape.

The shapes are rasterised (1 px cells) and every cell gets its distance to the outside; a
"card" (label, spaces, discs, star laid out together) of the largest size and arrangement that
fits is put where it is farthest from the borders. A territory too small for any card gets its
card in the sea, in a framed callout with a leader line to the territory: the nearest spot whose
leader crosses no other territory (an inland territory has none, so the default board's drawing
enlarges those until they fit). The result depends on
the board's shapes, the names and the canvas size only, so it is computed once and cached.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

Point = tuple[float, float]
Ring = tuple[Point, ...]

# Names are never drawn smaller than this (canvas pixels; the page shows the canvas 1:1 up to
# its width, so this is the size read on a laptop).
MIN_FONT_PX = 11
FONT_SIZES = (12, MIN_FONT_PX)
DISC_RADII = (9.0, 8.0, 7.0)
SQUARE = 8.0
SQUARE_GAP = 3.0
STAR_R = 7.0
GAP = 2.0  # between the parts of a card
EDGE = 2.5  # a card keeps this far from its territory's border
SLOTS = 6  # presence discs: one per power, at most six powers
CALLOUT_PAD = 4.0

# Advance widths of DejaVu Sans Bold (the browsers' usual bold sans-serif on Linux), in 1/1000 em.
_WIDTHS = {
    **dict(zip("abcdefghijklmnopqrstuvwxyz", (
        675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716,
        493, 595, 478, 712, 652, 924, 645, 652, 582), strict=True)),
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
        774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850,
        770, 720, 682, 812, 774, 1103, 771, 724, 725), strict=True)),
    " ": 348, "'": 306, "-": 415, ".": 380, ",": 380, "(": 457, ")": 457,
}  # fmt: skip
_WIDE = 1103  # any other character counts as the widest letter: never underestimate


def _distance(mask: Any) -> Any:
    """Euclidean distance of each cell to the nearest zero (SciPy, imported only when a map is
    placed: the page opens without it)."""
    from scipy import ndimage  # type: ignore[import-untyped]

    return ndimage.distance_transform_edt(mask)


def text_width(text: str, font_px: float) -> float:
    """The drawn width of ``text`` in bold sans-serif at ``font_px`` (a safe estimate).

    The drawing also passes this width to the canvas as ``max_width``, so a font that runs wider
    is squeezed into the box rather than spilling over it.
    """
    return sum(_WIDTHS.get(c, _WIDE) for c in text) * font_px / 1000


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        return (
            (self.x, self.y),
            (self.x + self.w, self.y),
            (self.x + self.w, self.y + self.h),
            (self.x, self.y + self.h),
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Placement:
    """Where one territory's marks are drawn, in canvas pixels."""

    name: str
    lines: tuple[str, ...]  # the label, on one or two lines
    font_px: int
    label: Box
    spaces: tuple[Box, ...]  # one square per development space
    discs: tuple[Point, ...]  # SLOTS disc centres, filled in order
    disc_r: float
    star: Point  # the colony star's centre (radius STAR_R)
    pole: Point  # the point of the territory farthest from its border
    callout: Box | None = None  # the framed card in the sea, when the territory is too small

    @property
    def anchor(self) -> Point:
        """The label's centre (inside the territory, or in its callout)."""
        return self.label.centre

    def item_boxes(self) -> list[tuple[str, Box]]:
        """Every mark's bounding box: ("label" | "space" | "disc" | "star", box)."""
        r = self.disc_r
        items = [("label", self.label)]
        items += [("space", b) for b in self.spaces]
        items += [("disc", Box(x - r, y - r, 2 * r, 2 * r)) for x, y in self.discs]
        sx, sy = self.star
        items.append(("star", Box(sx - STAR_R, sy - STAR_R, 2 * STAR_R, 2 * STAR_R)))
        return items

    def card(self) -> Box:
        """The box around all the marks."""
        boxes = [b for _, b in self.item_boxes()]
        x0 = min(b.x for b in boxes)
        y0 = min(b.y for b in boxes)
        x1 = max(b.x + b.w for b in boxes)
        y1 = max(b.y + b.h for b in boxes)
        return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class _Card:
    """A card at the origin: its size and where its parts go."""

    w: float
    h: float
    lines: tuple[str, ...]
    font_px: int
    label: Box
    spaces: tuple[Box, ...]
    discs: tuple[Point, ...]
    disc_r: float
    star: Point

    def at(self, x: float, y: float, name: str, pole: Point, callout: Box | None) -> Placement:
        # Slots fill nearest to the label first, so a few discs sit next to their name (not
        # at the far end of a column, next to a neighbour's name).
        lx, ly = self.label.centre
        discs = sorted(self.discs, key=lambda d: round(math.hypot(d[0] - lx, d[1] - ly), 3))
        return Placement(
            name=name,
            lines=self.lines,
            font_px=self.font_px,
            label=self.label.moved(x, y),
            spaces=tuple(b.moved(x, y) for b in self.spaces),
            discs=tuple((px + x, py + y) for px, py in discs),
            disc_r=self.disc_r,
            star=(self.star[0] + x, self.star[1] + y),
            pole=pole,
            callout=callout,
        )


# Where the default board's long one-word names break when a territory is narrow.
HYPHENATION = {
    "Abyssinia": "Abys-sinia",
    "Algeria": "Alge-ria",
    "Bechuanaland": "Bechuana-land",
    "Dahomey": "Daho-mey",
    "Kamerun": "Kame-run",
    "Madagascar": "Mada-gascar",
    "Morocco": "Moroc-co",
    "Mozambique": "Mozam-bique",
    "Rhodesia": "Rhode-sia",
    "Somalia": "Soma-lia",
    "Transvaal": "Trans-vaal",
    "Zanzibar": "Zanzi-bar",
}
_VOWELS = set("aeiouyAEIOUYàâäéèêëîïôöùûü")


def _hyphenated(word: str) -> tuple[str, str] | None:
    """``word`` in two parts at a syllable break near its middle, the first ending in "-"."""
    if word in HYPHENATION:
        head, tail = HYPHENATION[word].split("-", 1)
        return head + "-", tail
    if len(word) < 7 or not word.isalpha():
        return None
    # Before a consonant that starts a syllable: vowel|consonant-vowel or consonant|consonant.
    breaks = [
        i
        for i in range(3, len(word) - 2)
        if word[i] not in _VOWELS
        and (word[i - 1] in _VOWELS) == (word[i + 1] in _VOWELS)
        and word[i - 1 : i + 1].lower() not in ("ch", "sh", "th", "ph", "ck")
    ]
    if not breaks:
        return None
    cut = min(breaks, key=lambda i: (abs(i - len(word) / 2), -i))
    return word[:cut] + "-", word[cut:]


def _label_options(label: str) -> list[tuple[str, ...]]:
    """The label on one line; in two at the space nearest the middle; a word a line; and for a
    single long word, hyphenated in two."""
    options: list[tuple[str, ...]] = [(label,)]
    spaces = [i for i, c in enumerate(label) if c == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
        options.append((label[:cut], label[cut + 1 :]))
    if len(spaces) >= 2:
        options.append(tuple(label.split()))
    if not spaces:
        parts = _hyphenated(label)
        if parts is not None:
            options.append(parts)
    return options


def joined(lines: Sequence[str]) -> str:
    """The label drawn as ``lines`` (a line ending in "-" continues the word)."""
    text = ""
    for line in lines:
        if text and not text.endswith("-"):
            text += " "
        text = text[:-1] + line if text.endswith("-") else text + line
    return text


def _grid(
    columns: int, r: float, x0: float, y0: float, count: int = SLOTS
) -> tuple[tuple[Point, ...], float, float]:
    """``count`` disc centres in ``columns`` columns from (x0, y0), with the grid's size."""
    step = 2 * r + GAP
    rows = math.ceil(count / columns)
    columns = min(columns, count)
    # Slots fill from the middle of each row outwards, so one or two discs sit centred.
    order = sorted(range(columns), key=lambda col: (abs(col - (columns - 1) / 2), col))
    centres = tuple(
        (x0 + r + order[i % columns] * step, y0 + r + (i // columns) * step) for i in range(count)
    )
    return centres, columns * step - GAP, rows * step - GAP


def _cards(label: str, spaces: int) -> Iterable[_Card]:
    """Card layouts for a territory, most readable first."""
    for font_px in FONT_SIZES:
        line_h = round(font_px * 1.25)
        for lines in _label_options(label):
            text_w = max(text_width(line, font_px) for line in lines)
            label_h = line_h * len(lines)
            for r in DISC_RADII:
                for columns in (3, 2, 6, 1):
                    for arrangement in ("stack", "side"):
                        yield _card(
                            lines, font_px, text_w, label_h, spaces, r, columns, arrangement
                        )


def _card(
    lines: tuple[str, ...],
    font_px: int,
    text_w: float,
    label_h: float,
    spaces: int,
    r: float,
    columns: int,
    arrangement: str,
) -> _Card:
    # The label on top; under it the spaces with the star to their right; the discs under all
    # ("stack") or to the right ("side").
    label = Box(0, 0, math.ceil(text_w) + 2, label_h)
    rows_of_spaces = 1 if spaces <= 4 else 2
    per_row = math.ceil(spaces / rows_of_spaces) if spaces else 0
    spaces_w = per_row * (SQUARE + SQUARE_GAP) - SQUARE_GAP if spaces else -GAP
    spaces_h = rows_of_spaces * (SQUARE + SQUARE_GAP) - SQUARE_GAP if spaces else 0.0
    row_h = max(spaces_h, 2 * STAR_R)
    row_w = spaces_w + GAP + 2 * STAR_R
    row_y = label_h + GAP
    squares = tuple(
        Box(
            (i % per_row) * (SQUARE + SQUARE_GAP),
            row_y + (row_h - spaces_h) / 2 + (i // per_row) * (SQUARE + SQUARE_GAP),
            SQUARE,
            SQUARE,
        )
        for i in range(spaces)
    )
    star = (spaces_w + GAP + STAR_R, row_y + row_h / 2)
    left_w = max(label.w, row_w)
    left_h = row_y + row_h
    if arrangement == "stack":
        discs, discs_w, discs_h = _grid(columns, r, 0, left_h + GAP)
        width, height = max(left_w, discs_w), left_h + GAP + discs_h
    else:
        discs, discs_w, discs_h = _grid(columns, r, left_w + 2 * GAP, 0)
        width, height = left_w + 2 * GAP + discs_w, max(left_h, discs_h)
    # Centre the parts across the card: it reads as one group.
    stack = arrangement == "stack"
    dx_label = (width - label.w) / 2 if stack else (left_w - label.w) / 2
    dx_row = (width - row_w) / 2 if stack else (left_w - row_w) / 2
    dx_discs = (width - discs_w) / 2 if stack else 0.0
    return _Card(
        w=width,
        h=height,
        lines=lines,
        font_px=font_px,
        label=label.moved(dx_label, 0),
        spaces=tuple(b.moved(dx_row, 0) for b in squares),
        discs=tuple((x + dx_discs, y) for x, y in discs),
        disc_r=r,
        star=(star[0] + dx_row, star[1]),
    )


def _mask(rings: Sequence[Ring], x0: int, y0: int, w: int, h: int) -> np.ndarray:
    """Cells (1 px, top-left at x0, y0) covered by any of the polygons."""
    image = Image.new("L", (w, h), 0)
    pen = ImageDraw.Draw(image)
    for ring in rings:
        pen.polygon([(x - x0, y - y0) for x, y in ring], fill=1)
    return np.asarray(image, dtype=bool)


def _integral(free: np.ndarray) -> np.ndarray:
    """The summed-area table of ``free`` (one row and column of zeros in front)."""
    rows, cols = free.shape
    s = np.zeros((rows + 1, cols + 1), dtype=np.int32)
    s[1:, 1:] = free.astype(np.int32).cumsum(0).cumsum(1)
    return s


def _fits(free: np.ndarray, w: float, h: float, integral: np.ndarray | None = None) -> np.ndarray:
    """Boolean array: True at (row, col) when a w x h box with its top-left there is all free."""
    cw, ch = math.ceil(w), math.ceil(h)
    rows, cols = free.shape
    if ch > rows or cw > cols:
        return np.zeros((0, 0), dtype=bool)
    s = _integral(free) if integral is None else integral
    window = s[ch:, cw:] - s[:-ch, cw:] - s[ch:, :-cw] + s[:-ch, :-cw]
    return np.asarray(window == cw * ch)


def _best(fit: np.ndarray, score: np.ndarray, w: float, h: float) -> tuple[int, int] | None:
    """The fitting top-left (row, col) whose box centre scores highest."""
    if fit.size == 0 or not fit.any():
        return None
    cw, ch = math.ceil(w), math.ceil(h)
    centre_score = score[ch // 2 : ch // 2 + fit.shape[0], cw // 2 : cw // 2 + fit.shape[1]]
    masked = np.where(fit, centre_score, -np.inf)
    row, col = np.unravel_index(int(np.argmax(masked)), masked.shape)
    return int(row), int(col)


def _bounds(rings: Sequence[Ring], pad: int) -> tuple[int, int, int, int]:
    xs = [p[0] for ring in rings for p in ring]
    ys = [p[1] for ring in rings for p in ring]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return x0, y0, math.ceil(max(xs)) + pad - x0, math.ceil(max(ys)) + pad - y0


def place_inside(name: str, label: str, spaces: int, rings: Sequence[Ring]) -> Placement | None:
    """The most readable card that fits inside ``rings``, placed most centrally; None if none."""
    x0, y0, w, h = _bounds(rings, 2)
    inside = _mask(rings, x0, y0, w, h)
    distance = _distance(inside)
    pole_row, pole_col = np.unravel_index(int(np.argmax(distance)), distance.shape)
    pole = (x0 + pole_col + 0.5, y0 + pole_row + 0.5)
    free = distance >= EDGE + 0.5
    integral = _integral(free)
    for card in _cards(label, spaces):
        at = _best(_fits(free, card.w, card.h, integral), distance, card.w, card.h)
        if at is not None:
            row, col = at
            return card.at(x0 + col, y0 + row, name, pole, None)
    parts = _place_parts(free, distance, label, spaces)
    if parts is None:
        return None
    card, (dx, dy) = parts
    return card.at(x0 + dx, y0 + dy, name, pole, None)


def _place_parts(
    free: np.ndarray, distance: np.ndarray, label: str, spaces: int
) -> tuple[_Card, tuple[float, float]] | None:
    """The label, the spaces with the star, and the discs as three boxes placed one by one.

    For shapes where no card fits (long, bent or triangular): the label goes to a central spot,
    the other two as near to it as they fit. Several label spots are tried, most central first.
    """
    grid = np.indices(free.shape)
    rows, cols = grid[0], grid[1]
    for font_px in FONT_SIZES:
        line_h = round(font_px * 1.25)
        for lines in _label_options(label):
            lw = math.ceil(max(text_width(line, font_px) for line in lines)) + 2
            lh = line_h * len(lines)
            fit = _fits(free, lw, lh)
            if fit.size == 0 or not fit.any():
                continue
            centre = distance[lh // 2 : lh // 2 + fit.shape[0], lw // 2 : lw // 2 + fit.shape[1]]
            order = np.argsort(np.where(fit, centre, -1.0), axis=None)[::-1]
            tries = order[: int(fit.sum())][:: max(1, int(fit.sum()) // 24)][:24]
            for flat in tries:
                ly, lx = np.unravel_index(int(flat), fit.shape)
                found = _around(free.copy(), rows, cols, (int(lx), int(ly), lw, lh), spaces)
                if found is not None:
                    squares, star, discs, r = found
                    card = _Card(
                        w=0.0,
                        h=0.0,
                        lines=lines,
                        font_px=font_px,
                        label=Box(int(lx), int(ly), lw, lh),
                        spaces=squares,
                        discs=discs,
                        disc_r=r,
                        star=star,
                    )
                    return card, (0.0, 0.0)
    return None


def _around(
    free: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    label: tuple[int, int, int, int],
    spaces: int,
) -> tuple[tuple[Box, ...], Point, tuple[Point, ...], float] | None:
    """Spaces-with-star and discs placed nearest to the label box, or None."""
    lx, ly, lw, lh = label
    _block(free, Box(lx, ly, lw, lh), int(GAP))
    near = -np.hypot(cols - (lx + lw / 2), rows - (ly + lh / 2))
    spaces_w = spaces * (SQUARE + SQUARE_GAP) - SQUARE_GAP if spaces else -GAP
    row_w, row_h = spaces_w + GAP + 2 * STAR_R, 2 * STAR_R
    at = _best(_fits(free, row_w, row_h), near, row_w, row_h)
    if at is None:
        return None
    ry, rx = at
    _block(free, Box(rx, ry, row_w, row_h), int(GAP))
    squares = tuple(
        Box(rx + i * (SQUARE + SQUARE_GAP), ry + (row_h - SQUARE) / 2, SQUARE, SQUARE)
        for i in range(spaces)
    )
    star = (rx + spaces_w + GAP + STAR_R, ry + row_h / 2)
    for r in DISC_RADII:
        for columns in (3, 2, 6, 1):
            centres, gw, gh = _grid(columns, r, 0, 0)
            at = _best(_fits(free, gw, gh), near, gw, gh)
            if at is not None:
                gy, gx = at
                return squares, star, tuple((x + gx, y + gy) for x, y in centres), r
    # No room for the six together: two groups of three, each where it fits nearest.
    for r in DISC_RADII:
        found: list[Point] = []
        trial = free.copy()
        for _half in range(2):
            for columns in (3, 1):
                centres, gw, gh = _grid(columns, r, 0, 0, SLOTS // 2)
                at = _best(_fits(trial, gw, gh), near, gw, gh)
                if at is not None:
                    gy, gx = at
                    found += [(x + gx, y + gy) for x, y in centres]
                    _block(trial, Box(gx, gy, gw, gh), int(GAP))
                    break
        if len(found) == SLOTS:
            return squares, star, tuple(found), r
    return None


def place_all(
    shapes: Mapping[str, Sequence[Ring]],
    labels: Mapping[str, str],
    spaces: Mapping[str, int],
    width: int,
    height: int,
    reserved: Sequence[Box] = (),
) -> dict[str, Placement]:
    """Placements of every territory; those that fit nowhere inside get a callout in the sea.

    ``reserved`` boxes (the legend, the title) are kept free of callouts.
    """
    placed: dict[str, Placement] = {}
    too_small = []
    for name, rings in shapes.items():
        found = place_inside(name, labels[name], spaces[name], rings) if rings else None
        if found is None:
            too_small.append(name)
        else:
            placed[name] = found
    if too_small:
        placed.update(_callouts(too_small, shapes, labels, spaces, width, height, reserved))
    return placed


def _callouts(
    names: Sequence[str],
    shapes: Mapping[str, Sequence[Ring]],
    labels: Mapping[str, str],
    spaces: Mapping[str, int],
    width: int,
    height: int,
    reserved: Sequence[Box],
) -> dict[str, Placement]:
    land = _mask([ring for rings in shapes.values() for ring in rings], 0, 0, width, height)
    owners = _owners(shapes, width, height)
    # Callouts sit in the sea, clear of the coast by a few pixels, of each other and of the legend.
    free = _distance(~land) >= 6
    for box in reserved:
        _block(free, box, 4)
    grid = np.indices(free.shape)
    rows, cols = grid[0], grid[1]
    out: dict[str, Placement] = {}
    for name in names:
        rings = shapes[name]
        if rings:
            x0, y0, w, h = _bounds(rings, 2)
            inside = _distance(_mask(rings, x0, y0, w, h))
            r, c = np.unravel_index(int(np.argmax(inside)), inside.shape)
            pole = (x0 + c + 0.5, y0 + r + 0.5)
        else:
            pole = (width / 2, height / 2)
        own = list(shapes).index(name) + 1
        # Nearest to the territory: the leader line stays short.
        closeness = -np.hypot(cols + 0.5 - pole[0], rows + 0.5 - pole[1])
        found = _callout_frame(
            list(_cards(labels[name], spaces[name])), free, closeness, pole, owners, own
        )
        if found is not None:
            card, frame = found
            out[name] = card.at(frame.x + CALLOUT_PAD, frame.y + CALLOUT_PAD, name, pole, frame)
            _block(free, frame, 4)
        else:
            # No room at all (a tiny canvas): the card over the territory, framed.
            card = next(iter(_cards(labels[name], spaces[name])))
            x, y = pole[0] - card.w / 2, pole[1] - card.h / 2
            frame = Box(x - CALLOUT_PAD, y - CALLOUT_PAD, card.w + 8, card.h + 8)
            out[name] = card.at(x, y, name, pole, frame)
    return out


def _callout_frame(
    cards: Sequence[_Card],
    free: np.ndarray,
    closeness: np.ndarray,
    pole: Point,
    owners: np.ndarray,
    own: int,
) -> tuple[_Card, Box] | None:
    """The card and its frame in the sea for a callout: the nearest whose leader line crosses no
    other territory; failing that (a small territory far inland, as on a traced board), the
    nearest of all, its leader drawn over its neighbours."""
    integral = _integral(free)
    for card in cards:
        fw, fh = card.w + 2 * CALLOUT_PAD, card.h + 2 * CALLOUT_PAD
        fit = _fits(free, fw, fh, integral)
        frame = _clear_leader_frame(fit, closeness, fw, fh, pole, owners, own)
        if frame is not None:
            return card, frame
    for card in cards:
        fw, fh = card.w + 2 * CALLOUT_PAD, card.h + 2 * CALLOUT_PAD
        at = _best(_fits(free, fw, fh, integral), closeness, fw, fh) if free.size else None
        if at is not None:
            return card, Box(at[1], at[0], fw, fh)
    return None


def _owners(shapes: Mapping[str, Sequence[Ring]], width: int, height: int) -> np.ndarray:
    """Cells of the canvas numbered by territory (1, 2, ... in ``shapes`` order; 0 the sea)."""
    image = Image.new("I", (width, height), 0)
    pen = ImageDraw.Draw(image)
    for index, rings in enumerate(shapes.values(), start=1):
        for ring in rings:
            pen.polygon(list(ring), fill=index)
    return np.asarray(image, dtype=np.int32)


def leader_crosses(owners: np.ndarray, start: Point, end: Point, own: int) -> set[int]:
    """Territory numbers other than ``own`` (and the sea) under the segment start-end."""
    steps = max(2, math.ceil(math.dist(start, end) * 2))
    xs = np.linspace(start[0], end[0], steps)
    ys = np.linspace(start[1], end[1], steps)
    rows, cols = owners.shape
    cells = owners[np.clip(ys.astype(int), 0, rows - 1), np.clip(xs.astype(int), 0, cols - 1)]
    return {int(v) for v in np.unique(cells)} - {0, own}


def _clear_leader_frame(
    fit: np.ndarray,
    closeness: np.ndarray,
    fw: float,
    fh: float,
    pole: Point,
    owners: np.ndarray,
    own: int,
    tries: int = 60,
) -> Box | None:
    """The callout frame nearest to ``pole`` whose leader line crosses no other territory.

    Candidates are taken nearest first; each one that fails rules out the spots around it (a
    frame a few pixels over has nearly the same leader)."""
    if fit.size == 0:
        return None
    fit = fit.copy()
    for _ in range(tries):
        at = _best(fit, closeness, fw, fh)
        if at is None:
            return None
        row, col = at
        frame = Box(col, row, fw, fh)
        if not leader_crosses(owners, leader_end(frame, pole), pole, own):
            return frame
        fit[max(0, row - 12) : row + 13, max(0, col - 12) : col + 13] = False
    return None


def _block(free: np.ndarray, box: Box, pad: int) -> None:
    rows, cols = free.shape
    r0, r1 = max(0, int(box.y) - pad), min(rows, math.ceil(box.y + box.h) + pad)
    c0, c1 = max(0, int(box.x) - pad), min(cols, math.ceil(box.x + box.w) + pad)
    free[r0:r1, c0:c1] = False


def leader_end(frame: Box, pole: Point) -> Point:
    """The point of ``frame`` nearest to ``pole``: where a callout's leader line starts."""
    return (
        min(max(pole[0], frame.x), frame.x + frame.w),
        min(max(pole[1], frame.y), frame.y + frame.h),
    )
