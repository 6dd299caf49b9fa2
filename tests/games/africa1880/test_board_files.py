"""board_files.py: boards read from files (clear one-line errors) and the bundled board's cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.board import Board, BoardError, UnknownTerritory
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry

DATA = Path(__file__).resolve().parents[3] / "tabletop" / "games" / "africa1880" / "data"
DEFAULT_FILE = DATA / "default_board.json"
BOARD = load_board()


def default_data() -> dict:
    """A fresh, editable copy of the default board file's contents."""
    return json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


def entry(data: dict, name: str) -> dict:
    return next(t for t in data["territories"] if t["name"] == name)


def test_default_board_is_cached_and_named_default() -> None:
    assert load_board() is load_board("default")
    assert BOARD.source == "default"


def test_load_board_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    data = default_data()
    entry(data, "Egypt")["spaces"] = 3
    entry(data, "Sudan")["spaces"] = 4
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    board = load_board(path)
    assert isinstance(board, Board)
    assert board.source == str(path)
    assert board["Egypt"].spaces == 3
    # An edited copy of the default map keeps its drawing.
    assert load_geometry(board) is load_geometry(BOARD)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert str(caught.value) == f"bad board {path}: no such board file"


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="a folder, not a board file"):
        load_board(tmp_path)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"format": "tabletop.africa1880.board",', "not valid JSON"),
        (b"name = Africa", "not valid JSON: Expecting value at line 1, column 1"),
        (b"", "the file is empty"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b'["Egypt", "Libya"]', "holds a JSON object, not a list"),
        (b'{"format": "tabletop.massai.game", "turn": 3}', '"format" is "tabletop.massai.game"'),
        (b'{"name": "no format"}', 'missing "format"'),
    ],
    ids=["cut short", "not json", "empty", "binary", "json list", "foreign json", "no format"],
)
def test_bad_file_gives_a_clear_error(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "board.json"
    path.write_bytes(content)
    with pytest.raises(BoardError) as caught:
        load_board(str(path))
    assert expected in str(caught.value)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content  # never touched


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)
    assert issubclass(UnknownTerritory, ValueError)


# --------------------------------------------------------------------------- the drawing
