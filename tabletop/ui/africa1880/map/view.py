"""The map widget: redraws from its model when a browser connects (ipycanvas draws nothing sent
before the page is ready) and shows a territory's details on hover, click or tap."""

from __future__ import annotations

import html

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import MultiCanvas  # type: ignore[import-untyped]

from tabletop.ui.africa1880.map.drawing import draw, draw_hover
from tabletop.ui.africa1880.map.layout import MAP_WIDTH, MapModel, describe
from tabletop.ui.africa1880.texts import t


class AfricaMapView(widgets.VBox):
    """The map canvas with a details line; redraws from its model whenever a page connects."""

    def __init__(self, model: MapModel | None = None) -> None:
        width = model.width if model else MAP_WIDTH
        self.canvas = MultiCanvas(4, width=width, height=model.height if model else width)
        self.canvas.add_class("tt-map")
        # Shown 1:1 where the page has room, scaled down (keeping its shape) where it has not;
        # ipycanvas reports pointer positions in canvas pixels at any scale.
        self.canvas.layout.width = "100%"
        self.canvas.layout.max_width = f"{width}px"
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
        # Touch screens send no mouse events to the canvas (ipycanvas takes the touch itself).
        self.canvas.on_touch_start(self._on_touch)
        super().__init__([self.note, self.canvas, self.details])
        self.add_class("tt-map-view")
        # Beside the report where the row has room, under it where not; never wider than the
        # drawing, and a long details line wraps instead of widening the column.
        self.layout.flex = "1 1 20em"
        self.layout.min_width = "0"
        self.layout.max_width = f"{width}px"
        self.details.layout.min_height = "3.6em"
        if model is not None:
            self.set_model(model)

    def set_model(self, model: MapModel) -> None:
        """Show ``model`` (drawn at once if a page is connected, else when one connects)."""
        self.model = model
        if (self.canvas.width, self.canvas.height) != (model.width, model.height):
            self.canvas.width = model.width
            self.canvas.height = model.height
            self.canvas.layout.max_width = f"{model.width}px"
            self.layout.max_width = f"{model.width}px"
        self.note.value = (
            f'<span class="tt-msg-warn">{t("no_geometry", model.lang)}</span>'
            if model.fallback
            else ""
        )
        self.details.value = _wrapping(t("map_details_hint", model.lang))
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
        self.details.value = _wrapping(
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

    def _on_touch(self, touches: list[tuple[float, float]]) -> None:
        # The first finger selects, as a click would; more fingers (a pinch) change nothing.
        if len(touches) == 1:
            self._on_click(*touches[0])


def _wrapping(text: str) -> str:
    """``text`` as HTML that wraps within the map's width."""
    return f'<div style="white-space: normal">{html.escape(text)}</div>'
