"""The reveal's Africa map as text in Chromium: from the map, Tab reaches the "Map as text"
switch and Space turns it on; the table lists, territory by territory, the presences of the
step shown (read here from the example game's file, not from the page's code: the position
before the last round at the title step, the game's position at the scores), follows the keys
to the last step, and is French on the French page; axe-core finds nothing serious in the
text view. Screenshot: ``reveal-map-text.png``."""

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
CAPTION = {"en": "The map as text", "fr": "La carte en texte"}
TITLE = {"en": "Resolution of", "fr": "Résolution de"}
# More Tabs than the page has stops between the map and the switch.
MOST_TABS = 20

pytestmark = pytest.mark.browser

ROWS = """() => Array.from(
  document.querySelectorAll('.tt-reveal .tt-map-table tbody tr'),
  (tr) => Array.from(tr.children, (cell) => cell.textContent))"""

SWITCH_FOCUSED = """() => {
  const el = document.activeElement;
  return !!(el && el.type === 'checkbox' && el.closest('.tt-map-text-switch'));
}"""


def expected_presences(presences: dict[str, list[str]], lang: str) -> dict[str, list[str]]:
    """Territory name in ``lang`` -> the powers present there (``presences``: a position's
    presences as the game file keeps them)."""
    board = json.loads((DATA / "default_board.json").read_text(encoding="utf-8"))
    names = {t["name"]: t.get("names", {}).get(lang, t["name"]) for t in board["territories"]}
    present: dict[str, list[str]] = {names[name]: [] for name in names}
    for power, territories in presences.items():
        for territory in territories:
            present[names[territory]].append(power_name(power, lang))
    return {name: sorted(powers) for name, powers in present.items()}


def shown_presences(rows: list[list[str]]) -> dict[str, list[str]]:
    """Territory -> powers, from the presences cells ("2: France, Germany" or "none")."""
    shown = {}
    for name, _coast, _filled, cell, *_rest in rows:
        count, colon, powers = cell.partition(":")
        found = sorted(p.strip() for p in powers.split(",") if p.strip()) if colon else []
        if colon:
            assert int(count.strip()) == len(found), f"{name}: {cell!r}"
        shown[name.strip()] = found
    return shown


def switch_on_by_keyboard(page: Any, lang: str) -> None:
    """Click the map, then Tab until the switch has the focus, and Space."""
    page.locator("canvas.tt-reveal-map").click()
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if page.evaluate(SWITCH_FOCUSED):
            break
    assert page.evaluate(SWITCH_FOCUSED), "Tab never reached the map-as-text switch"
    page.keyboard.press("Space")
    switch = page.locator(".tt-reveal").get_by_role("checkbox", name=SWITCH[lang])
    expect(switch).to_be_checked(timeout=TIMEOUT)


def check_table(page: Any, expected: dict[str, list[str]]) -> None:
    rows = page.locator(".tt-reveal .tt-map-table tbody tr")
    expect(rows).to_have_count(len(expected), timeout=TIMEOUT)
    assert shown_presences(page.evaluate(ROWS)) == expected


def test_the_reveal_map_as_text_lists_the_steps_presences(
    voila, page: Any, wait_for_widgets, screenshot_path
) -> None:
    game = json.loads((DATA / "example_game.json").read_text(encoding="utf-8"))
    before, after = game["history"][-1]["state"]["presences"], game["state"]["presences"]
    assert before != after  # the title step and the scores show two positions
    base = voila("reveal")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(base, timeout=120_000)
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    table = page.locator(".tt-reveal .tt-map-table")
    switch_on_by_keyboard(page, "en")
    expect(table.locator("caption")).to_contain_text(CAPTION["en"], timeout=TIMEOUT)
    expect(table.locator("caption")).to_contain_text(TITLE["en"])
    check_table(page, expected_presences(before, "en"))

    found = serious_violations(page, ".tt-reveal .tt-map-text-view")
    assert not found, f"axe-core on the reveal's map as text:\n{describe(found)}"

    # The keys still drive the reveal: End shows the scores, and the table their position.
    page.locator("canvas.tt-reveal-map").click()
    page.keyboard.press("End")
    expect(page.locator(".tt-reveal-next button, button.tt-reveal-next")).to_be_disabled(
        timeout=TIMEOUT
    )
    expect(table.locator("caption")).not_to_contain_text(TITLE["en"], timeout=TIMEOUT)
    check_table(page, expected_presences(after, "en"))
    page.set_viewport_size({"width": 1920, "height": 2400})
    page.locator(".tt-reveal .tt-map-text-view").screenshot(
        path=str(screenshot_path("reveal-map-text.png"))
    )

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(base + "?lang=fr", timeout=120_000)
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    switch_on_by_keyboard(page, "fr")
    expect(table.locator("caption")).to_contain_text(CAPTION["fr"], timeout=TIMEOUT)
    expected = expected_presences(before, "fr")
    assert expected != expected_presences(before, "en")  # French names: not the English table
    check_table(page, expected)
