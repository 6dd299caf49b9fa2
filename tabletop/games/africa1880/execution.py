"""Phase 3 of a round: the order sheets executed (develop, explore, land) into an
:class:`AfterOrders`, the board before conflicts. It does not depend on the diplomatic relations.

Each kind of order has one rule here that holds both its checks and its execution (a
:class:`_Rule`: :meth:`~_Rule.accept` while the sheets are read, :meth:`~_Rule.execute` once they
all are); :func:`execute_orders` itself knows no kind of order. It reads every sheet, power by
power, through the checks common to all orders given to a presence, hands each order to the rule
of its kind, then lets the rules execute in the rules' order: develop, explore, land.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import Contests
from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.options import LandingCheck
from tabletop.games.africa1880.orders import (
    Develop,
    Explore,
    Hold,
    Landing,
    OrderKind,
    OrderSheet,
    Reason,
    VoidOrder,
    VoidRow,
)
from tabletop.games.africa1880.powers import POWER_ORDER, sort_powers
from tabletop.games.africa1880.report import DevelopmentResult, NewPresence
from tabletop.games.africa1880.state import GameState

if TYPE_CHECKING:  # only for annotations: the notation imports no adjudicator
    from tabletop.games.africa1880.notation import ParseResult


class GameOverError(ValueError):
    """Raised when asked to resolve a round of a finished game."""


@dataclass(frozen=True, eq=False)
class AfterOrders:
    """The board after phase 3, before conflicts, with what phase 3 did.

    ``occupancy`` maps every occupied territory to its powers (alphabetical); ``contested`` lists
    the non-colony territories with two or more presences; ``colony_candidates`` the non-colony
    territories with all spaces filled and at least one presence. Treat every field as read-only;
    a copy made with :func:`dataclasses.replace` (fewer contested territories, say) is settled on
    its own fields.
    """

    state: GameState
    board: Board
    presences: Mapping[str, frozenset[str]]
    development: Mapping[str, int]
    occupancy: Mapping[str, tuple[str, ...]]
    contested: tuple[tuple[str, tuple[str, ...]], ...]
    colony_candidates: tuple[str, ...]
    new_presences: tuple[NewPresence, ...]
    development_added: tuple[DevelopmentResult, ...]
    void_orders: tuple[VoidOrder, ...]

    @cached_property
    def contests(self) -> Contests:
        """The contested territories and colony candidates as phase 4 reads them, built once."""
        return Contests.build(self.occupancy, self.contested, self.colony_candidates)


class _Table:
    """Phase 3 under way: the position as the rules change it, and the void orders so far."""

    def __init__(self, state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> None:
        self.state = state
        self.board = board
        self.sheets = sheets
        #: Each sheet's typed lines by order, for the sheets that have any.
        self.written = {p: sheet.written for p, sheet in sheets.items() if sheet.written}
        self.territories = board.territories
        self.neighbours = board.neighbour_sets
        self.options = state.options
        self.colonies = state.colonies
        self.presences = {p: set(ts) for p, ts in state.presences.items()}
        #: The presences at the start of the round, in a plain dict: read for every order.
        self.held: dict[str, frozenset[str]] = dict(state.presences)
        self.stock = {p: self.options.stock - len(ts) for p, ts in state.presences.items()}
        self.development = dict(state.development)
        #: Void orders so far: those read from text already made, the others as rows made into
        #: :class:`VoidOrder` objects all at once by :meth:`result`.
        self.void: list[VoidOrder | VoidRow] = []
        self.new_presences: list[NewPresence] = []
        self.development_added: list[DevelopmentResult] = []

    def refuse(
        self,
        power: str,
        order: Develop | Explore | Hold | Landing,
        code: Reason,
        details: dict[str, Any],
    ) -> None:
        """Void ``order`` for ``code`` with the values of its sentence, reported with the line
        number and the text the person typed when known; its text and sentence are put together
        only when read."""
        # Sheets made in code write nothing: no lookup (an order's hash is not free).
        written = self.written.get(power)
        self.void.append((power, order, code, details, written.get(order) if written else None))

    def unknown(self, power: str, order: Develop | Explore | Hold | Landing, name: str) -> None:
        """Void ``order`` naming a territory the board does not have (with a suggestion)."""
        details = {"suggestion": self.board.suggest(name), "text": name}
        self.refuse(power, order, Reason.UNKNOWN_TERRITORY, details)

    def place(self, power: str, territory: str, by: OrderKind) -> None:
        """A new presence of ``power`` from its stock."""
        self.stock[power] -= 1
        self.presences[power].add(territory)
        self.new_presences.append(NewPresence(power, territory, by))

    def result(self) -> AfterOrders:
        """The board after phase 3, with what the conflict phase looks at listed once."""
        presences, development, colonies = self.presences, self.development, self.colonies
        # Grouped by power for the person placing pawns on the table.
        rank = self.board.name_rank  # in the order of name_key: one key lookup per presence
        self.new_presences.sort(key=lambda n: (POWER_ORDER[n.power], rank[n.territory]))
        lists: dict[str, list[str]] = {}
        for power in self.state.powers:  # alphabetical, so each list comes out sorted
            for territory in presences[power]:
                if territory in lists:
                    lists[territory].append(power)
                else:
                    lists[territory] = [power]
        occupancy = {t: tuple(ps) for t, ps in lists.items()}
        contested = tuple(
            (t, occupancy[t])
            for t in sorted([t for t, ps in lists.items() if len(ps) >= 2 and t not in colonies])
        )
        spaces = self.board.space_counts
        candidates = tuple(
            sorted(
                [
                    t
                    for t, pins in development.items()
                    if t in lists and t not in colonies and pins >= spaces[t]
                ]
            )
        )
        return AfterOrders(
            state=self.state,
            board=self.board,
            presences=FrozenMap((p, frozenset(ts)) for p, ts in presences.items()),
            development=FrozenMap(development),
            occupancy=occupancy,
            contested=contested,
            colony_candidates=candidates,
            new_presences=tuple(self.new_presences),
            development_added=tuple(self.development_added),
            void_orders=VoidOrder.of_rows(self.void),
        )


OrderT = TypeVar("OrderT", Develop, Explore, Hold, Landing)


class _Rule(ABC, Generic[OrderT]):
    """One kind of order: its checks and its execution in one place.

    :meth:`accept` sees each order of the kind as its sheet is read (an order given to a presence
    has passed the checks common to them all: known territory, own presence, one order per
    presence); :meth:`execute` runs once every sheet is read, in the rules' order.
    """

    kind: ClassVar[type[Develop | Explore | Hold | Landing]]

    @abstractmethod
    def accept(self, table: _Table, power: str, order: OrderT) -> None:
        """Check ``order`` as its sheet is read: void it here, or keep it for :meth:`execute`."""

    @abstractmethod
    def execute(self, table: _Table) -> None:
        """Execute the orders kept, voiding those the position no longer allows."""


#: A rule's :meth:`~_Rule.accept`, looked up once per round.
_Accept = Callable[[_Table, str, Any], None]


class _HoldRule(_Rule[Hold]):
    """Hold: the presence does nothing; the order only counts as the presence's one order."""

    kind = Hold

    def accept(self, table: _Table, power: str, order: Hold) -> None:
        pass

    def execute(self, table: _Table) -> None:
        pass


class _DevelopRule(_Rule[Develop]):
    """Develop: one pin per valid order, capped by the territory's free spaces and by the pins
    left in the box. When pins run short, territories are served in alphabetical order, and the
    orders within a territory in reading order (powers alphabetically)."""

    kind = Develop

    def __init__(self) -> None:
        self.requests: dict[str, list[tuple[str, Develop]]] = {}

    def accept(self, table: _Table, power: str, order: Develop) -> None:
        self.requests.setdefault(order.territory, []).append((power, order))

    def execute(self, table: _Table) -> None:
        development = table.development
        total_pins = table.options.total_pins
        pins_left = total_pins - sum(development.values())
        space_counts = table.board.space_counts
        for territory in sorted(self.requests, key=table.board.name_rank.__getitem__):
            spaces = space_counts[territory]
            before = development.get(territory, 0)
            added = 0
            for power, order in self.requests[territory]:
                if before + added >= spaces:
                    details = {"territory": territory, "spaces": spaces}
                    table.refuse(power, order, Reason.TERRITORY_FULL, details)
                elif pins_left <= 0:
                    table.refuse(power, order, Reason.NO_PIN_LEFT, {"total": total_pins})
                else:
                    added += 1
                    pins_left -= 1
            if added:
                development[territory] = before + added
                table.development_added.append(
                    DevelopmentResult(territory, added, before + added, spaces)
                )


class _ExploreRule(_Rule[Explore]):
    """Explore: a new presence on a neighbour that is no colony and holds none of the power's
    yet; several explorations toward one territory give one presence. When the stock runs out,
    targets are served in alphabetical order and the rest are void."""

    kind = Explore

    def __init__(self) -> None:
        self.requests: dict[str, dict[str, list[Explore]]] = {}

    def accept(self, table: _Table, power: str, order: Explore) -> None:
        source, target = order.source, order.target
        neighbours = table.neighbours[source]
        if (
            target in neighbours
            and target not in table.colonies
            and target not in table.held[power]
            and target in table.territories
        ):  # most orders: the checks below, all passed
            self.requests.setdefault(power, {}).setdefault(target, []).append(order)
        elif target not in table.territories:  # the first check it fails, in the rules' order
            table.unknown(power, order, target)
        elif target not in neighbours:
            details = {"source": source, "target": target}
            table.refuse(power, order, Reason.NOT_NEIGHBOUR, details)
        elif target in table.colonies:
            table.refuse(power, order, Reason.COLONY_CLOSED, {"territory": target})
        else:
            table.refuse(power, order, Reason.ALREADY_PRESENT, {"territory": target})

    def execute(self, table: _Table) -> None:
        for power in table.state.powers:
            requests = self.requests.get(power)
            if not requests:
                continue
            for target in sorted(requests, key=table.board.name_rank.__getitem__):
                if table.stock[power] > 0:
                    table.place(power, target, OrderKind.EXPLORE)
                    continue
                for order in requests[target]:
                    table.refuse(power, order, Reason.NO_PAWN_LEFT, {"explore": True})


class _LandingRule(_Rule[Landing]):
    """Landing: after the explorations, a new presence on a coastal territory that is no colony
    and empty of any presence, at the start of the round or when the sheet is read (the
    ``landing_check`` option)."""

    kind = Landing

    def __init__(self) -> None:
        self.landings: dict[str, Landing] = {}
        self.occupied_now: dict[str, set[str]] = {}

    def accept(self, table: _Table, power: str, order: Landing) -> None:
        self.landings[power] = order

    def execute(self, table: _Table) -> None:
        for power in self._reading_order(table):
            landing = self.landings[power]
            if self._possible(table, power, landing):
                table.place(power, landing.target, OrderKind.LAND)
                self.occupied_now.setdefault(landing.target, set()).add(power)

    def _reading_order(self, table: _Table) -> list[str]:
        powers = table.state.powers
        if table.options.landing_check is not LandingCheck.READING_ORDER:
            return [p for p in powers if p in self.landings]
        for power in powers:  # who is where once the explorations are done
            for territory in table.presences[power]:
                self.occupied_now.setdefault(territory, set()).add(power)
        listed = [p for p in table.options.reading_order if p in self.landings]
        return listed + [p for p in powers if p in self.landings and p not in listed]

    def _occupants(self, table: _Table, target: str) -> tuple[str, ...]:
        """Who makes a landing on ``target`` fail, as the ``landing_check`` option says."""
        if table.options.landing_check is LandingCheck.READING_ORDER:
            return sort_powers(self.occupied_now.get(target, ()))
        return table.state.presences_in(target)

    def _possible(self, table: _Table, power: str, landing: Landing) -> bool:
        """True when ``landing`` can be executed now; otherwise it is voided here."""
        target = landing.target
        if target not in table.territories:
            table.unknown(power, landing, target)
        elif not table.territories[target].coastal:
            table.refuse(power, landing, Reason.NOT_COASTAL, {"territory": target})
        elif target in table.colonies:
            table.refuse(power, landing, Reason.COLONY_CLOSED, {"territory": target})
        elif occupants := self._occupants(table, target):
            check = table.options.landing_check
            details = {"territory": target, "occupants": occupants, "landing_check": check}
            table.refuse(power, landing, Reason.LANDING_OCCUPIED, details)
        elif target in table.presences[power]:
            table.refuse(power, landing, Reason.ALREADY_PRESENT, {"territory": target})
        elif table.stock[power] <= 0:
            table.refuse(power, landing, Reason.NO_PAWN_LEFT, {})
        else:
            return True
        return False


def _read_sheet(
    table: _Table, sheet: OrderSheet, accept: Mapping[type, _Accept], power: str
) -> None:
    """Hand each order of ``sheet`` that passes the checks common to every order given to a
    presence (a territory of the board, where the power has a presence, which receives no other
    order) to the rule of its kind."""
    table.void.extend(sheet.void)
    if power not in table.state.presences:
        landing = (sheet.landing,) if sheet.landing is not None else ()
        for order in (*sheet.orders, *landing):
            table.refuse(power, order, Reason.NOT_PLAYING, {})
        return
    territories = table.territories
    # The presences an order may be given to: on the board, and not given one yet.
    free = table.board.space_counts.keys() & table.held[power]
    given: set[str] = set()
    written = table.written.get(power)
    void = table.void.append  # the row :meth:`_Table.refuse` appends, without the call
    for order in sheet.orders:
        source = order.source
        if source in free:  # most orders
            free.remove(source)
            given.add(source)
            accept[type(order)](table, power, order)
        elif source not in territories:
            table.unknown(power, order, source)
        else:
            code = Reason.DUPLICATE_ORDER if source in given else Reason.NO_PRESENCE
            line = written.get(order) if written else None
            void((power, order, code, {"territory": source}, line))
    if sheet.landing is not None:
        accept[Landing](table, power, sheet.landing)


def execute_orders(
    state: GameState,
    board: Board | None,
    sheets: Mapping[str, OrderSheet] | ParseResult,
) -> AfterOrders:
    """Phase 3: execute every power's orders on ``state``; relations play no part here.

    ``sheets`` maps each power to its :class:`OrderSheet` (a missing sheet: every presence holds),
    or is what :func:`~tabletop.games.africa1880.notation.parse_sheets` read (its lines that
    belong to no sheet are reported void too). Develops fill spaces up to each territory's spaces
    and the game's pins; explorations are cut off alphabetically by target when a power's stock
    runs out; landings come after explorations.
    """
    if state.game_over:
        raise GameOverError("the game is over; no further round can be resolved")
    if board is None:
        board = load_board(state.board)
    by_power, unread = sheets_and_unread(sheets)
    table = _Table(state, board, by_power)
    table.void.extend(unread)
    rules: tuple[_Rule[Any], ...] = (_HoldRule(), _DevelopRule(), _ExploreRule(), _LandingRule())
    by_kind: dict[type, _Accept] = {rule.kind: rule.accept for rule in rules}
    for power in sort_powers(by_power):
        _read_sheet(table, by_power[power], by_kind, power)
    for rule in rules:
        rule.execute(table)
    return table.result()


def sheets_and_unread(
    sheets: Mapping[str, OrderSheet] | ParseResult,
) -> tuple[Mapping[str, OrderSheet], Sequence[VoidOrder]]:
    """The sheets by power, and the void lines read outside any playing power's sheet (none
    when ``sheets`` is already a mapping)."""
    if isinstance(sheets, Mapping):
        return sheets, ()
    return sheets.sheets, sheets.errors
