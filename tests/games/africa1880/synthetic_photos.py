"""Synthetic photos of boards, with what they truly show, for testing the tracer.

A board is first a label raster (0 the sea, 1..n the territories) at a design size: the bundled
map's drawing, seeded Voronoi cells cut out of a continent-like blob, or a few hand-made shapes.
Its truth (true neighbour pairs, a point inside each territory) is computed from that raster,
never from the tracer. :func:`photograph` paints it (pastel fills, dark border lines, a sea
colour, names) at the photo's size, then spoils it as a phone would: a mild perspective and a
rotation, uneven light, glare, blur, noise and JPEG compression. The truth goes through the same
transform.
"""

from __future__ import annotations

import colorsys
import io
import math
import random
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scipy import ndimage

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.tracing import CORNER_FRACTION, Regions

SEA_COLOUR = (176, 206, 232)
TABLE_COLOUR = (118, 88, 62)


@dataclass(frozen=True)
class Design:
    """A board as a label raster (0: sea; 1..n: territories) with the territories' names."""

    labels: NDArray[np.int32]
    names: dict[int, str]

    @property
    def ids(self) -> list[int]:
        return sorted(self.names)

    def border_lengths(self) -> dict[tuple[int, int], int]:
        """Pixel sides shared by each pair of territories (a, b), a < b, in the design."""
        found: dict[tuple[int, int], int] = {}
        lab = self.labels
        for a, b in ((lab[:, :-1], lab[:, 1:]), (lab[:-1, :], lab[1:, :])):
            differ = (a != b) & (a > 0) & (b > 0)
            low, high = np.minimum(a[differ], b[differ]), np.maximum(a[differ], b[differ])
            pairs, counts = np.unique(np.stack([low, high]), axis=1, return_counts=True)
            for (x, y), n in zip(pairs.T, counts, strict=True):
                found[(int(x), int(y))] = found.get((int(x), int(y)), 0) + int(n)
        return found

    def coastal(self) -> set[int]:
        lab = self.labels
        out: set[int] = set()
        for a, b in ((lab[:, :-1], lab[:, 1:]), (lab[:-1, :], lab[1:, :])):
            touch = (a == 0) & (b > 0)
            out.update(int(v) for v in np.unique(b[touch]))
            touch = (b == 0) & (a > 0)
            out.update(int(v) for v in np.unique(a[touch]))
        return out

    def inner_points(self) -> dict[int, tuple[float, float, float]]:
        """A point deep inside each territory (design pixels, x, y) and its distance to the
        territory's edge."""
        out = {}
        for index, box in enumerate(ndimage.find_objects(self.labels)):
            if box is None:
                continue
            mine = np.pad(self.labels[box] == index + 1, 1)
            depth = ndimage.distance_transform_edt(mine)
            row, col = np.unravel_index(int(np.argmax(depth)), depth.shape)
            out[index + 1] = (
                box[1].start + col - 1 + 0.5,
                box[0].start + row - 1 + 0.5,
                float(depth[row, col]),
            )
        return out


@dataclass(frozen=True)
class Truth:
    """What a photo truly shows, in the photo's pixels."""

    #: territory -> a point deep inside it
    points: dict[int, tuple[float, float]]
    #: pairs (a, b), a < b, sharing a border clearly longer than a corner
    neighbours: frozenset[tuple[int, int]]
    #: pairs whose border is too short to call either way (near a corner)
    unclear: frozenset[tuple[int, int]]
    coastal: frozenset[int]
    #: the territory under each pixel of the photo (0: sea, table)
    labels: NDArray[np.int32]


@dataclass(frozen=True)
class SyntheticPhoto:
    data: bytes
    width: int
    height: int
    truth: Truth


# ------------------------------------------------------------------------------ designs
def bundled_design(side: int = 900) -> Design:
    """The bundled map's drawing as a raster ``side`` pixels high, with a margin of sea."""
    board = load_board()
    geometry = load_geometry(board)
    assert geometry is not None
    margin = 0.08
    scale = side / (geometry.height * (1 + 2 * margin))
    width = round(geometry.width * scale + 2 * margin * side)
    image = Image.new("I", (width, side), 0)
    draw = ImageDraw.Draw(image)
    names = {}
    for number, name in enumerate(sorted(geometry.polygons), 1):
        names[number] = name
        for ring in geometry.polygons[name]:
            points = [(x * scale + margin * side, y * scale + margin * side) for x, y in ring]
            draw.polygon(points, fill=number)
    return Design(np.asarray(image, dtype=np.int32), names)


def voronoi_design(seed: int, count: int, side: int = 900) -> Design:
    """``count`` seeded Voronoi cells (relaxed twice) cut out of a continent-like blob."""
    rng = np.random.default_rng(seed)
    height, width = side, round(side * rng.uniform(0.8, 1.25))
    rows, cols = np.mgrid[0:height, 0:width]
    cy, cx = height / 2, width / 2
    angle = np.arctan2(rows - cy, cols - cx)
    radius = np.hypot((rows - cy) / height, (cols - cx) / width)
    edge = 0.36 * np.ones_like(angle)
    for k in (2, 3, 5):
        edge += rng.uniform(0.01, 0.04) * np.cos(k * angle + rng.uniform(0, 2 * math.pi))
    land = radius < edge
    sites = np.argwhere(land)[rng.choice(int(land.sum()), count, replace=False)].astype(float)
    labels = np.zeros((height, width), dtype=np.int32)
    for _ in range(3):
        labels = _nearest_site(land, sites)
        sites = np.array(ndimage.center_of_mass(land, labels, range(1, count + 1)))
    labels = _nearest_site(land, sites)
    names = {number: _word(rng) for number in range(1, count + 1)}
    return Design(labels, names)


def _nearest_site(land: NDArray[np.bool_], sites: NDArray[np.float64]) -> NDArray[np.int32]:
    from scipy.spatial import cKDTree

    points = np.argwhere(land)
    _, nearest = cKDTree(sites).query(points)
    labels = np.zeros(land.shape, dtype=np.int32)
    labels[points[:, 0], points[:, 1]] = nearest + 1
    return labels


def _word(rng: np.random.Generator) -> str:
    consonants, vowels = "bdgklmnrstvz", "aeiou"
    syllables = int(rng.integers(2, 4))
    return "".join(
        rng.choice(list(consonants)) + rng.choice(list(vowels)) for _ in range(syllables)
    ).title()


def shapes_design(kind: str, side: int = 600) -> Design:
    """Hand-made boards: ``"corner"`` (four squares meeting at one point, in the sea) and
    ``"strait"`` (a mainland of two territories and an island across a narrow strait)."""
    labels = np.zeros((side, side), dtype=np.int32)
    low, middle, high = side // 5, side // 2, side - side // 5
    if kind == "corner":
        labels[low:middle, low:middle] = 1
        labels[low:middle, middle:high] = 2
        labels[middle:high, low:middle] = 3
        labels[middle:high, middle:high] = 4
        names = {1: "North West", 2: "North East", 3: "South West", 4: "South East"}
    elif kind == "strait":
        strait = side // 30
        labels[low:high, low:middle] = 1
        labels[low:middle, middle:high] = 2
        labels[middle + strait : high, middle + strait : high] = 3
        names = {1: "Mainland", 2: "Cape", 3: "Island"}
    else:
        raise ValueError(kind)
    return Design(labels, names)


# ------------------------------------------------------------------------------ the photo
@dataclass(frozen=True)
class Defects:
    perspective: float = 0.05  # corners moved by up to this fraction of the size
    rotation: float = 6.0  # degrees
    blur: float = 1.0  # Gaussian radius, pixels at 1500 px
    glare: float = 0.45  # strength of a bright spot
    shade: float = 0.25  # how much darker one side is
    noise: float = 3.0  # standard deviation of the sensor noise
    quality: int = 70  # JPEG quality (0: PNG)


CLEAN = Defects(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)


def photograph(
    design: Design,
    megapixels: float,
    defects: Defects = Defects(),
    seed: int = 0,
    line_width: float = 3.0,
    frame: bool = False,
) -> SyntheticPhoto:
    """Paint ``design`` at about ``megapixels`` and spoil it by ``defects`` (seeded); with
    ``frame``, a border line runs around the whole map, in the sea."""
    rng = random.Random(seed)
    dh, dw = design.labels.shape
    zoom = math.sqrt(megapixels * 1e6 / (dh * dw))
    width, height = round(dw * zoom), round(dh * zoom)
    rows = np.minimum((np.arange(height) / zoom).astype(int), dh - 1)
    cols = np.minimum((np.arange(width) / zoom).astype(int), dw - 1)
    big = design.labels[rows[:, None], cols[None, :]]
    image = _paint(design, big, zoom, line_width, rng)
    if frame:
        inset = round(0.03 * min(width, height))
        ImageDraw.Draw(image).rectangle(
            (inset, inset, width - inset, height - inset),
            outline=(40, 34, 30),
            width=max(1, round(line_width)),
        )
    forward = _homography(width, height, defects, rng)
    image = image.transform(
        (width, height),
        Image.Transform.PERSPECTIVE,
        _pil_coefficients(np.linalg.inv(forward)),
        Image.Resampling.BILINEAR,
        fillcolor=TABLE_COLOUR,
    )
    truth_labels = Image.fromarray(big.astype(np.int32), mode="I").transform(
        (width, height),
        Image.Transform.PERSPECTIVE,
        _pil_coefficients(np.linalg.inv(forward)),
        Image.Resampling.NEAREST,
        fillcolor=0,
    )
    pixels = _spoil(np.asarray(image, dtype=np.float32), defects, rng)
    out = Image.fromarray(pixels)
    if defects.blur:
        out = out.filter(ImageFilter.GaussianBlur(defects.blur * max(width, height) / 1500))
    buffer = io.BytesIO()
    if defects.quality:
        out.save(buffer, "JPEG", quality=defects.quality)
    else:
        out.save(buffer, "PNG")
    truth = _truth(design, zoom, forward, np.asarray(truth_labels, dtype=np.int32))
    return SyntheticPhoto(buffer.getvalue(), width, height, truth)


def _paint(
    design: Design, big: NDArray[np.int32], zoom: float, line_width: float, rng: random.Random
) -> Image.Image:
    colours = np.zeros((max(design.names) + 1, 3), dtype=np.uint8)
    colours[0] = SEA_COLOUR
    for number in design.names:
        r, g, b = colorsys.hsv_to_rgb(
            rng.random(), rng.uniform(0.15, 0.35), rng.uniform(0.85, 0.97)
        )
        colours[number] = (round(r * 255), round(g * 255), round(b * 255))
    pixels = colours[big]
    edges = np.zeros(big.shape, dtype=bool)
    edges[:, 1:] |= big[:, 1:] != big[:, :-1]
    edges[1:, :] |= big[1:, :] != big[:-1, :]
    radius = max(1, round(line_width / 2))
    disk = np.hypot(*np.mgrid[-radius : radius + 1, -radius : radius + 1]) <= line_width / 2 + 0.3
    lines = ndimage.binary_dilation(edges, structure=disk) if line_width > 1.5 else edges
    pixels[lines] = (40, 34, 30)
    image = Image.fromarray(pixels)
    draw = ImageDraw.Draw(image)
    points = design.inner_points()
    size = max(8, round(13 * zoom))
    font = ImageFont.load_default(size=size)
    for number, name in design.names.items():
        x, y, depth = points[number]
        room = 2 * depth * zoom * 0.8
        text = name if draw.textlength(name, font=font) < room else name[:3]
        if draw.textlength(text, font=font) >= room:
            continue
        draw.text((x * zoom, y * zoom), text, fill=(60, 50, 45), font=font, anchor="mm")
    return image


def _homography(
    width: int, height: int, defects: Defects, rng: random.Random
) -> NDArray[np.float64]:
    """A mild perspective, a rotation about the centre and a shrink that keeps the board in the
    frame (photo pixels -> photo pixels)."""
    angle = math.radians(rng.uniform(-defects.rotation, defects.rotation))
    shrink = 0.9 if defects.rotation or defects.perspective else 1.0
    cx, cy = width / 2, height / 2
    cos, sin = math.cos(angle) * shrink, math.sin(angle) * shrink
    rotate = np.array(
        [[cos, -sin, cx - cos * cx + sin * cy], [sin, cos, cy - sin * cx - cos * cy], [0, 0, 1]]
    )
    source = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=float)
    moved = source + np.array(
        [
            [
                rng.uniform(-1, 1) * defects.perspective * width,
                rng.uniform(-1, 1) * defects.perspective * height,
            ]
            for _ in range(4)
        ]
    )
    return rotate @ _four_point(source, moved)


def _four_point(source: NDArray[np.float64], target: NDArray[np.float64]) -> NDArray[np.float64]:
    rows = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    system = np.array(rows, dtype=float)
    solution = np.linalg.solve(system[:, :8], system[:, 8])
    return np.append(solution, 1.0).reshape(3, 3)


def _pil_coefficients(matrix: NDArray[np.float64]) -> tuple[float, ...]:
    matrix = matrix / matrix[2, 2]
    return tuple(float(v) for v in matrix.ravel()[:8])


def _apply(matrix: NDArray[np.float64], x: float, y: float) -> tuple[float, float]:
    u, v, w = matrix @ np.array([x, y, 1.0])
    return (float(u / w), float(v / w))


def _spoil(pixels: NDArray[np.float32], defects: Defects, rng: random.Random) -> NDArray[np.uint8]:
    height, width = pixels.shape[:2]
    rows, cols = np.mgrid[0:height, 0:width].astype(np.float32)
    if defects.shade:
        angle = rng.uniform(0, 2 * math.pi)
        ramp = math.cos(angle) * cols / width + math.sin(angle) * rows / height
        ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
        pixels = pixels * (1.0 - defects.shade * ramp)[..., None]
    if defects.glare:
        gx, gy = rng.uniform(0.25, 0.75) * width, rng.uniform(0.25, 0.75) * height
        sigma = 0.15 * max(width, height)
        spot = defects.glare * np.exp(-((cols - gx) ** 2 + (rows - gy) ** 2) / (2 * sigma**2))
        pixels = pixels + (255.0 - pixels) * spot[..., None]
    if defects.noise:
        noise = np.random.default_rng(rng.randrange(2**32)).normal(0, defects.noise, pixels.shape)
        pixels = pixels + noise.astype(np.float32)
    return np.clip(pixels, 0, 255).astype(np.uint8)


def _truth(
    design: Design, zoom: float, forward: NDArray[np.float64], labels: NDArray[np.int32]
) -> Truth:
    longest = max(design.labels.shape)
    corner = CORNER_FRACTION * longest
    neighbours, unclear = set(), set()
    for pair, length in design.border_lengths().items():
        # A border a little longer than the tracer's corner threshold is a border; one about as
        # long is too close to call; a few pixels are a corner.
        if length >= 1.5 * corner:
            neighbours.add(pair)
        elif length >= 0.5 * corner:
            unclear.add(pair)
    height, width = labels.shape
    points = {}
    for number, (x, y, _) in design.inner_points().items():
        u, v = _apply(forward, x * zoom, y * zoom)
        if 0 <= u < width and 0 <= v < height:
            points[number] = (u, v)
    return Truth(
        points, frozenset(neighbours), frozenset(unclear), frozenset(design.coastal()), labels
    )


# ------------------------------------------------------------------------------ scoring
@dataclass(frozen=True)
class Score:
    """How a tracing compares with the truth."""

    total: int  # territories in the photo
    found: int  # of which exactly one traced region covers its point and is mostly it
    true_pairs: int  # true neighbour pairs
    true_pairs_found: int  # of which the tracer proposes
    proposed_pairs: int  # pairs the tracer proposes between found territories
    false_pairs: int  # of which are no neighbours at all
    sea_regions: int  # traced regions that are mostly sea or table

    @property
    def found_share(self) -> float:
        return self.found / self.total

    @property
    def adjacency_share(self) -> float:
        return self.true_pairs_found / self.true_pairs

    @property
    def false_share(self) -> float:
        return self.false_pairs / max(1, self.proposed_pairs)


def score(regions: Regions, truth: Truth) -> Score:
    """Compare traced regions with the truth: each region stands for the territory covering
    most of its pixels."""
    traced = regions.label_image()
    height, width = traced.shape
    scale = regions.scale
    rows = np.minimum(((np.arange(height) + 0.5) * scale).astype(int), truth.labels.shape[0] - 1)
    cols = np.minimum(((np.arange(width) + 0.5) * scale).astype(int), truth.labels.shape[1] - 1)
    true_under = truth.labels[rows[:, None], cols[None, :]]
    inside = traced > 0
    keys = traced[inside].astype(np.int64) * 100_000 + true_under[inside]
    pairs, counts = np.unique(keys, return_counts=True)
    best: dict[int, tuple[int, int, int]] = {}  # region -> (count, territory, region total)
    for key, count in zip(pairs, counts, strict=True):
        rid, territory = divmod(int(key), 100_000)
        kept_count, kept, total = best.get(rid, (0, 0, 0))
        if count > kept_count:
            kept_count, kept = int(count), territory
        best[rid] = (kept_count, kept, total + int(count))
    stands_for = {rid: t for rid, (n, t, total) in best.items() if n >= 0.5 * total}
    regions_of: dict[int, list[int]] = {}
    for rid, territory in stands_for.items():
        regions_of.setdefault(territory, []).append(rid)
    found = {
        territory
        for territory, (x, y) in truth.points.items()
        if regions_of.get(territory) == [regions.at(x, y)]
    }
    proposed = set()
    for a, b in regions.shared_borders():
        ta, tb = stands_for.get(a, 0), stands_for.get(b, 0)
        if ta in found and tb in found and ta != tb:
            proposed.add((min(ta, tb), max(ta, tb)))
    judged = {
        pair for pair in truth.neighbours if pair[0] in truth.points and pair[1] in truth.points
    }
    return Score(
        total=len(truth.points),
        found=len(found),
        true_pairs=len(judged),
        true_pairs_found=len(judged & proposed),
        proposed_pairs=len(proposed - truth.unclear),
        false_pairs=len(proposed - truth.neighbours - truth.unclear),
        sea_regions=sum(1 for rid in regions.ids() if stands_for.get(rid, -1) == 0),
    )
