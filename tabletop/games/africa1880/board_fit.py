"""A state against its board: unknown or non-canonical names, too many pins, bare colonies."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tabletop.games.africa1880.board import Board, UnknownTerritory
from tabletop.games.africa1880.options import StateError

if TYPE_CHECKING:
    from tabletop.games.africa1880.state import GameState


def board_problems(state: GameState, board: Board) -> list[str]:
    """Every way ``state`` does not fit ``board`` (unknown names, too many pins, bare colonies)."""
    problems = []
    for power in state.powers:
        for territory in sorted(state.presences[power]):
            if territory not in board.territories:
                problems.append(f"presences.{power}: {_unknown(board, territory)}")
    for territory, pins in sorted(state.development.items()):
        if territory not in board.territories:
            problems.append(f"development: {_unknown(board, territory)}")
        elif pins > board.territories[territory].spaces:
            spaces = board.territories[territory].spaces
            problems.append(f"development.{territory}: {pins} pins but only {spaces} spaces")
    occupied = state.occupancy()
    for colony in sorted(state.colonies):
        if colony not in board.territories:
            problems.append(f"colonies: {_unknown(board, colony)}")
            continue
        if state.pins(colony) != board.territories[colony].spaces:
            problems.append(
                f"colonies: {colony} has {state.pins(colony)} of "
                f"{board.territories[colony].spaces} pins; "
                "a colony has all its development spaces filled"
            )
        if colony not in occupied:
            problems.append(f"colonies: {colony} has no presence; a colony always has one")
    return problems


def _unknown(board: Board, name: str) -> str:
    try:
        canonical = board.lookup(name)
    except UnknownTerritory as error:
        return str(error)
    return f'"{name}" must be written with its canonical name "{canonical}"'


def with_canonical_names(state: GameState, board: Board) -> GameState:
    """``state`` with territories under their canonical names (``"Algérie"`` -> ``"Algeria"``).

    Only exact spellings the board knows (aliases, case, accents) are translated; unknown names are
    left as they are for :func:`board_problems` to report. Two spellings of one territory in the
    same list raise :class:`StateError`.
    """

    def canonical(name: str) -> str:
        if name in board.territories or name not in board:
            return name
        return board.lookup(name)

    problems = []
    presences = {}
    for power, territories in state.presences.items():
        presences[power] = frozenset(canonical(t) for t in territories)
        if len(presences[power]) != len(territories):
            problems.append(f"presences.{power} names one territory twice (under two spellings)")
    development: dict[str, int] = {}
    for territory, pins in state.development.items():
        key = canonical(territory)
        if key in development:
            problems.append(f"development gives {key} twice (under two spellings)")
        development[key] = pins
    if len({canonical(c) for c in state.colonies}) != len(state.colonies):
        problems.append("colonies names one territory twice (under two spellings)")
    if problems:
        raise StateError(problems)
    changed = (
        presences != dict(state.presences)
        or development != dict(state.development)
        or any(canonical(c) != c for c in state.colonies)
    )
    if not changed:
        return state
    return replace(
        state,
        presences=presences,
        development=development,
        colonies=frozenset(canonical(c) for c in state.colonies),
    )


def check_state(state: GameState, board: Board) -> GameState:
    """Return ``state`` if it fits ``board``; else raise :class:`StateError` with every problem."""
    problems = board_problems(state, board)
    if problems:
        raise StateError(problems)
    return state
