"""Tracing a board from a photo: the territories are the regions that the printed dark border
lines separate, the sea is what touches the image's edge, and two territories are neighbours when
the line between them is thin and long enough not to be a corner.

:func:`read_photo` decodes a photo safely (size limits before decoding, EXIF orientation) at a
working resolution; :func:`trace` finds the regions; :class:`Regions` is the editing model a
person corrects (merge, split, draw, erase); :func:`proposed_board` turns it into a board-file
dict with placeholder names and the traced drawing.

Every public coordinate is in the ORIGINAL photo's pixels, x to the right, y down; the work is
done on a smaller copy (``TraceSettings.work_side``). numpy, scipy and Pillow are imported inside
the functions, so importing the board never pays for them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

Point = tuple[float, float]

#: The largest photo read: above this many pixels or bytes it is refused before decoding.
MAX_PIXELS = 50_000_000
MAX_BYTES = 40 * 1024 * 1024
#: The image formats read (a phone's JPEG may open as an MPO: a JPEG with a second picture).
FORMATS = ("PNG", "JPEG", "WEBP")

#: In :meth:`Regions.label_image`: pixels of the sea, and pixels of no region (border lines).
SEA = -1
NOTHING = 0

#: Two regions whose shared border is shorter than this fraction of the photo's longer side
#: are not neighbours (a corner where four territories meet is a few pixels of contact).
CORNER_FRACTION = 0.012
#: Pixels this fraction as dark as a clear line count when they continue one.
HYSTERESIS = 0.35
#: A board file's drawing holds at most so many rings per territory, and points per ring.
MAX_RINGS = 50
MAX_RING_POINTS = 2000
#: A cut or a drawn outline smaller than this (working pixels) is no region.
_TINY = 4


class PhotoError(ValueError):
    """A file that cannot be traced, said in one plain line (not an image, too large, cut
    short...)."""


@dataclass(frozen=True)
class TraceSettings:
    """The tracer's few controls.

    ``gap``: gaps in the border lines up to this many working pixels are bridged;
    ``smallest``: regions below this percent of the land's area are dropped (specks, the inside
    of letters); ``work_side``: the longest side of the working copy of the photo.
    """

    gap: int = 2
    smallest: float = 0.1
    work_side: int = 1600

    def __post_init__(self) -> None:
        if not 0 <= self.gap <= 20:
            raise ValueError(f"gap {self.gap}: from 0 to 20 pixels")
        if not 0 <= self.smallest <= 50:
            raise ValueError(f"smallest {self.smallest}: from 0 to 50 percent")
        if not 200 <= self.work_side <= 4000:
            raise ValueError(f"work_side {self.work_side}: from 200 to 4000 pixels")


@dataclass(frozen=True, eq=False)
class Photo:
    """A photo at the working resolution: ``pixels`` (height x width x 3, uint8), the original
    ``width`` and ``height`` in pixels (after its EXIF orientation), and ``scale``, original
    pixels per working pixel."""

    pixels: NDArray[np.uint8]
    width: int
    height: int
    scale: float


# ------------------------------------------------------------------------------ reading a photo
def read_photo(data: bytes, settings: TraceSettings = TraceSettings()) -> Photo:
    """Decode a PNG or JPEG photo (EXIF orientation applied) into RGB at the working size.

    Raises :class:`PhotoError` for anything else: no bytes, not an image, a format not read,
    more than 50 megapixels or 40 MB (checked before decoding), a damaged or truncated file.
    """
    from PIL import Image, UnidentifiedImageError

    if not isinstance(data, bytes | bytearray | memoryview):
        raise PhotoError("not a photo: expected the bytes of a PNG or JPEG file")
    if len(data) == 0:
        raise PhotoError("the file is empty; expected a photo (PNG or JPEG)")
    if len(data) > MAX_BYTES:
        raise PhotoError(f"the file is too large ({len(data) / 2**20:.0f} MB; at most 40 MB)")
    try:
        image = Image.open(io.BytesIO(bytes(data)), formats=FORMATS)
    except UnidentifiedImageError:
        raise PhotoError("not a photo this program reads (PNG or JPEG expected)") from None
    except Image.DecompressionBombError:
        raise PhotoError("the image is too large (at most 50 megapixels)") from None
    except (OSError, ValueError, SyntaxError):
        raise PhotoError("the image is damaged and cannot be read") from None
    with image:
        width, height = image.size
        if width * height > MAX_PIXELS:
            megapixels = width * height / 1e6
            raise PhotoError(f"the image is too large ({megapixels:.0f} megapixels; at most 50)")
        if width < 16 or height < 16:
            raise PhotoError(f"the image is too small ({width} x {height} pixels) to trace")
        try:
            rgb = _decoded(image, settings.work_side)
            orientation = image.getexif().get(0x0112, 1)
        except Image.DecompressionBombError:
            raise PhotoError("the image is too large (at most 50 megapixels)") from None
        except (OSError, ValueError, SyntaxError, EOFError):
            raise PhotoError("the image is damaged or cut short and cannot be read") from None
    import numpy as np

    if orientation in (5, 6, 7, 8):  # a quarter turn: the photo's width is the file's height
        width, height = height, width
    pixels = np.asarray(rgb, dtype=np.uint8)
    scale = max(width, height) / max(pixels.shape[0], pixels.shape[1])
    return Photo(pixels=pixels, width=width, height=height, scale=scale)


def _decoded(image: Any, work_side: int) -> Any:
    """The image decoded, turned upright, in RGB on white, at most ``work_side`` pixels long."""
    from PIL import Image, ImageOps

    longest = max(image.size)
    if image.format in ("JPEG", "MPO") and longest > 2 * work_side:
        # Decoding a JPEG at 1/2, 1/4 or 1/8 of its size is much faster than decoding it whole.
        image.draft(
            "RGB", (image.size[0] * work_side // longest, image.size[1] * work_side // longest)
        )
    image.load()
    upright = ImageOps.exif_transpose(image)
    if upright.mode in ("I", "I;16", "I;16B", "I;16L", "F"):
        # A 16-bit grey scan: its values run to 65535, not 255.
        import numpy as np

        wide = np.asarray(upright, dtype=np.float64)
        top = 65535.0 if upright.mode.startswith("I") else max(1.0, float(wide.max()))
        upright = Image.fromarray(np.clip(wide * 255.0 / top, 0, 255).astype(np.uint8))
    if upright.mode in ("RGBA", "LA", "PA") or (
        upright.mode == "P" and "transparency" in upright.info
    ):
        rgba = upright.convert("RGBA")
        rgb = Image.new("RGB", rgba.size, (255, 255, 255))
        rgb.paste(rgba, mask=rgba.getchannel("A"))
    else:
        rgb = upright.convert("RGB")
    longest = max(rgb.size)
    if longest > work_side:
        size = (
            max(1, round(rgb.size[0] * work_side / longest)),
            max(1, round(rgb.size[1] * work_side / longest)),
        )
        rgb = rgb.resize(size, Image.Resampling.BOX)
    return rgb


# ------------------------------------------------------------------------------ tracing
def trace(photo: Photo, settings: TraceSettings = TraceSettings()) -> Regions:
    """The regions of a board photo: territories between the dark border lines, the sea (what
    touches the image's edge) apart, specks smaller than ``settings.smallest`` dropped, the
    letters printed inside a territory part of it."""
    grey = _lightness(photo.pixels)
    lines = border_lines(grey, settings.gap)
    labels = _regions_between(lines, settings.smallest)
    _seas_inside_frames(labels)
    _fill_letters(labels)
    _spread_over_lines(labels, reach=settings.gap + 5)
    return Regions(labels, photo.scale, (photo.width, photo.height))


def _lightness(pixels: NDArray[np.uint8]) -> NDArray[np.float32]:
    import numpy as np

    rgb = pixels.astype(np.float32)
    grey: NDArray[np.float32] = rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114
    return grey


def border_lines(grey: NDArray[np.float32], gap: int) -> NDArray[np.bool_]:
    """Where the dark lines are: pixels darker than the light on BOTH their sides in some
    direction (a valley, not the edge between two colours), relative to the local light so that
    glare and shade matter little; the threshold is Otsu's on that darkness; gaps up to ``gap``
    pixels are closed."""
    import numpy as np
    from scipy import ndimage  # type: ignore[import-untyped]

    height, width = grey.shape
    pad = 5
    padded = np.pad(grey, pad, mode="edge")
    darkness = np.zeros_like(grey)
    for reach in (1, 2, 3, 5):
        for dy, dx in ((0, reach), (reach, 0), (reach, reach), (reach, -reach)):
            ahead = padded[pad + dy : pad + dy + height, pad + dx : pad + dx + width]
            behind = padded[pad - dy : pad - dy + height, pad - dx : pad - dx + width]
            sides = np.minimum(ahead, behind)
            np.maximum(darkness, (sides - grey) / (sides + 8.0), out=darkness)
    # Half of Otsu's split: lines under glare or in shade are fainter than the rest.
    threshold = min(0.25, max(0.08, 0.5 * _otsu(darkness[darkness > 0.04])))
    # Hysteresis: fainter pixels count where they continue a clear line (a border fading
    # under glare or blur), not where they stand alone (noise, paper texture).
    faint, _ = ndimage.label(darkness > HYSTERESIS * threshold, structure=np.ones((3, 3)))
    clear = np.zeros(int(faint.max()) + 1, dtype=bool)
    clear[faint[darkness > threshold]] = True
    clear[0] = False
    lines: NDArray[np.bool_] = clear[faint]
    if gap > 0:
        structure = np.ones((gap + 1, gap + 1), dtype=bool)
        lines = ndimage.binary_closing(np.pad(lines, gap + 1), structure=structure)[
            gap + 1 : -(gap + 1), gap + 1 : -(gap + 1)
        ]
    return lines


def _otsu(values: NDArray[np.float32]) -> float:
    """Otsu's threshold of ``values`` (the one that best splits them in two classes)."""
    import numpy as np

    if values.size < 16:
        return 0.2
    counts, edges = np.histogram(values, bins=128, range=(0.0, 1.0))
    centres = (edges[:-1] + edges[1:]) / 2
    weight = np.cumsum(counts)
    mean = np.cumsum(counts * centres)
    total, total_mean = weight[-1], mean[-1]
    low = weight[:-1]
    high = total - low
    valid = (low > 0) & (high > 0)
    between = np.zeros(len(low))
    mean_low = np.divide(mean[:-1], low, out=np.zeros(len(low)), where=valid)
    mean_high = np.divide(total_mean - mean[:-1], high, out=np.zeros(len(low)), where=valid)
    between[valid] = low[valid] * high[valid] * (mean_low[valid] - mean_high[valid]) ** 2
    return float(edges[int(np.argmax(between)) + 1])


def _regions_between(lines: NDArray[np.bool_], smallest: float) -> NDArray[np.int32]:
    """Labels of the land between the lines (4-connected, so a thin diagonal line separates):
    :data:`SEA` for what touches the edge, :data:`NOTHING` for lines and specks, 1, 2, ... for
    the territories in the order of their first pixel."""
    import numpy as np
    from scipy import ndimage  # type: ignore[import-untyped]

    found, count = ndimage.label(~lines)
    sizes = np.bincount(found.ravel(), minlength=count + 1)
    edge = np.concatenate([found[0], found[-1], found[:, 0], found[:, -1]])
    sea = np.zeros(count + 1, dtype=bool)
    sea[edge] = True
    sea[0] = False
    land_area = int(sizes[1:][~sea[1:]].sum())
    keep = ~sea & (sizes >= smallest / 100 * land_area) & (sizes >= _TINY)
    keep[0] = False
    mapping = np.zeros(count + 1, dtype=np.int32)
    mapping[sea] = SEA
    mapping[keep] = np.arange(1, int(keep.sum()) + 1, dtype=np.int32)
    labels: NDArray[np.int32] = mapping[found]
    return labels


def _seas_inside_frames(labels: NDArray[np.int32]) -> None:
    """A region around at least half of the territories is the sea inside a printed frame (a
    border line drawn around the whole map), not a territory: it becomes sea (in place). A
    territory around an enclave or two is left alone."""
    import numpy as np
    from scipy import ndimage  # type: ignore[import-untyped]

    boxes = ndimage.find_objects(np.maximum(labels, 0))
    enough = max(3, len(boxes) // 2)
    for index, box in enumerate(boxes):
        if box is None:
            continue
        rid = index + 1
        part = labels[box]
        mine = part == rid
        enclosed = ndimage.binary_fill_holes(mine) & ~mine
        others = part[enclosed & (part > 0)]
        if len(np.unique(others)) >= enough:
            part[mine] = SEA


def _fill_letters(labels: NDArray[np.int32]) -> None:
    """Give each territory the holes it encloses that hold no other region: the names and
    marks printed inside it (in place)."""
    import numpy as np
    from scipy import ndimage  # type: ignore[import-untyped]

    for index, box in enumerate(ndimage.find_objects(np.maximum(labels, 0))):
        if box is None:
            continue
        rid = index + 1
        part = labels[box]
        mine = part == rid
        holes = ndimage.binary_fill_holes(mine) & ~mine
        if not holes.any():
            continue
        pieces, count = ndimage.label(holes)
        taken = np.bincount(pieces[(part != NOTHING) & holes], minlength=count + 1) > 0
        part[holes & ~taken[pieces]] = rid


def _spread_over_lines(labels: NDArray[np.int32], reach: int) -> None:
    """Hand each line pixel within ``reach`` to the nearest region (territory or sea), so
    regions on the two sides of a thin line touch and those across a wide sea do not."""
    from scipy import ndimage  # type: ignore[import-untyped]

    empty = labels == NOTHING
    if not empty.any() or empty.all():
        return
    distance, (rows, cols) = ndimage.distance_transform_edt(empty, return_indices=True)
    near = empty & (distance <= reach)
    labels[near] = labels[rows[near], cols[near]]


# ------------------------------------------------------------------------------ the regions
Box = tuple[slice, slice]


class Regions:
    """The traced regions of one photo, as a person corrects them.

    A label image at the working size holds :data:`SEA`, :data:`NOTHING` (border lines) or a
    region's id (1, 2, ...). Ids are stable: a merge keeps the smaller id, a split or a drawn
    outline takes a new one. Every coordinate in and out is in the ORIGINAL photo's pixels.
    """

    def __init__(
        self, labels: NDArray[np.int32], scale: float, photo_size: tuple[int, int]
    ) -> None:
        import numpy as np
        from scipy import ndimage  # type: ignore[import-untyped]

        self._labels: NDArray[np.int32] = np.ascontiguousarray(labels, dtype=np.int32)
        self._scale = float(scale)
        self._size = (int(photo_size[0]), int(photo_size[1]))
        boxes = ndimage.find_objects(np.maximum(self._labels, 0))
        self._boxes: dict[int, Box] = {
            index + 1: box for index, box in enumerate(boxes) if box is not None
        }
        self._next = max(self._boxes, default=0) + 1

    # ---------------------------------------------------------------- reading
    @property
    def photo_size(self) -> tuple[int, int]:
        """The original photo's (width, height) in pixels."""
        return self._size

    @property
    def scale(self) -> float:
        """Original pixels per working pixel."""
        return self._scale

    def label_image(self) -> NDArray[np.int32]:
        """A read-only view of the working label image (to colour a preview): region ids,
        :data:`SEA` or :data:`NOTHING`; pixel (row, col) covers the original pixels from
        (col * scale, row * scale)."""
        view: NDArray[np.int32] = self._labels.view()
        view.flags.writeable = False
        return view

    def ids(self) -> list[int]:
        """The regions' ids, in increasing order."""
        return sorted(self._boxes)

    def __len__(self) -> int:
        return len(self._boxes)

    def area(self, rid: int) -> float:
        """The region's area in original pixels squared."""
        import numpy as np

        box = self._box(rid)
        return float(np.count_nonzero(self._labels[box] == rid)) * self._scale**2

    def at(self, x: float, y: float) -> int | None:
        """The region under the original pixel (x, y), or None (sea, border line, outside)."""
        col, row = int(math.floor(x / self._scale)), int(math.floor(y / self._scale))
        height, width = self._labels.shape
        if not (0 <= row < height and 0 <= col < width):
            return None
        rid = int(self._labels[row, col])
        return rid if rid > 0 else None

    def label_point(self, rid: int) -> Point:
        """A point well inside the region (the farthest from its edge), where its name goes."""
        import numpy as np
        from scipy import ndimage  # type: ignore[import-untyped]

        box = self._box(rid)
        mine = np.pad(self._labels[box] == rid, 1)
        depth = ndimage.distance_transform_edt(mine)
        row, col = np.unravel_index(int(np.argmax(depth)), depth.shape)
        return self._original(box[1].start + int(col) - 1, box[0].start + int(row) - 1)

    def outline(self, rid: int) -> list[list[Point]]:
        """The region's outline as simplified rings in original pixels, one per separate part,
        the largest first; each ring is a filled polygon (territories enclosed by this one are
        drawn over it)."""
        import numpy as np
        from contourpy import LineType, contour_generator
        from scipy import ndimage  # type: ignore[import-untyped]

        box = self._box(rid)
        mine = np.pad(self._labels[box] == rid, 1)
        parts, count = ndimage.label(mine)
        sizes = np.bincount(parts.ravel(), minlength=count + 1)
        rings: list[list[Point]] = []
        largest_first = sorted(range(1, count + 1), key=lambda p: -int(sizes[p]))
        for part in largest_first[:MAX_RINGS]:
            solid = ndimage.binary_fill_holes(parts == part).astype(np.float64)
            lines = contour_generator(z=solid, line_type=LineType.Separate).lines(0.5)
            if not lines:
                continue
            longest = max(lines, key=len)  # type: ignore[arg-type]
            kept = simplify(np.asarray(longest, dtype=np.float64), tolerance=0.7)
            tolerance = 0.7
            while len(kept) > MAX_RING_POINTS:  # a board file's ring holds at most so many
                tolerance *= 2
                kept = simplify(kept, tolerance)
            if len(kept) < 4:  # a closed ring repeats its first point
                continue
            top, left = box[0].start - 1, box[1].start - 1
            rings.append([self._original(left + cx, top + cy) for cx, cy in kept[:-1]])
        return rings

    def touches_sea(self, rid: int, min_length: float | None = None) -> bool:
        """Whether the region borders the sea along at least ``min_length`` original pixels
        (by default half the corner threshold of :meth:`shared_borders`): the coastal proposal."""
        import numpy as np

        limit = self._corner_length() / 2 if min_length is None else min_length
        top, bottom, left, right = self._grown(self._box(rid), 1)
        part = self._labels[top:bottom, left:right]
        counts = _pair_counts(part)
        key = _pair_key(np.int64(SEA), np.int64(rid))
        return float(counts.get(int(key), 0)) * self._scale >= limit

    def shared_borders(self, min_length: float | None = None) -> dict[tuple[int, int], float]:
        """Pairs (a, b), a < b, of regions sharing a border across a thin line, with its length
        in original pixels, when at least ``min_length`` long (default: 1.2 % of the photo's
        longer side, so that four territories meeting at a point are not neighbours)."""
        limit = self._corner_length() if min_length is None else min_length
        out: dict[tuple[int, int], float] = {}
        for key, count in _pair_counts(self._labels).items():
            low, high = divmod(key, _KEY)
            low -= _OFFSET
            if low <= 0:
                continue
            length = count * self._scale
            if length >= limit:
                out[(low, high)] = length
        return dict(sorted(out.items()))

    # ---------------------------------------------------------------- editing
    def merge(self, a: int, b: int) -> int:
        """Join region ``b`` into region ``a`` (or the other way round): the smaller id stays
        and is returned."""
        if a == b:
            raise ValueError(f"region {a} cannot be merged with itself")
        keep, gone = min(a, b), max(a, b)
        box_keep, box_gone = self._box(keep), self._box(gone)
        part = self._labels[box_gone]
        part[part == gone] = keep
        self._boxes[keep] = _union(box_keep, box_gone)
        del self._boxes[gone]
        return keep

    def split(self, rid: int, start: Point, end: Point) -> tuple[int, int]:
        """Cut region ``rid`` along the segment from ``start`` to ``end`` (original pixels): the
        larger side keeps ``rid``, the other side gets a new id; returns both.

        Raises ValueError when the segment does not divide the region.
        """
        import numpy as np

        box = self._box(rid)
        part = self._labels[box]
        mine = part == rid
        cut = self._segment_mask(box, start, end) & mine
        side = _sides_of_cut(mine, cut, self._working(start), self._working(end), box)
        if side is None:
            raise ValueError(
                f"the cut does not divide region {rid}: draw it across the region, "
                "from one border to the other"
            )
        new = self._next
        self._next += 1
        part[side] = new
        self._boxes[rid] = _offset_box(box, mine & ~side)
        self._boxes[new] = _offset_box(box, side)
        assert np.any(side)
        return rid, new

    def draw(self, points: Sequence[Point]) -> int:
        """A region drawn by hand: the pixels inside the polygon ``points`` (original pixels)
        become a new region, taken from whatever lay there; returns its id."""
        import numpy as np
        from PIL import Image, ImageDraw

        if len(points) < 3:
            raise ValueError("an outline needs at least 3 points")
        height, width = self._labels.shape
        image = Image.new("1", (width, height), 0)
        working = [(x / self._scale - 0.5, y / self._scale - 0.5) for x, y in points]
        ImageDraw.Draw(image).polygon(working, fill=1, outline=1)
        inside = np.asarray(image, dtype=bool)
        if np.count_nonzero(inside) < _TINY:
            raise ValueError("the outline encloses no area: draw around the territory")
        new = self._next
        self._next += 1
        touched = {int(v) for v in np.unique(self._labels[inside]) if v > 0}
        self._labels[inside] = new
        self._boxes[new] = _offset_box((slice(0, height), slice(0, width)), inside)
        for other in touched:
            box = self._boxes[other]
            left_over = self._labels[box] == other
            if left_over.any():
                self._boxes[other] = _offset_box(box, left_over)
            else:
                del self._boxes[other]
        return new

    def erase(self, rid: int, to_sea: bool = False) -> None:
        """Remove a region (a lake, the table, a smudge): its pixels become nobody's, or the
        sea's with ``to_sea`` (then the regions around it are coastal)."""
        box = self._box(rid)
        part = self._labels[box]
        part[part == rid] = SEA if to_sea else NOTHING
        del self._boxes[rid]

    def copy(self) -> Regions:
        """An independent copy (for undo): the label image is copied, nothing else is big."""
        twin = Regions.__new__(Regions)
        twin._labels = self._labels.copy()
        twin._scale = self._scale
        twin._size = self._size
        twin._boxes = dict(self._boxes)
        twin._next = self._next
        return twin

    # ---------------------------------------------------------------- inside
    def _box(self, rid: int) -> Box:
        try:
            return self._boxes[rid]
        except KeyError:
            raise ValueError(f"there is no region {rid}") from None

    def _grown(self, box: Box, by: int) -> tuple[int, int, int, int]:
        height, width = self._labels.shape
        return (
            max(0, box[0].start - by),
            min(height, box[0].stop + by),
            max(0, box[1].start - by),
            min(width, box[1].stop + by),
        )

    def _corner_length(self) -> float:
        return CORNER_FRACTION * max(self._size)

    def _original(self, col: float, row: float) -> Point:
        return ((col + 0.5) * self._scale, (row + 0.5) * self._scale)

    def _working(self, point: Point) -> Point:
        return (point[0] / self._scale - 0.5, point[1] / self._scale - 0.5)

    def _segment_mask(self, box: Box, start: Point, end: Point) -> NDArray[np.bool_]:
        """The pixels of ``box`` on the segment (8-connected: it separates 4-connected parts)."""
        import numpy as np

        (x0, y0), (x1, y1) = self._working(start), self._working(end)
        steps = int(math.ceil(max(abs(x1 - x0), abs(y1 - y0)) * 3)) + 2
        t = np.linspace(0.0, 1.0, steps)
        cols = np.rint(x0 + t * (x1 - x0)).astype(np.int64) - box[1].start
        rows = np.rint(y0 + t * (y1 - y0)).astype(np.int64) - box[0].start
        height, width = box[0].stop - box[0].start, box[1].stop - box[1].start
        inside = (rows >= 0) & (rows < height) & (cols >= 0) & (cols < width)
        mask = np.zeros((height, width), dtype=bool)
        mask[rows[inside], cols[inside]] = True
        return mask


#: Pair keys: (low + _OFFSET) * _KEY + high, with low possibly SEA (-1).
_OFFSET = 1
_KEY = 1 << 31


def _pair_key(low: Any, high: Any) -> Any:
    return (low + _OFFSET) * _KEY + high


def _pair_counts(labels: NDArray[np.int32]) -> dict[int, int]:
    """How many pixel sides each pair of different labels (territories or sea) shares."""
    import numpy as np

    keys = []
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        differ = (a != b) & (a != NOTHING) & (b != NOTHING)
        low = np.minimum(a[differ], b[differ]).astype(np.int64)
        high = np.maximum(a[differ], b[differ]).astype(np.int64)
        keys.append(_pair_key(low, high))
    found, counts = np.unique(np.concatenate(keys), return_counts=True)
    return {int(k): int(c) for k, c in zip(found, counts, strict=True)}


def _union(a: Box, b: Box) -> Box:
    return (
        slice(min(a[0].start, b[0].start), max(a[0].stop, b[0].stop)),
        slice(min(a[1].start, b[1].start), max(a[1].stop, b[1].stop)),
    )


def _offset_box(box: Box, mask: NDArray[np.bool_]) -> Box:
    """The bounding box of ``mask`` (an array over ``box``) in the whole image."""
    import numpy as np

    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    top, left = box[0].start, box[1].start
    return (
        slice(top + int(rows[0]), top + int(rows[-1]) + 1),
        slice(left + int(cols[0]), left + int(cols[-1]) + 1),
    )


def _sides_of_cut(
    mine: NDArray[np.bool_], cut: NDArray[np.bool_], start: Point, end: Point, box: Box
) -> NDArray[np.bool_] | None:
    """The pixels of the region (``mine``, over ``box``) that go to the new region once ``cut``
    divides it, or None when the cut leaves it in one piece. Pieces are grouped by the side of
    the cut's line their centre lies on; the cut's own pixels and crumbs go to the nearest
    piece, so the two areas add up to the region's."""
    import numpy as np
    from scipy import ndimage  # type: ignore[import-untyped]

    pieces, count = ndimage.label(mine & ~cut)
    if count < 2:
        return None
    sizes = np.bincount(pieces.ravel(), minlength=count + 1)
    sizes[0] = 0
    big = [p for p in range(1, count + 1) if sizes[p] >= max(_TINY, 0.002 * sizes.sum())]
    if len(big) < 2:
        return None
    centres = ndimage.center_of_mass(mine, pieces, big)
    (x0, y0), (x1, y1) = start, end
    top, left = box[0].start, box[1].start
    sides = [(x1 - x0) * (top + cy - y0) - (y1 - y0) * (left + cx - x0) > 0 for cy, cx in centres]
    largest = max(big, key=lambda p: int(sizes[p]))
    keep_side = sides[big.index(largest)]
    if all(side == keep_side for side in sides):  # all on one side: the largest against the rest
        new_pieces = [p for p in big if p != largest]
    else:
        new_pieces = [p for p, side in zip(big, sides, strict=True) if side != keep_side]
    owner = np.zeros(mine.shape, dtype=np.int8)
    owner[np.isin(pieces, big)] = 1
    owner[np.isin(pieces, new_pieces)] = 2
    unowned = mine & (owner == 0)
    if unowned.any():
        _, (rows, cols) = ndimage.distance_transform_edt(owner == 0, return_indices=True)
        owner[unowned] = owner[rows[unowned], cols[unowned]]
    side: NDArray[np.bool_] = mine & (owner == 2)
    if 2 * np.count_nonzero(side) > np.count_nonzero(mine):  # the larger side keeps the id
        side = mine & (owner == 1)
    return side


def simplify(ring: NDArray[np.float64], tolerance: float) -> NDArray[np.float64]:
    """Douglas-Peucker: the points of the polyline ``ring`` (n x 2) that keep it within
    ``tolerance`` of the original (the ends are kept)."""
    import numpy as np

    count = len(ring)
    if count < 3:
        return ring
    keep = np.zeros(count, dtype=bool)
    keep[0] = keep[-1] = True
    # A closed ring: split it at its farthest point from the start first.
    far = int(np.argmax(np.hypot(*(ring - ring[0]).T)))
    keep[far] = True
    stack = [(0, far), (far, count - 1)]
    while stack:
        first, last = stack.pop()
        if last - first < 2:
            continue
        a, b = ring[first], ring[last]
        middle = ring[first + 1 : last]
        dx, dy = b - a
        norm = math.hypot(dx, dy)
        if norm == 0:
            distances = np.hypot(*(middle - a).T)
        else:
            distances = np.abs(dx * (middle[:, 1] - a[1]) - dy * (middle[:, 0] - a[0])) / norm
        index = int(np.argmax(distances))
        if distances[index] > tolerance:
            split = first + 1 + index
            keep[split] = True
            stack.extend(((first, split), (split, last)))
    kept: NDArray[np.float64] = ring[keep]
    return kept


# ------------------------------------------------------------------------------ the board
def reading_order(points: dict[int, Point], height: float) -> list[int]:
    """Ids sorted as a page is read: in rows top to bottom (a row is 6 % of ``height``), each
    row left to right."""
    band = max(1.0, 0.06 * height)
    rows: list[list[int]] = []
    row_top = -math.inf
    for rid in sorted(points, key=lambda r: (points[r][1], points[r][0])):
        if points[rid][1] - row_top > band:
            rows.append([])
            row_top = points[rid][1]
        rows[-1].append(rid)
    return [rid for row in rows for rid in sorted(row, key=lambda r: points[r][0])]


def proposed_board(regions: Regions, name: str = "Traced board") -> dict[str, Any]:
    """A board-file dict for the traced regions: placeholder names ``T1``, ``T2``... in reading
    order, coasts from :meth:`Regions.touches_sea`, neighbours from
    :meth:`Regions.shared_borders` (both ways), 2 spaces each, and the ``drawing``: each
    territory's polygons and label point in the photo's pixels."""
    width, height = regions.photo_size
    points = {rid: regions.label_point(rid) for rid in regions.ids()}
    order = reading_order(points, height)
    names = {rid: f"T{number}" for number, rid in enumerate(order, 1)}
    neighbours: dict[int, set[int]] = {rid: set() for rid in order}
    for a, b in regions.shared_borders():
        neighbours[a].add(b)
        neighbours[b].add(a)
    position = {rid: number for number, rid in enumerate(order)}
    territories = [
        {
            "name": names[rid],
            "coastal": regions.touches_sea(rid),
            "spaces": 2,
            "neighbours": [names[n] for n in sorted(neighbours[rid], key=position.__getitem__)],
        }
        for rid in order
    ]
    drawing = {
        "width": width,
        "height": height,
        "territories": {
            names[rid]: {
                "polygons": [_rounded(ring) for ring in regions.outline(rid)],
                "label": [round(points[rid][0], 1), round(points[rid][1], 1)],
            }
            for rid in order
        },
    }
    return {
        "format": "tabletop.africa1880.board",
        "version": 1,
        "name": name,
        "territories": territories,
        "drawing": drawing,
    }


def _rounded(ring: Iterable[Point]) -> list[list[float]]:
    return [[round(x, 1), round(y, 1)] for x, y in ring]


__all__ = [
    "NOTHING",
    "SEA",
    "Photo",
    "PhotoError",
    "Regions",
    "TraceSettings",
    "border_lines",
    "proposed_board",
    "read_photo",
    "reading_order",
    "simplify",
    "trace",
]
