"""Two Massai pages on one game in a real browser, served by one Voila server and one database.

The first page starts the game (no game yet); the second opens it from the games list. A move on
either page is seen on the other within about a second; an entry under way on one page is
interrupted by a move on the other, with the message; an attack target locked in survives a
reload of the page, still hidden, and the guards chosen after the reload resolve that attack.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from test_massai_browser import DARK, LIGHT, TIMEOUT_MS, Page

pytestmark = pytest.mark.browser

#: How long a change may take to reach the other page (the watcher polls every 0.5 s; the
#: widget messages add a little). The issue asks for "about one second".
PROPAGATION_MS = 3_000


def open_from_list(page, wait_for_widgets) -> None:
    """A fresh visit with games in the database: the list, then "Open" on the only game."""
    wait_for_widgets(page, ".tt-game-open", timeout_ms=90_000)
    expect(page.locator(".tt-game-row")).to_have_count(1, timeout=TIMEOUT_MS)
    page.locator(".tt-game-open").click()
    wait_for_widgets(page, ".tt-massai-prompt", timeout_ms=TIMEOUT_MS)


def seen_within(locator, text: str) -> float:
    """Seconds until ``locator`` shows ``text`` (fails after PROPAGATION_MS)."""
    started = time.monotonic()
    expect(locator).to_contain_text(text, timeout=PROPAGATION_MS)
    return time.monotonic() - started


def test_two_pages_on_one_game_and_a_reload_mid_attack(
    voila, browser, page, wait_for_widgets
) -> None:
    base_url = voila("massai")
    page.goto(base_url)
    wait_for_widgets(page, ".tt-massai-start", timeout_ms=90_000)  # no game yet: a new one
    one = Page(page)
    other_page = browser.new_page()
    other_page.goto(base_url)
    open_from_list(other_page, wait_for_widgets)
    two = Page(other_page)
    expect(two.prompt).to_contain_text("Player 1 (light): choose", timeout=TIMEOUT_MS)

    # A secret setup on the first page: the second page shows it locked, not where.
    one.secret_setup(["c1", "d1", "e1", "d2", "e2"])
    delays = [seen_within(two.prompt, "Player 2 (dark): choose")]
    expect(two.history).to_contain_text("secret setup")
    expect(two.history).not_to_contain_text("c1")

    # The second setup on the second page; the first page shows both.
    two.secret_setup(["c6", "d6", "e6", "d5", "e5"])
    expect(two.prompt).to_contain_text("Both setups are revealed", timeout=TIMEOUT_MS)
    delays.append(seen_within(one.message, "Another page changed this game"))
    one.wait_pixel("d6", DARK)
    one.wait_pixel("c1", LIGHT)
    two.press("continue")

    # Builds alternate between the pages; each sees the other's.
    one.build("d3")
    delays.append(seen_within(two.message, "Player 1 (light): build d3"))
    two.wait_pixel("d3", LIGHT)
    two.build("d4")
    delays.append(seen_within(one.message, "Player 2 (dark): build d4"))
    one.wait_pixel("d4", DARK)

    # An attack entered on the second page is interrupted by a build on the first (no guard
    # is allowed against it: its target is chosen openly, without the look-away screen).
    two.press("attack")
    two.click_square("d4")
    expect(two.prompt).to_contain_text("Chosen: d4", timeout=TIMEOUT_MS)
    one.build("e3")
    delays.append(seen_within(two.message, "This game changed on another page"))
    expect(two.message).to_contain_text("your action was not applied")
    two.wait_pixel("e3", LIGHT)
    expect(two.prompt).to_contain_text("Player 2 (dark): click an empty square")
    two.build("c4")
    one.wait_pixel("c4", DARK)

    # Player 1 locks an attack target on the first page; the second page follows it.
    one.press("attack")
    one.press("start")
    one.click_square("d4")
    expect(one.prompt).to_contain_text("Target: d4", timeout=TIMEOUT_MS)
    one.press("confirm")
    expect(one.prompt).to_contain_text("Choice locked ✓", timeout=TIMEOUT_MS)
    delays.append(seen_within(two.prompt, "Choice locked ✓"))
    expect(two.prompt).not_to_contain_text("d4")

    # A reload mid-attack: the target is still locked in, and still not shown.
    page.reload()
    open_from_list(page, wait_for_widgets)
    expect(one.prompt).to_contain_text("Choice locked ✓", timeout=TIMEOUT_MS)
    expect(one.message).to_contain_text("attack target is locked in ✓", timeout=TIMEOUT_MS)
    expect(one.prompt).not_to_contain_text("d4")
    expect(one.message).not_to_contain_text("d4")
    one.wait_pixel("d4", DARK)

    # Player 2 guards on the reloaded page: the attack resolved is the one locked in.
    one.press("start")
    expect(one.prompt).to_contain_text(
        "attack points 2 — you may guard up to 1", timeout=TIMEOUT_MS
    )
    one.click_square("d4")
    expect(one.prompt).to_contain_text("Guarded: 1/1", timeout=TIMEOUT_MS)
    one.press("confirm")
    expect(one.prompt).to_contain_text("d4 was guarded and stays", timeout=TIMEOUT_MS)
    delays.append(seen_within(two.message, "attack d4 guards d4"))
    two.wait_pixel("d4", DARK)
    assert max(delays) < PROPAGATION_MS / 1000, delays
    print(f"page-to-page delays (s): {', '.join(f'{d:.2f}' for d in delays)}")
