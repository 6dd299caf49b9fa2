"""The rules core plays every round as the plain adjudicator does (default options): random
positions with careless sheets, and the two rounds the resolve benchmark times."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.state import GameState
from tests.games.africa1880.plain_adjudicator import (
    core_outcome,
    late_game,
    plain_outcome,
    void_sheets,
)
from tests.games.africa1880.test_properties import random_sheets

BOARD = load_board()
NAMES = sorted(BOARD.names)


def random_position(rng: random.Random) -> GameState:
    """Any position the rules allow: crowded territories, full territories and colonies, stocks
    nearly spent, the last round. (The default board has as many spaces as the game has pins:
    pins never run out under the default options.)"""
    powers = tuple(rng.sample(POWERS, rng.randint(1, 6)))
    crowd = rng.choice((4, 12, 22))  # few presences, many, or a stock nearly spent
    presences = {p: frozenset(rng.sample(NAMES, rng.randint(0, crowd))) for p in powers}
    development: dict[str, int] = {}
    pins = rng.choice((20, 60, 88))  # pins placed at most
    for name in rng.sample(NAMES, len(NAMES)):
        spaces = BOARD.territories[name].spaces
        count = min(rng.choice((0, 0, 1, spaces - 1, spaces)), pins)
        if count > 0:
            development[name] = count
            pins -= count
    occupied = set().union(*presences.values())
    full = [t for t, n in development.items() if n == BOARD.territories[t].spaces]
    colonies = frozenset(t for t in full if t in occupied and rng.random() < 0.3)
    return GameState(
        powers=powers,
        presences=presences,
        development=development,
        colonies=colonies,
        round=rng.randint(1, 8),
    )


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_core_and_plain_adjudicator_agree(rng: random.Random) -> None:
    state = random_position(rng)
    sheets = random_sheets(state, BOARD, rng)
    assert core_outcome(state, BOARD, sheets) == plain_outcome(state, BOARD, sheets)
    new, _ = resolve(state, BOARD, sheets)  # built unchecked by the core: the checks pass
    assert GameState.from_dict(new.to_dict()) == new


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_agree_on_sheets_of_void_orders(rng: random.Random) -> None:
    state = random_position(rng)
    sheets = void_sheets(state)  # orders far from the presences, landings inland
    assert core_outcome(state, BOARD, sheets) == plain_outcome(state, BOARD, sheets)


def test_agree_on_the_benchmark_rounds() -> None:
    state, sheets = late_game()
    assert core_outcome(state, BOARD, sheets) == plain_outcome(state, BOARD, sheets)
    voided = void_sheets(state)
    outcome = core_outcome(state, BOARD, voided)
    assert len(outcome[3]) == 198
    assert outcome == plain_outcome(state, BOARD, voided)
