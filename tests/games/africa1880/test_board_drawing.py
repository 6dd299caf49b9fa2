"""A board file carries its drawing: checked with the board (every problem at once, names as the
board spells them), kept by the Board, written back, compared, and drawn by load_geometry; a game
file carries it with its board."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest

from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES, board_from_bytes, load_board
from tabletop.games.africa1880.gamefile import Game, GameFileError, game_from_dict
from tabletop.games.africa1880.geometry import load_geometry
from tests.games.africa1880.grid_board import grid_board


def test_a_board_keeps_its_drawing_and_writes_it_back() -> None:
    data = grid_board()
    board = board_from_dict(data)
    assert board.drawing is not None
    assert set(board.drawing["territories"]) == set(board.names)
    assert board.to_dict()["drawing"] == data["drawing"]
    again = board_from_dict(json.loads(json.dumps(board.to_dict())))
    assert again == board and again.drawing == board.drawing


def test_the_written_drawing_is_a_copy() -> None:
    board = board_from_dict(grid_board())
    written = board.to_dict()
    written["drawing"]["territories"]["Amberland"]["label"][0] = -5
    assert board.drawing is not None
    assert board.drawing["territories"]["Amberland"]["label"][0] != -5


def test_equality_includes_the_drawing() -> None:
    data = grid_board()
    moved = copy.deepcopy(data)
    moved["drawing"]["territories"]["Amberland"]["label"] = [300, 250]
    assert board_from_dict(data) != board_from_dict(moved)
    plain = copy.deepcopy(data)
    del plain["drawing"]
    assert board_from_dict(plain) != board_from_dict(data)
    assert (
        board_from_dict(plain).drawing is None and "drawing" not in board_from_dict(plain).to_dict()
    )


def test_drawing_names_follow_the_boards_spelling_rules() -> None:
    data = grid_board()
    data["territories"][1]["aliases"] = ["Eau Claire"]
    drawn = data["drawing"]["territories"]
    drawn["  AMBERLAND "] = drawn.pop("Amberland")
    drawn["eau-claire"] = drawn.pop("Brightwater")
    board = board_from_dict(data)
    assert board.drawing is not None
    assert "Amberland" in board.drawing["territories"]
    assert "Brightwater" in board.drawing["territories"]
    geometry = load_geometry(board)
    assert geometry is not None and set(geometry.polygons) == set(board.names)


def test_every_problem_of_a_drawing_is_listed_at_once() -> None:
    data = grid_board()
    drawn = data["drawing"]["territories"]
    drawn["Atlantis"] = drawn.pop("Amberland")  # unknown, and Amberland undrawn
    drawn["brightwater"] = copy.deepcopy(drawn["Brightwater"])  # drawn twice
    drawn["Dunmore"]["label"] = [5000, 10]  # outside the 4000 x 3000 box
    drawn["Eastmarch"]["polygons"] = [[[0, 0], [10, 10]]]  # two points
    drawn["Fernvale"]["polygons"][0][2] = ["x", 3]  # not a point
    drawn["Greystone"]["polygons"][0][1] = [1e9, 3]  # far out
    data["drawing"]["width"] = -4
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    problems = caught.value.problems
    text = " | ".join(problems)
    assert 'unknown territory "Atlantis"' in text
    assert "Brightwater is drawn twice" in text
    assert "no outline for 1 territories: Amberland" in text
    assert "ring 1 has 2 points; a ring needs at least 3" in text
    assert 'drawing of Fernvale: "polygons" ring 1 point 3 must be an [x, y] point' in text
    assert 'drawing of Greystone: "polygons" ring 1 point 2 must be an [x, y] point' in text
    assert '"width" must be a positive number' in text
    assert len(problems) == 7, problems
    # The box being wrong, labels are not measured against it; with the box right, they are.
    data["drawing"]["width"] = 4000
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    assert any(
        "drawing of Dunmore: its label [5000, 10] lies outside the drawing (4000 x 3000)" in p
        for p in caught.value.problems
    )


def test_unknown_drawing_keys_and_a_missing_box_are_named() -> None:
    data = grid_board()
    data["drawing"]["colour"] = "blue"
    del data["drawing"]["height"]
    data["drawing"]["territories"]["Amberland"]["fill"] = "red"
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    text = " | ".join(caught.value.problems)
    assert 'unknown key "colour"' in text and 'missing "height"' in text
    assert 'drawing of Amberland: unknown key "fill"' in text


def test_a_drawing_may_name_its_photo_by_its_sha256() -> None:
    data = grid_board()
    data["drawing"]["photo"] = "0123456789abcdef" * 4
    board = board_from_dict(data)
    assert board.drawing is not None and board.drawing["photo"] == "0123456789abcdef" * 4
    assert board.to_dict()["drawing"]["photo"] == "0123456789abcdef" * 4
    again = board_from_dict(json.loads(json.dumps(board.to_dict())))
    assert again == board and again.drawing == board.drawing
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="grid")
    loaded = game_from_dict(json.loads(json.dumps(game.to_dict())), source="game.json")
    assert loaded.board is not None and loaded.board.drawing == board.drawing
    assert load_geometry(board) is not None


@pytest.mark.parametrize(
    "photo",
    [
        "0123456789ABCDEF" * 4,  # upper case
        "0123456789abcdef" * 4 + "0",  # too long
        "0123456789abcdef" * 3,  # too short
        "0123456789abcdef" * 4 + "\n",  # a trailing newline
        "g" * 64,
        "",
        64,
    ],
)
def test_a_photo_that_is_no_sha256_is_refused_once(photo: object) -> None:
    data = grid_board()
    data["drawing"]["photo"] = photo
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    found = [p for p in caught.value.problems if '"photo"' in p]
    assert len(found) == 1 and found == caught.value.problems
    assert found[0].startswith('drawing: "photo" must be a photo\'s SHA-256 (64 lowercase hex')


def test_load_geometry_draws_the_boards_own_drawing() -> None:
    board = board_from_dict(grid_board(width=4000, height=3000))
    geometry = load_geometry(board)
    assert geometry is not None
    assert (geometry.width, geometry.height) == (4000.0, 3000.0)
    assert set(geometry.polygons) == set(board.names)
    assert geometry.territory_at(*geometry.labels["Cobalt Hills"]) == "Cobalt Hills"
    # Its drawn borders are its neighbours (the grid's corners are no borders).
    pairs = {tuple(sorted((a, b))) for a in board.names for b in board[a].neighbours}
    assert geometry.shared_borders() == frozenset(pairs)


def test_the_bundled_map_is_still_drawn_and_other_boards_without_drawing_are_not() -> None:
    assert load_geometry(load_board()) is not None
    plain = grid_board()
    del plain["drawing"]
    assert load_geometry(board_from_dict(plain)) is None


def _round_board(territories: int, points: int) -> dict[str, Any]:
    names = [f"Land {i}" for i in range(territories)]
    drawing = {}
    for i, name in enumerate(names):
        cx, cy = 250 + (i % 8) * 480, 250 + (i // 8) * 560
        ring = [
            [round(cx + 230.123 * math.cos(2 * math.pi * k / points), 2),
             round(cy + 230.123 * math.sin(2 * math.pi * k / points), 2)]
            for k in range(points)
        ]  # fmt: skip
        drawing[name] = {"polygons": [ring], "label": [cx, cy]}
    return {
        "format": "tabletop.africa1880.board",
        "name": "Round lands",
        "territories": [{"name": n, "coastal": True, "spaces": 2, "neighbours": []} for n in names],
        "drawing": {"width": 4000, "height": 3000, "territories": drawing},
    }


def test_a_traced_board_of_40_territories_of_300_points_fits_the_file_limit() -> None:
    data = _round_board(40, 300)
    text = json.dumps(data, indent=2).encode()
    assert len(text) < MAX_BOARD_BYTES
    board = board_from_bytes(text, "traced.json")
    assert board.drawing is not None and len(board.drawing["territories"]) == 40


def test_a_game_file_carries_the_drawing_of_its_board() -> None:
    board = board_from_dict(grid_board())
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="grid")
    data = json.loads(json.dumps(game.to_dict()))
    assert data["board"]["drawing"] == board.to_dict()["drawing"]
    again = game_from_dict(data, source="game.json")
    assert again.board == board
    assert again.board is not None and again.board.drawing == board.drawing


def test_a_game_file_whose_board_drawing_is_bad_is_refused_with_the_reason() -> None:
    game = Game.new(
        ["France", "Germany", "Italy"], board=board_from_dict(grid_board()), board_name="grid"
    )
    data = game.to_dict()
    data["board"]["drawing"]["territories"]["Atlantis"] = data["board"]["drawing"][
        "territories"
    ].pop("Saltmere")
    with pytest.raises(GameFileError) as caught:
        game_from_dict(data, source="game.json")
    message = str(caught.value)
    assert 'board: drawing: unknown territory "Atlantis"' in message and "\n" not in message
