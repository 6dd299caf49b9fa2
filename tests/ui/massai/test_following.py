"""Two pages on one game: the watcher brings the other page's changes, an entry under way is
interrupted with the reason, a target locked elsewhere is followed."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from store.looks import Looks, until

from tabletop.store import Store

from .driving import click, page_on, secret_setup, to_play, visible

ROOT = Path(__file__).resolve().parents[3]


def test_another_page_interrupts_an_entry_under_way(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    two = page_on(store, one.controller.game_id)
    two.attack_button.click()
    two.start_button.click()
    click(two, "c4")
    click(one, "f3")  # Player 1 builds instead, on the first page
    two.controller.sync()
    c2 = two.controller
    assert c2.stage == "play" and c2.state.owner("f3") == 0 and c2.selection == ()
    assert "This game changed on another page" in two.message.value


def test_watcher_brings_the_other_page_s_move_at_its_next_look(store: Store) -> None:
    async def scenario() -> None:
        one = page_on(store)
        two = page_on(store, one.controller.game_id)
        watcher = two.controller.watch()
        assert watcher is not None
        looks = Looks(watcher)
        try:
            secret_setup(one, "c1 d1 e1 d2 e2")
            committed = time.monotonic()
            final = store.versions(one.controller.game_id or 0)
            await until(lambda: two.controller.state.pending_setup is not None)
            # However late it came, the first look begun after the commit was up to date.
            assert looks.first_after(committed).known == final
        finally:
            two.controller.stop_watching()

    asyncio.run(scenario())


def test_a_target_locked_on_another_page_is_followed_and_its_cancel_too(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    two = page_on(store, one.controller.game_id)
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    two.controller.sync()
    assert two.controller.stage == "guards-wait"
    assert "locked an attack target on another page" in two.message.value
    assert "d4" not in two.prompt.value + two.message.value
    # Once locked, the attack cannot be cancelled here (the defender only clears guards) ...
    assert not visible(one.cancel_button)
    one.controller.cancel()
    assert one.controller.stage == "guards-wait" and "cannot be cancelled" in one.message.value
    # ... but a page of an earlier version may still clear it: the other page follows.
    store.set_secret(one.controller.game_id, "Player 1", None)
    two.controller.sync()
    assert two.controller.stage == "play" and "cancelled on another page" in two.message.value


def test_a_page_waiting_for_guards_shows_the_attack_played_elsewhere(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    two = page_on(store, one.controller.game_id)
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    two.controller.sync()
    assert two.controller.stage == "guards-wait"
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    two.controller.sync()
    message = two.message.value
    assert "Another page changed this game: Player 1 (light): attack d4 guards d4" in message
    assert "not applied" not in message and two.controller.stage == "play"
    assert store.secrets(one.controller.game_id) == {}
