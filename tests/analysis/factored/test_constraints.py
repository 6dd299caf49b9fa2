"""Best-response constraints hold exactly where a player cannot gain (brute force)."""

from __future__ import annotations

import itertools
from unittest import mock

import numpy as np
from hypothesis import given, settings

import tabletop.analysis.factored.constraints as constraints_module
from tabletop.analysis.factored import (
    Constraint,
    ImplicitConstraint,
    components,
    constraints_of,
    own_groups,
)

from .games import TOL, Spec, deviations, payoff_table, specs


def meets(constraints, profile) -> bool:
    row = np.array([profile], dtype=np.int8)
    identity = {v: v for v in range(len(profile))}
    return all(bool(c.check(row, identity)[0]) for c in constraints)


@settings(max_examples=80, deadline=None)
@given(specs())
def test_each_players_constraints_mean_no_profitable_deviation(spec: Spec) -> None:
    game = spec.game()
    table = payoff_table(spec)
    found = constraints_of(own_groups(game))
    for player in range(spec.n_players):
        mine = [c for c in found if c.owner == player]
        for profile, values in table.items():
            best = max(table[d][player] for d in deviations(spec, player, profile))
            assert meets(mine, profile) == (values[player] >= best - TOL), (player, profile)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_implicit_constraints_check_the_same_as_tables(spec: Spec) -> None:
    game = spec.game()
    tables = constraints_of(own_groups(game))
    with mock.patch.object(constraints_module, "MAX_SCOPE", 0):
        implicit = constraints_of(own_groups(game))
    assert all(isinstance(c, ImplicitConstraint) for c in implicit)
    for profile in itertools.product((0, 1), repeat=spec.n_variables):
        assert meets(tables, profile) == meets(implicit, profile)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_groups_split_own_variables_and_scopes_cover_them(spec: Spec) -> None:
    game = spec.game()
    groups = own_groups(game)
    seen: set[int] = set()
    for group in groups:
        assert all(spec.owners[v] == group.player for v in group.own)
        assert set(group.own) <= set(group.scope)
        assert not seen & set(group.own)
        seen |= set(group.own)
    assert not seen & set(game.free)


@settings(max_examples=60, deadline=None)
@given(specs())
def test_components_share_no_variable(spec: Spec) -> None:
    found = constraints_of(own_groups(spec.game()))
    parts = components(found)
    assert sorted(map(id, (c for part in parts for c in part))) == sorted(map(id, found))
    scopes = [{v for c in part for v in c.scope} for part in parts]
    for a, b in itertools.combinations(scopes, 2):
        assert not a & b


def test_a_table_constraint_reads_its_own_columns() -> None:
    c = Constraint(1, (3, 8), np.array([[True, False], [False, True]]))
    rows = np.array([[0, 1], [1, 1]], dtype=np.int8)
    assert c.check(rows, {8: 0, 3: 1}).tolist() == [False, True]
