"""Pure Nash equilibria, best responses, dominance and Pareto flags against brute force over all
profiles of random small factored games."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.analysis.factored.constraints as constraints_module
from tabletop.analysis.factored import (
    FactoredGame,
    IncompleteListing,
    Term,
    best_responses,
    dominance,
    pareto_flags,
    solve,
)

from .games import TOL, Spec, brute_equilibria, deviations, payoff_table, specs


@settings(max_examples=150, deadline=None)
@given(specs())
def test_equilibria_and_their_count_match_brute_force(spec: Spec) -> None:
    expected = brute_equilibria(spec)
    solution = solve(spec.game(), limit=10**6)
    assert solution.total_count == len(expected)
    assert {tuple(p.tolist()) for p in solution.all_profiles()} == expected  # none missed or extra
    assert solution.complete


@settings(max_examples=80, deadline=None)
@given(specs())
def test_implicit_constraints_give_the_same_equilibria(spec: Spec) -> None:
    expected = brute_equilibria(spec)
    with mock.patch.object(constraints_module, "MAX_SCOPE", 0):
        solution = solve(spec.game(), limit=10**6)
    assert solution.total_count == len(expected)
    assert {tuple(p.tolist()) for p in solution.all_profiles()} == expected


@settings(max_examples=80, deadline=None)
@given(specs(), st.integers(0, 12))
def test_listed_equilibria_are_true_and_as_many_as_asked(spec: Spec, limit: int) -> None:
    expected = brute_equilibria(spec)
    solution = solve(spec.game(), limit=limit)
    listed = [tuple(p.tolist()) for p in solution.profiles()]
    assert set(listed) <= expected
    assert len(set(listed)) == len(listed) == min(limit, solution.decisive_count or 0)
    # Listed equilibria keep indifferent and free variables at 0.
    assert all(p[v] == 0 for p in listed for v in solution.indifferent + solution.free)
    assert solution.count == len(expected) // 2 ** len(solution.free)
    for profile in expected:
        assert solution.is_equilibrium(profile)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_non_equilibria_are_recognised(spec: Spec) -> None:
    solution = solve(spec.game())
    expected = brute_equilibria(spec)
    for profile in payoff_table(spec):
        assert solution.is_equilibrium(profile) == (profile in expected)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_indifferent_variables_can_take_any_value(spec: Spec) -> None:
    solution = solve(spec.game(), limit=10**6)
    expected = brute_equilibria(spec)
    for v in solution.indifferent + solution.free:
        assert all(p[:v] + (1 - p[v],) + p[v + 1 :] in expected for p in expected)


@settings(max_examples=80, deadline=None)
@given(specs(), st.data())
def test_best_responses_match_brute_force(spec: Spec, data: st.DataObject) -> None:
    game = spec.game()
    table = payoff_table(spec)
    profile = data.draw(st.sampled_from(sorted(table)))
    free = set(game.free)
    for player in range(spec.n_players):
        found = best_responses(game, player, profile)
        options = deviations(spec, player, profile)
        best = max(table[d][player] for d in options)
        assert found.best == pytest.approx(best, abs=1e-9)
        own = [v for v in range(spec.n_variables) if spec.owners[v] == player and v not in free]
        expected = {
            frozenset(v for v in own if d[v]) for d in options if table[d][player] >= best - TOL
        }
        assert {frozenset(r) for r in found.responses} == expected


@settings(max_examples=80, deadline=None)
@given(specs())
def test_dominance_matches_brute_force(spec: Spec) -> None:
    game = spec.game()
    table = payoff_table(spec)
    for v in range(spec.n_variables):
        player = spec.owners[v]
        gains = [
            table[p[:v] + (1,) + p[v + 1 :]][player] - table[p][player] for p in table if p[v] == 0
        ]
        expected = None
        for choice, d in ((1, gains), (0, [-g for g in gains])):
            if all(x > TOL for x in d):
                expected = (choice, "strict")
            elif expected is None and all(x >= -TOL for x in d) and any(x > TOL for x in d):
                expected = (choice, "weak")
        assert dominance(game, player, v) == expected, v


@settings(max_examples=80, deadline=None)
@given(specs())
def test_pareto_flags_match_brute_force(spec: Spec) -> None:
    game = spec.game()
    outcomes = np.array(list(payoff_table(spec).values()))
    flags = pareto_flags(game, outcomes)
    for vector, flag in zip(outcomes, flags, strict=True):
        beaten = np.any(
            np.all(outcomes >= vector - TOL, axis=1) & np.any(outcomes > vector + TOL, axis=1)
        )
        assert flag == (not beaten)
    assert pareto_flags(game, outcomes, brute_limit=-1) in (
        flags,  # decided exactly from the bounds
        [None] * len(outcomes),
    )


def test_listing_everything_needs_a_large_enough_limit() -> None:
    # Player 1 copies player 0, who is indifferent: two equilibria, one listed with limit 1.
    copy = np.array([[1.0, 0.0], [0.0, 1.0]])
    game = FactoredGame(
        2, (0, 1), [Term(0, (0, 1), np.array([[0.0, 1.0], [0.0, 1.0]])), Term(1, (0, 1), copy)]
    )
    solution = solve(game, limit=1)
    assert solution.total_count == 2 and len(solution.profiles()) == 1
    assert not solution.complete
    with pytest.raises(IncompleteListing):
        list(solution.all_profiles())
    with pytest.raises(ValueError, match="limit"):
        solve(game, limit=-1)


def test_free_variables_multiply_the_total_count_only() -> None:
    game = FactoredGame(
        2, (0, 1), [Term(0, (0,), np.array([0.0, 1.0])), Term(1, (1,), np.array([0.0, 0.0]))]
    )
    solution = solve(game)
    assert solution.free == (1,) and solution.indifferent == ()
    assert (solution.count, solution.total_count) == (1, 2)
    assert [p.tolist() for p in solution.profiles()] == [[1, 0]]
    assert {tuple(p.tolist()) for p in solution.all_profiles(include_free=False)} == {(1, 0)}
