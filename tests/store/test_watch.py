"""A change made by another process is seen by a page's watcher within about a second."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from typing import Any

from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import GameChange, GameWatcher, Store, open_store


def _play_in_another_process(url: str, game_id: int, delay: float, done: Any) -> None:
    time.sleep(delay)
    store = open_store(url)
    store.play_action(game_id, "setup a1 b1 b2 c2 c1")
    done.put(time.time())
    store.close()


def test_a_thread_watcher_sees_another_process_change(store: Store, db_url: str) -> None:
    snap = store.create_game(GameRecord.new())
    seen: list[tuple[float, GameChange]] = []
    watcher = GameWatcher(store, snap.game_id, lambda c: seen.append((time.time(), c))).start()
    try:
        context = multiprocessing.get_context("spawn")
        done = context.Queue()
        child = context.Process(
            target=_play_in_another_process, args=(db_url, snap.game_id, 0.2, done)
        )
        child.start()
        committed = done.get(timeout=60)
        child.join(30)
        deadline = time.time() + 5
        while not seen and time.time() < deadline:
            time.sleep(0.02)
    finally:
        watcher.stop()
    assert seen, "the watcher never saw the change"
    at, change = seen[0]
    assert change.state_changed and change.versions is not None
    assert change.versions.version == snap.version + 1
    assert at - committed < 1.0
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
        watcher = GameWatcher(store, snap.game_id, seen.append, interval=0.1)
        task = asyncio.create_task(watcher.run())
        await asyncio.sleep(0.2)
        other = open_store(store.url)
        await asyncio.to_thread(other.play_action, snap.game_id, "setup a1 b1 b2 c2 c1")
        for _ in range(50):
            if seen:
                break
            await asyncio.sleep(0.05)
        task.cancel()
        other.close()

    asyncio.run(scenario())
    assert seen and seen[0].versions is not None
    assert seen[0].versions.version == snap.version + 1
