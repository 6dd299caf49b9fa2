"""Benchmark of the seats (a script, not a timed test), on both backends.

A process playing a seat page seals a sheet; this process plays the shared screen: a
``GameWatcher`` on the table's game (the one a page runs) calls back and reads the table's
status. Reported: the seal call itself (token check, game read, write) and the time from the
seal starting in the other process to the seat being listed as sealed here - median and max, ms.

    .venv/bin/python benchmarks/seats_bench.py                  # SQLite + a throwaway PostgreSQL
    .venv/bin/python benchmarks/seats_bench.py --backends sqlite --samples 30
    .venv/bin/python benchmarks/seats_bench.py --pg-url postgresql+psycopg://...

PostgreSQL comes from --pg-url, else $TABLETOP_TEST_POSTGRES_URL, else tools/pg_test_server.sh.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from store_bench import _fresh_pg_database, _pg_url  # noqa: E402

from tabletop.games.africa1880.gamefile import example_game  # noqa: E402
from tabletop.store import GameWatcher, open_store  # noqa: E402
from tabletop.store.seats import Tables  # noqa: E402


def _seat(url: str, table_id: int, token: str, go: Any, out: Any) -> None:
    tables = Tables(open_store(url))
    number = 0
    while go.get() is not None:
        number += 1
        started = time.time()
        tables.seal(table_id, token, f"Algeria: develop  # sealed {number}")
        out.put((started, time.time()))
    tables.store.close()


def bench(url: str, samples: int, interval: float) -> dict[str, float]:
    store = open_store(url)
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game(), name="seats bench").game_id)
    seen: list[tuple[float, int]] = []
    arrived = threading.Event()

    def on_change(_change: Any) -> None:
        status = tables.status(new.table_id)
        if "France" in status.sealed:
            seen.append((time.time(), len(seen)))
            arrived.set()

    watcher = GameWatcher(store, new.game_id, on_change, interval=interval).start()
    context = multiprocessing.get_context("spawn")
    go, out = context.Queue(), context.Queue()
    seat = context.Process(
        target=_seat, args=(url, new.table_id, new.seat("France").token, go, out)
    )
    seat.start()
    seal_ms, visible_ms = [], []
    rng = random.Random(11)
    for _ in range(samples):
        time.sleep(rng.uniform(0.05, 0.6))
        arrived.clear()
        go.put(1)
        started, finished = out.get(timeout=60)
        if arrived.wait(10):
            seal_ms.append((finished - started) * 1000)
            visible_ms.append(max(0.0, seen[-1][0] - started) * 1000)
    go.put(None)
    seat.join(30)
    watcher.stop()
    store.close()
    return {
        "seal_median": statistics.median(seal_ms),
        "seal_max": max(seal_ms),
        "visible_median": statistics.median(visible_ms),
        "visible_max": max(visible_ms),
        "n": len(visible_ms),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--pg-url")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--interval", type=float, default=0.5, help="watcher interval (s)")
    args = parser.parse_args()
    example_game()
    started = False
    for backend in [b.strip() for b in args.backends.split(",") if b.strip()]:
        cleanup = None
        if backend == "sqlite":
            url = str(Path(tempfile.mkdtemp(prefix="tabletop-bench-")) / "tabletop.db")
            note = "WAL, synchronous=FULL"
        else:
            server, started = _pg_url(args.pg_url)
            url, admin, fsync = _fresh_pg_database(server)
            note = f"fsync={fsync}"
            name = make_url(url).database

            def cleanup(admin: Any = admin, name: str | None = name) -> None:
                import sqlalchemy as sa

                with admin.connect() as connection:
                    connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                admin.dispose()

        result = bench(url, args.samples, args.interval)
        print(
            f"{backend} ({note}): seal {result['seal_median']:.1f} ms median, "
            f"{result['seal_max']:.1f} ms max; seal -> listed as sealed on the shared screen "
            f"(watcher interval {args.interval} s) {result['visible_median']:.0f} ms median, "
            f"{result['visible_max']:.0f} ms max ({result['n']:.0f} seals)"
        )
        if cleanup is not None:
            cleanup()
    if started:
        subprocess.run(["bash", str(ROOT / "tools" / "pg_test_server.sh"), "stop"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
