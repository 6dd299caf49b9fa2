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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import Contests
from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.lazy_tuple import LazyTuple
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
    VoidOrders,
    VoidRow,
)
from tabletop.games.africa1880.powers import MASK_POWERS, POWER_BITS, POWER_ORDER, sort_powers
from tabletop.games.africa1880.report import DevelopmentResult, NewPresence
from tabletop.games.africa1880.state import GameState

if TYPE_CHECKING:  # only for annotations: the notation imports no adjudicator
    from tabletop.games.africa1880.notation import ParseResult


class GameOverError(ValueError):
    """Raised when asked to resolve a round of a finished game."""


@dataclass(frozen=True, eq=False)
class AfterOrders:
    """The board after phase 3, before conflicts, with what phase 3 did.

    ``masks`` maps every occupied territory to the powers present there as a mask of
    :data:`~tabletop.games.africa1880.powers.POWER_BITS` (:attr:`occupancy`: as names);
    ``contested`` lists the non-colony territories with two or more presences;
    ``colony_candidates`` the non-colony territories with all spaces filled and at least one
    presence. Treat every field as read-only;
    a copy made with :func:`dataclasses.replace` (fewer contested territories, say) is settled on
    its own fields.
    """

    state: GameState
    board: Board
    presences: Mapping[str, frozenset[str]]
    development: Mapping[str, int]
    masks: Mapping[str, int]
    contested: tuple[tuple[str, tuple[str, ...]], ...]
    colony_candidates: tuple[str, ...]
    new_presences: Sequence[NewPresence]
    development_added: Sequence[DevelopmentResult]
    void_orders: Sequence[VoidOrder]

    @cached_property
    def occupancy(self) -> Mapping[str, tuple[str, ...]]:
        """Every occupied territory with the powers present there (alphabetical), made once."""
        return {territory: MASK_POWERS[mask] for territory, mask in self.masks.items()}

    @cached_property
    def contests(self) -> Contests:
        """The contested territories and colony candidates as phase 4 reads them, built once."""
        return Contests.build(self.occupancy, self.contested, self.colony_candidates)


def territory_masks(state: GameState) -> dict[str, int]:
    """The powers present in each occupied territory of ``state``, as masks of
    :data:`~tabletop.games.africa1880.powers.POWER_BITS`."""
    masks: dict[str, int] = {}
    get = masks.get
    for power, territories in state.presences.items():
        bit = POWER_BITS[power]
        for territory in territories:
            masks[territory] = get(territory, 0) | bit
    return masks


class _Table:
    """Phase 3 under way: the position as the rules change it, and the void orders so far."""

    def __init__(self, state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> None:
        self.state = state
        self.board = board
        self.sheets = sheets
        #: Each sheet's typed lines by order, for the sheets that have any.
        self.written = {p: sheet.written for p, sheet in sheets.items() if sheet.written}
        self.territories = board.territories
        #: The territories of the board, as a plain dict for the checks of every order.
        self.on_board = board.space_counts
        self.neighbours = board.neighbour_sets
        self.options = state.options
        self.colonies = state.colonies
        #: The presences at the start of the round, in a plain dict: read for every order (made
        #: from the items: ``dict()`` of a FrozenMap would look each key up through Python).
        self.held: dict[str, frozenset[str]] = dict(state.presences.items())
        #: Each power's presences as the round goes: the state's own set until the power gets a
        #: new one (most rounds leave some powers unchanged: their sets are kept, not copied).
        self.presences: dict[str, frozenset[str] | set[str]] = dict(self.held)
        #: The powers present in each occupied territory, as a mask of :data:`POWER_BITS`.
        #: At the start of the round (read by the landings) and as the round goes.
        self.start_masks = territory_masks(state)
        self.masks = dict(self.start_masks)
        self.stock = {p: self.options.stock - len(ts) for p, ts in self.held.items()}
        self.development = dict(state.development.items())
        #: Void orders so far: those read from text already made, the others as rows, made into
        #: :class:`VoidOrder` objects only when the round's void orders are read.
        self.void: list[VoidOrder | VoidRow] = []
        #: How many of :attr:`void` were found while the sheets were read (the rest: executed).
        self.read_void = 0
        #: The new presences and the pins added, as rows: their report objects are made when the
        #: report is read (see :meth:`result`).
        self.new_presences: list[tuple[str, str, OrderKind]] = []
        self.development_added: list[tuple[str, int, int, int]] = []

    def refuse(
        self,
        power: str,
        order: Develop | Explore | Hold | Landing,
        code: Reason,
        details: dict[str, Any] | None = None,
    ) -> None:
        """Void ``order`` for ``code`` with the values of its sentence (``None``: those the order
        holds, see :func:`~tabletop.games.africa1880.orders.order_details`), reported with the line
        number and the text the person typed when known; its text and sentence are put together
        only when read."""
        # Sheets made in code write nothing: no lookup (an order's hash is not free).
        written = self.written.get(power)
        self.void.append((power, order, code, details, written.get(order) if written else None))

    def refuse_all(
        self, power: str, code: Reason, orders: Sequence[Develop | Explore | Hold | Landing]
    ) -> None:
        """:meth:`refuse` for each of ``orders``, void for ``code`` with the values each holds."""
        if not orders:
            return
        written = self.written.get(power)
        if written:
            self.void.extend([(power, order, code, None, written.get(order)) for order in orders])
        else:
            self.void.extend([(power, order, code, None, None) for order in orders])

    def unknown(self, power: str, order: Develop | Explore | Hold | Landing, name: str) -> None:
        """Void ``order`` naming a territory the board does not have (with a suggestion)."""
        details = {"suggestion": self.board.suggest(name), "text": name}
        self.refuse(power, order, Reason.UNKNOWN_TERRITORY, details)

    def place(self, power: str, territory: str, by: OrderKind) -> None:
        """A new presence of ``power`` from its stock."""
        self.stock[power] -= 1
        territories = self.presences[power]
        if isinstance(territories, frozenset):  # the first new presence of the power: copy
            territories = set(territories)
            self.presences[power] = territories
        territories.add(territory)
        masks = self.masks
        masks[territory] = masks.get(territory, 0) | POWER_BITS[power]
        self.new_presences.append((power, territory, by))

    def in_reading_order(
        self, rows: Sequence[VoidOrder | VoidRow]
    ) -> Sequence[VoidOrder | VoidRow]:
        """The void orders as a person goes down the sheets: those found while reading, sheet by
        sheet in the order written (each rule checks its kind of order at once, so a sheet's void
        orders are found grouped by check), then those the execution voided, as found."""
        read, executed = rows[: self.read_void], rows[self.read_void :]
        positions: dict[str, dict[int, int]] = {}
        for power, sheet in self.sheets.items():
            orders = (*sheet.orders, sheet.landing)
            positions[power] = {id(order): index for index, order in enumerate(orders)}

        def position(row: VoidOrder | VoidRow) -> tuple[int, int]:
            if isinstance(row, VoidOrder):  # read from the text: first in its sheet
                power = row.power
                return (-1 if power is None else POWER_ORDER.get(power, -1), -1)
            return (POWER_ORDER.get(row[0], -1), positions[row[0]].get(id(row[1]), -1))

        return [*sorted(read, key=position), *executed]

    def made_presences(self) -> tuple[NewPresence, ...]:
        """The new presences, grouped by power for the person placing pawns on the table."""
        rank = self.board.name_rank  # in the order of name_key: one key lookup per presence
        rows = sorted(self.new_presences, key=lambda row: (POWER_ORDER[row[0]], rank[row[1]]))
        return tuple(NewPresence(power, territory, by) for power, territory, by in rows)

    def made_development(self) -> tuple[DevelopmentResult, ...]:
        """The pins added, territory by territory in the order they were served."""
        return tuple(DevelopmentResult(*row) for row in self.development_added)

    def result(self) -> AfterOrders:
        """The board after phase 3, with what the conflict phase looks at listed once."""
        presences, development, colonies = self.presences, self.development, self.colonies
        masks = self.masks
        # mask & (mask - 1): two powers or more (the lowest bit cleared leaves another).
        crowded = [t for t, mask in masks.items() if mask & (mask - 1) and t not in colonies]
        contested = tuple((t, MASK_POWERS[masks[t]]) for t in sorted(crowded))
        spaces = self.board.space_counts
        candidates = tuple(
            sorted(
                [
                    t
                    for t, pins in development.items()
                    if t in masks and t not in colonies and pins >= spaces[t]
                ]
            )
        )
        return AfterOrders(
            state=self.state,
            board=self.board,
            presences=FrozenMap(
                (p, ts if type(ts) is frozenset else frozenset(ts)) for p, ts in presences.items()
            ),
            development=FrozenMap(development),
            masks=masks,
            contested=contested,
            colony_candidates=candidates,
            new_presences=LazyTuple(self.made_presences, len(self.new_presences)),
            development_added=LazyTuple(self.made_development, len(self.development_added)),
            void_orders=VoidOrders(self.void, self.in_reading_order),
        )


OrderT = TypeVar("OrderT", Develop, Explore, Hold, Landing)


class _Rule(ABC, Generic[OrderT]):
    """One kind of order: its checks and its execution in one place.

    :meth:`accept` sees a sheet's orders of the kind, in the order written, once the sheet is read
    (an order given to a presence has passed the checks common to them all: known territory, own
    presence, one order per presence); :meth:`execute` runs once every sheet is read, in the
    rules' order.
    """

    kind: ClassVar[type[Develop | Explore | Hold | Landing]]

    @abstractmethod
    def accept(self, table: _Table, power: str, orders: list[OrderT]) -> None:
        """Check the ``orders`` of one sheet: void each here, or keep it for :meth:`execute`."""

    @abstractmethod
    def execute(self, table: _Table) -> None:
        """Execute the orders kept, voiding those the position no longer allows."""


class _HoldRule(_Rule[Hold]):
    """Hold: the presence does nothing; the order only counts as the presence's one order."""

    kind = Hold

    def accept(self, table: _Table, power: str, orders: list[Hold]) -> None:
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

    def accept(self, table: _Table, power: str, orders: list[Develop]) -> None:
        requests = self.requests
        for order in orders:
            territory = order.territory
            if territory in requests:
                requests[territory].append((power, order))
            else:
                requests[territory] = [(power, order)]

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
                table.development_added.append((territory, added, before + added, spaces))


class _ExploreRule(_Rule[Explore]):
    """Explore: a new presence on a neighbour that is no colony and holds none of the power's
    yet; several explorations toward one territory give one presence. When the stock runs out,
    targets are served in alphabetical order and the rest are void."""

    kind = Explore

    def __init__(self) -> None:
        self.requests: dict[str, dict[str, list[Explore]]] = {}

    def accept(self, table: _Table, power: str, orders: list[Explore]) -> None:
        requests = self.requests.setdefault(power, {})
        neighbours, colonies, held = table.neighbours, table.colonies, table.held[power]
        # The void ones by the first check they fail, in the rules' order: the target is a
        # territory of the board, a neighbour, no colony, and holds none of the power's yet.
        unknown: list[Explore] = []
        far: list[Explore] = []
        closed: list[Explore] = []
        present: list[Explore] = []
        for order in orders:
            target = order.target
            if target in neighbours[order.source]:  # neighbours are territories of the board
                if target in colonies:
                    closed.append(order)
                elif target in held:
                    present.append(order)
                elif target in requests:  # most orders: every check passed
                    requests[target].append(order)
                else:
                    requests[target] = [order]
            elif target in table.on_board:
                far.append(order)
            else:
                unknown.append(order)
        for order in unknown:
            table.unknown(power, order, order.target)
        table.refuse_all(power, Reason.NOT_NEIGHBOUR, far)
        table.refuse_all(power, Reason.COLONY_CLOSED, closed)
        table.refuse_all(power, Reason.ALREADY_PRESENT, present)

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

    def accept(self, table: _Table, power: str, orders: list[Landing]) -> None:
        for order in orders:  # one per sheet: a second was voided while the text was read
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
        return MASK_POWERS[table.start_masks.get(target, 0)]

    def _possible(self, table: _Table, power: str, landing: Landing) -> bool:
        """True when ``landing`` can be executed now; otherwise it is voided here."""
        target = landing.target
        if target not in table.territories:
            table.unknown(power, landing, target)
        elif not table.territories[target].coastal:
            table.refuse(power, landing, Reason.NOT_COASTAL)
        elif target in table.colonies:
            table.refuse(power, landing, Reason.COLONY_CLOSED)
        elif occupants := self._occupants(table, target):
            check = table.options.landing_check
            details = {"territory": target, "occupants": occupants, "landing_check": check}
            table.refuse(power, landing, Reason.LANDING_OCCUPIED, details)
        elif target in table.presences[power]:
            table.refuse(power, landing, Reason.ALREADY_PRESENT)
        elif table.stock[power] <= 0:
            table.refuse(power, landing, Reason.NO_PAWN_LEFT, {})
        else:
            return True
        return False


def _read_sheet(table: _Table, sheet: OrderSheet, rules: Sequence[_Rule[Any]], power: str) -> None:
    """Hand the orders of ``sheet`` that pass the checks common to every order given to a
    presence (a territory of the board, where the power has a presence, which receives no other
    order) to the rule of their kind, each rule its orders at once, in the order written."""
    table.void.extend(sheet.void)
    if power not in table.state.presences:
        landing = (sheet.landing,) if sheet.landing is not None else ()
        for order in (*sheet.orders, *landing):
            table.refuse(power, order, Reason.NOT_PLAYING, {})
        return
    # The presences an order may be given to: on the board, and not given one yet.
    held = table.held[power]
    on_board = held if held <= table.board.name_set else held & table.board.name_set
    free = set(on_board)
    batches: dict[type, list[Any]] = {rule.kind: [] for rule in rules}
    # One list append per order, looked up by the order's class (no call of a rule per order).
    keep = {kind: batch.append for kind, batch in batches.items()}
    refused: list[Develop | Explore | Hold] = []
    for order in sheet.orders:
        source = order.source
        if source in free:  # most orders
            free.remove(source)
            keep[type(order)](order)
        else:
            refused.append(order)
    if refused:  # by the first common check each fails, in the rules' order
        board = table.on_board
        unknown: list[Develop | Explore | Hold] = []
        again: list[Develop | Explore | Hold] = []
        absent: list[Develop | Explore | Hold] = []
        for order in refused:
            source = order.source
            if source in on_board:  # a presence the sheet has given an order already
                again.append(order)
            elif source in board:
                absent.append(order)
            else:
                unknown.append(order)
        for order in unknown:
            table.unknown(power, order, order.source)
        table.refuse_all(power, Reason.DUPLICATE_ORDER, again)
        table.refuse_all(power, Reason.NO_PRESENCE, absent)
    if sheet.landing is not None:
        batches[Landing].append(sheet.landing)
    for rule in rules:
        batch = batches[rule.kind]
        if batch:
            rule.accept(table, power, batch)


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
    for power in sort_powers(by_power):
        _read_sheet(table, by_power[power], rules, power)
    table.read_void = len(table.void)
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
