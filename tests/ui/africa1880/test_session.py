"""The rounds as the page shows them: replayed reports, the round viewed, sheets split again."""

from __future__ import annotations

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.africa1880 import session


def test_a_past_round_is_replayed_exactly() -> None:
    game = example_game()
    assert game.history and game.board is not None
    last = len(game.history) - 1
    report = session.replay(game, game.board, last)
    assert report is not None and report.year == game.history[last].state.year
    view = session.past_round(game, game.board, last)
    assert view.index == last and view.state == game.state  # after the last round: now
    assert session.replay(game, game.board, len(game.history)) is None
    assert session.replay(game, game.board, -1) is None


def test_current_round_without_report() -> None:
    game = example_game()
    view = session.current_round(game, None)
    assert view.index == -1 and view.report is None and view.state is game.state


def test_sheets_split_per_power_and_unknown_headers_dropped() -> None:
    text = "[France]\nAlgeria: develop\n\n[Atlantis]\nx\n[Allemagne]\nwar: France\n"
    assert session.split_sheets(text, ("France", "Germany")) == {
        "France": "Algeria: develop\n",
        "Germany": "war: France\n",
    }
