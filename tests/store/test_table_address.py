"""The address a table's links use, kept with the table (schema 7), on both backends: kept and
read with the host token only, checked, forgotten; a schema-6 database gains the column and its
tables keep everything else."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic import command

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import SCHEMA_VERSION, Store, open_store
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import alembic_config
from tabletop.store.seat_errors import BadToken, SeatError, TableNotFound
from tabletop.store.seats import Tables
from tabletop.store.table_address import MAX_ADDRESS_CHARS, TableAddress, checked_address


def test_the_host_keeps_an_address_and_reopening_finds_it(store: Store, db_url: str) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    other = tables.open_table(store.create_game(example_game()).game_id)
    addresses = TableAddress(store)
    assert addresses.get(new.table_id, new.host_token) is None
    kept = addresses.keep(new.table_id, new.host_token, "  http://192.168.1.5:8866/  ")
    assert kept == "http://192.168.1.5:8866"
    # Another process (the page opened again) reads it from the database.
    again = open_store(db_url)
    try:
        assert TableAddress(again).get(new.table_id, new.host_token) == kept
        assert TableAddress(again).get(other.table_id, other.host_token) is None
    finally:
        again.close()
    # A new address replaces it; an empty one forgets it.
    addresses.keep(new.table_id, new.host_token, "https://club.example:8443/hub")
    assert addresses.get(new.table_id, new.host_token) == "https://club.example:8443/hub"
    assert addresses.keep(new.table_id, new.host_token, "   ") is None
    assert addresses.get(new.table_id, new.host_token) is None


def test_only_the_host_token_reads_or_changes_it(store: Store) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    addresses = TableAddress(store)
    addresses.keep(new.table_id, new.host_token, "http://192.168.1.5:8866")
    seat = new.seat("France")
    for credential in (seat.token, seat.code, "x" * 32):
        with pytest.raises(BadToken):
            addresses.keep(new.table_id, credential, "http://203.0.113.9:80")
        with pytest.raises(BadToken):
            addresses.get(new.table_id, credential)
    with pytest.raises(TableNotFound):
        addresses.get(new.table_id + 99, new.host_token)
    assert addresses.get(new.table_id, new.host_token) == "http://192.168.1.5:8866"


@pytest.mark.parametrize(
    "text",
    [
        "192.168.1.5:8866",
        "ftp://192.168.1.5:21",
        "http://",
        "http://192.168.1.5:99999",
        "http://192.168.1.5:port",
        "http://192.168.1.5:8866/?token=x",
        "http://192.168.1.5:8866/#top",
        "http://user@192.168.1.5:8866",
        "http://192.168.1.5:8866\nhttp://evil.example",
        "http://192.168 .1.5:8866",
        "javascript:alert(1)",
        "http://" + "a" * MAX_ADDRESS_CHARS + ".example",
    ],
)
def test_what_is_not_an_address_is_refused_in_one_line_and_nothing_changes(
    store: Store, text: str
) -> None:
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    addresses = TableAddress(store)
    addresses.keep(new.table_id, new.host_token, "http://192.168.1.5:8866")
    with pytest.raises(SeatError) as caught:
        addresses.keep(new.table_id, new.host_token, text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
    assert addresses.get(new.table_id, new.host_token) == "http://192.168.1.5:8866"


def test_addresses_that_are_kept_as_they_are() -> None:
    for text in (
        "http://192.168.1.5:8866",
        "http://tablet.local:8870/hub",
        "https://club.example",
        "http://[fe80::1]:8866",
    ):
        assert checked_address(text) == text


def test_schema_7_goes_down_to_6_and_up_again_keeping_the_tables(db_url: str) -> None:
    store = open_store(db_url)
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    TableAddress(store).keep(new.table_id, new.host_token, "http://192.168.1.5:8866")
    store.close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0006")
    with engine.connect() as connection:
        columns = {c["name"] for c in sa.inspect(connection).get_columns("tables")}
        version = connection.execute(
            sa.text("SELECT value FROM tabletop_meta WHERE key = 'schema_version'")
        ).scalar_one()
    engine.dispose()
    assert "address" not in columns and "clock_phase" in columns and version == "6"
    # A schema-6 database: opened, it gains the column; its table opens as before, no address.
    store = open_store(db_url)
    try:
        assert store.upgraded_from == 6 and SCHEMA_VERSION >= 7
        tables = Tables(store)
        assert tables.authenticate(new.table_id, new.host_token, host=True).is_host
        assert [s.seat for s in tables.host_links(new.table_id, new.host_token)] == [
            s.seat for s in new.seats
        ]
        assert TableAddress(store).get(new.table_id, new.host_token) is None
    finally:
        store.close()
