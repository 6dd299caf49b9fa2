"""Order types of an Africa 1880 order sheet, and void orders with their reasons.

A sheet holds one order per presence (:class:`Develop`, :class:`Explore` or :class:`Hold`), at most
one :class:`Landing`, and the powers on which the power declares war (every other relation is an
alliance). An order that cannot be executed is never an exception: it becomes a :class:`VoidOrder`
with its reason as data (:class:`VoidReason`: a :class:`Reason` code and the values of its
sentence), rendered in any language from the message catalogs only where it is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.games.africa1880.lazy_tuple import LazyTuple
from tabletop.games.africa1880.powers import power_name
from tabletop.games.africa1880.relations import ALL_ALLIANCE, Relation, Relations
from tabletop.games.enums import TextEnum
from tabletop.i18n import format_list
from tabletop.i18n.keys import text

if TYPE_CHECKING:  # only for annotations
    from tabletop.games.africa1880.board import Board

__all__ = [
    "Develop",
    "Explore",
    "Hold",
    "Landing",
    "Order",
    "OrderKind",
    "OrderSheet",
    "REASON_CODES",
    "Reason",
    "VoidOrder",
    "VoidReason",
    "VoidOrders",
    "VoidRow",
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

REASON_CODES: tuple[Reason, ...] = tuple(Reason)

# The values that name powers (shown in the reader's language) and territories (shown with the
# board's names in that language when a board is given); the others are shown as they are.
_POWER_VALUES = frozenset({"power", "absent", "other", "occupants"})
_TERRITORY_VALUES = frozenset({"territory", "source", "target"})


def _shown(name: str, value: Any, lang: str, board: Board | None) -> Any:
    if name in _POWER_VALUES:
        if isinstance(value, str):
            return power_name(value, lang)
        return format_list((power_name(str(v), lang) for v in value), lang)
    if name in _TERRITORY_VALUES and board is not None and isinstance(value, str):
        return board.display_name(value, lang) if value in board else value
    if isinstance(value, tuple):
        return format_list((str(v) for v in value), lang)
    return value


@dataclass(frozen=True)
class VoidReason:
    """Why an order is void, as data: the reason code and the values of its sentence (with the
    name the reader may have meant). No sentence is written until one is shown: :meth:`render`
    writes it in any language with a catalog, ``str()`` in English.

    >>> reason = VoidReason(Reason.NOT_NEIGHBOUR, (("source", "Egypt"), ("target", "Chad")))
    >>> str(reason), reason.render("de")
    ('Chad is not a neighbour of Egypt', 'Chad grenzt nicht an Egypt')
    """

    code: Reason
    values: tuple[tuple[str, Any], ...] = ()
    suggestion: str | None = None

    @property
    def key(self) -> str:
        """The key of the sentence in the "void" table: the code, or one of its two variants."""
        code = self.code
        if code is Reason.LANDING_OCCUPIED:
            reading = dict(self.values).get("landing_check") == "reading_order"
            return "landing_occupied_reading" if reading else "landing_occupied_start"
        if code is Reason.NO_PAWN_LEFT and dict(self.values).get("explore"):
            return "no_pawn_left_explore"
        return str(code)

    def render(self, lang: str = "en", board: Board | None = None) -> str:
        """The sentence in ``lang``; with ``board``, territories under the board's names in
        ``lang`` (canonical names otherwise, as typed on the sheets)."""
        values = self.values
        shown = {name: _shown(name, value, lang, board) for name, value in values}
        # How many a listed value holds (``occupants_count``): a sentence's plural agrees with it.
        for name, value in values:
            if isinstance(value, tuple | list):
                shown[f"{name}_count"] = len(value)
        sentence = text("void", self.key, lang, **shown)
        suggestion = self.suggestion
        if suggestion:
            if self.code is Reason.UNKNOWN_POWER:
                suggestion = power_name(suggestion, lang)
            elif board is not None and suggestion in board:
                suggestion = board.display_name(suggestion, lang)
            sentence = text("void", "did_you_mean", lang, reason=sentence, suggestion=suggestion)
        return sentence

    def __str__(self) -> str:
        return self.render()


#: A void order not made yet: ``(power, order, code, details, (line, text) or None)``, the
#: arguments of :meth:`VoidOrder.of_order` (see :meth:`VoidOrder.of_rows`). ``details`` is
#: ``None`` when the order itself holds the values of the sentence (:func:`order_details`).
VoidRow = tuple[str, Order | Landing, Reason, dict[str, Any] | None, tuple[int, str] | None]

# The reasons whose sentence names the order's source, its target, or both: their values are
# read from the order when the sentence is wanted, not stored for every void order of a round.
_SOURCE_REASONS = frozenset({Reason.NO_PRESENCE, Reason.DUPLICATE_ORDER})
_TARGET_REASONS = frozenset({Reason.COLONY_CLOSED, Reason.ALREADY_PRESENT, Reason.NOT_COASTAL})


def order_details(order: Order | Landing, code: Reason) -> dict[str, Any]:
    """The values of the sentence of ``order`` void for ``code``, for the reasons that need only
    the order (no suggestion, no count of the board's): the territory it is given to or aims at,
    or both for an exploration toward a territory that is no neighbour.

    >>> order_details(Explore("France", "Egypt", "Chad"), Reason.NOT_NEIGHBOUR)
    {'source': 'Egypt', 'target': 'Chad'}
    >>> order_details(Landing("France", "Chad"), Reason.NOT_COASTAL)
    {'territory': 'Chad'}
    """
    if code is Reason.NOT_NEIGHBOUR and isinstance(order, Explore):
        return {"source": order.source, "target": order.target}
    if code in _SOURCE_REASONS and not isinstance(order, Landing):
        return {"territory": order.source}
    if code in _TARGET_REASONS and isinstance(order, Explore | Landing):
        return {"territory": order.target}
    return {}


class VoidOrder:
    """An order that was not executed: who wrote it, what was written, why it is void.

    ``cause`` is the reason as data (its code is :attr:`reason_code`, one of
    :data:`REASON_CODES`); :meth:`text` says it in any language, :attr:`reason` in plain English,
    both written only when asked for. ``line`` is the line number in the typed sheets when known.

    Immutable, compared on ``power``, ``order_text`` and ``cause`` (not ``line``). Made by the
    adjudicator with :meth:`of_order`, it keeps the order, the code and the values as given and
    builds ``order_text`` and ``cause`` on first read: a round voids dozens of orders that nobody
    may look at.

    >>> void = VoidOrder.of_order("France", Develop("France", "Egypt"), Reason.NO_PRESENCE,
    ...                           {"territory": "Egypt"})
    >>> void == VoidOrder("France", "Egypt: develop", void.cause), void.reason
    (True, 'France has no presence in Egypt')
    """

    # One slot holds the fields as a row (one object per void order, made with one store); the
    # text, the cause and :attr:`reason` are written in ``__dict__`` on first read, over the
    # class's defaults.
    __slots__ = ("_row", "__dict__")
    _text: str | None = None
    _cause: VoidReason | None = None

    def __init__(
        self, power: str | None, order_text: str, cause: VoidReason, line: int | None = None
    ) -> None:
        self._row: tuple[Any, ...] = (power, None, cause.code, None, (line, order_text))
        self._text = order_text
        self._cause = cause

    @classmethod
    def of_order(
        cls,
        power: str,
        order: Order | Landing,
        code: Reason,
        details: dict[str, Any] | None = None,
        written: tuple[int, str] | None = None,
    ) -> VoidOrder:
        """The void ``order`` of ``power`` for ``code`` with the values of its sentence
        (``details``, kept as given: not changed afterwards; ``None``: read from the order by
        :func:`order_details`), and the ``(line number, text as typed)`` of the order when known;
        nothing is written until read."""
        void = cls.__new__(cls)
        void._row = (power, order, code, details, written)
        return void

    @classmethod
    def of_rows(cls, rows: Iterable[VoidOrder | VoidRow]) -> tuple[VoidOrder, ...]:
        """:meth:`of_order` for each ``(power, order, code, details, written)`` row, in one
        pass (a round voids up to hundreds of orders); void orders already made are kept."""
        out: list[VoidOrder] = []
        append, new = out.append, cls.__new__
        for row in rows:
            if isinstance(row, VoidOrder):
                append(row)
                continue
            void = new(cls)
            void._row = row
            append(void)
        return tuple(out)

    @property
    def power(self) -> str | None:
        """The power whose sheet held the order (``None``: a line outside any sheet)."""
        power: str | None = self._row[0]
        return power

    @property
    def line(self) -> int | None:
        """The line number in the typed sheets, when known."""
        written = self._row[4]
        return written[0] if written else None

    @property
    def order_text(self) -> str:
        """The order as the person typed it (or as a typed sheet would write it)."""
        text = self._text
        if text is None:
            power, order, code, details, written = self._row
            text = written[1] if written else order_text(order)
            self._text = text
        return text

    @property
    def cause(self) -> VoidReason:
        """Why the order is void, as data."""
        cause = self._cause
        if cause is None:
            power, order, code, details, written = self._row
            values = dict(details) if details is not None else order_details(order, code)
            cause = self._cause = void_reason(power, code, values)
        return cause

    def _key(self) -> tuple[str | None, str, VoidReason]:
        return (self.power, self.order_text, self.cause)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VoidOrder):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"VoidOrder(power={self.power!r}, order_text={self.order_text!r}, "
            f"cause={self.cause!r}, line={self.line!r})"
        )

    def __reduce__(self) -> tuple[type[VoidOrder], tuple[Any, ...]]:
        return (VoidOrder, (self.power, self.order_text, self.cause, self.line))

    @property
    def reason_code(self) -> Reason:
        """Why the order is void, as a code."""
        code: Reason = self._row[2]
        return code

    @cached_property
    def reason(self) -> str:
        """The reason in plain English (the ``--json`` form), written on first use."""
        return self.cause.render()

    def text(self, lang: str = "en", board: Board | None = None) -> str:
        """The reason in ``lang`` (any language with a catalog); with ``board``, territories
        under the board's names in that language."""
        if lang == "en" and board is None:
            return self.reason
        return self.cause.render(lang, board)

    @property
    def reason_fr(self) -> str:
        """The reason in French (:meth:`text` in French)."""
        return self.text("fr")

    def to_dict(self) -> dict[str, object]:
        """The JSON form used in reports: ``{"power", "order", "reason", "code"}`` (the English
        sentence and the reason code)."""
        return {
            "power": self.power,
            "order": self.order_text,
            "reason": self.reason,
            "code": self.reason_code,
        }


class VoidOrders(LazyTuple[VoidOrder]):
    """The void orders of a round, in the order they were found: kept as rows (see
    :data:`VoidRow`; void orders already made are kept as they are) and made into
    :class:`VoidOrder` objects the first time one is read. A round may void hundreds of orders
    that nobody lists; counting them, or asking whether there are any, makes none.

    >>> voids = VoidOrders([("France", Develop("France", "Egypt"), Reason.NO_PRESENCE, None, None)])
    >>> len(voids), voids[0].reason
    (1, 'France has no presence in Egypt')
    >>> voids == (VoidOrder("France", "Egypt: develop", voids[0].cause),)
    True
    """

    __slots__ = ()

    def __init__(
        self,
        rows: Sequence[VoidOrder | VoidRow] = (),
        arrange: Callable[[Sequence[VoidOrder | VoidRow]], Sequence[VoidOrder | VoidRow]]
        | None = None,
    ) -> None:
        """``rows`` in their order, or in the order ``arrange`` gives them when they are made."""

        def make() -> tuple[VoidOrder, ...]:
            return VoidOrder.of_rows(arrange(rows) if arrange is not None else rows)

        super().__init__(make, len(rows))


def void_reason(power: str | None, code: Reason | str, details: dict[str, Any]) -> VoidReason:
    """The :class:`VoidReason` for ``code`` with the values of its sentence (``details``, which
    gets the power's entries added)."""
    if type(code) is not Reason:  # the enum call costs a microsecond: skip it for members
        code = Reason(code)
    suggestion = details.pop("suggestion", None)
    details.setdefault("power", power or "")
    details.setdefault("absent", power or "")
    values = tuple(details.items())
    for _, value in values:  # rarely any (an option's value): convert only then
        if isinstance(value, TextEnum):
            values = tuple((k, str(v) if isinstance(v, TextEnum) else v) for k, v in values)
            break
    return VoidReason(code, values, suggestion)


def void_order(
    power: str | None,
    order_text: str,
    code: Reason | str,
    line: int | None = None,
    suggestion: str | None = None,
    **details: Any,
) -> VoidOrder:
    """A :class:`VoidOrder` for ``code`` with the values of its sentence (``details``); no
    sentence is written here, only when the order is shown.

    ``landing_check`` (the option's value) picks the sentence of a landing on an occupied
    territory, ``explore=True`` the one of an exploration that found the stock empty.
    """
    details["suggestion"] = suggestion
    return VoidOrder(power, order_text, void_reason(power, code, details), line)


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

    def relation(self, toward: str) -> Relation:
        """The relation this sheet declares toward the power ``toward``."""
        return Relation.WAR if toward in self.wars else Relation.ALLIANCE

    def with_relation(self, toward: str, relation: Relation) -> OrderSheet:
        """This sheet declaring ``relation`` toward ``toward`` (the other orders kept).

        >>> sheet = OrderSheet("France").with_relation("Germany", Relation.WAR)
        >>> sheet.wars, sheet.relation("Germany"), sheet.relation("Italy")
        (frozenset({'Germany'}), <Relation.WAR: 'war'>, <Relation.ALLIANCE: 'alliance'>)
        """
        if toward == self.power:
            raise ValueError("a power declares no relation toward itself")
        wars = self.wars | {toward} if relation is Relation.WAR else self.wars - {toward}
        return replace(self, wars=wars)


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
