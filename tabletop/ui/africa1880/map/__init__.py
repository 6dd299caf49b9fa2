"""The Africa 1880 map: the model as plain data (``layout``), a pure drawing of it (``drawing``)
and the canvas widget around both (``view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.africa1880.map.canvas_shapes import circle_layout
    from tabletop.ui.africa1880.map.changes import Changes, changes_from_report
    from tabletop.ui.africa1880.map.drawing import draw, draw_hover
    from tabletop.ui.africa1880.map.layout import (
        NEW,
        PIN_ADDED,
        REMOVED,
        MapModel,
        TerritoryView,
        build_map_model,
        describe,
        legend_entries,
    )
    from tabletop.ui.africa1880.map.view import AfricaMapView

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "circle_layout": "tabletop.ui.africa1880.map.canvas_shapes",
        "draw": "tabletop.ui.africa1880.map.drawing",
        "draw_hover": "tabletop.ui.africa1880.map.drawing",
        "NEW": "tabletop.ui.africa1880.map.layout",
        "PIN_ADDED": "tabletop.ui.africa1880.map.layout",
        "REMOVED": "tabletop.ui.africa1880.map.layout",
        "Changes": "tabletop.ui.africa1880.map.changes",
        "MapModel": "tabletop.ui.africa1880.map.layout",
        "TerritoryView": "tabletop.ui.africa1880.map.layout",
        "build_map_model": "tabletop.ui.africa1880.map.layout",
        "changes_from_report": "tabletop.ui.africa1880.map.changes",
        "describe": "tabletop.ui.africa1880.map.layout",
        "legend_entries": "tabletop.ui.africa1880.map.layout",
        "AfricaMapView": "tabletop.ui.africa1880.map.view",
    },
)

__all__ = [
    "NEW",
    "PIN_ADDED",
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
]
