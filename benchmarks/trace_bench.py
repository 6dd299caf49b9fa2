"""Benchmark of the board tracer (a script, not a timed test).

1. Tracing a photo: decoding (read_photo, JPEG decoded at a reduced scale) and tracing (trace)
   of a synthetic 12-megapixel photo of the bundled map with every defect (perspective,
   rotation, shade, glare, blur, noise, JPEG quality 70); CPU and wall seconds, best of a few
   runs, and how many territories and true borders were found. Target: under 5 s.
2. A tap in the editor: at() + merge() + split() on the traced regions at the default working
   size (1600 pixels), each on a fresh copy; median and worst in ms (wall; the whole tap in CPU
   too). Target: under 100 ms. The photo carries a phone's sensor grain and is saved at JPEG
   quality 92, so that its file (2 MB) costs what a phone photo costs to decode.
   proposed_board() (writing the board and its outlines) is timed once as well.

    .venv/bin/python benchmarks/trace_bench.py
    .venv/bin/python benchmarks/trace_bench.py --megapixels 8 --runs 5
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop.games.africa1880.tracing import (  # noqa: E402
    Regions,
    proposed_board,
    read_photo,
    trace,
)
from tests.games.africa1880.synthetic_photos import (  # noqa: E402
    Defects,
    bundled_design,
    photograph,
    score,
)


def timed(call: Callable[[], Any]) -> tuple[Any, float, float]:
    """The call's result, its CPU seconds and its wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = call()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def with_grain(data: bytes, seed: int = 1) -> bytes:
    """The photo with a phone's sensor grain after the lens's blur, saved as a phone saves it
    (JPEG quality 92): a file of a phone photo's size, as costly to decode."""
    import io

    import numpy as np
    from PIL import Image

    pixels = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=np.float32)
    grain = np.random.default_rng(seed).normal(0.0, 4.0, pixels.shape).astype(np.float32)
    buffer = io.BytesIO()
    Image.fromarray(np.clip(pixels + grain, 0, 255).astype(np.uint8)).save(
        buffer, "JPEG", quality=92
    )
    return buffer.getvalue()


def tap_times(regions: Regions, taps: int) -> dict[str, list[float]]:
    """Milliseconds of at, merge and split (wall), and of the three (wall and CPU), each on a
    fresh copy of ``regions``."""
    out: dict[str, list[float]] = {"at": [], "merge": [], "split": [], "tap": [], "tap CPU": []}
    pairs = sorted(regions.shared_borders())
    ids = regions.ids()
    for index in range(taps):
        work = regions.copy()
        a, b = pairs[index % len(pairs)]
        rid = ids[index % len(ids)]
        x, y = work.label_point(rid)
        reach = math.hypot(*work.photo_size)
        angle = index * 0.7
        start = (x - reach * math.cos(angle), y - reach * math.sin(angle))
        end = (x + reach * math.cos(angle), y + reach * math.sin(angle))
        began, began_cpu = time.perf_counter(), time.process_time()
        _, _, at_s = timed(lambda: work.at(x, y))  # noqa: B023
        _, _, split_s = timed(lambda: work.split(rid, start, end))  # noqa: B023
        _, _, merge_s = timed(lambda: work.merge(a, b))  # noqa: B023
        total = time.perf_counter() - began
        out["at"].append(at_s * 1000)
        out["merge"].append(merge_s * 1000)
        out["split"].append(split_s * 1000)
        out["tap"].append(total * 1000)
        out["tap CPU"].append((time.process_time() - began_cpu) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megapixels", type=float, default=12.0)
    parser.add_argument("--runs", type=int, default=3, help="tracing runs (the best is shown)")
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()

    photo = photograph(bundled_design(), args.megapixels, Defects(quality=70), seed=7)
    photo = dataclasses.replace(photo, data=with_grain(photo.data))
    print(
        f"photo: {photo.width} x {photo.height} ({photo.width * photo.height / 1e6:.1f} MP), "
        f"JPEG {len(photo.data) / 2**20:.1f} MB"
    )
    best: dict[str, tuple[float, float]] = {}
    regions: Regions | None = None
    for _ in range(args.runs):
        decoded, read_cpu, read_wall = timed(lambda: read_photo(photo.data))
        regions, trace_cpu, trace_wall = timed(lambda: trace(decoded))  # noqa: B023
        for name, cpu, wall in (
            ("read_photo", read_cpu, read_wall),
            ("trace", trace_cpu, trace_wall),
            ("read + trace", read_cpu + trace_cpu, read_wall + trace_wall),
        ):
            if name not in best or cpu < best[name][0]:
                best[name] = (cpu, wall)
    assert regions is not None
    for name, (cpu, wall) in best.items():
        print(f"{name:>13}: {cpu:5.2f} s CPU, {wall:5.2f} s wall (best of {args.runs})")
    found = score(regions, photo.truth)
    print(
        f"found: {found.found}/{found.total} territories, "
        f"{found.true_pairs_found}/{found.true_pairs} true borders, "
        f"{found.false_pairs} false"
    )
    _, board_cpu, _ = timed(lambda: proposed_board(regions))
    print(f"proposed_board: {board_cpu * 1000:.0f} ms CPU")
    times = tap_times(regions, args.taps)
    for name, values in times.items():
        print(
            f"{name:>13}: median {statistics.median(values):6.1f} ms, "
            f"worst {max(values):6.1f} ms ({len(values)} taps)"
        )


if __name__ == "__main__":
    main()
