"""What the sheet menus offer: the core's legal choices, narrowed by the rest of the sheet."""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.legal import legal_choices
from tabletop.games.africa1880.orders import Explore, Landing, OrderSheet
from tabletop.ui.africa1880 import choices


def test_menus_are_the_cores_choices_on_a_blank_sheet() -> None:
    game = example_game()
    board, state = game.board, game.state
    assert board is not None
    for power in state.powers:
        assert choices.menus(state, board, power) == legal_choices(state, board, power)
        core = legal_choices(state, board, power, OrderSheet(power))
        assert choices.menus(state, board, power, OrderSheet(power)) == core
        for menu in core.presences:
            assert choices.explore_targets(board, state, menu.territory, power) == list(
                menu.explore_targets
            )
        assert choices.landing_targets(board, state, power) == list(core.landing_targets)


def test_a_territory_already_held_is_never_offered() -> None:
    game = example_game()
    board, state = game.board, game.state
    assert board is not None
    # Belgium holds Kamerun, Angola and Rhodesia, all neighbours of Congo.
    targets = choices.menus(state, board, "Belgium").presence("Congo").explore_targets
    assert not set(targets) & set(state.presences["Belgium"])


def test_an_option_the_rest_of_the_sheet_would_void_is_left_out() -> None:
    game = example_game()
    board, state = game.board, game.state
    assert board is not None
    congo = legal_choices(state, board, "Belgium").presence("Congo")
    landings = set(legal_choices(state, board, "Belgium").landing_targets)
    target = next(name for name in congo.explore_targets if name in landings)
    # Landing where Congo explores: the core would void one of them, so the menus leave it out.
    sheet = OrderSheet("Belgium", landing=Landing("Belgium", target))
    assert (
        target
        not in choices.menus(state, board, "Belgium", sheet).presence("Congo").explore_targets
    )
    exploring = OrderSheet("Belgium", (Explore("Belgium", "Congo", target),))
    assert target not in choices.menus(state, board, "Belgium", exploring).landing_targets
    # Whatever the menus offer next to that sheet is executed with it.
    for landing in choices.menus(state, board, "Belgium", exploring).landing_targets:
        full = replace(exploring, landing=Landing("Belgium", landing))
        assert execute_orders(state, board, {"Belgium": full}).void_orders == ()


def test_names_in_menu_order() -> None:
    game = example_game()
    assert game.board is not None
    landing = choices.landing_targets(game.board, game.state)
    assert landing == choices.sort_names(landing)


def test_the_order_keys_choose_the_menus_labels_in_every_language() -> None:
    from tabletop.ui.africa1880.texts import t
    from tabletop.ui.shell.texts import LANGS

    labels = choices.kind_key_labels()
    assert sorted(labels) == sorted(key for key, _ in choices.KIND_KEYS)
    for lang in LANGS:
        # The labels the sheet's order menu shows (sheet_editor: t(kind, lang)), one per key.
        shown = dict(choices.kind_keys_in(lang))
        for key, kind in choices.KIND_KEYS:
            assert shown[key] == t(str(kind), lang) and shown[key] in labels[key]
    # No label is chosen by two keys: a key always says which kind it is.
    every = [label for options in labels.values() for label in options]
    assert len(every) == len(set(every))
