"""The Africa map as text in Chromium: on the dashboard's resolution tab, the "Map as text" switch
is reached and turned on with the keyboard, and its table lists, territory by territory, exactly
the presences of the bundled example game (read here from the game file, not from the page's
code), in English and then in French after the language switch; axe-core finds nothing serious
in the text view. Screenshot: ``map-text-fr.png``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from axe import describe, serious_violations
from harness import REPO_ROOT
from playwright.sync_api import expect

from tabletop.games.africa1880.powers import power_name

TIMEOUT = 30_000
DATA = REPO_ROOT / "tabletop" / "games" / "africa1880" / "data"
SWITCH = {"en": "Map as text", "fr": "Carte en texte"}
LANGUAGE_BUTTONS = {"en": "English", "fr": "Français"}

pytestmark = pytest.mark.browser

# Each body row of the resolution tab's table: the row's header, then its cells' texts.
ROWS = """() => Array.from(
  document.querySelectorAll('.tt-result .tt-map-table tbody tr'),
  (tr) => Array.from(tr.children, (cell) => cell.textContent))"""


def expected_presences(lang: str) -> dict[str, list[str]]:
    """Territory name in ``lang`` -> the powers present there, from the example game's file."""
    game = json.loads((DATA / "example_game.json").read_text(encoding="utf-8"))
    board = json.loads((DATA / "default_board.json").read_text(encoding="utf-8"))
    names = {t["name"]: t.get("names", {}).get(lang, t["name"]) for t in board["territories"]}
    present: dict[str, list[str]] = {names[name]: [] for name in names}
    for power, territories in game["state"]["presences"].items():
        for territory in territories:
            present[names[territory]].append(power_name(power, lang))
    return {name: sorted(powers) for name, powers in present.items()}


def shown_presences(rows: list[list[str]]) -> dict[str, list[str]]:
    """Territory -> powers, from the table's presences cells ("2: France, Germany" or "none")."""
    shown = {}
    for name, _coast, _filled, cell, *_rest in rows:
        count, colon, powers = cell.partition(":")
        found = sorted(p.strip() for p in powers.split(",") if p.strip()) if colon else []
        if colon:
            assert int(count) == len(found), f"{name}: {cell!r}"
        shown[name.strip()] = found
    return shown


def test_the_map_as_text_lists_the_games_presences(voila, page: Any, screenshot_path) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(voila("africa1880"), timeout=120_000)
    expect(page.locator(".tt-resolve").first).to_be_visible(timeout=90_000)
    page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text="Resolution").click()
    result = page.locator(".tt-result")
    switch = result.get_by_role("checkbox", name=SWITCH["en"])
    expect(switch).to_be_visible(timeout=TIMEOUT)
    # The keyboard reaches the switch and Space turns it on.
    switch.focus()
    page.keyboard.press("Space")
    expect(switch).to_be_checked(timeout=TIMEOUT)
    table = result.locator(".tt-map-table")
    expect(table.locator("caption")).to_contain_text("The map as text", timeout=TIMEOUT)
    assert table.locator("thead th").first.inner_text() == "Territory"
    english = expected_presences("en")
    expect(table.locator("tbody tr")).to_have_count(len(english), timeout=TIMEOUT)
    assert shown_presences(page.evaluate(ROWS)) == english

    found = serious_violations(page, ".tt-result .tt-map-text-view")
    assert not found, f"axe-core on the map's text view:\n{describe(found)}"

    # In French: the switch, the table and every name follow the page's language.
    page.locator(".tt-lang button", has_text=LANGUAGE_BUTTONS["fr"]).click()
    expect(result.get_by_role("checkbox", name=SWITCH["fr"])).to_be_checked(timeout=TIMEOUT)
    expect(table.locator("caption")).to_contain_text("La carte en texte", timeout=TIMEOUT)
    french = expected_presences("fr")
    assert english != french  # the names differ, so the French table is not the English one
    expect(table.locator("tbody tr")).to_have_count(len(french), timeout=TIMEOUT)
    assert shown_presences(page.evaluate(ROWS)) == french
    page.set_viewport_size({"width": 1366, "height": 2400})  # the whole table in the picture
    result.locator(".tt-map-text-view").screenshot(path=str(screenshot_path("map-text-fr.png")))
