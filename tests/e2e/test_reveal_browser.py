"""The reveal page at projector size (1920×1080) in Chromium, driven by the keyboard only.

The map gets the focus with one click, then the arrow keys, space, Page Down / Page Up (a
presenter's clicker), Home and End go through the steps, placing first as the table does; a
removal is a warning (its colour and its ⚠); the page fits the screen without scrolling.
Screenshots of a conflict step and of the scores are saved (docs/screenshots/reveal-*.png when
TABLETOP_SCREENSHOTS=docs/screenshots).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.reveal.steps import round_steps

TIMEOUT = 30_000


def test_keyboard_reveal_at_projector_size(voila, page, wait_for_widgets, screenshot_path) -> None:
    steps = round_steps(example_game())
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(voila("reveal"), timeout=120_000)  # Voilà runs the notebook before answering
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    title = page.locator(".tt-reveal-title")
    count = page.locator(".tt-reveal-count")
    expect(title).to_have_text(steps[0].title, timeout=TIMEOUT)
    expect(count).to_contain_text(f"step 1 of {len(steps)}")
    canvas = page.locator("canvas.tt-reveal-map")
    canvas.click()
    shown = [0]

    def press(key: str, index: int) -> None:
        page.keyboard.press(key)
        expect(title).to_have_text(steps[index].title, timeout=TIMEOUT)
        expect(count).to_contain_text(f"step {index + 1} of {len(steps)}", timeout=TIMEOUT)
        shown.append(index)

    press("ArrowRight", 1)
    assert steps[1].kind == "placements"  # the table's order: placing comes first
    expect(page.locator(".tt-reveal-lines li")).to_have_count(len(steps[1].lines))
    expect(page.locator(".tt-reveal-lines li.tt-meaning-action")).to_have_count(len(steps[1].lines))
    # A conflict that removes a presence: its line a warning, dark red after a ⚠.
    removal = next(
        i for i, s in enumerate(steps) if s.kind == "conflict" and "warning" in s.meanings
    )
    for index in range(2, removal + 1):
        press("PageDown", index)
    warning = page.locator(".tt-reveal-lines li.tt-meaning-warning")
    expect(warning).to_have_count(list(steps[removal].meanings).count("warning"))
    expect(warning.first).to_contain_text(" is removed: ")
    look = warning.first.evaluate(
        "li => [getComputedStyle(li, '::before').content, getComputedStyle(li).color,"
        " getComputedStyle(li.parentElement).color]"
    )
    assert "⚠" in look[0] and look[1] != look[2], look
    page.screenshot(path=str(screenshot_path("reveal-conflict-1920.png")))
    press("Home", 0)
    press("ArrowRight", 1)
    press("Space", 2)
    press("PageDown", 3)
    press("ArrowLeft", 2)
    press("PageUp", 1)
    press("End", len(steps) - 1)
    expect(page.locator(".tt-reveal-next button, button.tt-reveal-next")).to_be_disabled()
    page.screenshot(path=str(screenshot_path("reveal-scores-1920.png")))
    press("ArrowRight", len(steps) - 1)  # nothing after the last step
    press("Home", 0)
    # Projector size: nothing to scroll, the map and the text side by side.
    size = page.evaluate(
        "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"
    )
    assert size[0] <= 1920 and size[1] <= 1080, size
    map_box, text_box = canvas.bounding_box(), page.locator(".tt-reveal-title").bounding_box()
    assert map_box and text_box and text_box["x"] >= map_box["x"] + map_box["width"] - 1
    font = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.tt-reveal-title')).fontSize)"
    )
    assert font >= 40  # large type, readable across a room


def test_massai_attack_reveal_with_a_clicker(
    voila, page, wait_for_widgets, screenshot_path, tmp_path
) -> None:
    from tabletop.games.massai.gamefile import GameRecord, save_game
    from tabletop.games.massai.notation import parse_action

    record = GameRecord.new()
    for text in (
        "setup a1 b1 b2 c2 c1",
        "setup d6 e6 e5 f5 d5",
        "build c3",
        "build d4",
        "build d3",
        "attack c3 guards -",
    ):
        record, _ = record.play(parse_action(text, record.state.to_move))
    path = tmp_path / "massai.json"
    save_game(record, path)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(
        voila("reveal", {"TABLETOP_REVEAL_GAME": str(path), "TABLETOP_LANG": "de"}), timeout=120_000
    )
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    title = page.locator(".tt-reveal-title")
    expect(title).to_have_text("Spieler 2 greift Spieler 1 an", timeout=TIMEOUT)
    page.locator("canvas.tt-reveal-map").click()
    for key, shown in (
        ("PageDown", "Ziel: c3"),
        ("PageDown", "Keine Wache"),
        ("PageDown", "Entfernungen"),
    ):
        page.keyboard.press(key)
        expect(title).to_have_text(shown, timeout=TIMEOUT)
    page.screenshot(path=str(screenshot_path("reveal-massai-1920.png")))
    box = page.locator("canvas.tt-reveal-map").bounding_box()
    assert box and abs(box["width"] / box["height"] - 960 / 740) < 0.01  # squares stay square
    page.keyboard.press("PageUp")
    expect(title).to_have_text("Keine Wache", timeout=TIMEOUT)
