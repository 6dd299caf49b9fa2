"""``tabletop africa boards`` and ``tabletop africa new --saved-board ID[:VERSION]``: a game file
started on a board saved in the database (the version named, or the newest), carrying its board
and drawing; a round resolves on it and its report speaks of the board's territories."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import common, main
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import load_game
from tabletop.store import open_store
from tabletop.store.boards import Boards
from tests.games.africa1880.grid_board import GRID_ORDERS, grid_board


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    store = open_store()
    try:
        boards = Boards(store)
        first = boards.save("Club board", grid_board(columns=4, rows=3))
        boards.save("Club board", grid_board(), board_id=first.board_id)
    finally:
        store.close()
    yield tmp_path
    common._close_stores()
    common._loaded.clear()


def test_a_game_on_a_saved_board_resolves_a_round(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["africa", "boards"]) == 0
    assert capsys.readouterr().out == "1:2  20 territories  Club board\n"
    path = data_dir / "game.json"
    code = main(
        ["africa", "new", "--powers", "France,Germany,Italy", "--saved-board", "1", "-o", str(path)]
    )
    assert code == 0 and "Cobalt Hills" in capsys.readouterr().out
    game = load_game(path)
    assert game.board == board_from_dict(grid_board(name="Club board"))
    assert game.state.board == "saved board 1 version 2"
    assert json.loads(path.read_text())["board"]["drawing"]["width"] == 4000
    orders = data_dir / "orders.txt"
    orders.write_text(GRID_ORDERS, encoding="utf-8")
    assert main(["africa", "resolve", str(path), str(orders), "--write"]) == 0
    report = capsys.readouterr().out
    assert "Juniper Bay" in report and "Thornwood" in report and "Cobalt Hills" in report
    assert load_game(path).state.round == 2


def test_an_older_version_can_be_named(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = data_dir / "old.json"
    args = ["africa", "new", "--powers", "France,Germany,Italy", "--saved-board", "1:1"]
    assert main([*args, "-o", str(path)]) == 0
    assert len(load_game(path).board or ()) == 12
    assert main(["africa", "boards", "--json"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("7", "there is no saved board 7"),
        ("1:9", "saved board 1 has no version 9"),
        ("one", "--saved-board one: expected a saved board's number"),
        ("1:x", "--saved-board 1:x: expected"),
    ],
)
def test_a_wrong_saved_board_is_one_line(
    data_dir: Path, capsys: pytest.CaptureFixture[str], reference: str, message: str
) -> None:
    path = data_dir / "never.json"
    assert main(["africa", "new", "--saved-board", reference, "-o", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not path.exists()


def test_a_board_file_and_a_saved_board_exclude_each_other(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["africa", "new", "--board", "x.json", "--saved-board", "1"])
    assert "not allowed with argument" in capsys.readouterr().err
