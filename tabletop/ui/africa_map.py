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
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from tabletop.ui.i18n import power_name, t

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
        """The territory under canvas point (x, y), if any."""
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
    for name in names:
        terr = board[name]
        present = tuple(p for p in state.powers if name in state.presences.get(p, ()))
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
    """Disc positions around the anchor: (power, centre, kind) with kind present/removed."""
    pieces = [(p, "present") for p in view.presences] + [(p, "removed") for p in view.removed]
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
    """Top-left corners of the development spaces, in a row above the label."""
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
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_style = "#222222"
    font = ""
    for view in model.territories.values():
        # Narrow territories (the Gulf of Guinea coast) get a smaller label so names do not meet.
        xs = [p[0] for poly in view.polygons for p in poly]
        narrow = bool(xs) and max(xs) - min(xs) < 7 * len(view.label)
        wanted = "bold 9px sans-serif" if narrow else "bold 11px sans-serif"
        if wanted != font:
            c.font = font = wanted
        x, y = view.anchor
        if narrow:
            # Squeeze the name into the territory's width rather than spill onto a neighbour.
            c.fill_text(view.label, x, y - 8, max_width=max(max(xs) - min(xs) - 4, 12))
        else:
            c.fill_text(view.label, x, y - 8)
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
            c.font = "bold 18px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            c.fill_style = "#b8860b"
            c.fill_text("★", x + 7 * len(view.label) / 2 + 10, y - 8)


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
    box_h = 28 + line * len(entries)
    x0 = 8.0
    y0 = model.height - box_h - 8
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
