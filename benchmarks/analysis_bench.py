"""Benchmark of the game-theory explorer (not a test: it prints figures).

1. Africa 1880, 3-, 4- and 5-power positions and five powers sharing one full territory: the
   explorer (``analyse``, as the page runs it: counted work, no time limit) against a plain
   vectorised brute force over every relation profile (numpy table of all payoffs, then every
   unilateral deviation); both times side by side in the same run, and whether the counts
   agree. The payoff table is the rules core's (checked on sampled profiles through ``settle``).
2. Africa 1880, 30 crowded six-power positions of round 7: the share counted exactly, CPU per
   position, and a vectorised brute force over every profile of each group of linked relations
   (up to 2**26) in the same run, compared with the exact counts and with the 95 % intervals of
   the estimated ones (a wider group counted exactly, by the packed count, is compared with the
   dense counts of its 16 slices); then six-power colony candidates
   (six powers alone on a full Congo, and crowded positions where one candidate holds all six):
   time, exact or estimated, the interval's relative width, equilibria listed.
3. Massai attack games: our solver (core resolutions + HiGHS linear program) against nashpy on
   the same matrices (support enumeration on small ones, its linear program on the others).

Times are wall-clock seconds with the process's CPU seconds beside them (on a shared machine
the wall time includes waiting for a core); the load average is printed first and last.

Run:  .venv/bin/python benchmarks/analysis_bench.py [--positions 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nashpy  # noqa: E402

from tabletop.analysis.africa_diplomacy import DiplomacyGame, analyse  # noqa: E402
from tabletop.analysis.examples import (  # noqa: E402
    africa_position,
    late_game_position,
    massai_position,
    random_africa_position,
)
from tabletop.analysis.factored import solve  # noqa: E402
from tabletop.analysis.massai_attack import attack_game  # noqa: E402
from tabletop.analysis.zero_sum import solve_zero_sum  # noqa: E402
from tabletop.games.africa1880 import POWERS  # noqa: E402
from tests.analysis.factored.slices import sliced_dense_count  # noqa: E402

SQUARES = [f"{c}{r}" for r in range(1, 7) for c in "abcdefgh"]


CPU: list[float] = []  # CPU seconds of the last timed calls (wall time is what is returned)


def timed(function: Callable[[], object]) -> tuple[float, object]:
    start, cpu = time.perf_counter(), time.process_time()
    result = function()
    CPU.append(time.process_time() - cpu)
    return time.perf_counter() - start, result


def brute_force(after) -> tuple[float, int]:
    """Plain vectorised brute force: every profile's payoffs in one numpy table, then each
    power's best payoff over its own relations; the equilibria are where everyone reaches it."""
    start = time.perf_counter()
    game = DiplomacyGame(after)
    n = game.n_variables
    table = np.zeros((2**n, game.n_players))
    shifts = np.arange(n - 1, -1, -1, dtype=np.int64)
    step = 1 << 15
    for first in range(0, 2**n, step):
        index = np.arange(first, min(2**n, first + step), dtype=np.int64)
        table[index] = game.payoffs(((index[:, None] >> shifts) & 1).astype(np.int8))
    table = table.reshape((2,) * n + (game.n_players,))
    ok = np.ones((2,) * n, dtype=bool)
    for player in range(game.n_players):
        axes = tuple(v for v in range(n) if game.owners[v] == player)
        mine = table[..., player]
        ok &= mine >= mine.max(axis=axes, keepdims=True) - 1e-9
    return time.perf_counter() - start, int(ok.sum())


def core_check(after, profiles: int = 200) -> None:
    """The table the brute force uses is the rules core's (sampled profiles through settle)."""
    game = DiplomacyGame(after)
    rng = np.random.default_rng(0)
    for bits in rng.integers(0, 2, size=(profiles, game.n_variables)):
        game.check_model(bits)


def africa_section(positions: int) -> None:
    print("== Africa 1880: pure Nash equilibria of the relations (default payoff, counted work) ==")
    print(
        "'ours' solves the equilibria (count and list, as the page asks: DiplomacyGame + solve);"
        " 'whole' is the whole analysis\n(also each power's best responses from the rules core,"
        " dominance, Pareto flags, 2x2 tables); 'brute' only counts."
    )
    print(
        f"{'position':>26} {'n':>3} {'ours: median':>13} {'worst':>9} {'(CPU worst)':>11} "
        f"{'brute: median':>14} {'worst':>9} {'ours faster':>12} {'same count':>11} "
        f"{'whole: median':>14} {'worst':>9} {'(CPU worst)':>11} {'whole faster':>13}"
    )
    five = ["Belgium", "France", "Germany", "Great Britain", "Italy"]
    setups = [
        ("3 powers, random", 3, positions),
        ("4 powers, random", 4, positions),
        ("5 powers, random", 5, 4 * positions),
        ("5 powers in one full Congo", 0, 1),
    ]
    for label, n, count in setups:
        ours, brute, faster, same, cpu, whole, timed_out = [], [], 0, 0, [], [], 0
        whole_cpu: list[float] = []
        for seed in range(count):
            if n:
                after = random_africa_position(
                    seed, powers=n, presences_per_power={3: 12, 4: 10, 5: 9}[n], full_share=0.5
                )
            else:
                after = africa_position({p: ["Congo"] for p in five}, full=["Congo"])
            core_check(after)
            ours_time, solution = timed(lambda after=after: solve(DiplomacyGame(after), 1000))
            cpu.append(CPU[-1])
            whole_time, result = timed(lambda after=after: analyse(after))
            whole.append(whole_time)
            whole_cpu.append(CPU[-1])
            brute_time, brute_count = brute_force(after)
            ours.append(ours_time)
            brute.append(brute_time)
            faster += ours_time < brute_time
            exact = solution.total_count
            # A count estimated (beyond the work allowed) is not compared.
            if solution.count_kind != "exact" or result.count_kind != "exact":
                timed_out += 1
                continue
            same += exact == brute_count and result.equilibrium_count == solution.count
        print(
            f"{label:>26} {count:>3} {statistics.median(ours) * 1000:>10.1f} ms "
            f"{max(ours) * 1000:>6.1f} ms {max(cpu) * 1000:>8.1f} ms "
            f"{statistics.median(brute) * 1000:>11.1f} ms "
            f"{max(brute) * 1000:>6.1f} ms {faster:>8}/{count:<3} {same:>7}/{count - timed_out:<3} "
            f"{statistics.median(whole) * 1000:>11.1f} ms {max(whole) * 1000:>6.1f} ms "
            f"{max(whole_cpu) * 1000:>8.1f} ms "
            f"{sum(w < b for w, b in zip(whole, brute, strict=True)):>9}/{count:<3}"
            + (f"  ({timed_out} estimated: beyond the work)" if timed_out else "")
        )
    print()


def brute_component(game, scope: tuple[int, ...]) -> int:
    """Vectorised brute force over every profile of one group of linked relations (the others at
    alliance: an independent group's count does not depend on them): each power's payoff from
    the model's terms laid over all ``2 ** n`` profiles, its best over its own relations, and
    the profiles where every power reaches it."""
    n = len(scope)
    where = {v: k for k, v in enumerate(scope)}
    ok = np.ones((2,) * n, dtype=bool)
    for player in range(game.n_players):
        own = tuple(k for k, v in enumerate(scope) if game.owners[v] == player)
        if not own:
            continue
        total = np.zeros((1,) * n, dtype=np.int16)
        for term in game.terms:
            if term.player != player or not set(term.scope) & set(scope):
                continue
            values = term.values
            kept = []
            for axis in range(len(term.scope) - 1, -1, -1):  # relations outside: alliance
                if term.scope[axis] not in where:
                    values = np.take(values, 0, axis=axis)
            kept = [v for v in term.scope if v in where]
            order = np.argsort([where[v] for v in kept])
            values = np.transpose(values, order) if len(kept) > 1 else values
            shape = [2 if v in set(kept) else 1 for v in scope]
            total = total + np.asarray(values).astype(np.int16).reshape(shape)
        total = np.broadcast_to(total, (2,) * n)
        ok &= total >= total.max(axis=own, keepdims=True)
    return int(ok.sum())


def late_game_section(positions: int, brute_most: int = 26) -> None:
    print(
        "== Africa 1880: crowded six-power positions of round 7 (30 relations, 2**30 profiles) =="
    )
    print(
        "Counted work decides exact or estimated (the same answer on any machine): CPU seconds\n"
        f"per position; each group of linked relations of at most {brute_most} relations is also"
        " counted by a\nvectorised brute force over all its profiles in the same run."
    )
    cpu, brute_cpu, exact, agree, compared, covered, estimated_compared = [], [], 0, 0, 0, 0, 0
    methods: dict[str, int] = {}
    out_of_reach = sliced = sliced_agree = 0
    for seed in range(positions):
        after = late_game_position(seed)
        _, result = timed(lambda after=after: analyse(after))
        cpu.append(CPU[-1])
        exact += result.count_kind == "exact"
        solution = result._solution
        game = result.game
        largest = max(solution.components, key=lambda c: len(c.scope), default=None)
        if largest is not None:
            methods[largest.method] = methods.get(largest.method, 0) + 1
        spent = 0.0
        for component in solution.components:
            if len(component.scope) > brute_most and component.count is not None:
                sliced += 1
                sliced_agree += (
                    sliced_dense_count(solution.constraints, component.scope) == component.count
                )
                continue
            if len(component.scope) > brute_most or game.rules:
                out_of_reach += len(component.scope) > brute_most
                continue
            start = time.process_time()
            count = brute_component(game, component.scope)
            spent += time.process_time() - start
            if component.count is not None:
                compared += 1
                agree += component.count == count
            else:
                estimated_compared += 1
                covered += component.estimate.low <= count <= component.estimate.high
        brute_cpu.append(spent)
    print(
        f"positions {positions}: exact {exact}/{positions} ({exact / positions:.0%}); CPU per "
        f"position median {statistics.median(cpu) * 1000:.0f} ms, worst "
        f"{max(cpu) * 1000:.0f} ms, within 1 s {sum(c <= 1.0 for c in cpu)}/{positions}"
    )
    print(
        f"brute force: {compared} exact groups compared, {agree} equal; "
        f"{estimated_compared} estimated groups compared, {covered} inside their 95 % interval; "
        f"{out_of_reach} groups over {brute_most} relations out of its reach; brute-force CPU per "
        f"position median {statistics.median(brute_cpu) * 1000:.0f} ms, worst "
        f"{max(brute_cpu) * 1000:.0f} ms"
    )
    print(
        f"exact groups over {brute_most} relations: {sliced}, {sliced_agree} equal to the dense"
        " counts of their 16 slices (first four relations fixed)"
    )
    print(
        "largest group counted by: "
        + ", ".join(f"{m} {n}" for m, n in sorted(methods.items(), key=lambda x: -x[1]))
    )
    print()


def six_power_candidate_section(positions: int) -> None:
    print("== Africa 1880: a colony candidate held by six powers (30 relations decide it) ==")
    print(
        f"{'position':>28} {'time':>8} {'CPU':>8} {'count':>9} {'estimate':>12} "
        f"{'95 % interval':>25} {'+/-':>6} {'listed':>6}  method"
    )
    cases = [
        (
            "six powers alone, full Congo",
            africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"]),
        )
    ]
    cases += [
        (f"crowded, seed {s}", late_game_position(s, max_holders=6)) for s in range(positions)
    ]
    for label, after in cases:
        seconds, result = timed(lambda after=after: analyse(after))
        low, high = result.count_interval
        width = (high - low) / max(high + low, 1.0)  # half-width over the midpoint
        print(
            f"{label:>28} {seconds * 1000:>5.0f} ms {CPU[-1] * 1000:>5.0f} ms "
            f"{result.count_kind:>9} {result.count_estimate:>12,.0f} "
            f"{low:>12,.0f}-{high:<12,.0f} {width:>6.0%} {len(result.equilibria):>6}  "
            + ", ".join(sorted({c.method for c in result._solution.components if len(c.scope) > 8}))
        )
    print()


def massai_states(count: int) -> list:
    states = [
        massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]),
        massai_position(["c2", "c3", "d3"], ["c4", "d4", "e4", "d5", "e5"]),
        massai_position(["b2", "b3", "c3", "d3", "e3", "f3"], ["b4", "c4", "d4", "e4", "f4", "g4"]),
    ]
    rng = random.Random(1)
    while len(states) < count:
        cells = [rng.choice([None, None, 0, 1]) for _ in SQUARES]
        light = [s for s, c in zip(SQUARES, cells, strict=True) if c == 0][:15]
        dark = [s for s, c in zip(SQUARES, cells, strict=True) if c == 1][:15]
        state = massai_position(light, dark)
        try:
            attack_game(state)
        except ValueError:
            continue
        states.append(state)
    return states


def nashpy_value(matrix: np.ndarray) -> tuple[str, float]:
    game = nashpy.Game(matrix)
    if max(matrix.shape) <= 6:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for row, column in game.support_enumeration():
                return "support enumeration", float(row @ matrix @ column)
    row, _ = game.linear_program()
    return "linear program", float(np.min(row @ matrix))


def massai_section(positions: int) -> None:
    print("== Massai: attack games (attacker's targets x defender's guard sets) ==")
    print(f"{'matrix':>10} {'ours (build+solve)':>19} {'ours (solve)':>13} {'nashpy':>10}  method")
    worst = 0.0
    for state in massai_states(positions):
        build, game = timed(lambda state=state: attack_game(state))
        solve, solution = timed(lambda game=game: solve_zero_sum(game.matrix))
        theirs, (method, value) = timed(lambda game=game: nashpy_value(game.matrix))
        worst = max(worst, abs(value - solution.value))
        shape = "x".join(map(str, game.matrix.shape))
        print(
            f"{shape:>10} {build * 1000:>16.1f} ms {solve * 1000:>10.1f} ms "
            f"{theirs * 1000:>7.1f} ms  {method}"
        )
    print(f"largest difference between the two values: {worst:.1e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per size (default 5)")
    args = parser.parse_args()
    one, five, fifteen = os.getloadavg()
    print(
        f"load average (1, 5, 15 min): {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
    )
    print()
    africa_section(args.positions)
    late_game_section(30)
    six_power_candidate_section(args.positions)
    massai_section(max(args.positions, 8))
    one, five, fifteen = os.getloadavg()
    print(f"load average (1, 5, 15 min): {one:.2f} {five:.2f} {fifteen:.2f}")


if __name__ == "__main__":
    main()
