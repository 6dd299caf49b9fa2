"""Where the Africa page keeps its games: the database shared by every page (a real SQLite file in
tmp). Two pages on one game, stale actions refused, typed sheets and the timer kept, the autosave
files of earlier versions imported once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from store.looks import HANG_SECONDS, Looks

from tabletop.games.africa1880.gamefile import Game, example_orders
from tabletop.store import Store, open_store
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.game_link import SETTLE_SECONDS
from tabletop.ui.africa1880.persistence import AUTOSAVE_NAME, data_dir, default_autosave_path
from tabletop.ui.shell.store_link import Debouncer, store_text

STALE = "This game changed on another page"


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


def resolves(store: Store, game_id: int | None) -> list[int]:
    assert game_id is not None
    return [e.step for e in store.history(game_id) if e.action == "resolve"]


def test_data_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert default_autosave_path() == tmp_path / "x" / AUTOSAVE_NAME


def test_the_database_file_is_in_the_data_folder(private_data_dir: Path) -> None:
    app = africa_app()
    assert app.controller.store is not None
    assert (private_data_dir / "tabletop.db").is_file()


def test_an_old_autosave_is_imported_once_with_its_sheets_and_kept(private_data_dir: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    game.apply(game.read_sheets("[France]\nAlgeria: develop\n"), "[France]\nAlgeria: develop\n")
    saved = private_data_dir / AUTOSAVE_NAME
    saved.write_text(json.dumps(game.to_dict()))
    state = game.state
    drafts = {
        "format": "tabletop.africa1880.drafts",
        "powers": list(state.powers),
        "year": state.year,
        "round": state.round,
        "history": len(game.history),
        "drafts": {"Italy": "Somalia: develop\n"},
    }
    (private_data_dir / "africa1880-autosave.drafts.json").write_text(json.dumps(drafts))
    before = saved.read_bytes()
    app = africa_app()
    assert app.showing_games and app.games is not None
    assert [row.info.name for row in app.games.rows] == ["Imported from africa1880-autosave.json"]
    assert "1 game(s)" in app.message.value
    app.games.rows[0].open_button.click()
    assert app.controller.state == state
    assert app.controller.drafts["Italy"] == "Somalia: develop\n"
    assert saved.read_bytes() == before  # the original is only read
    again = africa_app()  # another visit: not imported a second time
    assert again.games is not None and len(again.games.rows) == 1


def test_a_resolution_on_one_page_appears_on_the_other(store: Store) -> None:
    first, second = two_pages(store)
    first.controller.set_order("France", "Algeria", "develop")
    first.orders.resolve_button.click()
    second.controller.poll()  # what the watcher does twice a second
    assert second.controller.state == first.controller.state
    assert "1885" in second.year.value
    assert second.rounds.history.options == (("1880", 0),)
    assert "Round 1880" in second.result.report.value
    assert "Another page changed this game" in second.message.value


def test_a_stale_resolution_is_refused_and_the_new_state_shown(store: Store) -> None:
    first, second = two_pages(store)
    first.controller.set_order("France", "Algeria", "develop")
    second.controller.set_order("Germany", "Kamerun", "develop")
    first.orders.resolve_button.click()
    # the second page has not seen the change yet, and resolves the same round
    second.orders.resolve_button.click()
    assert STALE in second.message.value and "tt-msg-error" in second.message.value
    assert second.controller.state == first.controller.state  # shown the new state
    assert resolves(store, first.controller.game_id) == [1]  # exactly one resolution
    last = store.history(first.controller.game_id or 0)[-1]
    assert "Algeria: develop" in (last.detail or "") and "Kamerun" not in (last.detail or "")


def test_a_click_in_flight_when_another_pages_change_is_shown_is_refused(store: Store) -> None:
    """Both pages click Resolve on 1880; the second page's click reaches its kernel just after
    that page was shown the first page's resolution. Its player never saw 1885: refused as
    stale, not a resolution of 1885. A click made once the new round had time to be seen
    resolves it."""
    first, second = two_pages(store)
    now = [100.0]
    second.controller.link.clock = lambda: now[0]
    first.orders.resolve_button.click()
    second.controller.poll()  # shown the resolution ...
    now[0] += SETTLE_SECONDS / 2
    second.orders.resolve_button.click()  # ... while the click was on its way
    assert STALE in second.message.value
    assert second.controller.state.year == 1885
    assert resolves(store, first.controller.game_id) == [1]
    assert second.controller.undo() is False  # an undo in flight too
    now[0] += SETTLE_SECONDS
    second.orders.resolve_button.click()
    assert "Round 1885 resolved" in second.message.value
    assert resolves(store, first.controller.game_id) == [1, 2]


def test_a_page_built_before_its_visitor_catches_up_when_the_visitor_comes(store: Store) -> None:
    """A page Voilà prepared ahead (the README serves it so) shows the games list and the game
    as the database has them when its visitor comes, and a first click is not refused as stale:
    nobody saw the older state."""
    example = africa_app(store=store)  # the example kept as the first game
    prepared = africa_app(store=store)  # a page prepared ahead: games exist, the list is shown
    shown = prepared.games
    assert shown is not None and prepared.games_box.layout.display != "none"
    rounds = [row.info.step for row in shown.rows]
    example.orders.resolve_button.click()  # another page resolves while nobody looks
    now = [100.0]
    prepared.controller.link.clock = lambda: now[0]
    prepared.catch_up()  # the visitor comes
    assert [row.info.step for row in shown.rows] == [rounds[0] + 1]
    assert prepared.controller.state == example.controller.state
    prepared.orders.resolve_button.click()  # at once: not refused
    assert STALE not in prepared.message.value
    assert resolves(store, example.controller.game_id)[-2:] == [rounds[0] + 1, rounds[0] + 2]


def test_news_older_than_the_page_does_not_undo_its_own_resolution(store: Store) -> None:
    """The second page keeps its typed sheets (a change seen by the first page's watcher), then
    the first page resolves before that look is handled: the late news is older than what the
    page shows, so its own "resolved" stands and nothing is reloaded."""
    first, second = two_pages(store)
    watcher = first.controller.link.watcher
    assert watcher is not None and watcher.watcher is not None
    second.controller.set_sheet_text("Italy", "Somalia: develop\n")
    late = watcher.watcher.check()  # the look taken before the resolution ...
    assert late is not None and not late.state_changed
    first.controller.resolve()
    shown = first.controller.message
    assert "Round 1880 resolved" in shown
    watcher.on_change(late)  # ... handled after it
    assert first.controller.message == shown
    assert first.controller.state.year == 1885


def test_a_stale_undo_is_refused(store: Store) -> None:
    first, second = two_pages(store)
    first.orders.resolve_button.click()
    second.controller.poll()
    first.orders.resolve_button.click()  # 1885 resolved on the first page
    assert second.controller.undo() is False  # the second page still shows 1885 to play
    assert STALE in second.controller.message
    assert second.controller.state.year == 1890 == first.controller.state.year
    actions = [e.action for e in store.history(first.controller.game_id or 0)]
    assert "undo" not in actions


def test_the_message_is_translated(store: Store) -> None:
    first, second = two_pages(store)
    second.controller.lang = "fr"
    first.controller.resolve()
    second.controller.resolve()
    assert second.controller.message == store_text("stale", "fr")
    assert store_text("stale", "de").startswith("Diese Partie wurde auf einer anderen Seite")


def test_the_watcher_brings_the_change_at_its_next_look(store: Store) -> None:
    first, second = two_pages(store)
    watcher = second.controller.link.watcher
    assert watcher is not None and watcher.watcher is not None
    looks = Looks(watcher.watcher)
    watcher.watcher.start()  # in a page this runs from the start (in the kernel's loop)
    try:
        first.controller.resolve()
        committed = time.monotonic()
        final = store.versions(first.controller.game_id or 0)
        # Without a loop the change is handled in the watcher's thread, before it looks again.
        looks.wait_for(lambda: second.controller.state.year == 1885)
        # However late it came, the first look begun after the commit was up to date.
        assert looks.first_after(committed).known == final
    finally:
        second.controller.close()


def test_sheets_typed_on_one_page_appear_on_the_other(store: Store) -> None:
    first, second = two_pages(store)
    first.controller.set_sheet_text("Italy", "Somalia: develop\n")
    second.controller.poll()
    assert second.controller.drafts["Italy"] == "Somalia: develop\n"
    second.orders.sheet_tabs.show("Italy")
    assert "Somalia: develop" in second.orders.editors["Italy"].text.value


def test_a_game_deleted_on_another_page_is_said(store: Store) -> None:
    first, second = two_pages(store)
    store.delete_game(first.controller.game_id or 0, confirm=True)
    second.controller.poll()
    assert "deleted on another page" in second.controller.message
    assert second.controller.resolve() is None  # nothing is written any more
    assert store.list_games() == []


def test_typing_is_written_once_after_a_pause() -> None:
    calls: list[int] = []

    async def typing() -> None:
        written = asyncio.Event()

        def write() -> None:
            calls.append(1)
            written.set()

        saver = Debouncer(write, delay=0.05, loop=asyncio.get_running_loop())
        for _ in range(5):
            saver.touch()
        assert calls == []
        await asyncio.wait_for(written.wait(), HANG_SECONDS)
        assert calls == [1] and not saver.pending  # five changes, one write
        saver.touch()
        saver.flush()  # before a resolution: written at once
        assert calls == [1, 1]

    asyncio.run(typing())


def test_sheets_of_the_example_are_kept_with_the_new_game(store: Store) -> None:
    ctl = AfricaController(store=store)
    kept = store.drafts(ctl.game_id or 0, ctl.state.round)
    assert set(kept) == set(ctl.powers)
    assert all(line.strip() in example_orders() for line in kept["France"].text.splitlines())
