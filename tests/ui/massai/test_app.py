"""The page factory: one widget, the database it opens (or why not), the old autosaves,
the notebook."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.games.massai.gamefile import GameRecord, save_game
from tabletop.games.massai.notation import parse_action
from tabletop.store import open_store
from tabletop.ui.massai.app import massai_app

from .driving import setups

ROOT = Path(__file__).resolve().parents[3]


def test_the_factory_returns_one_widget(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    root = massai_app(lang="fr", watch=False)
    # No game yet: a new game is started at once, as a new entry of the database.
    assert "tt-massai-app" in root._dom_classes
    assert (tmp_path / "tabletop.db").is_file() and not (tmp_path / "massai.json").exists()
    with open_store() as store:
        assert len(store.list_games("massai")) == 1


def test_a_database_that_cannot_be_opened_is_said(tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "not-a-db.db"
    bad.write_text("hello, not a database", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATABASE_URL", f"sqlite:///{bad}")
    root = massai_app(watch=False)
    page = root._massai_page
    assert "tt-massai-app" in root._dom_classes
    message = page.view.message.value
    assert "The games database cannot be opened" in message and "not kept" in message
    assert bad.read_text(encoding="utf-8") == "hello, not a database"
    setups(page.view)  # the game is still played, kept nowhere
    assert page.view.controller.state.phase == "play"


def test_notebook_is_one_cell_calling_the_factory() -> None:
    notebook = json.loads((ROOT / "notebooks" / "massai.ipynb").read_text(encoding="utf-8"))
    cells = notebook["cells"]
    assert len(cells) == 1 and cells[0]["cell_type"] == "code"
    assert "massai_app()" in "".join(cells[0]["source"])


def test_an_old_autosave_is_imported_once_and_kept(tmp_path: Path, monkeypatch) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    record = GameRecord.new()
    for line in ("setup a1 b1 c1 d1 e1", "setup a6 b6 c6 d6 e6", "build d2"):
        record, report = record.play(parse_action(line, record.state.to_move))
        assert report.ok
    save_game(record, data_dir / "massai.json")
    before = (data_dir / "massai.json").read_bytes()
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(data_dir))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    root = massai_app(watch=False)
    page = root._massai_page
    assert "massai.json" in page.message.value and "tt-massai-list" in root._dom_classes
    assert (data_dir / "massai.json").read_bytes() == before
    massai_app(watch=False)  # a second visit imports nothing again
    with open_store() as store:
        (info,) = store.list_games("massai")
        assert info.step == 3 and "massai.json" in info.name


def test_a_former_game_file_argument_keeps_the_games_beside_it(tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    record = GameRecord.new()
    record, _report = record.play(parse_action("setup a1 b1 c1 d1 e1", 0))
    (folder / "tuesday.json").write_text(json.dumps(record.to_json()), encoding="utf-8")
    root = massai_app(game_file=folder / "tuesday.json", watch=False)
    page = root._massai_page
    assert "tuesday.json" in page.message.value and (folder / "tabletop.db").is_file()
    page.games.rows[0].open_button.click()
    assert "setup is locked in" in page.view.message.value
    page.view.controller.stop_watching()
    with open_store(folder / "tabletop.db") as kept:
        assert [g.step for g in kept.list_games("massai")] == [1]
