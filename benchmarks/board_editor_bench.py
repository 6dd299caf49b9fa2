"""The board editor's answer to a tap: the model's edit, the map's drawing instructions and the
panels brought up to date, measured in the page's own process (target: under 100 ms).

A tap goes through the same path as on the page: the canvas's touch events (``PointTaps``) ->
``BoardEditorController.tap`` -> the draft's edit -> the map's scene built and drawn on the
ipycanvas layer (commands batched by ``hold_canvas``) and the panels refreshed. Measured on:

  1. the bundled board (32 territories, its drawing);
  2. a traced photo: a synthetic 12-megapixel photo of the bundled board, traced (its outlines
     have many more points than the bundled drawing).

Three kinds of tap on each: choosing a territory (Select), a border tapped on and off
(Neighbours), and a name typed. Times are CPU time of the page's process. "answer" is everything
up to the redraw and the panels; "with keeping" adds the work in progress written to the
database (SQLite), which follows the answer on the page.

Run:  .venv/bin/python benchmarks/board_editor_bench.py [--taps 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tabletop.store import open_store  # noqa: E402
from tabletop.ui.board_editor.app import BoardEditorPage  # noqa: E402
from tabletop.ui.board_editor.controller import BoardEditorController  # noqa: E402
from tabletop.ui.board_editor.scene import Mode  # noqa: E402
from tests.games.africa1880.synthetic_photos import (  # noqa: E402
    Defects,
    bundled_design,
    photograph,
)


def timed(action: Callable[[], None], count: int) -> list[float]:
    """CPU milliseconds of ``count`` runs of ``action`` (the page's process alone: a machine
    busy with other work does not count; the kernel runs one tap at a time)."""
    out = []
    for _ in range(count):
        start = time.process_time()
        action()
        out.append((time.process_time() - start) * 1000)
    return out


def summary(label: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"  {label:<34} median {statistics.median(values):6.1f} ms   p95 {p95:6.1f} ms"


def page_on(start: Callable[[BoardEditorController], None], keep: bool) -> BoardEditorPage:
    store = open_store(Path(tempfile.mkdtemp()) / "tabletop.db") if keep else None
    controller = BoardEditorController(store)
    page = BoardEditorPage(controller)
    start(controller)
    page.map._client_ready()  # as when the browser has the canvas: every change is drawn
    return page


def measure(page: BoardEditorPage, taps: int) -> dict[str, list[float]]:
    ctl = page.controller
    draft = ctl.draft
    assert draft is not None
    ids = draft.ids()
    scale = page.map.scale
    points = [draft.territory(tid).label for tid in ids]
    # Through the canvas's touch events, in canvas pixels, as a finger's tap arrives.
    taps_in = page.map.taps

    def finger(index: int) -> None:
        x, y = points[index % len(points)]
        taps_in.touch_start([(x * scale, y * scale)])
        taps_in.touch_end([])

    results: dict[str, list[float]] = {}
    ctl.set_mode(Mode.SELECT)
    counter = iter(range(10**9))
    results["select a territory"] = timed(lambda: finger(next(counter)), taps)
    ctl.set_mode(Mode.LINKS)
    ctl.select(ids[0])
    results["border on/off (Neighbours)"] = timed(lambda: finger(5), taps)
    ctl.set_mode(Mode.SELECT)
    ctl.select(ids[1])
    names = iter(f"Name {n}" for n in range(10**9))
    results["name typed"] = timed(lambda: page.territory.name.set_trait("value", next(names)), taps)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=200)
    args = parser.parse_args()
    photo = photograph(bundled_design(side=3000), 12.0, Defects(), seed=7)
    print(f"synthetic photo: {photo.width} x {photo.height} px, {len(photo.data) // 1024} KB")
    start = time.perf_counter()
    traced = page_on(lambda c: c.start_photo(photo.data), keep=False)
    print(f"photo read and traced on the page in {time.perf_counter() - start:.2f} s")
    assert traced.controller.draft is not None
    count = len(traced.controller.draft.ids())
    points = sum(
        len(ring) for t in traced.controller.draft.state.territories.values() for ring in t.rings
    )
    print(f"  {count} territories found, {points} outline points")
    for title, starter in (
        ("bundled board (32 territories)", lambda c: c.start_bundled()),
        (f"traced photo ({count} territories)", lambda c: c.start_photo(photo.data)),
    ):
        for keep in (False, True):
            page = page_on(starter, keep)
            how = "answer + work kept in SQLite" if keep else "answer"
            print(f"{title}: {how}")
            for label, values in measure(page, args.taps).items():
                print(summary(label, values))


if __name__ == "__main__":
    main()
