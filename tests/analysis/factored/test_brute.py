"""The plain brute force used on small games gives the same best-response conditions, hence the
same equilibria, as the factored conditions (and both match a naive brute force)."""

from __future__ import annotations

from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.analysis.factored.nash as nash_module
from tabletop.analysis.africa_diplomacy import DiplomacyGame
from tabletop.analysis.examples import random_africa_position
from tabletop.analysis.factored import constraints_of, own_groups, solve
from tabletop.analysis.factored.nash import BRUTE_WORK, brute_constraints, brute_cost

from .games import Spec, brute_equilibria, specs


def mask(game, constraints) -> np.ndarray:
    """Which profiles of the whole game meet every condition."""
    n = game.n_variables
    rows = ((np.arange(2**n)[:, None] >> np.arange(n - 1, -1, -1)) & 1).astype(np.int8)
    ok = np.ones(len(rows), dtype=bool)
    identity = {v: v for v in range(n)}
    for c in constraints:
        ok &= c.check(rows, identity)
    return ok


def solved(game, brute: bool):
    with mock.patch.object(nash_module, "BRUTE_WORK", np.inf if brute else -1.0):
        return solve(game, limit=10**6)


@settings(max_examples=120, deadline=None)
@given(specs())
def test_brute_conditions_are_the_factored_conditions(spec: Spec) -> None:
    game = spec.game()
    assert np.array_equal(
        mask(game, brute_constraints(game)), mask(game, constraints_of(own_groups(game)))
    )


@settings(max_examples=120, deadline=None)
@given(specs())
def test_both_methods_list_every_equilibrium_of_the_naive_brute_force(spec: Spec) -> None:
    expected = brute_equilibria(spec)
    for brute in (True, False):
        solution = solved(spec.game(), brute)
        assert solution.total_count == len(expected)
        assert {tuple(p.tolist()) for p in solution.all_profiles()} == expected
        for v in solution.indifferent + solution.free:  # really any value keeps an equilibrium
            assert all(p[:v] + (1 - p[v],) + p[v + 1 :] in expected for p in expected)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 4]))
def test_small_africa_positions_same_equilibria_either_way(seed: int, powers: int) -> None:
    after = random_africa_position(seed, powers=powers, presences_per_power=9, full_share=0.5)
    game = DiplomacyGame(after)
    fast, factored = solved(game, True), solved(game, False)
    assert fast.total_count == factored.total_count
    assert fast.count_kind == factored.count_kind == "exact"
    as_set = lambda s: {tuple(p.tolist()) for p in s.all_profiles()}  # noqa: E731
    assert as_set(fast) == as_set(factored)
    # Structural indifference implies the brute force's (which reads the conditions themselves).
    assert set(factored.indifferent) <= set(fast.indifferent)


def test_brute_force_is_chosen_on_three_and_four_powers_only() -> None:
    for powers, small in ((3, True), (4, True), (5, False)):
        after = random_africa_position(1, powers=powers, presences_per_power=9, full_share=0.5)
        assert (brute_cost(DiplomacyGame(after)) <= BRUTE_WORK) is small
