"""The shape of a game's history: undo and redo are entries of their own that return to an
earlier state, so where undo and redo lead is read from the marks every entry leaves.

>>> marks = {1: Mark("new", None, None, None), 2: Mark("play", 1, None, None),
...          3: Mark("undo", None, 1, 2)}
>>> canonical(marks, 3), redo_stack(marks)
(1, [2])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.store.schema import history

#: Actions of history entries that do not make a new state but return to an earlier one.
RETURNING_ACTIONS = ("undo", "redo")


@dataclass(frozen=True)
class Mark:
    """What one entry says about its place in the history (its state is not read)."""

    action: str
    parent_seq: int | None
    returns_to: int | None
    undoes: int | None


def read_marks(connection: Connection, game_id: int) -> dict[int, Mark]:
    """Every entry's mark by its number (empty when the game has no entry: no such game)."""
    rows = connection.execute(
        sa.select(
            history.c.seq,
            history.c.action,
            history.c.parent_seq,
            history.c.returns_to,
            history.c.undoes,
        )
        .where(history.c.game_id == game_id)
        .order_by(history.c.seq)
    ).all()
    return {row[0]: Mark(row[1], row[2], row[3], row[4]) for row in rows}


def canonical(marks: Mapping[int, Mark], seq: int) -> int:
    """The entry that made the state ``seq`` holds (undo/redo entries only return to one)."""
    while True:
        target = marks[seq].returns_to
        if target is None:
            return seq
        seq = target


def redo_stack(marks: Mapping[int, Mark]) -> list[int]:
    """The undone entries redo would restore, last on top; a new change empties it."""
    stack: list[int] = []
    for seq in sorted(marks):
        mark = marks[seq]
        if mark.action == "undo" and mark.undoes is not None:
            stack.append(mark.undoes)
        elif mark.action == "redo":
            if stack:
                stack.pop()
        else:
            stack.clear()
    return stack


def undo_target(marks: Mapping[int, Mark]) -> tuple[int, int] | None:
    """Where undo returns (and the entry it undoes), or ``None`` at the first state."""
    head = canonical(marks, max(marks))
    parent = marks[head].parent_seq
    if parent is None:
        return None
    return canonical(marks, parent), head
