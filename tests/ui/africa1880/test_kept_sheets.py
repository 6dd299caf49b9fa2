"""The typed sheets kept in the database: written per change, read back, others' news."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import Store, open_store
from tabletop.ui.africa1880.game_link import GameLink
from tabletop.ui.africa1880.kept_sheets import KeptSheets


@pytest.fixture
def store(private_data_dir: Path) -> Iterator[Store]:
    store = open_store(f"sqlite:///{private_data_dir / 'sheets.db'}")
    yield store
    store.close()


def page(store: Store, game_id: int | None = None) -> tuple[KeptSheets, int, tuple[str, ...]]:
    link = GameLink(store, "table", lambda _change: None, None)
    snap = link.keep_new(example_game(), "x") if game_id is None else link.load(game_id)
    game = link.open(snap)
    kept = KeptSheets(link, lambda: None)
    kept.load(game.state.round, game.state.powers, None)
    assert link.game_id is not None
    return kept, link.game_id, game.state.powers


def test_only_changed_sheets_are_written_and_read_back(store: Store) -> None:
    kept, game_id, powers = page(store)
    round_ = kept.round
    kept.write(round_, {powers[0]: "Egypt: hold\n", powers[1]: ""})
    assert set(store.drafts(game_id, round_)) == {powers[0]}
    first = store.drafts(game_id, round_)[powers[0]].rev
    kept.write(round_, {powers[0]: "Egypt: hold\n"})  # unchanged: no new entry
    assert store.drafts(game_id, round_)[powers[0]].rev == first
    again, _id, _powers = page(store, game_id)
    assert again.load(round_, powers, {powers[1]: "typed\n"}) == {
        powers[0]: "Egypt: hold\n",
        powers[1]: "typed\n",
    }


def test_sheets_typed_for_another_round_are_not_written(store: Store) -> None:
    kept, game_id, powers = page(store)
    kept.write(kept.round + 1, {powers[0]: "late\n"})
    assert store.drafts(game_id, kept.round + 1) == {}


def test_another_pages_sheet_is_news_unless_typing_waits(store: Store) -> None:
    kept, game_id, powers = page(store)
    other, _id, _powers = page(store, game_id)
    other.write(other.round, {powers[0]: "from the other page\n"})
    kept.saver.pending = True  # a sheet is being typed here: kept as typed
    assert kept.news(kept.round, powers, {}) == {}
    kept.saver.pending = False
    assert kept.news(kept.round, powers, {}) == {powers[0]: "from the other page\n"}
    assert kept.news(kept.round, powers, {}) == {}  # seen once
