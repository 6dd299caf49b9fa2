"""Order sheets entered with the keyboard alone, in Chromium (tabletop/ui/shell/order_keys.js).

On the dashboard, with the bundled example (1895, Belgium's sheet shown first): Tab to the
first row, a key per order kind, the territory menus' type-ahead, Enter to the next presence,
from the last row to the landing and on to Resolve; the sheet's text and the kernel's kept draft
follow. The same keys in German (where two kinds start with E), and on a desktop seat page, where
Enter from the landing goes to Seal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import sheet_kept, wait_until
from playwright.sync_api import expect

NAVIGATION_TIMEOUT = 120_000
TIMEOUT = 30_000

BELGIUM = ".tt-sheet-belgium"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
FOCUSED_CLASSES = """() => {
  const el = document.activeElement;
  const widget = el && el.closest('.widget-dropdown, .widget-button, .widget-toggle-button');
  return [el ? el.tagName : '', widget ? widget.className : (el ? el.className : '')];
}"""


def row(page, territory: str):
    return page.locator(f".tt-row-belgium-{territory}")


def focused(page) -> tuple[str, str]:
    tag, classes = page.evaluate(FOCUSED_CLASSES)
    return tag, classes


def expect_focus(page, row_class: str, menu: str = "tt-kind") -> None:
    """The keyboard's focus is on the menu ``menu`` of the row ``row_class``."""
    locator = page.locator(f".{row_class} .{menu} select")
    expect(locator).to_be_focused(timeout=TIMEOUT)


def choose_kind(page, territory: str, key: str, label: str) -> None:
    """Press ``key`` on the focused order menu; the menu shows ``label``."""
    page.keyboard.press(key)
    expect(row(page, territory).locator(".tt-kind select")).to_have_value(label, timeout=TIMEOUT)


def explore(page, territory: str, key: str, letters: str, target: str, label: str) -> None:
    """Explore with ``key``, Tab to the target menu, type ``letters`` to reach ``target``."""
    choose_kind(page, territory, key, label)
    menu = row(page, territory).locator(".tt-target select")
    expect(menu).to_be_enabled(timeout=TIMEOUT)  # once the kernel has the kind
    page.keyboard.press("Tab")
    expect(menu).to_be_focused(timeout=TIMEOUT)
    page.keyboard.type(letters)
    expect(menu).to_have_value(target, timeout=TIMEOUT)


def open_dashboard(voila, page, wait_for_widgets) -> str:
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    expect(page.locator(".tt-year-label")).to_contain_text("1895", timeout=TIMEOUT)
    row(page, "angola").wait_for(state="visible", timeout=TIMEOUT)
    return base_url


def tab_to_first_row(page) -> None:
    # A click on the sheet's heading (not focusable) starts the Tab order there.
    page.locator(f"{BELGIUM} h3").click()
    page.keyboard.press("Tab")
    expect_focus(page, "tt-row-belgium-angola")


@pytest.mark.browser
def test_a_whole_sheet_by_keyboard_on_the_dashboard(
    voila, page, wait_for_widgets, jupyter_env
) -> None:
    base_url = open_dashboard(voila, page, wait_for_widgets)
    expect(page.locator(".tt-order-keys-line")).to_contain_text("H = hold, D = develop")
    text_box = page.locator(f"{BELGIUM} textarea")

    tab_to_first_row(page)
    choose_kind(page, "angola", "d", "develop")
    page.keyboard.press("Enter")
    expect_focus(page, "tt-row-belgium-congo")
    explore(page, "congo", "e", "ug", "Uganda", "explore")
    page.keyboard.press("Enter")  # from the target menu too
    expect_focus(page, "tt-row-belgium-gabon")
    choose_kind(page, "gabon", "h", "hold")
    page.keyboard.press("Enter")
    expect_focus(page, "tt-row-belgium-kamerun")
    explore(page, "kamerun", "E", "n", "Niger", "explore")  # a capital works as well
    page.keyboard.press("Enter")
    expect_focus(page, "tt-row-belgium-rhodesia")
    choose_kind(page, "rhodesia", "d", "develop")
    # Delete takes the order back; Shift+Enter goes back a row and Enter forward again.
    choose_kind(page, "rhodesia", "Delete", "—")
    page.keyboard.press("Shift+Enter")
    expect_focus(page, "tt-row-belgium-kamerun")
    page.keyboard.press("Enter")
    choose_kind(page, "rhodesia", "h", "hold")
    # From the last row to the landing menu (type-ahead), then to Resolve.
    page.keyboard.press("Enter")
    landing = page.locator(f"{BELGIUM} .tt-landing select")
    expect(landing).to_be_focused(timeout=TIMEOUT)
    # The landing menu's options depend on the sheet (its own explorations are left out): once
    # the text box shows the last order, the kernel has sent them. Before that, on a loaded
    # machine, the options arriving late put the menu back on the kernel's landing between the
    # two letters below, and the second letter started again from there.
    for line in ("Kamerun: explore Niger", "Rhodesia: hold"):
        expect(text_box).to_have_value(re.compile(re.escape(line)), timeout=TIMEOUT)
    # A first letter, then the same letter again: the next territory with it. (Two different
    # letters make a prefix only when typed within a second, which a loaded machine may miss.)
    page.keyboard.press("m")
    expect(landing).to_have_value("Madagascar", timeout=TIMEOUT)
    page.keyboard.press("m")
    expect(landing).to_have_value("Mozambique", timeout=TIMEOUT)
    page.keyboard.press("Enter")
    expect(page.locator(".tt-resolve")).to_be_focused(timeout=TIMEOUT)

    lines = [
        "Angola: develop",
        "Congo: explore Uganda",
        "Gabon: hold",
        "Kamerun: explore Niger",
        "Rhodesia: hold",
        "land: Mozambique",
    ]
    for line in lines:
        expect(text_box).to_have_value(re.compile(re.escape(line)), timeout=TIMEOUT)
    # Enter only moved the focus: Resolve has the focus but was not pressed.
    expect(page.locator(".tt-year-label")).to_contain_text("1895")
    typed = text_box.input_value()
    data_dir = Path(jupyter_env["TABLETOP_DATA_DIR"])
    wait_until(sheet_kept(data_dir, "Belgium", typed), "Belgium's sheet in the kernel's store")

    # Keys typed in the sheet's text box stay text (a letter, Enter, Delete).
    text_box.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# ed")
    page.keyboard.press("Enter")
    expect(text_box).to_have_value(typed + "# ed\n", timeout=TIMEOUT)
    assert "Traceback" not in voila.log_text(base_url)


@pytest.mark.browser
def test_the_same_keys_in_german(voila, page, wait_for_widgets) -> None:
    open_dashboard(voila, page, wait_for_widgets)
    page.locator(".tt-lang button", has_text="Deutsch").click()
    hint = page.locator(".tt-order-keys-line")
    expect(hint).to_contain_text("D = entwickeln, E = erkunden", timeout=TIMEOUT)
    tab_to_first_row(page)
    # "entwickeln" and "erkunden" both start with E: the keys are D and E all the same.
    choose_kind(page, "angola", "d", "entwickeln")
    page.keyboard.press("Enter")
    explore(page, "congo", "e", "s", "Sudan", "erkunden")
    for line in ("Angola: entwickeln", "Congo: erkunden Sudan"):
        expect(page.locator(f"{BELGIUM} textarea")).to_have_value(re.compile(line), timeout=TIMEOUT)


@pytest.mark.browser
def test_a_seat_sheet_by_keyboard_then_sealed_with_enter(voila, chromium, jupyter_env) -> None:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.seat_records import seat_url
    from tabletop.store.seats import Tables

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    try:
        tables = Tables(store)
        new = tables.open_table(store.create_game(example_game()).game_id)
        token = new.seat("Belgium").token
        link = seat_url(voila.folder(), new.table_id, token)
        page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
        page.goto(link, wait_until="commit")
        page.locator(".tt-seal").wait_for(state="visible", timeout=NAVIGATION_TIMEOUT)
        expect(page.locator(".tt-order-keys-line")).to_be_visible()  # a desktop: keys said

        tab_to_first_row(page)
        choose_kind(page, "angola", "e", "explore")
        page.keyboard.press("Enter")  # no target yet: on to Congo all the same
        expect_focus(page, "tt-row-belgium-congo")
        page.keyboard.press("Shift+Enter")
        explore(page, "angola", "e", "b", "Bechuanaland", "explore")
        for territory in ("congo", "gabon", "kamerun", "rhodesia"):
            page.keyboard.press("Enter")
            expect_focus(page, f"tt-row-belgium-{territory}")
            choose_kind(page, territory, "h", "hold")
        page.keyboard.press("Enter")
        expect(page.locator(f"{BELGIUM} .tt-landing select")).to_be_focused(timeout=TIMEOUT)
        page.keyboard.press("Enter")
        expect(page.locator("button.tt-seal")).to_be_focused(timeout=TIMEOUT)
        expect(page.locator(".tt-sealed-state")).to_contain_text("Not sealed yet")

        text = (
            "Angola: explore Bechuanaland\nCongo: hold\nGabon: hold\nKamerun: hold\n"
            "Rhodesia: hold\n"
        )
        box = page.locator(f"{BELGIUM} textarea")
        expect(box).to_have_value(re.compile("^" + re.escape(text)), timeout=TIMEOUT)
        # Enter on Seal is the button's own: the sheet is sealed.
        page.keyboard.press("Enter")
        expect(page.locator(".tt-sealed-state")).to_contain_text("Sealed at", timeout=TIMEOUT)
        own = tables.seat_view(new.table_id, token)["own_sheet"]
        assert own.startswith("[Belgium]\n" + text), own

        # The same seat on a phone (touch, no keyboard): no line about keys.
        phone = chromium.new_context(**PHONE).new_page()
        phone.goto(link, wait_until="commit")
        phone.locator(".tt-seal").wait_for(state="visible", timeout=NAVIGATION_TIMEOUT)
        expect(phone.locator(".tt-order-keys-line")).to_be_attached()
        expect(phone.locator(".tt-order-keys-line")).to_be_hidden()
    finally:
        store.close()
