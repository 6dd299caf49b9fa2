"""Shared fixtures for the Africa 1880 tests: the default map and a tiny hand-made board."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board

# A five-territory board small enough to reason about by hand:
#   Port (coastal, 2 spaces) - Inland (1 space) - Bay (coastal, 3) ; Port - Cove (coastal, 1)
#   Isle (coastal, 1) touches nothing.
TINY_BOARD = {
    "format": "tabletop.africa1880.board",
    "version": 1,
    "name": "tiny test board",
    "territories": [
        {
            "name": "Bay",
            "aliases": ["Baie"],
            "coastal": True,
            "spaces": 3,
            "neighbours": ["Inland"],
        },
        {"name": "Cove", "coastal": True, "spaces": 1, "neighbours": ["Port"]},
        {"name": "Inland", "coastal": False, "spaces": 1, "neighbours": ["Bay", "Port"]},
        {"name": "Isle", "coastal": True, "spaces": 1, "neighbours": []},
        {"name": "Port", "coastal": True, "spaces": 2, "neighbours": ["Cove", "Inland"]},
    ],
    "historical_starts": {"France": "Port", "Germany": "Bay", "Italy": "Isle"},
}


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="session")
def tiny() -> Board:
    return board_from_dict(TINY_BOARD, "tiny")
