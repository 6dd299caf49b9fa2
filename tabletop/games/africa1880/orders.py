"""Order types of an Africa 1880 order sheet, and void orders with their reasons.

A sheet holds one order per presence (:class:`Develop`, :class:`Explore` or :class:`Hold`), at most
one :class:`Landing`, and the powers on which the power declares war (every other relation is an
alliance). An order that cannot be executed is never an exception: it becomes a :class:`VoidOrder`
with a reason code (:class:`Reason`) and a sentence in English and in French.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.games.africa1880.state import (
    ALL_ALLIANCE,
    POWER_NAMES_FR,
    Relation,
    Relations,
    sort_powers,
)
from tabletop.games.enums import TextEnum

__all__ = [
    "ALL_ALLIANCE",
    "Develop",
    "Explore",
    "Hold",
    "Landing",
    "Order",
    "OrderKind",
    "OrderSheet",
    "REASON_CODES",
    "Reason",
    "Relations",
    "VoidOrder",
    "relations_from_sheets",
    "order_text",
    "void_order",
]


class OrderKind(TextEnum):
    """The kinds of order on a sheet: three for a presence, and the landing."""

    HOLD = "hold"
    DEVELOP = "develop"
    EXPLORE = "explore"
    LAND = "land"


@dataclass(frozen=True)
class Develop:
    """The presence of ``power`` in ``territory`` adds a development pin there."""

    power: str
    territory: str
    kind: ClassVar[OrderKind] = OrderKind.DEVELOP

    @property
    def source(self) -> str:
        return self.territory


@dataclass(frozen=True)
class Explore:
    """The presence of ``power`` in ``source`` places a new presence in the neighbour ``target``."""

    power: str
    source: str
    target: str
    kind: ClassVar[OrderKind] = OrderKind.EXPLORE


@dataclass(frozen=True)
class Hold:
    """The presence of ``power`` in ``territory`` does nothing this round."""

    power: str
    territory: str
    kind: ClassVar[OrderKind] = OrderKind.HOLD

    @property
    def source(self) -> str:
        return self.territory


@dataclass(frozen=True)
class Landing:
    """A sea expedition of ``power`` places a presence on the coastal territory ``target``."""

    power: str
    target: str
    kind: ClassVar[OrderKind] = OrderKind.LAND


Order = Develop | Explore | Hold


class Reason(TextEnum):
    """Why an order is void: stable codes for programs, test cases and translations.

    A member is its string value (``Reason.SYNTAX == "syntax"``), as written in case files and
    in ``--json`` output.
    """

    UNKNOWN_TERRITORY = "unknown_territory"
    UNKNOWN_POWER = "unknown_power"
    NOT_PLAYING = "power_not_in_game"
    UNKNOWN_KEYWORD = "unknown_keyword"
    SYNTAX = "syntax"
    NO_HEADER = "no_header"
    DUPLICATE_SHEET = "duplicate_sheet"
    NOT_NEIGHBOUR = "not_neighbour"
    NO_PRESENCE = "no_presence"
    COLONY_CLOSED = "colony_closed"
    DUPLICATE_ORDER = "duplicate_order"
    SECOND_LANDING = "second_landing"
    NOT_COASTAL = "not_coastal"
    LANDING_OCCUPIED = "landing_occupied"
    ALREADY_PRESENT = "already_present"
    TERRITORY_FULL = "territory_full"
    NO_PIN_LEFT = "no_pin_left"
    NO_PAWN_LEFT = "no_pawn_left"
    SELF_RELATION = "self_relation"
    CONTRADICTORY_RELATION = "contradictory_relation"


# The codes under their older module-level names, still imported by the notation and by tests;
# typed as plain text so that code written against the names before the enum keeps type-checking.
UNKNOWN_TERRITORY: str = Reason.UNKNOWN_TERRITORY
UNKNOWN_POWER: str = Reason.UNKNOWN_POWER
NOT_PLAYING: str = Reason.NOT_PLAYING
UNKNOWN_KEYWORD: str = Reason.UNKNOWN_KEYWORD
SYNTAX: str = Reason.SYNTAX
NO_HEADER: str = Reason.NO_HEADER
DUPLICATE_SHEET: str = Reason.DUPLICATE_SHEET
NOT_NEIGHBOUR: str = Reason.NOT_NEIGHBOUR
NO_PRESENCE: str = Reason.NO_PRESENCE
COLONY_CLOSED: str = Reason.COLONY_CLOSED
DUPLICATE_ORDER: str = Reason.DUPLICATE_ORDER
SECOND_LANDING: str = Reason.SECOND_LANDING
NOT_COASTAL: str = Reason.NOT_COASTAL
LANDING_OCCUPIED: str = Reason.LANDING_OCCUPIED
ALREADY_PRESENT: str = Reason.ALREADY_PRESENT
TERRITORY_FULL: str = Reason.TERRITORY_FULL
NO_PIN_LEFT: str = Reason.NO_PIN_LEFT
NO_PAWN_LEFT: str = Reason.NO_PAWN_LEFT
SELF_RELATION: str = Reason.SELF_RELATION
CONTRADICTORY_RELATION: str = Reason.CONTRADICTORY_RELATION

# code -> (English sentence, French sentence); fields come from void_order(**details).
REASONS: dict[Reason, tuple[str, str]] = {
    Reason.UNKNOWN_TERRITORY: ('unknown territory "{text}"', "territoire inconnu « {text} »"),
    Reason.UNKNOWN_POWER: ('unknown power "{text}"', "puissance inconnue « {text} »"),
    Reason.NOT_PLAYING: (
        "{absent} does not play in this game",
        "{absent} ne joue pas dans cette partie",
    ),
    Reason.UNKNOWN_KEYWORD: (
        'cannot read this line: "{text}" is not an order (develop, explore, hold, land, war, '
        "alliance)",
        "ligne illisible : « {text} » n'est pas un ordre (développe, explore, rien, débarque, "
        "guerre, alliance)",
    ),
    Reason.SYNTAX: (
        'cannot read this line; write e.g. "Senegal: explore Guinea", "land: Morocco" or '
        '"war: Germany"',
        "ligne illisible ; écrire par exemple « Sénégal : explore Guinée », « débarque : Maroc » "
        "ou « guerre : Allemagne »",
    ),
    Reason.NO_HEADER: (
        "written before any [Power] header, so it belongs to no power",
        "écrit avant tout en-tête [Puissance] : il n'appartient à aucune puissance",
    ),
    Reason.DUPLICATE_SHEET: (
        "second order sheet for {power}; only the first sheet counts",
        "deuxième fiche d'ordres pour {power} ; seule la première compte",
    ),
    Reason.NOT_NEIGHBOUR: (
        "{target} is not a neighbour of {source}",
        "{target} n'est pas limitrophe de {source}",
    ),
    Reason.NO_PRESENCE: (
        "{power} has no presence in {territory}",
        "{power} n'a pas de présence en {territory}",
    ),
    Reason.COLONY_CLOSED: (
        "{territory} is a colony, closed to explorations and landings",
        "{territory} est une colonie, fermée aux explorations et débarquements",
    ),
    Reason.DUPLICATE_ORDER: (
        "second order for the presence in {territory}; a presence takes one order per round and "
        "the first one written counts",
        "deuxième ordre pour la présence en {territory} ; une présence reçoit un seul ordre par "
        "tour et le premier écrit compte",
    ),
    Reason.SECOND_LANDING: (
        "second landing; a power lands at most once per round and the first one written counts",
        "deuxième débarquement ; un seul par tour, le premier écrit compte",
    ),
    Reason.NOT_COASTAL: (
        "{territory} is not coastal; a landing needs a coastal territory",
        "{territory} n'est pas côtier ; un débarquement vise un territoire côtier",
    ),
    Reason.LANDING_OCCUPIED: (
        "{territory} is not empty ({occupants} present {when}); a landing needs a territory empty "
        "of any presence",
        "{territory} n'est pas vide ({occupants} présent {when_fr}) ; un débarquement vise un "
        "territoire vide de toute présence",
    ),
    Reason.ALREADY_PRESENT: (
        "{power} already has a presence in {territory}; one presence per power per territory",
        "{power} a déjà une présence en {territory} ; une seule présence par pays et par "
        "territoire",
    ),
    Reason.TERRITORY_FULL: (
        "all {spaces} development spaces of {territory} are already filled",
        "les {spaces} cases de développement de {territory} sont déjà occupées",
    ),
    Reason.NO_PIN_LEFT: (
        "no development pin left: all {total} pins are on the board (the last pins go to "
        "territories in alphabetical order)",
        "plus de pion développement : les {total} pions sont posés (les derniers vont aux "
        "territoires par ordre alphabétique)",
    ),
    Reason.NO_PAWN_LEFT: (
        "{power} has no presence pawn left in stock{alphabetical}",
        "{power} n'a plus de pion présence en réserve{alphabetical_fr}",
    ),
    Reason.SELF_RELATION: (
        "{power} cannot declare a relation toward itself",
        "{power} ne peut pas déclarer de relation envers elle-même",
    ),
    Reason.CONTRADICTORY_RELATION: (
        "{power} wrote both war and alliance toward {other}; an unreadable relation counts as "
        "alliance",
        "{power} a écrit à la fois guerre et alliance envers {other} ; une relation illisible "
        "compte comme une alliance",
    ),
}
REASON_CODES: tuple[Reason, ...] = tuple(Reason)

_EXTRA_FR = {
    "when": "when_fr",
    "alphabetical": "alphabetical_fr",
}


def _fr(value: object) -> object:
    if isinstance(value, str):
        return POWER_NAMES_FR.get(value, value)
    if isinstance(value, tuple):
        return ", ".join(POWER_NAMES_FR.get(str(v), str(v)) for v in value)
    return value


def _en(value: object) -> object:
    if isinstance(value, tuple):
        return ", ".join(value)
    return value


@dataclass(frozen=True)
class VoidOrder:
    """An order that was not executed: who wrote it, what was written, why it is void.

    ``reason_code`` is one of :data:`REASON_CODES`; ``reason`` and ``reason_fr`` say it in plain
    English and French. ``line`` is the line number in the typed sheets when known.
    """

    power: str | None
    order_text: str
    reason_code: Reason
    reason: str
    reason_fr: str = ""
    line: int | None = field(default=None, compare=False)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"fr"``)."""
        return self.reason_fr if lang == "fr" and self.reason_fr else self.reason

    def to_dict(self) -> dict[str, object]:
        """The JSON form used in reports: ``{"power", "order", "reason"}``."""
        return {"power": self.power, "order": self.order_text, "reason": self.reason}


def void_order(
    power: str | None,
    order_text: str,
    code: Reason | str,
    line: int | None = None,
    suggestion: str | None = None,
    **details: Any,
) -> VoidOrder:
    """Build a :class:`VoidOrder` with both sentences of ``code`` filled from ``details``."""
    if type(code) is not Reason:  # the enum call costs a microsecond: skip it for members
        code = Reason(code)
    english, french = REASONS[code]
    details.setdefault("power", power or "")
    details.setdefault("absent", power or "")
    for key, fr_key in _EXTRA_FR.items():
        details.setdefault(key, "")
        details.setdefault(fr_key, "")
    en_text = english.format(**{k: _en(v) for k, v in details.items()})
    fr_text = french.format(**{k: _fr(v) for k, v in details.items()})
    if suggestion:
        en_text += f" (did you mean {suggestion}?)"
        fr_text += f" (vouliez-vous dire {_fr(suggestion)} ?)"
    return VoidOrder(power, order_text, code, en_text, fr_text, line)


@dataclass(frozen=True)
class OrderSheet:
    """One power's orders for a round.

    ``orders`` are the orders given to presences, in the order written; ``landing`` the landing or
    ``None``; ``wars`` the powers on which war is declared (every other power: alliance).
    ``void`` holds the orders of this sheet already voided while reading the text. ``written``
    maps each order (and the landing) to its ``(line number, text as typed)`` so that an order
    voided later is reported as the person typed it. Neither is part of the sheet's identity (two
    sheets that order the same things are equal).
    """

    power: str
    orders: tuple[Order, ...] = ()
    landing: Landing | None = None
    wars: frozenset[str] = frozenset()
    void: tuple[VoidOrder, ...] = field(default=(), compare=False)
    written: Mapping[Order | Landing, tuple[int, str]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "orders", tuple(self.orders))
        object.__setattr__(self, "wars", frozenset(self.wars))
        object.__setattr__(self, "void", tuple(self.void))

    def relations(self, powers: Iterable[str]) -> dict[str, Relation]:
        """``{other power: "war"|"alliance"}`` toward each of ``powers`` other than this one."""
        return {
            p: (Relation.WAR if p in self.wars else Relation.ALLIANCE)
            for p in sort_powers(powers)
            if p != self.power
        }


def relations_from_sheets(
    sheets: Mapping[str, OrderSheet], powers: Iterable[str] | None = None
) -> Relations:
    """The round's diplomatic grid: wars written on the sheets, alliance everywhere else.

    With ``powers``, wars toward or from powers outside the game are ignored; a missing sheet means
    alliance toward everyone.
    """
    allowed = None if powers is None else frozenset(powers)
    pairs = []
    for power, sheet in sheets.items():
        if allowed is not None and power not in allowed:
            continue
        for toward in sheet.wars:
            if toward != power and (allowed is None or toward in allowed):
                pairs.append((power, toward))
    return Relations(pairs) if pairs else ALL_ALLIANCE


def order_text(order: Order | Landing, keywords: Mapping[str, str] | None = None) -> str:
    """The line of an order as written on a typed sheet: English keywords, or ``keywords``
    (English keyword -> the word to write) for another language."""

    def word(english: str) -> str:
        return keywords[english] if keywords else english

    if isinstance(order, Develop):
        return f"{order.territory}: {word('develop')}"
    if isinstance(order, Explore):
        return f"{order.source}: {word('explore')} {order.target}"
    if isinstance(order, Hold):
        return f"{order.territory}: {word('hold')}"
    if isinstance(order, Landing):
        return f"{word('land')}: {order.target}"
    raise TypeError(f"not an order: {order!r}")
