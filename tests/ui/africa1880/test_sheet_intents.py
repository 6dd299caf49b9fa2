"""The sheet intents of the Africa page: menus, text boxes and the grid write one sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.africa1880.board_files import load_board
from tabletop.ui.africa1880.controller import AfricaController


@pytest.fixture
def ctl(autosave_path: Path) -> AfricaController:
    return AfricaController(autosave_path=autosave_path)


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
