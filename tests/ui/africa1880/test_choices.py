"""What the sheet menus offer."""

from __future__ import annotations

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.africa1880 import choices


def test_menus_offer_what_the_board_allows() -> None:
    game = example_game()
    board, state = game.board, game.state
    assert board is not None
    for power in state.powers:
        presences = choices.presences_of(state, power)
        assert set(presences) == set(state.presences.get(power, ()))
        for territory in presences:
            targets = choices.explore_targets(board, state, territory)
            assert set(targets) <= set(board[territory].neighbours)
            assert not set(targets) & set(state.colonies)
    landing = choices.landing_targets(board, state)
    assert set(landing) <= set(board.coastal_names())
    assert not set(landing) & set(state.occupancy())
    assert landing == choices.sort_names(landing)
