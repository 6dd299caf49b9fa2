"""A class of 200 on one machine: response times and memory of 200 simulated students.

    .venv/bin/python benchmarks/classroom_200_bench.py                  # SQLite, 200 students
    .venv/bin/python benchmarks/classroom_200_bench.py --db URL         # PostgreSQL
    .venv/bin/python benchmarks/classroom_200_bench.py --students 80 --rounds 2 --json

Each simulated student does what a student page does, through the store, with a store (and so
a database connection) of its own, as each page's kernel has: it joins (all at once, as a class
opening the link), then asks for its view every 1.5 s (the page's pulse: the view marks the
student as seen), and in each round, a few seconds after its view says "choose", submits a
choice. The teacher, in the main process, asks for the teacher's view every second as the
projector's page does, closes the round once every seated student has chosen and opens the
next. The students run as threads in ``--processes`` worker processes (default 2: the kernels
of a served class use every CPU; threads of one process share one).

Printed: first each operation alone on a class game of that size (``alone``: its cost without
other load, and the CPUs the pages' pulse alone keeps busy), then under the class's load: the
median and 95th percentile of a join, a submission, a student's view and the
teacher's view, closing a round, and the time from opening a round until the teacher's view
counts every choice; every refusal or error met (none expected), and whether every
acknowledged choice is in the results (``lost``); the resident memory of the processes (the
database client's cost per student: each student's store); for PostgreSQL, the connections and
the memory (PSS) of the server's backends when the server runs on this machine. A served class
adds one page kernel per student: ``--page-mib`` (default 78, the student page's kernel measured
by ``benchmarks/page_memory.py``, README) times the students.

PostgreSQL needs one connection per student page: the server's ``max_connections`` must exceed
the students (100 by default; the benchmark says so and stops when it does not).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import multiprocessing as mp
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop.classroom.ledger import ClassError  # noqa: E402
from tabletop.store import StoreError, open_store  # noqa: E402
from tabletop.store.classroom import Classes  # noqa: E402

GAME = "africa-two-full-score"
#: The student page's pulse and the teacher page's refresh (tabletop/ui/classroom).
STUDENT_POLL = 1.5
TEACHER_POLL = 1.0


def rss_mib(pid: int | str = "self") -> float:
    """Resident memory of a process from /proc (MiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pss_mib(pid: int) -> float | None:
    """Proportional memory of a process (shared pages split among their users), if readable."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return None


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------------------------- students
class Tally:
    """What one worker's students measured and met (their threads write it under a lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.timings: dict[str, list[float]] = {
            "join": [],
            "view": [],
            "submit": [],
            "heartbeat": [],
        }
        self.errors: dict[str, int] = {}
        self.acknowledged: list[tuple[int, str, str]] = []  # (round, nickname, action)

    def note(self, kind: str, started: float) -> None:
        with self.lock:
            self.timings[kind].append((time.perf_counter() - started) * 1000)

    def failed(self, error: Exception) -> None:
        key = f"{type(error).__name__}: {' '.join(str(error).split())[:80]}"
        with self.lock:
            self.errors[key] = self.errors.get(key, 0) + 1


def student(
    url: str, class_id: int, code: str, number: int, think: float, tally: Tally, joined: Any,
    done: Any,
) -> None:  # fmt: skip
    """One student page: join, then its view every 1.5 s, and a choice in each round."""
    try:
        play_student(url, class_id, code, number, think, tally, joined, done)
    except Exception as error:  # reported with the figures, as a page's log would show it
        tally.failed(error)


def play_student(
    url: str, class_id: int, code: str, number: int, think: float, tally: Tally, joined: Any,
    done: Any,
) -> None:  # fmt: skip
    rng = random.Random(number)
    store = open_store(url)
    classes = Classes(store)
    name = f"S{number:03d}"
    try:
        started = time.perf_counter()
        try:
            token = classes.join(class_id, code, name).token
        except (ClassError, StoreError) as error:
            tally.failed(error)
            return
        else:
            tally.note("join", started)
        finally:
            joined.wait(timeout=600)  # the worker says when all of its students are in
        started = time.perf_counter()
        try:
            classes.heartbeat(class_id, token)
        except (ClassError, StoreError) as error:
            tally.failed(error)
        else:
            tally.note("heartbeat", started)
        time.sleep(rng.uniform(0, STUDENT_POLL))  # pages do not tick in step
        tick = time.monotonic()
        planned: tuple[int, float] | None = None
        while not done.is_set():
            started = time.perf_counter()
            try:
                view = classes.student_view(class_id, token)
            except (ClassError, StoreError) as error:
                tally.failed(error)
                view = None
            else:
                tally.note("view", started)
            if view is not None and view["status"] == "choose":
                if planned is None or planned[0] != view["round"]:
                    planned = (view["round"], time.monotonic() + rng.uniform(0, think))
                elif time.monotonic() >= planned[1]:
                    action = rng.choice(view["actions"])
                    started = time.perf_counter()
                    try:
                        classes.submit(class_id, token, action)
                    except (ClassError, StoreError) as error:
                        tally.failed(error)
                    else:
                        tally.note("submit", started)
                        with tally.lock:
                            tally.acknowledged.append((view["round"], name, action))
            tick += STUDENT_POLL
            done.wait(max(0.0, tick - time.monotonic()))
    finally:
        store.close()


def worker(
    url: str, class_id: int, code: str, first: int, count: int, think: float, ready: Any,
    done: Any, results: Any,
) -> None:  # fmt: skip
    """``count`` students (numbers ``first``...), each a thread with its own store."""
    base = rss_mib()
    tally = Tally()
    joined = threading.Barrier(count + 1)
    threads = [
        threading.Thread(
            target=student,
            args=(url, class_id, code, first + k, think, tally, joined, done),
            daemon=True,
        )
        for k in range(count)
    ]
    cpu = cpu_seconds()
    for thread in threads:
        thread.start()
    joined.wait(timeout=600)
    ready.put(("joined", os.getpid()))
    loaded = rss_mib()
    for thread in threads:
        thread.join()
    results.put(
        {
            "pid": os.getpid(),
            "students": count,
            "rss_base_mib": base,
            "rss_loaded_mib": loaded,
            "rss_end_mib": rss_mib(),
            "cpu_s": cpu_seconds() - cpu,
            "timings": tally.timings,
            "errors": tally.errors,
            "acknowledged": tally.acknowledged,
        }
    )


# ---------------------------------------------------------------------------------- teacher
def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"n": 0, "median": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 1),
        "p95": round(p95, 1),
        "max": round(ordered[-1], 1),
    }


def postgres_check(url: str, students: int) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.connect() as connection:
        allowed = int(connection.execute(sa.text("SHOW max_connections")).scalar_one())
    engine.dispose()
    if allowed < students + 10:
        raise SystemExit(
            f"classroom_200_bench: the server allows {allowed} connections; {students} students "
            f"need about {students + 10} (one per student page, a few for the teacher): "
            "raise max_connections (postgresql.conf, or -c max_connections=N) and restart it"
        )


def postgres_backends(store: Any) -> dict[str, Any]:
    """The server's connections to this database and, when it runs here, their memory."""
    import sqlalchemy as sa

    with store.engine.connect() as connection:
        pids = [
            int(p)
            for p in connection.execute(
                sa.text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
            ).scalars()
        ]
    memory = [m for m in (pss_mib(pid) for pid in pids) if m is not None]
    return {
        "connections": len(pids),
        "backends_pss_mib_total": round(sum(memory)) if memory else None,
        "backend_pss_mib_median": round(statistics.median(memory), 1) if memory else None,
    }


def alone_figures(url: str, students: int) -> dict[str, Any]:
    """Each operation timed one at a time on a class game of ``students`` (one round open, the
    class joined): its cost without any other load, which sets how many a CPU serves."""
    store = open_store(url)
    classes = Classes(store)
    try:
        new = classes.create(GAME, rounds=1, seed=2)
        timings: dict[str, list[float]] = {"join": [], "view": [], "submit": [], "teacher": []}

        def timed(kind: str, call: Any, *args: Any) -> Any:
            started = time.perf_counter()
            result = call(*args)
            timings[kind].append((time.perf_counter() - started) * 1000)
            return result

        tokens = [
            timed("join", classes.join, new.class_id, new.code, f"A{k:03d}").token
            for k in range(students)
        ]
        classes.open_round(new.class_id, new.host_token)
        for token in tokens:
            timed("view", classes.student_view, new.class_id, token)
        for k, token in enumerate(tokens):
            timed("submit", classes.submit, new.class_id, token, ("alliance", "war")[k % 2])
        for _ in range(20):
            timed("teacher", classes.teacher_view, new.class_id, new.host_token)
        started = time.perf_counter()
        classes.close_round(new.class_id, new.host_token)
        close = (time.perf_counter() - started) * 1000
    finally:
        store.close()
    view = statistics.median(timings["view"])
    return {
        **{f"{kind}_ms_median": round(statistics.median(v), 1) for kind, v in timings.items()},
        "close_round_ms": round(close, 1),
        # The pulse of every page: students / 1.5 s views a second, each costing the above.
        "cpus_busy_with_views": round(students / STUDENT_POLL * view / 1000, 2),
    }


def run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    postgres = url.startswith("postgresql")
    if postgres:
        postgres_check(url, args.students)
    store = open_store(url)
    classes = Classes(store)
    new = classes.create(GAME, rounds=args.rounds, seed=1)
    context = mp.get_context("spawn")
    ready, results, done = context.Queue(), context.Queue(), context.Event()
    share, extra = divmod(args.students, args.processes)
    workers, first = [], 1
    for k in range(args.processes):
        count = share + (1 if k < extra else 0)
        process = context.Process(
            daemon=True,
            target=worker,
            args=(url, new.class_id, new.code, first, count, args.think, ready, done, results),
        )
        process.start()
        workers.append(process)
        first += count
    for _ in workers:
        ready.get(timeout=900)
    teacher_ms: list[float] = []
    close_ms: list[float] = []
    counted_s: list[float] = []
    seated: list[int] = []

    def look() -> dict[str, Any]:
        started = time.perf_counter()
        view = classes.teacher_view(new.class_id, new.host_token)
        teacher_ms.append((time.perf_counter() - started) * 1000)
        return view

    # Every page seen (each asks within 1.5 s), then the rounds.
    started = time.monotonic()
    while look()["present"] < args.students and time.monotonic() - started < args.timeout:
        time.sleep(TEACHER_POLL)
    cpu = cpu_seconds()
    for _ in range(args.rounds):
        opened = classes.open_round(new.class_id, new.host_token)
        started = time.monotonic()
        while True:
            view = look()
            if view["submitted"] >= view["seated"] or time.monotonic() - started > args.timeout:
                break
            time.sleep(TEACHER_POLL)
        counted_s.append(time.monotonic() - started)
        seated.append(view["seated"])
        clock = time.perf_counter()
        classes.close_round(new.class_id, new.host_token)
        close_ms.append((time.perf_counter() - clock) * 1000)
        assert opened["round"] == view["round"]
    backends = postgres_backends(store) if postgres else None
    export = classes.export_csv(new.class_id, new.host_token)
    done.set()
    parts = [results.get(timeout=600) for _ in workers]
    for process in workers:
        process.join(60)
    store.close()

    timings: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    acknowledged: dict[tuple[int, str], str] = {}
    for part in parts:
        for kind, values in part["timings"].items():
            timings.setdefault(kind, []).extend(values)
        for key, n in part["errors"].items():
            errors[key] = errors.get(key, 0) + n
        for number, name, action in part["acknowledged"]:
            acknowledged[(number, name)] = action  # the last one counts
    kept = {
        (int(row["round"]), row["nickname"]): row["action"]
        for row in csv.DictReader(io.StringIO(export))
        if row["by_computer"] == "0"
    }
    lost = sum(1 for key, action in acknowledged.items() if kept.get(key) != action)
    store_mib = sum(p["rss_loaded_mib"] - p["rss_base_mib"] for p in parts)
    out: dict[str, Any] = {
        "backend": "postgresql" if postgres else "sqlite",
        "students": args.students,
        "rounds": args.rounds,
        "processes": args.processes,
        "seated_per_round": seated,
        "choices_acknowledged": len(acknowledged),
        "lost": lost,
        "errors": errors,
        "join_ms": percentiles(timings["join"]),
        "heartbeat_ms": percentiles(timings["heartbeat"]),
        "student_view_ms": percentiles(timings["view"]),
        "submit_ms": percentiles(timings["submit"]),
        "teacher_view_ms": percentiles(teacher_ms),
        "close_round_ms": percentiles(close_ms),
        "all_counted_s": [round(s, 1) for s in counted_s],
        "rss_mib": {
            "teacher_process": round(rss_mib()),
            "worker_processes": [round(p["rss_end_mib"]) for p in parts],
            "students_stores": round(store_mib),
            "per_student_store": round(store_mib / args.students, 2),
        },
        "cpu_s_students": round(sum(p["cpu_s"] for p in parts), 1),
        "cpu_s_teacher_rounds": round(cpu_seconds() - cpu, 1),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "served_estimate_mib": {
            "page_mib": args.page_mib,
            "student_pages": round(args.students * args.page_mib),
        },
    }
    if backends is not None:
        out["postgresql"] = backends
    return out


def show(figures: dict[str, Any]) -> None:
    for key, value in figures.items():
        if (
            isinstance(value, dict)
            and value
            and all(not isinstance(v, dict) for v in value.values())
        ):
            value = ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
        print(f"  {key:22} {value}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--think", type=float, default=5.0, help="a student chooses within this many seconds"
    )
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="the teacher closes a round after this"
    )
    parser.add_argument(
        "--page-mib", type=float, default=78.0, help="a student page kernel's memory (README)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    url = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='classroom-200-')}/bench.db"
    alone = alone_figures(url, args.students)
    figures = run(args, url)
    figures["alone"] = alone
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['backend']}: {args.students} students, {args.rounds} rounds")
        show(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
