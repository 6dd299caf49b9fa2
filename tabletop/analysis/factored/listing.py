"""The first joint values meeting a set of constraints, by a depth-first join of their tables.

Method: chronological *backtracking* search (Golomb and Baumert, "Backtrack Programming", JACM
12, 1965) in a static order, with each constraint checked as soon as its variables are all
assigned; the next constraint joined is the one sharing most variables with those assigned
already (a greedy order in the spirit of maximum cardinality search). It is vectorised as a
pipelined nested-loop join of the constraint tables, as a database would run it: partial
assignments are rows, extended a batch of variables at a time and filtered with numpy, depth
first so that memory stays bounded and the search stops after the first ``limit`` solutions.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.analysis.factored.adaptive import Estimate, check_cost
from tabletop.analysis.factored.constraints import AnyConstraint
from tabletop.analysis.factored.game import assignments

#: Rows expanded at once while listing.
CHUNK = 1 << 14
#: Variables added in one step of the listing search.
BATCH = 10


def first_solutions(
    constraints: Sequence[AnyConstraint], limit: int
) -> tuple[tuple[int, ...], np.ndarray]:
    """Up to ``limit`` joint values satisfying every constraint (see :func:`search_solutions`;
    no time limit, so the search always finishes)."""
    scope, rows, _ = search_solutions(constraints, limit)
    return scope, rows


def search_solutions(
    constraints: Sequence[AnyConstraint],
    limit: int,
    deadline: float = math.inf,
    max_work: float = math.inf,
) -> tuple[tuple[int, ...], np.ndarray, bool]:
    """Up to ``limit`` joint values satisfying every constraint (lexicographic in the join order).

    Joins the constraint tables one by one (the next one shares most variables with what is
    joined already), filtering as soon as a table's variables are all assigned; partial rows are
    expanded in chunks, depth first, so memory stays bounded and the search stops at ``limit``.
    Returns the variables (sorted), one row of values per solution, and whether the search
    finished (found ``limit`` solutions or ran to the end) within ``max_work`` row checks (a
    row checked against a wide condition counts as its owner's choices, see
    :func:`~tabletop.analysis.factored.adaptive.check_cost`; the same work on any machine) and
    before ``deadline`` (:func:`time.perf_counter` seconds, a wall-clock cut); when it did not,
    the rows are true solutions but fewer than ``limit`` does *not* mean there are no more.

    >>> from tabletop.analysis.factored.constraints import Constraint
    >>> same = Constraint(0, (2, 7), np.array([[True, False], [False, True]]))
    >>> scope, rows, finished = search_solutions([same], 10)
    >>> scope, rows.tolist(), finished
    ((2, 7), [[0, 0], [1, 1]], True)
    """
    assigned: list[int] = []
    position: dict[int, int] = {}
    plan: list[tuple[np.ndarray, list[AnyConstraint]]] = []
    pending = list(constraints)
    while pending:
        pending.sort(key=lambda c: (-sum(v in position for v in c.scope), len(c.scope)))
        current = pending.pop(0)
        new = [v for v in current.scope if v not in position]
        for v in new:
            position[v] = len(assigned)
            assigned.append(v)
        ready = [current] + [c for c in pending if all(v in position for v in c.scope)]
        pending = [c for c in pending if c not in ready]
        # Many new variables at once are added in batches, so one row never grows past 2**BATCH.
        batches = [new[k : k + BATCH] for k in range(0, len(new), BATCH)] or [[]]
        for batch in batches[:-1]:
            plan.append((assignments(len(batch)), []))
        plan.append((assignments(len(batches[-1])), ready))

    found: list[np.ndarray] = []
    count = 0
    stopped = False
    spent = 0.0
    costs = [sum(check_cost([c]) for c in checks) + 1.0 for _, checks in plan]
    # A condition computed by a rule checks every row under each of the owner's choices:
    # smaller chunks, so that the deadline is looked at often.
    chunk = CHUNK // 16 if any(getattr(c, "has_rules", False) for c in constraints) else CHUNK

    def explore(rows: np.ndarray, step: int) -> None:
        nonlocal count, stopped, spent
        if count >= limit or stopped:
            return
        if step == len(plan):
            found.append(rows[: limit - count])
            count += len(found[-1])
            return
        block, checks = plan[step]
        per = max(1, chunk // len(block))
        for start in range(0, len(rows), per):
            part = rows[start : start + per]
            grown = np.hstack([np.repeat(part, len(block), axis=0), np.tile(block, (len(part), 1))])
            spent += len(grown) * costs[step]
            for c in checks:
                grown = grown[c.check(grown, position)]
            if len(grown):
                explore(grown, step + 1)
            if count >= limit or stopped:
                return
            if spent > max_work or time.perf_counter() > deadline:
                stopped = True
                return

    explore(np.zeros((1, 0), dtype=np.int8), 0)
    rows = np.vstack(found) if found else np.zeros((0, len(assigned)), dtype=np.int8)
    order = np.argsort(assigned)
    finished = count >= limit or not stopped
    return tuple(assigned[k] for k in order), rows[:, order], finished


@dataclass(frozen=True)
class ComponentSolutions:
    """The solutions restricted to one component: their exact count (``None`` if out of reach,
    then ``estimate`` says how many there are) and the first ones (``rows``, one column per
    variable of ``scope``)."""

    scope: tuple[int, ...]
    rows: np.ndarray
    count: int | None
    #: When the exact count was out of reach: an estimate and its interval (``count`` is None).
    estimate: Estimate | None = None
    #: How the component was solved: "listing", "dense", "packed" (every profile, 32 to a word),
    #: "elimination", "model" (a count the game knows from its structure, see
    #: FactoredGame.component_count) or "sampling".
    method: str = "listing"


def product_rows(solutions: Sequence[ComponentSolutions], size: int) -> Iterator[np.ndarray]:
    """Full 0/1 profiles (zeros outside the components) for every combination of solutions.

    >>> a = ComponentSolutions((0,), np.array([[0], [1]]), 2)
    >>> b = ComponentSolutions((2,), np.array([[1]]), 1)
    >>> [p.tolist() for p in product_rows([a, b], 3)]
    [[0, 0, 1], [1, 0, 1]]
    """
    for choice in itertools.product(*(range(len(c.rows)) for c in solutions)):
        profile = np.zeros(size, dtype=np.int8)
        for component, k in zip(solutions, choice, strict=True):
            profile[list(component.scope)] = component.rows[k]
        yield profile
