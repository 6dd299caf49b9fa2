"""The Africa map in a real browser at laptop and phone width: it is drawn, a click (laptop) or
a tap on a touch screen (phone) on a West African territory names it in the details line, and
screenshots of both are saved (``map-laptop.png``, ``map-phone.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

TIMEOUT = 30_000
CHROMIUM = Path("/usr/bin/chromium")  # Debian's browser, as in conftest.py; never downloaded
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
LAND = (0xF3, 0xE9, 0xCF)

LAND_SHARE = """([c]) => {
  const canvas = document.querySelector('canvas.tt-map');
  if (!canvas || !canvas.width) return 0;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === c[0] && data[i + 1] === c[1] && data[i + 2] === c[2]) n++;
  }
  return n / (data.length / 4);
}"""


def anchor(name: str) -> tuple[float, float]:
    """The centre of ``name``'s label in canvas pixels (the layout does not depend on the game)."""
    from tabletop.games.africa1880.board import load_board, load_geometry
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.ui.africa1880.map import build_map_model

    board = load_board()
    model = build_map_model(board, load_geometry(board), example_game().state)
    return model.territories[name].anchor


def show_map(page, base_url: str, wait_for_widgets) -> object:
    """Open the page, go to the resolution tab and wait until the map is drawn."""
    # Voila answers once the notebook has run: on a busy machine that takes a while.
    page.goto(base_url, timeout=120_000)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=90_000)
    page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text="Resolution").click()
    canvas = page.locator("canvas.tt-map")
    canvas.scroll_into_view_if_needed(timeout=TIMEOUT)
    canvas.wait_for(state="visible", timeout=TIMEOUT)
    for _ in range(100):
        if page.evaluate(LAND_SHARE, [LAND]) > 0.1:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(LAND_SHARE, [LAND]) > 0.1, "the map was not drawn"
    return canvas


def test_map_at_laptop_width_click_names_the_territory(
    voila, page, wait_for_widgets, screenshot_path, point_on_canvas
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    canvas = show_map(page, voila("africa1880"), wait_for_widgets)
    box = canvas.bounding_box()
    shown = box["width"] / page.evaluate("() => document.querySelector('canvas.tt-map').width")
    print(f"laptop: map shown at {box['width']:.0f} px wide (scale {shown:.2f})")
    # Shown 1:1, names are at their drawn size of 11 px or more (the layout's minimum).
    assert shown >= 0.99, f"the map is shown at {shown:.2f} of its size: names under 11 px"
    for name in ("Ivory Coast", "Gold Coast", "Dahomey"):
        point_on_canvas(canvas, *anchor(name))
        expect(page.locator(".tt-map-details")).to_contain_text(name, timeout=TIMEOUT)
    page.set_viewport_size({"width": 1366, "height": 1100})  # the whole map in the picture
    canvas.screenshot(path=str(screenshot_path("map-laptop.png")))


@pytest.fixture
def phone() -> Iterator[object]:
    """A phone-sized page with a touch screen (390 x 844 CSS px)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
            )
            yield context.new_page()
        finally:
            browser.close()


def test_map_at_phone_width_tap_names_the_territory(
    voila, phone, wait_for_widgets, screenshot_path, point_on_canvas
) -> None:
    canvas = show_map(phone, voila("africa1880"), wait_for_widgets)
    box = canvas.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, box  # the whole map is on screen
    print(f"phone: map shown at {box['width']:.0f} px wide")
    for name in ("Ivory Coast", "Togo", "Gold Coast"):
        point_on_canvas(canvas, *anchor(name), tap=True)
        expect(phone.locator(".tt-map-details")).to_contain_text(name, timeout=TIMEOUT)
    phone.locator(".tt-map-view").screenshot(path=str(screenshot_path("map-phone.png")))
