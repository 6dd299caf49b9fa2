"""Which database to use and how to connect to it (SQLite embedded, or PostgreSQL by URL)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError

from tabletop.store.errors import StoreError

DB_FILE_NAME = "tabletop.db"
URL_VARIABLE = "TABLETOP_DATABASE_URL"
#: How long a SQLite writer waits for another one before giving up (milliseconds).
BUSY_TIMEOUT_MS = 30_000


def default_data_dir() -> Path:
    """``$TABLETOP_DATA_DIR``, else ``~/.local/share/tabletop`` (the folder of the SQLite file)."""
    configured = os.environ.get("TABLETOP_DATA_DIR")
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "tabletop"


def default_db_path() -> Path:
    """The embedded database file: ``tabletop.db`` in :func:`default_data_dir`."""
    return default_data_dir() / DB_FILE_NAME


def resolve_url(url: str | os.PathLike[str] | URL | None = None) -> URL:
    """The database URL to use: ``url``, else ``$TABLETOP_DATABASE_URL``, else the SQLite file.

    Accepted: ``sqlite:///PATH``, a plain file path (SQLite), ``postgresql+psycopg://...``
    (``postgresql://`` and ``postgres://`` are read as psycopg 3 URLs).

    >>> resolve_url("postgresql://u@localhost/games").render_as_string()
    'postgresql+psycopg://u@localhost/games'
    """
    if url is None:
        url = os.environ.get(URL_VARIABLE) or None
    if url is None:
        return URL.create("sqlite", database=str(default_db_path()))
    if isinstance(url, URL):
        url = url.render_as_string(hide_password=False)
    text = os.fspath(url).strip()
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser()))
    try:
        parsed = make_url(text)
    except ArgumentError:
        raise StoreError(f"not a database URL: {_hide_password(text)!r}") from None
    backend = parsed.get_backend_name()
    if backend in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg")
    if backend == "sqlite":
        if parsed.drivername not in ("sqlite", "sqlite+pysqlite"):
            raise StoreError(f"unsupported SQLite driver {parsed.drivername!r}; use sqlite:///FILE")
        if not parsed.database or parsed.database == ":memory:":
            raise StoreError("a SQLite URL must name a file (sqlite:///path/to/tabletop.db)")
        return parsed.set(database=str(Path(parsed.database).expanduser()))
    raise StoreError(
        f"unsupported database {backend!r}: use sqlite:///FILE or "
        "postgresql+psycopg://USER:PASSWORD@HOST:PORT/DATABASE"
    )


def _hide_password(text: str) -> str:
    try:
        return make_url(text).render_as_string(hide_password=True)
    except ArgumentError:
        return text.split("@")[-1]


def describe(url: URL) -> str:
    """The URL as shown to people: the file for SQLite, the URL without password otherwise."""
    if url.get_backend_name() == "sqlite":
        return str(url.database)
    return url.render_as_string(hide_password=True)


def create_engine(url: URL) -> Engine:
    """An engine with the settings the store relies on.

    SQLite: a busy timeout, foreign keys on (WAL comes with :func:`use_wal`), and
    transactions begun explicitly (``BEGIN IMMEDIATE`` for writes, so two writers queue instead
    of failing when one upgrades a read to a write). PostgreSQL: psycopg 3, pre-ping.
    """
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(
            url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "isolation_level": None}
        )
        sa.event.listen(engine, "connect", _sqlite_on_connect)
        sa.event.listen(engine, "begin", _sqlite_on_begin)
        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=4)


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        # Per-connection settings only: WAL is written into the file, so use_wal() switches it
        # on once the file is known to be a tabletop database (a foreign one stays as it was).
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        # FULL: a committed change survives even a power cut, not only a killed process.
        cursor.execute("PRAGMA synchronous = FULL")
    finally:
        cursor.close()


def use_wal(engine: Engine) -> None:
    """Put a SQLite database in WAL mode (kept in the file; readers never block the writer)."""
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.close()
    finally:
        raw.close()


def _sqlite_on_begin(connection: sa.Connection) -> None:
    mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")
