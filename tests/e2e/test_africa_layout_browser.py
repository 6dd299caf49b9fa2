"""The Africa 1880 page at a laptop's, a tablet's and a phone's size, measured in Chromium.

At 1366×768, 1024×768 and 390×844 (in English, then every tab in French) the page is measured
with the elements' boxes: nothing is wider than the window, every main tab and every sheet tab
is fully inside it, no button or tab label is cut, the upload buttons show no "(0)", the
diplomacy grid and the report's tables scroll inside their own box (the grid keeps its row of
power names in view), and clicking a territory neither widens the page nor moves the map; on
the laptop the map stays beside the report. A screenshot of the resolution tab is saved per
size (docs/screenshots/africa-<size>.png when TABLETOP_SCREENSHOTS=docs/screenshots).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from harness import settled_box
from playwright.sync_api import expect

TIMEOUT = 30_000
SIZES = {"laptop": (1366, 768), "tablet": (1024, 768), "phone": (390, 844)}
MAIN_TABS = ("Order sheets", "Resolution", "Rounds", "What if", "Game", "Diplomacy timer")
# Something each main tab shows once its content is there (some are built when first opened).
TAB_CONTENT = (
    ".tt-resolve",
    ".tt-group-by",
    ".tt-history",
    ".tt-whatif-reset",
    ".tt-start-game",
    ".tt-timer-digits",
)

# Every problem the page shows at the current size, as one line each (empty: none).
MEASURE = """(where) => {
  const problems = [];
  const width = window.innerWidth;
  const page = document.scrollingElement.scrollWidth;
  if (page > width) problems.push(`${where}: the page is ${page} px wide in ${width} px`);
  const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  const name = (el) => (el.innerText || el.getAttribute('title') || el.className).trim();
  for (const bar of document.querySelectorAll('.tt-app .lm-TabBar')) {
    if (!shown(bar)) continue;
    for (const tab of bar.querySelectorAll('.lm-TabBar-tab')) {
      const box = tab.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`${where}: tab "${name(tab)}" is at ${box.left}-${box.right} of ${width}`);
      const label = tab.querySelector('.lm-TabBar-tabLabel') || tab;
      if (label.scrollWidth > label.clientWidth + 1)
        problems.push(`${where}: tab label "${name(tab)}" is cut`);
    }
  }
  for (const button of document.querySelectorAll('.tt-app button')) {
    if (!shown(button)) continue;
    if (button.scrollWidth > button.clientWidth + 1)
      problems.push(`${where}: button "${name(button)}" is cut`
                    + ` (${button.scrollWidth} > ${button.clientWidth})`);
    const box = button.getBoundingClientRect();
    const scroller = button.closest('.tt-diplomacy');
    if (!scroller && box.right > width + 0.5)
      problems.push(`${where}: button "${name(button)}" ends at ${box.right} of ${width}`);
  }
  for (const upload of document.querySelectorAll('.tt-app .widget-upload')) {
    if (!shown(upload)) continue;
    const drawn = getComputedStyle(upload, '::after').content;
    const text = parseFloat(getComputedStyle(upload).fontSize) > 0 ? upload.innerText : drawn;
    if (/\\(\\d+\\)/.test(text)) problems.push(`${where}: upload button shows "${text}"`);
  }
  for (const box of document.querySelectorAll('.tt-app .tt-diplomacy, .tt-app .tt-report-box')) {
    if (!shown(box)) continue;
    const rect = box.getBoundingClientRect();
    if (rect.right > width + 0.5)
      problems.push(`${where}: ${box.className.split(' ').find(c => c.startsWith('tt-'))}`
                    + ` ends at ${rect.right} of ${width}`);
  }
  return problems;
}"""

GRID_HEADS = """() => {
  // Scrolled to its far right, the grid still shows each row's power (sticky first column).
  const grid = document.querySelector('.tt-app .tt-diplomacy');
  grid.scrollLeft = grid.scrollWidth;
  const left = grid.getBoundingClientRect().left;
  const heads = [...grid.querySelectorAll('.tt-grid-rowhead')];
  return {heads: heads.length, hidden: heads.filter(h => h.getBoundingClientRect().left < left - 1)
    .map(h => h.innerText), scrolls: grid.scrollWidth > grid.clientWidth};
}"""


def open_tab(page: Any, index: int) -> None:
    """Open main tab ``index`` and wait until its content is shown and the tabs stand still."""
    page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab").nth(index).click()
    page.locator(f"{TAB_CONTENT[index]}:visible").first.wait_for(state="visible", timeout=TIMEOUT)
    settled_box(page.locator(".tt-main-tabs"))


def main_tab(page: Any, title: str) -> Any:
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def box(page: Any, selector: str, origin: str = ".tt-app") -> dict[str, float]:
    """The element's box from ``origin``'s top left corner (a click may scroll the window)."""
    found = page.locator(selector).first.bounding_box()
    root = page.locator(origin).first.bounding_box()
    assert found is not None and root is not None, f"{selector} is not shown"
    return {**found, "x": found["x"] - root["x"], "y": found["y"] - root["y"]}


@pytest.mark.browser
def test_every_size_shows_the_whole_page(voila, page, wait_for_widgets, screenshot_path) -> None:
    page.goto(voila("africa1880"), timeout=120_000)  # Voila runs the notebook first
    wait_for_widgets(page, ".tt-resolve", timeout_ms=90_000)
    problems: list[str] = []
    resolved = False
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settled_box(page.locator(".tt-main-tabs"))
        for index, title in enumerate(MAIN_TABS):
            open_tab(page, index)
            problems += page.evaluate(MEASURE, f"{size}, {title}")
        main_tab(page, "Order sheets").click()
        sheet_tabs = page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab")
        sheet_tabs.last.click()  # the fourth power's sheet opens (it is on screen)
        expect(page.locator(".tt-sheet-tabs > .lm-TabBar .lm-mod-current")).to_have_count(1)
        grid = page.evaluate(GRID_HEADS)
        assert grid["heads"] >= 4, grid
        if grid["hidden"]:
            problems.append(f"{size}: grid row names out of view when scrolled: {grid['hidden']}")
        if not resolved:
            page.locator(".tt-resolve").click()
            expect(page.locator(".tt-report-box")).to_contain_text("what to do", timeout=TIMEOUT)
            expect(page.locator(".tt-message")).to_contain_text("resolved", timeout=TIMEOUT)
            resolved = True
        main_tab(page, "Resolution").click()
        page.locator("canvas.tt-map:visible").wait_for(state="visible", timeout=TIMEOUT)
        settled_box(page.locator("canvas.tt-map:visible"))
        problems += page.evaluate(MEASURE, f"{size}, resolution")
        report = box(page, ".tt-report-box:visible", ".tt-result:visible")
        canvas = box(page, "canvas.tt-map:visible", ".tt-result:visible")
        if size == "laptop" and canvas["x"] < report["x"] + report["width"] - 1:
            problems.append(f"{size}: the map is not beside the report: {canvas} {report}")
        page.screenshot(path=str(screenshot_path(f"africa-{size}.png")))
        # A click on a territory shows its details in place: same page width, same map place.
        at = {"x": canvas["width"] * 0.55, "y": canvas["height"] * 0.5}  # central Africa
        page.locator("canvas.tt-map:visible").click(position=at)
        expect(page.locator(".tt-map-details:visible")).to_contain_text(
            re.compile(r"(coastal|inland)"), timeout=TIMEOUT
        )
        # The map must not move: it stands still for half a second of frames before measuring.
        settled_box(page.locator("canvas.tt-map:visible"), frames=30)
        after = box(page, "canvas.tt-map:visible", ".tt-result:visible")
        if abs(after["y"] - canvas["y"]) > 1 or abs(after["x"] - canvas["x"]) > 1:
            problems.append(f"{size}: the map moved after a click: {canvas} -> {after}")
        problems += page.evaluate(MEASURE, f"{size}, after a click on the map")
        # A past round viewed: its "back" button is whole too.
        main_tab(page, "Rounds").click()
        page.locator(".tt-view-round").click()
        page.locator(".tt-view-current").wait_for(state="visible", timeout=TIMEOUT)
        problems += page.evaluate(MEASURE, f"{size}, a past round")
        page.locator(".tt-view-current").click()
    # French labels are longer: every tab again, at every size.
    page.locator(".tt-lang button", has_text="Français").click()
    expect(main_tab(page, "Fiches d")).to_have_count(1, timeout=TIMEOUT)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for index in range(len(MAIN_TABS)):
            open_tab(page, index)
            problems += page.evaluate(MEASURE, f"{size}, French, tab {index + 1}")
    assert not problems, "\n".join(problems)
