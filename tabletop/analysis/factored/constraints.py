"""Best-response conditions of a factored game, and the independent components they form.

Only the terms that contain a player's own variables affect its best responses, so the Nash
condition splits into small constraints, one per group of a player's variables that share terms.
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
    broadcast,
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
        return self.allowed.ravel()[row_index(rows, [position[v] for v in self.scope])]


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

    ``total`` is the player's payoff from these terms over ``scope`` when that table is small
    enough to build (``None`` otherwise).
    """

    player: int
    own: tuple[int, ...]
    scope: tuple[int, ...]
    terms: tuple[AnyTerm, ...]
    total: np.ndarray | None


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
            total: np.ndarray | None = None
            tables = [t for t in related if isinstance(t, Term)]
            if len(scope) <= MAX_SCOPE and len(tables) == len(related):
                total = np.zeros((2,) * len(scope), dtype=_table_type(tables))
                for term in tables:
                    total += broadcast(term.scope, term.values, scope).astype(total.dtype)
            own_here = tuple(sorted(v for v in members if v in scope))
            groups.append(OwnGroup(player, own_here, scope, tuple(related), total))
    return groups


def _table_type(terms: Sequence[Term]) -> type:
    """Whole-number payoffs (the usual case) are summed as int32: exact and twice as fast."""
    for term in terms:
        if (
            term.values.dtype.kind in "biu"
            and term.values.size
            and (np.abs(term.values).max() <= 2**20)
        ):
            continue  # already whole numbers
        if (
            not np.array_equal(term.values, np.round(term.values))
            or np.abs(term.values).max() > 2**20
        ):
            return np.float64
    return np.int32


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
        if group.total is None:
            out.append(ImplicitConstraint(group.player, group.scope, group.own, group.terms))
            continue
        axes = tuple(k for k, v in enumerate(group.scope) if v in group.own)
        best = group.total.max(axis=axes, keepdims=True)
        allowed = group.total >= best - TOL
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
