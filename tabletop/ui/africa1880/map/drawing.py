"""Drawing a ``MapModel`` on an ipycanvas ``MultiCanvas``: a pure function of the model.

Layer 0: map, 1: pieces, 2: highlights and legend, 3 when present: hover. It holds no game
logic, so tests call it with any canvas-like object.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ipycanvas import hold_canvas  # type: ignore[import-untyped]

from tabletop.games.africa1880.palette import letter_colour, power_colour, power_letters
from tabletop.ui.africa1880.map.canvas_shapes import LEGEND_LINE, Point, legend_box
from tabletop.ui.africa1880.map.layout import (
    BORDER,
    COLONY_FILL,
    DISC_R,
    LAND,
    NEW,
    PIN,
    PIN_ADDED,
    REMOVED,
    SEA,
    SELECT,
    SQUARE,
    MapModel,
    TerritoryView,
    legend_entries,
)
from tabletop.ui.africa1880.map.placement import STAR_R, leader_end
from tabletop.ui.africa1880.texts import t


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
    """(power, disc centre, "present" | "removed") in the territory's disc slots, in order."""
    pieces = [(p, "present") for p in view.presences] + [(p, "removed") for p in view.removed]
    if view.place is None:
        return []
    slots = view.place.discs
    return [(power, slots[i % len(slots)], kind) for i, (power, kind) in enumerate(pieces)]


def _square_slots(view: TerritoryView) -> list[Point]:
    """Top-left corners of the development spaces."""
    if view.place is None:
        return []
    return [(b.x, b.y) for b in view.place.spaces]


def _disc_r(view: TerritoryView) -> float:
    return view.place.disc_r if view.place is not None else DISC_R


def star_points(x: float, y: float, r: float = STAR_R) -> list[Point]:
    """A five-pointed star of outer radius ``r`` centred on (x, y), point up."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return points


#: How opaque the land's fills are over a photo: its printed map shows through, names and
#: borders drawn over it stay readable.
PHOTO_FILL_ALPHA = 0.35


def draw(canvas: Any, model: MapModel, photo: Any | None = None) -> None:
    """Paint ``model`` on ``canvas`` (a MultiCanvas with 3 or 4 layers, or one Canvas).

    Layer 0 holds the sea, the outline and the territories; layer 1 the pieces; layer 2 this
    round's changes and the legend; layer 3 (if any) is left to the hover highlight. ``photo``
    (an image ``draw_image`` takes: the photo the drawing was traced on) goes under the
    territories, scaled to the drawing's box, and their fills become translucent.
    """
    layers = _layers(canvas)
    base, pieces, marks = layers[0], layers[1], layers[2]
    with hold_canvas():
        for layer in {id(x): x for x in layers[:4]}.values():
            layer.clear()
        _draw_base(base, model, photo if model.frame is not None else None)
        _draw_pieces(pieces, model)
        _draw_marks(marks, model)
        _draw_legend(marks, model)


def _draw_base(c: Any, model: MapModel, photo: Any | None = None) -> None:
    c.fill_style = SEA
    c.fill_rect(0, 0, model.width, model.height)
    over_photo = False
    if photo is not None and model.frame is not None:
        c.draw_image(photo, *model.frame)
        over_photo = True
    if model.outline and not over_photo:  # over a photo, its own land is the ground
        c.fill_style = "#e9dcb8"
        c.fill_polygon(list(model.outline))
    c.line_width = 1.5
    c.stroke_style = "#9fb8c9"
    for a, b in model.edges:
        c.stroke_line(a[0], a[1], b[0], b[1])
    for view in model.territories.values():
        for poly in view.polygons:
            c.fill_style = COLONY_FILL if view.colony else LAND
            _translucent_fill(c, poly, over_photo)
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
        if view.place is not None and view.place.callout is not None:
            _callout(c, view)
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_style = "#222222"
    font = ""
    for view in model.territories.values():
        place = view.place
        if place is None:
            continue
        wanted = f"bold {place.font_px}px sans-serif"
        if wanted != font:
            c.font = font = wanted
        box = place.label
        line_h = box.h / len(place.lines)
        for i, line in enumerate(place.lines):
            # max_width keeps the name inside its box even if the browser's font runs wider.
            c.fill_text(line, box.x + box.w / 2, box.y + (i + 0.5) * line_h, max_width=box.w)
    if model.title:
        c.font = "bold 16px sans-serif"
        c.text_align = "left"
        c.fill_style = "#263238"
        c.fill_text(model.title, 10, 16)


def _translucent_fill(c: Any, poly: Sequence[Point], over_photo: bool) -> None:
    """Fill ``poly`` with the current fill style, faintly over a photo (borders stay opaque)."""
    if over_photo:
        c.global_alpha = PHOTO_FILL_ALPHA
    c.fill_polygon(list(poly))
    if over_photo:
        c.global_alpha = 1.0


def _callout(c: Any, view: TerritoryView) -> None:
    """A framed card in the sea, with a leader line to a dot in the territory."""
    place = view.place
    assert place is not None and place.callout is not None
    frame = place.callout
    end = leader_end(frame, place.pole)
    c.stroke_style = BORDER
    c.line_width = 1.5
    c.stroke_line(end[0], end[1], place.pole[0], place.pole[1])
    c.fill_style = BORDER
    c.fill_circle(place.pole[0], place.pole[1], 2.5)
    c.fill_style = COLONY_FILL if view.colony else LAND
    c.fill_rect(frame.x, frame.y, frame.w, frame.h)
    c.stroke_rect(frame.x, frame.y, frame.w, frame.h)


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


def _disc(c: Any, power: str, x: float, y: float, r: float = DISC_R) -> None:
    c.fill_style = power_colour(power)
    c.fill_circle(x, y, r)
    c.stroke_style = "#ffffff"
    c.line_width = 1.5
    c.stroke_circle(x, y, r - 0.75)
    c.fill_style = letter_colour(power)
    c.font = f"bold {max(8, round(r))}px sans-serif"
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
        r = _disc_r(view)
        for power, (x, y), kind in _piece_slots(view):
            if kind == "present":
                _disc(c, power, x, y, r)
            else:  # removed this round: a faded disc under the red cross
                c.global_alpha = 0.35
                _disc(c, power, x, y, r)
                c.global_alpha = 1.0
        if view.colony and view.place is not None:
            _star(c, *view.place.star)


def _star(c: Any, x: float, y: float) -> None:
    c.fill_style = "#b8860b"
    c.fill_polygon(star_points(x, y))


def _draw_marks(c: Any, model: MapModel) -> None:
    for view in model.territories.values():
        r = _disc_r(view)
        for power, (x, y), kind in _piece_slots(view):
            if kind == "removed":
                _cross(c, x, y, r)
            elif power in view.new:
                _ring(c, x, y, r)
        slots = _square_slots(view)
        first_added = max(0, view.pins - view.pins_added)
        for i in range(first_added, min(view.pins, len(slots))):
            x, y = slots[i]
            # A green edge on the square itself: it stays inside the square's own box.
            c.stroke_style = PIN_ADDED
            c.line_width = 2.0
            c.stroke_rect(x + 1, y + 1, SQUARE - 2, SQUARE - 2)
        if view.new_colony:
            for poly in view.polygons:
                c.stroke_style = "#b8860b"
                c.line_width = 4.0
                c.stroke_polygon(list(poly))


def _cross(c: Any, x: float, y: float, disc_r: float = DISC_R) -> None:
    r = disc_r - 1.5  # the cross with its white edge stays on the disc
    c.line_width = 5.0
    c.stroke_style = "#ffffff"
    c.stroke_line(x - r, y - r, x + r, y + r)
    c.stroke_line(x - r, y + r, x + r, y - r)
    c.line_width = 3.0
    c.stroke_style = REMOVED
    c.stroke_line(x - r, y - r, x + r, y + r)
    c.stroke_line(x - r, y + r, x + r, y - r)


def _ring(c: Any, x: float, y: float, disc_r: float = DISC_R) -> None:
    # A thick green edge on the disc itself: it stays inside the disc's own box.
    c.line_width = 2.5
    c.stroke_style = NEW
    c.stroke_circle(x, y, disc_r - 1.25)


def _draw_legend(c: Any, model: MapModel) -> None:
    entries = legend_entries(model)
    line = LEGEND_LINE
    box = legend_box(model.height, len(model.powers))
    x0, y0 = box.x, box.y
    c.global_alpha = 0.9
    c.fill_style = "#ffffff"
    c.fill_rect(x0, y0, box.w, box.h)
    c.global_alpha = 1.0
    c.stroke_style = "#555555"
    c.line_width = 1.0
    c.stroke_rect(x0, y0, box.w, box.h)
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
            _star(c, x, y)
        elif kind == "removed":
            _cross(c, x, y)
        elif kind == "new":
            _disc(c, model.powers[0] if model.powers else "", x, y)
            _ring(c, x, y)
        elif kind == "pins_added":
            c.fill_style = PIN
            c.fill_rect(x - 4, y - 4, SQUARE, SQUARE)
            c.stroke_style = PIN_ADDED
            c.line_width = 2.0
            c.stroke_rect(x - 3, y - 3, SQUARE - 2, SQUARE - 2)
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
