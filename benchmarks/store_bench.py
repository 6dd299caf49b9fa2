"""Benchmark of the game database on both backends (a script, not a timed test).

1. Resolve through the database: load the newest state, resolve the round with the real Africa
   core, append the new state (one transaction with its version check) - median and 90th
   percentile in ms, with the three parts apart.
2. Page-to-page propagation: another process commits a change; how long until this process's
   watcher (the one a page runs, default interval 0.5 s) calls back - median and max.

    .venv/bin/python benchmarks/store_bench.py                 # SQLite + a throwaway PostgreSQL
    .venv/bin/python benchmarks/store_bench.py --pg-url postgresql+psycopg://...  # a given server
    .venv/bin/python benchmarks/store_bench.py --backends sqlite

PostgreSQL comes from --pg-url, else $TABLETOP_TEST_POSTGRES_URL, else tools/pg_test_server.sh
(started and stopped here; set TABLETOP_PG_FSYNC=on for a server that flushes like a real one).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop.games.africa1880.gamefile import Game, example_game  # noqa: E402
from tabletop.games.massai.gamefile import GameRecord  # noqa: E402
from tabletop.store import GameWatcher, open_store  # noqa: E402

SHEETS = (ROOT / "examples" / "africa" / "orders_1895.txt").read_text(encoding="utf-8")


def _sheets_for(game: Game) -> str:
    if game.state.round == 4:
        return SHEETS
    return "\n".join(
        f"[{p}]\n" + "\n".join(f"{t}: develop" for t in sorted(game.state.presences[p]))
        for p in game.state.powers
    )


def bench_resolve(url: str, rounds: int) -> dict[str, float]:
    """Median/p90 of load + resolve + append, and of each part."""
    store = open_store(url)
    game_id = store.create_game(example_game(), name="bench").game_id
    total: list[float] = []
    load: list[float] = []
    apply: list[float] = []
    append: list[float] = []
    while len(total) < rounds:
        t0 = time.perf_counter()
        snap = store.load(game_id)
        t1 = time.perf_counter()
        game = snap.game
        assert isinstance(game, Game)
        if game.state.game_over:
            store.undo(game_id, snap.version)
            snap = store.load(game_id)
            store.undo(game_id, snap.version)
            continue
        text = _sheets_for(game)
        report = game.apply(game.read_sheets(text), text)
        t2 = time.perf_counter()
        store.append(
            game_id,
            game,
            snap.version,
            "resolve",
            detail=text,
            report=report.to_dict(include_state=False),
        )
        t3 = time.perf_counter()
        total.append(t3 - t0)
        load.append(t1 - t0)
        apply.append(t2 - t1)
        append.append(t3 - t2)
    store.close()
    ms = 1000.0
    return {
        "median": statistics.median(total) * ms,
        "p90": sorted(total)[int(0.9 * len(total))] * ms,
        "load": statistics.median(load) * ms,
        "resolve": statistics.median(apply) * ms,
        "append": statistics.median(append) * ms,
    }


def _writer(url: str, game_id: int, go: Any, out: Any) -> None:
    store = open_store(url)
    while go.get() is not None:
        store.save_timer(game_id, {"remaining": 60, "running": False})
        out.put(time.time())
    store.close()


def bench_propagation(url: str, samples: int, interval: float) -> dict[str, float]:
    """Commit in another process -> watcher callback here, one change at a time."""
    store = open_store(url)
    game_id = store.create_game(GameRecord.new(), name="propagation").game_id
    seen: list[float] = []
    arrived = threading.Event()

    def on_change(_change: Any) -> None:
        seen.append(time.time())
        arrived.set()

    watcher = GameWatcher(store, game_id, on_change, interval=interval).start()
    context = multiprocessing.get_context("spawn")
    go, out = context.Queue(), context.Queue()
    writer = context.Process(target=_writer, args=(url, game_id, go, out))
    writer.start()
    delays = []
    rng = random.Random(8)
    for _ in range(samples):
        time.sleep(rng.uniform(0.05, 0.6))  # at a random moment of the watcher's interval
        arrived.clear()
        go.put(1)
        committed = out.get(timeout=60)
        if arrived.wait(10):
            delays.append(max(0.0, seen[-1] - committed))
    go.put(None)
    writer.join(30)
    watcher.stop()
    store.close()
    return {
        "median": statistics.median(delays) * 1000,
        "max": max(delays) * 1000,
        "n": len(delays),
    }


def _pg_url(given: str | None) -> tuple[str, bool]:
    url = given or os.environ.get("TABLETOP_TEST_POSTGRES_URL")
    if url:
        return url, False
    result = subprocess.run(
        ["bash", str(ROOT / "tools" / "pg_test_server.sh"), "start"],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip().splitlines()[-1], True


def _fresh_pg_database(server: str) -> tuple[str, sa.Engine, str]:
    url = make_url(server).set(drivername="postgresql+psycopg")
    name = f"bench_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
        fsync = connection.execute(sa.text("SHOW fsync")).scalar()
    return url.set(database=name).render_as_string(hide_password=False), admin, str(fsync)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--pg-url")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--interval", type=float, default=0.5, help="watcher interval (s)")
    args = parser.parse_args()
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    example_game()  # warm the loaders' caches once, as a running server would be
    started = False
    for backend in backends:
        cleanup = None
        note = ""
        if backend == "sqlite":
            folder = tempfile.mkdtemp(prefix="tabletop-bench-")
            url = str(Path(folder) / "tabletop.db")
            note = "WAL, synchronous=FULL"
        else:
            server, started = _pg_url(args.pg_url)
            url, admin, fsync = _fresh_pg_database(server)
            note = f"fsync={fsync}"
            name = make_url(url).database

            def cleanup(admin: sa.Engine = admin, name: str | None = name) -> None:
                with admin.connect() as connection:
                    connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                admin.dispose()

        resolve = bench_resolve(url, args.rounds)
        propagation = bench_propagation(url, args.samples, args.interval)
        print(
            f"{backend} ({note}): resolve through the database {resolve['median']:.1f} ms median, "
            f"p90 {resolve['p90']:.1f} ms (load {resolve['load']:.1f}, resolve "
            f"{resolve['resolve']:.1f}, append {resolve['append']:.1f}; {args.rounds} rounds); "
            f"propagation to another process's watcher (interval {args.interval} s) "
            f"{propagation['median']:.0f} ms median, {propagation['max']:.0f} ms max "
            f"({propagation['n']:.0f} changes)"
        )
        if cleanup is not None:
            cleanup()
    if started:
        subprocess.run(["bash", str(ROOT / "tools" / "pg_test_server.sh"), "stop"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
