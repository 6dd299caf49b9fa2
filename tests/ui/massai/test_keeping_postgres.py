"""The Massai page on a real PostgreSQL database: two pages on one game (the watcher wakes on
NOTIFY), a stale action refused, a locked target kept over a reload."""

from __future__ import annotations

import asyncio
import time

from store.looks import Looks, until

from tabletop.store import Store

from .driving import click, page_on, secret_setup, to_play


def test_two_pages_on_postgresql(pg_store: Store) -> None:
    async def scenario() -> None:
        one = page_on(pg_store)
        two = page_on(pg_store, one.controller.game_id)
        watcher = two.controller.watch()
        assert watcher is not None
        looks = Looks(watcher)
        try:
            secret_setup(one, "c1 d1 e1 d2 e2")
            committed = time.monotonic()
            final = pg_store.versions(one.controller.game_id or 0)
            await until(lambda: two.controller.state.pending_setup is not None)
            # However late it came, the first look begun after the commit was up to date.
            assert looks.first_after(committed).known == final
        finally:
            two.controller.stop_watching()

    asyncio.run(scenario())


def test_stale_action_and_kept_secret_on_postgresql(pg_store: Store) -> None:
    one = page_on(pg_store)
    to_play(one)
    game_id = one.controller.game_id
    two = page_on(pg_store, game_id)
    click(one, "f3")
    version = pg_store.current_version(game_id)
    click(two, "c3")
    assert "This game changed on another page" in two.message.value
    assert pg_store.current_version(game_id) == version and two.controller.state.owner("f3") == 0
    click(two, "c3")  # Player 2 builds on the page now up to date
    one.controller.sync()
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    again = page_on(pg_store, game_id)
    assert again.controller.stage == "guards-wait" and again.scene().target is None
    assert "d4" not in again.prompt.value + again.message.value
    again.start_button.click()
    again.confirm_button.click()
    assert again.scene().target == "d4" and again.controller.stage == "reveal"
