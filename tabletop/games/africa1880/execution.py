"""Phase 3 of a round: the order sheets executed (develop, explore, land) into an
:class:`AfterOrders`, the board before conflicts with everything :func:`settle` needs precomputed.
It does not depend on the diplomatic relations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import _Crowds, _mask
from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.options import LandingCheck, Options
from tabletop.games.africa1880.orders import (
    ALREADY_PRESENT,
    COLONY_CLOSED,
    DUPLICATE_ORDER,
    LANDING_OCCUPIED,
    NO_PAWN_LEFT,
    NO_PIN_LEFT,
    NO_PRESENCE,
    NOT_COASTAL,
    NOT_NEIGHBOUR,
    NOT_PLAYING,
    TERRITORY_FULL,
    UNKNOWN_TERRITORY,
    Develop,
    Explore,
    Hold,
    Landing,
    OrderKind,
    OrderSheet,
    VoidOrder,
    order_text,
    void_order,
)
from tabletop.games.africa1880.powers import POWER_ORDER, name_key, sort_powers
from tabletop.games.africa1880.report import DevelopmentResult, NewPresence
from tabletop.games.africa1880.state import GameState


class GameOverError(ValueError):
    """Raised when asked to resolve a round of a finished game."""


@dataclass(frozen=True, eq=False)
class AfterOrders:
    """The board after phase 3, before conflicts: what :func:`settle` needs, precomputed.

    ``occupancy`` maps every occupied territory to its powers (alphabetical); ``contested`` lists
    the non-colony territories with two or more presences; ``colony_candidates`` the non-colony
    territories with all spaces filled and at least one presence; ``masks`` gives, for those
    territories, the bit mask of the powers present (see ``POWER_BITS``). Treat every field as
    read-only.
    """

    state: GameState
    board: Board
    presences: Mapping[str, frozenset[str]]
    development: Mapping[str, int]
    occupancy: Mapping[str, tuple[str, ...]]
    contested: tuple[tuple[str, tuple[str, ...]], ...]
    colony_candidates: tuple[str, ...]
    masks: Mapping[str, int]
    # Precomputed once so that settle() only does bit arithmetic: (territory, (a, b), a index,
    # b index) for two presences, and arrays over every presence in territories of three or more.
    pairs: tuple[tuple[str, tuple[str, ...], int, int], ...]
    crowds: _Crowds
    candidates: tuple[tuple[str, tuple[str, ...], tuple[int, ...], int], ...]
    new_presences: tuple[NewPresence, ...]
    development_added: tuple[DevelopmentResult, ...]
    void_orders: tuple[VoidOrder, ...]


def _coerce_sheets(sheets: Any, board: Board, powers: tuple[str, ...]) -> tuple[dict, list]:
    """Accept a mapping power -> OrderSheet, a ParseResult or typed text; return (sheets, voids)."""
    if isinstance(sheets, str):
        from tabletop.games.africa1880.notation import (
            parse_sheets,
        )  # notation imports no adjudicator

        sheets = parse_sheets(sheets, board, powers)
    if sheets is None:
        return {}, []
    if hasattr(sheets, "sheets") and hasattr(sheets, "errors"):  # a ParseResult
        return dict(sheets.sheets), list(sheets.errors)
    if isinstance(sheets, Mapping):
        return dict(sheets), []
    out: dict[str, OrderSheet] = {}
    for sheet in sheets:  # an iterable of OrderSheet
        out.setdefault(sheet.power, sheet)
    return out, []


def _landing_occupants(
    target: str,
    options: Options,
    current: Mapping[str, set[str]],
    occupied_at_start: Mapping[str, list[str]],
) -> tuple[str, ...]:
    """Who makes a landing on ``target`` fail: present when the sheet is read, or at the start
    of the round, as the ``landing_check`` option says."""
    if options.landing_check is LandingCheck.READING_ORDER:
        return sort_powers(current.get(target, ()))
    return tuple(occupied_at_start.get(target, ()))


def execute_orders(state: GameState, board: Board | None, sheets: Any) -> AfterOrders:
    """Phase 3: execute every power's orders on ``state``; relations play no part here.

    ``sheets`` is a mapping power -> :class:`OrderSheet` (a missing sheet: every presence holds),
    a ``ParseResult`` or the typed text of the sheets. Develops fill spaces up to each territory's
    spaces and the game's pins (when pins run short, territories are served in alphabetical order,
    and powers within a territory in alphabetical order); explorations are cut off alphabetically by
    target when a power's stock runs out; landings come after explorations.
    """
    if state.game_over:
        raise GameOverError("the game is over; no further round can be resolved")
    if board is None:
        board = load_board(state.board)
    by_power, orphan_voids = _coerce_sheets(sheets, board, state.powers)
    territories = board.territories
    options = state.options
    colonies = state.colonies
    void: list[VoidOrder] = list(orphan_voids)

    start_presences = state.presences
    occupied_at_start: dict[str, list[str]] = {}
    for power in state.powers:
        for territory in start_presences[power]:
            occupied_at_start.setdefault(territory, []).append(power)

    develop_requests: dict[str, list[tuple[str, Develop]]] = {}
    explore_requests: dict[str, dict[str, list[Explore]]] = {}
    landings: dict[str, Landing] = {}
    for power in sorted(by_power, key=lambda p: (POWER_ORDER.get(p, 99), str(p))):
        sheet: OrderSheet = by_power[power]
        if power not in start_presences:
            void.extend(sheet.void)
            for order in (*sheet.orders, *((sheet.landing,) if sheet.landing else ())):
                void.append(_void(by_power, power, order, NOT_PLAYING))
            continue
        void.extend(sheet.void)
        mine = start_presences[power]
        seen: set[str] = set()
        for order in sheet.orders:
            source = order.source
            if source not in territories:
                void.append(_unknown(by_power, power, order, source, board))
                continue
            if source not in mine:
                void.append(_void(by_power, power, order, NO_PRESENCE, territory=source))
                continue
            if source in seen:
                void.append(_void(by_power, power, order, DUPLICATE_ORDER, territory=source))
                continue
            seen.add(source)
            if isinstance(order, Hold):
                continue
            if isinstance(order, Develop):
                develop_requests.setdefault(source, []).append((power, order))
                continue
            target = order.target
            if target not in territories:
                void.append(_unknown(by_power, power, order, target, board))
            elif target not in territories[source].neighbours:
                void.append(
                    _void(by_power, power, order, NOT_NEIGHBOUR, source=source, target=target)
                )
            elif target in colonies:
                void.append(_void(by_power, power, order, COLONY_CLOSED, territory=target))
            elif target in mine:
                void.append(_void(by_power, power, order, ALREADY_PRESENT, territory=target))
            else:
                explore_requests.setdefault(power, {}).setdefault(target, []).append(order)
        if sheet.landing is not None:
            landings[power] = sheet.landing

    # Develop: one pin per valid order, capped by free spaces and by the pins left in the box.
    development = dict(state.development)
    pins_left = options.total_pins - sum(development.values())
    development_added = []
    for territory in sorted(develop_requests, key=lambda t: (name_key(t), t)):
        spaces = territories[territory].spaces
        added = 0
        for power, order in develop_requests[territory]:
            if development.get(territory, 0) + added >= spaces:
                void.append(
                    _void(
                        by_power, power, order, TERRITORY_FULL, territory=territory, spaces=spaces
                    )
                )
            elif pins_left <= 0:
                void.append(_void(by_power, power, order, NO_PIN_LEFT, total=options.total_pins))
            else:
                added += 1
                pins_left -= 1
        if added:
            total = development.get(territory, 0) + added
            development[territory] = total
            development_added.append(DevelopmentResult(territory, added, total, spaces))

    # Explore: one presence per target, alphabetical by target until the stock runs out.
    presences = {p: set(ts) for p, ts in start_presences.items()}
    stock = {p: options.stock - len(ts) for p, ts in start_presences.items()}
    new_presences = []
    for power in state.powers:
        requests = explore_requests.get(power)
        if not requests:
            continue
        for target in sorted(requests, key=lambda t: (name_key(t), t)):
            if stock[power] > 0:
                stock[power] -= 1
                presences[power].add(target)
                new_presences.append(NewPresence(power, target, OrderKind.EXPLORE))
            else:
                for order in requests[target]:
                    void.append(
                        _void(
                            by_power,
                            power,
                            order,
                            NO_PAWN_LEFT,
                            explore=True,
                        )
                    )

    # Land: after explorations, one per power, on a coastal territory empty of any presence.
    if landings:
        current: dict[str, set[str]] = {}
        if options.landing_check is LandingCheck.READING_ORDER:
            for power in state.powers:
                for territory in presences[power]:
                    current.setdefault(territory, set()).add(power)
            listed = [p for p in options.reading_order if p in landings]
            order_of_reading = listed + [
                p for p in state.powers if p in landings and p not in listed
            ]
        else:
            order_of_reading = [p for p in state.powers if p in landings]
        for power in order_of_reading:
            landing = landings[power]
            target = landing.target
            if target not in territories:
                void.append(_unknown(by_power, power, landing, target, board))
            elif not territories[target].coastal:
                void.append(_void(by_power, power, landing, NOT_COASTAL, territory=target))
            elif target in colonies:
                void.append(_void(by_power, power, landing, COLONY_CLOSED, territory=target))
            elif occupants := _landing_occupants(target, options, current, occupied_at_start):
                void.append(
                    _void(
                        by_power,
                        power,
                        landing,
                        LANDING_OCCUPIED,
                        territory=target,
                        occupants=occupants,
                        landing_check=options.landing_check,
                    )
                )
            elif target in presences[power]:
                void.append(_void(by_power, power, landing, ALREADY_PRESENT, territory=target))
            elif stock[power] <= 0:
                void.append(_void(by_power, power, landing, NO_PAWN_LEFT))
            else:
                stock[power] -= 1
                presences[power].add(target)
                current.setdefault(target, set()).add(power)
                new_presences.append(NewPresence(power, target, OrderKind.LAND))

    # Grouped by power for the person placing pawns on the table.
    new_presences.sort(key=lambda n: (POWER_ORDER[n.power], name_key(n.territory)))
    occupancy_lists: dict[str, list[str]] = {}
    for power in state.powers:  # alphabetical, so each list comes out sorted
        for territory in presences[power]:
            occupancy_lists.setdefault(territory, []).append(power)
    occupancy = {t: tuple(ps) for t, ps in occupancy_lists.items()}
    contested = tuple(
        (t, occupancy[t]) for t in sorted(occupancy) if len(occupancy[t]) >= 2 and t not in colonies
    )
    candidates = tuple(
        t
        for t in sorted(development)
        if t not in colonies and t in occupancy and development[t] >= territories[t].spaces
    )
    masks = {t: _mask(occupancy[t]) for t in (*(t for t, _ in contested), *candidates)}
    return AfterOrders(
        state=state,
        board=board,
        presences=FrozenMap((p, frozenset(ts)) for p, ts in presences.items()),
        development=FrozenMap(development),
        occupancy=occupancy,
        contested=contested,
        colony_candidates=candidates,
        masks=masks,
        pairs=tuple(
            (t, ps, POWER_ORDER[ps[0]], POWER_ORDER[ps[1]]) for t, ps in contested if len(ps) == 2
        ),
        crowds=_Crowds.build(contested, masks),
        candidates=tuple(
            (t, occupancy[t], tuple(POWER_ORDER[p] for p in occupancy[t]), masks[t])
            for t in candidates
        ),
        new_presences=tuple(new_presences),
        development_added=tuple(development_added),
        void_orders=tuple(void),
    )


def _void(
    by_power: Mapping[str, OrderSheet], power: str, order: Any, code: str, **details: Any
) -> VoidOrder:
    """A void order reported with the line number and the text the person typed, when known."""
    sheet = by_power.get(power)
    written = sheet.written.get(order) if sheet is not None else None
    if written is None:
        return void_order(power, order_text(order), code, **details)
    line, text = written
    return void_order(power, text, code, line=line, **details)


def _unknown(
    by_power: Mapping[str, OrderSheet], power: str, order: Any, name: str, board: Board
) -> VoidOrder:
    return _void(
        by_power, power, order, UNKNOWN_TERRITORY, suggestion=board.suggest(name), text=name
    )
