"""Storage tests run against both backends: a SQLite file and a real PostgreSQL server.

PostgreSQL comes from ``TABLETOP_TEST_POSTGRES_URL`` (``.ci/run`` starts a server with
``tools/pg_test_server.sh`` and exports it). Without it, outside CI, the fixture starts a server
itself with the same script. In CI (``CI`` set) a server that cannot be reached FAILS the tests.
Each test gets a database of its own (created on the server, dropped after).
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from tabletop.store import Store, open_store

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "pg_test_server.sh"
URL_VARIABLE = "TABLETOP_TEST_POSTGRES_URL"
BACKENDS = ("sqlite", "postgresql")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _reachable(url: str) -> str | None:
    """None when the server answers, else why not (one line)."""
    try:
        engine = sa.create_engine(make_url(url).set(drivername="postgresql+psycopg"))
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
        engine.dispose()
    except Exception as error:  # any failure to connect is reported the same way
        return " ".join(str(error).split())[:300]
    return None


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """The URL of a running PostgreSQL server (its database is used to create test databases)."""
    url = os.environ.get(URL_VARIABLE)
    started = False
    dev_dir = f"/tmp/tabletop-pg-dev-{os.getuid()}"
    if not url:
        if in_ci():
            pytest.fail(f"CI is set but {URL_VARIABLE} is not: .ci/run must start PostgreSQL")
        result = subprocess.run(
            ["bash", str(SCRIPT), "start"],
            capture_output=True,
            text=True,
            env={**os.environ, "TABLETOP_PG_DIR": dev_dir},
            timeout=600,
        )
        if result.returncode != 0:
            # Only outside CI: a developer machine without root and without PostgreSQL.
            pytest.skip(f"no PostgreSQL for the tests: {result.stderr.strip()[-300:]}")
        url = result.stdout.strip().splitlines()[-1]
        started = True
    problem = _reachable(url)
    if problem is not None:
        pytest.fail(f"PostgreSQL test server at {url} cannot be reached: {problem}")
    yield url
    if started:
        subprocess.run(
            ["bash", str(SCRIPT), "stop"],
            capture_output=True,
            env={**os.environ, "TABLETOP_PG_DIR": dev_dir},
            timeout=120,
        )


@pytest.fixture
def pg_database(pg_server_url: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test; its URL."""
    server = make_url(pg_server_url).set(drivername="postgresql+psycopg")
    name = f"tt_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "tabletop.db")
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """An open store on an empty database of each backend."""
    opened = open_store(db_url)
    yield opened
    opened.close()
