"""The table's clock in a real browser: one Voilà server on the notebooks folder, the shared
screen and a phone (390 × 844, touch).

Checked: the shared screen starts the clock and the phone shows the negotiation counting down;
while it counts, the phone's kernel websocket carries no message at all (the browser counts by
itself from the deadline it received once); the phone asks to keep its screen awake while the
clock runs (and again when it comes back to the page), and lets go when paused; Pause on the
shared screen shows paused on the phone; "3 of 4 sealed" on both; "all sealed — resolve now"
on the shared screen.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
TIMEOUT = 120_000  # a shared, loaded machine: Voilà may take a while per page
# expect() waits as long as page actions here (conftest.patient_assertions).
pytestmark = pytest.mark.usefixtures("patient_assertions")
SECRET = "# tapir-quartz-6084"
MMSS = re.compile(r"^\d\d:\d\d$")

# navigator.wakeLock as the page sees it, recording what the clock asks of it (headless
# Chromium has no screen to keep awake). The page is on 127.0.0.1: a secure context.
FAKE_WAKE_LOCK = """
window.__wake = { requests: 0, releases: 0, sentinel: null };
const fakeWakeLock = {
  request: async (type) => {
    window.__wake.requests += 1;
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = async () => {
      if (sentinel.released) return;
      sentinel.released = true;
      window.__wake.releases += 1;
      sentinel.dispatchEvent(new Event("release"));
    };
    window.__wake.sentinel = sentinel;
    return sentinel;
  },
};
Object.defineProperty(Navigator.prototype, "wakeLock", {
  get: () => fakeWakeLock,
  configurable: true,
});
"""


class Watched:
    """A page and every websocket frame its kernel channel received."""

    def __init__(self, context: Any) -> None:
        context.set_default_timeout(TIMEOUT)
        self.page = context.new_page()
        self.frames: list[object] = []
        self.page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        if "/channels" in ws.url:
            ws.on("framereceived", lambda payload: self.frames.append(payload))


def _digits_changed(page: Any, seen: str) -> None:
    page.wait_for_function(
        "seen => { const d = document.querySelector('.tt-seat-timer .tt-clock-digits');"
        " return d !== null && d.textContent !== seen && d.textContent !== ''; }",
        arg=seen,
        timeout=TIMEOUT,
    )


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_the_shared_screen_clock_counts_down_on_a_phone_without_kernel_messages(
    notebooks_server: str, jupyter_env: dict[str, str], chromium: Any, screenshot_path: Any
) -> None:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.seat_records import host_url, seat_url
    from tabletop.store.seats import Tables
    from tabletop.ui.shell.timer import format_clock

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    base = notebooks_server
    try:
        host = Watched(chromium.new_context(viewport={"width": 1280, "height": 900}))
        host.page.goto(host_url(base, new.table_id, new.host_token), wait_until="commit")
        phone_context = chromium.new_context(**PHONE)
        phone_context.add_init_script(FAKE_WAKE_LOCK)
        phone = Watched(phone_context)
        phone.page.goto(seat_url(base, new.table_id, new.seat("France").token), wait_until="commit")
        start = host.page.locator(".tt-clock-start")
        start.wait_for(state="visible", timeout=TIMEOUT)
        phone_clock = phone.page.locator(".tt-seat-timer .tt-clock")
        phone_clock.wait_for(state="attached", timeout=TIMEOUT)
        expect(phone_clock).to_have_attribute("data-phase", "idle")
        expect(phone.page.locator(".tt-seat-timer .tt-clock-sealed")).to_have_text("0 of 4 sealed")

        # The shared screen starts the clock: the phone shows the negotiation counting down.
        start.click()
        expect(phone_clock).to_have_attribute("data-phase", "negotiation")
        expect(phone.page.locator(".tt-seat-timer .tt-clock-phase")).to_have_text("Negotiation")
        digits = phone.page.locator(".tt-seat-timer .tt-clock-digits")
        first = digits.text_content() or ""
        assert MMSS.match(first) and 470 <= _seconds(first) <= 480, first
        expect(host.page.locator(".tt-table-timer .tt-clock")).to_have_attribute(
            "data-phase", "negotiation"
        )
        # The phone asked to keep its screen awake while the clock runs.
        phone.page.wait_for_function("window.__wake.requests >= 1", timeout=TIMEOUT)

        # Three seconds of countdown on the phone, without one frame from its kernel.
        _digits_changed(phone.page, first)
        quiet_from = len(phone.frames)
        shown = digits.text_content() or ""
        for _ in range(3):
            _digits_changed(phone.page, shown)
            later = digits.text_content() or ""
            assert _seconds(later) < _seconds(shown), (shown, later)
            shown = later
        assert len(phone.frames) == quiet_from, phone.frames[quiet_from:]
        assert _seconds(first) - _seconds(shown) >= 3

        phone.page.screenshot(path=str(screenshot_path("table_clock_phone.png")))
        host.page.locator(".tt-table-timer").screenshot(
            path=str(screenshot_path("table_clock_shared_screen.png"))
        )

        # Back to the page after the system let the lock go: it is asked for again.
        asked = phone.page.evaluate("window.__wake.requests")
        phone.page.evaluate(
            "window.__wake.sentinel.release();"
            " document.dispatchEvent(new Event('visibilitychange'));"
        )
        phone.page.wait_for_function(f"window.__wake.requests > {asked}", timeout=TIMEOUT)

        # Seals counted on the phone and on the shared screen, never what.
        for power, text in (
            ("Belgium", f"Congo: develop\n{SECRET}"),
            ("Germany", "Togo: develop"),
            ("Great Britain", "Egypt: develop"),
        ):
            tables.seal(new.table_id, new.seat(power).token, text)
        expect(phone.page.locator(".tt-seat-timer .tt-clock-sealed")).to_have_text("3 of 4 sealed")
        expect(host.page.locator(".tt-table-timer .tt-clock-sealed")).to_have_text("3 of 4 sealed")

        # Pause on the shared screen: paused on the phone, the digits stand still.
        host.page.locator(".tt-clock-pause").click()
        expect(phone_clock).to_have_attribute("data-phase", "paused")
        expect(phone.page.locator(".tt-seat-timer .tt-clock-phase")).to_contain_text("paused")
        phone.page.wait_for_function("window.__wake.sentinel.released === true")
        # What it shows is the time left kept with the table, not a clock of its own.
        kept = tables.clock(new.table_id)
        assert kept.phase == "paused" and kept.left is not None
        expect(digits).to_have_text(format_clock(kept.left))

        # The last seat seals: the shared screen says the round may be resolved now.
        tables.seal(new.table_id, new.seat("France").token, "Algeria: develop")
        expect(host.page.locator(".tt-all-sealed")).to_contain_text("All sealed — resolve now")
        expect(phone.page.locator(".tt-seat-timer .tt-clock-sealed")).to_have_text("4 of 4 sealed")
        # Who, never what: the shared screen never received a sealed sheet.
        assert SECRET not in " ".join(str(f) for f in host.frames + phone.frames)
    finally:
        store.close()
