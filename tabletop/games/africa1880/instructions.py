"""The table instructions of a round: what to place, the pins, the colonies, what to remove, as
:class:`Instruction` items (a code and its parameters, no sentence) in the order the table
applies them, grouped by power or by territory (see :mod:`tabletop.games.africa1880.report`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.games.africa1880.orders import OrderKind
from tabletop.games.africa1880.powers import POWER_ORDER, name_key
from tabletop.games.enums import TextEnum

if TYPE_CHECKING:  # only for annotations; the state module does not need this one
    pass

from tabletop.games.africa1880.report import Removal, RemovalRule, Report, removal_reason


class Step(TextEnum):
    """The steps of the table instructions, in the order the table applies them."""

    PLACE = "place"
    PINS = "pins"
    COLONIES = "colonies"
    REMOVE = "remove"


class Meaning(TextEnum):
    """What an instruction means for the table, whatever its words: pages style it by this."""

    #: Something is put on the board: a presence, pins, a colony.
    ACTION = "action"
    #: A pawn is taken off the board or held back (removed, or not placed at all); a page also
    #: gives this meaning to a refused (void) order.
    WARNING = "warning"


class InstructionKind(TextEnum):
    """What one table instruction asks; each belongs to one :class:`Step` and has one
    :class:`Meaning`.

    >>> {str(kind): str(kind.meaning) for kind in InstructionKind if kind.meaning == "warning"}
    {'do_not_place': 'warning', 'remove': 'warning'}
    """

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

    @property
    def meaning(self) -> Meaning:
        """Whether the instruction puts something on the board or takes or holds a pawn back."""
        return _WARNINGS.get(self, Meaning.ACTION)


_WARNINGS = {InstructionKind.DO_NOT_PLACE: Meaning.WARNING, InstructionKind.REMOVE: Meaning.WARNING}
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

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.adjudicate import resolve
    >>> from tabletop.games.africa1880.state import GameState
    >>> state = GameState(("France", "Germany", "Italy"),
    ...                   {"France": {"Algeria"}, "Germany": {"Tunisia"}})
    >>> from tabletop.games.africa1880.orders import Explore, OrderSheet
    >>> sheets = {"France": OrderSheet("France", (Explore("France", "Algeria", "Tunisia"),)),
    ...           "Germany": OrderSheet("Germany", wars=frozenset({"France"}))}
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
