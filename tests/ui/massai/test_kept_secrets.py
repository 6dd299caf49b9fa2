"""Secrets kept over a reload: a locked attack target and a locked first setup stay hidden;
one that cannot be used any more is said, not dropped in silence."""

from __future__ import annotations

from pathlib import Path

from tabletop.store import Store

from .driving import attack, click, page_on, secret_setup, to_play, visible

ROOT = Path(__file__).resolve().parents[3]


def test_a_locked_target_survives_a_new_page_and_stays_hidden(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    assert one.controller.stage == "guards-wait"
    assert list(store.secrets(game_id)) == ["Player 1"]
    # A reload: a new controller and view on the same database.
    again = page_on(store, game_id)
    c = again.controller
    assert c.stage == "guards-wait" and visible(again.start_button)
    assert "Choice locked ✓" in again.prompt.value
    assert "attack target is locked in ✓" in again.message.value
    shown = again.prompt.value + again.message.value + again.history.value + again.status.value
    assert "d4" not in shown.replace("build d4", "")
    scene = again.scene()
    assert scene.target is None and scene.selection == () and scene.guards == ()
    # The defender chooses the guards on the new page: the attack is the one locked in.
    again.start_button.click()
    assert again.scene().target is None
    click(again, "d4")
    again.confirm_button.click()
    assert c.stage == "reveal" and again.scene().target == "d4"
    assert "d4 was guarded and stays" in again.prompt.value  # the headline says the result
    assert store.secrets(game_id) == {}
    assert store.history(game_id)[-1].detail == "attack d4 guards d4"


def test_a_locked_setup_survives_a_new_page_hidden(store: Store) -> None:
    one = page_on(store)
    secret_setup(one, "c1 d1 e1 d2 e2")
    again = page_on(store, one.controller.game_id)
    assert again.controller.stage == "setup-wait"
    assert "Player 1 (light)&#x27;s setup is locked in ✓" in again.message.value
    assert "Player 2 (dark): choose" in again.prompt.value
    assert "c1" not in again.history.value + again.message.value
    assert again.scene().state.huts == (frozenset(), frozenset())


def test_a_target_that_cannot_be_kept_is_said_not_dropped(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    one.attack_button.click()
    one.start_button.click()
    click(one, "c4")
    one.confirm_button.click()
    # Meanwhile the last build is taken back from the command line: the target is stale.
    store.undo(game_id, store.current_version(game_id), actor="command line")
    again = page_on(store, game_id)
    assert again.controller.stage == "play"
    message = again.message.value
    assert "The attack target Player 1 (light) locked in could not be kept" in message
    assert "the game changed since it was locked" in message and "c4" not in message
    assert store.secrets(game_id) == {}
    # A kept secret the page cannot read is said as well.
    store.set_secret(game_id, "Player 1", {"what": "something else"})
    third = page_on(store, game_id)
    assert "the kept choice could not be read" in third.message.value


def test_attack_after_a_reload_plays_the_locked_target(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    attack(one, "d4", "")
    assert one.controller.stage == "reveal" and one.scene().target == "d4"
    again = page_on(store, one.controller.game_id)
    assert again.controller.stage == "play" and again.controller.state.to_move == 1


def test_a_reload_while_the_target_is_being_chosen_goes_on_with_the_attack(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")  # chosen, not confirmed: nothing of it is kept
    again = page_on(store, game_id)
    c = again.controller
    assert c.stage == "attack-wait" and c.target is None and again.scene().target is None
    said = again.message.value
    assert "Player 1 (light) had announced an attack" in said and "chooses the target" in said
    assert "d4" not in said
    # The attack goes on from the new page: a new target, locked in, then the guards.
    again.start_button.click()
    click(again, "c4")
    again.confirm_button.click()
    assert c.stage == "guards-wait" and store.secrets(game_id)["Player 1"]["target"] == "c4"
    c.set_lang("de")
    again2 = page_on(store, game_id)
    assert again2.controller.stage == "guards-wait"


def test_a_cancelled_announcement_is_forgotten(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    one.attack_button.click()
    assert store.secrets(game_id)["Player 1"]["what"] == "attack-announced"
    one.cancel_button.click()
    assert store.secrets(game_id) == {}
    assert page_on(store, game_id).controller.stage == "play"


def test_an_announcement_of_an_earlier_position_is_dropped(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    one.attack_button.click()
    # An announcement made on another version of the game (the game went on without it).
    store.set_secret(game_id, "Player 1", {"what": "attack-announced", "player": 0, "on": -1})
    again = page_on(store, game_id)
    assert again.controller.stage == "play" and store.secrets(game_id) == {}
