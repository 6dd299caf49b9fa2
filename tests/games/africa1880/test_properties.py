"""Invariants of the adjudicator over random games (hypothesis drives random order sheets)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.gamefile import Game, game_from_dict
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.orders import (
    REASON_CODES,
    Develop,
    Explore,
    Hold,
    Landing,
    OrderSheet,
    relations_from_sheets,
)
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import GameState

BOARD = load_board()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_sheets(state: GameState, board: Board, rng: random.Random) -> dict[str, OrderSheet]:
    """Plausible but careless sheets: random orders for every presence, random landings and wars."""
    sheets = {}
    for power in state.powers:
        if rng.random() < 0.1:
            continue  # a forgotten sheet
        orders = []
        for territory in sorted(state.presences[power]):
            roll = rng.random()
            if roll < 0.35:
                orders.append(Develop(power, territory))
            elif roll < 0.85 and board.territories[territory].neighbours:
                target = rng.choice(board.territories[territory].neighbours)
                orders.append(Explore(power, territory, target))
            else:
                orders.append(Hold(power, territory))
        landing = None
        if rng.random() < 0.5:
            landing = Landing(power, rng.choice(board.coastal_names()))
        wars = frozenset(p for p in state.powers if p != power and rng.random() < 0.3)
        sheets[power] = OrderSheet(power, tuple(orders), landing, wars)
    return sheets


def random_game(rng: random.Random, rounds: int) -> list[tuple[GameState, dict]]:
    powers = rng.sample(POWERS, rng.randint(3, 6))
    state = new_game(powers, BOARD)
    played = []
    for _ in range(rounds):
        if state.game_over:
            break
        sheets = random_sheets(state, BOARD, rng)
        played.append((state, sheets))
        state, _ = resolve(state, BOARD, sheets)
    return played


def check_invariants(before: GameState, after: GameState, board: Board) -> None:
    options = after.options
    for power in after.powers:
        assert len(after.presences[power]) <= options.stock
        assert after.presences[power] <= set(board.territories)
    occupancy = after.occupancy()
    for powers in occupancy.values():
        assert len(powers) == len(set(powers))  # one presence per power per territory
    for territory, pins in after.development.items():
        assert 0 < pins <= board.territories[territory].spaces
        assert pins >= before.pins(territory)  # pins are never taken back
    assert after.pins_used() <= options.total_pins
    assert before.colonies <= after.colonies
    for colony in before.colonies:  # colonies never lose presences
        assert set(before.presences_in(colony)) <= set(after.presences_in(colony))
    for colony in after.colonies:
        assert after.pins(colony) == board.territories[colony].spaces
        assert colony in occupancy


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 8))
def test_invariants_over_random_games(rng: random.Random, rounds: int) -> None:
    for state, sheets in random_game(rng, rounds):
        new_state, report = resolve(state, BOARD, sheets)
        check_invariants(state, new_state, BOARD)
        assert all(v.reason_code in REASON_CODES for v in report.void_orders)
        assert new_state.round == state.round + (0 if new_state.game_over else 1)


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 6))
def test_sheet_order_does_not_matter(rng: random.Random, rounds: int) -> None:
    for state, sheets in random_game(rng, rounds):
        expected_state, expected_report = resolve(state, BOARD, sheets)
        items = list(sheets.items())
        rng.shuffle(items)
        shuffled_state, shuffled_report = resolve(state, BOARD, dict(items))
        assert shuffled_state == expected_state
        assert shuffled_report.to_dict() == expected_report.to_dict()
        # The same through the typed text, sheets written in another order.
        text = "\n".join(format_sheets({p: s}, BOARD, state.powers) for p, s in items)
        text_state, text_report = resolve(state, BOARD, parse_sheets(text, BOARD, state.powers))
        assert text_state == expected_state
        assert text_report.to_dict() == expected_report.to_dict()


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 6))
def test_notation_round_trip(rng: random.Random, rounds: int) -> None:
    for state, sheets in random_game(rng, rounds):
        lang = rng.choice(["en", "fr"])
        text = format_sheets(sheets, BOARD, state.powers, lang)
        parsed = parse_sheets(text, BOARD, state.powers)
        cleaned = {p: OrderSheet(p, s.orders, s.landing, s.wars) for p, s in sheets.items()}
        assert parsed.void == []
        assert parsed.sheets == cleaned


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 6))
def test_settle_matches_resolve(rng: random.Random, rounds: int) -> None:
    for state, sheets in random_game(rng, rounds):
        new_state, _ = resolve(state, BOARD, sheets)
        after = execute_orders(state, BOARD, sheets)
        settlement = settle(after, relations_from_sheets(sheets, state.powers))
        assert settlement.next_state() == new_state
        assert settle(after, Relations()).removed == ()  # no war: nobody is removed


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 8))
def test_undo_and_files_restore_exactly(rng: random.Random, rounds: int) -> None:
    game = Game.new(rng.sample(POWERS, rng.randint(3, 6)), BOARD)
    states = [game.state]
    for _ in range(rounds):
        if game.state.game_over:
            break
        game.apply(random_sheets(game.state, BOARD, rng))
        states.append(game.state)
        text = json.dumps(game.to_dict())
        again = game_from_dict(json.loads(text), board=BOARD)
        assert again.state == game.state and again.history == game.history
        assert GameState.from_dict(game.state.to_dict()) == game.state
    while game.history:
        states.pop()
        assert game.undo() == states[-1]
        assert game.state.to_dict() == states[-1].to_dict()
