"""Menu versus core: every choice legal.py offers is executed by the adjudicator, alone on a sheet.

The positions are random (hypothesis): random powers, presences, pins, colonies, small stocks
and pin boxes (so that running out is common), both landing_check options. For each power the
test writes every offered choice alone on a sheet and checks that the core executes it (no void
order, and the expected effect); it also checks the converse, that what the menus leave out is
voided by the core, so the menus offer exactly what can be executed.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop.games.africa1880.legal
from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.legal import (
    RELATIONS,
    can_develop,
    explore_targets,
    landing_targets,
    legal_choices,
    presence_choices,
    relation_targets,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheet
from tabletop.games.africa1880.options import Options
from tabletop.games.africa1880.orders import (
    Develop,
    Explore,
    Hold,
    Landing,
    OrderKind,
    OrderSheet,
    relations_from_sheets,
)
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.relations import Relation
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import GameState

from .conftest import TINY_BOARD

BOARD = load_board()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _tiny() -> Board:
    from tabletop.games.africa1880.board_check import board_from_dict

    return board_from_dict(TINY_BOARD, "tiny")


BOARDS = {"default": BOARD, "tiny": _tiny()}


def random_position(rng: random.Random, board: Board) -> GameState:
    """A random position that fits ``board``, often at the edge: stock or pin box nearly empty."""
    names = list(board.names)
    powers = rng.sample(POWERS, rng.randint(1, 6))
    stock = rng.choice([1, 2, 3, 22])
    presences = {
        p: set(rng.sample(names, rng.randint(0, min(stock, len(names), 8)))) for p in powers
    }
    development = {}
    for name in names:
        if rng.random() < 0.5:
            development[name] = rng.randint(0, board.territories[name].spaces)
    used = sum(development.values())
    total_pins = rng.choice([max(used, 1), used + 1, 88 if used <= 88 else used])
    occupied = {t for ts in presences.values() for t in ts}
    full = [
        t for t in names if development.get(t, 0) == board.territories[t].spaces and t in occupied
    ]
    colonies = {t for t in full if rng.random() < 0.5}
    options = Options(
        landing_check=rng.choice(["start_of_round", "reading_order"]),
        reading_order=tuple(rng.sample(powers, len(powers))),
        stock=stock,
        total_pins=total_pins,
    )
    return GameState(
        powers=tuple(powers),
        presences=presences,
        development=development,
        colonies=colonies,
        options=options,
    )


def _alone(state: GameState, board: Board, sheet: OrderSheet):
    """Execute ``sheet`` as the only sheet of the round."""
    return execute_orders(state, board, {sheet.power: sheet})


def _check_offers(state: GameState, board: Board) -> int:
    """Every offer executed alone, every non-offer voided; returns the number of offers tried."""
    tried = 0
    for power in state.powers:
        for territory in sorted(state.presences[power]):
            kinds = presence_choices(state, board, power, territory)
            assert kinds[0] is OrderKind.HOLD
            after = _alone(state, board, OrderSheet(power, (Hold(power, territory),)))
            assert after.void_orders == () and after.new_presences == ()
            develop = OrderSheet(power, (Develop(power, territory),))
            after = _alone(state, board, develop)
            if OrderKind.DEVELOP in kinds:
                assert can_develop(state, board, power, territory)
                assert after.void_orders == (), after.void_orders
                assert after.development[territory] == state.pins(territory) + 1
                tried += 1
            else:
                assert [v.reason_code for v in after.void_orders] in (
                    ["territory_full"],
                    ["no_pin_left"],
                )
            targets = explore_targets(state, board, power, territory)
            assert (OrderKind.EXPLORE in kinds) == bool(targets)
            for target in board.territories[territory].neighbours:
                sheet = OrderSheet(power, (Explore(power, territory, target),))
                after = _alone(state, board, sheet)
                if target in targets:
                    assert after.void_orders == (), after.void_orders
                    assert target in after.presences[power]
                    tried += 1
                else:
                    assert len(after.void_orders) == 1
                    assert after.void_orders[0].reason_code in (
                        "already_present",
                        "colony_closed",
                        "no_pawn_left",
                    )
        landings = landing_targets(state, board, power)
        for name in board.names:
            after = _alone(state, board, OrderSheet(power, landing=Landing(power, name)))
            if name in landings:
                assert after.void_orders == (), after.void_orders
                assert [(n.power, n.territory, n.by) for n in after.new_presences] == [
                    (power, name, "land")
                ]
                tried += 1
            else:
                assert len(after.void_orders) == 1, (power, name)
        for other in relation_targets(state, power):
            for relation in RELATIONS:
                wars = {other} if relation is Relation.WAR else set()
                sheet = OrderSheet(power, wars=frozenset(wars))
                after = _alone(state, board, sheet)
                assert after.void_orders == ()
                grid = relations_from_sheets({power: sheet}, state.powers)
                assert grid[(power, other)] is relation
                tried += 1
    return tried


@SETTINGS
@given(rng=st.randoms(use_true_random=False), board_name=st.sampled_from(sorted(BOARDS)))
def test_every_menu_choice_is_executed_alone_and_nothing_else_is(
    rng: random.Random, board_name: str
) -> None:
    board = BOARDS[board_name]
    state = random_position(rng, board)
    _check_offers(state, board)


@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_a_whole_sheet_built_from_the_menus_is_never_voided(rng: random.Random) -> None:
    # A sheet where every presence takes an offered order and the landing is one of the targets
    # offered for the rest of that sheet: the core voids nothing, also through the typed text.
    state = random_position(rng, BOARD)
    for power in state.powers:
        orders = []
        explored: set[str] = set()
        for territory in sorted(state.presences[power]):
            kinds = [
                k
                for k in presence_choices(state, BOARD, power, territory)
                if k is not OrderKind.DEVELOP  # two develops may compete for the last pin
            ]
            kind = rng.choice(kinds)
            if kind is OrderKind.EXPLORE:
                # Stay within the stock: one pawn per distinct target.
                targets = [
                    t
                    for t in explore_targets(state, BOARD, power, territory)
                    if t in explored or len(explored) < state.stock(power)
                ]
                if targets:
                    target = rng.choice(targets)
                    explored.add(target)
                    orders.append(Explore(power, territory, target))
                    continue
            orders.append(Hold(power, territory))
        sheet = OrderSheet(power, tuple(orders))
        menus = legal_choices(state, BOARD, power, sheet)
        if menus.landing_targets:
            sheet = OrderSheet(
                power, tuple(orders), landing=Landing(power, rng.choice(menus.landing_targets))
            )
        others = relation_targets(state, power)
        sheet = OrderSheet(
            power,
            sheet.orders,
            sheet.landing,
            wars=frozenset(p for p in others if rng.random() < 0.5),
        )
        after = _alone(state, BOARD, sheet)
        assert after.void_orders == (), after.void_orders
        landed = [n for n in after.new_presences if n.by == "land"]
        assert len(landed) == (sheet.landing is not None)
        _, report = resolve(
            state,
            BOARD,
            parse_sheets(format_sheet(sheet, BOARD, state.powers), BOARD, state.powers),
        )
        assert report.void_orders == ()


def test_menus_at_the_start_of_a_game() -> None:
    state = new_game(["France", "Germany", "Italy"], BOARD)
    menus = legal_choices(state, BOARD, "France")
    (algeria,) = menus.presences
    assert algeria.territory == "Algeria"
    assert algeria.kinds == (OrderKind.HOLD, OrderKind.DEVELOP, OrderKind.EXPLORE)
    assert "Algeria" not in menus.landing_targets and "Somalia" not in menus.landing_targets
    assert menus.relation_targets == ("Germany", "Italy")
    assert menus.presence("Egypt") is None


def test_explore_menu_leaves_out_where_the_power_already_is_and_colonies() -> None:
    # The issue that started legal.py: the page offered a territory the power already held.
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria", "Tunisia"}, "Germany": {"Morocco"}},
        development={"Morocco": BOARD["Morocco"].spaces},
        colonies={"Morocco"},
    )
    targets = explore_targets(state, BOARD, "France", "Algeria")
    assert "Tunisia" not in targets and "Morocco" not in targets and "Sahara" in targets


def test_no_pawn_left_means_no_exploration_and_no_landing() -> None:
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}},
        options=Options(stock=1),
    )
    assert presence_choices(state, BOARD, "France", "Algeria") == (
        OrderKind.HOLD,
        OrderKind.DEVELOP,
    )
    assert landing_targets(state, BOARD, "France") == ()
    # With two pawns, one exploration on the sheet uses the last one for the landing.
    roomy = GameState(state.powers, state.presences, options=Options(stock=2))
    assert landing_targets(roomy, BOARD, "France")
    sheet = OrderSheet("France", (Explore("France", "Algeria", "Tunisia"),))
    assert landing_targets(roomy, BOARD, "France", sheet) == ()


def test_empty_pin_box_means_no_develop() -> None:
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}},
        development={"Egypt": 1},
        options=Options(total_pins=1),
    )
    assert not can_develop(state, BOARD, "France", "Algeria")
    assert OrderKind.DEVELOP not in presence_choices(state, BOARD, "France", "Algeria")


def test_nothing_is_offered_once_the_game_is_over_or_to_a_power_not_playing() -> None:
    state = new_game(["France", "Germany", "Italy"], BOARD)
    assert legal_choices(state, BOARD, "Belgium").presences == ()
    assert landing_targets(state, BOARD, "Belgium") == ()
    assert relation_targets(state, "Belgium") == ()
    over = GameState(state.powers, state.presences, round=8, game_over=True)
    assert presence_choices(over, BOARD, "France", "Algeria") == ()
    assert landing_targets(over, BOARD, "France") == ()


@pytest.mark.parametrize("module", [tabletop.games.africa1880.legal])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
