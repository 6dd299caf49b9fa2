"""What the Massai board shows, as plain data: the pixel layout of its squares and the scene
(huts and the marks of the current stage).

Kept apart from the canvas so that the board's words for screen readers (and a phone seat that
shows no canvas) can use them without loading ipycanvas and numpy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.massai.board import parse_square, square_name
from tabletop.games.massai.rules import winning_chain
from tabletop.games.massai.state import State

__all__ = ["Geometry", "Scene", "geometry_for", "shown_chain"]


@dataclass(frozen=True)
class Geometry:
    """Pixel layout of a board: square size and the margin that holds the coordinates."""

    columns: int = 8
    rows: int = 6
    cell: int = 76
    margin: int = 40

    @property
    def width(self) -> int:
        return self.columns * self.cell + 2 * self.margin

    @property
    def height(self) -> int:
        return self.rows * self.cell + 2 * self.margin

    def origin(self, square: str) -> tuple[float, float]:
        """Top-left pixel of ``square``."""
        column, row = parse_square(square)
        return self.margin + column * self.cell, self.margin + (self.rows - 1 - row) * self.cell

    def center(self, square: str) -> tuple[float, float]:
        """Centre pixel of ``square``."""
        x, y = self.origin(square)
        return x + self.cell / 2, y + self.cell / 2

    def square_at(self, x: float, y: float) -> str | None:
        """The square under pixel ``(x, y)``, or ``None`` outside the grid."""
        column = math.floor((x - self.margin) / self.cell)
        row_from_top = math.floor((y - self.margin) / self.cell)
        if not (0 <= column < self.columns and 0 <= row_from_top < self.rows):
            return None
        return square_name(column, self.rows - 1 - row_from_top)


@dataclass(frozen=True)
class Scene:
    """What to show: huts, and the marks of the current stage."""

    state: State
    #: Squares chosen in the current entry, and the player who chose them.
    selection: tuple[str, ...] = ()
    selection_player: int = 0
    #: Setup squares are drawn as huts of the choosing player while they are being chosen.
    selection_as_huts: bool = False
    choosable: frozenset[str] = frozenset()
    target: str | None = None
    guards: tuple[str, ...] = ()
    placed: tuple[tuple[int, str], ...] = ()
    removed: tuple[tuple[int, str], ...] = ()
    #: ``(origin, destination)`` of the last move: a dashed ring where the hut came from.
    moved: tuple[str, str] | None = None


def geometry_for(state: State) -> Geometry:
    """The layout that fits ``state``'s board."""
    return Geometry(columns=state.board.columns, rows=state.board.rows)


def shown_chain(state: State) -> tuple[str, ...]:
    """The winning chain to outline: only once the game is won by joining the banks."""
    if state.phase != "over" or state.winner is None or state.win_reason != "connection":
        return ()
    return winning_chain(state, state.winner)
