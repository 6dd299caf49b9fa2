"""The Africa 1880 dashboard in a real browser: Voila serving the notebook, Debian's Chromium.

One three-power round is played through the menus, the diplomacy grid and the text boxes; the
instructions and the map's pixels are checked; the round is undone and played again; the page is
reloaded and the game opened again from the games list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harness import sheet_kept, wait_until
from playwright.sync_api import expect

from tabletop.games.africa1880.palette import power_colour

REPO_ROOT = Path(__file__).resolve().parents[2]
# Voila runs the whole notebook before it answers: over 30 s on a busy machine.
NAVIGATION_TIMEOUT = 120_000
TIMEOUT = 30_000

# Colours the map uses (tabletop.ui.africa1880.map), as RGB.
SEA = (0xCF, 0xE3, 0xF2)
LAND = (0xF3, 0xE9, 0xCF)
NEW_RING = (0x00, 0xC8, 0x53)
FRANCE = tuple(int(power_colour("France")[i : i + 2], 16) for i in (1, 3, 5))

COUNT_PIXELS = """([colours]) => {
  const canvas = document.querySelector('canvas.tt-map');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const counts = colours.map(() => 0);
  for (let i = 0; i < data.length; i += 4) {
    for (let k = 0; k < colours.length; k++) {
      const c = colours[k];
      if (data[i] === c[0] && data[i + 1] === c[1] && data[i + 2] === c[2]) counts[k]++;
    }
  }
  return {counts: counts, total: data.length / 4};
}"""


def egypt_anchor() -> tuple[float, float]:
    """Where the map draws Egypt's label, in canvas pixels (same model the page draws)."""
    from tabletop.games.africa1880.board_files import load_board
    from tabletop.games.africa1880.gamefile import Game
    from tabletop.games.africa1880.geometry import load_geometry
    from tabletop.ui.africa1880.map import build_map_model

    board = load_board()
    model = build_map_model(
        board, load_geometry(board), Game.new(["France", "Germany", "Italy"]).state
    )
    return model.territories["Egypt"].anchor


def main_tab(page, title: str):
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def sheet_tab(page, title: str):
    return page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def year(page):
    return page.locator(".tt-year-label")


def start_three_power_game(page) -> None:
    main_tab(page, "Game").click()
    for power in ("belgium", "italy", "netherlands"):
        page.locator(f".tt-power-{power} input").uncheck()
    page.locator(".tt-start-game").click()
    expect(year(page)).to_contain_text("1880 — round 1 of 8", timeout=TIMEOUT)
    page.locator(".tt-row-france-algeria").wait_for(state="visible", timeout=TIMEOUT)


def write_orders(page) -> None:
    # France through the menus; the text box follows.
    page.locator(".tt-row-france-algeria .tt-kind select").select_option(label="develop")
    expect(page.locator(".tt-sheet-france textarea")).to_have_value(
        re.compile(r"Algeria: develop"), timeout=TIMEOUT
    )
    page.locator(".tt-sheet-france .tt-landing select").select_option(label="Morocco")
    expect(page.locator(".tt-sheet-france textarea")).to_have_value(
        re.compile(r"land: Morocco"), timeout=TIMEOUT
    )
    # Germany through the menus: explore from Dahomey to Togo.
    sheet_tab(page, "Germany").click()
    row = page.locator(".tt-row-germany-dahomey")
    row.locator(".tt-kind select").select_option(label="explore")
    row.locator(".tt-target select").select_option(label="Togo")
    expect(page.locator(".tt-sheet-germany textarea")).to_have_value(
        re.compile(r"Dahomey: explore Togo"), timeout=TIMEOUT
    )
    # Great Britain through the text box; the menus and the grid follow.
    sheet_tab(page, "Great Britain").click()
    page.locator(".tt-sheet-great-britain textarea").fill(
        "Egypt: explore Libya\nSudan: develop\nwar: France\n"
    )
    expect(page.locator(".tt-row-great-britain-egypt .tt-kind select")).to_have_value(
        re.compile("explore"), timeout=TIMEOUT
    )
    expect(page.locator(".tt-row-great-britain-egypt .tt-target select")).to_have_value(
        re.compile("Libya"), timeout=TIMEOUT
    )
    expect(page.locator(".tt-rel-great-britain-france")).to_contain_text("war", timeout=TIMEOUT)
    # The void order (no British presence in Sudan) is shown before resolving.
    expect(page.locator(".tt-sheet-great-britain .tt-checks")).to_contain_text(
        "Great Britain has no presence in Sudan", timeout=TIMEOUT
    )
    expect(page.locator(".tt-summary")).to_contain_text("1 void order", timeout=TIMEOUT)
    # Germany declares war on France through the grid; its sheet says so.
    page.locator(".tt-rel-germany-france").click()
    expect(page.locator(".tt-rel-germany-france")).to_contain_text("war", timeout=TIMEOUT)
    expect(page.locator(".tt-sheet-germany textarea")).to_have_value(
        re.compile(r"war: France"), timeout=TIMEOUT
    )


def resolve_and_check(page) -> None:
    page.locator(".tt-resolve").click()
    report = page.locator(".tt-report-box")
    expect(report).to_contain_text("Round 1880: what to do on the board", timeout=TIMEOUT)
    expect(report).to_contain_text("Place (3)")
    place = report.locator("tr.tt-place-row")
    expect(place).to_have_count(3)
    text = report.inner_text()
    assert "Libya" in text and "Togo" in text and "Morocco" in text
    assert "landing" in text and "exploration" in text
    assert "Development pins" in text and "1/4" in text.replace(" ", "")  # Algeria
    assert "Void orders (1)" in text and "Sudan" in text
    expect(year(page)).to_contain_text("1885 — round 2 of 8", timeout=TIMEOUT)


def map_pixels(page) -> tuple[list[int], int]:
    page.locator("canvas.tt-map").wait_for(state="visible", timeout=TIMEOUT)
    result = page.evaluate(COUNT_PIXELS, [[SEA, LAND, NEW_RING, FRANCE]])
    return result["counts"], result["total"]


@pytest.mark.browser
def test_play_a_round_undo_reload_and_continue(
    voila, page, wait_for_widgets, tmp_path, screenshot_path, point_on_canvas, jupyter_env
) -> None:
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    # A fresh visit opens the bundled example game in progress.
    expect(year(page)).to_contain_text("1895", timeout=TIMEOUT)

    start_three_power_game(page)
    write_orders(page)
    resolve_and_check(page)

    # The map drew: sea, land, the new presences ringed in green, French discs.
    page.locator("canvas.tt-map").wait_for(state="visible", timeout=TIMEOUT)
    page.wait_for_function(
        f"(colours) => ({COUNT_PIXELS})([colours]).counts[2] > 50",
        arg=[SEA, LAND, NEW_RING, FRANCE],
        timeout=TIMEOUT,
    )
    counts, total = map_pixels(page)
    assert counts[2] > 50, f"no highlight ring drawn: {counts} of {total} pixels"
    sea, land, ring, france = counts
    assert sea > total * 0.2 and land > total * 0.1 and france > 100, counts
    page.screenshot(path=str(screenshot_path("africa1880.png")))

    # Pointing at a territory shows its details (the canvas may be scaled down by the page).
    point_on_canvas(page.locator("canvas.tt-map"), *egypt_anchor())
    expect(page.locator(".tt-map-details")).to_contain_text("Egypt: coastal", timeout=TIMEOUT)

    # Undo, then play the round again from the restored sheets.
    main_tab(page, "Rounds").click()
    page.locator(".tt-undo").click()
    expect(year(page)).to_contain_text("1880 — round 1 of 8", timeout=TIMEOUT)
    main_tab(page, "Order sheets").click()
    sheet_tab(page, "Great Britain").click()
    expect(page.locator(".tt-sheet-great-britain textarea")).to_have_value(
        re.compile(r"Egypt: explore Libya"), timeout=TIMEOUT
    )
    resolve_and_check(page)

    # The diplomacy timer counts down in the page (a kernel thread updates the digits).
    main_tab(page, "Diplomacy timer").click()
    digits = page.locator(".tt-timer-digits")
    expect(digits).to_contain_text("08:00", timeout=TIMEOUT)
    page.locator(".tt-timer-start").click()
    expect(digits).to_contain_text(re.compile(r"07:5\d"), timeout=TIMEOUT)
    page.locator(".tt-timer-pause").click()
    page.locator(".tt-timer-reset").click()
    expect(digits).to_contain_text("08:00", timeout=TIMEOUT)

    # A sheet typed but not resolved yet survives the reload too.
    main_tab(page, "Order sheets").click()
    sheet_tab(page, "France").click()
    typed = "Algeria: develop\nwar: Germany\n"
    page.locator(".tt-sheet-france textarea").fill(typed)
    expect(page.locator(".tt-rel-france-germany")).to_contain_text("war", timeout=TIMEOUT)
    data_dir = jupyter_env["TABLETOP_DATA_DIR"]
    wait_until(sheet_kept(data_dir, "France", typed), "France's typed sheet in the database")

    # A reload starts a new kernel: the games list shows both games (the example and the new
    # one, changed last, first); the game is opened again.
    page.reload()
    wait_for_widgets(page, ".tt-games-list .tt-game-open", timeout_ms=60_000)
    expect(page.locator(".tt-game-row")).to_have_count(2, timeout=TIMEOUT)
    expect(page.locator(".tt-game-row").first).to_contain_text("Rounds 1")
    expect(page.locator(".tt-game-row").nth(1)).to_contain_text("Example game")
    page.locator(".tt-game-row").first.locator(".tt-game-open").click()
    expect(year(page)).to_contain_text("1885 — round 2 of 8", timeout=TIMEOUT)
    expect(page.locator(".tt-sheet-france textarea")).to_have_value(
        "Algeria: develop\nwar: Germany\n", timeout=TIMEOUT
    )
    main_tab(page, "Resolution").click()
    expect(page.locator(".tt-report-box")).to_contain_text("Round 1880", timeout=TIMEOUT)
    main_tab(page, "Rounds").click()
    expect(page.locator(".tt-history select option")).to_have_count(1, timeout=TIMEOUT)
    # The list of rounds and the upload buttons read as well as the rest of the page.
    font = "(sel) => getComputedStyle(document.querySelector(sel)).fontSize"
    assert page.evaluate(font, ".tt-history select") == "17px"
    # An upload button draws its name (the tooltip) instead of ipywidgets' "name (0)"; the
    # Game tab is built when first opened.
    main_tab(page, "Game").click()
    page.locator(".tt-load-game").wait_for(state="visible", timeout=TIMEOUT)
    drawn = "(sel) => getComputedStyle(document.querySelector(sel), '::after').fontSize"
    assert page.evaluate(drawn, ".tt-load-game") == "17px"
    # Save downloads the game file; a bad file opened is refused and the game kept.
    with page.expect_download() as download_info:
        page.locator(".tt-save-link").click()
    saved = json.loads(Path(download_info.value.path()).read_text())
    assert saved["format"] == "tabletop.africa1880.game"
    assert saved["state"]["round"] == 2 and len(saved["history"]) == 1
    bad = tmp_path / "not_a_game.json"
    bad.write_text('{"format": "something else"}')
    with page.expect_file_chooser() as chooser_info:
        page.locator(".tt-load-game").click()
    chooser_info.value.set_files(str(bad))
    expect(page.locator(".tt-message")).to_contain_text("refused", timeout=TIMEOUT)
    expect(year(page)).to_contain_text("1885 — round 2 of 8")

    log = voila.log_text(base_url)
    assert "Traceback" not in log, log


HOSTILE_SHEET = (
    "<b>x</b>: develop\n"
    "<script>window.hostile = 1</script>\n"
    "Congo: explore <img src=x onerror=window.hostile=2>\n"
    + "A" * 400
    + ": hold\n"
    + "Kamerun: "
    + "explore " * 80
    + "\n"
)

OUTSIDE = """([inner, outer]) => {
  // How many of the ``inner`` elements draw text past the right edge of ``outer``.
  const right = document.querySelector(outer).getBoundingClientRect().right;
  return [...document.querySelectorAll(inner)].filter((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().right > right + 1;
  }).length;
}"""


@pytest.mark.browser
def test_hostile_and_very_long_text_is_shown_escaped_and_whole(
    voila, page, wait_for_widgets
) -> None:
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    page.locator(".tt-sheet-belgium textarea").fill(HOSTILE_SHEET)
    checks = page.locator(".tt-sheet-belgium .tt-checks")
    expect(checks).to_contain_text("<b>x</b>", timeout=TIMEOUT)
    expect(checks).to_contain_text("AAAA", timeout=TIMEOUT)
    # Long lines wrap inside the checks instead of running out of sight.
    assert page.evaluate(OUTSIDE, [".tt-sheet-belgium .tt-checks li", ".tt-sheet-belgium"]) == 0
    assert page.evaluate(OUTSIDE, [".tt-summary li", ".tt-main-tabs"]) == 0
    page.locator(".tt-resolve").click()
    report = page.locator(".tt-report-box")
    expect(report).to_contain_text("Void orders", timeout=TIMEOUT)
    expect(report).to_contain_text("<script>window.hostile = 1</script>")
    # The page was scrolled down to the Resolve button; the report is shown from its top.
    heading = report.locator("h2").first
    page.wait_for_function(
        "(el) => { const r = el.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; }",
        arg=heading.element_handle(),
        timeout=TIMEOUT,
    )
    # Shown as text, never interpreted.
    assert report.locator("td b, td script, td img").count() == 0
    assert page.evaluate("() => window.hostile") is None
    # Every cell of the report, the reasons of void orders included, stays inside its column.
    assert page.evaluate(OUTSIDE, [".tt-report-box td", ".tt-report-box"]) == 0
    assert "Traceback" not in voila.log_text(base_url)


IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.top < innerHeight; }"""


@pytest.mark.browser
def test_teacher_view_is_brought_into_view_and_hidden_again(voila, page, wait_for_widgets) -> None:
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-teacher-toggle", timeout_ms=60_000)
    # Switched on from the header, above the long order sheets: the view opens below them.
    page.locator(".tt-teacher-toggle").click()
    hide = page.locator(".tt-teacher-hide")
    expect(hide).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(IN_VIEW, arg=hide.element_handle(), timeout=TIMEOUT)
    hide.click()
    expect(page.locator(".tt-teacher")).to_be_hidden(timeout=TIMEOUT)
    assert "Traceback" not in voila.log_text(base_url)


WIDER_THAN_VIEW = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && (r.right > document.documentElement.clientWidth + 1
    || el.scrollWidth > el.clientWidth + 1);
}).map((el) => el.className + ' ' + el.textContent).slice(0, 5)"""


@pytest.mark.browser
def test_tablet_width_in_french_cuts_nothing_off(voila, page, wait_for_widgets) -> None:
    page.set_viewport_size({"width": 820, "height": 1180})
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    page.locator(".tt-lang button", has_text="Français").click()
    expect(page.locator(".tt-year-label")).to_contain_text("tour 4 sur 8", timeout=TIMEOUT)
    expect(page.locator(".tt-rel-france-germany")).to_contain_text("guerre", timeout=TIMEOUT)
    # The header's buttons and every cell of the diplomacy grid are whole and on the screen.
    selectors = (
        ".tt-teacher-toggle, .tt-lang button, .tt-rel, .tt-resolve, .tt-row select,"
        " .tt-grid-head, .tt-diplomacy"
    )
    assert page.evaluate(WIDER_THAN_VIEW, selectors) == []
