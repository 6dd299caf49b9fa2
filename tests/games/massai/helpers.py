"""Shared helpers of the Massai tests: positions drawn as text."""

from __future__ import annotations

from tabletop.games.massai.state import Options, State

MARKS = {"o": 0, "x": 1}


def position(rows: list[str], mover: str = "o", **options: object) -> State:
    """A position in play from rows drawn top (last row) to bottom (row 1)."""
    opts = Options(columns=len(rows[0]), rows=len(rows), **options)  # type: ignore[arg-type]
    huts: list[set[str]] = [set(), set()]
    for index, line in enumerate(rows):
        assert len(line) == opts.columns, f"ragged board row {line!r}"
        row = len(rows) - index
        for column, mark in enumerate(line):
            if mark in MARKS:
                huts[MARKS[mark]].add(f"{chr(ord('a') + column)}{row}")
            else:
                assert mark == ".", f"unknown mark {mark!r}"
    return State(
        options=opts,
        huts=(frozenset(huts[0]), frozenset(huts[1])),
        to_move=MARKS[mover],
        phase="play",
    )


def drawing(state: State) -> list[str]:
    """The rows of ``state`` drawn like :func:`position` expects them."""
    board = state.board
    lines = []
    for row in range(board.rows, 0, -1):
        line = ""
        for column in range(board.columns):
            owner = state.owner(f"{chr(ord('a') + column)}{row}")
            line += "." if owner is None else "ox"[owner]
        lines.append(line)
    return lines
