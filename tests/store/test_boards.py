"""Saved boards on both backends: versions never overwritten, checked before writing, photos kept
once, the editor's unfinished work; a game keeps the board version it was started on."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import GameArchive, GameDataError, Store
from tabletop.store.boards import (
    MAX_PHOTO_BYTES,
    BoardNotFound,
    Boards,
    SavedBoard,
    SavedBoardError,
)
from tabletop.store.schema import board_photos, board_versions
from tests.games.africa1880.grid_board import grid_board

JPEG = b"\xff\xd8\xff\xe0" + b"photo of the board" * 10
PNG = b"\x89PNG\r\n\x1a\n" + b"another photo" * 10


def test_each_save_is_a_new_version_and_older_ones_stay(store: Store) -> None:
    boards = Boards(store)
    first = boards.save("Club board", grid_board())
    assert isinstance(first, SavedBoard) and first.version == 1 and first.territories == 20
    changed = grid_board()
    changed["territories"][0]["spaces"] = 4
    changed["total_spaces"] += 4 - changed["territories"][0]["spaces"] + 3
    changed["total_spaces"] = sum(t["spaces"] for t in changed["territories"])
    second = boards.save("Club board, spaces fixed", changed, board_id=first.board_id)
    assert (second.board_id, second.version) == (first.board_id, 2)
    assert boards.get(first.board_id, 1)["territories"][0]["spaces"] == 1
    assert boards.get(first.board_id)["territories"][0]["spaces"] == 4
    assert boards.get(first.board_id, 2)["name"] == "Club board, spaces fixed"
    assert [(v.version, v.name) for v in boards.versions(first.board_id)] == [
        (2, "Club board, spaces fixed"),
        (1, "Club board"),
    ]
    other = boards.save("", grid_board(name="Second board", columns=4, rows=3))
    listed = boards.list()
    assert [(b.board_id, b.version, b.name, b.territories) for b in listed] == [
        (other.board_id, 1, "Second board", 12),
        (first.board_id, 2, "Club board, spaces fixed", 20),
    ]
    assert listed[0].id == other.board_id and listed[0].saved.tzinfo is not None


def test_a_saved_board_keeps_its_drawing(store: Store) -> None:
    boards = Boards(store)
    saved = boards.save("Drawn", grid_board())
    data = boards.get(saved.board_id)
    board = board_from_dict(data)
    assert board.drawing == board_from_dict(grid_board(name="Drawn")).drawing


def test_a_bad_board_is_refused_and_nothing_is_written(store: Store) -> None:
    boards = Boards(store)
    saved = boards.save("Good", grid_board())
    bad = grid_board()
    bad["territories"][0]["neighbours"].append("Atlantis")
    del bad["drawing"]["territories"]["Redcliff"]
    with pytest.raises(BoardError) as caught:
        boards.save("Good", bad, board_id=saved.board_id)
    assert "Atlantis" in str(caught.value) and "Redcliff" in str(caught.value)
    with pytest.raises(BoardError):
        boards.save("New", bad)
    assert [(b.board_id, b.version) for b in boards.list()] == [(saved.board_id, 1)]
    with pytest.raises(SavedBoardError, match="name is at most 200"):
        boards.save("x" * 201, grid_board())
    with pytest.raises(BoardNotFound, match="there is no saved board 999"):
        boards.save("Lost", grid_board(), board_id=999)
    with pytest.raises(BoardNotFound, match="saved board .* has no version 7"):
        boards.get(saved.board_id, 7)
    with pytest.raises(BoardNotFound):
        boards.versions(999)
    assert len(boards.list()) == 1


def test_photos_are_kept_once_and_follow_the_versions(store: Store) -> None:
    boards = Boards(store)
    first = boards.save("Photo", grid_board(), photo=JPEG)
    assert first.has_photo and boards.photo(first.board_id) == JPEG
    second = boards.save("Photo", grid_board(), board_id=first.board_id)  # None: kept
    assert second.has_photo and boards.photo(first.board_id, 2) == JPEG
    third = boards.save("Photo", grid_board(), board_id=first.board_id, photo=PNG)
    fourth = boards.save("Photo", grid_board(), board_id=first.board_id, photo=b"")
    assert boards.photo(first.board_id, 3) == PNG and not fourth.has_photo
    assert boards.photo(first.board_id) is None and boards.photo(first.board_id, 1) == JPEG
    assert third.version == 3
    boards.save("Same photo", grid_board(), photo=JPEG)
    with store.reading() as connection:
        assert (
            connection.execute(sa.select(sa.func.count()).select_from(board_photos)).scalar() == 2
        )
    with pytest.raises(SavedBoardError, match="JPEG or PNG"):
        boards.save("Text", grid_board(), photo=b"not an image")
    with pytest.raises(SavedBoardError, match="too large"):
        boards.save("Huge", grid_board(), photo=JPEG + b"\0" * MAX_PHOTO_BYTES)
    assert len(boards.list()) == 2


def test_unfinished_work_is_kept_replaced_and_dropped(store: Store) -> None:
    boards = Boards(store)
    assert boards.work("edit-1") is None
    boards.save_work("edit-1", {"step": "naming", "board": grid_board()})
    boards.save_work("edit-2", {"step": "tracing"})
    kept = boards.work("edit-1")
    assert kept is not None and kept["step"] == "naming" and kept["board"] == grid_board()
    boards.save_work("edit-1", {"step": "neighbours"})
    assert boards.work("edit-1") == {"step": "neighbours"}
    boards.drop_work("edit-1")
    boards.drop_work("edit-1")  # nothing left: nothing happens
    assert boards.work("edit-1") is None and boards.work("edit-2") == {"step": "tracing"}
    with pytest.raises(SavedBoardError, match="too large"):
        boards.save_work("edit-2", {"x": ["y" * 3000] * 1500})
    with pytest.raises(SavedBoardError, match="cannot be kept"):
        boards.save_work("edit-2", {"x": float("nan")})
    with pytest.raises(SavedBoardError, match="key"):
        boards.save_work("", {})
    assert boards.work("edit-2") == {"step": "tracing"}


def test_a_game_keeps_the_version_it_was_started_on(store: Store) -> None:
    boards = Boards(store)
    saved = boards.save("Club board", grid_board())
    board = board_from_dict(boards.get(saved.board_id, saved.version), "saved board")
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="Club board v1")
    snap = store.create_game(game, name="On the club board")
    # A later version renames a territory and redraws another.
    renamed = copy.deepcopy(grid_board())
    renamed["territories"][0]["name"] = "Amber Coast"
    for territory in renamed["territories"]:
        territory["neighbours"] = [
            "Amber Coast" if n == "Amberland" else n for n in territory["neighbours"]
        ]
    drawn = renamed["drawing"]["territories"]
    drawn["Amber Coast"] = drawn.pop("Amberland")
    renamed["historical_starts"] = {
        p: ("Amber Coast" if t == "Amberland" else t)
        for p, t in renamed["historical_starts"].items()
    }
    boards.save("Club board", renamed, board_id=saved.board_id)
    loaded = store.load(snap.game_id)
    assert isinstance(loaded.game, Game) and loaded.game.board == board
    assert "Amberland" in loaded.game.board.names
    after, _ = store.resolve_round(snap.game_id, "", loaded.version)
    assert after.game.state.round == 2
    with store.reading() as connection:
        versions = connection.execute(sa.select(board_versions.c.version)).scalars().all()
    assert sorted(versions) == [1, 2]


def test_a_game_file_with_a_bad_board_drawing_is_refused_and_nothing_changes(
    store: Store,
) -> None:
    board = board_from_dict(grid_board())
    kept = store.create_game(Game.new(["France", "Germany", "Italy"], board=board, board_name="g"))
    good = GameArchive(store).export_game(kept.game_id)
    assert good["board"]["drawing"] == board.to_dict()["drawing"]
    copy_of_it = GameArchive(store).import_bytes(json.dumps(good).encode(), source="good.json")
    assert store.load(copy_of_it.game_id).game.board == board  # the drawing round-trips
    bad = copy.deepcopy(good)
    bad["board"]["drawing"]["territories"]["Redcliff"]["label"] = [99999, 5]
    before = store.list_games()
    with pytest.raises(GameDataError) as caught:
        GameArchive(store).import_bytes(json.dumps(bad).encode(), source="bad.json")
    message = str(caught.value)
    assert "drawing of Redcliff: its label" in message and "\n" not in message
    assert store.list_games() == before
    assert store.load(kept.game_id).version == kept.version


def test_a_saved_photo_is_named_by_the_drawing_and_carried_by_a_game(store: Store) -> None:
    boards = Boards(store)
    digest = hashlib.sha256(JPEG).hexdigest()
    first = boards.save("Photo", grid_board(), photo=JPEG)
    assert boards.get(first.board_id)["drawing"]["photo"] == digest
    # A later version without a new photo keeps it, and its drawing still names it.
    second = boards.save("Photo", grid_board(), board_id=first.board_id)
    assert boards.get(first.board_id, second.version)["drawing"]["photo"] == digest
    # No photo: the drawing names none.
    plain = boards.save("Plain", grid_board())
    assert "photo" not in boards.get(plain.board_id)["drawing"]
    # A drawing naming its photo already keeps that name.
    named = grid_board()
    named["drawing"]["photo"] = "0" * 64
    own = boards.save("Named", named, photo=PNG)
    assert boards.get(own.board_id)["drawing"]["photo"] == "0" * 64
    # A game started on the version carries the name in its own copy of the board.
    board = board_from_dict(boards.get(first.board_id), "saved board")
    assert board.drawing is not None and board.drawing["photo"] == digest
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="Photo v1")
    snap = store.create_game(game, name="On the photo board")
    loaded = store.load(snap.game_id)
    assert isinstance(loaded.game, Game) and loaded.game.board.drawing is not None
    assert loaded.game.board.drawing["photo"] == digest
    assert boards.photo_by_hash(loaded.game.board.drawing["photo"]) == JPEG


def test_a_photo_is_found_by_its_hash(store: Store) -> None:
    boards = Boards(store)
    boards.save("Photo", grid_board(), photo=PNG)
    assert boards.photo_by_hash(hashlib.sha256(PNG).hexdigest()) == PNG
    assert boards.photo_by_hash(hashlib.sha256(JPEG).hexdigest()) is None
    for bad in ("", "A" * 64, hashlib.sha256(PNG).hexdigest() + "\n", "x"):
        assert boards.photo_by_hash(bad) is None
