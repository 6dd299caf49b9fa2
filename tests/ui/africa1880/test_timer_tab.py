"""The diplomacy-timer tab of the Africa page: kept with the game, shown on every page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game
from tabletop.store import Store, TimerState, open_store
from tabletop.ui.africa1880.app import AfricaApp
from tabletop.ui.africa1880.controller import AfricaController


@pytest.fixture
def store(private_data_dir: Path) -> Iterator[Store]:
    db = open_store()  # tabletop.db in the test's data folder
    yield db
    db.close()


def two_pages(store: Store) -> tuple[AfricaApp, AfricaApp]:
    """Two pages on one three-power game (as two browser tabs would be)."""
    first = AfricaApp(AfricaController(game=Game.new(["France", "Germany", "Italy"]), store=store))
    second = AfricaApp(AfricaController(store=store, game_id=first.controller.game_id))
    return first, second


def test_typed_sheets_and_a_running_timer_survive_a_new_page(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = two_pages(store)
    first.controller.set_sheet_text("France", "Algeria: develop\n")
    timer = first.timer
    timer.minutes.value = 5
    before, before_monotonic = time.time(), time.monotonic()
    timer.start_button.click()
    kept = store.timer(first.controller.game_id or 0)
    assert kept is not None and kept.state["running"] is True and kept.state["duration"] == 300
    # The new page opens half a minute later: it counts the time since the timer was kept.
    counted = TimerState.remaining_now
    monkeypatch.setattr(
        TimerState,
        "remaining_now",
        lambda self, now=None: counted(self, (time.time() if now is None else now) + 30),
    )
    again = AfricaApp(AfricaController(store=store, game_id=first.controller.game_id))
    assert again.controller.drafts["France"] == "Algeria: develop\n"
    countdown = again.timer.countdown
    assert countdown.running
    remaining, title = countdown.remaining, again.tabs.title_of("timer")
    # Less only by the time this test took: counted on the wall clock since the timer was kept,
    # then on the monotonic clock by the new page's countdown (both measured here, on each).
    spent = (time.time() - before) + (time.monotonic() - before_monotonic)
    assert 270 - spent <= remaining <= 270
    assert title.startswith("Diplomacy timer ▶ ")
    minutes, seconds = title.rsplit(" ", 1)[1].split(":")
    assert 270 - spent <= int(minutes) * 60 + int(seconds) <= 270  # whole seconds, rounded up
    timer.pause_button.click()
    first.timer.countdown.reset(300.0)
    again.timer.countdown.pause()


def test_a_paused_timer_comes_back_paused_with_its_time(store: Store) -> None:
    first, _ = two_pages(store)
    countdown = first.timer.countdown
    countdown.start()
    countdown.remaining = 123.0
    countdown.pause()
    again = AfricaApp(AfricaController(store=store, game_id=first.controller.game_id))
    assert not again.timer.countdown.running
    assert again.timer.countdown.remaining == pytest.approx(countdown.remaining, abs=0.5)


def test_a_timer_started_on_one_page_runs_on_the_other(store: Store) -> None:
    first, second = two_pages(store)
    first.timer.countdown.start()
    second.controller.poll()
    try:
        assert second.timer.countdown.running
        assert second.tabs.title_of("timer").startswith("Diplomacy timer ▶")
        first.timer.countdown.pause()
        second.controller.poll()
        assert not second.timer.countdown.running
    finally:
        first.timer.countdown.pause()
        second.timer.countdown.pause()


def test_running_timer_shows_in_its_tab_title(autosave_path: Path) -> None:
    app = AfricaApp(
        AfricaController(game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path)
    )
    assert app.tabs.title_of("timer") == "Diplomacy timer"
    countdown = app.timer.countdown
    countdown.running = True
    countdown.remaining = 431.2
    # Seen from the other tabs too, where the sheets are typed.
    assert app.tabs.title_of("timer") == "Diplomacy timer ▶ 07:12"
    app.lang_toggle.value = "fr"
    assert app.tabs.title_of("timer") == "Minuteur de diplomatie ▶ 07:12"
    countdown.running = False
    countdown.remaining = 0.0
    countdown.finished = True
    assert app.tabs.title_of("timer") == "Minuteur de diplomatie ⚠ 00:00"
    countdown.reset()
    assert app.tabs.title_of("timer") == "Minuteur de diplomatie"
    assert app.tabs.title_of("orders") == "Fiches d'ordres"
