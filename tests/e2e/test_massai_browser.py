"""The Massai page in a real browser: a short game played by clicking, served by Voila.

Secret setups for both players, builds, a guarded attack, an unguarded attack, a win by joining
the banks; the canvas pixels are read to check what was drawn (and what stayed hidden), the page
is reloaded to check the game was kept in the database (the games list, then the game opened
from it), and a screenshot is saved (TABLETOP_SCREENSHOTS, conftest).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import settled_box
from playwright.sync_api import expect

from tabletop.ui.massai.canvas import HUT_FILL, REMOVED
from tabletop.ui.massai.squares import Geometry

REPO_ROOT = Path(__file__).resolve().parents[2]
GEOMETRY = Geometry(columns=8, rows=6)
TIMEOUT_MS = 30_000

pytestmark = pytest.mark.browser


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


LIGHT, DARK, RED = _rgb(HUT_FILL[0]), _rgb(HUT_FILL[1]), _rgb(REMOVED)


class Page:
    """Small helpers over the Playwright page for the Massai widgets."""

    def __init__(self, page) -> None:
        self.page = page
        self.prompt = page.locator(".tt-massai-prompt")
        self.message = page.locator(".tt-massai-message")
        self.status = page.locator(".tt-massai-status")
        self.history = page.locator(".tt-massai-history")
        self.canvas = page.locator("canvas.tt-massai-board")

    def button(self, name: str):
        return self.page.locator(f".tt-massai-{name}")

    def press(self, name: str) -> None:
        button = self.button(name)
        expect(button).to_be_visible(timeout=TIMEOUT_MS)
        button.click()

    def click_square(self, square: str) -> None:
        # The headline above the board changes height between steps (a reveal's result is
        # long): measure the board once it stands still.
        box = settled_box(self.canvas)
        x, y = GEOMETRY.center(square)
        scale = box["width"] / GEOMETRY.width
        self.page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)

    def pixel(self, square: str) -> tuple[int, int, int]:
        """Colour at the centre of ``square`` as drawn on the canvas (canvas pixels)."""
        x, y = GEOMETRY.center(square)
        data = self.page.evaluate(
            """([x, y]) => {
                const c = document.querySelector('canvas.tt-massai-board');
                return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
            }""",
            [x, y],
        )
        assert data[3] == 255, f"nothing drawn at {square}: {data}"
        return tuple(data[:3])  # type: ignore[return-value]

    def wait_pixel(self, square: str, colour: tuple[int, int, int]) -> None:
        x, y = GEOMETRY.center(square)
        self.page.wait_for_function(
            """([x, y, want]) => {
                const c = document.querySelector('canvas.tt-massai-board');
                const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
                return Math.abs(d[0] - want[0]) + Math.abs(d[1] - want[1])
                    + Math.abs(d[2] - want[2]) < 12;
            }""",
            arg=[x, y, list(colour)],
            timeout=TIMEOUT_MS,
        )

    def wait_pixel_changed(self, square: str, colour: tuple[int, int, int]) -> None:
        x, y = GEOMETRY.center(square)
        self.page.wait_for_function(
            """([x, y, old]) => {
                const c = document.querySelector('canvas.tt-massai-board');
                const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
                return Math.abs(d[0] - old[0]) + Math.abs(d[1] - old[1])
                    + Math.abs(d[2] - old[2]) >= 12;
            }""",
            arg=[x, y, list(colour)],
            timeout=TIMEOUT_MS,
        )

    def secret_setup(self, squares: list[str], empty: tuple[int, int, int] | None = None) -> None:
        """Enter a setup; with ``empty``, first check the choice is drawn while it is entered."""
        self.press("start")
        expect(self.prompt).to_contain_text("Chosen: 0/5", timeout=TIMEOUT_MS)
        for count, square in enumerate(squares, start=1):
            self.click_square(square)
            expect(self.prompt).to_contain_text(f"Chosen: {count}/5", timeout=TIMEOUT_MS)
        if empty is not None:
            self.wait_pixel_changed(squares[0], empty)
        self.press("confirm")

    def build(self, square: str) -> None:
        self.click_square(square)
        expect(self.message).to_contain_text(f"builds a hut on {square}", timeout=TIMEOUT_MS)

    def attack(self, target: str, guards: list[str], points: int, allowed: int) -> None:
        self.press("attack")
        if allowed == 0:
            # No guard allowed: no look-away, the target is chosen openly and resolved at once.
            expect(self.prompt).to_contain_text(
                f"no guard is allowed against this attack (attack points {points})",
                timeout=TIMEOUT_MS,
            )
            self.click_square(target)
            expect(self.prompt).to_contain_text(f"Chosen: {target}", timeout=TIMEOUT_MS)
            self.press("confirm")
            return
        expect(self.prompt).to_contain_text("please look away", timeout=TIMEOUT_MS)
        self.press("start")
        self.click_square(target)
        expect(self.prompt).to_contain_text(f"Target: {target}", timeout=TIMEOUT_MS)
        self.press("confirm")
        expect(self.prompt).to_contain_text("Choice locked ✓", timeout=TIMEOUT_MS)
        self.press("start")
        expect(self.prompt).to_contain_text(
            f"attack points {points} — you may guard up to {allowed}", timeout=TIMEOUT_MS
        )
        for count, square in enumerate(guards, start=1):
            self.click_square(square)
            expect(self.prompt).to_contain_text(f"Guarded: {count}/{allowed}", timeout=TIMEOUT_MS)
        self.press("confirm")


def close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 12


def test_a_short_game_by_clicking(voila, page, wait_for_widgets, screenshot_path) -> None:
    base_url = voila("massai")
    page.goto(base_url)
    wait_for_widgets(page, ".tt-massai-start", timeout_ms=90_000)
    ui = Page(page)
    expect(ui.canvas).to_be_visible(timeout=TIMEOUT_MS)
    # The board was drawn once the page connected: sand squares, no hut yet.
    ui.page.wait_for_function(
        "() => { const c = document.querySelector('canvas.tt-massai-board');"
        " return c && c.getContext('2d').getImageData(100, 100, 1, 1).data[3] === 255; }",
        timeout=TIMEOUT_MS,
    )
    empty = ui.pixel("c1")
    assert not close(empty, LIGHT) and not close(empty, DARK)

    # Secret setups: the first stays hidden once confirmed.
    expect(ui.prompt).to_contain_text("Player 2 (dark), please look away", timeout=TIMEOUT_MS)
    ui.secret_setup(["c1", "d1", "e1", "d2", "e2"], empty=empty)
    expect(ui.message).to_contain_text("Choice locked ✓", timeout=TIMEOUT_MS)
    expect(ui.prompt).to_contain_text("Player 2 (dark): choose", timeout=TIMEOUT_MS)
    ui.wait_pixel("c1", empty)  # the locked setup is no longer drawn
    ui.secret_setup(["c6", "d6", "e6", "d5", "e5"])
    expect(ui.prompt).to_contain_text("Both setups are revealed", timeout=TIMEOUT_MS)
    ui.wait_pixel("c1", LIGHT)
    ui.wait_pixel("d6", DARK)
    ui.press("continue")

    for square in ("d3", "d4", "e3", "c4"):
        ui.build(square)

    # Guarded attack: the target stays, the attacker's huts touching it go.
    ui.attack("d4", ["d4"], points=2, allowed=1)
    # The result is the headline, above the board.
    expect(ui.prompt).to_contain_text("d4 was guarded and stays", timeout=TIMEOUT_MS)
    ui.wait_pixel("d3", RED)  # removed hut crossed out in red
    assert close(ui.pixel("d4"), DARK)
    page.screenshot(path=str(screenshot_path("massai.png")), full_page=True)
    ui.press("continue")

    # Unguarded attack: the target becomes the attacker's, the defender's neighbours go.
    ui.build("d3")
    ui.attack("d3", [], points=1, allowed=0)
    expect(ui.prompt).to_contain_text("becomes a hut of Player 1", timeout=TIMEOUT_MS)
    ui.wait_pixel("d3", LIGHT)
    ui.wait_pixel("d4", RED)
    ui.press("continue")

    # Player 1 joins the banks: d1-d2-d3-e4-f5-f6.
    for square in ("b6", "e4", "b5", "f5", "a6", "f6"):
        ui.build(square)
    expect(ui.prompt).to_contain_text("Player 1 (light) wins!", timeout=TIMEOUT_MS)
    expect(ui.status).to_contain_text("Game over")
    expect(ui.history).to_contain_text("attack d3 guards -")

    # Every action was kept in the database: a reload opens the games list, and the game
    # opened from it shows the same end.
    page.reload()
    wait_for_widgets(page, ".tt-game-open", timeout_ms=90_000)
    expect(page.locator(".tt-game-row")).to_have_count(1, timeout=TIMEOUT_MS)
    expect(page.locator(".tt-game-steps")).to_contain_text("Actions 15", timeout=TIMEOUT_MS)
    page.locator(".tt-game-open").click()
    wait_for_widgets(page, ".tt-massai-prompt", timeout_ms=TIMEOUT_MS)
    expect(ui.prompt).to_contain_text("Player 1 (light) wins!", timeout=TIMEOUT_MS)
    ui.wait_pixel("f6", LIGHT)
    page.locator(".tt-massai-lang button", has_text="Français").click()
    expect(ui.prompt).to_contain_text("Joueur 1 (clair) gagne", timeout=TIMEOUT_MS)
