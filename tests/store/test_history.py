"""tabletop.store.history on both backends: new games, appended states, undo/redo as entries,
the optimistic version check, rename and deletion."""

from __future__ import annotations

import threading

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import (
    GameArchive,
    GameDataError,
    GameNotFound,
    NothingToRedo,
    NothingToUndo,
    StaleGameError,
    Store,
    StoreError,
    open_store,
)
from tests.store.helpers import EXAMPLE_SHEETS


def test_new_game_keeps_the_example_history_as_entries(store: Store) -> None:
    snap = store.create_game(example_game(), name="Club")
    entries = store.history(snap.game_id)
    assert [e.action for e in entries] == ["new", "resolve", "resolve", "resolve"]
    assert [e.step for e in entries] == [0, 1, 2, 3]
    assert snap.version == 4 and snap.seq == 4
    loaded = store.load(snap.game_id)
    assert loaded.game.to_dict() == example_game().to_dict()
    assert loaded.info.players == ["Belgium", "France", "Germany", "Great Britain"]
    assert [g.name for g in store.list_games()] == ["Club"]


def test_resolve_appends_the_real_core_result(store: Store) -> None:
    snap = store.create_game(example_game())
    after, report = store.resolve_round(snap.game_id, EXAMPLE_SHEETS, snap.version, actor="France")
    expected = example_game()
    expected.apply(expected.read_sheets(EXAMPLE_SHEETS), EXAMPLE_SHEETS)
    assert store.load(snap.game_id).game.to_dict() == expected.to_dict()
    last = store.history(snap.game_id)[-1]
    assert (last.action, last.actor, last.detail, last.step) == (
        "resolve",
        "France",
        EXAMPLE_SHEETS,
        4,
    )
    assert last.report == report.to_dict(include_state=False)
    assert after.version == snap.version + 1


def test_oversized_sheets_are_refused_and_nothing_is_written(store: Store) -> None:
    snap = store.create_game(example_game())
    with pytest.raises(GameDataError, match="65,536"):
        store.resolve_round(snap.game_id, "[France]\n" + "x" * 70_000, snap.version)
    assert store.load(snap.game_id).version == snap.version
    assert len(store.history(snap.game_id)) == 4


def test_undo_is_a_new_entry_and_redo_restores_the_undone_state(store: Store) -> None:
    snap = store.create_game(example_game())
    gid = snap.game_id
    before = store.load(gid).game.to_dict()
    resolved, _ = store.resolve_round(gid, EXAMPLE_SHEETS, snap.version)
    after = resolved.game.to_dict()
    undone = store.undo(gid, resolved.version, actor="table")
    assert undone.game.to_dict() == before
    undone2 = store.undo(gid, undone.version)
    assert undone2.game.state.round == 3
    redone = store.redo(gid, undone2.version)
    assert redone.game.to_dict() == before
    redone2 = store.redo(gid, redone.version)
    assert redone2.game.to_dict() == after
    with pytest.raises(NothingToRedo):
        store.redo(gid, redone2.version)
    entries = store.history(gid, with_states=True)
    # Nothing was removed: the resolved state is still there, and every entry holds its state.
    assert [e.action for e in entries][-5:] == ["resolve", "undo", "undo", "redo", "redo"]
    # Entries keep the game file without its board, which is kept once per game.
    assert entries[4].state == {k: v for k, v in after.items() if k != "board"}
    assert entries[-1].returns_to == 5
    assert store.current_version(gid) == len(entries)


def test_a_new_change_after_undo_empties_redo(store: Store) -> None:
    snap = store.create_game(example_game())
    gid = snap.game_id
    resolved, _ = store.resolve_round(gid, EXAMPLE_SHEETS, snap.version)
    undone = store.undo(gid, resolved.version)
    again, _ = store.resolve_round(gid, "", undone.version)  # every presence holds this time
    assert store.can_undo_redo(gid) == (True, False)
    with pytest.raises(NothingToRedo):
        store.redo(gid, again.version)
    back = store.undo(gid, again.version)
    assert back.game.to_dict() == undone.game.to_dict()


def test_undo_at_the_first_state_is_refused_and_changes_nothing(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    with pytest.raises(NothingToUndo):
        store.undo(snap.game_id, snap.version)
    assert store.current_version(snap.game_id) == snap.version
    assert len(store.history(snap.game_id)) == 1


def test_a_change_on_a_stale_version_is_refused_with_the_new_version(store: Store) -> None:
    snap = store.create_game(example_game())
    first, _ = store.resolve_round(snap.game_id, EXAMPLE_SHEETS, snap.version)
    with pytest.raises(StaleGameError) as caught:
        store.resolve_round(snap.game_id, "", snap.version)
    assert caught.value.version == first.version
    assert "this game changed on another page" in str(caught.value)
    with pytest.raises(StaleGameError):
        store.undo(snap.game_id, snap.version)
    stale_game = snap.game
    assert isinstance(stale_game, Game)
    stale_game.apply(stale_game.read_sheets(""), "")
    with pytest.raises(StaleGameError):
        store.append(snap.game_id, stale_game, snap.version, "resolve")
    assert len(store.history(snap.game_id)) == first.seq


def test_two_resolutions_of_one_round_at_once_exactly_one_happens(db_url: str) -> None:
    setup = open_store(db_url)
    snap = setup.create_game(example_game())
    results: list[str] = []
    barrier = threading.Barrier(4)

    def resolve_it() -> None:
        own = open_store(db_url)
        try:
            barrier.wait()
            own.resolve_round(snap.game_id, EXAMPLE_SHEETS, snap.version)
            results.append("resolved")
        except StaleGameError:
            results.append("stale")
        finally:
            own.close()

    threads = [threading.Thread(target=resolve_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["resolved", "stale", "stale", "stale"]
    assert [e.action for e in setup.history(snap.game_id)].count("resolve") == 4
    setup.close()


def test_massai_actions_and_a_refused_one(store: Store) -> None:
    snap = store.create_game(GameRecord.new(), name="M")
    one, _ = store.play_action(snap.game_id, "setup a1 b1 b2 c2 c1", snap.version, actor="Player 1")
    two, _ = store.play_action(snap.game_id, "setup h6 g6 g5 f5 f6", one.version)
    with pytest.raises(GameDataError):
        store.play_action(snap.game_id, "build a1", two.version)  # occupied: refused by the rules
    assert store.current_version(snap.game_id) == two.version
    assert isinstance(two.game, GameRecord) and two.game.state.phase == "play"
    with pytest.raises(GameDataError):
        store.resolve_round(snap.game_id, "", two.version)


def test_rename_duplicate_and_confirmed_delete(store: Store) -> None:
    snap = store.create_game(example_game(), name="A")
    info = store.rename(snap.game_id, "  Tuesday   club ")
    assert info.name == "Tuesday club" and info.version == snap.version
    copy = GameArchive(store).duplicate(snap.game_id)
    assert copy.game_id != snap.game_id and copy.info.name == "Tuesday club (copy)"
    assert len(store.history(copy.game_id)) == len(store.history(snap.game_id))
    with pytest.raises(StoreError, match="export it first"):
        store.delete_game(snap.game_id)
    store.save_draft(snap.game_id, 4, "France", "x")
    store.delete_game(snap.game_id, confirm=True)
    with pytest.raises(GameNotFound):
        store.load(snap.game_id)
    assert [g.id for g in store.list_games()] == [copy.game_id]


def test_the_id_of_a_deleted_game_is_never_given_again(store: Store) -> None:
    first = store.create_game(GameRecord.new())
    second = store.create_game(GameRecord.new())
    store.delete_game(second.game_id, confirm=True)
    third = store.create_game(GameRecord.new())
    assert third.game_id > second.game_id > first.game_id
