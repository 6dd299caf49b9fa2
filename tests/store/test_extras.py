"""Typed sheets per round and seat, the timer and secrets (Store, both backends)."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import StaleGameError, Store, open_store


def test_drafts_per_round_and_seat_and_their_revision(store: Store) -> None:
    snap = store.create_game(example_game())
    gid = snap.game_id
    assert store.save_draft(gid, 4, "France", "Algeria: develop", actor="France") == 1
    assert store.save_draft(gid, 4, "Germany", "Togo: develop") == 1
    assert store.save_draft(gid, 4, "France", "Algeria: hold", expected_rev=1) == 2
    with pytest.raises(StaleGameError):
        store.save_draft(gid, 4, "France", "late", expected_rev=1)
    drafts = store.drafts(gid, 4)
    assert {seat: d.text for seat, d in drafts.items()} == {
        "France": "Algeria: hold",
        "Germany": "Togo: develop",
    }
    assert store.drafts(gid, 5) == {}
    # Sheets are not a state: typing never makes a resolution stale, but a watcher sees them.
    assert store.current_version(gid) == snap.version
    assert store.changed_since(gid, snap.version, aux_version=0)


def test_timer_and_secrets_survive_a_new_connection(db_url: str) -> None:
    first = open_store(db_url)
    snap = first.create_game(GameRecord.new())
    first.save_timer(snap.game_id, {"duration": 600, "remaining": 420.5, "running": False})
    first.set_secret(snap.game_id, "0", {"stage": "target", "target": "e4"})
    first.set_secret(snap.game_id, "1", {"guards": ["d4"]})
    first.set_secret(snap.game_id, "1", None)
    first.close()
    second = open_store(db_url)
    timer = second.timer(snap.game_id)
    assert timer is not None and timer.remaining_now() == 420.5 and timer.rev == 1
    assert second.secrets(snap.game_id) == {"0": {"stage": "target", "target": "e4"}}
    second.close()
