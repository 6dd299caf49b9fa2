"""Clicks and finger taps on the board: one square each, never twice for one tap."""

from __future__ import annotations

from tabletop.ui.massai.squares import Geometry

# --- clicks and taps ---------------------------------------------------------------------------
# The events are sent as the ipycanvas front end sends them (its ``touch_end`` lists the fingers
# still down: none when a single finger is lifted).


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _board() -> tuple[object, Geometry, list[str], Clock]:
    from tabletop.ui.massai.canvas import make_canvas
    from tabletop.ui.massai.taps import SquareTaps

    geometry = Geometry(columns=8, rows=6)
    canvas = make_canvas(geometry)
    squares: list[str] = []
    clock = Clock()
    SquareTaps(geometry, squares.append, clock=clock).connect(canvas)
    return canvas, geometry, squares, clock


def _send(canvas: object, event: str, *points: tuple[float, float]) -> None:
    if event.startswith("mouse"):
        x, y = points[0]
        content: dict[str, object] = {"event": event, "x": x, "y": y}
    else:
        content = {"event": event, "touches": [{"x": x, "y": y} for x, y in points]}
    canvas._handle_frontend_event(canvas, content, [])  # type: ignore[attr-defined]


def test_a_click_names_its_square_once() -> None:
    canvas, geometry, squares, _clock = _board()
    _send(canvas, "mouse_down", geometry.center("d4"))
    _send(canvas, "mouse_up", geometry.center("d4"))
    assert squares == ["d4"]
    _send(canvas, "mouse_down", (3, 3))  # the margin: no square
    assert squares == ["d4"]


def test_a_tap_names_the_square_where_the_finger_went_down() -> None:
    canvas, geometry, squares, _clock = _board()
    _send(canvas, "touch_start", geometry.center("b2"))
    _send(canvas, "touch_end")
    assert squares == ["b2"]
    # A finger that wobbles a little is still a tap.
    x, y = geometry.center("g5")
    _send(canvas, "touch_start", (x, y))
    _send(canvas, "touch_move", (x + 8, y - 6))
    _send(canvas, "touch_end")
    assert squares == ["b2", "g5"]


def test_drags_two_fingers_and_cancelled_touches_are_not_taps() -> None:
    canvas, geometry, squares, _clock = _board()
    x, y = geometry.center("c3")
    _send(canvas, "touch_start", (x, y))
    _send(canvas, "touch_move", (x + geometry.cell, y))
    _send(canvas, "touch_end")
    _send(canvas, "touch_start", (x, y), geometry.center("e3"))
    _send(canvas, "touch_end", (x, y))
    _send(canvas, "touch_end")
    _send(canvas, "touch_start", (x, y))
    _send(canvas, "touch_cancel")
    _send(canvas, "touch_end")
    _send(canvas, "touch_start", (2, 2))  # in the margin
    _send(canvas, "touch_end")
    assert squares == []


def test_the_mouse_copy_of_a_tap_is_not_a_second_click() -> None:
    canvas, geometry, squares, clock = _board()
    _send(canvas, "touch_start", geometry.center("d2"))
    _send(canvas, "touch_end")
    clock.now += 0.05
    _send(canvas, "mouse_down", geometry.center("d2"))  # the browser's compatibility event
    assert squares == ["d2"]
    # A real click later, or on another square, counts.
    clock.now += 2
    _send(canvas, "mouse_down", geometry.center("d2"))
    _send(canvas, "mouse_down", geometry.center("e2"))
    assert squares == ["d2", "d2", "e2"]


def test_the_geometry_can_change_with_the_board() -> None:
    from tabletop.ui.massai.canvas import make_canvas
    from tabletop.ui.massai.taps import connect_squares

    small = Geometry(columns=4, rows=4)
    canvas = make_canvas(small)
    squares: list[str] = []
    taps = connect_squares(canvas, small, squares.append)
    taps.geometry = Geometry(columns=8, rows=6)
    _send(canvas, "touch_start", taps.geometry.center("h6"))
    _send(canvas, "touch_end")
    assert squares == ["h6"]
