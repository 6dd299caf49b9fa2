"""The Africa 1880 dashboard controller, driven in Python like the widgets drive it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.board import load_board
from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.persistence import data_dir, default_autosave_path


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


def test_data_dir_follows_the_environment(private_data_dir: Path) -> None:
    assert data_dir() == private_data_dir
    assert default_autosave_path() == private_data_dir / "africa1880-autosave.json"


def test_fresh_visit_shows_the_example_game_with_its_typed_sheets(ctl: AfricaController) -> None:
    example = example_game()
    assert ctl.state == example.state
    assert ctl.state.year == 1895
    assert "Libya: explore Egypt" in ctl.drafts["France"]
    # kept in the database as a game of its own, with its typed sheets
    assert ctl.store is not None and ctl.game_id is not None
    assert [g.id for g in ctl.store.list_games("africa1880")] == [ctl.game_id]
    assert kept(ctl).state == example.state
    drafts = ctl.store.drafts(ctl.game_id, example.state.round)
    assert "Libya: explore Egypt" in drafts["France"].text


def test_void_orders_and_missing_orders_are_shown_before_resolving(ctl: AfricaController) -> None:
    checks = ctl.checks_for("France")
    voids = [c.text for c in checks if c.kind == "void"]
    assert any("Mauretania" in text for text in voids)
    assert any("Ivory Coast is not empty" in text for text in voids)
    missing = [c.territory for c in checks if c.kind == "no_order"]
    assert missing == ["Sahara"]  # its only order is void, so the presence holds
    belgium = [c.territory for c in ctl.checks_for("Belgium") if c.kind == "no_order"]
    assert belgium == ["Gabon"]  # the Belgian sheet gives Gabon no order
    assert ctl.game.history and len(ctl.game.history) == 3  # nothing resolved by checking


def test_order_set_through_the_menus_is_written_in_the_text(ctl: AfricaController) -> None:
    ctl.set_order("Belgium", "Gabon", "hold")
    assert "Gabon: hold" in ctl.drafts["Belgium"]
    assert ctl.order_of("Belgium", "Gabon") == ("hold", "")
    ctl.set_order("Belgium", "Congo", "explore", "Uganda")
    assert "Congo: explore Uganda" in ctl.drafts["Belgium"]
    assert "Congo: develop" not in ctl.drafts["Belgium"]  # one order per presence
    ctl.set_order("Belgium", "Congo", "")
    assert ctl.order_of("Belgium", "Congo") == ("", "")
    assert "Congo:" not in ctl.drafts["Belgium"]
    assert [c.territory for c in ctl.checks_for("Belgium") if c.kind == "no_order"] == ["Congo"]


def test_explore_chosen_without_target_is_shown_but_not_an_order(ctl: AfricaController) -> None:
    ctl.set_order("Belgium", "Gabon", "explore")
    assert ctl.order_of("Belgium", "Gabon") == ("explore", "")
    assert "Gabon" in [c.territory for c in ctl.checks_for("Belgium") if c.kind == "no_order"]
    ctl.set_order("Belgium", "Gabon", "explore", "Kamerun")
    assert ctl.order_of("Belgium", "Gabon") == ("explore", "Kamerun")


def test_text_typed_in_the_box_drives_the_orders(ctl: AfricaController) -> None:
    ctl.set_sheet_text("Germany", "togo: developpe\nKamerun -> Chad\nguerre: France\n")
    assert ctl.order_of("Germany", "Togo") == ("develop", "")
    assert ctl.order_of("Germany", "Kamerun") == ("explore", "Chad")
    assert ctl.relation("Germany", "France") == "war"
    assert ctl.relation("Germany", "Belgium") == "alliance"
    # The typed text is kept as typed (not reformatted under the person's fingers).
    assert ctl.drafts["Germany"] == "togo: developpe\nKamerun -> Chad\nguerre: France\n"


def test_relations_set_in_the_grid_are_written_on_the_declarer_sheet(ctl: AfricaController) -> None:
    ctl.set_relation("Belgium", "France", "war")
    assert "war: France, Great Britain" in ctl.drafts["Belgium"]
    ctl.set_relation("Belgium", "Great Britain", "alliance")
    assert ctl.relation("Belgium", "Great Britain") == "alliance"
    assert ctl.relation("Belgium", "France") == "war"
    with pytest.raises(ValueError):
        ctl.set_relation("Belgium", "Belgium", "war")
    with pytest.raises(ValueError):
        ctl.set_relation("Belgium", "Italy", "war")  # Italy does not play the example


def test_explore_targets_are_neighbours_that_are_not_colonies(ctl: AfricaController) -> None:
    board = load_board()
    targets = ctl.explore_targets("Congo")
    assert "Gabon" not in targets  # Gabon is a colony in the example
    # the core's legal targets for the powers present there, all of them neighbours
    from tabletop.games.africa1880.legal import explore_targets

    present = [p for p in ctl.powers if "Congo" in ctl.state.presences[p]]
    legal = set().union(*(explore_targets(ctl.state, ctl.board, p, "Congo") for p in present))
    assert set(targets) == legal and legal
    assert legal <= set(board["Congo"].neighbours) - {"Gabon"}
    assert "Dahomey" not in ctl.explore_targets("Togo")


def test_landing_targets_are_empty_coastal_territories(ctl: AfricaController) -> None:
    board = load_board()
    occupied = set(ctl.state.occupancy())
    targets = ctl.landing_targets()
    assert targets
    for name in targets:
        assert board[name].coastal and name not in occupied
    assert "Ivory Coast" not in targets and "Sahara" not in targets
    ctl.set_landing("Belgium", "Zanzibar")
    assert "land: Zanzibar" in ctl.drafts["Belgium"]
    ctl.set_landing("Belgium", None)
    assert "land:" not in ctl.drafts["Belgium"]


def test_header_of_another_power_inside_a_box_is_reported(ctl: AfricaController) -> None:
    ctl.set_sheet_text("France", "Algeria: develop\n[Germany]\nTunisia: develop\n")
    texts = [c.text for c in ctl.checks_for("France") if c.kind == "void"]
    assert any("[Germany]" in text for text in texts)
    # The lines after it stay on France's sheet instead of becoming Germany's orders.
    assert ctl.order_of("France", "Tunisia") == ("develop", "")


def test_resolve_keeps_the_round_in_the_database_and_reports(ctl: AfricaController) -> None:
    assert ctl.store is not None and ctl.game_id is not None
    version = ctl.store.current_version(ctl.game_id)
    report = ctl.resolve()
    assert report is not None and report.year == 1895
    assert [(r.power, r.territory) for r in report.removals] == [("Great Britain", "Zanzibar")]
    assert ctl.state.year == 1900
    assert len(ctl.game.history) == 4
    saved = kept(ctl)
    assert saved.state == ctl.state
    assert len(saved.history) == 4
    assert ctl.store.current_version(ctl.game_id) == version + 1
    last = ctl.store.history(ctl.game_id)[-1]
    assert last.action == "resolve" and "Libya: explore Egypt" in (last.detail or "")
    view = ctl.round_view()
    assert view.index == -1 and view.report is report
    assert ("Great Britain", "Zanzibar") in view.changes.removed
    assert ("Belgium", "Zanzibar") in view.changes.new
    # Fresh drafts for the next round: nothing ordered yet.
    assert all(c.kind == "no_order" for c in ctl.checks())


def test_undo_restores_the_state_and_the_sheets(ctl: AfricaController) -> None:
    before = ctl.state
    typed = ctl.drafts["France"]
    ctl.resolve()
    assert ctl.can_redo() is False
    assert ctl.undo() is True
    assert ctl.state == before
    assert ctl.order_of("France", "Libya") == ("explore", "Egypt")
    assert ctl.drafts["France"].strip() == typed.strip()
    assert kept(ctl).state == before
    assert ctl.store is not None and ctl.game_id is not None
    actions = [e.action for e in ctl.store.history(ctl.game_id)]
    assert actions[-2:] == ["resolve", "undo"]  # undo is a new entry; the round stays
    assert ctl.can_redo() is True


def test_redo_restores_the_round_undone(ctl: AfricaController) -> None:
    ctl.resolve()
    after = ctl.state
    ctl.undo()
    assert ctl.redo() is True
    assert ctl.state == after and kept(ctl).state == after
    assert ctl.round_view().report is not None
    assert "1895" in ctl.message
    assert ctl.redo() is False and ctl.message_kind == "warn"


def test_undo_with_nothing_to_undo_says_so(autosave_path: Path) -> None:
    ctl = three_power_controller(autosave_path)
    assert ctl.undo() is False
    assert ctl.message_kind == "warn"


def test_any_past_round_can_be_viewed(ctl: AfricaController) -> None:
    ctl.resolve()
    ctl.view_round(0)
    view = ctl.round_view()
    assert view.index == 0
    assert view.report is not None and view.report.year == 1880
    assert view.state == ctl.game.history[1].state
    ctl.view_round(3)
    assert ctl.round_view().state == ctl.state  # the last round shows the current position
    ctl.view_round(None)
    assert ctl.round_view().index == -1
    with pytest.raises(ValueError):
        ctl.view_round(9)


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


def test_language_switch_translates_checks_and_sheet_keywords(ctl: AfricaController) -> None:
    ctl.set_sheet_text("Belgium", "")
    ctl.set_order("Belgium", "Congo", "develop")
    ctl.lang = "fr"
    assert "Congo: développe" in ctl.drafts["Belgium"]
    texts = [c.text for c in ctl.checks_for("Belgium")]
    assert any("Pas d'ordre pour la présence en Angola" in text for text in texts)
    assert ctl.order_of("Belgium", "Congo") == ("develop", "")


def test_language_switch_keeps_a_typed_sheet_as_typed(ctl: AfricaController) -> None:
    typed = "# deal with Germany: keep Congo quiet\nCongo: develop\nwar: Germany"
    ctl.set_sheet_text("Belgium", typed)
    ctl.lang = "fr"
    assert ctl.drafts["Belgium"] == typed
    assert ctl.order_of("Belgium", "Congo") == ("develop", "")


def test_a_finished_game_cannot_be_resolved(autosave_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    from dataclasses import replace

    game.state = replace(game.state, round=8, game_over=True)
    ctl = AfricaController(game=game, autosave_path=autosave_path)
    assert ctl.checks() == []
    assert ctl.resolve() is None
    assert ctl.message_kind == "warn"
