"""Choosing how to solve one component: the cheapest exact method within the work allowed, else
an estimate of the count with a 95 % interval from uniform sampling.

Exact methods, with their estimated cost in table-cell operations:

* **dense**: the component's whole profile table (``2 ** n`` cells), every constraint laid over
  it; cost ``2 ** n`` times the number of constraints, memory ``2 ** n`` bytes. Counts and lists
  at once, and is the fastest whenever the component is small enough (a five-power colony
  candidate: ``2 ** 20`` profiles).
* **elimination** (:mod:`~tabletop.analysis.factored.counting`): cost planned on the scopes.

Every limit is *counted work*, never the time or the memory of the machine (:class:`Work`):
the same game and options take the same decisions, and give the same answer, on any machine
and under any load. A wall-clock limit may still cut a caller's wait; the answer then says it
was cut (:attr:`Work.cut`).

Methods: **dense** is exhaustive enumeration (generate and test) done on a bit table of every
profile at once; the estimate is plain Monte Carlo, a fixed number of profiles drawn uniformly
with a fixed seed and checked (:func:`sample_count`), with the Wilson score interval on the
fraction of solutions (Wilson, "Probable Inference, the Law of Succession, and Statistical
Inference", JASA 22, 1927) and its centre as the point estimate. Which method runs is decided
by a cost model of cell operations, before any work starts.
"""

from __future__ import annotations

import math
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

#: Never more than this many cells in one table (2**27): a fixed figure, not the free memory,
#: so that the method chosen does not depend on the machine.
HARD_CELLS = 2.0**27
#: Most profiles of one component laid out by the dense method (2**26: 64 MB a table).
DENSE_CELLS = 2.0**26
#: Cell operations (as :func:`dense_cost` counts them) the dense method may spend for each cell
#: operation of the elimination budget: its passes run along long contiguous rows of one byte,
#: about ten times cheaper a cell than the elimination's float tables (measured: 24 relations,
#: cost 2.5e8-3.4e8, 0.03-0.12 s of CPU; 26 relations, cost 9.7e8-1.3e9, 0.22-0.54 s).
DENSE_PER_ELIMINATION = 10.0
#: Table-cell passes one rule term costs when computed on every profile (measured on the
#: colony candidate of five powers: packing, bit counts and masks).
RULE_PASSES = 12
#: Confidence of the interval given with an estimated count.
CONFIDENCE = 0.95
#: Profiles drawn when a count is estimated (fewer when each costs much to check, see
#: :func:`sample_trials`).
SAMPLE_TRIALS = 65536
#: Cell operations the sampling of one component may spend.
SAMPLE_WORK = 2.0e8


def memory_cells(bytes_per_cell: int = 8) -> float:
    """Largest table (cells) an exact method may build: :data:`HARD_CELLS` at one byte a cell,
    fewer for wider cells (a fixed figure: the answer must not depend on the machine).

    >>> memory_cells(1) == HARD_CELLS, memory_cells(8) == HARD_CELLS / 8
    (True, True)
    """
    return HARD_CELLS / bytes_per_cell


@dataclass
class Work:
    """The work one analysis may do, counted in table-cell operations (deterministic), and an
    optional wall-clock limit (seconds) that may cut it short.

    Methods ask :meth:`allows` before they start (from their planned cost) and :meth:`spend`
    after; :attr:`cut` tells that the wall-clock limit, not the work, stopped something (the
    answer then depends on the machine, and says so).

    >>> work = Work(100.0)
    >>> work.allows(60.0), work.spend(60.0), work.allows(60.0)
    (True, None, False)
    >>> work.cut
    False
    """

    budget: float
    wall_limit: float | None = None
    spent: float = 0.0
    cut: bool = False
    start: float = 0.0

    def __post_init__(self) -> None:
        self.start = time.perf_counter()

    def left(self) -> float:
        """Cell operations still allowed."""
        return max(0.0, self.budget - self.spent)

    def allows(self, cost: float) -> bool:
        """Whether work of this cost fits in what is left."""
        return cost <= self.left()

    def spend(self, cost: float) -> None:
        self.spent += cost

    def deadline(self) -> float:
        """The :func:`time.perf_counter` time at which the wall-clock limit runs out (infinite
        without one)."""
        return math.inf if self.wall_limit is None else self.start + self.wall_limit

    def out_of_time(self) -> bool:
        """Whether the wall-clock limit has run out (then :attr:`cut` is set)."""
        if self.wall_limit is not None and time.perf_counter() > self.deadline():
            self.cut = True
        return self.cut


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


def check_cost(constraints: Sequence[AnyConstraint]) -> float:
    """Estimated cell operations of checking one profile against every constraint (a table
    is one look-up; a wide condition computes its terms for every choice of its owner).

    >>> check_cost([Constraint(0, (0, 1), np.ones((2, 2), bool))])
    1.0
    """
    cost = 0.0
    for c in constraints:
        if isinstance(c, Constraint):
            cost += 1.0
            continue
        passes = sum(RULE_PASSES if isinstance(t, RuleTerm) else 1 for t in c.terms)
        cost += 2.0 ** len(c.own) * (passes + 2)
    return cost


def sample_trials(constraints: Sequence[AnyConstraint], work: float = SAMPLE_WORK) -> int:
    """Profiles to draw: :data:`SAMPLE_TRIALS`, fewer when checking them would cost more than
    ``work`` cell operations (at least 4096), a multiple of 4096.

    >>> sample_trials([Constraint(0, (0, 1), np.ones((2, 2), bool))])
    65536
    """
    affordable = int(work / max(check_cost(constraints), 1.0))
    return max(4096, min(SAMPLE_TRIALS, affordable) // 4096 * 4096)


def sample_count(
    constraints: Sequence[AnyConstraint],
    scope: tuple[int, ...],
    rng: np.random.Generator,
    trials: int = SAMPLE_TRIALS,
    confidence: float = CONFIDENCE,
    batch: int = 4096,
    work: Work | None = None,
) -> tuple[Estimate, np.ndarray]:
    """Estimate the number of solutions over ``scope`` from ``trials`` uniform random profiles
    (stopped early only by ``work``'s wall-clock limit, which then marks it cut). Also returns
    the distinct solutions hit.

    The interval is Wilson's on the solution fraction, times the ``2 ** n`` profiles; the point
    estimate is the interval's centre (never zero when nothing was hit: the interval says how
    little is known).

    >>> either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))
    >>> estimate, hits = sample_count([either], (0, 1), np.random.default_rng(1), 4096)
    >>> estimate.low <= 2 <= estimate.high, estimate.trials
    (True, 4096)
    """
    position = {v: k for k, v in enumerate(scope)}
    # Cheap checks first (tables, then conditions over tables, then rules): most draws fail
    # one of them, and a rule is computed for every choice of its owner.
    constraints = sorted(
        constraints,
        key=lambda c: 0 if isinstance(c, Constraint) else 2 if c.has_rules else 1,
    )
    size = 2.0 ** len(scope)
    hits = done = 0
    found: list[np.ndarray] = []
    while done < trials:
        if done and work is not None and work.out_of_time():
            break
        rows = rng.integers(0, 2, size=(min(batch, trials - done), len(scope)), dtype=np.int8)
        ok = np.ones(len(rows), dtype=bool)
        for c in constraints:
            ok[ok] = c.check(rows[ok], position)
            if not ok.any():
                break
        hits += int(ok.sum())
        done += len(rows)
        if ok.any() and sum(len(f) for f in found) < 1000:
            found.append(rows[ok])
    low, high = wilson(hits, done, confidence)
    distinct = np.unique(np.vstack(found), axis=0) if found else np.zeros((0, len(scope)), np.int8)
    centre = wilson_centre(hits, done, confidence)
    return Estimate(size * centre, size * low, size * high, hits, done, size), distinct


def wilson_centre(hits: int, trials: int, confidence: float = CONFIDENCE) -> float:
    """The centre of Wilson's interval, ``(hits + z**2 / 2) / (trials + z**2)``: the proportion
    estimate that stays inside the interval (Agresti and Coull, "Approximate is better than
    'exact' for interval estimation of binomial proportions", The American Statistician 52,
    1998).

    >>> round(wilson_centre(0, 100), 4)
    0.0185
    """
    if trials <= 0:
        return 0.5
    z = _normal_quantile(1 - (1 - confidence) / 2)
    return (hits + z * z / 2) / (trials + z * z)
