"""The Massai board: a grid of squares named ``a1`` … ``h6``, its touching rule, banks and halves.

Columns are letters (``a`` on the first player's left), rows are numbers; row 1 is the first
player's bank and the last row the second player's. Each player's half is the rows nearest them;
on a board with an odd number of rows the middle row belongs to neither half (a decision: it keeps
both halves the same size).

>>> board = make_board()
>>> board.touches("a1", "b2"), make_board(adjacency=4).touches("a1", "b2")
(True, False)
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import lru_cache

#: Players are numbered 0 (first, light huts, row-1 bank) and 1 (second, dark huts, last-row bank).
PLAYERS: tuple[int, int] = (0, 1)

MIN_COLUMNS, MAX_COLUMNS = 3, 26
MIN_ROWS, MAX_ROWS = 2, 26
ADJACENCIES: tuple[int, int] = (8, 4)

_SQUARE_RE = re.compile(r"^([a-z])([1-9][0-9]?)$")


class BoardError(ValueError):
    """Board options that cannot make a playable board; lists every problem at once."""


def parse_square(text: str) -> tuple[int, int]:
    """Return ``(column, row)`` indices (0-based) of a square name such as ``"c4"``.

    Raises ``ValueError`` quoting the text if it is not a square name (bounds are not checked).
    """
    match = _SQUARE_RE.match(text.strip().lower())
    if not match:
        raise ValueError(f"{text!r} is not a square name (a letter then a number, like 'c4')")
    return string.ascii_lowercase.index(match.group(1)), int(match.group(2)) - 1


def square_name(column: int, row: int) -> str:
    """The name of the square at 0-based ``column``, ``row``: ``square_name(2, 3) == "c4"``."""
    return f"{string.ascii_lowercase[column]}{row + 1}"


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player


@dataclass(frozen=True)
class Board:
    """A rectangular board with its touching rule. Build it with :func:`make_board` (cached)."""

    columns: int = 8
    rows: int = 6
    adjacency: int = 8
    _neighbours: dict[str, frozenset[str]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        problems = board_problems(self.columns, self.rows, self.adjacency)
        if problems:
            raise BoardError("; ".join(problems))
        steps = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
        if self.adjacency == 4:
            steps = [(dc, dr) for dc, dr in steps if dc == 0 or dr == 0]
        for c in range(self.columns):
            for r in range(self.rows):
                near = {
                    square_name(c + dc, r + dr)
                    for dc, dr in steps
                    if 0 <= c + dc < self.columns and 0 <= r + dr < self.rows
                }
                self._neighbours[square_name(c, r)] = frozenset(near)

    @property
    def squares(self) -> tuple[str, ...]:
        """Every square, row by row from row 1, columns left to right."""
        return tuple(square_name(c, r) for r in range(self.rows) for c in range(self.columns))

    def contains(self, square: str) -> bool:
        """True if ``square`` names a square of this board."""
        return square in self._neighbours

    def neighbours(self, square: str) -> frozenset[str]:
        """The squares touching ``square`` under this board's touching rule."""
        return self._neighbours[square]

    def touches(self, a: str, b: str) -> bool:
        """True if squares ``a`` and ``b`` touch (share a side, or a corner when adjacency is 8)."""
        return b in self._neighbours[a]

    def row_of(self, square: str) -> int:
        """1-based row number of ``square``."""
        return parse_square(square)[1] + 1

    def half_rows(self, player: int) -> range:
        """1-based rows of ``player``'s half (the rows nearest their bank)."""
        depth = self.rows // 2
        return range(1, depth + 1) if player == 0 else range(self.rows - depth + 1, self.rows + 1)

    def half(self, player: int) -> frozenset[str]:
        """The squares of ``player``'s own half."""
        rows = self.half_rows(player)
        return frozenset(s for s in self.squares if self.row_of(s) in rows)

    def bank(self, row_number: int) -> frozenset[str]:
        """The squares along one bank: ``bank(1)`` or ``bank(board.rows)``."""
        return frozenset(s for s in self.squares if self.row_of(s) == row_number)

    def groups(self, huts: frozenset[str]) -> list[frozenset[str]]:
        """The huts split into chains of mutually connected huts (under the touching rule)."""
        left = set(huts)
        found: list[frozenset[str]] = []
        while left:
            start = left.pop()
            group, todo = {start}, [start]
            while todo:
                for near in self._neighbours[todo.pop()]:
                    if near in left:
                        left.discard(near)
                        group.add(near)
                        todo.append(near)
            found.append(frozenset(group))
        return found

    def joins_banks(self, huts: frozenset[str]) -> bool:
        """True if some chain of touching ``huts`` has a hut on row 1 and one on the last row."""
        first, last = self.bank(1), self.bank(self.rows)
        return any(g & first and g & last for g in self.groups(huts))


def board_problems(columns: int, rows: int, adjacency: int) -> list[str]:
    """Every reason why these options make no playable board (empty list if they are fine)."""
    problems = []
    if not isinstance(columns, int) or not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        problems.append(f"columns must be a whole number from {MIN_COLUMNS} to {MAX_COLUMNS}")
    if not isinstance(rows, int) or not MIN_ROWS <= rows <= MAX_ROWS:
        problems.append(f"rows must be a whole number from {MIN_ROWS} to {MAX_ROWS}")
    if adjacency not in ADJACENCIES:
        problems.append("adjacency must be 8 (sides and corners) or 4 (sides only)")
    if not problems and columns * (rows // 2) < 5:
        problems.append("each half needs at least 5 squares for the setup")
    return problems


@lru_cache(maxsize=32)
def make_board(columns: int = 8, rows: int = 6, adjacency: int = 8) -> Board:
    """The board for these options (cached: boards are immutable)."""
    return Board(columns, rows, adjacency)
