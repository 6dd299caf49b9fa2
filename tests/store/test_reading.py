"""Reading games (tabletop.store.store) and the game cache: each load is a game of its own."""

from __future__ import annotations

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.store import Store
from tests.store.helpers import EXAMPLE_SHEETS


def test_each_load_is_a_game_of_its_own(store: Store) -> None:
    snap = store.create_game(example_game())
    first = store.load(snap.game_id).game
    second = store.load(snap.game_id).game
    assert isinstance(first, Game) and isinstance(second, Game)
    first.apply(
        first.read_sheets(EXAMPLE_SHEETS), EXAMPLE_SHEETS
    )  # a page changing its copy changes nobody else's
    assert second.state.round == 4 and store.load(snap.game_id).game.state.round == 4
    assert second.to_dict() == example_game().to_dict()
