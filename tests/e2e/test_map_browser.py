"""The Africa map in a real browser at laptop and phone width: it is drawn, a click (laptop) or
a tap on a touch screen (phone) on a West African territory names it in the details line; the
mouse wheel (laptop) and a swipe (phone) over the map scroll the page; on the phone the zoom
shows names at 11 px or more on screen and taps still find their territory; screenshots are
saved (``map-laptop.png``, ``map-phone.png``, ``map-phone-zoomed.png``).

Voila's page scrolls inside a panel, not the window: "the page scrolled" is measured on the
nearest scrolling ancestor of the map (the window if there is none)."""

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


# How far the page holding the map is scrolled: its nearest scrolling ancestor's scrollTop.
PAGE_SCROLL = """() => {
  let e = document.querySelector('.tt-map-view');
  while (e && !(e.scrollHeight > e.clientHeight + 1
                && /(auto|scroll)/.test(getComputedStyle(e).overflowY))) e = e.parentElement;
  return e ? e.scrollTop : window.scrollY;
}"""

# Scroll the zoom box so canvas pixel (x, y) is in its middle, the box into view; the point's
# place on the screen.
CENTRE_ON = """([x, y]) => {
  const c = document.querySelector('canvas.tt-map'), box = c.closest('.tt-map-box');
  let r = c.getBoundingClientRect();
  box.scrollLeft = (x / c.width) * r.width - box.clientWidth / 2;
  box.scrollTop = (y / c.height) * r.height - box.clientHeight / 2;
  box.scrollIntoView({block: 'nearest'});
  r = c.getBoundingClientRect();
  return [r.left + (x / c.width) * r.width, r.top + (y / c.height) * r.height];
}"""


# One frame of the browser drawn: the pace of a gesture's steps, as a finger's events come.
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => done(true)))"


def scrolled_past(page, before: float) -> None:
    """Wait until the page holding the map is scrolled further than ``before``."""
    page.wait_for_function(f"(before) => ({PAGE_SCROLL})() > before", arg=before, timeout=TIMEOUT)


def anchor(name: str) -> tuple[float, float]:
    """The centre of ``name``'s label in canvas pixels (the layout does not depend on the game)."""
    from tabletop.games.africa1880.board_files import load_board
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.games.africa1880.geometry import load_geometry
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
    page.wait_for_function(f"(c) => ({LAND_SHARE})([c]) > 0.1", arg=list(LAND), timeout=TIMEOUT)
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
    # The wheel over the map scrolls the page (ipycanvas alone would cancel it).
    before = page.evaluate(PAGE_SCROLL)
    page.mouse.wheel(0, 240)
    scrolled_past(page, before)
    assert page.evaluate(PAGE_SCROLL) > before, "the wheel over the map did not scroll the page"
    page.set_viewport_size({"width": 1366, "height": 1200})  # the whole map in the picture
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


def swipe_up(page, x: float, y: float, distance: float = 200) -> None:
    """A finger moving up the screen from (x, y), as the browser gets it from a touch screen."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        point = {"x": x, "y": y - distance * k / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.evaluate(NEXT_FRAME)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_map_at_phone_width_tap_swipe_and_zoom(
    voila, phone, wait_for_widgets, screenshot_path, point_on_canvas
) -> None:
    from tabletop.ui.africa1880.map.placement import MIN_FONT_PX

    canvas = show_map(phone, voila("africa1880"), wait_for_widgets)
    box = canvas.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, box  # the whole map is on screen
    print(f"phone: map shown at {box['width']:.0f} px wide")
    details = phone.locator(".tt-map-details")
    for name in ("Ivory Coast", "Togo"):
        point_on_canvas(canvas, *anchor(name), tap=True)
        expect(details).to_contain_text(name, timeout=TIMEOUT)
    phone.locator(".tt-map-view").screenshot(path=str(screenshot_path("map-phone.png")))
    # A swipe over the map scrolls the page (ipycanvas alone cancels every touch).
    box = canvas.bounding_box()
    before = phone.evaluate(PAGE_SCROLL)
    swipe_up(phone, box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, 700))
    scrolled_past(phone, before + 50)
    after = phone.evaluate(PAGE_SCROLL)
    assert after > before + 50, f"a swipe over the map scrolled the page from {before} to {after}"
    # Zoomed in, the canvas is shown 1:1 or larger: names at 11 px or more on the screen.
    phone.locator(".tt-map-zoom-in").tap()
    expect(phone.locator(".tt-map-zoom-level")).to_have_text("100\u00a0%", timeout=TIMEOUT)
    expect(phone.locator(".tt-map-box.tt-map-zoomed")).to_be_visible(timeout=TIMEOUT)
    shown_scale = (
        "() => { const c = document.querySelector('canvas.tt-map');"
        " return c.getBoundingClientRect().width / c.width; }"
    )
    phone.wait_for_function(f"() => ({shown_scale})() >= 0.99", timeout=TIMEOUT)
    scale = phone.evaluate(shown_scale)
    print(f"phone zoomed: scale {scale:.2f}, smallest name {MIN_FONT_PX * scale:.1f} px")
    assert MIN_FONT_PX * scale >= 11 - 0.1, scale
    frame = phone.locator(".tt-map-box").bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 390 + 1, frame  # the box fits
    # Taps on the zoomed map (the box scrolled to each name) still find their territory.
    for name in ("Gold Coast", "Dahomey", "Liberia"):
        x, y = phone.evaluate(CENTRE_ON, list(anchor(name)))
        phone.touchscreen.tap(x, y)
        expect(details).to_contain_text(name, timeout=TIMEOUT)
    # Two fingers moving apart zoom in further (as the + button does).
    frame = phone.locator(".tt-map-box").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    cdp = phone.context.new_cdp_session(phone)

    def fingers(d: float) -> list[dict[str, float]]:
        return [{"x": cx - d / 2, "y": cy, "id": 0}, {"x": cx + d / 2, "y": cy, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(60)})
    for k in range(1, 9):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(60 + 20 * k)}
        )
        phone.evaluate(NEXT_FRAME)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(phone.locator(".tt-map-zoom-level")).to_have_text("150\u00a0%", timeout=TIMEOUT)
    phone.locator(".tt-map-zoom-out").tap()
    expect(phone.locator(".tt-map-zoom-level")).to_have_text("100\u00a0%", timeout=TIMEOUT)
    x, y = phone.evaluate(CENTRE_ON, list(anchor("Gold Coast")))
    phone.touchscreen.tap(x, y)
    expect(details).to_contain_text("Gold Coast", timeout=TIMEOUT)
    phone.evaluate(NEXT_FRAME)  # the tap's highlight drawn before the picture
    phone.locator(".tt-map-view").screenshot(path=str(screenshot_path("map-phone-zoomed.png")))
