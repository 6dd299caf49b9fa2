"""Benchmark: the start-up of the ``tabletop`` command, against bare Python and ``import numpy``.

Runs each command ``--runs`` times (default 21), interleaved (one of each in turn, so a change of
the machine's load touches them all alike), in this one run on this machine, and prints the
median wall time of each and the ratios. Goal (issue 22): ``tabletop --help`` at most 1.5× the
time of ``python -c 'import numpy'``; the families' ``--help`` are shown for comparison.

    .venv/bin/python benchmarks/startup_bench.py
    .venv/bin/python benchmarks/startup_bench.py --runs 51

The commands run with the interpreter running this script (``sys.executable``); ``tabletop`` is
``python -m tabletop.cli`` from the repository (the same as the installed entry point, which
calls :func:`tabletop.cli.dispatch.main`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GOAL = 1.5  # tabletop --help / import numpy


def commands() -> dict[str, list[str]]:
    """The commands timed, by label."""
    python = sys.executable
    tabletop = [python, "-m", "tabletop.cli"]
    return {
        "python -c pass": [python, "-c", "pass"],
        "python -c 'import numpy'": [python, "-c", "import numpy"],
        "tabletop --help": [*tabletop, "--help"],
        "tabletop games --help": [*tabletop, "games", "--help"],
        "tabletop table --help": [*tabletop, "table", "--help"],
        "tabletop massai --help": [*tabletop, "massai", "--help"],
        "tabletop africa --help": [*tabletop, "africa", "--help"],
    }


def wall_time(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` to its exit (its output thrown away)."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"startup_bench: {' '.join(argv)} exited with {done.returncode}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    options = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    timed = commands()
    for argv in timed.values():  # warm the file cache and the bytecode once
        wall_time(argv, env)
    runs: dict[str, list[float]] = {label: [] for label in timed}
    for _ in range(options.runs):
        for label, argv in timed.items():
            runs[label].append(wall_time(argv, env))
    median = {label: statistics.median(times) for label, times in runs.items()}
    bare, numpy = median["python -c pass"], median["python -c 'import numpy'"]
    print(f"median of {options.runs} runs each, interleaved; {sys.executable}")
    for label, seconds in median.items():
        print(
            f"{label:28} {seconds * 1e3:7.1f} ms  "
            f"{seconds / bare:5.2f}× python -c pass  {seconds / numpy:5.2f}× import numpy"
        )
    ratio = median["tabletop --help"] / numpy
    verdict = "met" if ratio <= GOAL else "not met"
    print(f"tabletop --help / import numpy: {ratio:.2f} (goal <= {GOAL}: {verdict})")


if __name__ == "__main__":
    main()
