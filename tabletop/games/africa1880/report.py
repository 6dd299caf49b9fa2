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

This module holds the report and the score as data; the instructions and the words have modules of
their own: :mod:`~tabletop.games.africa1880.instructions` and
:mod:`~tabletop.games.africa1880.report_text`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.games.africa1880.orders import OrderKind, VoidOrder
from tabletop.games.africa1880.powers import power_name
from tabletop.games.enums import TextEnum
from tabletop.i18n import format_list
from tabletop.i18n.keys import REPORT, text

if TYPE_CHECKING:  # only for annotations; the state module does not need this one
    from tabletop.games.africa1880.state import GameState

#: The note printed under every score, in English (:func:`format_score` shows it in the
#: reader's language from the catalogs).
SCORING_NOTE = REPORT["scoring_note"].msgid


# The results of a round are made by the dozen per round: their __init__ writes the instance's
# dict at once (a frozen dataclass's own sets each field through object.__setattr__, about three
# times slower); they stay frozen, compared and shown as dataclasses.


@dataclass(frozen=True, init=False)
class NewPresence:
    """A presence placed during phase 3, ``by`` exploration or landing."""

    power: str
    territory: str
    by: OrderKind

    def __init__(self, power: str, territory: str, by: OrderKind) -> None:
        values = self.__dict__
        values["power"] = power
        values["territory"] = territory
        values["by"] = by

    def to_dict(self) -> dict[str, str]:
        return {"power": self.power, "territory": self.territory, "by": self.by}


@dataclass(frozen=True, init=False)
class DevelopmentResult:
    """Pins added on one territory this round, the pins there after, and its spaces."""

    territory: str
    added: int
    total: int
    spaces: int

    def __init__(self, territory: str, added: int, total: int, spaces: int) -> None:
        values = self.__dict__
        values["territory"] = territory
        values["added"] = added
        values["total"] = total
        values["spaces"] = spaces

    def to_dict(self) -> dict[str, Any]:
        return {
            "territory": self.territory,
            "added": self.added,
            "total": self.total,
            "spaces": self.spaces,
        }


@dataclass(frozen=True, init=False)
class Removal:
    """A presence removed in phase 4 (back to its power's stock), with the reason in plain words.

    ``war_from`` / ``alliance_from`` are the other powers present that declared war on / alliance
    with the removed power: the relations that decided.
    """

    power: str
    territory: str
    war_from: tuple[str, ...]
    alliance_from: tuple[str, ...]

    def __init__(
        self,
        power: str,
        territory: str,
        war_from: tuple[str, ...],
        alliance_from: tuple[str, ...],
    ) -> None:
        values = self.__dict__
        values["power"] = power
        values["territory"] = territory
        values["war_from"] = war_from
        values["alliance_from"] = alliance_from

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


@dataclass(frozen=True, init=False)
class Report:
    """Everything a round did, in the order it is applied to the table.

    ``round``/``year`` are those of the round resolved; ``state`` is the state after it. The
    lists are sequences equal to tuples; the adjudicator's make their items when first read.
    """

    round: int
    year: int
    void_orders: Sequence[VoidOrder] = ()
    development: Sequence[DevelopmentResult] = ()
    new_presences: Sequence[NewPresence] = ()
    removals: Sequence[Removal] = ()
    colonies: tuple[ColonyFounded, ...] = ()
    game_over: bool = False
    state: GameState | None = field(default=None, compare=False)

    def __init__(
        self,
        round: int,
        year: int,
        void_orders: Sequence[VoidOrder] = (),
        development: Sequence[DevelopmentResult] = (),
        new_presences: Sequence[NewPresence] = (),
        removals: Sequence[Removal] = (),
        colonies: tuple[ColonyFounded, ...] = (),
        game_over: bool = False,
        state: GameState | None = None,
    ) -> None:
        values = self.__dict__
        values["round"] = round
        values["year"] = year
        values["void_orders"] = void_orders
        values["development"] = development
        values["new_presences"] = new_presences
        values["removals"] = removals
        values["colonies"] = colonies
        values["game_over"] = game_over
        values["state"] = state

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


__all__ = [
    "REPORT_KEYS",
    "SCORING_NOTE",
    "ColonyFounded",
    "DevelopmentResult",
    "NewPresence",
    "PowerScore",
    "Removal",
    "RemovalRule",
    "Report",
    "Score",
    "removal_reason",
]


class ReportRecord(Mapping[str, Any]):
    """A resolved round's report in its JSON form (:meth:`Report.to_dict` without the state),
    written on first read: keeping a round in a game's history writes no sentence (the reasons of
    its void orders and removals are worded when the record is read, copied, saved or shown).

    >>> record = ReportRecord(Report(round=2, year=1885))
    >>> record["round"], dict(record) == Report(round=2, year=1885).to_dict(include_state=False)
    (2, True)
    """

    __slots__ = ("report", "_data")

    def __init__(self, report: Report) -> None:
        self.report = report
        self._data: dict[str, Any] | None = None

    def data(self) -> dict[str, Any]:
        """The JSON form, written once."""
        if self._data is None:
            self._data = self.report.to_dict(include_state=False)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self.data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data())

    def __len__(self) -> int:
        return len(self.data())

    def __repr__(self) -> str:
        return repr(self.data())
