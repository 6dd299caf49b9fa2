"""The dashboard's map of a board that carries its own drawing (traced from a photo: any box,
4000 x 3000 photo pixels here): drawn from the board's outlines, scaled to the canvas beside the
legend, every territory's marks inside its own shape or in a callout of its own, names at 11 px
or more."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.ui.africa1880.map import MapModel, build_map_model, draw
from tabletop.ui.africa1880.map.canvas_shapes import MAP_WIDTH, legend_box, title_box
from tabletop.ui.africa1880.map.placement import MIN_FONT_PX, Box
from tests.games.africa1880.grid_board import grid_board
from tests.ui.africa1880.test_map import RecordingMultiCanvas

POWERS = ["France", "Germany", "Italy"]


def _model(board: Board) -> MapModel:
    game = Game.new(POWERS, board=board, board_name=board.name)
    return build_map_model(board, load_geometry(board), game.state)


def _inside_own(model: MapModel, name: str, box: Box) -> bool:
    place = model.territories[name].place
    assert place is not None
    e = 0.01
    points = [
        (x, y)
        for x in (box.x + e, box.x + box.w / 2, box.x + box.w - e)
        for y in (box.y + e, box.y + box.h / 2, box.y + box.h - e)
    ]
    if place.callout is not None:
        return all(place.callout.contains(x, y) for x, y in points)
    return all(model.territory_at(x, y) == name for x, y in points)


@pytest.fixture(scope="module")
def photo_board() -> Board:
    return board_from_dict(grid_board(width=4000, height=3000))


@pytest.fixture(scope="module")
def small_board() -> Board:
    """Forty territories; two inland ones (and a coastal one) too small for their marks."""
    names = tuple(f"Province {n}" for n in range(1, 41))
    data = grid_board(8, 5, width=900, height=500, names=names)
    for name in ("Province 10", "Province 27", "Province 1"):
        entry = data["drawing"]["territories"][name]
        (x0, y0), _, (x1, y1), _ = entry["polygons"][0]
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 8
        entry["polygons"] = [
            [[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]]
        ]
        entry["label"] = [cx, cy]
    return board_from_dict(data)


def test_a_traced_board_is_drawn_from_its_own_outlines(photo_board: Board) -> None:
    model = _model(photo_board)
    geometry = load_geometry(photo_board)
    assert geometry is not None and not model.fallback
    assert model.width == MAP_WIDTH and set(model.territories) == set(photo_board.names)
    # The photo's land fills its frame: the drawing goes between the title and the legend,
    # scaled from photo pixels to the canvas.
    legend = legend_box(model.height)
    for view in model.territories.values():
        for ring in view.polygons:
            xs, ys = [p[0] for p in ring], [p[1] for p in ring]
            assert min(xs) >= 0 and max(xs) <= model.width
            assert min(ys) > title_box().h and max(ys) < legend.y
    for name, view in model.territories.items():
        assert model.territory_at(*view.anchor) == name
    left, top = 8.0, 36.0
    scale = (MAP_WIDTH - 2 * left) / 4000
    x, y = geometry.labels["Cobalt Hills"]
    assert model.territory_at(left + x * scale, top + y * scale) == "Cobalt Hills"


def test_every_mark_of_a_traced_board_lies_in_its_territory_or_its_callout(
    photo_board: Board, small_board: Board
) -> None:
    for board in (photo_board, small_board):
        model = _model(board)
        legend = legend_box(model.height)
        for name, view in model.territories.items():
            place = view.place
            assert place is not None, name
            assert place.font_px >= MIN_FONT_PX, name
            assert " ".join(place.lines).replace("- ", "").replace("-", "") in (
                name,
                name.replace("-", ""),
            ) or "".join(place.lines).replace("-", "") == name.replace(" ", ""), place.lines
            for kind, box in place.item_boxes():
                assert _inside_own(model, name, box), (board.name, name, kind)
            if place.callout is not None:
                frame = place.callout
                assert not frame.overlaps(legend) and not frame.overlaps(title_box()), name
                assert 0 <= frame.x and frame.x + frame.w <= model.width, name
                assert 0 <= frame.y and frame.y + frame.h <= model.height, name


def test_a_small_traced_board_gets_callouts_even_far_inland(small_board: Board) -> None:
    model = _model(small_board)
    callouts = {n for n, v in model.territories.items() if v.place and v.place.callout}
    # Inland, their leaders cross their neighbours: still a callout each, in the sea.
    assert callouts == {"Province 1", "Province 10", "Province 27"}
    frames = [model.territories[n].place.callout for n in sorted(callouts)]  # type: ignore[union-attr]
    for i, a in enumerate(frames):
        assert a is not None
        for b in frames[i + 1 :]:
            assert b is not None and not a.overlaps(b)
        grid = [(a.x + i * a.w / 6, a.y + j * a.h / 6) for i in range(7) for j in range(7)]
        assert all(model.territory_at(x, y) in callouts for x, y in grid)  # over the sea


def test_drawing_a_traced_board_paints_every_name(photo_board: Board) -> None:
    canvas: Any = RecordingMultiCanvas()
    draw(canvas, _model(photo_board))
    texts = " ".join(canvas[0].texts() + canvas[1].texts() + canvas[2].texts())
    for name in photo_board.names:
        assert all(part in texts for part in name.split()), name
