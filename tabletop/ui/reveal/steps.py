"""The steps of a reveal: a resolved round told one thing at a time, for a projector.

Pure data, no widgets (the page in :mod:`tabletop.ui.reveal.view` only shows them). For an Africa
1880 round the steps follow the order a game master reads the resolution aloud: a title, each
territory with a conflict (who is there, who declared what, who is removed and why, or that
everybody stays), each colony founded, then each power's new presences, the development pins, the
void orders, and the scores. Every step names the territories to highlight on the map and carries
what the map shows at that moment (presences after the orders, those removed so far crossed out,
colonies founded so far). :func:`game_steps` strings every round of a game together, a slideshow of
its whole history.

The rules are the core's: the round is resolved again from the recorded position and sheets with
:func:`~tabletop.games.africa1880.adjudicate.execute_orders` and
:func:`~tabletop.games.africa1880.adjudicate.settle`, so the steps say exactly what the report says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.games.africa1880.powers import POWER_ORDER, power_name
from tabletop.games.africa1880.report import removal_reason
from tabletop.i18n import format_list, translator

__all__ = ["MapMarks", "RevealStep", "StepKind", "game_steps", "round_steps"]


class StepKind:
    """What a step shows (plain strings: they also name the page's CSS classes)."""

    TITLE = "title"
    CONFLICT = "conflict"
    COLONY = "colony"
    PLACEMENTS = "placements"
    PINS = "pins"
    VOID = "void"
    SCORES = "scores"


@dataclass(frozen=True)
class MapMarks:
    """What the map shows during a step: each power's presences, the removed ones crossed out,
    the pins, the colonies, and the territories highlighted."""

    presences: Mapping[str, frozenset[str]]
    removed: frozenset[tuple[str, str]] = frozenset()
    development: Mapping[str, int] = field(default_factory=dict)
    colonies: frozenset[str] = frozenset()
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class RevealStep:
    """One step: its kind, a title and lines in large type, the year (for Massai: the action's
    number), and what the board shows (:class:`MapMarks` for Africa 1880, the Massai reveal's
    ``BoardMarks``)."""

    kind: str
    year: int
    title: str
    lines: tuple[str, ...]
    marks: Any
    #: What the step counter names instead of the year (Massai: the action's number).
    label: str = ""


def round_steps(game: Game, index: int | None = None, lang: str = "en") -> list[RevealStep]:
    """The steps of the resolved round ``game.history[index]`` (default: the last one)."""
    board = game.board
    assert board is not None
    if not game.history:
        raise ValueError("no round has been resolved in this game yet: nothing to reveal")
    if index is None:
        index = len(game.history) - 1
    entry = game.history[index]
    state = entry.state
    tr = translator(lang)
    parsed = parse_sheets(entry.sheets_text, board, state.powers)
    after = execute_orders(state, board, parsed)
    settlement = settle(after, relations_from_sheets(parsed.sheets, state.powers))
    next_state, report = resolve(state, board, parsed)
    year = state.year

    def where(name: str) -> str:
        return board.display_name(name, lang) if name in board else name

    def who(power: str) -> str:
        return power_name(power, lang)

    removed: set[tuple[str, str]] = set()
    colonies = set(state.colonies)
    steps: list[RevealStep] = []

    def marks(highlight: tuple[str, ...], development: Mapping[str, int] | None = None) -> MapMarks:
        return MapMarks(
            presences=after.presences,
            removed=frozenset(removed),
            # Pins were added while the orders were read, before any conflict: shown throughout.
            development=dict(development if development is not None else after.development),
            colonies=frozenset(colonies),
            highlight=highlight,
        )

    conflicts = after.contested
    steps.append(
        RevealStep(
            StepKind.TITLE,
            year,
            tr.gettext("Resolution of {year}", year=year),
            (
                tr.ngettext(
                    "{n} territory with a conflict",
                    "{n} territories with a conflict",
                    len(conflicts),
                ),
                tr.ngettext("{n} colony founded", "{n} colonies founded", len(report.colonies)),
                tr.ngettext("{n} new presence", "{n} new presences", len(report.new_presences)),
            ),
            marks(()),
        )
    )
    wars = settlement.relations.wars
    by_removal = {(r.power, r.territory): r for r in settlement.removals}
    for territory, powers in conflicts:
        lines = []
        for power in powers:
            others = [p for p in powers if p != power]
            hostile = [p for p in others if (p, power) in wars]
            friendly = [p for p in others if (p, power) not in wars]
            removal = by_removal.get((power, territory))
            if removal is not None:
                removed.add((power, territory))
                lines.append(
                    tr.gettext(
                        "{power} is removed: {reason}",
                        power=who(power),
                        reason=removal_reason(removal, lang),
                    )
                )
            else:
                lines.append(
                    tr.gettext(
                        "{power} stays (war from: {wars}; alliance from: {alliances})",
                        power=who(power),
                        wars=format_list((who(p) for p in hostile), lang) or "—",
                        alliances=format_list((who(p) for p in friendly), lang) or "—",
                    )
                )
        steps.append(
            RevealStep(
                StepKind.CONFLICT,
                year,
                tr.gettext(
                    "Conflict in {territory}: {powers}",
                    territory=where(territory),
                    powers=format_list((who(p) for p in powers), lang),
                ),
                tuple(lines),
                marks((territory,)),
            )
        )
    for colony in report.colonies:
        colonies.add(colony.territory)
        steps.append(
            RevealStep(
                StepKind.COLONY,
                year,
                tr.gettext("{territory} becomes a colony", territory=where(colony.territory)),
                (
                    tr.gettext(
                        "Present: {powers}. Every space is filled and no power there is at war "
                        "with another.",
                        powers=format_list((who(p) for p in colony.powers), lang),
                    ),
                ),
                marks((colony.territory,)),
            )
        )
    placed: dict[str, list[str]] = {}
    for new in report.new_presences:
        placed.setdefault(new.power, []).append(
            tr.gettext("{territory} (exploration)", territory=where(new.territory))
            if new.by == "explore"
            else tr.gettext("{territory} (landing)", territory=where(new.territory))
        )
    for power in sorted(placed, key=lambda p: POWER_ORDER.get(p, 99)):
        territories = tuple(n.territory for n in report.new_presences if n.power == power)
        steps.append(
            RevealStep(
                StepKind.PLACEMENTS,
                year,
                tr.ngettext(
                    "{power} places {n} presence",
                    "{power} places {n} presences",
                    len(territories),
                    power=who(power),
                ),
                tuple(placed[power]),
                marks(territories),
            )
        )
    if report.development:
        steps.append(
            RevealStep(
                StepKind.PINS,
                year,
                tr.gettext("Development pins"),
                tuple(
                    tr.gettext(
                        "{territory}: +{added} ({total}/{spaces})",
                        territory=where(d.territory),
                        added=d.added,
                        total=d.total,
                        spaces=d.spaces,
                    )
                    for d in report.development
                ),
                marks(tuple(d.territory for d in report.development), after.development),
            )
        )
    if report.void_orders:
        steps.append(
            RevealStep(
                StepKind.VOID,
                year,
                tr.ngettext("{n} void order", "{n} void orders", len(report.void_orders)),
                tuple(
                    f"[{who(v.power) if v.power else '?'}] {v.order_text}: {v.text(lang, board)}"
                    for v in report.void_orders
                ),
                marks((), after.development),
            )
        )
    result = score(next_state)
    key = "points" if result.scoring == "points" else "colonies"
    steps.append(
        RevealStep(
            StepKind.SCORES,
            year,
            tr.gettext("After {year}", year=year),
            tuple(
                tr.gettext("{power}: {value}", power=who(row.power), value=getattr(row, key))
                for row in result.powers
            ),
            MapMarks(
                presences=next_state.presences,
                development=dict(next_state.development),
                colonies=frozenset(next_state.colonies),
            ),
        )
    )
    return steps


def game_steps(game: Game, lang: str = "en") -> list[RevealStep]:
    """Every resolved round of ``game`` one after the other: its whole history as a slideshow."""
    steps: list[RevealStep] = []
    for index in range(len(game.history)):
        steps.extend(round_steps(game, index, lang))
    return steps


def board_of(game: Game) -> Board:
    """The game's board (always set on a loaded game)."""
    assert game.board is not None
    return game.board
