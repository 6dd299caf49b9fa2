"""Best-response conditions of a factored game, and the independent components they form.

Only the terms that contain a player's own variables affect its best responses, so the Nash
condition splits into small constraints, one per group of a player's variables that share terms.

Method: the reduction of pure Nash equilibria to a constraint satisfaction problem, one
best-response constraint per player over the variables its payoff reads (Gottlob, Greco and
Scarcello, "Pure Nash Equilibria: Hard and Easy Games", JAIR 24, 2005). Because a payoff is a
sum, a player's variables that never share a term are best-responded separately (one
constraint per group, :func:`own_groups`), and a term only matters through its
:func:`incentive` (its differences over the owner's choices). The independent components are
the connected components of the constraints' shared variables, found with a disjoint-set
forest (union-find with path halving, :func:`components`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.analysis.factored.game import (
    TOL,
    AnyTerm,
    FactoredGame,
    RuleTerm,
    Term,
    assignments,
    pack,
    row_index,
    squeeze,
)

#: Largest number of variables one constraint table may span (2**20 cells); wider best-response
#: conditions are checked from the payoff terms instead.
MAX_SCOPE = 20


@dataclass(frozen=True)
class Constraint:
    """A best-response condition over ``scope``, as a 0/1 table (True: best response)."""

    owner: int
    scope: tuple[int, ...]
    allowed: np.ndarray

    def check(self, rows: np.ndarray, position: Mapping[int, int]) -> np.ndarray:
        """For rows of 0/1 values (column ``position[v]`` = variable ``v``), True where met.

        >>> c = Constraint(0, (4,), np.array([False, True]))
        >>> c.check(np.array([[0], [1]]), {4: 0}).tolist()
        [False, True]
        """
        met: np.ndarray = self.allowed.ravel()[row_index(rows, [position[v] for v in self.scope])]
        return met


@dataclass(frozen=True)
class ImplicitConstraint:
    """A best-response condition too wide for a table: checked row by row from the terms (a
    rule term is computed for every choice of the owner's variables)."""

    owner: int
    scope: tuple[int, ...]
    own: tuple[int, ...]
    terms: tuple[AnyTerm, ...]

    @property
    def has_rules(self) -> bool:
        """Whether some term is a rule (never a table: no dense method, no elimination)."""
        return any(isinstance(t, RuleTerm) for t in self.terms)

    def check(self, rows: np.ndarray, position: Mapping[int, int]) -> np.ndarray:
        """For rows of 0/1 values, True where the owner's own values are a best response.

        >>> term = Term(0, (0, 1), np.array([[0.0, 0.0], [-1.0, 1.0]]))  # 1 pays iff the other is 1
        >>> ImplicitConstraint(0, (0, 1), (0,), (term,)).check(
        ...     np.array([[0, 0], [1, 0], [0, 1], [1, 1]]), {0: 0, 1: 1}
        ... ).tolist()
        [True, False, False, True]
        """
        if len(rows) == 0:
            return np.zeros(0, dtype=bool)
        options = assignments(len(self.own))  # every choice of the owner's variables
        values = np.zeros((len(rows), len(options)))
        for term in self.terms:
            if isinstance(term, RuleTerm):
                # Every row under every choice of the owner, in one call of the rule.
                columns = [position[v] for v in term.scope]
                at = [k for k, v in enumerate(term.scope) if v in self.own]
                own_bits = sum(1 << k for k in at)
                choices = pack(options, [self.own.index(term.scope[k]) for k in at])
                spread = np.zeros(len(options), dtype=np.int64)
                for m, k in enumerate(at):
                    spread |= (choices >> m & 1) << k
                base = pack(rows, columns) & ~np.int64(own_bits)
                codes = (base[:, None] | spread[None, :]).ravel()
                values += np.asarray(term.rule(codes), dtype=np.float64).reshape(len(rows), -1)
                continue
            mine = [k for k, v in enumerate(term.scope) if v in self.own]
            others = [k for k, v in enumerate(term.scope) if v not in self.own]
            flat = np.moveaxis(term.values, mine + others, list(range(len(term.scope))))
            flat = flat.reshape(2 ** len(mine), -1)
            context = row_index(rows, [position[term.scope[k]] for k in others])
            choice = np.zeros(len(options), dtype=np.int64)
            for k in mine:
                choice = choice * 2 + options[:, self.own.index(term.scope[k])]
            values += flat[choice[None, :], context[:, None]]
        chosen = row_index(rows, [position[v] for v in self.own])
        best = values.max(axis=1)
        return np.asarray(values[np.arange(len(rows)), chosen] >= best - TOL)


AnyConstraint = Constraint | ImplicitConstraint


@dataclass(frozen=True)
class OwnGroup:
    """Variables of one player that interact in its payoff, with the (incentive) terms they are in.

    ``tabular``: whether the best-response condition is small enough to be made a table (at most
    :data:`MAX_SCOPE` variables, no rule term); otherwise it is checked from the terms.
    """

    player: int
    own: tuple[int, ...]
    scope: tuple[int, ...]
    terms: tuple[AnyTerm, ...]
    tabular: bool


def own_groups(game: FactoredGame) -> list[OwnGroup]:
    """Split each player's own variables into groups that never share a payoff term.

    >>> game = FactoredGame(2, (0, 0, 1), [Term(0, (0, 2), np.array([[1.0, 0.0], [0.0, 1.0]]))])
    >>> [(g.player, g.own, g.scope) for g in own_groups(game)]
    [(0, (0,), (0, 2))]
    """
    groups = []
    for player in range(game.n_players):
        terms = game.terms_of(player)
        own = {v for v in range(game.n_variables) if game.owners[v] == player}
        parent = {v: v for t in terms for v in t.scope if v in own}

        def find(v: int, parent: dict[int, int] = parent) -> int:
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for term in terms:
            mine = [v for v in term.scope if v in own]
            for v in mine[1:]:
                parent[find(v)] = find(mine[0])
        clusters: dict[int, list[int]] = {}
        for v in parent:
            clusters.setdefault(find(v), []).append(v)
        for members in clusters.values():
            member_set = set(members)
            related: list[AnyTerm] = [
                t if isinstance(t, RuleTerm) else incentive(t, own)
                for t in terms
                if member_set & set(t.scope)
            ]
            related = [t for t in related if t.scope]
            scope = tuple(sorted({v for t in related for v in t.scope}))
            tabular = len(scope) <= MAX_SCOPE and all(isinstance(t, Term) for t in related)
            own_here = tuple(sorted(v for v in members if v in scope))
            groups.append(OwnGroup(player, own_here, scope, tuple(related), tabular))
    return groups


#: Variables of a payoff table's last axis while it is summed (``2 ** 12`` cells): the table is
#: laid out with the owner's variables first, and each term is spread over this block once, so
#: every addition runs along long contiguous rows instead of axes of length 2.
INNER = 12
#: Packed profiles of every cell of a table, by (table scope, rule scope): see :func:`rule_codes`.
Codes = dict[tuple[tuple[int, ...], tuple[int, ...]], np.ndarray]


def _whole(values: np.ndarray) -> bool:
    if values.dtype.kind in "biu":
        return True
    return bool(np.all(np.isfinite(values)) and np.array_equal(values, np.round(values)))


def sum_type(terms: Sequence[AnyTerm]) -> np.dtype:
    """The narrowest exact type for a sum of these terms: whole-number tables are summed as
    int8, int16 or int32 by the largest possible total (a quarter of the memory traffic of
    int32 for the usual small payoffs), a sum with a rule term as int32, anything else as
    float64.

    >>> sum_type([Term(0, (0,), np.array([0.0, 3.0]))]), sum_type([Term(0, (0,), np.array([0.5]))])
    (dtype('int8'), dtype('float64'))
    """
    tables = [t for t in terms if isinstance(t, Term)]
    if not all(_whole(t.values) for t in tables):
        return np.dtype(np.float64)
    bound = sum(float(np.abs(t.values).max()) if t.values.size else 0.0 for t in tables)
    if any(isinstance(t, RuleTerm) for t in terms):
        # A rule's values are whole only when it returns integers (checked when they come).
        return np.dtype(np.int32) if bound < 2**20 else np.dtype(np.float64)
    for kind in (np.int8, np.int16, np.int32):
        if bound <= np.iinfo(kind).max:
            return np.dtype(kind)
    return np.dtype(np.float64)


def lay(scope: Sequence[int], values: np.ndarray, order: Sequence[int], inner: int) -> np.ndarray:
    """A table over ``scope`` shaped to be combined with a table over ``order`` whose last
    ``inner`` variables are merged into one axis: size-1 axes where it does not depend, and
    the last axis spread over every cell of the inner block.

    >>> lay((1,), np.array([5, 7]), (0, 1), 1).tolist()
    [[5, 7]]
    """
    outer, block = list(order[: len(order) - inner]), list(order[len(order) - inner :])
    here = set(scope)
    outside = [v for v in outer if v in here]
    inside = [v for v in block if v in here]
    axes = [list(scope).index(v) for v in outside + inside]
    if len(axes) > 1:
        values = np.transpose(values, axes)
    if len(inside) < len(block) and values.size >= 2**14:
        # A large table is spread one missing variable at a time, innermost first: each step
        # copies whole rows, far faster than one copy of a broadcast with axes of length 2.
        flat = np.ascontiguousarray(values).reshape(-1)
        after = 1
        for v in reversed(block):
            if v not in here:
                flat = np.repeat(flat.reshape(-1, 1, after), 2, axis=1).reshape(-1)
            after *= 2
        values = flat
    else:
        spread = (2,) * len(outside) + tuple(2 if v in here else 1 for v in block)
        values = np.broadcast_to(values.reshape(spread), (2,) * len(outside) + (2,) * inner)
    values = values.reshape((2,) * len(outside) + (2**inner,))
    return values.reshape(tuple(2 if v in here else 1 for v in outer) + (2**inner,))


def rule_codes(scope: tuple[int, ...], rule: RuleTerm, codes: Codes | None = None) -> np.ndarray:
    """Cell ``i`` of a table over ``scope`` (first variable = highest bit) as the rule's packed
    profile; kept in ``codes`` so that every condition over the same scope shares one array (a
    model may then reuse its work from one player's rule to the next).

    >>> rule = RuleTerm(0, (1, 0), lambda c: c, 3.0)
    >>> rule_codes((0, 1), rule).tolist()  # bit 0 = variable 1, bit 1 = variable 0
    [0, 1, 2, 3]
    """
    codes = {} if codes is None else codes
    key = (scope, rule.scope)
    if key not in codes:
        flat = np.arange(2 ** len(scope), dtype=np.int64)
        shifts = [len(scope) - 1 - scope.index(v) for v in rule.scope]
        if shifts == list(range(len(scope))):
            codes[key] = flat  # the rule's bits already are the table's (scope descending)
        else:
            packed = np.zeros_like(flat)
            for m, shift in enumerate(shifts):
                packed |= (flat >> shift & 1) << m
            codes[key] = packed
    return codes[key]


def best_table(
    own: Sequence[int],
    scope: tuple[int, ...],
    terms: Sequence[AnyTerm],
    codes: Codes | None = None,
) -> np.ndarray:
    """The best-response condition of the owner of ``own`` as a 0/1 table over ``scope``
    (sorted; axis ``k`` = ``scope[k]``): True where its own values reach its best payoff from
    ``terms`` against the others' values.

    The payoff table is summed with the last :data:`INNER` variables in one long axis and the
    owner's variables together (where they are when they follow each other in ``scope``, as a
    player's relations do; else first, and the result is a transposed view), so the best over
    the owner's values is a maximum over the middle axis of a (contexts before, own values,
    contexts after) array.

    >>> term = Term(0, (0, 1), np.array([[0.0, 0.0], [-1.0, 1.0]]))  # 1 pays iff the other is 1
    >>> best_table((0,), (0, 1), [term]).tolist()
    [[True, False], [False, True]]
    """
    own = tuple(sorted(own))
    at = [scope.index(v) for v in own]
    if at == list(range(at[0], at[0] + len(at))) if at else True:
        order = list(scope)  # the owner's variables are already together: no transposition
        before = at[0] if at else 0
    else:
        order = list(own) + [v for v in scope if v not in own]
        before = 0
    inner = min(INNER, len(scope) - len(own))
    dtype = sum_type(terms)
    total = np.zeros((2,) * (len(order) - inner) + (2**inner,), dtype=dtype)
    to_order = [scope.index(v) for v in order]
    for term in terms:
        if isinstance(term, Term):
            total += lay(term.scope, term.values.astype(dtype, copy=False), order, inner)
            continue
        if term.grid is not None and term.scope == scope[::-1]:
            values = np.asarray(term.grid())  # packed profile i is cell i: the whole grid
        else:
            values = np.asarray(term.rule(rule_codes(scope, term, codes)))
        if dtype.kind == "i" and values.dtype.kind not in "biu":
            total = total.astype(np.float64)
            dtype = total.dtype
        grid = total.reshape((2,) * len(order))
        grid += values.reshape((2,) * len(scope)).transpose(to_order)
    # (contexts before, the owner's values, contexts after): the best over the middle axis.
    flat = total.reshape(2**before, 2 ** len(own), -1)
    best = flat.max(axis=1, keepdims=True)
    allowed: np.ndarray = (flat >= (best if dtype.kind == "i" else best - TOL)).reshape(
        (2,) * len(order)
    )
    return allowed if order == list(scope) else allowed.transpose(np.argsort(to_order))


def incentive(term: Term, own: set[int]) -> Term:
    """The term minus its value when the owner sets every own variable it involves to 0.

    Best responses only depend on these differences, and variables that merely shift the
    owner's payoff level (whatever it chooses) drop out of the table.

    >>> incentive(Term(0, (0, 1), np.array([[1.0, 5.0], [2.0, 6.0]])), {0}).scope
    (0,)
    """
    axes = [k for k, v in enumerate(term.scope) if v in own]
    base = term.values
    for axis in sorted(axes, reverse=True):
        base = np.take(base, [0], axis=axis)
    scope, values = squeeze(term.scope, term.values - base)
    return Term(term.player, scope, values, term.source)


def constraints_of(groups: Iterable[OwnGroup]) -> list[AnyConstraint]:
    """The best-response condition of every group: a table when small, else implicit.

    >>> game = FactoredGame(1, (0,), [Term(0, (0,), np.array([0.0, 1.0]))])
    >>> [(c.scope, c.allowed.tolist()) for c in constraints_of(own_groups(game))]
    [((0,), [False, True])]
    """
    out: list[AnyConstraint] = []
    for group in groups:
        if not group.own:
            continue  # the player's payoff never depends on these variables
        if not group.tabular:
            out.append(ImplicitConstraint(group.player, group.scope, group.own, group.terms))
            continue
        allowed = np.ascontiguousarray(best_table(group.own, group.scope, group.terms))
        scope, allowed = squeeze(group.scope, allowed)
        if scope:
            out.append(Constraint(group.player, scope, allowed))
    return out


def components(constraints: Sequence[AnyConstraint]) -> list[list[AnyConstraint]]:
    """Group constraints that share variables (transitively), ordered by their first variable.

    >>> a, b, c = (Constraint(0, s, np.ones((2,) * len(s), bool)) for s in [(0, 1), (5,), (1, 2)])
    >>> [[x.scope for x in group] for group in components([a, b, c])]
    [[(0, 1), (1, 2)], [(5,)]]
    """
    parent: dict[int, int] = {}

    def find(v: int) -> int:
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for c in constraints:
        for v in c.scope[1:]:
            parent[find(v)] = find(c.scope[0])
        find(c.scope[0])
    grouped: dict[int, list[AnyConstraint]] = {}
    for c in constraints:
        grouped.setdefault(find(c.scope[0]), []).append(c)
    return sorted(grouped.values(), key=lambda cs: min(v for c in cs for v in c.scope))
