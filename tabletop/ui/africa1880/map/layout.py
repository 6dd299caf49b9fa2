"""The map as plain data: ``build_map_model`` turns a board, its drawing geometry (or none), a
game state and the changes of a round into a ``MapModel`` in canvas coordinates.

The colours of the powers and marks live here too, so the drawing and the page agree on them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.ui.africa1880.map.canvas_shapes import (
    MAP_WIDTH,
    Point,
    board_shapes,
    drawing_frame,
    inputs_of,
)
from tabletop.ui.africa1880.map.changes import Changes
from tabletop.ui.africa1880.map.placement import Placement
from tabletop.ui.africa1880.map.shipped import placements_for
from tabletop.ui.africa1880.texts import power_name, t

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
    #: The name in the model's language (the board's own spelling where it gives none): what
    #: the text view says; the canvas draws ``label``.
    display_name: str = ""
    #: What the step shown is about (the reveal outlines it on the canvas; the text says so).
    highlighted: bool = False
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
    #: The drawing's box on the canvas (left, top, width, height): where the photo it was traced
    #: on goes (its coordinates are the photo's pixels); None for a board without a drawing.
    frame: tuple[float, float, float, float] | None = None

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
    width, height, shapes, anchors, outline, edges = board_shapes(board, geometry, size)
    fallback = geometry is None
    frame = None
    if geometry is not None:
        scale, (left, top), _, _ = drawing_frame(geometry, size)
        frame = (left, top, float(geometry.width) * scale, float(geometry.height) * scale)

    removed: dict[str, list[str]] = {}
    for power, territory in changes.removed:
        removed.setdefault(territory, []).append(power)
    new: dict[str, list[str]] = {}
    for power, territory in changes.new:
        new.setdefault(territory, []).append(power)

    inputs = inputs_of(board, shapes, width, height)
    labels = inputs[1]
    placements = placements_for(inputs)
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
            display_name=_display_name(terr, name, lang),
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
        frame=frame,
    )


def _display_name(territory: Any, name: str, lang: str) -> str:
    """Territory ``name``'s name in ``lang`` (``name`` for a board that gives none)."""
    display = getattr(territory, "display_name", None)
    return str(display(lang)) if callable(display) else name


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
