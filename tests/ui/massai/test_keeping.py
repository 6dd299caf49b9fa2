"""The game kept in the games database (SQLite in the test's folder): new games, history
entries, undo and redo, a stale page refused, imports, a deleted game."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import store_text, store_text_keys
from tabletop.ui.massai.view import MassaiView

from .driving import actions, click, page_on, secret_setup, setups, to_play, visible

ROOT = Path(__file__).resolve().parents[3]


def test_new_game_is_a_new_entry_and_the_old_game_stays(store: Store) -> None:
    view = page_on(store)
    setups(view)
    click(view, "d3")
    first = view.controller.game_id
    assert first is not None
    before = store.load(first)
    view.new_button.click()
    c = view.controller
    assert c.game_id != first and not c.record.actions and c.stage == "setup-wait"
    assert "the previous game stays in the games list" in view.message.value
    assert {g.id for g in store.list_games("massai")} == {first, c.game_id}
    kept = store.load(first)
    assert kept.version == before.version and kept.game.state.owner("d3") == 0


def test_actions_undo_and_redo_are_entries_with_who_and_when(store: Store) -> None:
    view = page_on(store)
    c = view.controller
    secret_setup(view, "c1 d1 e1 d2 e2")
    game_id = c.game_id
    assert game_id is not None
    entry = store.history(game_id)[-1]
    # The first setup is an entry, but the history does not show its squares.
    assert entry.actor == "Player 1" and "c1" not in (entry.detail or "")
    assert "locked in" not in view.message.value  # the page says "Choice locked ✓"
    secret_setup(view, "c6 d6 e6 d5 e5")
    view.continue_button.click()
    click(view, "d3")
    assert store.history(game_id)[-1].actor == "Player 1"
    assert not visible(view.redo_button)
    view.undo_button.click()
    assert c.state.owner("d3") is None and "Undone" in view.message.value
    assert visible(view.redo_button) and c.can_redo
    view.redo_button.click()
    assert c.state.owner("d3") == 0 and "Restored: Player 1 (light): build d3" in view.message.value
    assert not visible(view.redo_button)
    history = store.history(game_id)
    assert [e.action for e in history] == ["new", "play", "play", "play", "undo", "redo"]
    undo, redo = history[-2], history[-1]
    assert undo.returns_to == 3 and undo.undoes == 4 and redo.returns_to == 4
    assert all(e.at.tzinfo is not None for e in history)
    assert store.load(game_id).game.state == c.state


def test_every_action_is_kept_and_a_new_page_continues(store: Store) -> None:
    view = MassaiView(MassaiController(store))
    setups(view)
    click(view, "d3")
    game_id = view.controller.game_id
    assert game_id is not None
    assert store.load(game_id).game.state == view.controller.state
    again = MassaiView(MassaiController(store, game_id))
    assert again.controller.state == view.controller.state
    assert "opened" in again.message.value and "build d3" in again.history.value
    assert "Kept in the games database" in again.saved.value


def test_a_second_page_sees_the_move_and_a_stale_action_is_refused(store: Store) -> None:
    one = page_on(store)
    setups(one)
    game_id = one.controller.game_id
    two = page_on(store, game_id)
    assert two.controller.state == one.controller.state
    click(one, "d3")
    # The second page has not looked yet: its click is made on the old version.
    version = store.current_version(game_id)
    click(two, "c3")
    assert "This game changed on another page" in two.message.value
    assert "your action was not applied" in two.message.value
    assert two.controller.state.owner("d3") == 0 and two.controller.state.owner("c3") is None
    assert store.current_version(game_id) == version  # nothing written
    assert two.controller.state == one.controller.state
    # A page that looks (the watcher's call) shows the other's move and who made it.
    click(two, "d4")
    one.controller.sync()
    assert one.controller.state.owner("d4") == 1
    assert "Another page changed this game: Player 2 (dark): build d4." in one.message.value


def test_the_stale_message_in_each_language(store: Store) -> None:
    one = page_on(store)
    two = page_on(store, one.controller.game_id)
    secret_setup(one, "c1 d1 e1 d2 e2")
    two.controller.set_lang("fr")
    two.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        click(two, square)
    two.confirm_button.click()
    assert "Cette partie a changé sur une autre page" in two.message.value
    assert two.controller.stage == "setup-wait" and two.controller.state.to_move == 1
    assert len(store.history(one.controller.game_id)) == 2
    assert store_text("db_stale", "de").startswith("Diese Partie wurde auf einer anderen Seite")
    for key in store_text_keys():
        assert all(
            store_text(
                key, lang, player=0, reason="x", what="y", name="n", error="e", where="w", names="n"
            )
            for lang in ("en", "fr", "de")
        )


def test_import_makes_a_new_game_and_a_bad_file_changes_nothing(store: Store) -> None:
    view = page_on(store)
    setups(view)
    c = view.controller
    game_id, record, version = c.game_id, c.record, c.version
    count = len(store.list_games())
    for data, said in (
        (b"{broken", "not valid JSON"),
        (b"\xff\xfe", "not a text file"),
        (json.dumps({"format": "tabletop.massai.game", "version": 1}).encode(), "File refused"),
        (json.dumps({"format": "tabletop.africa1880.game"}).encode(), "Africa 1880"),
        (json.dumps([1, 2]).encode(), "File refused"),
    ):
        assert not c.import_file(data, "bad.json")
        assert said in view.message.value and "unchanged" in view.message.value
        assert c.game_id == game_id and c.record is record and c.version == version
        assert len(store.list_games()) == count
    good = GameRecord.new()
    for line in ("setup a1 b1 c1 d1 e1", "setup a6 b6 c6 d6 e6", "build d2"):
        good, _report = good.play(parse_action(line, good.state.to_move))
    view.upload.value = (
        {
            "name": "tuesday.json",
            "type": "application/json",
            "size": 1,
            "last_modified": datetime.now(timezone.utc),
            "content": memoryview(json.dumps(good.to_json()).encode()),
        },
    )
    assert c.game_id != game_id and c.state == good.state
    assert "“tuesday” imported as a new game" in view.message.value
    assert actions(store, c.game_id) == ["import", "play", "play", "play"]
    view.undo_button.click()  # the imported actions are entries: undo works
    assert c.state.owner("d2") is None
    assert store.load(game_id).game.state == record.state


def test_a_game_deleted_on_another_page_is_said(store: Store) -> None:
    view = page_on(store)
    setups(view)
    game_id = view.controller.game_id
    store.delete_game(game_id, confirm=True)
    view.controller.sync()
    assert "deleted on another page" in view.message.value
    click(view, "d3")
    assert "deleted on another page" in view.message.value and store.list_games() == []


def test_guards_confirmed_on_a_stale_page_say_both_why_and_what_was_lost(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    game_id = one.controller.game_id
    two = page_on(store, game_id)
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    click(two, "f3")  # the second page has not looked: Player 1 builds there meanwhile
    assert two.controller.state.owner("f3") == 0
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    message = one.message.value
    assert "This game changed on another page" in message and "not applied" in message
    assert "locked in could not be kept: the game changed since it was locked" in message
    assert one.controller.stage == "play" and one.controller.state.owner("f3") == 0
    assert not any(e.detail and e.detail.startswith("attack") for e in store.history(game_id))
    assert store.secrets(game_id) == {}
