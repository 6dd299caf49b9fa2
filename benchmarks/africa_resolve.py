"""Benchmark: one late-game Africa 1880 round with six powers (~130 presences, ~150 orders).

Prints the time to resolve a round from order-sheet objects (target: under 5 ms), from typed text
(parsing included), of a round where nearly every order is void (~200 void orders: their reasons
are data, rendered only when shown), and the time of one ``settle`` call (phases 4-5 only, as the
game-theory explorer calls it thousands of times with different relations).

    .venv/bin/python benchmarks/africa_resolve.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWERS
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


def per_call(function: Callable[[], object], calls: int, repeats: int = 7) -> tuple[float, float]:
    """Best and median seconds per call over ``repeats`` runs of ``calls`` calls.

    The best run is the one least disturbed by other programs; the median shows the spread.
    """
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        runs.append((time.perf_counter() - start) / calls)
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


if __name__ == "__main__":
    main()
