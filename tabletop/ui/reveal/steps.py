"""The steps of a reveal: a resolved round told one thing at a time, for a projector.

Pure data, no widgets (the page in :mod:`tabletop.ui.reveal.view` only shows them). For an Africa
1880 round the steps follow the table's order, the order of the table instructions
(:func:`~tabletop.games.africa1880.instructions.table_instructions`, the lines the Africa page's
report and the command line print): a title, then for each step of the table (place, pins,
colonies, remove) what it does, then the void orders and the scores. Placing is power by power
(its placements and its "do not place" lines), the pins in one step, each colony founded, then
each territory with a conflict (who is there, who declared what, who is removed and why, or that
everybody stays), territory by territory. Each step carries the table instructions it shows
(``instructions``) and each line its meaning (``meanings``: an action, a warning, or ``None``
for a line that only tells), which the page styles as the report does.

Every step names the territories to highlight on the map and carries what the map shows at that
moment: the position before the round at the title, each power's new presences as it places
them (a presence not to place crossed out at once), the pins once added, the colonies founded so
far, the presences removed so far crossed out. :func:`game_steps` strings every round of a game
together, a slideshow of its whole history.

The rules are the core's: the round is resolved again from the recorded position and sheets with
:func:`~tabletop.games.africa1880.adjudicate.execute_orders` and
:func:`~tabletop.games.africa1880.adjudicate.settle`, so the steps say exactly what the report says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.instructions import (
    STEPS,
    Instruction,
    InstructionKind,
    Meaning,
    Step,
    table_instructions,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.games.africa1880.powers import POWER_ORDER, name_key, power_name
from tabletop.games.africa1880.report import removal_reason
from tabletop.games.africa1880.report_text import instruction_text
from tabletop.i18n import format_list, translator

__all__ = ["PHASE_OF_KIND", "MapMarks", "RevealStep", "StepKind", "game_steps", "round_steps"]


class StepKind:
    """What a step shows (plain strings: they also name the page's CSS classes)."""

    TITLE = "title"
    PLACEMENTS = "placements"
    PINS = "pins"
    COLONY = "colony"
    CONFLICT = "conflict"
    VOID = "void"
    SCORES = "scores"


#: The step of the table instructions each kind of reveal step shows: the reveal goes through
#: them in the table's order (:data:`~tabletop.games.africa1880.instructions.STEPS`).
PHASE_OF_KIND: dict[str, Step] = {
    StepKind.PLACEMENTS: Step.PLACE,
    StepKind.PINS: Step.PINS,
    StepKind.COLONY: Step.COLONIES,
    StepKind.CONFLICT: Step.REMOVE,
}


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
    #: Each line's meaning (an action, a warning; ``None``, or no entry: a line that only tells).
    meanings: tuple[Meaning | None, ...] = ()
    #: The table instructions this step shows, in the table's order.
    instructions: tuple[Instruction, ...] = ()

    def spoken(self) -> str:
        """The step as it is read aloud: its title, then its lines, one a line: the words the
        page shows, no more and no fewer.

        >>> step = RevealStep("title", 1885, "Resolution of 1885", ("2 new presences",), None)
        >>> print(step.spoken())
        Resolution of 1885
        2 new presences
        """
        return "\n".join((self.title, *self.lines))

    def meaning(self, index: int) -> Meaning | None:
        """The meaning of line ``index`` (``None`` when it has none)."""
        return self.meanings[index] if index < len(self.meanings) else None


def round_steps(game: Game, index: int | None = None, lang: str = "en") -> list[RevealStep]:
    """The steps of the resolved round ``game.history[index]`` (default: the last one)."""
    if not game.history:
        raise ValueError("no round has been resolved in this game yet: nothing to reveal")
    if index is None:
        index = len(game.history) - 1
    return _RoundReveal(game, index, lang).steps()


class _RoundReveal:
    """One round told in the table's order; the map's marks move on as the steps are made."""

    def __init__(self, game: Game, index: int, lang: str) -> None:
        board = game.board
        assert board is not None
        entry = game.history[index]
        self.board, self.lang, self.tr = board, lang, translator(lang)
        self.state = state = entry.state
        self.year = state.year
        parsed = parse_sheets(entry.sheets_text, board, state.powers)
        self.after = execute_orders(state, board, parsed)
        self.settlement = settle(self.after, relations_from_sheets(parsed.sheets, state.powers))
        self.next_state, self.report = resolve(state, board, parsed)
        # What the map shows so far: the position before the round, then each step's change.
        self.presences = {p: set(ts) for p, ts in state.presences.items()}
        self.development: Mapping[str, int] = dict(state.development)
        self.removed: set[tuple[str, str]] = set()
        self.colonies = set(state.colonies)

    def where(self, name: str) -> str:
        return self.board.display_name(name, self.lang) if name in self.board else name

    def who(self, power: str) -> str:
        return power_name(power, self.lang)

    def line(self, item: Instruction) -> str:
        """The instruction's line, word for word the report's and the command line's."""
        return instruction_text(item, self.lang, self.board)

    def marks(self, highlight: Sequence[str]) -> MapMarks:
        return MapMarks(
            presences={p: frozenset(ts) for p, ts in self.presences.items()},
            removed=frozenset(self.removed),
            development=dict(self.development),
            colonies=frozenset(self.colonies),
            highlight=tuple(highlight),
        )

    def step(
        self,
        kind: str,
        title: str,
        lines: Sequence[tuple[str, Meaning | None]],
        highlight: Sequence[str] = (),
        instructions: Sequence[Instruction] = (),
    ) -> RevealStep:
        return RevealStep(
            kind,
            self.year,
            title,
            tuple(text for text, _ in lines),
            self.marks(highlight),
            meanings=tuple(meaning for _, meaning in lines),
            instructions=tuple(instructions),
        )

    def steps(self) -> list[RevealStep]:
        """Title, the table's steps in the table's order, void orders, scores."""
        table = table_instructions(self.report)
        shows: dict[Step, Callable[[list[Instruction]], list[RevealStep]]] = {
            Step.PLACE: self.placements,
            Step.PINS: self.pins,
            Step.COLONIES: self.colonies_founded,
            Step.REMOVE: self.conflicts,
        }
        steps = [self.title()]
        for phase in STEPS:
            steps.extend(shows[phase]([item for item in table if item.step is phase]))
        steps.extend(self.void_orders())
        steps.append(self.scores())
        return steps

    def title(self) -> RevealStep:
        tr, report = self.tr, self.report
        lines = (
            tr.ngettext("{n} new presence", "{n} new presences", len(report.new_presences)),
            tr.ngettext("{n} colony founded", "{n} colonies founded", len(report.colonies)),
            tr.ngettext(
                "{n} territory with a conflict",
                "{n} territories with a conflict",
                len(self.after.contested),
            ),
        )
        title = tr.gettext("Resolution of {year}", year=self.year)
        return self.step(StepKind.TITLE, title, [(line, None) for line in lines])

    def placements(self, items: list[Instruction]) -> list[RevealStep]:
        """Power by power: its presences to place and those not to place (crossed out)."""
        steps = []
        for power in sorted({i.power or "" for i in items}, key=lambda p: POWER_ORDER.get(p, 99)):
            mine = [i for i in items if i.power == power]
            for item in mine:
                self.presences.setdefault(power, set()).add(item.territory)
                if item.kind is InstructionKind.DO_NOT_PLACE:
                    self.removed.add((power, item.territory))
            placed = sum(1 for i in mine if i.kind is InstructionKind.PLACE)
            title = self.tr.ngettext(
                "{power} places {n} presence",
                "{power} places {n} presences",
                placed,
                power=self.who(power),
            )
            lines = [(self.line(i), i.kind.meaning) for i in mine]
            steps.append(
                self.step(StepKind.PLACEMENTS, title, lines, [i.territory for i in mine], mine)
            )
        # Whatever the instructions, the board after the orders is the core's.
        self.presences = {p: set(ts) for p, ts in self.after.presences.items()}
        return steps

    def pins(self, items: list[Instruction]) -> list[RevealStep]:
        self.development = dict(self.after.development)
        if not items:
            return []
        lines = [(self.line(i), i.kind.meaning) for i in items]
        territories = [i.territory for i in items]
        title = self.tr.gettext("Development pins")
        return [self.step(StepKind.PINS, title, lines, territories, items)]

    def colonies_founded(self, items: list[Instruction]) -> list[RevealStep]:
        steps = []
        for item in items:
            self.colonies.add(item.territory)
            # A colony counts the presences left after the conflicts: those the conflict there
            # removes are crossed out already (its remove step names them again).
            self.removed.update(
                (r.power, r.territory)
                for r in self.settlement.removals
                if r.territory == item.territory
            )
            explained = self.tr.gettext(
                "Present: {powers}. Every space is filled and no power there is at war "
                "with another.",
                powers=format_list((self.who(p) for p in item.powers), self.lang),
            )
            title = self.tr.gettext(
                "{territory} becomes a colony", territory=self.where(item.territory)
            )
            lines = [(self.line(item), item.kind.meaning), (explained, None)]
            steps.append(self.step(StepKind.COLONY, title, lines, [item.territory], [item]))
        return steps

    def conflicts(self, items: list[Instruction]) -> list[RevealStep]:
        """Territory by territory (the table's order by territory): who is there, who is
        removed and why, who stays."""
        steps = []
        contested = sorted(self.after.contested, key=lambda c: (name_key(c[0]), c[0]))
        for territory, powers in contested:
            lines = [self.fate(territory, power, powers) for power in powers]
            title = self.tr.gettext(
                "Conflict in {territory}: {powers}",
                territory=self.where(territory),
                powers=format_list((self.who(p) for p in powers), self.lang),
            )
            here = [i for i in items if i.territory == territory]
            steps.append(self.step(StepKind.CONFLICT, title, lines, [territory], here))
        return steps

    def fate(self, territory: str, power: str, powers: Sequence[str]) -> tuple[str, Meaning | None]:
        """What the conflict in ``territory`` does to ``power``'s presence, and its meaning."""
        tr, who = self.tr, self.who
        removal = next(
            (r for r in self.settlement.removals if (r.power, r.territory) == (power, territory)),
            None,
        )
        if removal is not None:
            self.removed.add((power, territory))
            reason = removal_reason(removal, self.lang)
            removed = tr.gettext("{power} is removed: {reason}", power=who(power), reason=reason)
            return removed, Meaning.WARNING
        wars = self.settlement.relations.wars
        others = [p for p in powers if p != power]
        hostile = format_list((who(p) for p in others if (p, power) in wars), self.lang)
        friendly = format_list((who(p) for p in others if (p, power) not in wars), self.lang)
        stays = tr.gettext(
            "{power} stays (war from: {wars}; alliance from: {alliances})",
            power=who(power),
            wars=hostile or "—",
            alliances=friendly or "—",
        )
        return stays, None

    def void_orders(self) -> list[RevealStep]:
        voids = self.report.void_orders
        if not voids:
            return []
        title = self.tr.ngettext("{n} void order", "{n} void orders", len(voids))
        lines = [
            (
                f"[{self.who(v.power) if v.power else '?'}] {v.order_text}: "
                f"{v.text(self.lang, self.board)}",
                Meaning.WARNING,  # refused: not played
            )
            for v in voids
        ]
        return [self.step(StepKind.VOID, title, lines)]

    def scores(self) -> RevealStep:
        result = score(self.next_state)
        key = "points" if result.scoring == "points" else "colonies"
        lines = tuple(
            self.tr.gettext("{power}: {value}", power=self.who(row.power), value=getattr(row, key))
            for row in result.powers
        )
        return RevealStep(
            StepKind.SCORES,
            self.year,
            self.tr.gettext("After {year}", year=self.year),
            lines,
            MapMarks(
                presences=self.next_state.presences,
                development=dict(self.next_state.development),
                colonies=frozenset(self.next_state.colonies),
            ),
        )


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
