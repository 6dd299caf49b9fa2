"""Benchmark of the game-theory explorer (not a test: it prints figures).

1. Africa 1880, 3-, 4- and 5-power positions: our equilibrium enumeration against brute force
   (every relation profile resolved by the rules core's ``settle``, then every unilateral
   deviation checked). Brute force on 5 powers has 2**20 profiles: by default a sample of them is
   timed and the full run is *extrapolated* (labelled so); ``--full`` runs it for real.
   For 3 and 4 powers both answers are compared (they must agree exactly).
2. Africa 1880, crowded six-power positions of round 7: our time per position.
3. Massai attack games: our solver (core resolutions + HiGHS linear program) against nashpy on
   the same matrices (support enumeration on small ones, its linear program on the others).

Run:  .venv/bin/python benchmarks/analysis_bench.py [--positions 5] [--full]
"""

from __future__ import annotations

import argparse
import itertools
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
    late_game_position,
    massai_position,
    random_africa_position,
)
from tabletop.analysis.massai_attack import attack_game  # noqa: E402
from tabletop.analysis.normal_form import Game  # noqa: E402
from tabletop.analysis.zero_sum import solve_zero_sum  # noqa: E402
from tabletop.games.africa1880 import Relations, settle  # noqa: E402

SQUARES = [f"{c}{r}" for r in range(1, 7) for c in "abcdefgh"]


def timed(function: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def brute_force(after, sample: int | None) -> tuple[float, int | None, bool]:
    """Time of the brute force (payoffs of every profile by the core, then the Nash test).

    With ``sample``, only that many random profiles are resolved and the time is extrapolated
    to all of them; the count of equilibria is then unknown (``None``).
    """
    game = DiplomacyGame(after)
    n_vars = len(game.variables)
    total = 2**n_vars
    n = len(game.powers)
    if sample is None or sample >= total:
        start = time.perf_counter()
        payoffs = np.zeros((total, n))
        for k, bits in enumerate(itertools.product((0, 1), repeat=n_vars)):
            wars = [game.variables[v] for v, x in enumerate(bits) if x]
            settlement = settle(after, Relations(wars))
            counts = settlement.presence_counts()
            row = [counts.get(p, 0) for p in game.powers]
            for _, present in settlement.founded:
                for power in present:
                    row[game.index[power]] += game.weight
            payoffs[k] = row
        # Axis layout: each power's own relations are a block of n - 1 bits.
        tensor = payoffs.T.reshape((n, *([2 ** (n - 1)] * n)))
        count = len(Game(tensor).pure_nash_equilibria())
        return time.perf_counter() - start, count, False
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(sample):
        wars = [pair for pair in game.variables if rng.random() < 0.5]
        settlement = settle(after, Relations(wars))
        settlement.presence_counts()
    per_profile = (time.perf_counter() - start) / sample
    # The Nash test itself is cheap next to the resolutions (vectorised); measured on 4 powers.
    return per_profile * total, None, True


def africa_section(positions: int, full: bool) -> None:
    print("== Africa 1880: pure Nash equilibria of the relations (default payoff) ==")
    print(
        f"{'powers':>6} {'profiles':>9} {'equilibria (median)':>20} {'ours: median':>13} "
        f"{'max':>9} {'brute force: median':>20} {'agree':>6}"
    )
    setups = {3: 12, 4: 10, 5: 9}
    footnote = False
    for n, presences in setups.items():
        ours, brute, agree, counts, extrapolated = [], [], [], [], False
        for seed in range(positions):
            after = random_africa_position(
                seed, powers=n, presences_per_power=presences, full_share=0.5
            )
            seconds, result = timed(lambda after=after: analyse(after, limit=10**6))
            ours.append(seconds)
            total = result.equilibrium_count * 2 ** len(result.free)
            counts.append(total)
            if n == 5 and seed > 0 and not full:
                continue  # one extrapolation is enough: the cost per profile barely varies
            sample = None if (n < 5 or full) else 20_000
            seconds, count, extrapolated = brute_force(after, sample)
            brute.append(seconds)
            if count is not None:
                agree.append(total == count)
        label = "yes" if agree and all(agree) else ("NO" if agree else "-")
        brute_text = f"{statistics.median(brute):.3f} s" + (" *" if extrapolated else "")
        footnote = footnote or extrapolated
        print(
            f"{n:>6} {2 ** (n * (n - 1)):>9} {int(statistics.median(counts)):>20} "
            f"{statistics.median(ours) * 1000:>10.1f} ms {max(ours) * 1000:>6.1f} ms "
            f"{brute_text:>20} {label:>6}"
        )
    if footnote:
        print(
            "* extrapolated: 20,000 random profiles resolved by the core, time scaled to all "
            "2**20 (use --full to run it)"
        )
    print()


def late_game_section(positions: int) -> None:
    print(
        "== Africa 1880: crowded six-power positions of round 7 (30 relations, 2**30 profiles) =="
    )
    times, exact, listed = [], 0, []
    for seed in range(positions):
        after = late_game_position(seed)
        seconds, result = timed(lambda after=after: analyse(after))
        times.append(seconds)
        exact += result.equilibrium_count is not None
        listed.append(len(result.equilibria))
    print(
        f"positions {positions}: median {statistics.median(times) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms; exact count given for {exact}/{positions}, "
        f"{min(listed)}-{max(listed)} equilibria listed"
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
    parser.add_argument(
        "--full", action="store_true", help="run brute force on 5 powers instead of extrapolating"
    )
    args = parser.parse_args()
    africa_section(args.positions, args.full)
    late_game_section(max(2 * args.positions, 20))
    massai_section(max(args.positions, 8))


if __name__ == "__main__":
    main()
