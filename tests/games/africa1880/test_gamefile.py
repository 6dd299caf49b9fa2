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
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation

SHEETS = "[France]\nAlgeria: explore Tunisia\nwar: Italy\n[Italy]\nSomalia: develop\n"


def test_a_round_is_applied_from_typed_sheets_and_kept_as_typed() -> None:
    game = Game.new(["France", "Germany", "Italy"])
    typed = "[France]\nAlgeria: explore Tunisia\nTunisia: nonsense  # a void line\n"
    parsed = game.read_sheets(typed)
    assert parsed.sheets["France"].orders[0].source == "Algeria" and len(parsed.void) == 1
    report = game.apply(parsed, typed)
    assert game.history[-1].sheets_text == typed  # as typed, the void line included
    assert [v.order_text for v in report.void_orders] == ["Tunisia: nonsense"]
    by_power = {"France": OrderSheet("France").with_relation("Italy", Relation.WAR)}
    game.apply(by_power)  # sheets by power: the history keeps them written out
    assert game.history[-1].sheets_text.startswith("[France]")
    assert "Italy" in game.history[-1].sheets_text
    assert game.history[-1].report is not None
    with pytest.raises(TypeError, match="read_sheets"):
        game.apply(typed)  # type: ignore[arg-type]
    with pytest.raises(SheetTooLongError):
        game.read_sheets("x" * (MAX_SHEET_CHARS + 1))
    assert game.state.round == 3


def test_save_load_undo(tmp_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    start = game.state
    report = game.apply(game.read_sheets(SHEETS), SHEETS)
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
