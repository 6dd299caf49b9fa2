"""The Massai board on a phone: coordinates along its edges as on the printed board, squares of
a finger's size (44 px at least) however narrow the screen, and a tap on a board scrolled
sideways still choosing the square under the finger."""

from __future__ import annotations

import re

import pytest

from tabletop.games.massai.board import square_name
from tabletop.games.massai.state import new_game
from tabletop.ui.massai.canvas import board_box, board_min_width, draw, make_canvas, size_canvas
from tabletop.ui.massai.squares import Geometry, Scene, geometry_for

#: The least side of a square a finger taps, in CSS pixels.
TOUCH_TARGET = 44


def _written(geometry: Geometry) -> list[tuple[str, float, float]]:
    """Every text the board's drawing writes, with where."""
    canvas = make_canvas(geometry)
    texts: list[tuple[str, float, float]] = []
    canvas.fill_text = lambda text, x, y, max_width=None: texts.append((text, x, y))  # type: ignore[method-assign]
    draw(canvas, geometry, Scene(state=new_game()))
    return texts


def _pixels(css: str) -> float:
    found = re.fullmatch(r"(\d+(?:\.\d+)?)px", css)
    assert found, css
    return float(found.group(1))


def test_each_column_has_its_letter_above_and_below_it() -> None:
    geometry = geometry_for(new_game())
    texts = _written(geometry)
    for column in range(geometry.columns):
        letter = square_name(column, 0)[:-1]
        x = geometry.center(square_name(column, 0))[0]
        ys = sorted(y for text, tx, y in texts if text == letter and tx == x)
        # One in the top margin, one in the bottom margin: outside the squares.
        assert len(ys) == 2, (letter, texts)
        assert ys[0] < geometry.margin and ys[1] > geometry.height - geometry.margin


def test_each_row_has_its_number_on_both_sides() -> None:
    geometry = geometry_for(new_game())
    texts = _written(geometry)
    for row in range(geometry.rows):
        y = geometry.center(square_name(0, row))[1]
        xs = sorted(x for text, x, ty in texts if text == str(row + 1) and ty == y)
        assert len(xs) == 2, (row + 1, texts)
        assert xs[0] < geometry.margin and xs[1] > geometry.width - geometry.margin


@pytest.mark.parametrize("columns, rows", [(8, 6), (4, 4), (12, 9)])
def test_a_square_is_never_smaller_than_a_finger(columns: int, rows: int) -> None:
    geometry = Geometry(columns=columns, rows=rows)
    canvas = make_canvas(geometry)
    # The narrowest the page may show the canvas, and a square's side at that width.
    narrowest = _pixels(canvas.layout.min_width)
    assert narrowest * geometry.cell / geometry.width >= TOUCH_TARGET
    # A 360 px phone cannot show the 8 x 6 board that way: it scrolls in its box.
    if (columns, rows) == (8, 6):
        assert narrowest > 360


def test_the_bounds_follow_a_new_board_size() -> None:
    small, large = Geometry(columns=4, rows=4), Geometry(columns=8, rows=6)
    canvas = make_canvas(small)
    size_canvas(canvas, large)
    assert (canvas.width, canvas.height) == (large.width, large.height)
    assert canvas.layout.min_width == board_min_width(large)
    assert _pixels(canvas.layout.min_width) > _pixels(board_min_width(small))


def test_the_board_scrolls_sideways_in_its_own_box() -> None:
    canvas = make_canvas(Geometry())
    box = board_box(canvas)
    assert box.children == (canvas,)
    assert box.layout.overflow == "auto hidden" and box.layout.width == "100%"  # x, then y
    assert "tt-massai-board-box" in box._dom_classes


def test_a_tap_on_a_scrolled_board_chooses_the_square_under_the_finger() -> None:
    # The browser sends a tap in the canvas's own pixels (ipycanvas scales the point from the
    # canvas's box on the screen, which moves with the scroll): every square's centre, and a
    # point near each corner of it, is that square, at a finger's scale of 46 px squares.
    from tabletop.ui.massai.taps import connect_squares

    geometry = Geometry()
    canvas = make_canvas(geometry)
    chosen: list[str] = []
    connect_squares(canvas, geometry, chosen.append)
    scale = _pixels(board_min_width(geometry)) / geometry.width
    expected: list[str] = []
    for square in new_game().board.squares:
        x, y = geometry.origin(square)
        # A finger lands within a few screen pixels of where it aimed.
        inset = 3 / scale
        for px, py in (
            geometry.center(square),
            (x + inset, y + inset),
            (x + geometry.cell - inset, y + geometry.cell - inset),
        ):
            for event, touches in (("touch_start", [{"x": px, "y": py}]), ("touch_end", [])):
                canvas._handle_frontend_event(canvas, {"event": event, "touches": touches}, [])
            expected.append(square)
    assert chosen == expected
