"""The bundled example game is consistent: replaying its history gives its current state."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.gamefile import EXAMPLE_ORDERS, example_game, example_orders
from tabletop.games.africa1880.notation import parse_sheets

ROOT = Path(__file__).resolve().parents[3]


def test_example_history_replays_exactly() -> None:
    game = example_game()
    assert (game.state.round, game.state.year, len(game.state.powers)) == (4, 1895, 4)
    assert len(game.history) == 3
    states = [entry.state for entry in game.history] + [game.state]
    for index, entry in enumerate(game.history):
        new_state, report = resolve(
            entry.state,
            game.board,
            parse_sheets(entry.sheets_text, game.board, entry.state.powers),
        )
        assert new_state == states[index + 1]
        assert report.to_dict(include_state=False) == entry.report


def test_example_orders_are_bundled_and_resolve() -> None:
    copy = ROOT / "examples" / "africa" / "orders_1895.txt"
    assert copy.read_text(encoding="utf-8") == EXAMPLE_ORDERS.read_text(encoding="utf-8")
    game = example_game()
    parsed = parse_sheets(example_orders(), game.board, game.state.powers)
    assert set(parsed.sheets) == set(game.state.powers)
    report = game.apply(parsed, example_orders())
    assert [v.reason_code for v in report.void_orders] == ["unknown_territory", "landing_occupied"]
    assert [(r.power, r.territory) for r in report.removals] == [("Great Britain", "Zanzibar")]
    assert [c.territory for c in report.colonies] == ["Togo"]
