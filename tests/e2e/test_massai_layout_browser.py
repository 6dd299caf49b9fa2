"""The Massai page at a shared screen, in a real browser at three sizes and two languages.

- A phone (390 × 844, a touch screen): both secret setups chosen by finger taps on the board
  (``page.touchscreen.tap``: the canvas gets touch events only), the look-away button greyed
  for a moment after a confirm, nothing wider than the screen, no button text cut.
- A tablet (1024 × 768) and a laptop (1366 × 768): the same checks, the board and the buttons
  under it in sight without scrolling, the result of an attack in the headline at the top, and
  the history scrolled to its newest action.

Screenshots ``massai-laptop.png`` and ``massai-phone.png`` go to TABLETOP_SCREENSHOTS (conftest;
``docs/screenshots`` to refresh the pictures of the docs).
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import settled_box
from playwright.sync_api import expect

from tabletop.ui.massai.squares import Geometry

GEOMETRY = Geometry(columns=8, rows=6)
TIMEOUT_MS = 30_000
SIZES = {"phone": (390, 844), "tablet": (1024, 768), "laptop": (1366, 768)}
SETUP_ONE = ["c1", "d1", "e1", "d2", "e2"]
SETUP_TWO = ["c6", "d6", "e6", "d5", "e5"]

pytestmark = pytest.mark.browser

#: Everything of the page wider than the screen (but what scrolls inside its own box: the board
#: on a phone, whose squares keep a finger's size), and every button whose text does not fit.
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  const scrolled = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if ((x === 'auto' || x === 'scroll') && up.scrollWidth > up.clientWidth + 1) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('.tt-massai-app *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || scrolled(el)) continue;
    if (box.right > width + 1 || box.left < -1) {
      wide.push(`${el.tagName}.${el.className} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  const cut = [];
  for (const el of document.querySelectorAll(
      '.tt-massai-app .widget-button, .tt-massai-app .widget-toggle-button')) {
    if (el.offsetParent === null) continue;  // not shown
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      cut.push(`${el.textContent.trim()} ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8), cut};
}"""


class Board:
    """The Massai page of one browser context, used by mouse or by finger."""

    def __init__(self, page: Any, touch: bool) -> None:
        self.page = page
        self.touch = touch
        self.prompt = page.locator(".tt-massai-prompt")
        self.message = page.locator(".tt-massai-message")
        self.canvas = page.locator("canvas.tt-massai-board")

    def press(self, name: str) -> None:
        button = self.page.locator(f".tt-massai-{name}")
        expect(button).to_be_visible(timeout=TIMEOUT_MS)
        expect(button).to_be_enabled(timeout=TIMEOUT_MS)
        if self.touch:
            button.tap()
        else:
            button.click()

    def square(self, square: str) -> None:
        # The texts above the board change height between steps: measure once it stands still.
        box = settled_box(self.canvas)
        x, y = GEOMETRY.center(square)
        scale = box["width"] / GEOMETRY.width
        at = (box["x"] + x * scale, box["y"] + y * scale)
        if self.touch:
            self.page.touchscreen.tap(*at)
        else:
            self.page.mouse.click(*at)

    def setup(self, squares: list[str]) -> None:
        self.press("start")
        for count, square in enumerate(squares, start=1):
            self.square(square)
            expect(self.prompt).to_contain_text(f"{count}/5", timeout=TIMEOUT_MS)
        self.press("confirm")

    def fits(self, where: str) -> None:
        found = self.page.evaluate(OVERFLOW_JS)
        assert found["scroll"] <= found["width"], (where, found)
        assert not found["wide"], (where, found)
        assert not found["cut"], (where, found)

    def in_view(self, selector: str) -> bool:
        """Whether the bottom of ``selector`` is on the screen without scrolling."""
        return bool(
            self.page.evaluate(
                "(s) => { const b = document.querySelector(s).getBoundingClientRect();"
                " return b.bottom <= window.innerHeight && b.top >= 0; }",
                selector,
            )
        )


def open_page(chromium: Any, url: str, size: str, touch: bool = False) -> Board:
    width, height = SIZES[size]
    context = chromium.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    page.goto(url)
    page.locator(".tt-massai-start, .tt-game-open").first.wait_for(state="visible", timeout=90_000)
    if page.locator(".tt-game-open").count():
        page.locator(".tt-game-new").first.click()
    expect(page.locator(".tt-massai-start")).to_be_visible(timeout=TIMEOUT_MS)
    return Board(page, touch)


def test_a_phone_chooses_both_setups_by_taps(voila, chromium, screenshot_path) -> None:
    url = voila("massai")
    ui = open_page(chromium, url, "phone", touch=True)
    ui.fits("phone, first screen")
    # Watch the look-away button: is it ever shown and pressable too soon, is it greyed?
    ui.page.evaluate(
        """() => { window.ttSeen = []; setInterval(() => {
          const b = document.querySelector('.tt-massai-start');
          const shown = b && getComputedStyle(b).display !== 'none';
          window.ttSeen.push([performance.now(), shown, shown && b.disabled]); }, 25); }"""
    )
    ui.setup(SETUP_ONE)
    # The look-away screen's button comes back greyed for a moment (a double tap on Confirm
    # cannot press it), then works.
    start = ui.page.locator(".tt-massai-start")
    expect(ui.prompt).to_contain_text("Player 2 (dark): choose", timeout=TIMEOUT_MS)
    expect(start).to_be_enabled(timeout=TIMEOUT_MS)
    seen = ui.page.evaluate("() => window.ttSeen")
    # From the moment it came back after the confirm: greyed first, for most of a second.
    back = next(i for i in range(1, len(seen)) if seen[i][1] and not seen[i - 1][1])
    greyed = [t for t, shown, disabled in seen[back:] if shown and disabled]
    assert seen[back][2], "the look-away button came back pressable at once"
    assert greyed and greyed[-1] - greyed[0] > 500, greyed
    ui.setup(SETUP_TWO)
    expect(ui.prompt).to_contain_text("Both setups are revealed", timeout=TIMEOUT_MS)
    expect(ui.page.locator(".tt-massai-continue")).to_be_visible(timeout=TIMEOUT_MS)
    expect(ui.page.locator(".tt-massai-confirm")).to_be_hidden(timeout=TIMEOUT_MS)
    ui.fits("phone, setups revealed")
    ui.page.screenshot(path=str(screenshot_path("massai-phone.png")))
    ui.press("continue")
    expect(ui.prompt).to_contain_text("click an empty square", timeout=TIMEOUT_MS)
    ui.square("d3")
    expect(ui.message).to_contain_text("builds a hut on d3", timeout=TIMEOUT_MS)
    # German words are the longest: still nothing cut, nothing wider than the phone.
    ui.page.locator(".tt-massai-lang button", has_text="Deutsch").tap()
    expect(ui.prompt).to_contain_text("Spieler 2", timeout=TIMEOUT_MS)
    ui.fits("phone, German")


@pytest.mark.parametrize("size", ["tablet", "laptop"])
def test_tablet_and_laptop_keep_the_board_and_the_result_in_sight(
    voila, chromium, screenshot_path, size: str
) -> None:
    url = voila("massai")
    ui = open_page(chromium, url, size)
    ui.fits(f"{size}, first screen")
    ui.setup(SETUP_ONE)
    ui.setup(SETUP_TWO)
    expect(ui.prompt).to_contain_text("Both setups are revealed", timeout=TIMEOUT_MS)
    ui.press("continue")
    expect(ui.prompt).to_contain_text("click an empty square", timeout=TIMEOUT_MS)
    for square in ("d3", "d4", "e3", "c4", "b2", "b5", "f2", "f5", "g2", "g5", "a2", "a5"):
        ui.square(square)
        expect(ui.message).to_contain_text(f"builds a hut on {square}", timeout=TIMEOUT_MS)
    # The board and the buttons under it fit on the screen with the headline above them.
    assert ui.in_view("canvas.tt-massai-board") and ui.in_view(".tt-massai-buttons")
    # A guarded attack: its result is the headline, at the top of the page.
    ui.press("attack")
    expect(ui.prompt).to_contain_text("please look away", timeout=TIMEOUT_MS)
    ui.press("start")
    expect(ui.prompt).to_contain_text("Target: —", timeout=TIMEOUT_MS)
    ui.square("d4")
    expect(ui.prompt).to_contain_text("Target: d4", timeout=TIMEOUT_MS)
    ui.press("confirm")
    expect(ui.prompt).to_contain_text("Choice locked ✓", timeout=TIMEOUT_MS)
    ui.press("start")
    expect(ui.prompt).to_contain_text("Guarded: 0/1", timeout=TIMEOUT_MS)
    ui.square("d4")
    expect(ui.prompt).to_contain_text("Guarded: 1/1", timeout=TIMEOUT_MS)
    ui.press("confirm")
    expect(ui.prompt).to_contain_text("d4 was guarded and stays", timeout=TIMEOUT_MS)
    assert ui.in_view(".tt-massai-prompt")
    # The history shows its newest action (the 15th) without scrolling it by hand.
    newest = ui.page.locator(".tt-massai-history li").last
    expect(newest).to_contain_text("attack d4 guards d4", timeout=TIMEOUT_MS)
    inside = ui.page.evaluate(
        "() => { const box = document.querySelector('.tt-massai-history');"
        " const items = box.querySelectorAll('li'); const last = items[items.length - 1];"
        " const b = box.getBoundingClientRect(), l = last.getBoundingClientRect();"
        " return [box.scrollHeight > box.clientHeight, l.top >= b.top - 1"
        " && l.bottom <= b.bottom + 1]; }"
    )
    assert inside == [True, True], inside
    ui.fits(f"{size}, after an attack")
    expect(ui.page.locator(".tt-massai-continue")).to_be_visible(timeout=TIMEOUT_MS)
    if size == "laptop":
        ui.page.screenshot(path=str(screenshot_path("massai-laptop.png")))
    ui.page.locator(".tt-massai-lang button", has_text="Français").click()
    expect(ui.prompt).to_contain_text("Joueur 1", timeout=TIMEOUT_MS)
    ui.fits(f"{size}, French")
