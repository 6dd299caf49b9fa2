"""The store's public transactions on both backends: ``Store.change`` (one new state, checked
against the version it was made on, with reads of its own in the same transaction) and
``Store.aux_change`` (what a page shows beside the state)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import GameNotFound, StaleGameError, Store, StoreError
from tabletop.store.schema import games


def _setup(record: GameRecord) -> GameRecord:
    played, report = record.play(parse_action("setup a1 b1 b2 c2 c1", record.state.to_move))
    assert report.ok
    return played


def test_a_change_reads_in_its_transaction_and_keeps_one_state(store: Store) -> None:
    snap = store.create_game(GameRecord.new(), name="Tuesday")
    with store.change(snap.game_id, snap.version) as change:
        # The version moved on already: the block sees the new one.
        version = change.connection.execute(
            sa.select(games.c.version).where(games.c.id == snap.game_id)
        ).scalar_one()
        change.append(_setup(snap.game), "play", "table 3", detail="setup a1 b1 b2 c2 c1")
    assert version == snap.version + 1
    assert change.snapshot is not None
    assert change.snapshot.version == snap.version + 1 == store.current_version(snap.game_id)
    last = store.history(snap.game_id)[-1]
    assert (last.action, last.actor, last.detail) == ("play", "table 3", "setup a1 b1 b2 c2 c1")
    assert last.parent_seq == snap.seq


def test_a_change_on_an_old_version_writes_nothing(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    store.append(snap.game_id, _setup(snap.game), snap.version, "play")
    with pytest.raises(StaleGameError), store.change(snap.game_id, snap.version) as change:
        change.append(_setup(snap.game), "play")
    assert len(store.history(snap.game_id)) == 2


def test_a_change_that_fails_or_keeps_nothing_is_rolled_back(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    with pytest.raises(RuntimeError), store.change(snap.game_id, snap.version):
        raise RuntimeError("refused half-way")
    with pytest.raises(StoreError, match="kept no new state"):
        with store.change(snap.game_id, snap.version):
            pass
    assert store.current_version(snap.game_id) == snap.version
    assert len(store.history(snap.game_id)) == 1


def test_a_change_keeps_one_new_state_and_never_an_undo(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    with (
        pytest.raises(StoreError, match="Store.undo"),
        store.change(snap.game_id, snap.version) as change,
    ):
        change.append(snap.game, "undo")
    with (
        pytest.raises(StoreError, match="one new state"),
        store.change(snap.game_id, snap.version) as change,
    ):
        change.append(_setup(snap.game), "play")
        change.append(_setup(snap.game), "play")
    assert store.current_version(snap.game_id) == snap.version


def test_an_aux_change_counts_once_and_leaves_the_state(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    with store.aux_change(snap.game_id, name="Renamed") as connection:
        connection.execute(sa.select(games.c.id))
    versions = store.versions(snap.game_id)
    assert (versions.version, versions.aux_version) == (snap.version, 1)
    assert store.info(snap.game_id).name == "Renamed"
    with pytest.raises(GameNotFound), store.aux_change(snap.game_id + 1):
        pass
