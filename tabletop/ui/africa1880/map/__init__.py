"""The Africa 1880 map: the model as plain data (``layout``), a pure drawing of it (``drawing``)
and the canvas widget around both (``view``)."""

from tabletop.ui.africa1880.map.canvas_shapes import circle_layout
from tabletop.ui.africa1880.map.drawing import draw, draw_hover
from tabletop.ui.africa1880.map.layout import (
    NEW,
    PIN_ADDED,
    POWER_COLOURS,
    REMOVED,
    Changes,
    MapModel,
    TerritoryView,
    build_map_model,
    changes_from_report,
    describe,
    legend_entries,
    power_colour,
    power_letters,
)
from tabletop.ui.africa1880.map.view import AfricaMapView

__all__ = [
    "NEW",
    "PIN_ADDED",
    "POWER_COLOURS",
    "REMOVED",
    "AfricaMapView",
    "Changes",
    "MapModel",
    "TerritoryView",
    "build_map_model",
    "changes_from_report",
    "circle_layout",
    "describe",
    "draw",
    "draw_hover",
    "legend_entries",
    "power_colour",
    "power_letters",
]
