"""Benchmark: a traced board's drawing, from its file to the dashboard's map.

A board as the tracer writes it: 32 territories of 300 points each in a 4000 x 3000 photo's
pixels (a jittered 8 x 4 grid, every edge cut into 75 points). Prints the CPU time of checking the
board file (schema and code, drawing included), of making its drawing (``load_geometry``), of the
first map model at the dashboard's 740 px (the marks placed: SciPy, once per board and canvas
size) and of a later one (the placements cached: what every redraw costs), and the file's size.
Times are CPU time (``time.process_time``), best of 5 runs (the first map once: it is cached).

    .venv/bin/python benchmarks/traced_board_bench.py
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.ui.africa1880.map.layout import build_map_model
from tabletop.ui.africa1880.map.shipped import placements_for

COLUMNS, ROWS, CUTS = 8, 4, 75
WIDTH, HEIGHT = 4000.0, 3000.0


def traced_board(seed: int = 1880) -> dict[str, Any]:
    """Board-file data shaped like the tracer's output (see the module's docstring)."""
    rng = random.Random(seed)
    x0, y0 = WIDTH * 0.05, HEIGHT * 0.05
    cell_w, cell_h = WIDTH * 0.9 / COLUMNS, HEIGHT * 0.9 / ROWS
    corners = {
        (c, r): (
            x0 + c * cell_w + (rng.uniform(-0.2, 0.2) * cell_w if 0 < c < COLUMNS else 0),
            y0 + r * cell_h + (rng.uniform(-0.2, 0.2) * cell_h if 0 < r < ROWS else 0),
        )
        for c in range(COLUMNS + 1)
        for r in range(ROWS + 1)
    }

    def edge(a: tuple[float, float], b: tuple[float, float]) -> list[list[float]]:
        return [
            [round(a[0] + (b[0] - a[0]) * k / CUTS, 2), round(a[1] + (b[1] - a[1]) * k / CUTS, 2)]
            for k in range(CUTS)
        ]

    names = {(c, r): f"T{r * COLUMNS + c + 1}" for c in range(COLUMNS) for r in range(ROWS)}
    territories, drawing = [], {}
    for (c, r), name in names.items():
        a, b = corners[(c, r)], corners[(c + 1, r)]
        d, e = corners[(c + 1, r + 1)], corners[(c, r + 1)]
        ring = edge(a, b) + edge(b, d) + edge(d, e) + edge(e, a)
        label = [
            round(sum(p[0] for p in (a, b, d, e)) / 4, 2),
            round(sum(p[1] for p in (a, b, d, e)) / 4, 2),
        ]
        drawing[name] = {"polygons": [ring], "label": label}
        around = ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1))
        territories.append(
            {
                "name": name,
                "coastal": c in (0, COLUMNS - 1) or r in (0, ROWS - 1),
                "spaces": 2,
                "neighbours": [names[n] for n in around if n in names],
            }
        )
    return {
        "format": "tabletop.africa1880.board",
        "name": "Traced board",
        "territories": territories,
        "historical_starts": {"France": "T1", "Germany": "T8", "Italy": "T32"},
        "drawing": {"width": WIDTH, "height": HEIGHT, "territories": drawing},
    }


def best(call: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    data = traced_board()
    text = json.dumps(data)
    board = board_from_dict(data)
    geometry = load_geometry(board)
    state = Game.new(["France", "Germany", "Italy"], board=board, board_name="traced").state
    points = sum(
        len(ring) for t in data["drawing"]["territories"].values() for ring in t["polygons"]
    )
    print(
        f"traced board: {len(board)} territories, {points} points, {len(text) / 1024:.0f} KB JSON"
    )
    print(f"check the board file:        {best(lambda: board_from_dict(data)) * 1000:7.1f} ms")
    print(f"make its drawing (geometry): {best(lambda: load_geometry(board)) * 1000:7.1f} ms")
    placements_for.cache_clear()
    start = time.process_time()
    build_map_model(board, geometry, state)
    print(f"first map at 740 px (placed): {(time.process_time() - start) * 1000:6.0f} ms")
    later = best(lambda: build_map_model(board, geometry, state))
    print(f"a later map (cached places): {later * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
