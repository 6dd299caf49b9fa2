"""A real games database (SQLite in the test's folder) for the Massai page tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.store import Store, open_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    made = open_store(tmp_path / "tabletop.db")
    try:
        yield made
    finally:
        made.close()
