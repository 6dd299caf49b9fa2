"""The table's clock (``Tables.start_clock`` and the others), on both backends: one deadline kept
with the table as an absolute UTC time, the same for every page; pause, resume and extend
counted on an injected clock; the writing window following the negotiation by itself; the host
token only; a change every watcher of the game sees; a resolved round shows no clock; the
migration from schema 5."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import GameWatcher, Store, open_store
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import alembic_config
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_errors import BadToken, SeatError
from tabletop.store.seat_records import (
    DEFAULT_NEGOTIATION_SECONDS,
    DEFAULT_WRITING_SECONDS,
    NEGOTIATION,
    NO_CLOCK,
    PAUSED,
    TIME_UP,
    WRITING,
    TableClock,
)
from tabletop.store.seats import Tables

T0 = datetime(2026, 3, 14, 19, 30, tzinfo=timezone.utc)


class Now:
    """A clock the test moves by hand."""

    def __init__(self, at: datetime = T0) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


def _table(store: Store, now: Now) -> tuple[Tables, Any]:
    tables = Tables(store, now=now)
    return tables, tables.open_table(store.create_game(example_game()).game_id)


def _seconds(seconds: float) -> timedelta:
    return timedelta(seconds=seconds)


def test_a_new_table_has_no_clock_and_the_default_lengths(store: Store) -> None:
    now = Now()
    tables, new = _table(store, now)
    clock = tables.clock(new.table_id)
    assert clock.phase is None and clock.deadline is None and clock.rev == 0
    assert (clock.negotiation, clock.writing) == (DEFAULT_NEGOTIATION_SECONDS, 120)
    assert clock.reading(now()).phase == NO_CLOCK


def test_the_deadline_is_kept_as_an_absolute_utc_time_for_every_page(
    store: Store, db_url: str
) -> None:
    now = Now()
    tables, new = _table(store, now)
    started = tables.start_clock(new.table_id, new.host_token, seconds=300)
    assert started.deadline == T0 + _seconds(300) and started.phase == NEGOTIATION
    # Another page (another process: its own store, its own idea of now) reads the same deadline.
    other = open_store(db_url)
    try:
        kept = Tables(other, now=lambda: T0 + _seconds(100)).clock(new.table_id)
    finally:
        other.close()
    assert kept.deadline == T0 + _seconds(300)
    assert kept.deadline.utcoffset() == timedelta(0)
    assert kept.reading(T0 + _seconds(100)).left == 200.0
    with store.reading() as connection:
        raw = connection.execute(
            sa.select(tables_table.c.clock_phase, tables_table.c.clock_deadline).where(
                tables_table.c.id == new.table_id
            )
        ).one()
    assert raw.clock_phase == NEGOTIATION
    assert raw.clock_deadline.replace(tzinfo=timezone.utc) == T0 + _seconds(300)


def test_pause_resume_and_extend_count_the_seconds(store: Store) -> None:
    now = Now()
    tables, new = _table(store, now)
    tid, host = new.table_id, new.host_token
    tables.set_clock_lengths(tid, host, negotiation=600, writing=0)
    tables.start_clock(tid, host)
    now.advance(90)
    paused = tables.pause_clock(tid, host)
    assert (paused.phase, paused.left, paused.paused, paused.deadline) == (
        PAUSED,
        510.0,
        NEGOTIATION,
        None,
    )
    now.advance(1000)  # a long break: nothing runs while paused
    assert tables.clock(tid).reading(now()).left == 510.0
    assert tables.pause_clock(tid, host).left == 510.0  # pausing again changes nothing
    extended = tables.extend_clock(tid, host, 60)
    assert extended.phase == PAUSED and extended.left == 570.0
    resumed = tables.resume_clock(tid, host)
    assert resumed.phase == NEGOTIATION and resumed.deadline == now() + _seconds(570)
    now.advance(70)
    assert tables.clock(tid).reading(now()).left == 500.0
    extended = tables.extend_clock(tid, host, 30)
    assert extended.deadline == now() + _seconds(530)
    now.advance(530)
    assert tables.clock(tid).reading(now()).phase == TIME_UP
    # Time is up: extending gives that many seconds from now, in the last phase.
    again = tables.extend_clock(tid, host, 45)
    assert again.phase == NEGOTIATION and again.deadline == now() + _seconds(45)
    revs = [again.rev]
    stopped = tables.stop_clock(tid, host)
    assert stopped.phase is None and stopped.reading(now()).phase == NO_CLOCK
    assert stopped.rev == revs[0] + 1 and stopped.negotiation == 600


def test_the_writing_window_follows_the_negotiation_by_itself(store: Store) -> None:
    now = Now()
    tables, new = _table(store, now)
    tid, host = new.table_id, new.host_token
    clock = tables.start_clock(tid, host, seconds=60)
    assert clock.reading(now()).then_writing == DEFAULT_WRITING_SECONDS
    now.advance(59)
    assert tables.clock(tid).reading(now()).phase == NEGOTIATION
    now.advance(1)  # nobody does anything: the window runs from the negotiation's deadline
    reading = tables.clock(tid).reading(now())
    assert (reading.phase, reading.left) == (WRITING, 120.0)
    assert reading.deadline == T0 + _seconds(180)
    now.advance(30)
    paused = tables.pause_clock(tid, host)
    assert (paused.paused, paused.left) == (WRITING, 90.0)
    now.advance(5)
    resumed = tables.resume_clock(tid, host)
    assert resumed.phase == WRITING and resumed.deadline == now() + _seconds(90)
    now.advance(90)
    assert tables.clock(tid).reading(now()).phase == TIME_UP
    # The writing window alone, started early.
    alone = tables.start_clock(tid, host, phase=WRITING)
    assert alone.reading(now()).left == 120.0
    # Extending while the derived writing window runs extends that window.
    tables.start_clock(tid, host, seconds=10)
    now.advance(20)
    longer = tables.extend_clock(tid, host, 60)
    assert longer.phase == WRITING and longer.reading(now()).left == 110.0 + 60.0


def test_only_the_host_changes_the_clock(store: Store) -> None:
    now = Now()
    tables, new = _table(store, now)
    tid = new.table_id
    tables.start_clock(tid, new.host_token)
    before = tables.clock(tid)
    seat = new.seat("France")
    attempts = [
        lambda token: tables.start_clock(tid, token),
        lambda token: tables.pause_clock(tid, token),
        lambda token: tables.resume_clock(tid, token),
        lambda token: tables.extend_clock(tid, token, 600),
        lambda token: tables.stop_clock(tid, token),
        lambda token: tables.set_clock_lengths(tid, token, writing=0),
    ]
    for attempt in attempts:
        for token in (seat.token, seat.code, "not-a-token"):
            with pytest.raises(BadToken) as refused:
                attempt(token)
            assert "\n" not in str(refused.value)
    assert tables.clock(tid) == before


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda t, n: t.start_clock(n.table_id, n.host_token, seconds=0), "from 1 to 14400"),
        (lambda t, n: t.start_clock(n.table_id, n.host_token, seconds=math.nan), "not nan"),
        (lambda t, n: t.start_clock(n.table_id, n.host_token, phase="lunch"), "'lunch'"),
        (lambda t, n: t.extend_clock(n.table_id, n.host_token, -60), "from 1"),
        (lambda t, n: t.extend_clock(n.table_id, n.host_token, "ten"), "not 'ten'"),
        (lambda t, n: t.set_clock_lengths(n.table_id, n.host_token, writing=10**6), "14400"),
    ],
)
def test_bad_values_are_refused_in_one_line_and_change_nothing(
    store: Store, call: Any, said: str
) -> None:
    tables, new = _table(store, Now())
    before = tables.clock(new.table_id)
    with pytest.raises(SeatError) as refused:
        call(tables, new)
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert tables.clock(new.table_id) == before


def test_a_clock_change_is_a_change_every_watcher_sees(store: Store) -> None:
    tables, new = _table(store, Now())
    watcher = GameWatcher(store, new.game_id, lambda _c: None)
    try:
        assert watcher.check() is None
        tables.start_clock(new.table_id, new.host_token)
        change = watcher.check()
        assert change is not None and not change.state_changed
        tables.pause_clock(new.table_id, new.host_token)
        assert watcher.check() is not None
        assert watcher.check() is None
    finally:
        watcher.close()


def test_a_resolved_round_shows_no_clock_and_keeps_the_lengths(store: Store) -> None:
    now = Now()
    tables, new = _table(store, now)
    tid, host = new.table_id, new.host_token
    tables.set_clock_lengths(tid, host, negotiation=300, writing=60)
    tables.start_clock(tid, host)
    tables.resolve(tid, host, force=True, round=4)
    assert tables.status(tid).round == 5
    clock = tables.clock(tid)
    assert clock.phase is None and (clock.negotiation, clock.writing) == (300, 60)
    # Pausing the old round's clock does nothing; a new start is for the new round.
    assert tables.pause_clock(tid, host).phase is None
    assert tables.start_clock(tid, host).round == 5


def test_the_sealed_count_is_in_the_status_never_what(store: Store) -> None:
    tables, new = _table(store, Now())
    tables.seal(new.table_id, new.seat("France").token, "Algeria: develop")
    status = tables.status(new.table_id)
    assert (len(status.sealed), len(status.sealed) + len(status.waiting)) == (1, 4)
    assert "Algeria" not in repr(status)


def test_the_migration_adds_the_clock_and_goes_back(store: Store, db_url: str) -> None:
    now = Now()
    tables, new = _table(store, now)
    tables.start_clock(new.table_id, new.host_token)
    store.close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0005")
        columns = {c["name"] for c in sa.inspect(connection).get_columns("tables")}
        version = connection.execute(
            sa.text("SELECT value FROM tabletop_meta WHERE key = 'schema_version'")
        ).scalar_one()
    engine.dispose()
    assert not any(name.startswith("clock_") for name in columns) and version == "5"
    reopened = open_store(db_url)
    try:
        assert reopened.upgraded_from == 5
        again = Tables(reopened, now=now)
        assert again.clock(new.table_id) == TableClock()
        assert again.start_clock(new.table_id, new.host_token).phase == NEGOTIATION
    finally:
        reopened.close()
