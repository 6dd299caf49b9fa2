"""The lesson notebook served by Voila and driven in Debian's Chromium (a browser test).

The fixtures (private Jupyter folders, the Voila server, Chromium, screenshots) come from this
folder's ``conftest.py``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

from harness import page_settled
from playwright.sync_api import expect

# Voila's page scrolls inside a container, not the document, so Playwright's full_page capture
# stops at the window. The whole lesson is captured by making the window as tall as the content.
CONTENT_HEIGHT_JS = "Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file, read from its header."""
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def screenshot_whole_page(page, path: Path) -> None:
    """Save the whole page, however tall, as one picture."""
    width = page.viewport_size["width"]
    height = int(page.evaluate(CONTENT_HEIGHT_JS))
    page.set_viewport_size({"width": width, "height": height + 40})
    page_settled(page)  # the widgets laid out in the taller window
    page.screenshot(path=str(path), full_page=True)


def test_lesson_renders_and_reacts_in_voila(
    voila, page, screenshot_path: Callable[[str], Path]
) -> None:
    base_url = voila("game_theory")
    page.goto(base_url, timeout=120_000)
    result = page.locator(".tt-lesson1-result")
    result.wait_for(state="visible", timeout=90_000)
    assert "Egypt (not full)" in result.inner_text()
    assert "weakly dominates" in result.inner_text()
    # Lesson 1: tick "fully developed" and the table changes.
    page.locator(".tt-lesson1-full input").check()
    page.wait_for_function(
        "document.querySelector('.tt-lesson1-result').innerText.includes('Egypt (full')",
        timeout=30_000,
    )
    # The page names the game it computed: with the game score and Egypt full, a chicken game.
    page.locator(".tt-lesson1-payoff select").select_option(index=1)
    page.wait_for_function(
        "document.querySelector('.tt-lesson1-result').innerText.includes('chicken game')",
        timeout=30_000,
    )
    assert "prisoner" not in result.inner_text()
    # Lesson 2 shows every presence of the position.
    presences = page.locator(".tt-lesson2-presences")
    assert "Belgium in Angola, Congo" in presences.inner_text()
    # Lesson 2: the equilibria of the first preset are listed.
    equilibria = page.locator(".tt-analysis-equilibria").first
    equilibria.wait_for(state="visible", timeout=30_000)
    assert "64" in equilibria.inner_text()
    page.locator(".tt-lesson2-preset select").select_option("Three powers in a full Congo")
    page.wait_for_function(
        "!document.querySelector('.tt-analysis-equilibria').innerText.includes('64 pure')",
        timeout=30_000,
    )
    # Show an equilibrium where two powers push Belgium out: the relation buttons follow.
    # (ipywidgets writes the menu's spaces as no-break spaces.)
    label = "equilibrium 2: France→Belgium; Germany→Belgium"
    page.wait_for_function(
        "label => Array.from(document.querySelectorAll('.tt-analysis-picker option'))"
        ".some(o => o.textContent.replace(/\\u00a0/g, ' ') === label)",
        arg=label,
        timeout=30_000,
    )
    page.locator(".tt-analysis-picker select").first.select_option(index=2)
    pressed = page.locator(".tt-lesson2-relation.mod-active")
    expect(pressed).to_have_count(2, timeout=30_000)
    assert sorted(pressed.all_inner_texts()) == ["France → Belgium", "Germany → Belgium"]
    expect(page.locator(".tt-analysis-equilibria").first).to_contain_text(
        "The declared relations form a Nash equilibrium", timeout=30_000
    )
    # Lesson 3: the mixed strategies and the value of the attack are shown.
    summary = page.locator(".tt-analysis-summary")
    summary.wait_for(state="visible", timeout=30_000)
    assert "Value for the attacker: 0.917" in summary.inner_text()
    assert "A 58%" in page.locator(".tt-analysis-board").inner_text()
    # Readable from the back of the room: the board's probabilities are at least 16px.
    size = page.locator(".tt-analysis-board td span").last.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 16, size
    matrix = page.locator(".tt-analysis-matrix").first.inner_text()
    assert "optimal mix" in matrix and "value 0.917" in matrix
    assert "c4 earns 0.917, the value: played" in summary.inner_text()
    page.locator(".tt-lesson3-guards select").select_option(
        "generous: one guard per attack point, at most 5"
    )
    page.wait_for_function(
        "document.querySelector('.tt-analysis-summary').innerText.includes('attacker: -2')",
        timeout=30_000,
    )
    # Both huts are optimal there: the page says so instead of showing one plan as the answer.
    assert "Several attack plans are optimal" in summary.inner_text()
    # Both teacher panels are drawn on the page.
    for panel in (".tt-massai-analysis", ".tt-africa-analysis"):
        locator = page.locator(panel).first
        locator.wait_for(state="visible", timeout=30_000)
        box = locator.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0, panel
    # The lesson's own text is as large as its tables (Voila's default was about 14px).
    text_size = page.locator(".jp-RenderedMarkdown p").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert text_size >= 17, text_size
    # Back to the default guard table: the picture shows a mixed strategy.
    page.locator(".tt-lesson3-guards select").select_option("default: min(4, points - 1)")
    page.wait_for_function(
        "document.querySelector('.tt-analysis-summary').innerText.includes('attacker: 0.917')",
        timeout=30_000,
    )
    # Menus are not clipped by their row (17px text made the select taller than its widget).
    for menu in (".tt-lesson1-payoff", ".tt-lesson3-guards", ".tt-analysis-evaluation"):
        clipped = page.locator(menu).first.evaluate(
            """e => {
                const select = e.querySelector('select').getBoundingClientRect();
                const row = e.parentElement.getBoundingClientRect();
                return select.bottom - row.bottom;
            }"""
        )
        assert clipped <= 0.5, (menu, clipped)
    # Colony weight's label is shown in full, not cut to "Colony".
    label = page.locator(".tt-lesson1-weight .widget-label").first
    assert label.inner_text().strip() == "Colony weight"
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth")
    # The screenshot holds the whole lesson, down to the Massai payoff table.
    path = screenshot_path("game_theory.png")
    screenshot_whole_page(page, path)
    bottom = page.locator(".tt-analysis-matrix").first.bounding_box()
    assert bottom is not None
    _, height = png_size(path)
    assert height >= bottom["y"] + bottom["height"], (height, bottom)


def test_lesson_in_french_from_the_page_address(voila, page) -> None:
    # ?lang=fr reaches the kernel: the widgets and the computed sentences are French.
    page.goto(voila("game_theory") + "?lang=fr", timeout=120_000)
    result = page.locator(".tt-lesson1-result")
    result.wait_for(state="visible", timeout=90_000)
    expect(page.locator(".tt-lesson1-full")).to_contain_text("Égypte entièrement développée")
    assert "domine" in result.inner_text()
    expect(page.locator(".tt-lesson2-relation").first).to_contain_text("Belgique → France")
    expect(page.locator(".tt-lesson3-guards")).to_contain_text("Gardes")
    summary = page.locator(".tt-analysis-summary")
    summary.wait_for(state="visible", timeout=30_000)
    assert "Value for the attacker" not in summary.inner_text()
