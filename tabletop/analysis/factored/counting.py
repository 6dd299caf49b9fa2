"""The exact number of joint values meeting a set of constraints, by variable elimination.

Method: *bucket elimination* for counting (Dechter, "Bucket elimination: a unifying framework
for reasoning", Artificial Intelligence 113, 1999): every constraint is a 0/1 factor; a variable
is summed out of the product of the factors that mention it, and what remains after the last
one is the count. The elimination order is greedy, the variable whose new table is smallest
first (the *min-weight* heuristic, Koller and Friedman, "Probabilistic Graphical Models",
2009, section 9.4.3), planned on the scopes before any table is built so that the work is
known in advance (:func:`elimination_plan`).

A best-response condition too wide for a table is first rewritten exactly as small factors by
its terms' *context types* (:func:`_compressed_factors`): a term reaches the owner's choice
only through the function own values -> payoff that its other variables leave, and there are
few such functions. That rewriting is this package's own, not a textbook method.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from tabletop.analysis.factored.constraints import AnyConstraint, Constraint, ImplicitConstraint
from tabletop.analysis.factored.game import TOL, AnyTerm, Term

#: Largest best-response table over context types (2**22 cells).
MAX_TYPE_TABLE = 22
#: Most cell operations spent counting equilibria (well under a second).
ELIMINATION_WORK = 1.5e8
#: Largest single table while counting (2**26 cells, 512 MB of float64 at most).
MAX_ELIMINATION_TABLE = 2.0**26

Factor = tuple[tuple[int, ...], np.ndarray]


def _compressed_factors(
    constraint: ImplicitConstraint,
    next_id: int,
    max_cells: float = 2.0**MAX_TYPE_TABLE,
    max_work: float = math.inf,
) -> tuple[list[Factor], dict[int, int], float] | None:
    """A wide best-response condition rewritten as small factors, for counting.

    What a term contributes to the owner's choice depends on the other variables only through
    the *function* own values -> payoff it leaves; the few distinct functions are the term's
    context *types*. A new variable (numbered from ``next_id``) holds the type; one factor ties it
    to the variables (1 where the type is the one they give), one factor says which own values
    are best for each combination of types. ``None`` if that combination table is over
    ``max_cells`` cells or ``max_work`` operations; else the factors, the new variables' domains
    and the work spent.
    """
    own = constraint.own
    terms = merged_terms(constraint.terms)
    domains: dict[int, int] = {}
    factors: list[Factor] = []
    # (type variable or None, per-type payoff over the term's own values, those own variables)
    contributions: list[tuple[int | None, np.ndarray, tuple[int, ...]]] = []
    for term in terms:
        mine = [k for k, v in enumerate(term.scope) if v in own]
        others = [k for k, v in enumerate(term.scope) if v not in own]
        flat = np.moveaxis(term.values, mine + others, list(range(len(term.scope))))
        flat = flat.reshape(2 ** len(mine), -1)
        own_vars = tuple(term.scope[k] for k in mine)
        types, inverse = np.unique(flat.T, axis=0, return_inverse=True)
        if len(types) == 1:
            contributions.append((None, types, own_vars))
            continue
        y = next_id + len(domains)
        domains[y] = len(types)
        tie = np.zeros((flat.shape[1], len(types)))
        tie[np.arange(flat.shape[1]), np.ravel(inverse)] = 1.0
        context = tuple(term.scope[k] for k in others)
        factors.append((context + (y,), tie.reshape((2,) * len(context) + (len(types),))))
        contributions.append((y, types, own_vars))
    ys = tuple(sorted(domains))
    shape = (2,) * len(own) + tuple(domains[y] for y in ys)
    cells = float(np.prod(shape, dtype=np.float64))
    # Each contribution is one pass over the table; memory traffic makes a pass cost ~3 cells.
    work = cells * (3 * len(contributions) + 4)
    if cells > max_cells or work > max_work:
        return None
    total = np.zeros(shape)
    for type_var, types, own_vars in contributions:
        # types[t, i]: payoff for type t and own values i (bits of own_vars, first = highest).
        table = types.reshape((len(types),) + (2,) * len(own_vars))
        axes_shape = [1] * len(shape)
        for v in own_vars:
            axes_shape[own.index(v)] = 2
        if type_var is None:
            total += table[0].reshape(axes_shape)
        else:
            axes_shape[len(own) + ys.index(type_var)] = len(types)
            # Put the type axis after the own axes, as in ``shape``.
            total += np.moveaxis(table, 0, -1).reshape(axes_shape)
    best = total.max(axis=tuple(range(len(own))), keepdims=True)
    factors.append((own + ys, (total >= best - TOL).astype(np.float64)))
    return factors, domains, work


def merged_terms(terms: Sequence[AnyTerm]) -> list[Term]:
    """The same sum of tables with every table whose scope lies inside another's added to it:
    fewer terms, so fewer context types to combine (a term over a pair of relations inside a
    territory's larger term adds no type variable of its own).

    >>> small = Term(0, (1,), np.array([0.0, 1.0]))
    >>> big = Term(0, (0, 1), np.zeros((2, 2)))
    >>> [(t.scope, t.values.tolist()) for t in merged_terms([small, big])]
    [((0, 1), [[0.0, 1.0], [0.0, 1.0]])]
    """
    tables = [t for t in terms if isinstance(t, Term)]
    if len(tables) != len(terms):
        raise ValueError("a rule term has no table to merge")
    tables.sort(key=lambda t: -len(t.scope))
    out: list[Term] = []
    for term in tables:
        host = next((k for k, t in enumerate(out) if set(term.scope) <= set(t.scope)), None)
        if host is None:
            out.append(Term(term.player, tuple(term.scope), np.asarray(term.values, float)))
            continue
        big = out[host]
        out[host] = Term(
            big.player,
            big.scope,
            big.values + broadcast_to_scope(term.scope, term.values, big.scope),
            big.source,
        )
    return out


def broadcast_to_scope(
    scope: Sequence[int], values: np.ndarray, target: Sequence[int]
) -> np.ndarray:
    """A table over ``scope`` laid over the (not necessarily sorted) ``target`` scope it lies in.

    >>> broadcast_to_scope((2,), np.array([0.0, 1.0]), (2, 1)).tolist()
    [[0.0], [1.0]]
    """
    order = sorted(range(len(scope)), key=lambda k: list(target).index(scope[k]))
    moved = np.transpose(np.asarray(values, float), order) if len(scope) > 1 else values
    shape = [2 if v in set(scope) else 1 for v in target]
    return np.asarray(moved, float).reshape(shape)


def elimination_plan(
    scopes: Sequence[tuple[int, ...]],
    domain: Mapping[int, int],
    budget: float,
    max_cells: float = MAX_ELIMINATION_TABLE,
) -> list[int] | None:
    """Order in which to sum variables out (smallest new table first), planned on the scopes
    alone; ``None`` when the planned work exceeds ``budget`` cell operations (so that counting
    never takes long) or a table would be too large for memory.

    >>> elimination_plan([(0, 1), (1, 2)], {0: 2, 1: 2, 2: 2}, 1e6)
    [0, 1, 2]
    >>> elimination_plan([(0, 1), (1, 2)], {0: 2, 1: 2, 2: 2}, 0) is None
    True
    """
    sets = [set(s) for s in scopes]
    pending = set(domain)
    order: list[int] = []
    work = 0.0
    while pending:
        best: int | None = None
        best_cells, best_union = 0.0, set()
        for v in pending:
            union = set().union(*(s for s in sets if v in s))
            cells = float(np.prod([domain[u] for u in union], dtype=np.float64))
            if best is None or cells < best_cells:
                best, best_cells, best_union = v, cells, union
        assert best is not None
        touching = [s for s in sets if best in s]
        work += best_cells * len(touching)
        if work > budget or best_cells > max_cells:
            return None
        sets = [s for s in sets if best not in s] + [best_union - {best}]
        pending.remove(best)
        order.append(best)
    return order


def elimination_work(scopes: Sequence[tuple[int, ...]], budget: float) -> float | None:
    """Planned cell operations of eliminating binary variables over these scopes (``None``: more
    than ``budget``).

    >>> elimination_work([(0, 1), (1, 2)], 1e6)
    14.0
    """
    domain = {v: 2 for s in scopes for v in s}
    plan = elimination_plan(scopes, domain, budget, math.inf)
    if plan is None:
        return None
    sets = [set(s) for s in scopes]
    work = 0.0
    for v in plan:
        touching = [s for s in sets if v in s]
        union = set().union(*touching)
        work += 2.0 ** len(union) * len(touching)
        sets = [s for s in sets if v not in s] + [union - {v}]
    return work


def compression_cost(constraints: Sequence[AnyConstraint]) -> float:
    """Estimated cell operations of rewriting the wide constraints as small factors (sorting
    every cell of their terms to find the context types)."""
    if any(isinstance(c, ImplicitConstraint) and c.has_rules for c in constraints):
        return math.inf  # a rule term has no table to compress
    cells = sum(
        float(t.values.size)
        for c in constraints
        if isinstance(c, ImplicitConstraint)
        for t in c.terms
        if isinstance(t, Term)
    )
    return cells * max(1.0, math.log2(cells + 1))


def count_solutions(
    constraints: Sequence[AnyConstraint],
    budget: float = ELIMINATION_WORK,
    max_cells: float | None = None,
) -> int | None:
    """Exact number of joint values satisfying every constraint, by variable elimination.

    Constraints become 0/1 factors (wide ones through their context types); a variable is
    summed out by multiplying the factors that mention it (greedily, the one giving the smallest
    new table first). ``None`` when that would need a table over ``max_cells`` cells (default: the
    fixed :data:`MAX_TYPE_TABLE` / :data:`MAX_ELIMINATION_TABLE`) or more than ``budget`` cell
    operations (the compression of wide constraints included).

    >>> either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))  # exactly one
    >>> count_solutions([either, Constraint(1, (1, 2), np.ones((2, 2), bool))])
    4
    """
    spent = compression_cost(constraints)
    if spent > budget:
        return None
    type_cells = 2.0**MAX_TYPE_TABLE if max_cells is None else max_cells
    table_cells = MAX_ELIMINATION_TABLE if max_cells is None else max_cells
    domain: dict[int, int] = {v: 2 for c in constraints for v in c.scope}
    next_id = max(domain, default=0) + 1
    factors: list[Factor] = []
    for c in constraints:
        if isinstance(c, Constraint):
            factors.append((c.scope, c.allowed.astype(np.float64)))
            continue
        compressed = _compressed_factors(c, next_id, type_cells, budget - spent)
        if compressed is None:
            return None
        more, domains, work = compressed
        spent += work
        factors.extend(more)
        domain.update(domains)
        next_id += len(domains)
    plan = elimination_plan([scope for scope, _ in factors], domain, budget - spent, table_cells)
    if plan is None:
        return None
    for v in plan:
        touching = [f for f in factors if v in f[0]]
        if not touching:  # a variable no factor restricts takes any of its values
            factors.append(((), np.array(float(domain[v]))))
            continue
        factors = [f for f in factors if v not in f[0]]
        scope = tuple(sorted({u for s, _ in touching for u in s}))
        product = np.ones((1,) * len(scope))
        for factor_scope, values in touching:
            present = set(factor_scope)
            product = product * values.reshape([domain[u] if u in present else 1 for u in scope])
        full = tuple(domain[u] for u in scope)
        product = np.broadcast_to(product, full).sum(axis=scope.index(v))
        factors.append((tuple(u for u in scope if u != v), product))
    total = 1.0
    for _, values in factors:
        total *= float(values)
    return int(round(total))
