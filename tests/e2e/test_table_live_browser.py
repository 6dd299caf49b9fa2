"""The shared screen's live region in a real browser (Voilà on the notebooks folder, Chromium):
the polite status element screen readers listen to says each seal as it arrives and the
resolution when the host presses Resolve."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

TIMEOUT = 120_000  # a shared, loaded machine: Voilà may take a while per page
# expect() waits as long as page actions here (conftest.patient_assertions).
pytestmark = pytest.mark.usefixtures("patient_assertions")


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_the_shared_screen_says_a_seal_and_the_resolution(
    notebooks_server: str, jupyter_env: dict[str, str], chromium: Any
) -> None:
    from tabletop.games.africa1880.gamefile import Game
    from tabletop.store import open_store
    from tabletop.store.seat_records import host_url
    from tabletop.store.seats import Tables

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    tables = Tables(store)
    game = Game.new(["France", "Germany", "Italy"])  # round 1, 1880
    new = tables.open_table(store.create_game(game).game_id)
    try:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(TIMEOUT)
        page = context.new_page()
        page.goto(host_url(notebooks_server, new.table_id, new.host_token), wait_until="commit")
        region = page.locator(".tt-table-live [role='status']")
        region.wait_for(state="attached", timeout=TIMEOUT)
        expect(region).to_have_attribute("aria-live", "polite")
        expect(region).to_have_text("")
        page.locator(".tt-resolve-table").wait_for(state="visible", timeout=TIMEOUT)

        # A seat seals on its phone: the shared screen's region says so.
        tables.seal(new.table_id, new.seat("France").token, "")
        expect(region).to_have_text("France sealed.")
        for power in ("Germany", "Italy"):
            tables.seal(new.table_id, new.seat(power).token, "")
        expect(region).to_contain_text("Italy sealed.")  # both may arrive in one look

        resolve = page.locator(".tt-resolve-table")
        expect(resolve).to_be_enabled()
        resolve.click()
        expect(region).to_contain_text("Round 1880 resolved")
        expect(region).to_contain_text("presences removed")
        # Hidden from sight (the page shows the report itself), yet in the accessibility tree.
        box = region.bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1
    finally:
        store.close()
