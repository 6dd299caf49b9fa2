"""Immutable Massai game state and the game options (board size, touching rule, guard table)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.games.enums import TextEnum
from tabletop.games.massai.board import Board, BoardError, board_problems, make_board, other

#: Huts of each colour in the box.
HUTS_PER_PLAYER = 15
#: Huts each player places, in secret, at the start.
SETUP_HUTS = 5
#: Guards of each player in the box (4 yellow, 1 red); no guard table may hand out more.
MAX_GUARDS = 5


class Phase(TextEnum):
    """Where a game stands: the secret setups, the play, or over (a player has won)."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class WinReason(TextEnum):
    """Why the winner won: their huts join the two banks, or the other player has no hut left."""

    CONNECTION = "connection"
    ELIMINATION = "elimination"


PHASES: tuple[Phase, ...] = tuple(Phase)

#: Default guard table, indexed by attack points: min(4, attack points - 1), never negative.
DEFAULT_GUARD_TABLE: tuple[int, ...] = (0, 0, 1, 2, 3, 4)


class OptionsError(ValueError):
    """Game options that cannot be used; the message lists every problem at once."""


def guard_table_problems(table: Sequence[Any]) -> list[str]:
    """Every reason why ``table`` is not a usable guard table (empty list if it is fine)."""
    if isinstance(table, (str, bytes)) or not isinstance(table, Sequence) or len(table) == 0:
        return ["the guard table must be a non-empty list of whole numbers"]
    problems = []
    for points, guards in enumerate(table):
        if isinstance(guards, bool) or not isinstance(guards, int):
            problems.append(f"guard table entry for {points} attack points is not a whole number")
        elif not 0 <= guards <= MAX_GUARDS:
            problems.append(
                f"guard table entry for {points} attack point{'' if points == 1 else 's'} must be "
                f"0 to {MAX_GUARDS}"
            )
    return problems


def parse_guard_table(text: str) -> tuple[int, ...]:
    """Read a guard table typed as ``"0,0,1,2,3,4"`` (entry *i* = guards for *i* attack points).

    Raises ``OptionsError`` quoting the text when it cannot be read.
    """
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    try:
        table = tuple(int(p) for p in parts)
    except ValueError:
        raise OptionsError(
            f"{text!r} is not a guard table: write whole numbers separated by commas, "
            "like '0,0,1,2,3,4'"
        ) from None
    problems = guard_table_problems(table)
    if problems:
        raise OptionsError(f"{text!r}: " + "; ".join(problems))
    return table


@dataclass(frozen=True)
class Options:
    """The fixed rules of one game.

    ``guard_table[i]`` is the number of guards a defender may use against an attack worth ``i``
    attack points; attack points beyond the end of the table use its last entry.
    """

    columns: int = 8
    rows: int = 6
    adjacency: int = 8
    guard_table: tuple[int, ...] = DEFAULT_GUARD_TABLE

    def __post_init__(self) -> None:
        problems = board_problems(self.columns, self.rows, self.adjacency)
        problems += guard_table_problems(self.guard_table)
        if problems:
            raise OptionsError("; ".join(problems))
        object.__setattr__(self, "guard_table", tuple(self.guard_table))

    @property
    def board(self) -> Board:
        """The board these options describe."""
        return make_board(self.columns, self.rows, self.adjacency)

    def guards_for(self, attack_points: int) -> int:
        """Guards allowed against an attack worth ``attack_points`` (0 for no attack points)."""
        if attack_points <= 0:
            return 0
        return self.guard_table[min(attack_points, len(self.guard_table) - 1)]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "columns": self.columns,
            "rows": self.rows,
            "adjacency": self.adjacency,
            "guard_table": list(self.guard_table),
        }

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """Read the JSON form; raises ``OptionsError`` naming every problem."""
        if not isinstance(data, dict):
            raise OptionsError("options must be a JSON object")
        unknown = sorted(set(data) - {"columns", "rows", "adjacency", "guard_table"})
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(unknown)}")
        table = data.get("guard_table", list(DEFAULT_GUARD_TABLE))
        problems = guard_table_problems(table)
        if problems:
            raise OptionsError("; ".join(problems))
        try:
            return cls(
                columns=data.get("columns", 8),
                rows=data.get("rows", 6),
                adjacency=data.get("adjacency", 8),
                guard_table=tuple(table),
            )
        except BoardError as error:  # pragma: no cover - board_problems already checked
            raise OptionsError(str(error)) from None


@dataclass(frozen=True)
class State:
    """One position of a game: never mutated, every action makes a new one.

    ``pending_setup`` holds the first player's secret setup until the second player's is in; both
    are then placed at once. ``to_move`` is whose action is awaited (also during the setup).
    """

    options: Options = field(default_factory=Options)
    huts: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    to_move: int = 0
    phase: Phase = Phase.SETUP
    winner: int | None = None
    win_reason: WinReason | None = None
    pending_setup: frozenset[str] | None = None
    turn: int = 0

    def __post_init__(self) -> None:
        # Plain strings (read from a game file) become the enum members; anything else is left
        # for the loader's checks to report.
        phase, reason = self.phase, self.win_reason
        if (
            type(phase) is not Phase
            and isinstance(phase, str)
            and phase in Phase._value2member_map_
        ):
            object.__setattr__(self, "phase", Phase(phase))
        if isinstance(reason, str) and type(reason) is not WinReason:
            if reason in WinReason._value2member_map_:
                object.__setattr__(self, "win_reason", WinReason(reason))

    @property
    def board(self) -> Board:
        """The board of this game."""
        return self.options.board

    def supply(self, player: int) -> int:
        """Huts ``player`` still has beside the board (removed huts come back here)."""
        return HUTS_PER_PLAYER - len(self.huts[player])

    def owner(self, square: str) -> int | None:
        """The player whose hut stands on ``square``, or ``None`` if it is empty."""
        for player in (0, 1):
            if square in self.huts[player]:
                return player
        return None

    def occupied(self) -> frozenset[str]:
        """Every square with a hut on it."""
        return self.huts[0] | self.huts[1]

    @property
    def opponent(self) -> int:
        """The player not to move."""
        return other(self.to_move)

    def with_huts(self, player: int, huts: frozenset[str]) -> State:
        """A copy with ``player``'s huts replaced."""
        both = list(self.huts)
        both[player] = frozenset(huts)
        return replace(self, huts=(both[0], both[1]))

    def to_json(self, reveal_setup: bool = True) -> dict[str, Any]:
        """Plain JSON form; ``reveal_setup=False`` hides a pending secret setup."""
        pending: Any = None
        if self.pending_setup is not None:
            pending = sorted(self.pending_setup) if reveal_setup else "hidden"
        return {
            "options": self.options.to_json(),
            "huts": [sorted(self.huts[0]), sorted(self.huts[1])],
            "supply": [self.supply(0), self.supply(1)],
            "to_move": self.to_move,
            "phase": self.phase,
            "winner": self.winner,
            "win_reason": self.win_reason,
            "pending_setup": pending,
            "turn": self.turn,
        }


def new_game(options: Options | None = None) -> State:
    """The position before the secret setups: empty board, player 0 to choose first."""
    return State(options=options or Options())
