"""The Massai page on a real games database (SQLite in the test's folder): new games, history
entries, undo and redo, two pages on one game, secrets kept over a reload, imports."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import datetime, timezone

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import Store, open_store
from tabletop.ui.massai.app import MassaiPage, MassaiView, massai_app
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import store_text, store_text_keys

from .test_app import attack, click, secret_setup, setups, visible


def page_on(store: Store, game_id: int | None = None) -> MassaiView:
    view = MassaiView(MassaiController(store, game_id))
    view.redraw()
    return view


def actions(store: Store, game_id: int) -> list[str]:
    return [entry.action for entry in store.history(game_id)]


def to_play(view: MassaiView) -> None:
    """Setups, then two builds each: d4 (Player 2) touches d3 and c4 can be attacked."""
    setups(view)
    for square in ("d3", "d4", "e3", "c4"):
        click(view, square)


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


def test_watcher_brings_the_other_page_s_move_within_a_second(store: Store) -> None:
    async def scenario() -> float:
        one = page_on(store)
        two = page_on(store, one.controller.game_id)
        assert two.controller.watch() is not None
        try:
            started = time.monotonic()
            secret_setup(one, "c1 d1 e1 d2 e2")
            while two.controller.state.pending_setup is None:
                assert time.monotonic() - started < 5, "the second page never saw the setup"
                await asyncio.sleep(0.02)
            return time.monotonic() - started
        finally:
            two.controller.stop_watching()

    delay = asyncio.run(scenario())
    assert delay < 1.5


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
    assert "d4 was guarded and stays" in again.message.value
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
    one.cancel_button.click()
    two.controller.sync()
    assert two.controller.stage == "play" and "cancelled on another page" in two.message.value


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


def test_the_page_opens_the_list_and_new_game_keeps_the_others(store: Store) -> None:
    fresh = MassaiPage(store, watch=False)
    assert "tt-massai-app" in fresh.root._dom_classes  # no game yet: one is started
    assert fresh.view is not None and len(store.list_games("massai")) == 1
    setups(fresh.view)
    page = MassaiPage(store, watch=False)
    assert page.view is None and "tt-massai-list" in page.root._dom_classes
    assert page.games is not None and len(page.games.rows) == 1
    page.games.rows[0].open_button.click()
    assert page.view is not None and page.view.controller.state.phase == "play"
    assert visible(page.view.games_button)
    page.view.games_button.click()
    assert "tt-massai-list" in page.root._dom_classes
    page.games.new_button.click()
    assert len(store.list_games("massai")) == 2
    assert not page.view.controller.record.actions
    page.view.games_button.click()
    page.set_lang("fr")
    assert page.games.new_button.description == "＋ Nouvelle partie"
    page.upload.value = (
        {
            "name": "bad.json",
            "type": "application/json",
            "size": 1,
            "last_modified": datetime.now(timezone.utc),
            "content": memoryview(b"{broken"),
        },
    )
    assert "Fichier refusé" in page.message.value and len(store.list_games("massai")) == 2


def test_attack_after_a_reload_plays_the_locked_target(store: Store) -> None:
    one = page_on(store)
    to_play(one)
    attack(one, "d4", "")
    assert one.controller.stage == "reveal" and one.scene().target == "d4"
    again = page_on(store, one.controller.game_id)
    assert again.controller.stage == "play" and again.controller.state.to_move == 1


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


def test_a_game_deleted_on_another_page_is_said(store: Store) -> None:
    view = page_on(store)
    setups(view)
    game_id = view.controller.game_id
    store.delete_game(game_id, confirm=True)
    view.controller.sync()
    assert "deleted on another page" in view.message.value
    click(view, "d3")
    assert "deleted on another page" in view.message.value and store.list_games() == []


def test_a_former_game_file_argument_keeps_the_games_beside_it(tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    record = GameRecord.new()
    record, _report = record.play(parse_action("setup a1 b1 c1 d1 e1", 0))
    (folder / "tuesday.json").write_text(json.dumps(record.to_json()), encoding="utf-8")
    root = massai_app(game_file=folder / "tuesday.json", watch=False)
    page = root._massai_page
    assert "tuesday.json" in page.message.value and (folder / "tabletop.db").is_file()
    page.games.rows[0].open_button.click()
    assert "setup is locked in" in page.view.message.value
    page.view.controller.stop_watching()
    with open_store(folder / "tabletop.db") as kept:
        assert [g.step for g in kept.list_games("massai")] == [1]


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
