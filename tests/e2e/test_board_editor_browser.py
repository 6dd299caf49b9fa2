"""The board editor in a real browser (Voilà serving the notebooks folder, Debian's Chromium):
a photo of a board is uploaded, its three territories found; each is named by a click on the
map, the historical starts chosen, a land bridge across the strait added by two clicks; the board
is saved ("Saved as version 1."). On the Africa page a new game is started on that saved board,
a round resolved, and the map shown is the traced one: a click where the photo shows each
territory names it in the map's details line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import expect

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_draft import BoardDraft
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.setup import new_game
from tabletop.store import open_store
from tabletop.store.boards import Boards
from tabletop.ui.africa1880.map import build_map_model
from tabletop.ui.board_editor.scene import canvas_size
from tests.games.africa1880.synthetic_photos import Defects, photograph, shapes_design

TIMEOUT = 30_000
NAVIGATION_TIMEOUT = 120_000
# The three territories of the photo (the tracer's truth numbers them 1, 2, 3) and who starts
# where: 1 and 2 share a border, 3 lies across a strait from 2.
NAMES = {1: "Zululand", 2: "Ophir", 3: "Atlantis"}
STARTS = {"France": "Zululand", "Great Britain": "Ophir", "Germany": "Atlantis"}


def main_tab(page, title: str):
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def sheet_tab(page, title: str):
    return page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def editor_canvas(page):
    # ipycanvas shows its layers composed in one canvas element.
    return page.locator("canvas.tt-board-map")


def name_territory(page, point_on_canvas, point: tuple[float, float], name: str) -> None:
    walk = page.locator(".tt-board-walk")
    before = walk.inner_text()
    point_on_canvas(editor_canvas(page), *point)
    # The panel shows the territory clicked (not the one chosen before) before a name is typed.
    expect(walk).not_to_have_text(before, timeout=TIMEOUT)
    expect(walk).to_contain_text(" of 3", timeout=TIMEOUT)
    box = page.locator(".tt-territory-name input")
    expect(box).to_be_editable(timeout=TIMEOUT)
    box.fill(name)
    box.press("Enter")
    expect(page.locator(".tt-board-walk")).to_contain_text(name, timeout=TIMEOUT)


@pytest.mark.browser
def test_a_photo_becomes_a_board_a_game_is_played_on(
    voila, page, wait_for_widgets, point_on_canvas, jupyter_env, tmp_path: Path, screenshot_path
) -> None:
    photo = photograph(shapes_design("strait"), 0.6, Defects(), seed=2)
    photo_path = tmp_path / "our-board.jpg"
    photo_path.write_bytes(photo.data)
    base = voila.folder()
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.set_viewport_size({"width": 1400, "height": 1000})

    # The editor: the photo uploaded, its territories found.
    page.goto(base + "voila/render/board.ipynb")
    wait_for_widgets(page, ".tt-board-photo", timeout_ms=90_000)
    with page.expect_file_chooser() as chooser:
        page.locator(".tt-board-photo").click()
    chooser.value.set_files(str(photo_path))
    message = page.locator(".tt-board-message")
    expect(message).to_contain_text("3 territories found.", timeout=TIMEOUT)
    progress = page.locator(".tt-board-progress")
    expect(progress).to_contain_text("0 of 3 named", timeout=TIMEOUT)
    expect(page.locator(".tt-board-problems")).to_contain_text(
        "Territory 1 has no name yet.", timeout=TIMEOUT
    )

    # Named by clicking each territory where the photo shows it.
    canvas = editor_canvas(page)
    canvas.wait_for(state="visible", timeout=TIMEOUT)
    for truth, point in sorted(photo.truth.points.items()):
        name_territory(page, point_on_canvas, point, NAMES[truth])
    expect(progress).to_contain_text("3 of 3 named", timeout=TIMEOUT)

    # Fixed by taps: a land bridge across the strait (Ophir - Atlantis), in two clicks.
    page.get_by_role("button", name="Land bridge").click()
    expect(message).to_contain_text("land bridge", timeout=TIMEOUT)
    point_on_canvas(canvas, *photo.truth.points[2])
    expect(message).to_contain_text("join to Ophir", timeout=TIMEOUT)
    point_on_canvas(canvas, *photo.truth.points[3])
    page.get_by_role("button", name="Select").click()
    point_on_canvas(canvas, *photo.truth.points[3])
    neighbours = page.locator(".tt-territory-neighbours")
    expect(neighbours).to_contain_text("Neighbours: Ophir", timeout=TIMEOUT)

    # The historical starts, the board's name; then no problem is left, and it is saved.
    for power, territory in STARTS.items():
        menu = page.locator(f".tt-start-{power.lower().replace(' ', '-')} select")
        menu.select_option(label=territory)
        expect(menu.locator("option:checked")).to_have_text(territory, timeout=TIMEOUT)
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.tt-board-starts .widget-label')]"
        ".filter(l => l.scrollWidth > l.clientWidth + 1).map(l => l.textContent)"
    )
    assert cut == [], f"power names cut beside their start menus: {cut}"
    name_box = page.locator(".tt-board-name input")
    name_box.fill("Strait board")
    name_box.press("Enter")
    expect(page.locator(".tt-board-problems")).to_contain_text("No problem", timeout=TIMEOUT)
    save = page.locator(".tt-board-save")
    expect(save).to_be_enabled(timeout=TIMEOUT)
    save.click()
    expect(message).to_contain_text("Saved as version 1.", timeout=TIMEOUT)
    page.locator(".tt-board-editor").screenshot(path=str(screenshot_path("board-editor.png")))

    # What was saved: the board as named, with its drawing in the photo's pixels.
    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    try:
        saved = Boards(store).list()
        assert [(b.name, b.version, b.territories) for b in saved] == [("Strait board", 1, 3)]
        board = board_from_dict(Boards(store).get(saved[0].board_id))
    finally:
        store.close()
    assert board.are_neighbours("Ophir", "Atlantis") and board.are_neighbours("Zululand", "Ophir")
    assert dict(board.historical_starts) == STARTS

    # The Africa page: a new game on the saved board, one round resolved.
    page.goto(base + "voila/render/africa1880.ipynb")
    wait_for_widgets(page, ".tt-resolve", timeout_ms=90_000)
    main_tab(page, "Game").click()
    page.locator(".tt-board-choice label", has_text="A saved board").click()
    expect(page.locator(".tt-saved-board select option:checked")).to_contain_text(
        "Strait board", timeout=TIMEOUT
    )
    for power in ("belgium", "italy", "netherlands"):
        page.locator(f".tt-power-{power} input").uncheck()
    page.locator(".tt-start-game").click()
    year = page.locator(".tt-year-label")
    expect(year).to_contain_text("1880 — round 1 of 8", timeout=TIMEOUT)
    # The new game opens on its order sheets, France's first (its row names its start).
    expect(page.locator(".tt-row-france-zululand")).to_be_visible(timeout=TIMEOUT)
    for power, order in (("France", "Zululand: develop"), ("Great Britain", "Ophir: develop")):
        box = page.locator(f".tt-sheet-{power.lower().replace(' ', '-')} textarea")
        if not box.is_visible():
            tab = sheet_tab(page, power)
            expect(tab).to_be_visible(timeout=TIMEOUT)
            tab.click()
        expect(box).to_be_editable(timeout=TIMEOUT)
        box.fill(order + "\n")
        expect(box).to_have_value(re.compile(order), timeout=TIMEOUT)
    page.locator(".tt-resolve").click()
    report = page.locator(".tt-report-box")
    expect(report).to_contain_text("Round 1880", timeout=TIMEOUT)
    for name in ("Zululand", "Ophir"):
        expect(report).to_contain_text(name, timeout=TIMEOUT)
    expect(year).to_contain_text("1885 — round 2 of 8", timeout=TIMEOUT)

    # The map shown is the traced one: where the photo shows a territory, the map names it.
    main_tab(page, "Resolution").click()
    map_canvas = page.locator("canvas.tt-map")
    map_canvas.scroll_into_view_if_needed(timeout=TIMEOUT)
    map_canvas.wait_for(state="visible", timeout=TIMEOUT)
    state = new_game(list(STARTS), board)
    model = build_map_model(board, load_geometry(board), state)
    for name in NAMES.values():
        point_on_canvas(map_canvas, *model.territories[name].anchor)
        expect(page.locator(".tt-map-details")).to_contain_text(name, timeout=TIMEOUT)
    map_canvas.screenshot(path=str(screenshot_path("board-editor-game-map.png")))


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


@pytest.mark.browser
def test_taps_on_a_phone_choose_territories_and_toggle_borders(
    voila, phone, wait_for_widgets, point_on_canvas
) -> None:
    draft = BoardDraft.bundled()
    _, _, scale = canvas_size(draft.state.width, draft.state.height)
    where = {draft.territory(tid).name: draft.territory(tid).label for tid in draft.ids()}

    def tap(name: str) -> None:
        x, y = where[name]
        point_on_canvas(editor_canvas(phone), x * scale, y * scale, tap=True)

    phone.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    phone.goto(voila("board"))
    start = wait_for_widgets(phone, ".tt-start-bundled", timeout_ms=90_000)
    start.tap()
    expect(phone.locator(".tt-board-progress")).to_contain_text("32 of 32 named", timeout=TIMEOUT)
    box = editor_canvas(phone).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391, box
    walk = phone.locator(".tt-board-walk")
    tap("Egypt")
    expect(walk).to_contain_text("Egypt", timeout=TIMEOUT)
    neighbours = phone.locator(".tt-territory-neighbours")
    expect(neighbours).to_contain_text("Libya", timeout=TIMEOUT)
    phone.get_by_role("button", name="Neighbours", exact=True).tap()
    tap("Libya")  # Egypt chosen: Libya is no longer its neighbour
    expect(neighbours).not_to_contain_text("Libya", timeout=TIMEOUT)
    expect(phone.locator(".tt-board-problems")).to_contain_text("No problem", timeout=TIMEOUT)
    tap("Libya")  # and again
    expect(neighbours).to_contain_text("Libya", timeout=TIMEOUT)
    phone.get_by_role("button", name="Undo").tap()
    expect(neighbours).not_to_contain_text("Libya", timeout=TIMEOUT)
