"""Fixtures for the widget-level tests: every file the dashboards write goes to tmp."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """TABLETOP_DATA_DIR in tmp, so no test reads or writes a real autosave."""
    folder = tmp_path / "tabletop-data"
    folder.mkdir()
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(folder))
    monkeypatch.delenv("TABLETOP_AFRICA_GAME", raising=False)
    return folder


@pytest.fixture
def autosave_path(private_data_dir: Path) -> Path:
    """Where the Africa dashboard saves after every change of the game."""
    return private_data_dir / "africa1880-autosave.json"
