"""Two-player zero-sum games: optimal mixed strategies and value by linear programming (HiGHS).

The row player receives ``matrix[r, c]`` and the column player pays it. The row player's optimal
mixed strategy ``x`` maximises ``min_c (x @ matrix)[c]``; the column player's ``y`` minimises
``max_r (matrix @ y)[r]``; both optima equal the value of the game (von Neumann's minimax theorem).

>>> solution = solve_zero_sum([[1, -1], [-1, 1]])   # matching pennies
>>> round(solution.value, 12), solution.row_strategy.round(12).tolist()
(0.0, [0.5, 0.5])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy.optimize import linprog  # type: ignore[import-untyped]


class ZeroSumError(ValueError):
    """The matrix cannot be solved (empty, not finite, or the solver failed)."""


@dataclass(frozen=True)
class ZeroSumSolution:
    """Value and one pair of optimal mixed strategies (optimal strategies need not be unique)."""

    value: float
    row_strategy: np.ndarray
    column_strategy: np.ndarray
    matrix: np.ndarray

    @property
    def row_guarantee(self) -> float:
        """What the row strategy secures against the column player's best pure reply."""
        return float(np.min(self.row_strategy @ self.matrix))

    @property
    def column_guarantee(self) -> float:
        """The most the column strategy concedes against the row player's best pure reply."""
        return float(np.max(self.matrix @ self.column_strategy))

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "row_strategy": self.row_strategy.tolist(),
            "column_strategy": self.column_strategy.tolist(),
        }


def _clean(probabilities: np.ndarray) -> np.ndarray:
    """Clip the solver's tiny negative round-off and renormalise to sum exactly to one."""
    cleaned = np.where(probabilities < 1e-12, 0.0, probabilities)
    total = float(cleaned.sum())
    if total <= 0:
        raise ZeroSumError("the solver returned no probability mass")
    normalised: np.ndarray = cleaned / total
    return normalised


def _minimax_pair(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Optimal strategies of both players from one linear program and its dual.

    The row player's program: max v s.t. ``x @ matrix >= v`` (one constraint per column), ``x``
    in the simplex. Its dual is the column player's program, min w s.t. ``matrix @ y <= w``, ``y``
    in the simplex: the dual values of the column constraints are an optimal ``y``. ``linprog``
    minimises ``-v`` with the constraints written ``v - (x @ matrix)[c] <= 0``; its marginals are
    the derivatives of that minimum with respect to each right-hand side, so ``y[c]`` is minus
    the marginal of constraint ``c`` (non-negative, summing to one: the derivative of ``-v`` in
    the variable ``v``'s column, ``-1 + sum(y) = 0``).
    """
    n_rows, n_cols = matrix.shape
    # Variables: x_1..x_n, v.  linprog minimises, so the objective is -v.
    objective = np.zeros(n_rows + 1)
    objective[-1] = -1.0
    # v - (x @ matrix)[c] <= 0 for every column c.
    upper = np.hstack([-matrix.T, np.ones((n_cols, 1))])
    equality = np.hstack([np.ones((1, n_rows)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * n_rows + [(None, None)]
    result = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(n_cols),
        A_eq=equality,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if result.status != 0:
        raise ZeroSumError(f"linear program failed: {result.message}")
    row = _clean(np.asarray(result.x[:n_rows], dtype=float))
    column = _clean(-np.asarray(result.ineqlin.marginals, dtype=float))
    return row, column


def solve_zero_sum(matrix: ArrayLike) -> ZeroSumSolution:
    """Value and optimal mixed strategies of the zero-sum game ``matrix`` (row player's gains).

    One linear program gives both strategies: the row player's is its solution, the column
    player's its dual values. Payoffs are shifted to be centred before solving (does not change
    the strategies) so the solver works on well-scaled numbers; the reported value is the
    average of what the row strategy guarantees and what the column strategy concedes, which
    agree to solver precision.
    """
    array = np.array(matrix, dtype=float)
    if array.ndim != 2 or 0 in array.shape:
        raise ZeroSumError("a zero-sum game needs a non-empty 2-D payoff matrix")
    if not np.all(np.isfinite(array)):
        raise ZeroSumError("payoffs must be finite numbers")
    shift = (array.max() + array.min()) / 2.0
    centred = array - shift
    row, column = _minimax_pair(centred)
    lower = float(np.min(row @ array))
    upper = float(np.max(array @ column))
    value = (lower + upper) / 2.0
    return ZeroSumSolution(value=value, row_strategy=row, column_strategy=column, matrix=array)


def optimal_ranges(
    matrix: ArrayLike, value: float, weights: ArrayLike | None = None, row: bool = True
) -> list[tuple[float, float]]:
    """Over *every* optimal mixed strategy of one player, the smallest and largest probability
    of each strategy (or, with ``weights`` of shape ``(k, strategies)``, of each weighted sum):
    when some range is not a single point, the optimum is not unique.

    ``row=True``: the row (maximising) player, whose optimal mixes are ``x @ matrix >= value``;
    else the column player, ``matrix @ y <= value``. Two linear programs per quantity.

    >>> [tuple(round(b, 6) for b in r) for r in optimal_ranges([[1, 1], [0, 2]], 1.0)]  # unique
    [(1.0, 1.0), (0.0, 0.0)]
    >>> [tuple(round(b, 6) for b in r) for r in optimal_ranges([[2, 0], [2, 0]], 0.0)]  # any mix
    [(0.0, 1.0), (0.0, 1.0)]
    """
    array = np.array(matrix, dtype=float)
    constraints = -array.T if row else array  # rows of A_ub @ p <= b_ub
    n = constraints.shape[1]
    scale = max(1.0, float(np.abs(array).max()))
    bound = (-value if row else value) + 1e-9 * scale
    quantities = np.eye(n) if weights is None else np.array(weights, dtype=float)
    out = []
    for objective in quantities:
        ends = []
        for sign in (1.0, -1.0):
            result = linprog(
                sign * objective,
                A_ub=constraints,
                b_ub=np.full(len(constraints), bound),
                A_eq=np.ones((1, n)),
                b_eq=[1.0],
                bounds=[(0.0, None)] * n,
                method="highs",
            )
            if result.status != 0:
                raise ZeroSumError(f"linear program failed: {result.message}")
            ends.append(float(objective @ result.x))
        low, high = sorted(ends)
        out.append(
            (max(0.0, low) if weights is None else low, min(1.0, high) if weights is None else high)
        )
    return out
