"""The Africa 1880 page on the games database in a real browser: two pages on one game, a reload
mid-round, "New game" from the list. Voila serves the notebook with TABLETOP_DATA_DIR in the
test's tmp folder (``jupyter_env``); the database is read from the test too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import sheet_kept, wait_until
from playwright.sync_api import expect

TIMEOUT = 30_000
STALE = "This game changed on another page"


def year(page):
    return page.locator(".tt-year-label")


def main_tab(page, title: str):
    return page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def sheet_tab(page, title: str):
    return page.locator(".tt-sheet-tabs > .lm-TabBar .lm-TabBar-tab", has_text=title)


def open_first_game(page, wait_for_widgets) -> None:
    """A visit with games kept shows the list: open the most recently changed one."""
    wait_for_widgets(page, ".tt-games-list .tt-game-open", timeout_ms=60_000)
    page.locator(".tt-game-row").first.locator(".tt-game-open").click()
    page.locator(".tt-resolve").wait_for(state="visible", timeout=TIMEOUT)


def database(jupyter_env: dict[str, str]):
    from tabletop.store import open_store

    return open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")


@pytest.mark.browser
def test_two_pages_on_one_game(voila, browser, page, wait_for_widgets, jupyter_env) -> None:
    base_url = voila("africa1880")
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    expect(year(page)).to_contain_text("1895", timeout=TIMEOUT)  # the example, made a game
    other = browser.new_page()
    other.goto(base_url)
    open_first_game(other, wait_for_widgets)
    expect(year(other)).to_contain_text("1895", timeout=TIMEOUT)

    # A round resolved on the first page appears on the second without a touch on it (how soon
    # is counted in looks, not seconds, in tests/store/test_watch.py: the first look after the
    # commit sees it; a loaded machine only makes the looks slower).
    page.locator(".tt-resolve").click()
    expect(year(page)).to_contain_text("1900", timeout=TIMEOUT)
    expect(year(other)).to_contain_text("1900", timeout=TIMEOUT)
    expect(other.locator(".tt-message")).to_contain_text("Another page changed", timeout=TIMEOUT)
    main_tab(other, "Rounds").click()
    expect(other.locator(".tt-history select option")).to_have_count(4, timeout=TIMEOUT)

    # Both pages resolve 1900 at once: exactly one resolution happens, the other page is told
    # and shown the new state.
    main_tab(other, "Order sheets").click()
    main_tab(page, "Order sheets").click()
    page.locator(".tt-resolve").click()
    other.locator(".tt-resolve").click()
    expect(year(page)).to_contain_text("1905", timeout=TIMEOUT)
    expect(year(other)).to_contain_text("1905", timeout=TIMEOUT)
    # Each click is handled: one resolves, the other is refused, whether it reached its kernel
    # before that page saw the resolution (an old version) or just after (a click in flight).
    settled = re.compile(f"Round 1900 resolved\\.|{STALE}")
    for each in (page, other):
        expect(each.locator(".tt-message")).to_contain_text(settled, timeout=TIMEOUT)
    messages = [p.locator(".tt-message").inner_text() for p in (page, other)]
    assert sum("Round 1900 resolved." in m for m in messages) == 1, messages
    assert sum(STALE in m for m in messages) == 1, messages
    with database(jupyter_env) as db:
        (game,) = db.list_games("africa1880")
        steps = [e.step for e in db.history(game.id) if e.action == "resolve" and e.step > 3]
    assert steps == [4, 5], steps  # after the example's three rounds: 1895 and 1900, once each

    # An undo on the first page reaches the second too.
    main_tab(page, "Rounds").click()
    page.locator(".tt-undo").click()
    expect(year(page)).to_contain_text("1900", timeout=TIMEOUT)
    expect(year(other)).to_contain_text("1900", timeout=TIMEOUT)

    log = voila.log_text(base_url)
    assert "Traceback" not in log, log


@pytest.mark.browser
def test_reload_keeps_typed_sheets_and_the_running_timer(
    voila, page, wait_for_widgets, jupyter_env
) -> None:
    base_url = voila("africa1880")
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    sheet_tab(page, "France").click()
    typed = "Algeria: develop\nwar: Germany\n"
    page.locator(".tt-sheet-france textarea").fill(typed)
    expect(page.locator(".tt-rel-france-germany")).to_contain_text("war", timeout=TIMEOUT)
    main_tab(page, "Diplomacy timer").click()
    digits = page.locator(".tt-timer-digits")
    expect(digits).to_contain_text("08:00", timeout=TIMEOUT)
    page.locator(".tt-timer-start").click()
    expect(digits).to_contain_text(re.compile(r"07:5\d"), timeout=TIMEOUT)
    data_dir = jupyter_env["TABLETOP_DATA_DIR"]
    wait_until(sheet_kept(data_dir, "France", typed), "France's typed sheet in the database")

    page.reload()
    open_first_game(page, wait_for_widgets)
    sheet_tab(page, "France").click()
    expect(page.locator(".tt-sheet-france textarea")).to_have_value(typed, timeout=TIMEOUT)
    # The timer still runs, with the time left counted from when it was started.
    expect(main_tab(page, "Diplomacy timer")).to_contain_text("▶", timeout=TIMEOUT)
    main_tab(page, "Diplomacy timer").click()
    expect(digits).to_contain_text(re.compile(r"07:[0-5]\d"), timeout=TIMEOUT)
    first = digits.inner_text()
    expect(digits).not_to_have_text(first, timeout=TIMEOUT)  # counting down
    with database(jupyter_env) as db:
        (game,) = db.list_games("africa1880")
        kept = db.timer(game.id)
        assert kept is not None and kept.state["running"] is True
        assert db.drafts(game.id, 4)["France"].text == typed
    log = voila.log_text(base_url)
    assert "Traceback" not in log, log


@pytest.mark.browser
def test_new_game_leaves_the_old_game_in_the_list(
    voila, page, wait_for_widgets, jupyter_env
) -> None:
    base_url = voila("africa1880")
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    page.locator(".tt-show-games").click()
    expect(page.locator(".tt-game-row")).to_have_count(1, timeout=TIMEOUT)
    page.locator(".tt-games-new").click()
    for power in ("belgium", "italy", "netherlands"):
        page.locator(f".tt-power-{power} input").uncheck()
    page.locator(".tt-start-game").click()
    expect(year(page)).to_contain_text("1880 — round 1 of 8", timeout=TIMEOUT)
    page.locator(".tt-show-games").click()
    expect(page.locator(".tt-game-row")).to_have_count(2, timeout=TIMEOUT)
    expect(page.locator(".tt-games-list")).to_contain_text("Example game")
    with database(jupyter_env) as db:
        games = db.list_games("africa1880")
    assert len(games) == 2 and {g.step for g in games} == {3, 0}
    # The old game opens again as it was.
    page.locator(".tt-game-row", has_text="Example game").locator(".tt-game-open").click()
    expect(year(page)).to_contain_text("1895", timeout=TIMEOUT)
    log = voila.log_text(base_url)
    assert "Traceback" not in log, log
