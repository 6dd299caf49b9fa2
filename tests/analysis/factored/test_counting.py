"""Counting by variable elimination equals brute force, with tables or context types."""

from __future__ import annotations

from unittest import mock

import numpy as np
from hypothesis import given, settings

import tabletop.analysis.factored.constraints as constraints_module
from tabletop.analysis.factored import Constraint, constraints_of, count_solutions, own_groups
from tabletop.analysis.factored.counting import elimination_plan

from .games import Spec, brute_count, brute_equilibria, specs


@settings(max_examples=80, deadline=None)
@given(specs())
def test_count_equals_brute_force(spec: Spec) -> None:
    found = constraints_of(own_groups(spec.game()))
    assert count_solutions(found, budget=1e12) == brute_count(found)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_counting_through_context_types_equals_tables(spec: Spec) -> None:
    game = spec.game()
    tables = constraints_of(own_groups(game))
    with mock.patch.object(constraints_module, "MAX_SCOPE", 0):
        implicit = constraints_of(own_groups(game))

    # A table drops the owner's variables whose value never matters; the implicit form keeps
    # them, so compare counts over all the variables.
    def over_all(found) -> int:
        constrained = {v for c in found for v in c.scope}
        return count_solutions(found, budget=1e12) * 2 ** (spec.n_variables - len(constrained))

    assert over_all(implicit) == over_all(tables)


@settings(max_examples=40, deadline=None)
@given(specs())
def test_count_times_the_unconstrained_values_is_the_number_of_equilibria(spec: Spec) -> None:
    found = constraints_of(own_groups(spec.game()))
    constrained = {v for c in found for v in c.scope}
    count = count_solutions(found, budget=1e12)
    assert count * 2 ** (spec.n_variables - len(constrained)) == len(brute_equilibria(spec))


def test_no_budget_means_no_count() -> None:
    either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))
    assert count_solutions([either], budget=0) is None
    assert count_solutions([either]) == 2
    assert count_solutions([]) == 1  # the empty assignment


def test_elimination_plan_orders_every_variable_once() -> None:
    plan = elimination_plan([(0, 1), (1, 2), (2, 3)], {v: 2 for v in range(4)}, 1e6)
    assert plan is not None and sorted(plan) == [0, 1, 2, 3]
