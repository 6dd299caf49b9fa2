"""tabletop.store.archive on both backends: export, import, history archives, refused imports."""

from __future__ import annotations

import json

import pytest

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, example_game, game_from_dict
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import GameArchive, GameDataError, Store
from tests.store.helpers import EXAMPLE_SHEETS, doc_hash


def test_export_is_the_game_file_and_import_makes_a_new_game(store: Store) -> None:
    snap = store.create_game(example_game())
    store.resolve_round(snap.game_id, EXAMPLE_SHEETS, snap.version)
    exported = GameArchive(store).export_game(snap.game_id)
    game = game_from_dict(exported)  # the game file format, read by the game's own loader
    assert game.state.round == 5
    imported = GameArchive(store).import_bytes(json.dumps(exported).encode(), source="game.json")
    assert imported.game_id != snap.game_id
    assert GameArchive(store).export_game(imported.game_id) == exported
    # The file's own rounds become entries, so undo works after an import.
    assert [e.action for e in store.history(imported.game_id)] == ["import"] + ["resolve"] * 4
    undone = store.undo(imported.game_id, imported.version)
    assert undone.game.state.round == 4
    assert len(store.list_games()) == 2


def test_history_archive_round_trip_keeps_undo_entries(store: Store) -> None:
    snap = store.create_game(GameRecord.new())
    one, _ = store.play_action(snap.game_id, "setup a1 b1 b2 c2 c1", snap.version)
    undone = store.undo(snap.game_id, one.version)
    store.redo(snap.game_id, undone.version)
    archive = GameArchive(store).export_history(snap.game_id)
    copy = GameArchive(store).import_data(json.loads(json.dumps(archive)))
    theirs = store.history(copy.game_id, with_states=True)
    ours = store.history(snap.game_id, with_states=True)
    assert [(e.action, e.returns_to, e.undoes, doc_hash(e.state)) for e in theirs] == [
        (e.action, e.returns_to, e.undoes, doc_hash(e.state)) for e in ours
    ]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe", "not a text file"),
        (b'{"format": "x"', "not valid JSON"),
        (b'{"format": "chess"}', "not a game file"),
        # Python itself refuses to read integers of more than 4,300 digits: one line here too.
        (b'{"format": "tabletop-massai-game", "version": ' + b"9" * 5000 + b"}", "too long"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"format": "tabletop-massai-game", "version": 9}', "version 9"),
        (
            b'{"format": "tabletop.store.game-history", "version": 1, "kind": "massai",'
            b' "entries": [{"seq": 1, "state": {"format": "tabletop-massai-game", "version": 1,'
            b' "history": [{"player": 0, "action": "build z9"}]}}]}',
            "entries[0]",
        ),
    ],
)
def test_bad_imports_are_refused_in_one_line_and_add_nothing(
    store: Store, content: bytes, message: str
) -> None:
    with pytest.raises(GameDataError) as caught:
        GameArchive(store).import_bytes(content, source="up.json")
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert store.list_games() == []


def test_a_byte_order_mark_is_read_as_on_the_command_line(store: Store) -> None:
    """Some editors start a UTF-8 file with a byte order mark: the command line's game readers
    accept it, and so does an import."""
    exported = json.dumps(GameArchive(store).export_game(store.create_game(example_game()).game_id))
    imported = GameArchive(store).import_bytes(b"\xef\xbb\xbf" + exported.encode(), source="g.json")
    assert GameArchive(store).export_game(imported.game_id) == json.loads(exported)


def test_a_custom_board_is_embedded_not_a_path(store: Store, tmp_path) -> None:
    board = load_board()
    data = board.to_dict()
    data["name"] = "Our map"
    board_file = tmp_path / "our_board.json"
    board_file.write_text(json.dumps(data), encoding="utf-8")
    game = Game.new(
        ["France", "Germany", "Belgium"], board=load_board(board_file), board_name="our_board.json"
    )
    snap = store.create_game(game)
    board_file.unlink()  # the database never reads it again
    loaded = store.load(snap.game_id)
    assert isinstance(loaded.game, Game) and loaded.game.board.name == "Our map"
    after, _ = store.resolve_round(snap.game_id, "", loaded.version)
    assert after.game.state.round == 2
