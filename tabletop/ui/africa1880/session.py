"""The rounds of a game as the page shows them: replaying a resolved round, the round viewed.

Resolution is pure, so a past round's full report is recomputed from the history entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import GameOverError
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.powers import lookup_power
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.map.changes import Changes, changes_from_report


@dataclass(frozen=True)
class RoundView:
    """What to show for one round: the state drawn, the report (None before any), the highlights."""

    state: GameState
    report: Report | None
    changes: Changes
    index: int  # history index of the round shown, -1 for the current position


def replay(game: Game, board: Board, index: int) -> Report | None:
    """The full report of history round ``index``, recomputed (None when out of range)."""
    if index < 0 or index >= len(game.history):
        return None
    entry = game.history[index]
    try:
        _, report = resolve(
            entry.state, board, parse_sheets(entry.sheets_text, board, entry.state.powers)
        )
    except (GameOverError, ValueError):
        return None
    return report


def past_round(game: Game, board: Board, index: int) -> RoundView:
    """History round ``index``: the position after it, its report and highlights."""
    report = replay(game, board, index)
    after = game.history[index + 1].state if index + 1 < len(game.history) else game.state
    return RoundView(after, report, changes_from_report(report), index)


def current_round(game: Game, last_report: Report | None) -> RoundView:
    """The current position with the last round's report and highlights."""
    return RoundView(game.state, last_report, changes_from_report(last_report), -1)


def split_sheets(text: str, powers: Sequence[str]) -> dict[str, str]:
    """Per-power sheet bodies from typed sheets under ``[Power]`` headers (a history entry's)."""
    out: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            try:
                name = lookup_power(stripped.strip("[] "))
            except ValueError:
                name = ""
            current = name if name in powers else None
            if current is not None:
                out.setdefault(current, [])
            continue
        if current is not None:
            out[current].append(line)
    return {p: "\n".join(lines).strip("\n") + "\n" for p, lines in out.items()}
