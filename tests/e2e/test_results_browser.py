"""After Resolve, in Chromium on ``tabletop serve``: every phone shows the new round with "Your
results" on screen (each phone had scrolled down to its Seal button), and the shared screen
(1366 x 768) shows the new report in view, never the new round's heading over the old report.

The bounds are generous and only stop a hung test: the test waits for each condition; how
fast it comes is ``benchmarks/table_results_bench.py``'s job.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import EXPECT_TIMEOUT_MS, TabletopServer
from playwright.sync_api import expect

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import open_store
from tabletop.store.seat_records import NewTable, host_url, seat_url
from tabletop.store.seats import Tables

TIMEOUT = 120_000  # ms: a generous bound for a page on a busy machine, not a goal
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
SCREEN = {"width": 1366, "height": 768}
PHONES = ("Belgium", "France", "Germany")  # Great Britain seals from the command line

# The shared screen notes, once, what its report says when its heading first names ``round``.
WATCH_HEADING = """(round) => {
  window.__reportAtHeading = null;
  const look = () => {
    const heading = document.querySelector('.tt-table-heading');
    if (window.__reportAtHeading === null && heading && heading.textContent.includes(round)) {
      const report = document.querySelector('.tt-table-report-text');
      window.__reportAtHeading = report ? report.textContent : '';
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true, attributes: true});
  look();
}"""


@pytest.fixture
def served_table(
    jupyter_env: dict[str, str], tmp_path: Path
) -> Iterator[tuple[TabletopServer, Tables, NewTable]]:
    db = Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db"
    store = open_store(db)
    tables = Tables(store)
    table = tables.open_table(store.create_game(example_game()).game_id)
    # A short TMPDIR: a kernel's IPC socket path must fit in 107 characters, and the test's
    # own tmp folder is deeper than that allows.
    short = Path(tempfile.mkdtemp(prefix="tt-results-"))
    env = {
        **jupyter_env,
        "TABLETOP_SECRET_FILE": os.environ["TABLETOP_SECRET_FILE"],
        "TMPDIR": str(short),
    }
    server = TabletopServer(env, db, tmp_path / "serve.log", "--pool", "3", "--cull-idle", "3600")
    try:
        yield server, tables, table
    finally:
        server.stop()
        store.close()
        shutil.rmtree(short, ignore_errors=True)


def scroll_to_bottom(page: Any) -> None:
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(page.locator(".tt-seat-heading")).not_to_be_in_viewport()


@pytest.mark.timeout(900)
def test_after_resolve_every_phone_shows_its_results_on_screen(
    served_table: tuple[TabletopServer, Tables, NewTable], chromium: Any
) -> None:
    server, tables, table = served_table
    expect.set_options(timeout=TIMEOUT)
    try:
        screen = chromium.new_context(viewport=SCREEN).new_page()
        screen.goto(host_url(server.base, table.table_id, table.host_token), wait_until="commit")
        screen.locator(".tt-seat-card").first.wait_for(state="visible", timeout=TIMEOUT)
        phones = {}
        for power in PHONES:
            phone = chromium.new_context(**PHONE).new_page()
            phone.goto(seat_url(server.base, table.table_id, table.seat(power).token))
            phones[power] = phone
        for phone in phones.values():
            phone.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
            expect(phone.locator(".tt-seat-heading")).to_contain_text("Round 4")
            phone.locator(".tt-seal").tap()  # the tap scrolls the page down to the button
            expect(phone.locator(".tt-sealed-state")).to_contain_text("Sealed at")
            scroll_to_bottom(phone)  # as a player who looked at the map below
        tables.seal(table.table_id, table.seat("Great Britain").token, "")
        resolve = screen.locator(".tt-resolve-table")
        expect(resolve).to_be_enabled()
        year = example_game().state.year  # the round resolved: its report's title says it
        screen.evaluate(WATCH_HEADING, "Round 5")
        resolve.click()

        expect(screen.locator(".tt-table-heading")).to_contain_text("Round 5")
        report = screen.locator(".tt-table-report-text")
        expect(report).to_contain_text(f"{year}: what to do on the board")
        expect(report).to_be_in_viewport()
        expect(screen.locator(".tt-table-report canvas").first).to_be_in_viewport()
        at_heading = screen.evaluate("window.__reportAtHeading")
        assert f"{year}: what to do on the board" in at_heading, at_heading[:200]

        for power, phone in phones.items():
            expect(phone.locator(".tt-seat-heading")).to_contain_text("Round 5")
            results = phone.locator(".tt-own-results")
            expect(results).to_contain_text(f"Your results ({power})")
            expect(results).to_be_in_viewport()
            expect(phone.locator(".tt-seat-heading")).to_be_in_viewport()
            expect(phone.locator(".tt-sealed-state")).to_contain_text("Not sealed yet")
            assert "Traceback" not in phone.inner_text("body")
    finally:
        expect.set_options(timeout=EXPECT_TIMEOUT_MS)
