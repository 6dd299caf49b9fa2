"""Clicks and finger taps on the Massai board turned into squares, once each.

ipycanvas stops the browser from turning a tap into mouse events on the canvas, so a touch
screen sends only touch events; :class:`SquareTaps` listens to both kinds. Use it through
:func:`connect_squares` (also importable from :mod:`tabletop.ui.massai.canvas`, whose module
docstring shows a page using it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.ui.massai.squares import Geometry

#: An ipycanvas ``Canvas`` (only its ``on_mouse_down`` and ``on_touch_*`` are used).
Canvas = Any

#: A finger moving more than this share of a square between down and up drags: no tap.
TAP_SLOP = 0.4
#: A mouse event this soon after a tap on the same square is the browser's copy of the tap.
MOUSE_AFTER_TAP_SECONDS = 0.8

Point = tuple[float, float]


class SquareTaps:
    """Turns a canvas's mouse clicks and finger taps into one ``on_square(square)`` call each.

    A tap is a single finger put down and lifted within :data:`TAP_SLOP` of a square from where
    it went down; ipycanvas reports a lifted finger with the touches still on the screen (none,
    for a single finger), so the square is the one where the finger went down. ``geometry`` may be
    replaced when the board changes size. ``clock`` is for tests.
    """

    def __init__(
        self,
        geometry: Geometry,
        on_square: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.geometry = geometry
        self.on_square = on_square
        self.clock = clock
        self._down: Point | None = None  # where the one finger of a possible tap went down
        self._last_tap: tuple[str, float] | None = None  # (square, time) of the last tap

    def connect(self, canvas: Canvas) -> SquareTaps:
        """Listen to ``canvas``'s mouse and touch events (returns ``self``)."""
        canvas.on_mouse_down(self.mouse_down)
        canvas.on_touch_start(self.touch_start)
        canvas.on_touch_move(self.touch_move)
        canvas.on_touch_end(self.touch_end)
        canvas.on_touch_cancel(self.touch_cancel)
        return self

    def mouse_down(self, x: float, y: float) -> None:
        """A click (canvas pixels); the copy a browser may send of a tap just made is ignored."""
        square = self.geometry.square_at(x, y)
        if square is None:
            return
        if self._last_tap is not None:
            tapped, when = self._last_tap
            if tapped == square and self.clock() - when < MOUSE_AFTER_TAP_SECONDS:
                self._last_tap = None
                return
        self.on_square(square)

    def touch_start(self, touches: Sequence[Point]) -> None:
        """Fingers on the screen now: one finger may become a tap, a second one cancels it."""
        self._down = (float(touches[0][0]), float(touches[0][1])) if len(touches) == 1 else None

    def touch_move(self, touches: Sequence[Point]) -> None:
        """A finger moved: too far from where it went down, it is a drag (no tap)."""
        if self._down is None or len(touches) != 1:
            self._down = None
            return
        x, y = touches[0]
        if math.hypot(x - self._down[0], y - self._down[1]) > TAP_SLOP * self.geometry.cell:
            self._down = None

    def touch_end(self, touches: Sequence[Point]) -> None:
        """A finger lifted (``touches``: those still down): the last one lifted ends the tap."""
        if touches:
            self._down = None  # fingers remain: a multi-finger gesture, not a tap
            return
        down, self._down = self._down, None
        if down is None:
            return
        square = self.geometry.square_at(*down)
        if square is not None:
            self._last_tap = (square, self.clock())
            self.on_square(square)

    def touch_cancel(self, _touches: Sequence[Point]) -> None:
        """The browser took the touch over (a scroll, a system gesture): no tap."""
        self._down = None


def connect_squares(
    canvas: Canvas, geometry: Geometry, on_square: Callable[[str], None]
) -> SquareTaps:
    """Call ``on_square(square)`` once per click or tap on a square of ``canvas``."""
    return SquareTaps(geometry, on_square).connect(canvas)
