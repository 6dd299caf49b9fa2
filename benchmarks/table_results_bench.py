"""Benchmark: Resolve tapped on the shared screen -> every phone shows the new round (a script,
not a timed test).

A real ``tabletop serve`` (the browser tests' ``TabletopServer``), an Africa table of six powers
(a new game of every power, historical starts), six phone pages (390 x 844, touch) and the
shared screen (1366 x 768) in Debian's Chromium. Each round: every phone taps *Seal my orders*,
then scrolls to the bottom of its page (a player looking at the map), and the host clicks
*Resolve*. Measured in the browsers (``Date.now()`` at the click on the screen; a
``MutationObserver`` on each page, all pages in one browser on this machine):

- **phone**: the click -> the phone's heading names the new round (median and p95 over every
  phone of every round);
- **screen**: the click -> the screen's heading names the new round;
- **results in view**: once the round is shown, whether each phone's "Your results" box and
  the screen's report are in the viewport;
- **heading over old report**: whether the screen ever showed the new round's heading while its
  report still was the previous one.

    .venv/bin/python benchmarks/table_results_bench.py                  # 5 rounds
    .venv/bin/python benchmarks/table_results_bench.py --rounds 8 --json
    .venv/bin/python benchmarks/table_results_bench.py --throttle 4     # phones' CPU 4x slower

``--throttle`` slows the phone pages' CPU with Chromium's own emulation (DevTools'
``Emulation.setCPUThrottlingRate``), closer to a phone than this machine's cores. Goal (issue
20): every phone within 1 s of the shared screen, "Your results" on screen. The machine's load
is printed with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# The browser tests' harness: the served server, Debian's Chromium and its flags.
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import TabletopServer, launch_chromium, wait_until  # noqa: E402

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
SCREEN = {"width": 1366, "height": 768}
TIMEOUT_MS = 180_000

# Notes (Date.now()) when the page's heading first names ``text``; on the shared screen also
# what its report said at that moment.
WATCH = """(text) => {
  window.__seenAt = null;
  window.__reportAtHeading = null;
  const look = () => {
    const heading = document.querySelector('.tt-seat-heading, .tt-table-heading');
    if (window.__seenAt === null && heading && heading.textContent.includes(text)) {
      window.__seenAt = Date.now();
      const report = document.querySelector('.tt-table-report-text');
      window.__reportAtHeading = report ? report.textContent : null;
    }
  };
  if (window.__observer) window.__observer.disconnect();
  window.__observer = new MutationObserver(look);
  window.__observer.observe(document.body, {subtree: true, childList: true,
                                            characterData: true, attributes: true});
  look();
}"""
IN_VIEW = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.top < window.innerHeight;
}"""


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


def private_env(folder: Path) -> dict[str, str]:
    """The server's environment: Jupyter's folders, the data folder and the server secret
    inside ``folder`` (a short path: a kernel's IPC socket path must fit 107 characters)."""
    env = dict(os.environ)
    for key in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "TMPDIR"):
        (folder / key).mkdir()
        env[key] = str(folder / key)
    env["IPYTHONDIR"] = str(folder / "HOME" / "ipython")
    env["TABLETOP_SECRET_FILE"] = str(folder / "server.key")
    env.pop("JUPYTER_PATH", None)
    return env


def six_power_table(db: Path) -> tuple[Any, Any]:
    from tabletop.games.africa1880.gamefile import Game
    from tabletop.games.africa1880.powers import POWERS
    from tabletop.store import open_store
    from tabletop.store.seats import Tables

    store = open_store(db)
    tables = Tables(store)
    game = store.create_game(Game.new(POWERS), name="results bench")
    return tables, tables.open_table(game.game_id)


def play_round(screen: Any, phones: dict[str, Any], tables: Any, table: Any) -> dict[str, Any]:
    """Every phone seals, the host resolves; the times and what is in view."""
    status = tables.status(table.table_id)
    year = tables.store.load(status.game_id).game.state.year
    for phone in phones.values():
        phone.locator(".tt-seal").tap()
    for phone in phones.values():
        phone.locator(".tt-sealed-state .tt-status-sealed").wait_for(timeout=TIMEOUT_MS)
        phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    resolve = screen.locator(".tt-resolve-table")
    wait_until(resolve.is_enabled, "the screen offers Resolve", timeout=TIMEOUT_MS / 1000)
    new_round = f"Round {status.round + 1}"
    for page in (screen, *phones.values()):
        page.evaluate(WATCH, new_round)
    clicked = screen.evaluate("Date.now()")
    resolve.click()
    for page in (screen, *phones.values()):
        page.wait_for_function("window.__seenAt !== null", timeout=TIMEOUT_MS)
    # The report's text, then the page's scrolling: both follow the heading within moments.
    screen.locator(".tt-table-report-text").filter(has_text=f"{year}:").wait_for(timeout=TIMEOUT_MS)
    time.sleep(1.0)  # let each page run its scrolling before looking at what is in view
    report_then = screen.evaluate("window.__reportAtHeading") or ""
    return {
        "round": status.round,
        "screen": (screen.evaluate("window.__seenAt") - clicked) / 1000,
        "phones": {
            power: (page.evaluate("window.__seenAt") - clicked) / 1000
            for power, page in phones.items()
        },
        "results_in_view": {
            power: page.evaluate(IN_VIEW, ".tt-own-results") for power, page in phones.items()
        },
        "report_in_view": screen.evaluate(IN_VIEW, ".tt-table-report-text"),
        "heading_over_old_report": f"{year}:" not in report_then,
    }


def run(rounds: int, throttle: float) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tabletop.store.seat_records import host_url, seat_url

    folder = Path(tempfile.mkdtemp(prefix="tt-bench-"))
    env = private_env(folder)
    os.environ["TABLETOP_SECRET_FILE"] = env["TABLETOP_SECRET_FILE"]
    db = folder / "tabletop.db"
    tables, table = six_power_table(db)
    server = TabletopServer(env, db, folder / "serve.log", "--cull-idle", "3600")
    results = []
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            screen = browser.new_context(viewport=SCREEN).new_page()
            screen.goto(host_url(server.base, table.table_id, table.host_token), timeout=TIMEOUT_MS)
            screen.locator(".tt-seat-card").first.wait_for(state="visible", timeout=TIMEOUT_MS)
            phones = {}
            for seat in table.seats:
                page = browser.new_context(**PHONE).new_page()
                if throttle > 1:
                    cdp = page.context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                page.goto(seat_url(server.base, table.table_id, seat.token), timeout=TIMEOUT_MS)
                phones[seat.seat] = page
            for page in phones.values():
                page.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT_MS)
            for number in range(rounds):
                results.append(play_round(screen, phones, tables, table))
                print(f"round {number + 1}: {json.dumps(results[-1])}", file=sys.stderr)
            browser.close()
    finally:
        server.stop()
        tables.store.close()
        shutil.rmtree(folder, ignore_errors=True)
    phone_times = [t for r in results for t in r["phones"].values()]
    screen_times = [r["screen"] for r in results]
    behind = [t - r["screen"] for r in results for t in r["phones"].values()]
    in_view = [v for r in results for v in r["results_in_view"].values()]
    return {
        "rounds": rounds,
        "phones": len(table.seats),
        "throttle": throttle,
        "load": os.getloadavg(),
        "phone_median_s": statistics.median(phone_times),
        "phone_p95_s": percentile(phone_times, 0.95),
        "phone_max_s": max(phone_times),
        "screen_median_s": statistics.median(screen_times),
        "behind_screen_max_s": max(behind),
        "results_in_view": f"{sum(in_view)}/{len(in_view)}",
        "report_in_view": f"{sum(r['report_in_view'] for r in results)}/{rounds}",
        "heading_over_old_report": sum(r["heading_over_old_report"] for r in results),
        "per_round": results,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds resolved (default 5)")
    parser.add_argument(
        "--throttle", type=float, default=1.0, help="phones' CPU slowed this many times"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    found = run(args.rounds, args.throttle)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    load = ", ".join(f"{x:.1f}" for x in found["load"])
    print(
        f"{found['phones']} phones, {found['rounds']} rounds, phone CPU x{found['throttle']:g}, "
        f"load {load}"
    )
    print(
        f"Resolve -> phone shows the new round: median {found['phone_median_s']:.2f} s, "
        f"p95 {found['phone_p95_s']:.2f} s, max {found['phone_max_s']:.2f} s"
    )
    print(
        f"Resolve -> screen: median {found['screen_median_s']:.2f} s; a phone behind the screen "
        f"by {found['behind_screen_max_s']:.2f} s at most"
    )
    print(
        f"'Your results' in view: {found['results_in_view']} phone-rounds; screen's report in "
        f"view: {found['report_in_view']}; new heading over the old report: "
        f"{found['heading_over_old_report']} rounds"
    )


if __name__ == "__main__":
    main()
