"""Benchmark: one late-game Africa 1880 round with six powers (~130 presences, ~150 orders).

Prints the time to resolve a round from order-sheet objects (target: under 5 ms), from typed text
(parsing included), of a round where nearly every order is void (~200 void orders: their reasons
are data, rendered only when shown), and the time of one ``settle`` call (phases 4-5 only, as the
game-theory explorer calls it thousands of times with different relations).

In the same run it times a plain baseline (:func:`plain_resolve`: the same rules written plainly,
no report, void orders as tuples; checked to play the same round as the core) and ``Game.apply``
(resolve and keep the round in the history), on the late-game round (about 60 of its orders are
void) and on the round of ~200 void orders, and prints core / baseline. Goal (issue 22): the
core at most 0.5x the baseline. Times are CPU time (``time.process_time``): best of 7 runs, and
the median, so other programs on the machine change them little.

    .venv/bin/python benchmarks/africa_resolve.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWER_ORDER, POWERS, name_key
from tabletop.games.africa1880.relations import Relations
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
    develops, explores, landings = _plain_read(state, board, sheets, void)
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


def _plain_read(
    state: GameState, board: Board, sheets: Mapping[str, OrderSheet], void: Void
) -> tuple[
    dict[str, list[tuple[str, Develop]]], dict[str, dict[str, list[Explore]]], dict[str, Landing]
]:
    """The baseline's reading: the checks of each order, the valid ones kept by kind."""
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


def same_round(state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> None:
    """Refuse to time a baseline that does not play the round the core plays."""
    new, report = resolve(state, board, sheets)
    presences, development, colonies, void = plain_resolve(state, board, sheets)
    core_void = sorted((v.power or "", v.reason_code.value) for v in report.void_orders)
    if (
        dict(new.presences) != presences
        or {t: n for t, n in new.development.items() if n}
        != {t: n for t, n in development.items() if n}
        or new.colonies != colonies
        or core_void != sorted((p, code) for p, _, code in void)
    ):
        raise SystemExit("africa_resolve: the plain baseline and the core disagree on this round")


def per_call(function: Callable[[], object], calls: int, repeats: int = 7) -> tuple[float, float]:
    """Best and median seconds per call over ``repeats`` runs of ``calls`` calls.

    The best run is the one least disturbed by other programs; the median shows the spread.
    """
    runs = []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(calls):
            function()
        runs.append((time.process_time() - start) / calls)
    return min(runs), statistics.median(runs)


def _ms(times: tuple[float, float]) -> str:
    return f"{times[0] * 1e3:.3f} ms (median {times[1] * 1e3:.3f} ms)"


def main() -> None:
    board = load_board()
    state, sheets = late_game()
    text = format_sheets(sheets, board, state.powers)
    presences = sum(len(ts) for ts in state.presences.values())
    orders = sum(len(s.orders) + (s.landing is not None) for s in sheets.values())
    after = execute_orders(state, board, sheets)
    rng = random.Random(7)
    grids = [
        Relations((a, b) for a in POWERS for b in POWERS if a != b and rng.random() < 0.4)
        for _ in range(64)
    ]
    cycle = iter(range(10**9))

    def one_settle() -> object:
        return settle(after, grids[next(cycle) % 64])

    round_objects = per_call(lambda: resolve(state, board, sheets), 200)
    round_text = per_call(lambda: resolve(state, board, parse_sheets(text, board, POWERS)), 100)
    voided = void_sheets(state)
    void_count = len(resolve(state, board, voided)[1].void_orders)
    round_void = per_call(lambda: resolve(state, board, voided), 100)
    phase3 = per_call(lambda: execute_orders(state, board, sheets), 200)
    settle_time = per_call(one_settle, 5000)
    relations = sum(len(s.wars) for s in sheets.values())
    same_round(state, board, sheets)
    same_round(state, board, voided)

    def apply(round_sheets: Mapping[str, OrderSheet]) -> object:
        return Game(state=state, board=board).apply(round_sheets, text)

    late_void = len(resolve(state, board, sheets)[1].void_orders)
    compared = {
        f"late-game round ({late_void} void)": (
            round_objects,
            per_call(lambda: apply(sheets), 100),
            per_call(lambda: plain_resolve(state, board, sheets), 200),
        ),
        f"void round ({void_count} void)": (
            round_void,
            per_call(lambda: apply(voided), 100),
            per_call(lambda: plain_resolve(state, board, voided), 200),
        ),
    }
    print(
        f"position: 6 powers, {presences} presences, {orders} orders to presences and landings "
        f"+ {relations} declarations of war, {len(after.contested)} contested territories"
    )
    print(f"resolve (sheet objects): {_ms(round_objects)} per round (target < 5 ms)")
    print(f"resolve (typed text, parsing included): {_ms(round_text)} per round")
    print(f"resolve ({void_count} void orders): {_ms(round_void)} per round")
    print(f"execute_orders (phase 3 only): {_ms(phase3)} per call")
    print(
        f"settle (phases 4-5 only): {settle_time[0] * 1e6:.1f} µs per call "
        f"(median {settle_time[1] * 1e6:.1f} µs)"
    )
    for label, (core, applied, plain) in compared.items():
        print(
            f"{label}: plain baseline {_ms(plain)}; core resolve {core[0] / plain[0]:.2f}x it, "
            f"Game.apply {_ms(applied)} = {applied[0] / plain[0]:.2f}x it (goal <= 0.5x)"
        )


if __name__ == "__main__":
    main()
