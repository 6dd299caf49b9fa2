"""The dashboard served as the README's first command serves it: Voilà keeps a page prepared
ahead (a preheated kernel builds it before anybody asks), and the prepared page must still show
what other pages changed while it waited.
"""

from __future__ import annotations

import pytest
from harness import pool_filled, readme_voila_flags, wait_until
from playwright.sync_api import expect

NAVIGATION_TIMEOUT = 120_000
TIMEOUT = 30_000


@pytest.mark.browser
def test_a_prepared_page_catches_up_with_the_database(voila, chromium, wait_for_widgets) -> None:
    flags = readme_voila_flags()
    assert "--preheat_kernel=True" in flags, flags
    base = voila("africa1880", flags=flags)

    def prepared(count: int) -> None:
        wait_until(
            lambda: pool_filled(voila.log_text(base, tail=10**7)) >= count,
            f"Voilà's pool filled {count} time(s)",
            timeout=180,
        )

    prepared(1)
    first = chromium.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    first.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    first.goto(base)
    wait_for_widgets(first, ".tt-resolve", timeout_ms=60_000)
    # The first visit shows the bundled example, kept in the database when the page was prepared.
    expect(first.locator(".tt-year-label")).to_contain_text("1895", timeout=TIMEOUT)

    # The next page is prepared now, with the example as it stands: it opens on the games list.
    prepared(2)
    # Then the first page resolves the example's round: the prepared page did not see it.
    first.locator(".tt-resolve").click()
    expect(first.locator(".tt-year-label")).to_contain_text("1900", timeout=TIMEOUT)
    first.locator(".tt-show-games").click()
    steps = first.locator(".tt-game-row .tt-game-steps").first
    expect(steps).to_be_visible(timeout=TIMEOUT)
    resolved_steps = steps.inner_text()

    second = chromium.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    second.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    second.goto(base)
    wait_for_widgets(second, ".tt-games-list .tt-game-open", timeout_ms=60_000)
    # Its list reads the database again when its visitor comes: the round resolved is counted.
    expect(second.locator(".tt-game-row .tt-game-steps").first).to_have_text(
        resolved_steps, timeout=TIMEOUT
    )
    second.locator(".tt-game-row .tt-game-open").first.click()
    expect(second.locator(".tt-year-label")).to_contain_text("1900", timeout=TIMEOUT)
    # A resolution on the prepared page reaches the first page too.
    second.locator(".tt-resolve").click()
    expect(second.locator(".tt-year-label")).to_contain_text("1905", timeout=TIMEOUT)
    first.locator(".tt-game-row .tt-game-open").first.click()
    expect(first.locator(".tt-year-label")).to_contain_text("1905", timeout=TIMEOUT)
