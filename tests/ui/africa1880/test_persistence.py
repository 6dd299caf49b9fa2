"""The dashboard's files: autosave, uploaded boards, typed sheets kept for their position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game
from tabletop.ui.africa1880.persistence import (
    DRAFTS_FORMAT,
    DraftsFile,
    GameSaves,
    data_dir,
    drafts_path_for,
    position_key,
)


def test_data_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert drafts_path_for(tmp_path / "game.json") == tmp_path / "game.drafts.json"


def test_game_saved_and_found_again(tmp_path: Path) -> None:
    saves = GameSaves(tmp_path / "auto.json")
    assert saves.load() is None
    game = Game.new(["France", "Germany", "Italy"])
    assert saves.save(game) is None
    again = saves.load()
    assert again is not None and again.state.powers == ("France", "Germany", "Italy")
    (tmp_path / "auto.json").write_text("{not json")
    assert saves.load() is None  # a broken file is no offer, never a crash


def test_typed_sheets_come_back_only_for_their_position(tmp_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    file = DraftsFile(tmp_path / "g.drafts.json")
    key = position_key(game)
    assert file.write(key, {"France": "Algeria: develop\n"}) is None
    assert file.restore(key, game.state.powers) == {"France": "Algeria: develop\n"}
    assert file.restore({**key, "year": key["year"] + 5}, game.state.powers) is None
    assert json.loads(file.path.read_text())["format"] == DRAFTS_FORMAT


def test_a_file_that_is_not_ours_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "g.drafts.json"
    path.write_text('{"someone": "else"}')
    file = DraftsFile(path)
    game = Game.new(["France", "Germany", "Italy"])
    assert file.write(position_key(game), {"France": "x"}) is None
    assert path.read_text() == '{"someone": "else"}' and file.blocked
