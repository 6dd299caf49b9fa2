"""A change made by another process is seen by a page's watcher at its next look."""

from __future__ import annotations

import asyncio
import multiprocessing
import queue
import time
from typing import Any

from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import GameChange, GameWatcher, Store, open_store

from .looks import HANG_SECONDS, Looks


def _play_in_another_process(url: str, game_id: int, done: Any) -> None:
    store = open_store(url)
    store.play_action(game_id, "setup a1 b1 b2 c2 c1")
    done.put("committed")
    store.close()


def test_a_thread_watcher_sees_another_process_change(store: Store, db_url: str) -> None:
    snap = store.create_game(GameRecord.new())
    seen: queue.Queue[GameChange] = queue.Queue()
    watcher = GameWatcher(store, snap.game_id, seen.put)
    looks = Looks(watcher)
    watcher.start()
    try:
        context = multiprocessing.get_context("spawn")
        done = context.Queue()
        child = context.Process(target=_play_in_another_process, args=(db_url, snap.game_id, done))
        child.start()
        assert done.get(timeout=HANG_SECONDS) == "committed"
        committed = time.monotonic()  # the commit is over by now
        child.join(HANG_SECONDS)
        change = seen.get(timeout=HANG_SECONDS)
        # However late it came, the first look begun after the commit was up to date.
        assert looks.first_after(committed).known == store.versions(snap.game_id)
    finally:
        watcher.stop()
    assert change.state_changed and change.versions is not None
    assert change.versions.version == snap.version + 1
    assert watcher.last_error is None


def test_sheets_are_seen_without_being_a_state_change(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    watcher = GameWatcher(store, snap.game_id, lambda c: None)
    other = open_store(store.url)
    other.save_draft(snap.game_id, 0, "0", "text")
    change = watcher.poll()
    assert change is not None and not change.state_changed
    assert watcher.poll() is None
    other.delete_game(snap.game_id, confirm=True)
    gone = watcher.poll()
    assert gone is not None and gone.deleted
    watcher.close()
    other.close()


def test_an_asyncio_task_watcher(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    seen: list[GameChange] = []

    async def scenario() -> None:
        arrived = asyncio.Event()
        looked = asyncio.Event()
        loop = asyncio.get_running_loop()

        def on_change(change: GameChange) -> None:  # runs in the loop
            seen.append(change)
            arrived.set()

        watcher = GameWatcher(store, snap.game_id, on_change, interval=0.1)
        looks = Looks(watcher)
        first_look = watcher.check

        def check() -> GameChange | None:  # runs in a worker thread of the loop
            change = first_look()
            loop.call_soon_threadsafe(looked.set)
            return change

        watcher.check = check  # type: ignore[method-assign]
        task = asyncio.create_task(watcher.run())
        await asyncio.wait_for(looked.wait(), HANG_SECONDS)  # it runs: the change comes later
        other = open_store(store.url)
        await asyncio.to_thread(other.play_action, snap.game_id, "setup a1 b1 b2 c2 c1")
        await asyncio.wait_for(arrived.wait(), HANG_SECONDS)
        task.cancel()
        other.close()
        assert looks.taken[0].change is None  # the first look, before the change, saw none

    asyncio.run(scenario())
    assert seen and seen[0].versions is not None
    assert seen[0].versions.version == snap.version + 1
