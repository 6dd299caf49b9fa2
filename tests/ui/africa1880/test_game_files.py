"""Reading uploaded boards and game files, and writing the game file to download."""

from __future__ import annotations

import json

import pytest

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import example_game, game_from_dict
from tabletop.ui.africa1880 import game_files
from tabletop.ui.africa1880.game_link import Refused


def test_a_good_board_is_read() -> None:
    data = json.dumps(load_board().to_dict()).encode()
    assert game_files.read_board(data, "map.json").name == load_board().name


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\xff\xfe", ("map.json", "UTF-8")),
        (b"{ nope", ("map.json", "not JSON")),
    ],
)
def test_a_bad_board_is_refused_in_each_language(data: bytes, words: tuple[str, ...]) -> None:
    with pytest.raises(Refused) as refused:
        game_files.read_board(data, "map.json")
    assert refused.value.kind == "error"
    english = refused.value.text("en")
    assert all(word in english for word in words)
    assert refused.value.text("fr") != english  # the message is made in the page's language


def test_every_board_problem_is_named_at_once() -> None:
    data = load_board().to_dict()
    data["territories"][0]["spaces"] = 9
    data["territories"][1]["neighbours"] = ["Atlantis"]
    with pytest.raises(Refused) as refused:
        game_files.read_board(json.dumps(data).encode(), "map.json")
    text = refused.value.text("en")
    assert "spaces" in text and "Atlantis" in text


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe not text",
        b"{ this is not json",
        ("[" * 100_000).encode(),
        json.dumps({"kind": "massai", "game": {}}).encode(),
    ],
)
def test_a_bad_game_file_is_refused_with_its_name(data: bytes) -> None:
    with pytest.raises(Refused) as refused:
        game_files.parse_game_file(data, "bad.json")
    assert "bad.json" in refused.value.text("en")


def test_the_downloaded_file_reads_back_as_the_same_game() -> None:
    game = example_game()
    again = game_from_dict(json.loads(game_files.game_bytes(game)))
    assert again.state.to_dict() == game.state.to_dict()
    assert game_files.file_name(game.state) == f"africa1880-{game.state.year}.json"
    parsed = game_files.parse_game_file(game_files.game_bytes(game))
    assert game_files.read_game(parsed).state.year == game.state.year
