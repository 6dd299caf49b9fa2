"""The bit-parallel count equals brute force, with tables or wide conditions, whatever the block."""

from __future__ import annotations

from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.analysis.factored.constraints as constraints_module
from tabletop.analysis.factored.adaptive import as_table
from tabletop.analysis.factored.constraints import (
    Constraint,
    ImplicitConstraint,
    constraints_of,
    own_groups,
)
from tabletop.analysis.factored.packed import (
    choose_block,
    context_types,
    own_masks,
    packed_cost,
    packed_count,
    transpose_bits,
)

from .games import Spec, brute_count, brute_equilibria, specs


def wide(spec: Spec) -> list:
    """The game's conditions all in implicit form (checked from the terms, never tables)."""
    with mock.patch.object(constraints_module, "MAX_SCOPE", 0):
        return constraints_of(own_groups(spec.game()))


def scope_of(constraints) -> tuple[int, ...]:
    return tuple(sorted({v for c in constraints for v in c.scope}))


@settings(max_examples=80, deadline=None)
@given(specs(max_variables=9))
def test_packed_count_equals_brute_force_on_tables(spec: Spec) -> None:
    found = constraints_of(own_groups(spec.game()))
    scope = scope_of(found)
    assert packed_count(found, scope) == brute_count(found, scope)


@settings(max_examples=80, deadline=None)
@given(specs(max_variables=9))
def test_packed_count_equals_brute_force_on_wide_conditions(spec: Spec) -> None:
    found = wide(spec)
    scope = scope_of(found)
    count = packed_count(found, scope)
    assert count == brute_count(found, scope)
    # Over every variable, that is the number of pure equilibria.
    assert count * 2 ** (spec.n_variables - len(scope)) == len(brute_equilibria(spec))


@settings(max_examples=60, deadline=None)
@given(specs(max_variables=9), st.data())
def test_any_block_gives_the_same_count(spec: Spec, data: st.DataObject) -> None:
    found = wide(spec) if data.draw(st.booleans()) else constraints_of(own_groups(spec.game()))
    scope = scope_of(found)
    size = data.draw(st.integers(0, min(5, len(scope))))
    block = tuple(sorted(data.draw(st.permutations(scope))[:size]))
    assert packed_count(found, scope, block) == brute_count(found, scope)


@settings(max_examples=60, deadline=None)
@given(specs(max_variables=8))
def test_own_masks_are_the_best_response_table(spec: Spec) -> None:
    for c in wide(spec):
        assert isinstance(c, ImplicitConstraint)
        if context_types(c) is None:
            continue  # more own variables than a word holds: the table is used instead
        context, masks = own_masks(c)
        table = as_table(c)
        axes = [table.scope.index(v) for v in (*context, *c.own)]
        expected = np.transpose(table.allowed, axes).reshape(masks.size, 2 ** len(c.own))
        bits = (masks.reshape(-1, 1) >> np.arange(2 ** len(c.own), dtype=np.uint32)) & 1
        assert np.array_equal(bits.astype(bool), expected)


def test_transpose_bits_is_the_bit_matrix_transpose() -> None:
    rng = np.random.default_rng(3)
    rows = rng.integers(0, 2**32, size=(7, 32), dtype=np.uint64).astype(np.uint32)
    bits = np.unpackbits(rows.astype("<u4").view(np.uint8), bitorder="little").reshape(7, 32, 32)
    out = transpose_bits(rows)
    back = np.unpackbits(out.astype("<u4").view(np.uint8), bitorder="little").reshape(7, 32, 32)
    assert np.array_equal(back, bits.transpose(0, 2, 1))


def test_the_block_is_the_widest_condition_own_variables_and_the_cost_is_planned() -> None:
    same = np.array([[1.0, 0.0], [0.0, 1.0]])
    from tabletop.analysis.factored.game import Term

    terms = (Term(0, (0, 2), same), Term(0, (1, 2), same))
    narrow = ImplicitConstraint(0, (0, 2), (0,), (terms[0],))
    widest = ImplicitConstraint(0, (0, 1, 2), (0, 1), terms)
    assert choose_block([narrow, widest], (0, 1, 2)) == (0, 1)
    assert packed_cost([narrow, widest], (0, 1, 2), (0, 1)) > 0
    # Tables only: the last variables make the word.
    either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))
    assert choose_block([either], (0, 1)) == (0, 1)
    assert packed_count([either], (0, 1)) == 2
