"""Zero-sum solver: values agree with nashpy, strategies guarantee the value."""

from __future__ import annotations

import warnings

import nashpy
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.analysis.zero_sum import ZeroSumError, solve_zero_sum


@st.composite
def matrices(draw: st.DrawFn) -> np.ndarray:
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, 5))
    values = draw(st.lists(st.integers(-6, 6), min_size=rows * cols, max_size=rows * cols))
    return np.array(values, dtype=float).reshape(rows, cols)


def nashpy_value(matrix: np.ndarray) -> float:
    game = nashpy.Game(matrix)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # degenerate games warn; the LP answer below still holds
        for row, column in game.support_enumeration():
            return float(row @ matrix @ column)
    row, _ = game.linear_program()
    return float(np.min(row @ matrix))


@settings(max_examples=120, deadline=None)
@given(matrices())
def test_value_agrees_with_nashpy_and_strategies_guarantee_it(matrix: np.ndarray) -> None:
    solution = solve_zero_sum(matrix)
    assert abs(solution.value - nashpy_value(matrix)) <= 1e-9
    for strategy in (solution.row_strategy, solution.column_strategy):
        assert np.all(strategy >= 0)
        assert abs(strategy.sum() - 1.0) <= 1e-12
    # Against every pure reply: the row strategy secures the value, the column one concedes no more.
    assert np.all(solution.row_strategy @ matrix >= solution.value - 1e-9)
    assert np.all(matrix @ solution.column_strategy <= solution.value + 1e-9)


def test_matching_pennies() -> None:
    solution = solve_zero_sum([[1, -1], [-1, 1]])
    assert solution.value == pytest.approx(0.0, abs=1e-12)
    assert solution.row_strategy.tolist() == pytest.approx([0.5, 0.5], abs=1e-12)
    assert solution.column_strategy.tolist() == pytest.approx([0.5, 0.5], abs=1e-12)


def test_saddle_point_is_pure() -> None:
    solution = solve_zero_sum([[3, 1, 4], [2, 0, 1]])
    assert solution.value == pytest.approx(1.0)
    assert solution.row_strategy.tolist() == [1.0, 0.0]
    assert solution.column_strategy.tolist() == [0.0, 1.0, 0.0]


def test_large_offsets_do_not_spoil_precision() -> None:
    matrix = np.array([[2.0, -1.0], [-1.0, 1.0]]) + 1e6
    solution = solve_zero_sum(matrix)
    assert solution.value == pytest.approx(1e6 + 0.2, abs=1e-7)
    assert solution.row_strategy.tolist() == pytest.approx([0.4, 0.6], abs=1e-9)


@pytest.mark.parametrize("matrix", [[], [[]], [1, 2], [[1, float("inf")]]])
def test_bad_matrices_are_refused(matrix: object) -> None:
    with pytest.raises(ZeroSumError):
        solve_zero_sum(matrix)
