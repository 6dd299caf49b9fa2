"""A real games database for the Massai page tests: SQLite in the test's folder, or a
PostgreSQL database from the storage tests' server (``tests/store/conftest.py``: started by
``.ci/run``, else by ``tools/pg_test_server.sh``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store.conftest import pg_database, pg_server_url  # noqa: F401 - fixtures used here

from tabletop.store import Store, open_store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    made = open_store(tmp_path / "tabletop.db")
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def pg_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """The same on a real PostgreSQL database of its own (the storage tests' server)."""
    made = open_store(request.getfixturevalue("pg_database"))
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def view(store: Store) -> Iterator[MassaiView]:
    """The game view of a new game kept in ``store``, drawn once."""
    made = MassaiView(MassaiController(store))
    made.redraw()
    yield made
    made.controller.stop_watching()


@pytest.fixture(autouse=True)
def no_handover_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests press the look-away screen's button at once; the delay has its own tests
    (tests/ui/massai/test_entries.py), which set it back."""
    monkeypatch.setattr(MassaiController, "handover_seconds", 0.0)
