"""The depth-first listing finds exactly the joint values meeting the constraints."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.analysis.factored.listing as listing
from tabletop.analysis.factored import constraints_of, first_solutions, own_groups
from tabletop.analysis.factored.listing import ComponentSolutions, product_rows

from .games import Spec, specs


def satisfying(constraints) -> set[tuple[int, ...]]:
    scope = sorted({v for c in constraints for v in c.scope})
    position = {v: k for k, v in enumerate(scope)}
    rows = np.array(list(itertools.product((0, 1), repeat=len(scope))), dtype=np.int8)
    rows = rows.reshape(len(rows), len(scope))
    keep = np.ones(len(rows), dtype=bool)
    for c in constraints:
        keep &= c.check(rows, position)
    return {tuple(r) for r in rows[keep].tolist()}


@settings(max_examples=80, deadline=None)
@given(specs(), st.integers(1, 40))
def test_first_solutions_are_true_distinct_and_as_many_as_asked(spec: Spec, limit: int) -> None:
    found = constraints_of(own_groups(spec.game()))
    scope, rows = first_solutions(found, limit)
    assert list(scope) == sorted({v for c in found for v in c.scope})
    expected = satisfying(found)
    listed = [tuple(r) for r in rows.tolist()]
    assert len(set(listed)) == len(listed) == min(limit, len(expected))
    assert set(listed) <= expected


@settings(max_examples=30, deadline=None)
@given(specs(max_variables=8))
def test_small_chunks_and_batches_list_the_same(spec: Spec) -> None:
    found = constraints_of(own_groups(spec.game()))
    expected = first_solutions(found, 10**6)
    saved = listing.CHUNK, listing.BATCH
    listing.CHUNK, listing.BATCH = 1, 1
    try:
        small = first_solutions(found, 10**6)
    finally:
        listing.CHUNK, listing.BATCH = saved
    assert small[0] == expected[0]
    assert {tuple(r) for r in small[1].tolist()} == {tuple(r) for r in expected[1].tolist()}


def test_no_constraint_has_one_empty_solution() -> None:
    scope, rows = first_solutions([], 5)
    assert scope == () and rows.shape == (1, 0)


def test_product_rows_combine_every_component() -> None:
    a = ComponentSolutions((1, 3), np.array([[0, 1], [1, 0]], dtype=np.int8), 2)
    b = ComponentSolutions((0,), np.array([[1]], dtype=np.int8), 1)
    rows = [p.tolist() for p in product_rows([a, b], 4)]
    assert rows == [[1, 0, 0, 1], [1, 1, 0, 0]]
