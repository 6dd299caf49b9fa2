"""Hostile uploads through the Africa page in a real browser (Voila, Debian's Chromium).

A game file whose board is ``/etc/passwd``, or the path of a planted secret file, is refused:
the page shows none of the planted content and nothing of ``/etc/passwd``, the current game is
untouched, and the kernel keeps answering (a click right after works). The same for a board file
given to the new-game form.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "tabletop" / "games" / "africa1880" / "data" / "example_game.json"
# Voila runs the whole notebook before it answers: over 30 s on a busy machine.
NAVIGATION_TIMEOUT = 120_000
TIMEOUT = 30_000
SECRET = "SECRET-VALUE-42"


def main_tab(page, title: str):
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def sheet_tab(page, title: str):
    return page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def hostile_files(folder: Path) -> list[Path]:
    secret = folder / "planted.json"
    secret.write_text(json.dumps({"format": SECRET, "name": SECRET}), encoding="utf-8")
    files = []
    for label, board in (("passwd", "/etc/passwd"), ("planted", str(secret))):
        game = json.loads(EXAMPLE.read_text(encoding="utf-8"))
        game["board"] = board
        game["state"]["board"] = board
        path = folder / f"game-{label}.json"
        path.write_text(json.dumps(game), encoding="utf-8")
        files.append(path)
    return files


def assert_nothing_leaked(page) -> None:
    text = page.locator("body").inner_text()
    assert SECRET not in text
    assert "root:" not in text and "/bin/bash" not in text and "nologin" not in text
    assert "Traceback" not in text


def assert_kernel_answers(page) -> None:
    # A click after the refusal is served: the sheet tab opens and its menu is there.
    main_tab(page, "Order sheets").click()
    sheet_tab(page, "France").click()
    expect(page.locator(".tt-sheet-france textarea")).to_be_visible(timeout=TIMEOUT)
    main_tab(page, "Game").click()


@pytest.mark.browser
def test_hostile_game_files_and_boards_are_refused_without_leaking(
    voila, page, wait_for_widgets, tmp_path: Path
) -> None:
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    year = page.locator(".tt-year-label")
    expect(year).to_contain_text("1895", timeout=TIMEOUT)
    before = year.inner_text()
    main_tab(page, "Game").click()
    files = hostile_files(tmp_path)
    for path in files:
        start = time.perf_counter()
        with page.expect_file_chooser() as chooser_info:
            page.locator(".tt-load-game").click()
        chooser_info.value.set_files(str(path))
        expect(page.locator(".tt-message")).to_contain_text("refused", timeout=TIMEOUT)
        print(f"{path.name}: refusal shown after {time.perf_counter() - start:.2f} s")
        assert_nothing_leaked(page)
        assert year.inner_text() == before  # the current game is untouched
        assert_kernel_answers(page)
    # The board upload of the new-game form, given the same paths inside a board file.
    for board in ("/etc/passwd", str(tmp_path / "planted.json")):
        path = tmp_path / "board.json"
        path.write_text(json.dumps({"board": board, "format": board}), encoding="utf-8")
        with page.expect_file_chooser() as chooser_info:
            page.locator(".tt-board-upload").click()
        chooser_info.value.set_files(str(path))
        expect(page.locator(".tt-board-message")).to_contain_text("refused", timeout=TIMEOUT)
        assert_nothing_leaked(page)
        assert year.inner_text() == before
        assert_kernel_answers(page)
    log = voila.log_text(base_url)
    assert "Traceback" not in log, log[-2000:]
