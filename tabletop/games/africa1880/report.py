"""What a resolved round did, as data (:class:`Report`) and as table instructions for people.

:func:`table_instructions` turns a report into the list of things to do on the physical board, as
:class:`Instruction` items (a code and its parameters, no sentence), in the order the table
applies them:

1. place the new presences (explorations and landings),
2. add the development pins,
3. found the colonies,
4. remove the presences that lost their conflicts (back to their stock).

A presence that arrived this round and is removed at once is listed once, in step 1, as
*do not place* (:attr:`InstructionKind.DO_NOT_PLACE`), never under both place and remove. Every
instruction touches one territory and the results were computed on the whole board at once
(removals do not cascade), so this order gives the same board as the rules' phases 3, 4, 5; it is
chosen so that additions come first and nothing is removed that the table has not got.
The list comes grouped by power (each step in turn, and within a step power by power) or by
territory (territory by territory, each with its steps in that order): :class:`GroupBy`.

:func:`format_report` renders that list for the command line in any language with a catalog
(:mod:`tabletop.i18n`), territories under the board's names in that language; the dashboard
renders the same list (:func:`instruction_groups`) as HTML. Nothing here writes a sentence while a
round is resolved: the report holds codes and values, rendered only when shown.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.games.africa1880.orders import OrderKind, VoidOrder
from tabletop.games.africa1880.state import POWER_ORDER, name_key, power_name
from tabletop.games.enums import TextEnum
from tabletop.i18n import check_lang, format_list
from tabletop.i18n.keys import REPORT, text

if TYPE_CHECKING:  # only for annotations; the state module does not need this one
    from tabletop.games.africa1880.board import Board
    from tabletop.games.africa1880.state import GameState

#: The note printed under every score, in English (:func:`format_score` shows it in the
#: reader's language from the catalogs).
SCORING_NOTE = REPORT["scoring_note"].msgid


@dataclass(frozen=True)
class NewPresence:
    """A presence placed during phase 3, ``by`` exploration or landing."""

    power: str
    territory: str
    by: OrderKind

    def to_dict(self) -> dict[str, str]:
        return {"power": self.power, "territory": self.territory, "by": self.by}


@dataclass(frozen=True)
class DevelopmentResult:
    """Pins added on one territory this round, the pins there after, and its spaces."""

    territory: str
    added: int
    total: int
    spaces: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "territory": self.territory,
            "added": self.added,
            "total": self.total,
            "spaces": self.spaces,
        }


@dataclass(frozen=True)
class Removal:
    """A presence removed in phase 4 (back to its power's stock), with the reason in plain words.

    ``war_from`` / ``alliance_from`` are the other powers present that declared war on / alliance
    with the removed power: the relations that decided.
    """

    power: str
    territory: str
    war_from: tuple[str, ...]
    alliance_from: tuple[str, ...]

    @property
    def rule(self) -> RemovalRule:
        """Which conflict rule removed the presence: two presences, or three and more."""
        if len(self.war_from) + len(self.alliance_from) == 1:
            return RemovalRule.BETRAYED_ALLY
        return RemovalRule.OUTNUMBERED

    @property
    def reason(self) -> str:
        """The reason in English (the ``--json`` form)."""
        return removal_reason(self, "en")

    @property
    def reason_fr(self) -> str:
        """The reason in French."""
        return removal_reason(self, "fr")

    def to_dict(self) -> dict[str, str]:
        return {"power": self.power, "territory": self.territory, "reason": self.reason}


class RemovalRule(TextEnum):
    """The conflict rule that removed a presence (phase 4)."""

    #: Two presences: it allied the other power, which declared war on it.
    BETRAYED_ALLY = "betrayed_ally"
    #: Three to six presences: more of the others declared war on it than alliance.
    OUTNUMBERED = "outnumbered"


def removal_reason(removal: Removal, lang: str = "en") -> str:
    """The sentence naming the rule applied and the relations that removed the presence.

    >>> removal = Removal("Italy", "Libya", ("France", "Germany"), ("Great Britain",))
    >>> removal_reason(removal, "de")[:62]
    '2 Kriegserklärungen an Italien (Frankreich und Deutschland) ge'
    """
    wars, allies = removal.war_from, removal.alliance_from
    me = power_name(removal.power, lang)
    if removal.rule is RemovalRule.BETRAYED_ALLY:
        return text("report", "betrayed", lang, power=me, other=power_name(wars[0], lang))
    return text(
        "report",
        "outnumbered" if allies else "outnumbered_no_ally",
        lang,
        power=me,
        war_count=len(wars),
        war_names=format_list((power_name(p, lang) for p in wars), lang),
        alliance_count=len(allies),
        alliance_names=format_list((power_name(p, lang) for p in allies), lang),
    )


@dataclass(frozen=True)
class ColonyFounded:
    """A territory that became a colony this round, and the powers present in it."""

    territory: str
    powers: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"territory": self.territory, "powers": list(self.powers)}


REPORT_KEYS = (
    "round",
    "void_orders",
    "development",
    "new_presences",
    "removals",
    "colonies",
    "game_over",
    "state",
)


@dataclass(frozen=True)
class Report:
    """Everything a round did, in the order it is applied to the table.

    ``round``/``year`` are those of the round resolved; ``state`` is the state after it.
    """

    round: int
    year: int
    void_orders: tuple[VoidOrder, ...] = ()
    development: tuple[DevelopmentResult, ...] = ()
    new_presences: tuple[NewPresence, ...] = ()
    removals: tuple[Removal, ...] = ()
    colonies: tuple[ColonyFounded, ...] = ()
    game_over: bool = False
    state: GameState | None = field(default=None, compare=False)

    def to_dict(self, include_state: bool = True) -> dict[str, Any]:
        """The JSON form: exactly the keys of :data:`REPORT_KEYS` (``state`` optional)."""
        out: dict[str, Any] = {
            "round": self.round,
            "void_orders": [v.to_dict() for v in self.void_orders],
            "development": [d.to_dict() for d in self.development],
            "new_presences": [n.to_dict() for n in self.new_presences],
            "removals": [r.to_dict() for r in self.removals],
            "colonies": [c.to_dict() for c in self.colonies],
            "game_over": self.game_over,
        }
        if include_state:
            out["state"] = None if self.state is None else self.state.to_dict()
        return out

    def instructions(self, group_by: GroupBy | str = "power") -> tuple[Instruction, ...]:
        """The table instructions of this round: :func:`table_instructions`."""
        return table_instructions(self, group_by)


class Step(TextEnum):
    """The steps of the table instructions, in the order the table applies them."""

    PLACE = "place"
    PINS = "pins"
    COLONIES = "colonies"
    REMOVE = "remove"


class InstructionKind(TextEnum):
    """What one table instruction asks; each belongs to one :class:`Step`."""

    #: Put a pawn of ``power`` on ``territory`` (``by`` exploration or landing).
    PLACE = "place"
    #: A presence that arrived and is removed at once: leave the pawn in stock.
    DO_NOT_PLACE = "do_not_place"
    #: Put ``count`` development pins on ``territory`` (``total`` of ``spaces`` after).
    ADD_PINS = "add_pins"
    #: Put a colony piece on ``territory`` (``powers`` present there).
    FOUND_COLONY = "found_colony"
    #: Take ``power``'s pawn off ``territory``, back to its stock (``rule`` and relations why).
    REMOVE = "remove"

    @property
    def step(self) -> Step:
        """The step this kind of instruction belongs to."""
        return _STEP_OF[self]


_STEP_OF = {
    InstructionKind.PLACE: Step.PLACE,
    InstructionKind.DO_NOT_PLACE: Step.PLACE,
    InstructionKind.ADD_PINS: Step.PINS,
    InstructionKind.FOUND_COLONY: Step.COLONIES,
    InstructionKind.REMOVE: Step.REMOVE,
}
STEPS: tuple[Step, ...] = tuple(Step)


class GroupBy(TextEnum):
    """How the instructions are grouped: step by step with powers together, or by territory."""

    POWER = "power"
    TERRITORY = "territory"


@dataclass(frozen=True)
class Instruction:
    """One thing to do on the table: a code (``kind``) and its parameters, no sentence.

    ``territory`` is always set. ``power`` for place, do-not-place and remove; ``by``
    (exploration or landing) for place and do-not-place; ``count``, ``total`` and ``spaces``
    for pins; ``powers`` for a colony; ``rule``, ``war_from`` and ``alliance_from`` for remove
    and do-not-place (the relations that removed the presence).
    """

    kind: InstructionKind
    territory: str
    power: str | None = None
    by: OrderKind | None = None
    count: int = 0
    total: int = 0
    spaces: int = 0
    powers: tuple[str, ...] = ()
    rule: RemovalRule | None = None
    war_from: tuple[str, ...] = ()
    alliance_from: tuple[str, ...] = ()

    @property
    def step(self) -> Step:
        """The step of the table order this instruction belongs to."""
        return self.kind.step

    def removal(self) -> Removal | None:
        """The removal behind a remove or do-not-place instruction (for its reason sentence)."""
        if self.rule is None or self.power is None:
            return None
        return Removal(self.power, self.territory, self.war_from, self.alliance_from)

    def reason(self, lang: str = "en") -> str:
        """Why the presence is removed, in ``lang`` (``""`` for the other kinds)."""
        removal = self.removal()
        return "" if removal is None else removal_reason(removal, lang)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``step`` and ``territory``, then the parameters of the kind."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "step": self.step,
            "territory": self.territory,
        }
        if self.power is not None:
            out["power"] = self.power
        if self.by is not None:
            out["by"] = self.by
        if self.kind is InstructionKind.ADD_PINS:
            out.update(count=self.count, total=self.total, spaces=self.spaces)
        if self.kind is InstructionKind.FOUND_COLONY:
            out["powers"] = list(self.powers)
        if self.rule is not None:
            out.update(
                rule=self.rule,
                war_from=list(self.war_from),
                alliance_from=list(self.alliance_from),
                reason=self.reason("en"),
            )
        return out


@dataclass(frozen=True)
class InstructionGroup:
    """Instructions under one heading: a :class:`Step` (grouped by power) or a territory name
    (grouped by territory)."""

    heading: Step | str
    instructions: tuple[Instruction, ...]


def _territory_key(name: str) -> tuple[str, str]:
    return (name_key(name), name)


def _power_key(power: str | None) -> int:
    return POWER_ORDER.get(power or "", len(POWER_ORDER))


def table_instructions(
    report: Report, group_by: GroupBy | str = GroupBy.POWER
) -> tuple[Instruction, ...]:
    """The round's table instructions in the order the table applies them.

    ``group_by="power"``: place, pins, colonies, remove, each step in turn; within a step, power
    by power (alphabetical), then territories alphabetically. ``group_by="territory"``: territory
    by territory (alphabetical), each with its steps in that same order. A presence that arrived
    this round and is removed at once is one *do not place* item, in the place step.

    >>> from tabletop.games.africa1880.board import load_board
    >>> from tabletop.games.africa1880.adjudicate import resolve
    >>> from tabletop.games.africa1880.state import GameState
    >>> state = GameState(("France", "Germany", "Italy"),
    ...                   {"France": {"Algeria"}, "Germany": {"Tunisia"}})
    >>> sheets = "[France]\\nAlgeria: explore Tunisia\\n[Germany]\\nwar: France"
    >>> _, report = resolve(state, load_board(), sheets)
    >>> [(str(i.kind), i.power, i.territory) for i in table_instructions(report)]
    [('do_not_place', 'France', 'Tunisia')]
    """
    group_by = GroupBy(group_by)
    removals = {(r.power, r.territory): r for r in report.removals}
    items: list[Instruction] = []
    arrived: set[tuple[str, str]] = set()
    for new in report.new_presences:
        key = (new.power, new.territory)
        arrived.add(key)
        removal = removals.get(key)
        if removal is None:
            items.append(Instruction(InstructionKind.PLACE, new.territory, new.power, new.by))
        else:
            items.append(
                Instruction(
                    InstructionKind.DO_NOT_PLACE,
                    new.territory,
                    new.power,
                    new.by,
                    rule=removal.rule,
                    war_from=removal.war_from,
                    alliance_from=removal.alliance_from,
                )
            )
    for dev in report.development:
        items.append(
            Instruction(
                InstructionKind.ADD_PINS,
                dev.territory,
                count=dev.added,
                total=dev.total,
                spaces=dev.spaces,
            )
        )
    for colony in report.colonies:
        items.append(
            Instruction(InstructionKind.FOUND_COLONY, colony.territory, powers=colony.powers)
        )
    for removal in report.removals:
        if (removal.power, removal.territory) in arrived:
            continue  # already told not to place it
        items.append(
            Instruction(
                InstructionKind.REMOVE,
                removal.territory,
                removal.power,
                rule=removal.rule,
                war_from=removal.war_from,
                alliance_from=removal.alliance_from,
            )
        )
    rank = {step: index for index, step in enumerate(STEPS)}
    if group_by is GroupBy.TERRITORY:
        items.sort(
            key=lambda i: (
                _territory_key(i.territory),
                rank[i.step],
                _power_key(i.power),
            )
        )
    else:
        items.sort(
            key=lambda i: (
                rank[i.step],
                _power_key(i.power),
                _territory_key(i.territory),
            )
        )
    return tuple(items)


def instruction_groups(
    report: Report, group_by: GroupBy | str = GroupBy.POWER
) -> tuple[InstructionGroup, ...]:
    """:func:`table_instructions` under headings, for a page or a text: by power, one group per
    step that has instructions (in step order); by territory, one group per territory."""
    group_by = GroupBy(group_by)

    def heading(item: Instruction) -> Step | str:
        return item.territory if group_by is GroupBy.TERRITORY else item.step

    return tuple(
        InstructionGroup(key, tuple(items))
        for key, items in itertools.groupby(table_instructions(report, group_by), key=heading)
    )


def _territory(board: Board | None, territory: str, lang: str) -> str:
    if board is None or territory not in board:
        return territory
    return board.display_name(territory, lang)


def instruction_text(item: Instruction, lang: str = "en", board: Board | None = None) -> str:
    """One instruction as a line of the command-line report, in ``lang``.

    With ``board``, territories are shown under the board's names in ``lang`` (``Ägypten``);
    without, under their canonical names (those of the board file).

    >>> item = Instruction(InstructionKind.ADD_PINS, "Egypt", count=2, total=3, spaces=4)
    >>> instruction_text(item, "fr")
    'AJOUTER 2 PIONS sur Egypt (total 3/4)'
    """
    lang = check_lang(lang)
    powers = format_list((power_name(p, lang) for p in item.powers), lang)
    return text(
        "report",
        f"line_{item.kind}",
        lang,
        power=power_name(item.power, lang) if item.power else "",
        territory=_territory(board, item.territory, lang),
        how=text("report", str(item.by), lang) if item.by is not None else "",
        reason=item.reason(lang),
        count=item.count,
        total=item.total,
        spaces=item.spaces,
        powers=powers or text("report", "nobody", lang),
    )


def void_orders_for_reading(void_orders: Iterable[VoidOrder]) -> list[VoidOrder]:
    """Void orders as a person checks them: lines that belong to no power first, then power by
    power (alphabetical), each in the order of its typed lines.

    The adjudicator lists reading problems before execution problems; this order lets a person
    go down each sheet once.
    """
    return sorted(
        void_orders,
        key=lambda v: (
            -1 if v.power is None else POWER_ORDER.get(v.power, 99),
            v.line is None,
            v.line or 0,
        ),
    )


def _report_board(report: Report) -> Board | None:
    """The board of the report's game when it is a board of the package (a board file is
    given by the caller: its path is relative to the game file)."""
    from tabletop.games.africa1880.board import PACKAGE_BOARDS, load_board

    state = report.state
    if state is None or state.board not in PACKAGE_BOARDS:
        return None
    return load_board(state.board)


def format_report(
    report: Report,
    lang: str = "en",
    group_by: GroupBy | str = "power",
    board: Board | None = None,
) -> str:
    """Plain-words table instructions in table order (:func:`table_instructions`), then the
    void orders with their reasons, then what comes next.

    ``lang`` is any language with a catalog (``"en"``, ``"fr"``, ``"de"``); ``group_by`` is
    ``"power"`` (headings: the steps) or ``"territory"`` (headings: the territories). Territories
    are shown under ``board``'s names in ``lang`` (by default the board of the report's game when
    it is one of the package's).
    """
    lang = check_lang(lang)
    group_by = GroupBy(group_by)
    if board is None:
        board = _report_board(report)
    title = "title_territory" if group_by is GroupBy.TERRITORY else "title"
    lines = [text("report", title, lang, round=report.round, year=report.year), ""]
    groups = instruction_groups(report, group_by)
    for group in groups:
        if isinstance(group.heading, Step):
            lines.append(text("report", f"step_{group.heading}", lang))
        else:
            territory = _territory(board, group.heading, lang)
            lines.append(text("report", "territory", lang, territory=territory))
        lines.extend(f"  - {instruction_text(item, lang, board)}" for item in group.instructions)
        lines.append("")
    if not groups:
        lines.extend([text("report", "nothing", lang), ""])
    if report.void_orders:
        lines.append(text("report", "void", lang))
        for void in void_orders_for_reading(report.void_orders):
            who = power_name(void.power, lang) if void.power else "?"
            reason = void.text(lang, board)
            line = text(
                "report", "void_line", lang, power=who, order=void.order_text, reason=reason
            )
            lines.append(f"  - {line}")
        lines.append("")
    if report.game_over:
        lines.append(text("report", "over", lang))
    elif report.state is not None:
        lines.append(text("report", "next", lang, round=report.state.round, year=report.state.year))
    return "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class PowerScore:
    """One power's score: points (points variant) and colony counts (both variants)."""

    power: str
    points: int
    colonies: int
    colonies_alone: int
    colonies_shared: int
    alliances: int
    presences: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "points": self.points,
            "colonies": self.colonies,
            "colonies_alone": self.colonies_alone,
            "colonies_shared": self.colonies_shared,
            "alliances": self.alliances,
            "presences": self.presences,
        }


@dataclass(frozen=True)
class Score:
    """The score of a position under the game's scoring option, best first."""

    scoring: str
    powers: tuple[PowerScore, ...]
    leaders: tuple[str, ...]
    game_over: bool
    note: str = SCORING_NOTE

    def by_power(self) -> Mapping[str, PowerScore]:
        return {p.power: p for p in self.powers}

    def to_dict(self) -> dict[str, Any]:
        return {
            "scoring": self.scoring,
            "game_over": self.game_over,
            "leaders": list(self.leaders),
            "powers": [p.to_dict() for p in self.powers],
            "note": self.note,
        }


def format_score(score: Score, lang: str = "en") -> str:
    """A small score table in plain words, with the note that scoring follows a summary."""
    lang = check_lang(lang)

    def col(key: str) -> str:
        return text("score", key, lang)

    rule = col("rule_points" if score.scoring == "points" else "rule_colonies")
    header = (
        f"{col('col_power'):<16}{col('col_points'):>7}{col('col_colonies'):>10}"
        f"{col('col_alone'):>7}{col('col_shared'):>10}"
        f"{col('col_alliances'):>11}{col('col_presences'):>11}"
    )
    lines = [rule, "", header]
    for p in score.powers:
        lines.append(
            f"{power_name(p.power, lang):<16}{p.points:>7}{p.colonies:>10}{p.colonies_alone:>7}"
            f"{p.colonies_shared:>10}{p.alliances:>11}{p.presences:>11}"
        )
    leaders = format_list((power_name(p, lang) for p in score.leaders), lang)
    lines += ["", text("score", "winner" if score.game_over else "leading", lang, leaders=leaders)]
    note = text("report", "scoring_note", lang) if score.note == SCORING_NOTE else score.note
    lines += ["", note]
    return "\n".join(lines) + "\n"
