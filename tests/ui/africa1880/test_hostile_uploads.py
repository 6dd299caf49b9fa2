"""Hostile files uploaded on the Africa page (issue 19): a game file or a board file is read by
the guarded reader the command line uses, so each hostile file is refused with one line on the
page, within half a second of CPU, and the game shown stays as it was (nothing imported); a byte
order mark before a good file is accepted, as ``tabletop games import`` accepts it. Typed sheets
of characters that grow when folded are read within the same bound.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli.dispatch import main
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES, load_board
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import StoreError, open_store
from tabletop.ui.africa1880 import controller as controller_module
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.shell.store_link import import_file_once
from tests.fileio.hostile_files import (
    BOM,
    EXPANDING,
    HOSTILE,
    expanding_cases,
    expanding_sheets,
    good_file,
)
from tests.fileio.test_loaders_hostile import within_a_second

#: The documented bound on the CPU time of refusing a file or reading typed sheets
#: (docs/security.md).
BOUND_S = 0.5


@pytest.fixture
def ctl(autosave_path: Path) -> AfricaController:
    return AfricaController(autosave_path=autosave_path)


@pytest.fixture
def app(autosave_path: Path) -> AfricaApp:
    return africa_app(autosave_path=autosave_path)


def shown(ctl: AfricaController) -> tuple[Any, ...]:
    games = None if ctl.store is None else ctl.store.list_games()
    return ctl.state, ctl.game_id, games


def one_line_error(ctl: AfricaController, *words: str) -> str:
    said = ctl.message
    assert ctl.message_kind == "error", said
    assert all(word in said for word in words), said
    assert "\n" not in said and len(said) < 600
    return said


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_game_file_is_refused_in_one_line_and_the_game_kept(
    ctl: AfricaController, name: str
) -> None:
    make, words = HOSTILE[name]
    data = make("africa1880")
    before = shown(ctl)
    result: list[bool] = []
    error = within_a_second(lambda: result.append(ctl.load_file(data, "hostile.json")), BOUND_S)
    assert error is None and result == [False]  # nothing escapes the page's handler
    one_line_error(ctl, words, "hostile.json", "the current game is kept")
    assert shown(ctl) == before


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_game_file_is_refused_on_a_page_without_a_database(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(controller_module, "open_page_store", lambda: (None, "no database", 0))
    ctl = AfricaController()
    assert ctl.store is None
    make, words = HOSTILE[name]
    data = make("africa1880")
    before = shown(ctl)
    error = within_a_second(lambda: ctl.load_file(data, "hostile.json"), BOUND_S)
    assert error is None
    one_line_error(ctl, words, "hostile.json")
    assert shown(ctl) == before


def test_the_upload_button_refuses_a_long_number_and_keeps_the_game(app: AfricaApp) -> None:
    # The ValueError of a number over 4,300 digits once escaped this handler.
    make, words = HOSTILE["a number of 5,000 digits"]
    data = make("africa1880")
    ctl = app.controller
    before = shown(ctl)
    sent = {
        "name": "long.json",
        "type": "application/json",
        "size": len(data),
        "last_modified": datetime.now(timezone.utc),
        "content": memoryview(data),
    }
    error = within_a_second(lambda: setattr(app.files.upload, "value", (sent,)), BOUND_S)
    assert error is None
    one_line_error(ctl, words, "long.json")
    assert shown(ctl) == before and app.files.upload.value == ()


def test_a_game_file_with_a_byte_order_mark_is_opened_as_on_the_command_line(
    ctl: AfricaController, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = Game.new(["Italy", "Netherlands", "Belgium"])
    data = BOM + json.dumps(other.to_dict()).encode()
    first = ctl.game_id
    assert ctl.load_file(data, "marked.json") is True
    assert ctl.state == other.state and ctl.game_id != first
    path = tmp_path / "marked.json"
    path.write_bytes(data)
    assert main(["games", "import", str(path), "--db", str(tmp_path / "cli.db")]) == 0
    assert "Imported" in capsys.readouterr().out


def test_a_massai_file_with_a_byte_order_mark_is_refused_as_not_africa(
    ctl: AfricaController,
) -> None:
    before = shown(ctl)
    assert ctl.load_file(BOM + good_file("massai"), "massai.json") is False
    one_line_error(ctl, "not an Africa 1880 game")
    assert shown(ctl) == before


def test_not_utf8_and_not_json_are_said_in_the_page_language(ctl: AfricaController) -> None:
    ctl.lang = "fr"
    assert ctl.load_file(b"\xff\xfe", "bad.json") is False
    french = one_line_error(ctl, "bad.json", "UTF-8")
    ctl.lang = "en"
    assert ctl.load_file(b"\xff\xfe", "bad.json") is False
    assert one_line_error(ctl, "not a text file (not UTF-8)") != french
    assert ctl.load_file(b"{ nope", "bad.json") is False
    one_line_error(ctl, "bad.json: not JSON (line 1")


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_board_file_is_refused_in_one_line(ctl: AfricaController, name: str) -> None:
    make, words = HOSTILE[name]
    data = make("africa1880")
    before = shown(ctl)
    result: list[Any] = []
    error = within_a_second(lambda: result.append(ctl.read_board(data, "map.json")), BOUND_S)
    assert error is None and result == [None]
    said = one_line_error(ctl, "map.json")
    assert words in said or name == "invalid UTF-8" and "UTF-8" in said
    assert shown(ctl) == before


def test_a_board_file_with_a_byte_order_mark_is_read(ctl: AfricaController) -> None:
    data = BOM + json.dumps(load_board().to_dict()).encode()
    board = ctl.read_board(data, "map.json")
    assert board is not None and board.name == load_board().name


def test_a_board_file_over_the_board_limit_is_refused(ctl: AfricaController) -> None:
    data = b" " * MAX_BOARD_BYTES + json.dumps(load_board().to_dict()).encode()
    assert ctl.read_board(data, "map.json") is None
    one_line_error(ctl, "map.json", "too large (more than 2 MB)")


def paste(app: AfricaApp, power: str, text: str) -> None:
    app.orders.sheet_tabs.show(power)
    app.orders.editors[power].text.value = text


@pytest.mark.parametrize(("char", "shape"), expanding_cases())
def test_a_64_kb_sheet_of_expanding_characters_is_read_within_half_a_second(
    app: AfricaApp, char: str, shape: str
) -> None:
    # A 64 KB sheet of U+FDFA (18 characters once decomposed) once cost 4.3 s of CPU.
    text = expanding_sheets(EXPANDING[char])[shape]
    assert len(text.encode("utf-8")) <= 64 * 1024
    error = within_a_second(lambda: paste(app, "Belgium", text), BOUND_S)
    assert error is None
    assert app.controller.drafts["Belgium"] == text


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_game_file_given_to_the_server_is_refused_in_one_line(
    tmp_path: Path, name: str
) -> None:
    # The file named by $TABLETOP_AFRICA_GAME (or the page's argument) is read as the command
    # line reads one: refused in one line, nothing imported, the page still opens.
    make, words = HOSTILE[name]
    path = tmp_path / "served.json"
    path.write_bytes(make("africa1880"))
    store = open_store(tmp_path / "served.db")
    try:
        games = store.list_games()
        error = within_a_second(lambda: import_file_once(store, path), BOUND_S)
        assert isinstance(error, StoreError) and words.split(" (")[0] in str(error)
        app = africa_app(path, store=store)
        said = one_line_error(app.controller, "served.json", words.split(" (")[0])
        assert "the current game is kept" in said
        assert [g for g in store.list_games() if g.name == "served"] == []
        assert len(store.list_games()) <= len(games) + 1  # at most the example, shown instead
    finally:
        store.close()


def test_a_server_game_file_with_a_byte_order_mark_is_imported(tmp_path: Path) -> None:
    path = tmp_path / "served.json"
    other = Game.new(["France", "Germany", "Italy"])
    path.write_bytes(BOM + json.dumps(other.to_dict()).encode())
    store = open_store(tmp_path / "served.db")
    try:
        app = africa_app(path, store=store)
        assert app.controller.state == other.state
        assert store.info(app.controller.game_id).name == "served"
    finally:
        store.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_given_as_the_server_game_file_is_refused_without_reading(tmp_path: Path) -> None:
    path = tmp_path / "served.json"
    os.mkfifo(path)
    store = open_store(tmp_path / "served.db")
    try:
        error = within_a_second(lambda: import_file_once(store, path), BOUND_S)
        assert isinstance(error, StoreError) and "not a regular file" in str(error)
        one_line_error(africa_app(path, store=store).controller, "served.json", "not a regular")
    finally:
        store.close()


def test_a_hostile_drafts_file_in_the_data_folder_does_not_stop_the_page(
    private_data_dir: Path,
) -> None:
    # The saves of the former file-based page are imported at the first visit; a drafts file
    # beside one of them holding a number of 5,000 digits once stopped the page from opening.
    (private_data_dir / "africa1880-autosave.json").write_bytes(good_file("africa1880"))
    (private_data_dir / "africa1880-autosave.drafts.json").write_text(
        '{"powers": ' + "1" * 5_000 + "}"
    )
    app = africa_app()
    assert app.controller.store is not None and app.controller.state is not None
