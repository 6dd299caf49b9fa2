"""The Massai board drawing: squares found from clicks, marks big enough to see."""

from __future__ import annotations

from tabletop.ui.massai.squares import Geometry


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
    from tabletop.ui.massai.canvas import draw, make_canvas
    from tabletop.ui.massai.squares import Scene, geometry_for

    state = new_game()
    geometry = geometry_for(state)
    canvas = make_canvas(geometry)
    circles: list[float] = []
    canvas.fill_circle = lambda x, y, radius: circles.append(radius)  # type: ignore[method-assign]
    draw(canvas, geometry, Scene(state=state, guards=("d4", "e4")))
    assert len(circles) == 2
    assert min(circles) >= geometry.cell * 0.16
