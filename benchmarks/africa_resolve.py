"""Benchmark: one late-game Africa 1880 round with six powers (~130 presences, ~150 orders).

Prints the time to resolve a round from order-sheet objects (target: under 5 ms), from typed text
(parsing included), of a round where nearly every order is void (~200 void orders: their reasons
are data, rendered only when shown), and the time of one ``settle`` call (phases 4-5 only, as the
game-theory explorer calls it thousands of times with different relations).

In the same run it times a plain baseline (``plain_resolve`` in
``tests/games/africa1880/plain_adjudicator.py``: the same rules written plainly, no report, void
orders as tuples; checked to play the same round as the core) and ``Game.apply`` (resolve and
keep the round in the history), on the late-game round (about 60 of its orders are void) and on
the round of ~200 void orders, and prints core / baseline. Goal (issue 22): the core at most 0.5x
the baseline. It also prints the baseline's reading of the sheets alone (``plain_read``: the
checks every order needs, nothing executed) as a share of the baseline's round. Times are
CPU time (``time.process_time``): best of 7 runs, and the median, so other programs on the
machine change them little.

    .venv/bin/python benchmarks/africa_resolve.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.state import GameState

# The plain baseline and the two rounds live with the tests that hold the core equal to it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games" / "africa1880"))
from plain_adjudicator import (  # noqa: E402
    core_outcome,
    late_game,
    plain_outcome,
    plain_read,
    plain_resolve,
    void_sheets,
)


def same_round(state: GameState, board: Board, sheets: Mapping[str, OrderSheet]) -> None:
    """Refuse to time a baseline that does not play the round the core plays."""
    if core_outcome(state, board, sheets) != plain_outcome(state, board, sheets):
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
            per_call(lambda: plain_read(state, board, sheets, []), 200),
        ),
        f"void round ({void_count} void)": (
            round_void,
            per_call(lambda: apply(voided), 100),
            per_call(lambda: plain_resolve(state, board, voided), 200),
            per_call(lambda: plain_read(state, board, voided, []), 200),
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
    for label, (core, applied, plain, read) in compared.items():
        print(
            f"{label}: plain baseline {_ms(plain)}; core resolve {core[0] / plain[0]:.2f}x it, "
            f"Game.apply {_ms(applied)} = {applied[0] / plain[0]:.2f}x it (goal <= 0.5x); "
            f"the baseline's reading of the sheets alone {read[0] / plain[0]:.2f}x it"
        )


if __name__ == "__main__":
    main()
