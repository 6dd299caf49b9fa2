"""The Massai page with the keyboard alone, as a screen reader's user plays it: Tab reaches the
board's grid, the arrow keys move, each square says its coordinate and content, Enter chooses;
the live region says what happened. Both secret setups are entered this way, and the grid's
words are checked against the board, square by square, in English and in French."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tabletop.ui.massai.board_words import BOARD_WORDS

TIMEOUT_MS = 30_000

pytestmark = pytest.mark.browser

#: What has the keyboard's focus: its role and its words.
FOCUSED = """() => {
  const el = document.activeElement;
  return el ? [el.getAttribute('role') || el.tagName.toLowerCase(), el.textContent.trim()] : null;
}"""


class Keyboard:
    """The page driven by keys only; ``said()`` is the live region's text."""

    def __init__(self, page) -> None:
        self.page = page
        self.live = page.locator(".tt-massai-live [role='status']")
        self.grid = page.locator(".tt-massai-grid[role='grid']")

    def focused(self) -> tuple[str, str]:
        role, words = self.page.evaluate(FOCUSED)
        return role, words

    def tab_to(self, role: str, words: str = "", limit: int = 30) -> None:
        """Tab (forward) until the focus is on an element of ``role`` whose words start with
        ``words``."""
        for _ in range(limit):
            self.page.keyboard.press("Tab")
            now_role, now_words = self.focused()
            if now_role == role and now_words.startswith(words):
                return
        raise AssertionError(f"Tab never reached {role} {words!r}; last: {self.focused()}")

    def press_button(self, name: str) -> None:
        """Focus the button named ``name`` by Tab, once it is shown and enabled, and press
        Enter."""
        button = self.page.get_by_role("button", name=name)
        expect(button).to_be_visible(timeout=TIMEOUT_MS)
        expect(button).to_be_enabled(timeout=TIMEOUT_MS)
        self.tab_to("button", name)
        self.page.keyboard.press("Enter")

    def move(self, *keys: str, to: str) -> None:
        """Press ``keys``; the focus is then on square ``to`` (its words start with it)."""
        for key in keys:
            self.page.keyboard.press(key)
        role, words = self.focused()
        assert role == "gridcell" and words.split(" ")[0] == to, (keys, role, words)

    def choose(self, expected: str) -> None:
        """Enter on the focused square; the live region then says ``expected``."""
        self.page.keyboard.press("Enter")
        expect(self.live).to_contain_text(expected, timeout=TIMEOUT_MS)

    def words(self) -> dict[str, str]:
        """Every square's words as the grid holds them in the page."""
        found: dict[str, str] = self.page.evaluate(
            """() => Object.fromEntries(Array.from(
                document.querySelectorAll(".tt-massai-grid [role='gridcell']"),
                (cell) => [cell.dataset.square, cell.textContent.trim()]))"""
        )
        return found


def test_both_setups_with_the_keyboard_alone(voila, page, wait_for_widgets) -> None:
    base_url = voila("massai")
    page.goto(base_url, timeout=90_000)
    wait_for_widgets(page, ".tt-massai-start", timeout_ms=90_000)
    keys = Keyboard(page)
    expect(keys.grid).to_have_attribute(
        "aria-label",
        BOARD_WORDS["grid_label"].render(
            "en", first_column="a", last_column="h", first_row=1, last_row=6
        ),
        timeout=TIMEOUT_MS,
    )
    # One square of the grid is in the tab order; it starts on a1 (Player 1's corner).
    expect(page.locator(".tt-massai-grid [role='gridcell'][tabindex='0']")).to_have_count(1)

    # Player 1: c1 d1 e1 e2 d2, from a1.
    keys.press_button("Start my secret choice")
    expect(keys.live).to_contain_text("Chosen: 0/5", timeout=TIMEOUT_MS)
    keys.tab_to("gridcell")
    assert keys.focused() == ("gridcell", "a1 empty, can be chosen")
    keys.move("ArrowRight", "ArrowRight", to="c1")
    keys.choose("Chosen: 1/5")
    expect(page.locator(".tt-massai-grid [data-square='c1']")).to_have_text(
        "c1 light hut chosen for the setup", timeout=TIMEOUT_MS
    )
    keys.move("ArrowRight", to="d1")
    keys.choose("Chosen: 2/5")
    keys.move("ArrowRight", to="e1")
    keys.choose("Chosen: 3/5")
    keys.move("ArrowUp", to="e2")
    keys.choose("Chosen: 4/5")
    keys.move("ArrowLeft", to="d2")
    keys.choose("Chosen: 5/5")
    # A sixth square is refused, and the refusal is said.
    keys.move("ArrowLeft", to="c2")
    keys.choose("five")
    keys.move("Home", to="a2")
    keys.move("End", to="h2")
    keys.move("ArrowRight", to="h2")  # the edge holds the focus
    keys.press_button("Confirm ✓")
    expect(keys.live).to_contain_text("Player 1 (light)'s setup is locked in", timeout=TIMEOUT_MS)
    expect(keys.live).to_contain_text("Player 2 (dark): choose", timeout=TIMEOUT_MS)
    # The locked setup is in no square's words.
    assert all(words.endswith("empty") for words in keys.words().values())

    # Player 2: d6 c6 e6 e5 d5; the grid kept its place (h2): Page Up goes to the top row.
    keys.press_button("Start my secret choice")
    keys.tab_to("gridcell")
    keys.move("PageUp", to="h6")
    keys.move("Home", to="a6")
    keys.move("ArrowRight", "ArrowRight", "ArrowRight", to="d6")
    keys.choose("Chosen: 1/5")
    for key, square, count in (
        ("ArrowLeft", "c6", 2),
        ("ArrowRight", "d6", 2),
        ("ArrowRight", "e6", 3),
        ("ArrowDown", "e5", 4),
        ("ArrowLeft", "d5", 5),
    ):
        keys.move(key, to=square)
        if square != "d6":
            keys.choose(f"Chosen: {count}/5")
    keys.press_button("Confirm ✓")
    expect(keys.live).to_contain_text("Both setups are revealed", timeout=TIMEOUT_MS)
    page.wait_for_function(
        "() => document.querySelector(\".tt-massai-grid [data-square='d6']\")"
        ".textContent.startsWith('d6 dark hut')",
        timeout=TIMEOUT_MS,
    )
    words = keys.words()
    light, dark = {"c1", "d1", "e1", "e2", "d2"}, {"d6", "c6", "e6", "e5", "d5"}
    for square, said in words.items():
        content = "light hut" if square in light else "dark hut" if square in dark else "empty"
        assert said.startswith(f"{square} {content}"), (square, said)
    assert words["a5"] == "a5 empty"

    # Continue, then a build with Enter: the report sentence is said.
    keys.press_button("Continue")
    keys.tab_to("gridcell")
    keys.move("ArrowDown", to="d4")
    keys.move("ArrowDown", to="d3")
    keys.choose("Player 1 (light) builds a hut on d3.")

    # The page in French: the same squares in French words.
    page.locator(".tt-massai-lang button", has_text="Français").click()
    square = page.locator(".tt-massai-grid [data-square='a5']")
    expect(square).to_have_text(BOARD_WORDS["empty"].render("fr", square="a5"), timeout=TIMEOUT_MS)
    dark_d6 = BOARD_WORDS["hut_1"].render("fr", square="d6")
    expect(page.locator(".tt-massai-grid [data-square='d6']")).to_have_text(dark_d6)

    # A click on the canvas gives it the focus: Tab still moves on (the canvas took every key).
    canvas = page.locator("canvas.tt-massai-board")
    box = canvas.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 5, box["y"] + 5)  # its margin: no square
    expect(canvas).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") != "CANVAS"
    expect(canvas).to_have_attribute("tabindex", "-1")  # the grid is the board's keyboard
