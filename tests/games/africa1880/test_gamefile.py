"""gamefile.py: a game saved with its full history, loaded back, and undone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import (
    GAME_FORMAT,
    Game,
    NothingToUndo,
    load_game,
    save_game,
)

SHEETS = "[France]\nAlgeria: explore Tunisia\nwar: Italy\n[Italy]\nSomalia: develop\n"


def test_save_load_undo(tmp_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    start = game.state
    report = game.apply(SHEETS)
    assert report.new_presences[0].territory == "Tunisia"
    path = tmp_path / "game.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == GAME_FORMAT and data["version"] == 1
    assert data["history"][0]["sheets_text"] == SHEETS
    assert set(data["history"][0]["report"]) == {
        "round",
        "void_orders",
        "development",
        "new_presences",
        "removals",
        "colonies",
        "game_over",
    }
    again = load_game(path)
    assert again.state == game.state and again.history == game.history
    assert again.undo() == start
    with pytest.raises(NothingToUndo):
        again.undo()
