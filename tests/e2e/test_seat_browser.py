"""Seats in a real browser: one Voilà server on the notebooks folder, the shared screen and
three phone-sized seats (390 × 844, touch) play two Africa rounds, the first with a forced
resolution.

Checked: secrecy in every page's text and in every websocket message a page received (a seat
never gets another seat's sealed sheet before the reveal; the shared screen never gets any); a
seat reloaded mid-round keeps its draft; no horizontal scrolling on a phone; after the reveal
each seat sees the next round and its own results; a revoked link is refused.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from harness import wait_until
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
SECRETS = {
    "France": "# heron-basalt-5521",
    "Germany": "# lynx-coral-8830",
    "Belgium": "# moth-cedar-1163",
}


class Watched:
    """A page and every websocket text message it received."""

    def __init__(self, context) -> None:
        context.set_default_timeout(TIMEOUT)
        self.page = context.new_page()
        self.frames: list[str] = []
        self.sockets: list[Any] = []
        self.page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        self.sockets.append(ws)
        ws.on("framereceived", lambda payload: self.frames.append(_text(payload)))

    def type_sheet(self, text: str) -> None:
        """Fill the sheet's box and wait until the text has left for the kernel.

        The page may hold a text change back a moment while a tap goes out at once; the tap
        travels on the same websocket, so once the text is sent the kernel reads it first.
        """
        # A reload leaves the old page's socket closed: the open one is the page's kernel.
        channels = [ws for ws in self.sockets if "/channels" in ws.url and not ws.is_closed()]
        assert len(channels) == 1, [ws.url for ws in self.sockets]
        sent = json.dumps(text, ensure_ascii=False)[1:-1]
        with channels[0].expect_event(
            "framesent", predicate=lambda payload: sent in _text(payload), timeout=TIMEOUT
        ):
            self.page.locator(".tt-text textarea").fill(text)

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="commit")

    def received(self) -> str:
        return "\n".join(self.frames)


def _text(payload: object) -> str:
    if isinstance(payload, bytes):
        return payload.decode("utf-8", errors="replace")
    return str(payload)


def _no_horizontal_scroll(page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


@pytest.mark.browser
@pytest.mark.timeout(900)  # five pages on one Voilà server of a shared machine
def test_a_table_round_on_phones(
    notebooks_server: str, jupyter_env: dict[str, str], chromium
) -> None:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.seat_records import host_url, seat_url
    from tabletop.store.seats import Tables

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    base = notebooks_server
    browser = chromium
    try:
        host = Watched(browser.new_context(viewport={"width": 1280, "height": 900}))
        host.goto(host_url(base, new.table_id, new.host_token))
        host.page.locator(".tt-seat-card").first.wait_for(state="visible", timeout=TIMEOUT)
        expect(host.page.locator(".tt-seat-card")).to_have_count(4, timeout=TIMEOUT)
        # This server listens on 127.0.0.1 only: phones could not open its links, so the
        # screen shows no QR code and says why (the links still work on this machine).
        expect(host.page.locator(".tt-qr svg")).to_have_count(0)
        expect(host.page.locator(".tt-qr").first).to_contain_text("phones cannot open")
        expect(host.page.locator(".tt-seat-card-france .tt-seat-code")).to_contain_text(
            new.seat("France").code
        )
        phones: dict[str, Watched] = {}
        for power in SECRETS:
            phone = Watched(browser.new_context(**PHONE))
            phone.goto(seat_url(base, new.table_id, new.seat(power).token))
            phone.page.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
            phones[power] = phone
        france = phones["France"].page
        expect(france.locator(".tt-seat-heading")).to_contain_text("Round 4")
        assert _no_horizontal_scroll(france), "the seat page scrolls sideways at 390 px"

        # France writes a draft, reloads mid-round: the draft is still there.
        box = france.locator(".tt-text textarea")
        draft = f"Algeria: develop\n{SECRETS['France']}"
        box.fill(draft)
        # The draft is kept a moment after the last key: wait until the database has it.
        token = new.seat("France").token
        wait_until(lambda: tables.draft(new.table_id, token) == draft, "France's draft kept")
        france.reload(wait_until="commit")
        france.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
        expect(france.locator(".tt-text textarea")).to_have_value(
            f"Algeria: develop\n{SECRETS['France']}", timeout=TIMEOUT
        )
        expect(france.locator(".tt-sealed-state")).to_contain_text("Not sealed yet")

        # France and Germany seal by touch; Belgium only drafts; Great Britain never comes.
        france.locator(".tt-seal").tap()
        expect(france.locator(".tt-sealed-state")).to_contain_text("Sealed at")
        germany = phones["Germany"].page
        phones["Germany"].type_sheet(f"Togo: develop\n{SECRETS['Germany']}")
        germany.locator(".tt-seal").tap()
        expect(germany.locator(".tt-sealed-state")).to_contain_text("Sealed at")
        belgium = phones["Belgium"].page
        phones["Belgium"].type_sheet(f"Congo: develop\n{SECRETS['Belgium']}")

        status = host.page.locator(".tt-seat-card-germany .tt-seat-status")
        expect(status).to_contain_text("Sealed")
        expect(host.page.locator(".tt-seat-card-belgium .tt-seat-status")).to_contain_text(
            "Waiting"
        )

        # Secrecy before the reveal: in every page's text and in every message received. Nothing
        # can be awaited for what must never come: the pages are given a second to receive it.
        time.sleep(1.0)
        host_seen = host.page.inner_text("body") + host.received()
        for power, secret in SECRETS.items():
            assert secret not in host_seen, f"the shared screen got {power}'s sheet"
            for other, phone in phones.items():
                if other == power:
                    continue
                seen = phone.page.inner_text("body") + phone.received()
                assert secret not in seen, f"{other}'s page got {power}'s sheet"

        # Resolve now, confirmed: the missing seats hold and ally, as the rules say.
        host.page.locator(".tt-resolve-now").click()
        question = host.page.locator(".tt-question-text")
        expect(question).to_contain_text("Belgium, Great Britain")
        host.page.locator(".tt-confirm-yes").click()
        expect(host.page.locator(".tt-table-report")).to_contain_text(
            "what to do on the board", timeout=TIMEOUT
        )
        expect(host.page.locator(".tt-table-heading")).to_contain_text("Round 5")
        for phone in phones.values():
            expect(phone.page.locator(".tt-seat-heading")).to_contain_text("Round 5")
        expect(france.locator(".tt-own-results")).to_contain_text("Algeria")
        expect(france.locator(".tt-sealed-state")).to_contain_text("Not sealed yet")
        # Belgium's unsealed draft was not played and is gone with its round.
        assert "Congo: develop" not in belgium.locator(".tt-text textarea").input_value()

        # Round 5: every seat seals (three phones, Great Britain through the store as the
        # command line does), so the host's plain Resolve is offered and used.
        second = {
            "France": "Algeria: hold\n# wren-slate-2207",
            "Germany": "Togo: hold\n# ibis-amber-4410",
            "Belgium": "Congo: hold\n# newt-flint-9034",
        }
        for power, text in second.items():
            page = phones[power].page
            phones[power].type_sheet(text)
            page.locator(".tt-seal").tap()
            expect(page.locator(".tt-sealed-state")).to_contain_text("Sealed at")
        tables.seal(new.table_id, new.seat("Great Britain").token, "# all hold")
        resolve = host.page.locator(".tt-resolve-table")
        expect(resolve).to_be_enabled(timeout=TIMEOUT)
        time.sleep(1.0)
        host_seen = host.page.inner_text("body") + host.received()
        assert not any(text.split("# ")[1] in host_seen for text in second.values())
        resolve.click()
        expect(host.page.locator(".tt-table-heading")).to_contain_text("Round 6", timeout=TIMEOUT)
        for phone in phones.values():
            expect(phone.page.locator(".tt-seat-heading")).to_contain_text(
                "Round 6", timeout=TIMEOUT
            )

        # A lost phone: the host issues Germany a new link; the old one is refused.
        host.page.locator(".tt-seat-card-germany .tt-revoke").click()
        host.page.locator(".tt-confirm-yes").click()
        expect(host.page.locator(".tt-seat-card-germany .tt-seat-code")).not_to_contain_text(
            new.seat("Germany").code, timeout=TIMEOUT
        )
        germany.reload(wait_until="commit")
        expect(germany.locator(".tt-refusal")).to_contain_text(
            "replaced by the host", timeout=TIMEOUT
        )
        assert "Traceback" not in germany.inner_text("body")
    finally:
        store.close()


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_a_massai_attack_on_two_phones(
    notebooks_server: str, jupyter_env: dict[str, str], chromium
) -> None:
    from tabletop.games.massai.gamefile import GameRecord
    from tabletop.store import open_store
    from tabletop.store.seat_records import host_url, seat_url
    from tabletop.store.seats import Tables

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    tables = Tables(store)
    new = tables.open_table(store.create_game(GameRecord.new()).game_id)
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    tables.resolve(new.table_id, new.host_token)  # both setups revealed: play begins
    base = notebooks_server
    browser = chromium
    try:
        host = Watched(browser.new_context(viewport={"width": 1280, "height": 900}))
        host.goto(host_url(base, new.table_id, new.host_token))
        attacker = Watched(browser.new_context(**PHONE))
        attacker.goto(seat_url(base, new.table_id, first.token))
        defender = Watched(browser.new_context(**PHONE))
        defender.goto(seat_url(base, new.table_id, second.token))
        for phone in (attacker, defender):
            phone.page.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
        assert _no_horizontal_scroll(attacker.page)
        attacker.page.locator(".tt-square-d4").tap()
        expect(attacker.page.locator(".tt-square-d4")).to_have_class(re.compile("tt-chosen"))
        attacker.page.locator(".tt-seal").tap()
        expect(attacker.page.locator(".tt-sealed-state")).to_contain_text("Sealed")
        expect(host.page.locator(".tt-seat-card-player-1 .tt-seat-status")).to_contain_text(
            "Sealed"
        )
        time.sleep(1.0)
        # the defender's page never learns the target before both are revealed
        expect(defender.page.locator(".tt-chosen")).to_have_count(0)
        assert "attack d4" not in defender.received() + defender.page.inner_text("body")
        defender.page.locator(".tt-square-d4").tap()
        defender.page.locator(".tt-seal").tap()
        expect(defender.page.locator(".tt-sealed-state")).to_contain_text("Sealed")
        resolve = host.page.locator(".tt-resolve-table")
        expect(resolve).to_be_enabled()
        resolve.click()
        expect(host.page.locator(".tt-revealed")).to_contain_text("d4", timeout=TIMEOUT)
        heading = attacker.page.locator(".tt-seat-heading")
        expect(heading).to_contain_text("attack d4 guards d4", timeout=TIMEOUT)
    finally:
        store.close()
