"""The Massai board drawing: squares found from clicks, marks big enough to see."""

from __future__ import annotations

from tabletop.ui.massai.canvas import Geometry


def test_geometry_maps_every_square_and_nothing_outside() -> None:
    geometry = Geometry(columns=8, rows=6)
    for column in "abcdefgh":
        for row in range(1, 7):
            x, y = geometry.center(f"{column}{row}")
            assert geometry.square_at(x, y) == f"{column}{row}"
    assert geometry.square_at(5, 5) is None
    assert geometry.square_at(geometry.width - 2, geometry.height / 2) is None
    # Row 1 is drawn at the bottom.
    assert geometry.center("a1")[1] > geometry.center("a6")[1]


def test_guard_marks_are_big_enough_to_see_from_the_table() -> None:
    # The yellow guard dot was 9 px on a 76 px square: hard to see at arm's length.
    from tabletop.games.massai.state import new_game
    from tabletop.ui.massai.canvas import Scene, draw, geometry_for, make_canvas

    state = new_game()
    geometry = geometry_for(state)
    canvas = make_canvas(geometry)
    circles: list[float] = []
    canvas.fill_circle = lambda x, y, radius: circles.append(radius)  # type: ignore[method-assign]
    draw(canvas, geometry, Scene(state=state, guards=("d4", "e4")))
    assert len(circles) == 2
    assert min(circles) >= geometry.cell * 0.16


# --- clicks and taps ---------------------------------------------------------------------------
# The events are sent as the ipycanvas front end sends them (its ``touch_end`` lists the fingers
# still down: none when a single finger is lifted).


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _board() -> tuple[object, Geometry, list[str], Clock]:
    from tabletop.ui.massai.canvas import SquareTaps, make_canvas

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
    from tabletop.ui.massai.canvas import connect_squares, make_canvas

    small = Geometry(columns=4, rows=4)
    canvas = make_canvas(small)
    squares: list[str] = []
    taps = connect_squares(canvas, small, squares.append)
    taps.geometry = Geometry(columns=8, rows=6)
    _send(canvas, "touch_start", taps.geometry.center("h6"))
    _send(canvas, "touch_end")
    assert squares == ["h6"]
