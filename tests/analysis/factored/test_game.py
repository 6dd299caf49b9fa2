"""FactoredGame: normalised terms give the same payoffs as the terms drawn, and free variables."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from tabletop.analysis.factored import FactoredGame, Term
from tabletop.analysis.factored.game import assignments, broadcast, row_index, squeeze

from .games import Spec, all_profiles, naive_payoffs, payoff_table, specs


@settings(max_examples=80, deadline=None)
@given(specs())
def test_payoffs_equal_the_sum_of_the_drawn_terms(spec: Spec) -> None:
    game = spec.game()
    profiles = all_profiles(spec)
    vectorised = game.payoffs(np.array(profiles))
    for profile, row in zip(profiles, vectorised, strict=True):
        assert np.allclose(row, naive_payoffs(spec, profile), atol=1e-9)


@settings(max_examples=80, deadline=None)
@given(specs())
def test_normalised_terms_have_sorted_scopes_that_all_matter(spec: Spec) -> None:
    game = spec.game()
    for term in game.terms:
        assert term.scope and list(term.scope) == sorted(term.scope)
        assert term.values.shape == (2,) * len(term.scope)
        for axis in range(len(term.scope)):
            assert not np.array_equal(
                np.take(term.values, 0, axis=axis), np.take(term.values, 1, axis=axis)
            )


@settings(max_examples=80, deadline=None)
@given(specs())
def test_free_variables_are_exactly_those_that_change_no_payoff(spec: Spec) -> None:
    game = spec.game()
    table = payoff_table(spec)
    for v in range(spec.n_variables):
        changes = any(
            not np.allclose(table[p], table[p[:v] + (1,) + p[v + 1 :]], atol=1e-12)
            for p in table
            if p[v] == 0
        )
        # A variable in a normalised term can still cancel out across terms: free means "in no
        # term", so free implies no change, and a change implies not free.
        if v in game.free:
            assert not changes
        if changes:
            assert v not in game.free


@settings(max_examples=60, deadline=None)
@given(specs())
def test_payoff_bounds_bound_every_outcome(spec: Spec) -> None:
    game = spec.game()
    bounds = game.payoff_bounds()
    for values in payoff_table(spec).values():
        assert np.all(values <= bounds + 1e-9)


def test_constant_terms_are_folded_in_order() -> None:
    game = FactoredGame(2, (0,), [Term(0, (), np.array(1.5)), Term(1, (0,), np.array([2.0, 2.0]))])
    assert game.constants.tolist() == [1.5, 2.0]
    assert game.terms == [] and game.free == (0,)


def test_every_variable_needs_an_owner_among_the_players() -> None:
    with pytest.raises(ValueError, match="owned"):
        FactoredGame(2, (0, 2), [])


def test_table_helpers() -> None:
    assert assignments(0).shape == (1, 0)
    assert assignments(3)[5].tolist() == [1, 0, 1]
    scope, values = squeeze((0, 1), np.array([[1.0, 1.0], [1.0, 1.0]]))
    assert scope == () and float(values) == 1.0
    assert broadcast((1, 3), np.zeros((2, 2)), (0, 1, 2, 3)).shape == (1, 2, 1, 2)
    assert row_index(np.array([[1, 1, 0]]), [0, 1, 2]).tolist() == [6]
