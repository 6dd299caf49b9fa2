"""Benchmark of the seat page under ``tabletop serve`` (a script, not a timed test).

Measured, with Debian's Chromium and a fresh browser profile for every page opened (cold cache):

- **open**: a seat page's link asked for -> its *Seal my orders* button visible (``.tt-seal``),
  on a server with preheated seat kernels (``tabletop serve --pool P``) and on one without
  (``--pool 0``: the page waits for a kernel to start);
- **seal -> shown**: *Seal my orders* tapped on a phone-sized page -> the seat marked sealed on
  the shared screen (``table.ipynb``, another browser context), and on the phone itself; times
  taken in the browsers (``Date.now()`` at the tap; a ``MutationObserver`` on each page);
- **memory** of the kernels (``/proc/PID/smaps_rollup``: RSS, and PSS, which shares the common
  libraries out): a preheated kernel waiting for its page, a seat page's kernel in use, the
  shared screen's kernel in use.

    .venv/bin/python benchmarks/seat_page_bench.py                   # 5 opens each, 8 seals
    .venv/bin/python benchmarks/seat_page_bench.py --runs 9 --seals 12 --json
    .venv/bin/python benchmarks/seat_page_bench.py --db postgresql+psycopg://...

The database is a SQLite file in a temporary folder unless ``--db`` names another. Goals (issue
11): open under 2 s, seal -> shown under 1 s. The machine's load is printed with the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The browser tests' harness: free ports, kernels, memory, Debian's Chromium and its flags.
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, children, free_port, memory  # noqa: E402

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
EXAMPLE_SHEETS = ROOT / "examples" / "africa" / "orders_1895.txt"
TIMEOUT_MS = 180_000

# The shared screen notes when each seat card turns sealed (Date.now(), as the phone's tap).
WATCH_SEALED = """
() => {
  window.__sealedAt = {};
  const look = () => {
    for (const card of document.querySelectorAll('.tt-seat-card')) {
      const seat = [...card.classList].find(c => c.startsWith('tt-seat-card-'));
      if (seat && card.querySelector('.tt-status-sealed') && !(seat in window.__sealedAt)) {
        window.__sealedAt[seat] = Date.now();
      }
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true, attributes: true});
}
"""
WATCH_OWN = """
() => {
  window.__ownAt = null;
  const look = () => {
    if (window.__ownAt === null && document.querySelector('.tt-sealed-state .tt-status-sealed')) {
      window.__ownAt = Date.now();
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true, attributes: true});
}
"""


def cpu_ticks(pids: set[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total


class Server:
    """``tabletop serve`` on this repository's notebooks, private Jupyter folders."""

    def __init__(self, folder: Path, db: str, pool: int) -> None:
        folder.mkdir(parents=True)
        env = dict(os.environ)
        for key in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
            (folder / key).mkdir()
            env[key] = str(folder / key)
        env["IPYTHONDIR"] = str(folder / "HOME" / "ipython")
        env["PYTHONPATH"] = str(ROOT)
        env.pop("JUPYTER_PATH", None)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / "serve.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(self.port)]
                + ["--db", db, "--pool", str(pool)],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def fills(self, notebook: str) -> int:
        return self.text().count(f"Kernel pool of {notebook} is filled")

    def kernels(self) -> set[int]:
        return {k for voila in children(self.process.pid) for k in children(voila)}

    def wait(self, what: str, check: Any, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            if self.process.poll() is not None:
                raise RuntimeError(f"tabletop serve exited:\n{self.text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what}: not within {timeout:.0f} s\n{self.text()[-3000:]}")
            time.sleep(0.2)

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/", timeout=5):
                return True
        except OSError:
            return False

    def settle(self, quiet_s: float = 1.0, timeout: float = 120) -> None:
        """Until the kernels have stopped working (a refilled pool has run its page)."""
        deadline = time.monotonic() + timeout
        last = -1
        while time.monotonic() < deadline:
            now = cpu_ticks(self.kernels() | {self.process.pid})
            if now == last:
                return
            last = now
            time.sleep(quiet_s)

    def stop(self) -> None:
        kernels = self.kernels()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        for pid in kernels:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def example_sheets() -> dict[str, str]:
    from tabletop.games.africa1880.powers import lookup_power

    blocks = re.split(r"\n(?=\[)", EXAMPLE_SHEETS.read_text(encoding="utf-8"))[1:]
    return {
        str(lookup_power(b.split("\n", 1)[0].strip().strip("[]"))): b.split("\n", 1)[1]
        for b in blocks
    }


def slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


def new_table(db: str, base: str) -> tuple[Any, dict[str, Any]]:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.seats import Tables

    tables = Tables(open_store(db))
    game = tables.store.create_game(example_game(), name="seat page bench")
    new = tables.open_table(game.game_id)
    return tables, new.to_json(base)


@contextlib.contextmanager
def fresh_context(pw: Any, folder: Path, **options: Any) -> Iterator[Any]:
    """A browser with a profile folder of its own (nothing cached)."""
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=folder))
    context = pw.chromium.launch_persistent_context(
        user_data_dir=str(profile),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        **options,
    )
    try:
        yield context
    finally:
        context.close()


def open_seat(pw: Any, folder: Path, url: str) -> tuple[float, float]:
    """Seconds from asking for the seat page to the page loaded (the server has run the
    notebook and sent it all) and to its Seal button visible (cold browser)."""
    with fresh_context(pw, folder, **PHONE) as context:
        page = context.pages[0] if context.pages else context.new_page()
        started = time.perf_counter()
        page.goto(url, timeout=TIMEOUT_MS)
        loaded = time.perf_counter() - started
        page.locator(".tt-seal").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        return loaded, time.perf_counter() - started


def opens(
    pw: Any, server: Server, folder: Path, urls: list[str], runs: int
) -> tuple[list[float], list[float]]:
    loads, times = [], []
    for run in range(runs):
        server.settle()
        loaded, usable = open_seat(pw, folder, urls[run % len(urls)])
        loads.append(loaded)
        times.append(usable)
    return loads, times


def seals(
    pw: Any, server: Server, folder: Path, tables: Any, table: dict[str, Any], count: int
) -> tuple[list[float], list[float]]:
    """Seals tapped on phone pages -> seen on the shared screen and on the phone (seconds)."""
    sheets = example_sheets()
    host = table["host"]["token"]
    seats = {seat["power"]: seat for seat in table["seats"]}
    screen_times: list[float] = []
    phone_times: list[float] = []
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    try:
        screen = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        screen.goto(
            f"{server.base}/voila/render/table.ipynb?table={table['table']}&token={host}",
            timeout=TIMEOUT_MS,
        )
        screen.locator(".tt-seat-card").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        phones = {}
        for power, seat in seats.items():
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(seat["url"], timeout=TIMEOUT_MS)
            phones[power] = phone
        while len(screen_times) < count:
            for phone in phones.values():
                phone.locator(".tt-seal").first.wait_for(state="visible", timeout=TIMEOUT_MS)
            screen.locator(".tt-seat-card .tt-status-waiting").first.wait_for(
                state="visible", timeout=TIMEOUT_MS
            )
            screen.evaluate(WATCH_SEALED)
            for power, phone in phones.items():
                if len(screen_times) >= count:
                    break
                phone.locator(".tt-text textarea").first.fill(sheets[power])
                server.settle(quiet_s=0.5)  # the draft reached the kernel; nothing else runs
                phone.evaluate(WATCH_OWN)
                tapped = phone.evaluate("Date.now()")
                phone.locator(".tt-seal").first.tap()
                card = f"tt-seat-card-{slug(power)}"
                screen.wait_for_function(f"() => '{card}' in window.__sealedAt", timeout=TIMEOUT_MS)
                phone.wait_for_function("() => window.__ownAt !== null", timeout=TIMEOUT_MS)
                screen_times.append(
                    (screen.evaluate(f"window.__sealedAt['{card}']") - tapped) / 1e3
                )
                phone_times.append((phone.evaluate("window.__ownAt") - tapped) / 1e3)
            # The next round: every seat waits again (resolved as the shared screen would).
            status = tables.status(table["table"])
            tables.resolve(table["table"], host, force=True, round=status.round)
            screen.locator(".tt-seat-card .tt-status-sealed").first.wait_for(
                state="detached", timeout=TIMEOUT_MS
            )
            server.settle()
    finally:
        browser.close()
    return screen_times, phone_times


def mb(rows: list[dict[str, float]]) -> dict[str, float]:
    """Median RSS and PSS of some kernels (MB)."""
    rows = [r for r in rows if r]
    return {
        "n": len(rows),
        "rss_mb": round(statistics.median(r["rss"] for r in rows), 1),
        "pss_mb": round(statistics.median(r["pss"] for r in rows), 1),
    }


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page opens per server (default 5)")
    parser.add_argument("--seals", type=int, default=8, help="seals timed (default 8)")
    parser.add_argument("--pool", type=int, default=6, help="preheated seat kernels (default 6)")
    parser.add_argument("--db", help="database URL (default: a SQLite file in a temp folder)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--preheated-only",
        action="store_true",
        help="skip the server without preheated kernels (and the in-use memory figures)",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    results: dict[str, Any] = {"cpus": os.cpu_count(), "pool": args.pool}
    with tempfile.TemporaryDirectory(prefix="seat-bench-") as temp, sync_playwright() as pw:
        folder = Path(temp)
        db = args.db or str(folder / "bench.db")

        # 1. Preheated seat pages (what `tabletop serve` does by default).
        server = Server(folder / "preheated", db, args.pool)
        try:
            server.wait("the seat pool", lambda: server.fills("seat.ipynb") >= 1)
            server.wait("the screen pool", lambda: server.fills("table.ipynb") >= 1)
            server.wait("an answer", server.answers)
            server.settle()
            waiting = [memory(pid) for pid in server.kernels()]
            tables, table = new_table(db, server.base)
            urls = [seat["url"] for seat in table["seats"]]
            loads, times = opens(pw, server, folder, urls, args.runs)
            results["open_preheated_s"] = summary(times)
            results["loaded_preheated_s"] = summary(loads)
            tables2, table2 = new_table(db, server.base)
            on_screen, on_phone = seals(pw, server, folder, tables2, table2, args.seals)
            results["seal_to_screen_s"] = summary(on_screen)
            results["seal_to_phone_s"] = summary(on_phone)
        finally:
            server.stop()

        if args.preheated_only:
            results["kernel_waiting"] = mb(waiting)
            print(json.dumps(results, indent=2))
            return 0

        # 2. No preheated seat page: each open starts its kernel.
        server = Server(folder / "cold", db, 0)
        try:
            server.wait("the screen pool", lambda: server.fills("table.ipynb") >= 1)
            server.wait("an answer", server.answers)
            server.settle()
            (screen_kernel,) = server.kernels()  # the shared screen's one preheated kernel
            tables, table = new_table(db, server.base)
            urls = [seat["url"] for seat in table["seats"]]
            seat_kernels: list[dict[str, float]] = []
            cold_times, cold_loads = [], []
            for run in range(args.runs):
                server.settle()
                before = server.kernels()
                loaded, usable = open_seat(pw, folder, urls[run % len(urls)])
                cold_loads.append(loaded)
                cold_times.append(usable)
                server.settle()
                for pid in server.kernels() - before:
                    seat_kernels.append(memory(pid))
            results["open_not_preheated_s"] = summary(cold_times)
            results["loaded_not_preheated_s"] = summary(cold_loads)
            with fresh_context(pw, folder, viewport={"width": 1280, "height": 900}) as context:
                page = context.pages[0] if context.pages else context.new_page()
                host = table["host"]["token"]
                page.goto(
                    f"{server.base}/voila/render/table.ipynb?table={table['table']}&token={host}",
                    timeout=TIMEOUT_MS,
                )
                page.locator(".tt-seat-card").first.wait_for(state="visible", timeout=TIMEOUT_MS)
                server.settle()
                screen_memory = memory(screen_kernel)
        finally:
            server.stop()

    results["kernel_waiting"] = mb(waiting)
    results["kernel_seat_in_use"] = mb(seat_kernels)
    results["kernel_screen_in_use"] = mb([screen_memory])
    results["load_before"] = [round(x, 2) for x in load_before]
    results["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'measure':34} {'n':>3} {'median':>8} {'max':>8}")
    for key, label in (
        ("open_preheated_s", f"seat page open, preheated (pool {args.pool})"),
        ("loaded_preheated_s", "  of which: page loaded"),
        ("open_not_preheated_s", "seat page open, not preheated"),
        ("loaded_not_preheated_s", "  of which: page loaded"),
        ("seal_to_screen_s", "seal tapped -> shared screen"),
        ("seal_to_phone_s", "seal tapped -> the phone itself"),
    ):
        row = results[key]
        print(f"{label:34} {row['n']:>3} {row['median']:>7.2f}s {row['max']:>7.2f}s")
    print(f"{'kernel memory (median)':34} {'n':>3} {'RSS':>8} {'PSS':>8}")
    for key, label in (
        ("kernel_waiting", "preheated, waiting for its page"),
        ("kernel_seat_in_use", "seat page in use"),
        ("kernel_screen_in_use", "shared screen in use"),
    ):
        row = results[key]
        print(f"{label:34} {row['n']:>3} {row['rss_mb']:>6.0f}MB {row['pss_mb']:>6.0f}MB")
    print(
        f"{results['cpus']} CPUs; load average before {results['load_before']}, "
        f"after {results['load_after']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
