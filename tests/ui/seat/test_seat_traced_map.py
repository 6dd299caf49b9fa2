"""A seat's map of a game on a traced board: the board's own outlines, the seat's presences."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.store.seats import Tables
from tabletop.ui.seat import SeatPage
from tabletop.ui.seat.africa import AfricaSeat
from tests.games.africa1880.grid_board import grid_board
from tests.ui.seat.helpers import new_store


def test_a_seat_shows_the_traced_board(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    board = board_from_dict(grid_board(width=4000, height=3000))
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="grid")
    tables = Tables(store)
    new = tables.open_table(store.create_game(game).game_id)
    try:
        page = SeatPage(tables, new.table_id, new.seat("France").token)
        assert isinstance(page.part, AfricaSeat)
        page.part.map_button.value = True
        model = page.part.map_view.model if page.part.map_view is not None else None
        assert model is not None and not model.fallback
        assert set(model.territories) == set(board.names)
        assert model.territories["Cobalt Hills"].presences == ("France",)
        for name, view in model.territories.items():
            assert view.place is not None and model.territory_at(*view.anchor) == name
    finally:
        store.close()
