"""The game's entry in the database: changes on the version shown, stale pages refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game, example_orders
from tabletop.store import Store, open_store
from tabletop.ui.africa1880.game_link import GameLink, Refused, Stale


@pytest.fixture
def store(private_data_dir: Path) -> Iterator[Store]:
    store = open_store(f"sqlite:///{private_data_dir / 'link.db'}")
    yield store
    store.close()


def linked(store: Store) -> tuple[GameLink, Game]:
    link = GameLink(store, "table", lambda _change: None, None)
    game = link.open(link.keep_new(example_game(), "Example"))
    return link, game


def test_a_resolution_is_a_new_entry_and_undo_redo_follow(store: Store) -> None:
    link, game = linked(store)
    before = link.version
    game, report = link.resolve(game, example_orders())
    assert report.year == example_game().state.year
    assert link.version is not None and before is not None
    assert link.version.version > before.version
    year = game.state.year
    game = link.undo(game)
    assert game.state.year == example_game().state.year
    assert link.can_redo()
    game = link.redo()
    assert game.state.year == year and not link.can_redo()


def test_a_page_on_an_old_version_is_refused(store: Store) -> None:
    link, game = linked(store)
    other = GameLink(store, "other", lambda _change: None, None)
    assert link.game_id is not None
    other_game = other.open(other.load(link.game_id))
    other.resolve(other_game, example_orders())
    with pytest.raises(Stale):
        link.resolve(game, example_orders())
    with pytest.raises(Stale):
        link.undo(game)


def test_nothing_to_redo_is_said_not_raised_as_a_traceback(store: Store) -> None:
    link, _game = linked(store)
    with pytest.raises(Refused) as refused:
        link.redo()
    assert refused.value.kind == "warn"
    assert refused.value.text("fr") != refused.value.text("en")


def test_without_a_database_the_game_changes_in_memory() -> None:
    link = GameLink(None, "table", lambda _change: None, None)
    game = example_game()
    year = game.state.year
    same, _report = link.resolve(game, example_orders())
    assert same is game and game.state.year > year
    assert link.undo(game).state.year == year
    with pytest.raises(Refused):
        link.undo(Game.new(["France", "Germany", "Italy"]))
    with pytest.raises(Refused):
        link.redo()
    assert link.timer_state() is None and link.save_timer({"duration": 60}) is None


def test_the_timer_is_kept_with_the_game(store: Store) -> None:
    link, _game = linked(store)
    rev = link.save_timer({"duration": 300.0, "remaining": 120.0, "running": False})
    kept = link.timer_state()
    assert kept is not None and kept.rev == rev and kept.state["remaining"] == 120.0
