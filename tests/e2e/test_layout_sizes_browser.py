"""Every page at three phone widths (360, 390 and 430 px, touch) and at a laptop's 1366 × 768.

Pages: the Africa page (each main tab, a power's diplomacy grid), the Massai page, the game
theory lessons, an Africa and a Massai seat, the shared screen of an Africa and of a Massai
table (the timer shown), a student's phone in an open round, the teacher's screen after a round
and the reveal. Each is opened afresh at each size in Debian's Chromium, and one JS evaluation
(:data:`MEASURE`) lists what is cut:

- the whole page scrolls sideways (``document.documentElement.scrollWidth > innerWidth``);
- a visible control (button, input, select, textarea, canvas, ``[role=button]``, a tab) whose
  box reaches outside ``[0, viewport width]``, unless it sits inside an element that scrolls
  horizontally (``overflow-x`` auto or scroll, ``scrollWidth > clientWidth``) whose own box is
  inside the viewport: the user can scroll to it;
- a control on the screen with something else at its centre (the diplomacy grid's row names
  overflowed onto its first column);
- a visible control reaching past the sides of an ancestor that hides its overflow (the seat
  page's ``overflow-x: hidden`` cut its buttons at the right edge): nobody can reach that part.

The Massai boards are measured too: on the phones the squares of the Massai page's canvas and of
a Massai seat are at least 44 CSS pixels (a touch target), the seat shows its coordinates, and
at 360 px a finger's tap on the first and on the last column of the canvas (scrolled to) draws
the chosen hut on that square and not beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import settled_box
from playwright.sync_api import expect

from tabletop.ui.massai.squares import Geometry

TIMEOUT = 120_000  # a loaded machine: a page may take a while to start its kernel
#: Name -> (width, height, a touch phone).
SIZES = {
    "360": (360, 780, True),
    "390": (390, 844, True),
    "430": (430, 932, True),
    "1366x768": (1366, 768, False),
}
#: The least side of a square a finger taps (CSS pixels).
TOUCH_TARGET = 44

pytestmark = pytest.mark.timeout(900)

#: Every control cut or out of reach at the current size, one line each (empty: none).
MEASURE = """(where) => {
  const width = window.innerWidth;
  const problems = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) problems.push(`${where}: the page is ${page} px wide in ${width} px`);
  const scrolls = (el) => {
    const x = getComputedStyle(el).overflowX;
    return (x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  };
  const scroller = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
      if (scrolls(up)) return up;
    return null;
  };
  const shown = (el) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const name = (el) => {
    const text = (el.innerText || el.value || el.getAttribute('title') || '').trim();
    const tag = el.tagName.toLowerCase();
    const tt = [...el.classList].filter(c => c.startsWith('tt-')).join('.');
    return `${tag}${tt ? '.' + tt : ''}${text ? ' "' + text.slice(0, 30) + '"' : ''}`;
  };
  const outside = (box) => box.left < -0.5 || box.right > width + 0.5;
  // The box that hides part of the control: an ancestor (below the nearest scrolling box)
  // that clips its overflow while the control reaches past its sides.
  const clipper = (el) => {
    const box = el.getBoundingClientRect();
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) return null;
      const x = getComputedStyle(up).overflowX;
      if (x !== 'hidden' && x !== 'clip') continue;
      const room = up.getBoundingClientRect();
      if (box.left < room.left - 1 || box.right > room.right + 1) return up;
    }
    return null;
  };
  // Reachable: inside the viewport, or inside a scrolling box that is itself reachable.
  const reported = new Set();
  const reachable = (el) => {
    const box_of = scroller(el);
    if (!box_of) return !outside(el.getBoundingClientRect());
    if (reported.has(box_of)) return true;  // said once, for its first control
    if (reachable(box_of)) return true;
    const room = box_of.getBoundingClientRect();
    reported.add(box_of);
    problems.push(`${where}: the scrolling box of ${name(el)} is at`
                  + ` ${Math.round(room.left)}..${Math.round(room.right)} of ${width}`);
    return true;
  };
  const controls = 'button, input, select, textarea, canvas, [role=button], .lm-TabBar-tab';
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (!reachable(el))
      problems.push(`${where}: ${name(el)} is at ${Math.round(box.left)}..`
                    + `${Math.round(box.right)} of ${width}`);
    // Shown on the screen now: what is at its centre is the control itself (a sticky or
    // overflowing neighbour drawn over it would take the tap).
    const [cx, cy] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
    if (cx > 0 && cx < width && cy > 0 && cy < window.innerHeight) {
      const hit = document.elementFromPoint(cx, cy);
      if (hit && !el.contains(hit) && !hit.contains(el) && !hit.closest('label'))
        problems.push(`${where}: ${name(el)} is covered at its centre by ${name(hit)}`);
    }
    const cut = clipper(el);
    if (cut)
      problems.push(`${where}: ${name(el)} (${Math.round(box.left)}..${Math.round(box.right)})`
                    + ` is cut by ${name(cut)} (${Math.round(cut.getBoundingClientRect().left)}..`
                    + `${Math.round(cut.getBoundingClientRect().right)})`);
  }
  // Text wider than its box (the timer's digits at 180 px on a phone): cut where its box or an
  // ancestor hides the overflow, or running past the screen.
  for (const el of document.querySelectorAll('.widget-html-content, .widget-label')) {
    if (!shown(el) || el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
    // A label for screen readers only is clipped to 1 px on purpose (style.py, .tt-sr-label).
    if (el.parentElement && el.parentElement.classList.contains('tt-sr-label')) continue;
    if (scroller(el) || scrolls(el)) continue;
    const box = el.getBoundingClientRect();
    problems.push(`${where}: the text "${el.innerText.trim().slice(0, 30)}" is`
                  + ` ${el.scrollWidth} px wide in ${el.clientWidth} px`
                  + ` (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`);
  }
  return problems;
}"""


def open_at(chromium: Any, url: str, size: str, ready: str) -> Any:
    """A fresh browser context of ``size`` showing ``url`` once ``ready`` is visible."""
    width, height, touch = SIZES[size]
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if touch:
        options.update(has_touch=True, is_mobile=True, device_scale_factor=2)
    page = chromium.new_context(**options).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url, wait_until="commit")
    visible(page, ready).wait_for(state="visible", timeout=TIMEOUT)
    settled_box(page.locator("body"))
    return page


def visible(page: Any, selectors: str) -> Any:
    """The first shown element of ``selectors`` (a comma-separated list of CSS selectors)."""
    return page.locator(", ".join(f"{s.strip()}:visible" for s in selectors.split(","))).first


def measure(page: Any, where: str) -> list[str]:
    """What :data:`MEASURE` finds once the page stands still."""
    settled_box(page.locator("body"))
    found: list[str] = page.evaluate(MEASURE, where)
    return found


@pytest.fixture
def server(voila: Any) -> str:
    """Voilà on the whole notebooks folder (one server per test)."""
    return str(voila.folder())


@pytest.fixture
def store(jupyter_env: dict[str, str]) -> Any:
    """The database the pages of ``server`` use."""
    from tabletop.store import open_store

    opened = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    try:
        yield opened
    finally:
        opened.close()


def render(base: str, notebook: str, query: str = "") -> str:
    return f"{base}voila/render/{notebook}.ipynb" + (f"?{query}" if query else "")


def every_size(
    chromium: Any, url: str, ready: str, more: Callable[[Any, str], list[str]] | None = None
) -> list[str]:
    """The problems of ``url`` at every size (``more(page, size)`` adds what it finds)."""
    problems: list[str] = []
    for size in SIZES:
        page = open_at(chromium, url, size, ready)
        try:
            problems += measure(page, size)
            if more is not None:
                problems += more(page, size)
        finally:
            page.context.close()
    return problems


# Africa page: something each main tab shows once its content is there.
AFRICA_TABS = (
    ".tt-resolve",
    ".tt-group-by",
    ".tt-history",
    ".tt-whatif-reset",
    ".tt-start-game",
    ".tt-timer-digits",
)


def past_games_list(page: Any, size: str, game: str) -> list[str]:
    """A page showing its games list (a game saved by an earlier visit): measured, then its
    first game opened, once ``game`` shows."""
    problems: list[str] = []
    if "tt-games-new" in (visible(page, f"{game}, .tt-games-new").get_attribute("class") or ""):
        problems += measure(page, f"{size}, the games list")
        visible(page, ".tt-game-open").click()
        visible(page, game).wait_for(state="visible", timeout=TIMEOUT)
    return problems


def africa_tabs(page: Any, size: str) -> list[str]:
    """Each main tab of the Africa page, and the last power's sheet (its diplomacy grid)."""
    problems = past_games_list(page, size, ".tt-resolve")
    tabs = page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab")
    for index, shows in enumerate(AFRICA_TABS):
        tabs.nth(index).click()
        page.locator(f"{shows}:visible").first.wait_for(state="visible", timeout=TIMEOUT)
        problems += measure(page, f"{size}, tab {index + 1}")
    tabs.first.click()
    page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab").last.click()
    grid = visible(page, ".tt-diplomacy")
    grid.wait_for(state="visible", timeout=TIMEOUT)
    # Its cells on the screen (Voila's page scrolls inside itself): nothing drawn over them.
    grid.evaluate("g => g.scrollIntoView({block: 'center'})")
    problems += measure(page, f"{size}, the last power's sheet")
    return problems


def test_africa_page(server: str, chromium: Any) -> None:
    ready = ".tt-resolve, .tt-games-new"
    problems = every_size(chromium, render(server, "africa1880"), ready, africa_tabs)
    assert not problems, "\n".join(problems)


#: The blue of the canvas's pixel at (x, y), in the canvas's own pixels: a chosen setup square
#: shows a light hut (blue about 210) on the sand (142 or 168).
BLUE_AT = """([x, y]) => {
  const c = document.querySelector('canvas.tt-massai-board');
  return c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data[2];
}"""
HUT_BLUE = 195


def tap_square(page: Any, canvas: Any, geometry: Geometry, square: str) -> None:
    """Tap ``square`` with a finger, its centre first scrolled into the board box's view."""
    x, y = geometry.center(square)
    box = settled_box(canvas)
    scale = box["width"] / geometry.width
    page.evaluate(
        """(x) => { const c = document.querySelector('canvas.tt-massai-board');
          const room = c.closest('.tt-massai-board-box');
          const b = room.getBoundingClientRect(), cb = c.getBoundingClientRect();
          room.scrollLeft += cb.left + x - (b.left + b.width / 2); }""",
        x * scale,
    )
    box = settled_box(canvas)
    page.touchscreen.tap(box["x"] + x * scale, box["y"] + y * scale)


def massai_board(page: Any, size: str) -> list[str]:
    """The board's squares are big enough for a finger; at 360 px a tap on the first and on the
    last column (scrolled to) chooses that very square."""
    problems: list[str] = []
    canvas = page.locator("canvas.tt-massai-board")
    geometry = Geometry(columns=8, rows=6, **page_geometry(page))
    side = settled_box(canvas)["width"] * geometry.cell / geometry.width
    if SIZES[size][2] and side < TOUCH_TARGET:
        problems.append(f"{size}: the Massai board's squares are {side:.1f} px")
    if size != "360":
        return problems
    page.locator(".tt-massai-start").tap()
    for square, beside in (("a1", "b1"), ("h1", "g1")):
        tap_square(page, canvas, geometry, square)
        page.wait_for_function(
            f"([x, y]) => ({BLUE_AT})([x, y]) > {HUT_BLUE}", arg=list(geometry.center(square))
        )
        if page.evaluate(BLUE_AT, list(geometry.center(beside))) > HUT_BLUE:
            problems.append(f"{size}: a tap on {square} chose {beside} too")
    expect(page.locator(".tt-massai-prompt")).to_contain_text("2/5", timeout=TIMEOUT)
    problems += measure(page, f"{size}, two squares tapped")
    return problems


def page_geometry(page: Any) -> dict[str, int]:
    """The cell and margin the page draws its board with (from its canvas's drawn size)."""
    width, height = page.evaluate(
        "() => { const c = document.querySelector('canvas.tt-massai-board');"
        " return [c.width, c.height]; }"
    )
    # width = 8 cell + 2 margin, height = 6 cell + 2 margin.
    cell = (width - height) // 2
    return {"cell": cell, "margin": (width - 8 * cell) // 2}


def test_massai_page(server: str, chromium: Any) -> None:
    def start(page: Any, size: str) -> list[str]:
        problems = past_games_list(page, size, ".tt-massai-start")
        return problems + massai_board(page, size)

    ready = ".tt-massai-start, .tt-games-new"
    problems = every_size(chromium, render(server, "massai"), ready, start)
    assert not problems, "\n".join(problems)


def test_game_theory_page(server: str, chromium: Any) -> None:
    problems = every_size(chromium, render(server, "game_theory"), ".tt-lesson3-guards")
    assert not problems, "\n".join(problems)


def test_reveal_page(server: str, chromium: Any) -> None:
    problems = every_size(chromium, render(server, "reveal"), ".tt-reveal-next")
    assert not problems, "\n".join(problems)


def shared_screen(page: Any, size: str) -> list[str]:
    """The shared screen with its clock running (its digits shown)."""
    start = visible(page, ".tt-clock-start")
    if start.is_enabled():
        start.click()
    visible(page, ".tt-clock-digits").wait_for(state="visible", timeout=TIMEOUT)
    return measure(page, f"{size}, the clock running")


def africa_table(store: Any) -> Any:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store.seats import Tables

    return Tables(store).open_table(store.create_game(example_game()).game_id)


def massai_table(store: Any) -> Any:
    from tabletop.games.massai.gamefile import GameRecord
    from tabletop.store.seats import Tables

    tables = Tables(store)
    new = tables.open_table(store.create_game(GameRecord.new()).game_id)
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    tables.resolve(new.table_id, new.host_token)  # both setups revealed: play begins
    return new


def test_africa_seat_and_shared_screen(server: str, store: Any, chromium: Any) -> None:
    from tabletop.store.seat_records import host_url, seat_url

    new = africa_table(store)
    problems = every_size(
        chromium, seat_url(server, new.table_id, new.seat("France").token), ".tt-seal"
    )
    host = host_url(server, new.table_id, new.host_token)
    problems += every_size(chromium, host, ".tt-seat-card", shared_screen)
    assert not problems, "\n".join(problems)


def massai_seat_squares(page: Any, size: str) -> list[str]:
    """The seat's squares are big enough for a finger, and its coordinates are shown: the rows'
    numbers down the left side, the columns' letters under the grid."""
    problems: list[str] = []
    labels = page.locator(".tt-massai-grid .tt-massai-coord").all_inner_texts()
    expected = ["6", "5", "4", "3", "2", "1", "", *"abcdefgh"]
    if [label.strip() for label in labels] != expected:
        problems.append(f"{size}: the Massai seat's coordinates are {labels}")
    side = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('.tt-square')].map("
        "b => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)))"
    )
    if SIZES[size][2] and side < TOUCH_TARGET:
        problems.append(f"{size}: the Massai seat's squares are {side:.1f} px")
    return problems


def test_massai_seat_and_shared_screen(server: str, store: Any, chromium: Any) -> None:
    from tabletop.store.seat_records import host_url, seat_url

    new = massai_table(store)
    seat = seat_url(server, new.table_id, new.seats[0].token)
    problems = every_size(chromium, seat, ".tt-seal", massai_seat_squares)
    host = host_url(server, new.table_id, new.host_token)
    problems += every_size(chromium, host, ".tt-seat-card", shared_screen)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("preset", ["massai-three-huts", "africa-three-full"])
def test_student_and_teacher_pages(server: str, store: Any, chromium: Any, preset: str) -> None:
    """A class game after one round: a student's phone in the second, the join form, the
    teacher's screen with the first round's results."""
    from tabletop.classroom.games import preset as stage_game
    from tabletop.store.classroom import Classes
    from tabletop.store.classroom_records import student_url, teacher_url

    classes = Classes(store)
    new = classes.create(preset, rounds=3, seed=1)
    names = ("Ana", "Ben", "Cy", "Dee")[: len(stage_game(preset).roles)]  # one group, all seated
    students = [classes.join(new.class_id, new.join_token, name) for name in names]
    classes.open_round(new.class_id, new.host_token)
    for student in students:
        actions = classes.student_view(new.class_id, student.token)["actions"]
        classes.submit(new.class_id, student.token, actions[-1])
    classes.close_round(new.class_id, new.host_token)
    classes.open_round(new.class_id, new.host_token)
    ana = student_url(server, new.class_id, new.join_token).replace(
        f"join={new.join_token}", f"student={students[0].token}"
    )
    problems = every_size(chromium, ana, ".tt-choice")
    problems += every_size(chromium, student_url(server, new.class_id, new.join_token), ".tt-join")
    problems += every_size(
        chromium, teacher_url(server, new.class_id, new.host_token), ".tt-close-round"
    )
    assert not problems, "\n".join(problems)
