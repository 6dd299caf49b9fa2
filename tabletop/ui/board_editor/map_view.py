"""The editor's map: a two-layer canvas (the photo, then the territories), its clicks and taps.

The canvas is drawn only once the browser has it (``on_client_ready``) and then from the
controller's changes. Browsers do not turn a finger's tap on the canvas into mouse events
(ipycanvas stops them), so taps come from its touch events (:class:`PointTaps`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import MultiCanvas, hold_canvas  # type: ignore[import-untyped]

from tabletop.ui.board_editor.controller import BoardEditorController
from tabletop.ui.board_editor.scene import Scaler, Scene, build_scene, canvas_size, draw_scene

__all__ = ["MapView", "PointTaps"]

#: A finger moving farther than this (canvas pixels) between down and up drags: no tap.
TAP_SLOP = 12.0
#: A mouse event this soon after a tap near the same point is the browser's copy of the tap.
MOUSE_AFTER_TAP_SECONDS = 0.8

Point = tuple[float, float]


class PointTaps:
    """Mouse clicks and single-finger taps on a canvas, each one ``on_point(x, y)`` call."""

    def __init__(
        self, on_point: Callable[[float, float], None], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.on_point = on_point
        self.clock = clock
        self._down: Point | None = None
        self._last_tap: tuple[Point, float] | None = None

    def connect(self, canvas: Any) -> PointTaps:
        canvas.on_mouse_down(self.mouse_down)
        canvas.on_touch_start(self.touch_start)
        canvas.on_touch_move(self.touch_move)
        canvas.on_touch_end(self.touch_end)
        canvas.on_touch_cancel(self.touch_cancel)
        return self

    def mouse_down(self, x: float, y: float) -> None:
        if self._last_tap is not None:
            (tx, ty), when = self._last_tap
            if math.hypot(x - tx, y - ty) <= TAP_SLOP and self.clock() - when < (
                MOUSE_AFTER_TAP_SECONDS
            ):
                self._last_tap = None
                return
        self.on_point(float(x), float(y))

    def touch_start(self, touches: Sequence[Point]) -> None:
        self._down = (float(touches[0][0]), float(touches[0][1])) if len(touches) == 1 else None

    def touch_move(self, touches: Sequence[Point]) -> None:
        if self._down is None or len(touches) != 1:
            self._down = None
            return
        x, y = touches[0]
        if math.hypot(x - self._down[0], y - self._down[1]) > TAP_SLOP:
            self._down = None

    def touch_end(self, touches: Sequence[Point]) -> None:
        if touches:
            self._down = None
            return
        down, self._down = self._down, None
        if down is not None:
            self._last_tap = (down, self.clock())
            self.on_point(*down)

    def touch_cancel(self, _touches: Sequence[Point]) -> None:
        self._down = None


class MapView(widgets.VBox):
    """The map of the board being edited; taps go to ``controller.tap`` in drawing pixels."""

    def __init__(self, controller: BoardEditorController) -> None:
        self.controller = controller
        self.scaler = Scaler()
        self.scale = 1.0
        self._photo_shown: tuple[bytes | None, int, int] | None = None
        self._ready = False
        self.canvas = MultiCanvas(2, width=600, height=400)
        self.canvas.add_class("tt-board-map")
        # Shown 1:1 where the page has room, scaled down (keeping its shape) where not; the
        # events come in the canvas's own pixels either way.
        self.canvas.layout.width = "100%"
        self.canvas.layout.max_width = "600px"
        self.taps = PointTaps(self._tapped).connect(self.canvas)
        self.canvas.on_client_ready(self._client_ready)
        super().__init__([self.canvas])
        self.add_class("tt-board-view")
        self.layout.flex = "1 1 600px"
        self.layout.max_width = "100%"
        controller.observe(lambda _c: self.redraw(), names="revision")

    def _tapped(self, x: float, y: float) -> None:
        self.controller.tap(x / self.scale, y / self.scale)

    def _client_ready(self) -> None:
        self._ready = True
        self._photo_shown = None
        self.redraw()

    def scene(self) -> Scene | None:
        """What the map shows now (None before a board is open)."""
        ctl = self.controller
        if ctl.draft is None:
            return None
        return build_scene(
            ctl.draft,
            self.scale,
            mode=ctl.mode,
            selected=ctl.selected,
            pending=ctl.pending,
            scaler=self.scaler,
            lang=ctl.lang,
        )

    def redraw(self) -> None:
        """Draw the board as the controller holds it (once the browser has the canvas)."""
        ctl = self.controller
        if ctl.draft is None:
            return
        state = ctl.draft.state
        width, height, self.scale = canvas_size(state.width, state.height)
        scene = self.scene()
        if not self._ready or scene is None:
            return
        with hold_canvas():
            if (self.canvas.width, self.canvas.height) != (width, height):
                self.canvas.width, self.canvas.height = width, height
                self.canvas.layout.max_width = f"{width}px"
                self._photo_shown = None
            if self._photo_shown != (ctl.photo, width, height):
                self._draw_background(ctl.photo, width, height)
            draw_scene(self.canvas[1], scene)

    def _draw_background(self, photo: bytes | None, width: int, height: int) -> None:
        layer = self.canvas[0]
        layer.clear()
        if photo is None:
            layer.fill_style = "#fdfbf3"
            layer.fill_rect(0, 0, width, height)
        else:
            layer.draw_image(widgets.Image(value=photo), 0, 0, width, height)
        self._photo_shown = (photo, width, height)
