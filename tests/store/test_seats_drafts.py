"""A seat's unsealed draft kept in the database (``Tables.save_draft`` / ``Tables.draft``), on
both backends: back for that seat only, encrypted under its own link, gone with its round."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import Store
from tabletop.store.schema import secrets
from tabletop.store.seat_crypto import draft_key
from tabletop.store.seat_errors import BadToken, RevokedToken, SealRefused
from tabletop.store.seats import MAX_SEAT_SHEET_CHARS, Tables

SECRET = "Algeria: develop  # ibis-granite-3309"


def test_draft_back_for_that_seat_only(store: Store) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    france, germany = new.seat("France"), new.seat("Germany")
    assert tables.draft(new.table_id, france.token) is None
    tables.save_draft(new.table_id, france.token, SECRET)
    assert tables.draft(new.table_id, france.token) == SECRET
    assert tables.draft(new.table_id, germany.token) is None
    tables.save_draft(new.table_id, france.token, "Algeria: hold")  # replaced, not added
    assert tables.draft(new.table_id, france.token) == "Algeria: hold"
    # kept under the seat's own row name, encrypted: nothing readable in the database
    tables.save_draft(new.table_id, france.token, SECRET)
    with store.engine.connect() as connection:
        rows = connection.execute(sa.select(secrets.c.seat, secrets.c.payload)).all()
    assert [r.seat for r in rows] == [draft_key(new.table_id, "France")]
    assert "ibis" not in rows[0].payload and "Algeria" not in rows[0].payload
    # the dashboard's kept secrets of the game never include it (not kept by, nor readable to,
    # the store's own secrets: it opens with the seat's credential only)
    assert store.secrets(new.game_id) == {}


def test_draft_with_the_code_and_after_a_new_link(store: Store) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    belgium = new.seat("Belgium")
    tables.save_draft(new.table_id, belgium.code, "Congo: develop")
    assert tables.draft(new.table_id, belgium.code.lower()) == "Congo: develop"  # as typed
    assert tables.draft(new.table_id, belgium.code) == "Congo: develop"
    assert tables.draft(new.table_id, belgium.token) is None  # kept under the code
    fresh = tables.revoke(new.table_id, new.host_token, "Belgium")
    with pytest.raises(RevokedToken):
        tables.draft(new.table_id, belgium.code)
    assert tables.draft(new.table_id, fresh.code) is None  # the old draft is unreadable


def test_draft_of_a_resolved_round_is_gone(store: Store) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    france = new.seat("France")
    tables.save_draft(new.table_id, france.token, SECRET)
    tables.resolve(new.table_id, new.host_token, force=True, round=4)  # nobody sealed
    assert tables.draft(new.table_id, france.token) is None


def test_draft_refusals(store: Store) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    with pytest.raises(BadToken):
        tables.save_draft(new.table_id, new.host_token, "x")
    with pytest.raises(BadToken):
        tables.draft(new.table_id, "y" * 32)
    with pytest.raises(SealRefused):
        tables.save_draft(new.table_id, new.seat("France").token, "a" * (MAX_SEAT_SHEET_CHARS + 1))
