"""axe-core on the pages in Chromium: no serious or critical violation, in English, French and
German (the checker is the npm registry's axe-core, injected by ``axe.py``).

The Massai page is checked at rest, during a secret entry and at a reveal; the reveal page and
the shared screen's first page in each language. A first test shows the checker finds what it
should (a picture without words, a button without a name), so a clean page means something.
"""

from __future__ import annotations

import re

import pytest
from axe import describe, serious_violations
from playwright.sync_api import expect

TIMEOUT = 30_000
LANGS = ("en", "fr", "de")
LANGUAGE_BUTTONS = {"en": "English", "fr": "Français", "de": "Deutsch"}

pytestmark = pytest.mark.browser


def assert_clean(page, where: str) -> None:
    found = serious_violations(page)
    assert not found, f"{where}: axe-core found\n{describe(found)}"


def test_the_checker_finds_a_nameless_button_and_a_picture_without_words(page) -> None:
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main>'
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>'
        "</main></body></html>"
    )
    found = {v["id"] for v in serious_violations(page)}
    assert {"image-alt", "button-name"} <= found


@pytest.fixture
def served(voila) -> str:
    """One server for every page (the notebooks folder)."""
    return voila.folder() + "voila/render/"


def choose(page, square: str) -> None:
    """Enter on ``square`` of the board's grid."""
    cell = page.locator(f".tt-massai-grid [data-square='{square}']")
    cell.focus()
    page.keyboard.press("Enter")


def setup(page, squares: list[str]) -> None:
    start = page.locator(".tt-massai-start")
    expect(start).to_be_enabled(timeout=TIMEOUT)
    start.click()
    for count, square in enumerate(squares, start=1):
        choose(page, square)
        expect(page.locator(".tt-massai-prompt")).to_contain_text(f"{count}/5", timeout=TIMEOUT)
    page.locator(".tt-massai-confirm").click()


def test_the_massai_page_at_rest_in_an_entry_and_at_a_reveal(served, page) -> None:
    page.goto(served + "massai.ipynb", timeout=120_000)
    expect(page.locator(".tt-massai-start")).to_be_visible(timeout=90_000)
    expect(page.locator(".tt-massai-grid [role='gridcell']")).to_have_count(48, timeout=TIMEOUT)
    prompt = page.locator(".tt-massai-prompt")
    for lang in ("fr", "de", "en"):
        page.locator(".tt-massai-lang button", has_text=LANGUAGE_BUTTONS[lang]).click()
        expect(prompt).not_to_have_text("", timeout=TIMEOUT)
        page.wait_for_function(
            "(word) => document.querySelector('.tt-massai-grid [data-square=\"a5\"]')"
            ".textContent.length > 0 && document.querySelector('.tt-massai-lang')"
            ".textContent.includes(word)",
            arg=LANGUAGE_BUTTONS[lang],
            timeout=TIMEOUT,
        )
        assert_clean(page, f"Massai page at rest ({lang})")
    setup(page, ["c1", "d1", "e1", "d2", "e2"])
    page.locator(".tt-massai-start").click()
    expect(prompt).to_contain_text("0/5", timeout=TIMEOUT)
    choose(page, "c6")
    expect(prompt).to_contain_text("1/5", timeout=TIMEOUT)
    assert_clean(page, "Massai page during a secret setup")
    for count, square in enumerate(["d6", "e6", "d5", "e5"], start=2):
        choose(page, square)
        expect(prompt).to_contain_text(f"{count}/5", timeout=TIMEOUT)
    page.locator(".tt-massai-confirm").click()
    expect(prompt).to_contain_text("Both setups are revealed", timeout=TIMEOUT)
    assert_clean(page, "Massai page at the setups' reveal")


def test_the_reveal_page_and_the_shared_screens_first_page(served, page) -> None:
    # One server for both pages and the three languages (a Voila server takes a while to start).
    for lang in LANGS:
        page.goto(served + f"reveal.ipynb?lang={lang}", timeout=120_000)
        expect(page.locator(".tt-reveal-next").first).to_be_visible(timeout=90_000)
        expect(page.locator(".tt-read-aloud-switch")).to_be_visible(timeout=TIMEOUT)
        assert_clean(page, f"reveal page ({lang})")
    for lang in LANGS:
        page.goto(served + f"table.ipynb?lang={lang}", timeout=120_000)
        expect(page.locator(".tt-table-page .widget-button").first).to_be_visible(timeout=90_000)
        assert_clean(page, f"shared screen ({lang})")


def test_the_africa_dashboards_order_sheet(served, page) -> None:
    # The bundled game in progress opens on its order sheets: every menu has a name (the
    # presence it orders), a label kept off the screen for screen readers.
    page.goto(served + "africa1880.ipynb", timeout=120_000)
    expect(page.locator(".tt-row .tt-kind select").first).to_be_visible(timeout=90_000)
    label = page.locator(".tt-row .tt-kind .widget-label").first
    for lang, word in (("en", "order"), ("fr", "ordre"), ("de", "Befehl")):
        page.locator(".tt-lang button", has_text=LANGUAGE_BUTTONS[lang]).click()
        expect(label).to_have_text(re.compile(rf".+ ?: {word}$"), timeout=TIMEOUT)
        # Off the screen: the row looks as before (the territory's name shows it already).
        assert label.bounding_box()["width"] <= 1
        assert_clean(page, f"Africa dashboard's order sheet ({lang})")
