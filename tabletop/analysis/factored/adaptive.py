"""Choosing how to solve one component: the cheapest exact method within time and memory, else
an estimate of the count with a 95 % interval from uniform sampling.

Exact methods, with their estimated cost in table-cell operations:

* **dense**: the component's whole profile table (``2 ** n`` cells), every constraint laid over
  it; cost ``2 ** n`` times the number of constraints, memory ``2 ** n`` bytes. Counts and lists
  at once, and is the fastest whenever the component is small enough (a five-power colony
  candidate: ``2 ** 20`` profiles).
* **elimination** (:mod:`~tabletop.analysis.factored.counting`): cost planned on the scopes.

Limits come from the machine, not constants: the time left (at :data:`CELL_RATE` operations a
second, a conservative figure for numpy on one core) and the free memory (:func:`memory_cells`).

Methods: **dense** is exhaustive enumeration (generate and test) done on a bit table of every
profile at once; the estimate is plain Monte Carlo, profiles drawn uniformly and checked
(:func:`sample_count`), with the Wilson score interval on the fraction of solutions (Wilson,
"Probable Inference, the Law of Succession, and Statistical Inference", JASA 22, 1927). Which
method runs is decided by a cost model of cell operations, before any work starts.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.analysis.factored.constraints import (
    INNER,
    AnyConstraint,
    Codes,
    Constraint,
    ImplicitConstraint,
    best_table,
    lay,
)
from tabletop.analysis.factored.game import RuleTerm

#: Table-cell operations a second assumed when turning a time limit into a work budget (the
#: dense method, its tables summed along long rows, ran at 5.4e8 to 1.4e9 a second on a
#: two-core machine at load 6).
CELL_RATE = 7.0e8
#: Never more than this many cells in one table, whatever the free memory (2**28).
HARD_CELLS = 2.0**28
#: Table-cell passes one rule term costs when computed on every profile (measured on the
#: colony candidate of five powers: packing, bit counts and masks).
RULE_PASSES = 12
#: Confidence of the interval given with an estimated count.
CONFIDENCE = 0.95


def memory_cells(bytes_per_cell: int = 8) -> float:
    """Largest table (cells) worth building: a quarter of the memory free now, at most
    :data:`HARD_CELLS` (``2 ** 26`` when the free memory cannot be read).

    >>> 2**10 <= memory_cells() <= HARD_CELLS
    True
    """
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 2.0**26
    return float(max(2**10, min(HARD_CELLS, free / 4 / bytes_per_cell)))


@dataclass
class Clock:
    """The time allowed to one analysis; ``None``: no limit."""

    limit: float | None
    start: float = 0.0

    def __post_init__(self) -> None:
        self.start = time.perf_counter()

    def left(self) -> float:
        if self.limit is None:
            return math.inf
        return self.limit - (time.perf_counter() - self.start)

    def budget(self, share: float = 1.0) -> float:
        """Cell operations that fit in ``share`` of the time left."""
        left = self.left()
        return math.inf if math.isinf(left) else max(0.0, left * share * CELL_RATE)


def dense_cost(scope: Sequence[int], constraints: Sequence[AnyConstraint]) -> float:
    """Estimated cell operations of :func:`dense_solutions` (a wide constraint is first made a
    table over its scope: one pass per term, and one per own value to find the best)."""
    cost = 2.0 ** len(scope) * (len(constraints) + 1)
    for c in constraints:
        if isinstance(c, ImplicitConstraint):
            # A rule is computed once on every profile of its scope: a few passes each.
            passes = sum(RULE_PASSES if isinstance(t, RuleTerm) else 1 for t in c.terms)
            cost += 2.0 ** len(c.scope) * (passes + 2)
    return cost


def as_table(constraint: AnyConstraint, codes: Codes | None = None) -> Constraint:
    """A wide best-response condition made a 0/1 table over its (sorted) scope
    (:func:`~tabletop.analysis.factored.constraints.best_table`; ``codes`` shares the packed
    profiles of rule terms between conditions over the same scope).

    >>> from tabletop.analysis.factored.game import Term
    >>> term = Term(0, (0, 1), np.array([[0.0, 0.0], [-1.0, 1.0]]))
    >>> as_table(ImplicitConstraint(0, (0, 1), (0,), (term,))).allowed.tolist()
    [[True, False], [False, True]]
    """
    if isinstance(constraint, Constraint):
        return constraint
    allowed = best_table(constraint.own, constraint.scope, constraint.terms, codes)
    return Constraint(constraint.owner, constraint.scope, allowed)


def _inner_block(table_scope: Sequence[int], scope: Sequence[int]) -> int:
    """How many of the last variables of ``scope`` to merge into one axis when a table over
    ``table_scope`` is combined with a table over ``scope``: the run of last variables the
    table has when it is long (no copy), else :data:`INNER` (the table is then spread over
    the few it lacks among them, a copy worth its long rows)."""
    present = set(table_scope)
    run = 0
    while run < len(scope) and scope[len(scope) - 1 - run] in present:
        run += 1
    return run if run >= 10 or run == len(scope) else min(INNER, len(scope))


def dense_solutions(
    constraints: Sequence[AnyConstraint], scope: tuple[int, ...], limit: int
) -> tuple[np.ndarray, int]:
    """Every profile of ``scope`` checked at once: the first ``limit`` solutions (ascending, first
    variable = highest bit) and their exact count.

    >>> either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))
    >>> rows, count = dense_solutions([either], (0, 1), 10)
    >>> rows.tolist(), count
    ([[0, 1], [1, 0]], 2)
    """
    ok = np.ones(2 ** len(scope), dtype=bool)
    codes: Codes = {}
    for c in (as_table(c, codes) for c in constraints):
        inner = _inner_block(c.scope, scope)
        # Combined along long contiguous rows (see best_table): ``ok`` is viewed with its last
        # ``inner`` variables in one axis.
        view = ok.reshape((2,) * (len(scope) - inner) + (2**inner,))
        view &= lay(c.scope, c.allowed, scope, inner)
    flat = ok
    count = int(np.count_nonzero(flat))
    found = np.zeros(0, dtype=np.int64)
    step = 1 << 20
    for start in range(0, len(flat), step):  # only the first ``limit`` positions are kept
        if len(found) >= limit:
            break
        more = np.flatnonzero(flat[start : start + step])[: limit - len(found)] + start
        found = np.concatenate([found, more])
    shifts = np.arange(len(scope) - 1, -1, -1, dtype=np.int64)
    rows = ((found[:, None] >> shifts) & 1).astype(np.int8)
    return rows, count


def wilson(hits: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson score interval of a proportion.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        return 0.0, 1.0
    z = _normal_quantile(1 - (1 - confidence) / 2)
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def _normal_quantile(q: float) -> float:
    """The standard normal quantile (by bisection on erf: exact enough for intervals)."""
    low, high = -10.0, 10.0
    for _ in range(80):
        mid = (low + high) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < q:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True)
class Estimate:
    """A count estimated from ``trials`` profiles drawn uniformly from a set of ``space``
    profiles, of which ``hits`` were solutions (``space`` is ``2 ** n`` when drawn among all
    profiles of the ``n`` variables, less when small conditions were met first)."""

    value: float
    low: float
    high: float
    hits: int
    trials: int
    space: float = 0.0


def sample_count(
    constraints: Sequence[AnyConstraint],
    scope: tuple[int, ...],
    clock: Clock,
    rng: np.random.Generator,
    confidence: float = CONFIDENCE,
    min_trials: int = 20000,
    batch: int = 4096,
) -> tuple[Estimate, np.ndarray]:
    """Estimate the number of solutions over ``scope`` from uniform random profiles, sampling
    while the clock allows (``min_trials`` without a time limit). Also returns the distinct
    solutions hit.

    The interval is Wilson's on the solution fraction, times the ``2 ** n`` profiles.

    >>> either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))
    >>> estimate, hits = sample_count([either], (0, 1), Clock(0.0), np.random.default_rng(1))
    >>> estimate.low <= 2 <= estimate.high
    True
    """
    position = {v: k for k, v in enumerate(scope)}
    # Cheap checks first (tables, then conditions over tables, then rules): most draws fail
    # one of them, and a rule is computed for every choice of its owner.
    constraints = sorted(
        constraints,
        key=lambda c: 0 if isinstance(c, Constraint) else 2 if c.has_rules else 1,
    )
    size = 2.0 ** len(scope)
    timed = clock.limit is not None
    hits = trials = 0
    found: list[np.ndarray] = []
    # Without a time limit, a fixed number of trials; with one, as many as the time allows (at
    # least one small batch: the interval then says how little is known). Batches start small
    # and double, so that a costly check never overruns the time by much.
    size_now = min(batch, 512) if timed else batch
    while (not timed and trials < min_trials) or (timed and (trials == 0 or clock.left() > 0)):
        began = time.perf_counter()
        rows = rng.integers(0, 2, size=(size_now, len(scope)), dtype=np.int8)
        ok = np.ones(size_now, dtype=bool)
        for c in constraints:
            ok[ok] = c.check(rows[ok], position)
            if not ok.any():
                break
        hits += int(ok.sum())
        trials += size_now
        if ok.any() and sum(len(f) for f in found) < 1000:
            found.append(rows[ok])
        # The next batch doubles, but never past what the time left allows at this pace.
        size_now = min(batch, 2 * size_now)
        if timed:
            per_row = (time.perf_counter() - began) / len(rows)
            size_now = max(64, min(size_now, int(clock.left() / max(per_row, 1e-9))))
    low, high = wilson(hits, trials, confidence)
    distinct = np.unique(np.vstack(found), axis=0) if found else np.zeros((0, len(scope)), np.int8)
    return Estimate(size * hits / trials, size * low, size * high, hits, trials, size), distinct
