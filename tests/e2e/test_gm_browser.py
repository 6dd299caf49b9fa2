"""The game master's tools in Chromium: a what-if change on the Africa page and its sentence,
then the page's projector link opening the reveal of that game (``reveal.ipynb?game=ID``).

Lean on purpose (one server for the notebooks folder, two pages): the widget-level tests in
tests/ui/africa1880/test_whatif.py and tests/ui/reveal/test_reveal_page.py cover the rest.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import expect

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.reveal.steps import round_steps

TIMEOUT = 30_000


def main_tab(page, title: str):
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def test_what_if_sentence_and_the_projector_link(
    voila, page, wait_for_widgets, screenshot_path
) -> None:
    base = voila.folder()
    page.goto(urljoin(base, "voila/render/africa1880.ipynb"), timeout=120_000)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=90_000)
    # What if Germany had allied with France? One click in the what-if's own grid.
    main_tab(page, "What if").click()
    sentences = page.locator(".tt-whatif-sentences")
    expect(sentences).to_contain_text("give the same round", timeout=TIMEOUT)
    page.locator(".tt-whatif-grid .tt-rel-germany-france").click()
    expect(sentences).to_contain_text(
        "If Germany had allied with France, Germany would lose its presence in Chad",
        timeout=TIMEOUT,
    )
    expect(page.locator(".tt-whatif-map canvas.tt-map").first).to_be_visible()
    sentences.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_path("gm-whatif.png")))
    # The real sheets are untouched: Germany still declares war on France there.
    main_tab(page, "Order sheets").click()
    real = page.locator(".tt-diplomacy .tt-rel-germany-france").first  # the orders tab's grid
    expect(real).to_have_class(re.compile(r"\btt-rel-war\b"), timeout=TIMEOUT)
    # The projector link of the game tab opens the reveal of this game's last round.
    main_tab(page, "Game").click()
    link = page.locator("a.tt-projector-link")
    expect(link).to_be_visible(timeout=TIMEOUT)
    href = link.get_attribute("href")
    assert href is not None and href.startswith("reveal.ipynb?game=")
    page.goto(urljoin(page.url, href), timeout=120_000)
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    steps = round_steps(example_game())
    expect(page.locator(".tt-reveal-title")).to_have_text(steps[0].title, timeout=TIMEOUT)
    expect(page.locator(".tt-reveal-count")).to_contain_text(f"of {len(steps)}")
