"""What the sheet menus offer for a position: presences, exploration and landing targets.

Kept apart so that the menus can later ask the rules core's list of legal choices instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.state import GameState, normalize_name


def sort_names(names: Iterable[str]) -> list[str]:
    """Names in the order people read them (case and accents ignored)."""
    return sorted(names, key=normalize_name)


def presences_of(state: GameState, power: str) -> list[str]:
    """``power``'s presences, in alphabetical order."""
    return sort_names(state.presences.get(power, ()))


def explore_targets(board: Board, state: GameState, territory: str) -> list[str]:
    """Exploration targets from ``territory``: its neighbours that are not colonies."""
    return sort_names(n for n in board[territory].neighbours if n not in state.colonies)


def landing_targets(board: Board, state: GameState) -> list[str]:
    """Coastal territories empty of any presence at the start of the round."""
    occupied = set(state.occupancy())
    return sort_names(
        n for n in board.coastal_names() if n not in occupied and n not in state.colonies
    )
