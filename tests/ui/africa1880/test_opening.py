"""Which game the Africa page shows: one of the database, a new game, an uploaded file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.ui.africa1880.controller import AfricaController


@pytest.fixture
def ctl(autosave_path: Path) -> AfricaController:
    return AfricaController(autosave_path=autosave_path)


def three_power_controller(autosave_path: Path) -> AfricaController:
    game = Game.new(["France", "Germany", "Great Britain"])
    return AfricaController(game=game, autosave_path=autosave_path)


def kept(ctl: AfricaController) -> Game:
    """The game as the database has it for the controller's game."""
    assert ctl.store is not None and ctl.game_id is not None
    game = ctl.store.load(ctl.game_id).game
    assert isinstance(game, Game)
    return game


def test_a_second_controller_opens_the_same_game_from_the_database(autosave_path: Path) -> None:
    first = three_power_controller(autosave_path)
    first.set_order("France", "Algeria", "develop")
    first.resolve()
    second = AfricaController(store=first.store, game_id=first.game_id)
    assert second.state == first.state
    assert second.round_view().report is not None  # the last report is shown again


def test_a_controller_without_a_game_id_never_writes_over_another(autosave_path: Path) -> None:
    first = three_power_controller(autosave_path)
    first.resolve()
    again = AfricaController(store=first.store)  # the example again: a NEW game
    assert again.game_id != first.game_id
    assert again.state == example_game().state
    assert kept(first).state == first.state


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe not text",
        b"{ this is not json",
        json.dumps({"format": "something.else", "version": 1}).encode(),
        json.dumps({"powers": ["France", "Atlantis"], "round": 1}).encode(),
        json.dumps([1, 2, 3]).encode(),
    ],
)
def test_a_bad_game_file_is_refused_and_the_game_kept(ctl: AfricaController, data: bytes) -> None:
    ctl.resolve()
    assert ctl.store is not None
    games = ctl.store.list_games()
    state, game_id = ctl.state, ctl.game_id
    assert ctl.load_file(data, "bad.json") is False
    assert ctl.message_kind == "error"
    assert "bad.json" in ctl.message or "not" in ctl.message
    assert ctl.state is state and ctl.game_id == game_id
    assert ctl.store.list_games() == games  # nothing imported, nothing changed


def test_a_massai_file_is_refused_by_the_africa_page(ctl: AfricaController) -> None:
    from tabletop.games.massai.gamefile import GameRecord

    assert ctl.store is not None
    count = len(ctl.store.list_games())
    data = json.dumps(GameRecord.new().to_json()).encode()
    assert ctl.load_file(data, "massai.json") is False
    assert "not an Africa 1880 game" in ctl.message
    assert len(ctl.store.list_games()) == count


def test_a_good_game_file_is_opened(ctl: AfricaController) -> None:
    other = Game.new(["Italy", "Netherlands", "Belgium"])
    data = json.dumps(other.to_dict()).encode()
    first = ctl.game_id
    assert ctl.load_file(data, "mine.json") is True
    assert ctl.state == other.state
    assert ctl.game_id != first  # imported as a new game; the one shown before stays
    assert ctl.store is not None and ctl.store.info(ctl.game_id).name == "mine"
    assert ctl.store.load(first).game.state == example_game().state  # type: ignore[arg-type]
    assert set(ctl.drafts) == {"Belgium", "Italy", "Netherlands"}
    assert ctl.game_bytes()  # can be downloaded again
    assert json.loads(ctl.game_bytes())["state"] == other.state.to_dict()


def test_new_game_historical_start(ctl: AfricaController) -> None:
    old = ctl.game_id
    assert ctl.new_game(["France", "Germany", "Italy"], "historical") is True
    assert ctl.game_id != old
    assert ctl.store is not None and {g.id for g in ctl.store.list_games()} == {old, ctl.game_id}
    assert ctl.state.powers == ("France", "Germany", "Italy")
    assert ctl.state.presences["France"] == frozenset({"Algeria"})
    assert ctl.state.presences["Italy"] == frozenset({"Somalia"})
    assert ctl.state.year == 1880
    assert kept(ctl).state == ctl.state


def test_new_game_refuses_two_powers_and_keeps_the_game(ctl: AfricaController) -> None:
    state = ctl.state
    assert ctl.new_game(["France", "Germany"]) is False
    assert ctl.message_kind == "error" and "3 to 6" in ctl.message
    assert ctl.state is state


def test_free_start_placements_are_checked(ctl: AfricaController) -> None:
    state = ctl.state
    powers = ["France", "Germany", "Italy"]
    bad = {"France": "Chad", "Germany": "Egypt", "Italy": "Egypt"}
    assert ctl.new_game(powers, "free", bad) is False
    assert "Chad is not coastal" in ctl.message
    assert "already taken" in ctl.message
    assert ctl.new_game(powers, "free", {"France": "Morocco"}) is False
    assert "needs a coastal territory for Germany" in ctl.message
    assert ctl.state is state
    good = {"France": "Morocco", "Germany": "Togo", "Italy": "Libya"}
    assert ctl.new_game(powers, "free", good) is True
    assert ctl.state.presences["Germany"] == frozenset({"Togo"})
    assert ctl.state.options.start == "free"


def test_rule_options_reach_the_game(ctl: AfricaController) -> None:
    options = {"landing_check": "reading_order", "scoring": "colonies"}
    assert ctl.new_game(["France", "Germany", "Italy"], options=options) is True
    assert ctl.state.options.landing_check == "reading_order"
    assert ctl.state.options.scoring == "colonies"
    assert ctl.new_game(["France", "Germany", "Italy"], options={"scoring": "gold"}) is False
    assert "scoring" in ctl.message


def test_bad_board_files_give_messages(ctl: AfricaController) -> None:
    assert ctl.read_board(b"{ nope", "map.json") is None
    assert ctl.message_kind == "error" and "not JSON" in ctl.message
    data = load_board().to_dict()
    data["territories"][0]["spaces"] = 9
    data["territories"][1]["neighbours"] = ["Atlantis"]
    assert ctl.read_board(json.dumps(data).encode(), "map.json") is None
    assert "spaces" in ctl.message and "Atlantis" in ctl.message  # every problem at once


def test_a_board_without_drawing_plays_on_the_fallback_map(ctl: AfricaController) -> None:
    data = load_board().to_dict()
    data["name"] = "Renamed map"
    for territory in data["territories"]:
        if territory["name"] == "Egypt":
            territory["name"] = "Misr"
    for territory in data["territories"]:
        territory["neighbours"] = ["Misr" if n == "Egypt" else n for n in territory["neighbours"]]
    data["historical_starts"]["Great Britain"] = "Misr"
    board = ctl.read_board(json.dumps(data).encode(), "renamed.json")
    assert board is not None, ctl.message
    assert ctl.new_game(["France", "Great Britain", "Italy"], board=board) is True
    assert ctl.geometry is None
    assert ctl.state.presences["Great Britain"] == frozenset({"Misr"})
    # The board's data is kept with the game, so the game opens again on it.
    again = kept(ctl)
    assert again.board is not None and again.board.name == "Renamed map"
    assert "Misr" in again.board.territories
