"""Zero-sum solver: values agree with nashpy, strategies guarantee the value."""

from __future__ import annotations

import warnings

import nashpy
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from tabletop.analysis.massai_attack import attack_game
from tabletop.analysis.zero_sum import ZeroSumError, solve_zero_sum
from tabletop.games.massai import Options, State


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


def two_programs(matrix: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The previous solver, kept here as the reference: one linear program per player (each
    player's maximin on the centred matrix), the value averaged from the two guarantees."""

    def maximin(gains: np.ndarray) -> np.ndarray:
        n_rows, n_cols = gains.shape
        result = linprog(
            np.r_[np.zeros(n_rows), -1.0],
            A_ub=np.hstack([-gains.T, np.ones((n_cols, 1))]),
            b_ub=np.zeros(n_cols),
            A_eq=np.r_[np.ones(n_rows), 0.0][None, :],
            b_eq=[1.0],
            bounds=[(0.0, None)] * n_rows + [(None, None)],
            method="highs",
        )
        assert result.status == 0, result.message
        x = np.where(result.x[:n_rows] < 1e-12, 0.0, result.x[:n_rows])
        return x / x.sum()

    centred = matrix - (matrix.max() + matrix.min()) / 2.0
    row, column = maximin(centred), maximin(-centred.T)
    value = (float(np.min(row @ matrix)) + float(np.max(matrix @ column))) / 2.0
    return value, row, column


def test_one_program_gives_the_two_programs_answer_on_random_games() -> None:
    """Real-valued random games have one optimal strategy per player (almost surely): the
    column strategy read from the dual values is the one the second program found, to 1e-12."""
    rng = np.random.default_rng(22)
    for _ in range(300):
        shape = rng.integers(1, 9, size=2)
        matrix = rng.normal(size=shape) * rng.choice([1.0, 10.0, 1000.0])
        solution = solve_zero_sum(matrix)
        value, row, column = two_programs(matrix)
        scale = max(1.0, float(np.abs(matrix).max()))
        assert abs(solution.value - value) <= 1e-12 * scale
        assert np.abs(solution.row_strategy - row).max() <= 1e-12
        assert np.abs(solution.column_strategy - column).max() <= 1e-12, matrix


@settings(max_examples=150, deadline=None)
@given(matrices())
def test_one_program_on_degenerate_games_is_as_good_as_two(matrix: np.ndarray) -> None:
    """Small-integer games tie often and then have many optimal strategies: the dual's column
    strategy may differ from the second program's, but it concedes exactly the same value."""
    solution = solve_zero_sum(matrix)
    value, row, column = two_programs(matrix)
    assert abs(solution.value - value) <= 1e-12
    assert abs(solution.column_guarantee - float(np.max(matrix @ column))) <= 1e-12
    assert abs(solution.row_guarantee - float(np.min(row @ matrix))) <= 1e-12


@pytest.mark.parametrize(
    ("light", "dark"),
    [
        ({"c2", "c3"}, {"c4", "d4", "e4", "e5"}),
        ({"a1", "b1", "c2", "d3", "e3"}, {"b2", "c3", "d4", "e4", "f5", "g5"}),
        ({"c3", "d3", "e3", "f3", "d2"}, {"c4", "d4", "e4", "f4", "e5", "c5"}),
    ],
)
def test_the_massai_attack_game_from_one_program_matches_two(
    light: set[str], dark: set[str]
) -> None:
    """The attack game's solution (one program) against the previous two programs: the same
    value and guarantees; the same strategies wherever the optimum is unique (each position's
    attack or guards are)."""
    state = State(options=Options(), huts=(frozenset(light), frozenset(dark)), phase="play")
    game = attack_game(state, all_guard_sets=True)
    value, row, column = two_programs(game.matrix)
    solution = game.solution
    assert game.attack_unique or game.guard_unique
    assert abs(solution.value - value) <= 1e-12 * max(1.0, float(np.abs(game.matrix).max()))
    assert abs(solution.column_guarantee - float(np.max(game.matrix @ column))) <= 1e-12
    if game.attack_unique:
        assert np.abs(solution.row_strategy - row).max() <= 1e-12
    if game.guard_unique:  # the guard on each hut, over the guard sets
        guards = {
            t: sum(p for s, p in zip(game.guard_sets, column, strict=True) if t in s)
            for t in game.targets
        }
        assert all(abs(game.guard_probabilities[t] - min(1.0, guards[t])) <= 1e-12 for t in guards)
