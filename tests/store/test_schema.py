"""Schema version: stored and checked; foreign or newer databases refused untouched; upgrades by
Alembic migrations from a version-1 database made here."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import (
    SCHEMA_VERSION,
    DatabaseUnavailable,
    ForeignDatabaseError,
    NewerDatabaseError,
    StoreError,
    open_store,
    resolve_url,
)
from tabletop.store.engine import create_engine
from tabletop.store.schema import alembic_config, metadata
from tests.store.helpers import EXAMPLE_SHEETS


def _engine(url: str) -> sa.Engine:
    return create_engine(resolve_url(url))


def test_a_new_database_gets_the_current_schema_exactly(db_url: str) -> None:
    store = open_store(db_url)
    assert store.upgraded_from == 0
    store.close()
    engine = _engine(db_url)
    with engine.connect() as connection:
        version = connection.execute(
            sa.text("SELECT value FROM tabletop_meta WHERE key = 'schema_version'")
        ).scalar_one()
        # What the migrations built is what the code's table definitions describe.
        diff = compare_metadata(MigrationContext.configure(connection), metadata)
    engine.dispose()
    assert int(version) == SCHEMA_VERSION
    assert [d for d in diff if d[0] != "remove_table" or d[1].name != "alembic_version"] == []


def test_sqlite_settings(tmp_path: Path) -> None:
    store = open_store(tmp_path / "t.db")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
    store.close()


def test_a_version_1_database_is_upgraded_to_the_current_one(db_url: str) -> None:
    # A version-1 database with a game in it, made with the version-1 migration only.
    engine = _engine(db_url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
        now = datetime.now(timezone.utc)
        doc = example_game().to_dict()
        connection.execute(
            sa.text(
                "INSERT INTO games (name, kind, players, options, board, created, updated, "
                "version, head_seq) VALUES ('Old', 'africa1880', '[\"France\"]', '{}', NULL, "
                ":now, :now, 1, 1)"
            ),
            {"now": now},
        )
        game_id = connection.execute(sa.text("SELECT id FROM games")).scalar_one()
        connection.execute(
            sa.text(
                "INSERT INTO history (game_id, seq, action, actor, at, step, state) "
                "VALUES (:g, 1, 'import', 'table', :now, 3, :state)"
            ),
            {"g": game_id, "now": now, "state": json.dumps(doc)},
        )
        columns = {c["name"] for c in sa.inspect(connection).get_columns("games")}
    engine.dispose()
    assert "aux_version" not in columns
    store = open_store(db_url)
    assert store.upgraded_from == 1
    snap = store.load(game_id)
    assert snap.game.to_dict() == example_game().to_dict() and snap.info.aux_version == 0
    after, _ = store.resolve_round(game_id, EXAMPLE_SHEETS, snap.version)
    store.save_timer(game_id, {"remaining": 60, "running": False})  # a version-2 table
    assert after.version == 2
    store.close()
    assert open_store(db_url).upgraded_from == SCHEMA_VERSION


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_sqlite_file_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    connection.execute("INSERT INTO invoices VALUES (1, 9.5)")
    connection.commit()
    connection.close()
    before = _sha(path)
    with pytest.raises(ForeignDatabaseError) as caught:
        open_store(path)
    message = str(caught.value)
    assert "not a tabletop database" in message and "invoices" in message and "\n" not in message
    assert _sha(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(StoreError) as caught:
        open_store(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)
    assert path.read_text() == "shopping list\n" * 100


def test_a_newer_database_is_refused_untouched(db_url: str) -> None:
    store = open_store(db_url)
    store.create_game(example_game())
    store.close()
    engine = _engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE tabletop_meta SET value = '99' WHERE key = 'schema_version'")
        )
    engine.dispose()
    with pytest.raises(NewerDatabaseError, match="newer tabletop .*schema version 99"):
        open_store(db_url)
    engine = _engine(db_url)
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM history")).scalar_one() == 4
        tables = set(sa.inspect(connection).get_table_names())
    engine.dispose()
    assert "timers" in tables


def test_a_foreign_postgresql_database_is_refused_untouched(pg_database: str) -> None:
    engine = _engine(pg_database)
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE customers (id int primary key)"))
    engine.dispose()
    with pytest.raises(ForeignDatabaseError, match="customers"):
        open_store(pg_database)
    engine = _engine(pg_database)
    with engine.connect() as connection:
        assert set(sa.inspect(connection).get_table_names()) == {"customers"}
    engine.dispose()


def test_urls() -> None:
    assert resolve_url("postgres://u:secret@h/db").drivername == "postgresql+psycopg"
    assert resolve_url("sqlite:////tmp/x.db").database == "/tmp/x.db"
    with pytest.raises(StoreError, match="unsupported database 'mysql'"):
        resolve_url("mysql://u@h/db")
    with pytest.raises(StoreError, match="must name a file"):
        resolve_url("sqlite://")


def test_default_file_is_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "d"))
    assert resolve_url().database == str(tmp_path / "d" / "tabletop.db")
    monkeypatch.setenv("TABLETOP_DATABASE_URL", "postgresql://x@127.0.0.1/y")
    assert resolve_url().drivername == "postgresql+psycopg"


def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    with pytest.raises(DatabaseUnavailable) as caught:
        open_store("postgresql+psycopg://u:hunter2@127.0.0.1:9/nothing?connect_timeout=2")
    message = str(caught.value)
    assert "cannot use the database" in message and "hunter2" not in message
    assert "\n" not in message
