"""Classroom play: how fast 40 students' choices reach the teacher's screen, and what a student
page costs in memory.

    .venv/bin/python benchmarks/classroom_bench.py                 # SQLite, 40 students, 5 rounds
    .venv/bin/python benchmarks/classroom_bench.py --db URL        # PostgreSQL
    .venv/bin/python benchmarks/classroom_bench.py --pages 8       # + RSS of 8 real student kernels
    .venv/bin/python benchmarks/classroom_bench.py --json

Measured through the store, as the pages do it (each student thread has its own connections,
like its own kernel): the time of one submission while all 40 submit at once, the time of the
teacher screen's query with 40 students, and from the moment 40 students tap at once until the
teacher's query counts all 40 (the page asks once a second, so add up to 1 s for what a teacher
sees). ``--pages N`` serves ``notebooks/student.ipynb`` with Voilà, opens N pages in Debian's
Chromium and reads the resident memory of their kernels from /proc.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop.store import open_store  # noqa: E402
from tabletop.store.classroom import Classes  # noqa: E402

# The browser tests' harness: free ports, readiness, kernels, memory, a clean stop, Chromium.
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import (  # noqa: E402
    children,
    free_port,
    launch_chromium,
    memory,
    stop,
    wait_until_answers,
)


def store_figures(url: str, students: int, rounds: int) -> dict[str, Any]:
    main = open_store(url)
    classes = Classes(main)
    new = classes.create("africa-two-full-score", rounds=rounds, seed=1)
    passes = [classes.join(new.class_id, new.code, f"S{k}") for k in range(students)]
    submit_ms: list[float] = []
    counted_s: list[float] = []
    lock = threading.Lock()
    opened, done = threading.Barrier(students + 1), threading.Barrier(students + 1)

    def student(p: Any) -> None:
        store = open_store(url)
        mine = Classes(store)
        try:
            for number in range(rounds):
                opened.wait(timeout=120)
                start = time.perf_counter()
                mine.submit(new.class_id, p.token, "war" if number % 2 else "alliance")
                with lock:
                    submit_ms.append((time.perf_counter() - start) * 1000)
                done.wait(timeout=120)
        finally:
            store.close()

    threads = [threading.Thread(target=student, args=(p,)) for p in passes]
    for t in threads:
        t.start()
    view_ms: list[float] = []
    for _ in range(rounds):
        classes.open_round(new.class_id, new.host_token)
        opened.wait(timeout=120)
        start = time.perf_counter()
        while True:
            t0 = time.perf_counter()
            view = classes.teacher_view(new.class_id, new.host_token)
            view_ms.append((time.perf_counter() - t0) * 1000)
            if view["submitted"] == students:
                break
            time.sleep(0.02)
        counted_s.append(time.perf_counter() - start)
        done.wait(timeout=120)
        classes.close_round(new.class_id, new.host_token)
    for t in threads:
        t.join(60)
    main.close()
    return {
        "backend": url.split(":", 1)[0],
        "students": students,
        "rounds": rounds,
        "submit_ms_median": round(statistics.median(submit_ms), 1),
        "submit_ms_max": round(max(submit_ms), 1),
        "teacher_view_ms_median": round(statistics.median(view_ms), 1),
        "all_counted_s_median": round(statistics.median(counted_s), 2),
        "all_counted_s_max": round(max(counted_s), 2),
    }


def page_figures(pages: int) -> dict[str, Any]:
    """RSS of the kernels of ``pages`` open student pages (joined, playing)."""
    from playwright.sync_api import sync_playwright

    home = Path(tempfile.mkdtemp(prefix="classroom-bench-"))
    env = {**os.environ, "HOME": str(home), "TABLETOP_DATA_DIR": str(home / "data")}
    env.pop("TABLETOP_DATABASE_URL", None)
    url = f"sqlite:///{home / 'data' / 'tabletop.db'}"
    (home / "data").mkdir()
    store = open_store(url)
    classes = Classes(store)
    new = classes.create("africa-two-full-score", rounds=3)
    port = free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/python"),
            "-m",
            "voila",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "notebooks",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_until_answers(port, server, 60)
        link = f"http://127.0.0.1:{port}/voila/render/student.ipynb?class={new.class_id}&join={new.join_token}"
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            opened = []
            for k in range(pages):
                page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                page.set_default_timeout(120_000)
                page.goto(link, wait_until="commit")
                page.locator(".tt-nickname input").fill(f"P{k}")
                page.locator(".tt-join").click()
                page.locator(".tt-personal-link").wait_for()
                opened.append(page)
            time.sleep(2)
            rss = [memory(pid).get("rss", 0.0) for pid in children(server.pid)]
            browser.close()
    finally:
        stop(server, timeout=30)
        store.close()
    return {
        "pages": pages,
        "kernels": len(rss),
        "kernel_rss_mib_median": round(statistics.median(rss), 1) if rss else None,
        "kernel_rss_mib_max": round(max(rss), 1) if rss else None,
        "estimated_mib_for_40": round(40 * statistics.median(rss)) if rss else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", type=int, default=0, help="also measure N real student pages")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    url = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='classroom-bench-')}/bench.db"
    out: dict[str, Any] = {"store": store_figures(url, args.students, args.rounds)}
    if args.pages:
        out["pages"] = page_figures(args.pages)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for part, figures in out.items():
            print(f"{part}:")
            for key, value in figures.items():
                print(f"  {key:26} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
