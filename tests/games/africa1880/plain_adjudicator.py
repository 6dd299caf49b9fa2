"""A plain adjudicator of Africa 1880 (default options) to check the rules core against, and the
two rounds the resolve benchmark times.

:func:`plain_resolve` plays a round by the same rules as
:func:`~tabletop.games.africa1880.adjudicate.resolve`, written plainly with dicts, sets and
tuples: no rule objects, no report, void orders as ``(power, order, code)``. The benchmark times
the core against it; ``test_plain_agreement.py`` holds the two equal on random rounds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWER_ORDER, POWERS, name_key
from tabletop.games.africa1880.state import GameState


def late_game(seed: int = 1895) -> tuple[GameState, dict[str, OrderSheet]]:
    """A reproducible 1905 position: every power spread over the map, orders for every presence."""
    rng = random.Random(seed)
    board = load_board()
    names = list(board.names)
    presences = {power: set(rng.sample(names, rng.randint(20, 22))) for power in POWERS}
    total = sum(len(ts) for ts in presences.values())
    while total > 130:  # trim to about 130 presences in all
        power = rng.choice(POWERS)
        if len(presences[power]) > 18:
            presences[power].pop()
            total -= 1
    development = {n: rng.randint(0, board.territories[n].spaces - 1) for n in names}
    state = GameState(powers=POWERS, presences=presences, development=development, round=6)
    sheets = {}
    for power in POWERS:
        orders = []
        for territory in sorted(presences[power]):
            roll = rng.random()
            neighbours = board.territories[territory].neighbours
            if roll < 0.4:
                orders.append(Develop(power, territory))
            elif roll < 0.85 and neighbours:
                orders.append(Explore(power, territory, rng.choice(neighbours)))
            else:
                orders.append(Hold(power, territory))
        landing = Landing(power, rng.choice(board.coastal_names()))
        wars = frozenset(p for p in POWERS if p != power and rng.random() < 0.4)
        sheets[power] = OrderSheet(power, tuple(orders), landing, wars)
    return state, sheets


def void_sheets(state: GameState) -> dict[str, OrderSheet]:
    """Sheets where nearly every order is void: explorations toward territories that are not
    neighbours, developments where the power has no presence, landings inland."""
    board = load_board()
    names = sorted(board.names)
    inland = [n for n in names if not board.territories[n].coastal] or names
    sheets = {}
    for power in state.powers:
        held = state.presences[power]
        orders: list[Develop | Explore | Hold] = []
        for territory in names:
            if territory in held:
                near = set(board.territories[territory].neighbours) | {territory}
                far = next(n for n in names if n not in near)
                orders.append(Explore(power, territory, far))
            else:
                orders.append(Develop(power, territory))
        sheets[power] = OrderSheet(power, tuple(orders), Landing(power, inland[0]))
    return sheets


Void = list[tuple[str, object, str]]


def plain_resolve(
    state: GameState, board: Board, sheets: Mapping[str, OrderSheet]
) -> tuple[dict[str, frozenset[str]], dict[str, int], frozenset[str], Void]:
    """The baseline: the same round by the same rules (default options), written plainly with
    dicts, sets and tuples: no rule objects, no report, void orders as ``(power, order, code)``.

    Returns the presences, development and colonies after the round, and the void orders.
    """
    void: Void = []
    develops, explores, landings = plain_read(state, board, sheets, void)
    development = _plain_develop(state, board, develops, void)
    presences = {p: set(ts) for p, ts in state.presences.items()}
    stock = {p: state.options.stock - len(ts) for p, ts in state.presences.items()}
    for power in state.powers:
        for target in sorted(explores.get(power, ()), key=lambda t: (name_key(t), t)):
            if stock[power] > 0:
                stock[power] -= 1
                presences[power].add(target)
            else:
                void.extend((power, order, "no_pawn_left") for order in explores[power][target])
    _plain_land(state, board, landings, presences, stock, void)
    wars = {(p, q) for p, sheet in sheets.items() for q in sheet.wars if q != p}
    founded = _plain_settle(state, board, presences, development, wars)
    return (
        {p: frozenset(ts) for p, ts in presences.items()},
        development,
        state.colonies | founded,
        void,
    )


def plain_read(
    state: GameState, board: Board, sheets: Mapping[str, OrderSheet], void: Void
) -> tuple[
    dict[str, list[tuple[str, Develop]]], dict[str, dict[str, list[Explore]]], dict[str, Landing]
]:
    """The baseline's reading: the checks of each order, the valid ones kept by kind (the
    benchmark times it alone too: the least any adjudicator does for every order)."""
    territories, colonies = board.territories, state.colonies
    develops: dict[str, list[tuple[str, Develop]]] = {}
    explores: dict[str, dict[str, list[Explore]]] = {}
    landings: dict[str, Landing] = {}
    for power in sorted(sheets, key=POWER_ORDER.__getitem__):
        sheet = sheets[power]
        held = state.presences[power]
        seen: set[str] = set()
        for order in sheet.orders:
            source = order.source
            if source not in territories:
                void.append((power, order, "unknown_territory"))
            elif source not in held:
                void.append((power, order, "no_presence"))
            elif source in seen:
                void.append((power, order, "duplicate_order"))
            elif type(order) is Develop:
                seen.add(source)
                develops.setdefault(source, []).append((power, order))
            elif type(order) is Explore:
                seen.add(source)
                target = order.target
                if target not in territories:
                    void.append((power, order, "unknown_territory"))
                elif target not in territories[source].neighbours:
                    void.append((power, order, "not_neighbour"))
                elif target in colonies:
                    void.append((power, order, "colony_closed"))
                elif target in held:
                    void.append((power, order, "already_present"))
                else:
                    explores.setdefault(power, {}).setdefault(target, []).append(order)
            else:
                seen.add(source)
        if sheet.landing is not None:
            landings[power] = sheet.landing
    return develops, explores, landings


def _plain_develop(
    state: GameState, board: Board, develops: dict[str, list[tuple[str, Develop]]], void: Void
) -> dict[str, int]:
    """The baseline's developments: pins up to the spaces and the pins left."""
    development = dict(state.development)
    pins_left = state.options.total_pins - sum(development.values())
    for territory in sorted(develops, key=lambda t: (name_key(t), t)):
        spaces = board.territories[territory].spaces
        pins = development.get(territory, 0)
        for power, order in develops[territory]:
            if pins >= spaces:
                void.append((power, order, "territory_full"))
            elif pins_left <= 0:
                void.append((power, order, "no_pin_left"))
            else:
                pins += 1
                pins_left -= 1
        development[territory] = pins
    return development


def _plain_land(
    state: GameState,
    board: Board,
    landings: dict[str, Landing],
    presences: dict[str, set[str]],
    stock: dict[str, int],
    void: Void,
) -> None:
    """The baseline's landings: the target empty at the start of the round."""
    territories = board.territories
    for power in state.powers:
        landing = landings.get(power)
        if landing is None:
            continue
        target = landing.target
        if target not in territories:
            void.append((power, landing, "unknown_territory"))
        elif not territories[target].coastal:
            void.append((power, landing, "not_coastal"))
        elif target in state.colonies:
            void.append((power, landing, "colony_closed"))
        elif any(target in state.presences[p] for p in state.powers):
            void.append((power, landing, "landing_occupied"))
        elif target in presences[power]:
            void.append((power, landing, "already_present"))
        elif stock[power] <= 0:
            void.append((power, landing, "no_pawn_left"))
        else:
            stock[power] -= 1
            presences[power].add(target)


def _plain_settle(
    state: GameState,
    board: Board,
    presences: dict[str, set[str]],
    development: dict[str, int],
    wars: set[tuple[str, str]],
) -> set[str]:
    """The baseline's phases 4 (``presences`` lose the removed) and 5 (the colonies founded)."""
    colonies = state.colonies
    occupancy: dict[str, list[str]] = {}
    for power in state.powers:
        for territory in presences[power]:
            occupancy.setdefault(territory, []).append(power)
    removed: list[tuple[str, str]] = []
    for territory, present in occupancy.items():  # every territory at once
        if len(present) < 2 or territory in colonies:
            continue
        if len(present) == 2:
            a, b = present
            if (b, a) in wars and (a, b) not in wars:
                removed.append((a, territory))
            elif (a, b) in wars and (b, a) not in wars:
                removed.append((b, territory))
            continue
        for me in present:
            against = sum(1 for other in present if other != me and (other, me) in wars)
            if 2 * against > len(present) - 1:
                removed.append((me, territory))
    for power, territory in removed:
        presences[power].discard(territory)
        occupancy[territory].remove(power)
    return {
        territory
        for territory, present in occupancy.items()
        if present
        and territory not in colonies
        and development.get(territory, 0) >= board.territories[territory].spaces
        and not any((a, b) in wars for a in present for b in present)
    }


Outcome = tuple[dict[str, frozenset[str]], dict[str, int], frozenset[str], list[tuple[str, str]]]


def core_outcome(state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> Outcome:
    """What the core makes of the round, in the form :func:`plain_outcome` gives: presences,
    development (no zeros), colonies, and the void orders as sorted ``(power, code)``."""
    new, report = resolve(state, board, sheets)
    void = sorted((v.power or "", v.reason_code.value) for v in report.void_orders)
    return dict(new.presences), dict(new.development), new.colonies, void


def plain_outcome(state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> Outcome:
    """What :func:`plain_resolve` makes of the round, in the form of :func:`core_outcome`."""
    presences, development, colonies, void = plain_resolve(state, board, sheets)
    pins = {t: n for t, n in development.items() if n}
    return presences, pins, colonies, sorted((p, code) for p, _, code in void)
