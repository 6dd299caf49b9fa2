"""The reveal of a round played on a traced board draws the board's own outlines, scaled from its
photo's pixels to the page, and its names."""

from __future__ import annotations

from typing import Any

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.ui.reveal import reveal_view
from tabletop.ui.reveal.africa_map import MAP_HEIGHT, MAP_WIDTH, AfricaMap
from tests.games.africa1880.grid_board import GRID_ORDERS, grid_board
from tests.ui.africa1880.test_map import RecordingLayer


def test_the_reveal_draws_a_traced_board_from_its_outlines() -> None:
    board = board_from_dict(grid_board(width=4000, height=3000))
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="grid")
    game.apply(game.read_sheets(GRID_ORDERS), GRID_ORDERS)
    view = reveal_view(game)
    layout = view.drawer
    assert isinstance(layout, AfricaMap) and layout.geometry == load_geometry(board)
    assert (layout.width, layout.height) == (MAP_WIDTH, 750)  # 4000 x 3000 scaled to the page
    assert layout.height <= MAP_HEIGHT
    for name in board.names:
        x, y = layout.labels[name]
        assert 0 < x < layout.width and 0 < y < layout.height
        rings = layout.rings(name)
        assert len(rings) == 1 and all(
            0 <= px <= layout.width and 0 <= py <= layout.height for px, py in rings[0]
        )
    canvas: Any = RecordingLayer()
    for step in view.steps:
        canvas.calls.clear()
        layout.draw(canvas, step, "en")
        drawn = [args for name, args, _ in canvas.calls if name == "fill_polygon"]
        assert len(drawn) == len(board.names)
        texts = " ".join(args[0] for name, args, _ in canvas.calls if name == "fill_text")
        assert all(name in texts for name in board.names)
    assert any("Juniper Bay" in " ".join((step.title, *step.lines)) for step in view.steps)
