"""A new game on a saved board from the Africa page: the form lists the saved boards (name,
version, territory count); the game is started on the version chosen, its map (dashboard and
what-if) is the board's own drawing, and a round resolves on it with the board's names."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.store import open_store
from tabletop.store.boards import Boards
from tabletop.ui.africa1880.app import africa_app
from tabletop.ui.africa1880.new_game_form import NewGameForm
from tests.games.africa1880.grid_board import GRID_ORDERS, grid_board


def _save_boards() -> tuple[int, int]:
    store = open_store()  # the page's own database (TABLETOP_DATA_DIR, a test folder)
    try:
        boards = Boards(store)
        first = boards.save("Club board", grid_board(columns=4, rows=3))
        second = boards.save("Club board", grid_board(), board_id=first.board_id)
        other = boards.save("Island map", grid_board(columns=3, rows=2))
        return second.board_id, other.board_id
    finally:
        store.close()


def _choose(form: NewGameForm, label_start: str) -> None:
    for label, key in form.saved_menu.options:
        if label.startswith(label_start):
            form.saved_menu.value = key
            return
    raise AssertionError(f"{label_start!r} not offered: {form.saved_menu.options}")


def test_the_form_offers_the_saved_boards(autosave_path: Path) -> None:
    _save_boards()
    app = africa_app(autosave_path=autosave_path)
    form = app.files.form
    assert [label for label, _ in form.saved_menu.options] == [
        "Island map (version 1, 6 territories)",
        "Club board (version 2, 20 territories)",
    ]
    assert "saved" in dict(form.board_choice.options).values()
    app.lang_toggle.value = "fr"
    assert form.saved_menu.options[1][0] == "Club board (version 2, 20 territoires)"
    assert "Un plateau enregistré" in dict(form.board_choice.options)


def test_without_saved_boards_the_form_offers_none(autosave_path: Path) -> None:
    form = africa_app(autosave_path=autosave_path).files.form
    assert "saved" not in dict(form.board_choice.options).values()
    assert form.saved_menu.layout.display == "none"


def test_a_game_started_on_a_saved_board_draws_it_and_resolves_a_round(
    autosave_path: Path,
) -> None:
    _save_boards()
    app = africa_app(autosave_path=autosave_path)
    form = app.files.form
    for power, box in form.power_boxes.items():
        box.value = power in ("France", "Germany", "Italy")
    _choose(form, "Club board")
    assert form.board_choice.value == "saved"
    assert form.submit()
    ctl = app.controller
    expected = board_from_dict(grid_board(name="Club board"))
    assert ctl.board == expected and ctl.board.drawing is not None
    assert ctl.geometry == load_geometry(expected)
    # The dashboard's map is the board's own drawing.
    app.show_tab("result")
    model = app.result.map_view.model
    assert model is not None and set(model.territories) == set(expected.names)
    assert not model.fallback
    for name, view in model.territories.items():
        assert model.territory_at(*view.anchor) == name
    # A round on it: the report speaks of the board's territories.
    app.show_tab("orders")
    for power, text in (
        ("France", "Cobalt Hills: develop\n"),
        ("Germany", "Eastmarch: explore Juniper Bay\n"),
        ("Italy", "Oakridge: explore Thornwood\n"),
    ):
        app.orders.sheet_tabs.show(power)
        app.orders.editors[power].text.value = text
    assert GRID_ORDERS  # the same orders as the core tests'
    app.orders.resolve_button.click()
    assert ctl.state.round == 2
    assert ctl.state.presences["Germany"] == frozenset({"Eastmarch", "Juniper Bay"})
    html = app.result.report.value
    assert "Juniper Bay" in html and "Thornwood" in html and "Cobalt Hills" in html
    model = app.result.map_view.model
    assert model is not None and model.territories["Juniper Bay"].presences == ("Germany",)
    # What if: the same drawing.
    app.show_tab("whatif")
    drawn = app.whatif.map_view.model
    assert drawn is not None and set(drawn.territories) == set(expected.names)
    assert [view.polygons for view in drawn.territories.values()] == [
        view.polygons for view in model.territories.values()
    ]
    # The database keeps the game on the version it was started on.
    store = open_store()
    try:
        assert ctl.game_id is not None
        assert store.load(ctl.game_id).game.board == expected
    finally:
        store.close()


def test_a_game_file_with_a_bad_drawing_is_refused_and_the_game_shown_kept(
    autosave_path: Path,
) -> None:
    app = africa_app(autosave_path=autosave_path)
    ctl = app.controller
    shown, game_id = ctl.game, ctl.game_id
    board = board_from_dict(grid_board())
    data = Game.new(["France", "Germany", "Italy"], board=board, board_name="g").to_dict()
    data["board"]["drawing"]["territories"]["Lost Island"] = data["board"]["drawing"][
        "territories"
    ].pop("Saltmere")
    assert not ctl.load_file(json.dumps(data).encode(), "ours.json")
    assert 'unknown territory "Lost Island"' in ctl.message
    assert "Saltmere" in ctl.message  # no outline for it: said at once
    assert ctl.game is shown and ctl.game_id == game_id
