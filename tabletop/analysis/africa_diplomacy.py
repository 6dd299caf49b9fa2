"""The diplomacy game of an Africa 1880 position, analysed exactly.

After phase 3 (orders executed, :func:`tabletop.games.africa1880.execute_orders`) only the
relations are left to choose: every power declares alliance or war toward every other power, all at
once. Phases 4 and 5 (:func:`tabletop.games.africa1880.settle`) then decide which presences are
removed and which colonies are founded: a normal-form game of ``n (n - 1)`` binary choices.

Payoff of a power (option ``payoff``):

* ``"presences"`` (default): its presences on the board after phases 4-5, plus ``weight``
  (default 2) for every colony founded this round where it is present;
* ``"score"``: the game's score after the round (points, or colony count with the ``colonies``
  scoring option), as computed by :func:`tabletop.games.africa1880.score`.

How the search stays exact and fast. A territory's outcome depends only on the relations between
the powers present there, and removals do not cascade, so a power's payoff is a sum of small
*local terms*, one per territory (and, with the score payoff, one per alliance point). Each term is
a table over the few relations it depends on; relations no table depends on are **free** (they
change no payoff at all). For each power, its best responses only involve the terms that contain
its own relations, so the Nash condition splits into small constraints (0/1 tables, or, when
too wide for a table, checks computed from the terms); relations that no constraint involves are
**indifferent** (whatever their value, an equilibrium stays one, although they may change
someone's payoff). The remaining *decisive* relations fall into independent components; each is
listed by a depth-first join of its constraints and counted by variable elimination (a wide
constraint through the few *types* of context its terms distinguish). The equilibria are the
product of the components' solutions. Free and indifferent relations are listed apart instead of
multiplying the list of equilibria; each listed equilibrium shows them at alliance (what a blank
relation means).

The local terms are an explicit model of phases 4-5. Every payoff that is reported (declared
relations, best responses, listed equilibria, the two-power tables) is computed by the rules core
itself, and the model is checked against the core on the declared relations and the first listed
equilibria, so a disagreement between them is an error, never a silent wrong answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from tabletop.analysis.normal_form import Game, pareto_mask
from tabletop.games.africa1880 import AfterOrders, Relations, score, settle

PAYOFFS = ("presences", "score")
WAR, ALLIANCE = "war", "alliance"
#: Largest number of relations one constraint table may span (2**20 cells); wider best-response
#: conditions are checked from the payoff terms instead.
MAX_SCOPE = 20
#: Largest number of relations one payoff term may depend on (a colony candidate of five powers).
MAX_TERM_SCOPE = 20
#: Largest best-response table over context types (2**22 cells).
MAX_TYPE_TABLE = 22
#: Most cell operations spent counting equilibria (well under a second).
ELIMINATION_WORK = 1.5e8
#: Largest single table while counting (2**26 cells, 512 MB of float64 at most).
MAX_ELIMINATION_TABLE = 2.0**26
#: Rows expanded at once while listing equilibria.
CHUNK = 1 << 14
#: Relations added in one step of the listing search.
BATCH = 10
#: Equilibria listed by default.
DEFAULT_LIMIT = 1000
TOL = 1e-9

Pair = tuple[str, str]


class AnalysisError(ValueError):
    """The position cannot be analysed as asked (bad option, or beyond the exact method's size)."""


class TooLarge(AnalysisError):
    """The exact enumeration of equilibria would need tables or row sets beyond the limits."""


# --- payoffs from the rules core ----------------------------------------------------------------


def core_payoffs(
    after: AfterOrders, relations: Relations, weight: float = 2.0, payoff: str = "presences"
) -> dict[str, float]:
    """Each power's payoff for ``relations``, computed by the rules core (phases 4-5)."""
    settlement = settle(after, relations)
    powers = after.state.powers
    if payoff == "presences":
        counts = settlement.presence_counts()
        out = {p: float(counts.get(p, 0)) for p in powers}
        for _, present in settlement.founded:
            for power in present:
                out[power] += weight
        return out
    if payoff == "score":
        result = score(settlement.next_state())
        by_colonies = after.state.options.scoring == "colonies"
        return {r.power: float(r.colonies if by_colonies else r.points) for r in result.powers}
    raise AnalysisError(f"unknown payoff {payoff!r}: choose one of {', '.join(PAYOFFS)}")


def local_settlement(after: AfterOrders, territory: str) -> AfterOrders:
    """The position restricted to one territory, so that :func:`settle` decides only that one."""
    powers = after.occupancy.get(territory, ())
    contested = tuple(item for item in after.contested if item[0] == territory)
    candidates = tuple(t for t in after.colony_candidates if t == territory)
    if not powers:
        raise AnalysisError(f"no presence in {territory}")
    return replace(after, contested=contested, colony_candidates=candidates)


# --- the local-term model -----------------------------------------------------------------------


@dataclass(frozen=True)
class Term:
    """Part of one power's payoff: a table over a few relations (axis ``k`` = ``scope[k]``;
    index 1 = war)."""

    power: int
    scope: tuple[int, ...]
    values: np.ndarray
    source: str


def _squeeze(scope: tuple[int, ...], values: np.ndarray) -> tuple[tuple[int, ...], np.ndarray]:
    """Drop the axes a table does not depend on."""
    axis = 0
    scope_list = list(scope)
    while axis < len(scope_list):
        first = np.take(values, 0, axis=axis)
        second = np.take(values, 1, axis=axis)
        if np.array_equal(first, second):
            values = first
            del scope_list[axis]
        else:
            axis += 1
    return tuple(scope_list), values


def _assignments(count: int) -> np.ndarray:
    """Every 0/1 assignment of ``count`` variables, row ``r`` = bits of ``r`` (first = highest)."""
    rows = np.arange(2**count, dtype=np.int64)
    shifts = np.arange(count - 1, -1, -1, dtype=np.int64)
    return ((rows[:, None] >> shifts) & 1).astype(np.int8)


def _broadcast(term_scope: Sequence[int], values: np.ndarray, scope: Sequence[int]) -> np.ndarray:
    """A term's table laid out on a larger sorted scope (size-1 axes where it does not depend)."""
    present = set(term_scope)
    shape = [2 if v in present else 1 for v in scope]
    return values.reshape(shape)


class DiplomacyGame:
    """The relations game of one position after phase 3, as local payoff terms.

    ``variables[v]`` is the relation ``(declarer, toward)``; value 1 means war.
    """

    def __init__(self, after: AfterOrders, weight: float = 2.0, payoff: str = "presences") -> None:
        if payoff not in PAYOFFS:
            raise AnalysisError(f"unknown payoff {payoff!r}: choose one of {', '.join(PAYOFFS)}")
        if not np.isfinite(weight):
            raise AnalysisError("the colony weight must be a finite number")
        self.after = after
        self.weight = float(weight)
        self.payoff_kind = payoff
        self.powers: tuple[str, ...] = tuple(after.state.powers)
        self.index = {p: k for k, p in enumerate(self.powers)}
        self.variables: tuple[Pair, ...] = tuple(
            (a, b) for a in self.powers for b in self.powers if a != b
        )
        self.var_index = {pair: v for v, pair in enumerate(self.variables)}
        self.constants = np.zeros(len(self.powers))
        self.terms: list[Term] = []
        self._build()
        used = {v for term in self.terms for v in term.scope}
        #: Relations that change no payoff at all.
        self.free: tuple[int, ...] = tuple(v for v in range(len(self.variables)) if v not in used)

    # The model of phases 4-5 (checked against the core by tests and at run time).
    def _build(self) -> None:
        after = self.after
        options = after.state.options
        colonies = after.state.colonies
        candidates = set(after.colony_candidates)
        by_score = self.payoff_kind == "score"
        by_colonies = options.scoring == "colonies"
        for territory, present in sorted(after.occupancy.items()):
            indices = [self.index[p] for p in present]
            k = len(present)
            if territory in colonies:
                # Presences in a colony are never removed; the colony's score never changes.
                for power in indices:
                    if by_score:
                        value = 1 if by_colonies else self._colony_points(options, k)
                    else:
                        value = 1
                    self.constants[power] += value
                continue
            candidate = territory in candidates
            if k == 1:
                power = indices[0]
                if by_score:
                    if candidate:
                        self.constants[power] += 1 if by_colonies else options.points_colony_alone
                else:
                    self.constants[power] += 1 + (self.weight if candidate else 0.0)
                continue
            if not candidate:
                if by_score:
                    continue  # presences outside colonies score nothing
                for power in present:
                    self._add_survival_term(territory, power, present)
                continue
            self._add_candidate_terms(territory, present, by_score, by_colonies, options)
        if by_score and not by_colonies:
            for v, (declarer, _) in enumerate(self.variables):
                values = np.array([options.points_alliance, 0.0])
                self._add(Term(self.index[declarer], (v,), values, "alliance point"))

    @staticmethod
    def _colony_points(options: Any, holders: int) -> float:
        return options.points_colony_alone if holders == 1 else options.points_colony_shared

    def _add(self, term: Term) -> None:
        scope, values = _squeeze(term.scope, term.values)
        if scope:
            order = np.argsort(scope)
            values = np.transpose(values, order) if len(scope) > 1 else values
            scope = tuple(scope[k] for k in order)
            self.terms.append(Term(term.power, scope, np.ascontiguousarray(values), term.source))
        else:
            self.constants[term.power] += float(values)

    def _add_survival_term(self, territory: str, power: str, present: Sequence[str]) -> None:
        others = [q for q in present if q != power]
        if len(present) == 2:
            other = others[0]
            scope = (self.var_index[(power, other)], self.var_index[(other, power)])
            # Removed only when it allied and the other declared war.
            values = np.array([[1.0, 0.0], [1.0, 1.0]])
        else:
            scope = tuple(self.var_index[(q, power)] for q in others)
            wars = _assignments(len(others)).sum(axis=1)
            values = (2 * wars <= len(others)).astype(float).reshape((2,) * len(others))
        self._add(Term(self.index[power], scope, values, territory))

    def _add_candidate_terms(
        self,
        territory: str,
        present: Sequence[str],
        by_score: bool,
        by_colonies: bool,
        options: Any,
    ) -> None:
        k = len(present)
        pairs = [(a, b) for a in present for b in present if a != b]
        if len(pairs) > MAX_TERM_SCOPE:
            raise TooLarge(
                f"{territory} is ready to become a colony with {k} powers present: "
                f"{len(pairs)} relations decide it, too many for the exact analysis"
            )
        scope = tuple(self.var_index[p] for p in pairs)
        grid = _assignments(len(pairs)).astype(bool)
        column = {pair: grid[:, m] for m, pair in enumerate(pairs)}
        survives = {}
        for power in present:
            others = [q for q in present if q != power]
            if k == 2:
                other = others[0]
                removed = column[(other, power)] & ~column[(power, other)]
            else:
                wars = sum(column[(q, power)].astype(np.int64) for q in others)
                removed = 2 * wars > len(others)
            survives[power] = ~removed
        survivors = sum(survives[p].astype(np.int64) for p in present)
        war_among = np.zeros(len(grid), dtype=bool)
        for a, b in pairs:
            war_among |= column[(a, b)] & survives[a] & survives[b]
        founded = (survivors > 0) & ~war_among
        for power in present:
            alive = survives[power]
            if by_score:
                if by_colonies:
                    values = (founded & alive).astype(float)
                else:
                    points = np.where(
                        survivors == 1, options.points_colony_alone, options.points_colony_shared
                    )
                    values = np.where(founded & alive, points, 0).astype(float)
            else:
                values = alive.astype(float) + self.weight * (founded & alive)
            self._add(Term(self.index[power], scope, values.reshape((2,) * len(pairs)), territory))

    # -- evaluation -----------------------------------------------------------------------------
    def relations_of(self, profile: Sequence[int] | np.ndarray) -> Relations:
        """The :class:`Relations` of a 0/1 profile over :attr:`variables`."""
        return Relations(self.variables[v] for v, x in enumerate(profile) if x)

    def profile_of(self, relations: Relations | None) -> np.ndarray:
        """The 0/1 profile of ``relations`` (wars toward or from powers not in the game ignored)."""
        profile = np.zeros(len(self.variables), dtype=np.int8)
        if relations is not None:
            for pair in relations.wars:
                if pair in self.var_index:
                    profile[self.var_index[pair]] = 1
        return profile

    def model_payoffs(self, profiles: np.ndarray) -> np.ndarray:
        """Payoffs (rows: profiles, columns: powers) of 0/1 profiles, by the local-term model."""
        rows = np.atleast_2d(np.asarray(profiles, dtype=np.int64))
        out = np.tile(self.constants, (len(rows), 1))
        for term in self.terms:
            index = np.zeros(len(rows), dtype=np.int64)
            for v in term.scope:
                index = index * 2 + rows[:, v]
            out[:, term.power] += term.values.ravel()[index]
        return out

    def core_payoffs(self, profile: Sequence[int] | np.ndarray) -> np.ndarray:
        """Payoffs of one profile computed by the rules core."""
        values = core_payoffs(self.after, self.relations_of(profile), self.weight, self.payoff_kind)
        return np.array([values[p] for p in self.powers])

    def check_model(self, profile: Sequence[int] | np.ndarray) -> np.ndarray:
        """Core payoffs of ``profile``, after checking that the model agrees with them."""
        core = self.core_payoffs(profile)
        model = self.model_payoffs(np.asarray(profile))[0]
        if not np.allclose(core, model, atol=TOL):
            raise AnalysisError(
                "internal check failed: the game-theory model disagrees with the rules core for "
                f"relations {self.relations_of(profile).to_dict()}"
            )
        return core

    def payoff_bounds(self) -> np.ndarray:
        """An upper bound of each power's payoff (sum of the best value of each of its terms)."""
        bounds = self.constants.copy()
        for term in self.terms:
            bounds[term.power] += float(term.values.max())
        return bounds

    def normal_form(self, max_profiles: int = 2**16) -> Game:
        """The whole relations game as a :class:`Game`, every payoff from the rules core.

        Strategies of a power are its sets of wars, labelled like ``"war: France, Italy"``;
        only for small games (``2 ** (n (n - 1))`` profiles).
        """
        n = len(self.powers)
        count = 2 ** len(self.variables)
        if count > max_profiles:
            raise AnalysisError(
                f"{n} powers make {count} relation profiles, more than {max_profiles}"
            )
        targets = [[q for q in self.powers if q != p] for p in self.powers]
        strategies = [list(_subsets(t)) for t in targets]
        labels = [[_war_label(s) for s in row] for row in strategies]
        payoffs = np.zeros((n, *(len(row) for row in strategies)))
        for choice in itertools.product(*(range(len(row)) for row in strategies)):
            wars = [
                (p, q)
                for p, k in zip(self.powers, choice, strict=True)
                for q in strategies[self.index[p]][k]
            ]
            values = core_payoffs(self.after, Relations(wars), self.weight, self.payoff_kind)
            payoffs[(slice(None), *choice)] = [values[p] for p in self.powers]
        return Game(payoffs, labels, self.powers)


def _subsets(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    for size in range(len(items) + 1):
        yield from itertools.combinations(items, size)


def _war_label(wars: Sequence[str]) -> str:
    return "war: " + ", ".join(wars) if wars else "alliance with all"


# --- the equilibrium search ---------------------------------------------------------------------


def _row_index(rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
    """Flat table index of each row's values in ``columns`` (first column = highest bit)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for column in columns:
        index = index * 2 + rows[:, column]
    return index


@dataclass(frozen=True)
class Constraint:
    """A best-response condition over ``scope``, as a 0/1 table (True: best response)."""

    owner: int
    scope: tuple[int, ...]
    allowed: np.ndarray

    def check(self, rows: np.ndarray, position: Mapping[int, int]) -> np.ndarray:
        """For rows of 0/1 values (column ``position[v]`` = relation ``v``), True where met."""
        return self.allowed.ravel()[_row_index(rows, [position[v] for v in self.scope])]


@dataclass(frozen=True)
class ImplicitConstraint:
    """A best-response condition too wide for a table: checked row by row from the terms."""

    owner: int
    scope: tuple[int, ...]
    own: tuple[int, ...]
    terms: tuple[Term, ...]

    def check(self, rows: np.ndarray, position: Mapping[int, int]) -> np.ndarray:
        """For rows of 0/1 values, True where the owner's own values are a best response."""
        options = _assignments(len(self.own))  # every choice of the owner's relations
        values = np.zeros((len(rows), len(options)))
        for term in self.terms:
            mine = [k for k, v in enumerate(term.scope) if v in self.own]
            others = [k for k, v in enumerate(term.scope) if v not in self.own]
            flat = np.moveaxis(term.values, mine + others, list(range(len(term.scope))))
            flat = flat.reshape(2 ** len(mine), -1)
            context = _row_index(rows, [position[term.scope[k]] for k in others])
            choice = np.zeros(len(options), dtype=np.int64)
            for k in mine:
                choice = choice * 2 + options[:, self.own.index(term.scope[k])]
            values += flat[choice[None, :], context[:, None]]
        chosen = _row_index(rows, [position[v] for v in self.own])
        best = values.max(axis=1)
        return values[np.arange(len(rows)), chosen] >= best - TOL


AnyConstraint = Constraint | ImplicitConstraint


@dataclass(frozen=True)
class OwnGroup:
    """Relations of one power that interact in its payoff, with the (incentive) terms they are in.

    ``total`` is the power's payoff from these terms over ``scope`` when that table is small
    enough to build (``None`` otherwise).
    """

    power: int
    own: tuple[int, ...]
    scope: tuple[int, ...]
    terms: tuple[Term, ...]
    total: np.ndarray | None


def own_groups(game: DiplomacyGame) -> list[OwnGroup]:
    """Split each power's own relations into groups that never share a payoff term."""
    groups = []
    for power in range(len(game.powers)):
        terms = [t for t in game.terms if t.power == power]
        own = {v for v in range(len(game.variables)) if game.index[game.variables[v][0]] == power}
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
            related = [_incentive(t, own) for t in terms if member_set & set(t.scope)]
            related = [t for t in related if t.scope]
            scope = tuple(sorted({v for t in related for v in t.scope}))
            total = None
            if len(scope) <= MAX_SCOPE:
                total = np.zeros((2,) * len(scope), dtype=_table_type(related))
                for term in related:
                    total += _broadcast(term.scope, term.values, scope).astype(total.dtype)
            own_here = tuple(sorted(v for v in members if v in scope))
            groups.append(OwnGroup(power, own_here, scope, tuple(related), total))
    return groups


def _table_type(terms: Sequence[Term]) -> type:
    """Whole-number payoffs (the usual case) are summed as int32: exact and twice as fast."""
    for term in terms:
        if (
            not np.array_equal(term.values, np.round(term.values))
            or np.abs(term.values).max() > 2**20
        ):
            return np.float64
    return np.int32


def _incentive(term: Term, own: set[int]) -> Term:
    """The term minus its value when the owner allies everyone it involves.

    Best responses only depend on these differences, and relations that merely shift the
    owner's payoff level (whatever it chooses) drop out of the table.
    """
    axes = [k for k, v in enumerate(term.scope) if v in own]
    base = term.values
    for axis in sorted(axes, reverse=True):
        base = np.take(base, [0], axis=axis)
    scope, values = _squeeze(term.scope, term.values - base)
    return Term(term.power, scope, values, term.source)


def constraints_of(groups: Iterable[OwnGroup]) -> list[AnyConstraint]:
    """The best-response condition of every group: a table when small, else implicit."""
    out: list[AnyConstraint] = []
    for group in groups:
        if not group.own:
            continue  # the power's payoff never depends on these relations
        if group.total is None:
            out.append(ImplicitConstraint(group.power, group.scope, group.own, group.terms))
            continue
        axes = tuple(k for k, v in enumerate(group.scope) if v in group.own)
        best = group.total.max(axis=axes, keepdims=True)
        allowed = group.total >= best - TOL
        scope, allowed = _squeeze(group.scope, allowed)
        if scope:
            out.append(Constraint(group.power, scope, allowed))
    return out


def _components(constraints: Sequence[AnyConstraint]) -> list[list[AnyConstraint]]:
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


def _compressed_factors(
    constraint: ImplicitConstraint, next_id: int
) -> tuple[list[tuple[tuple[int, ...], np.ndarray]], dict[int, int]] | None:
    """A wide best-response condition rewritten as small factors, for counting.

    What a term contributes to the owner's choice depends on the other relations only through
    the *function* own values -> payoff it leaves; the few distinct functions are the term's
    context *types*. A new variable (numbered from ``next_id``) holds the type; one factor ties it
    to the relations (1 where the type is the one they give), one factor says which own values
    are best for each combination of types. ``None`` if that combination table is too large.
    """
    own = constraint.own
    domains: dict[int, int] = {}
    factors: list[tuple[tuple[int, ...], np.ndarray]] = []
    contributions = []  # (type variable or None, per-type payoff over the term's own values)
    for term in constraint.terms:
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
    if int(np.prod(shape, dtype=np.float64)) > 2**MAX_TYPE_TABLE:
        return None
    total = np.zeros(shape)
    for y, types, own_vars in contributions:
        # types[t, i]: payoff for type t and own values i (bits of own_vars, first = highest).
        table = types.reshape((len(types),) + (2,) * len(own_vars))
        axes_shape = [1] * len(shape)
        for v in own_vars:
            axes_shape[own.index(v)] = 2
        if y is None:
            total = total + table[0].reshape(axes_shape)
        else:
            axes_shape[len(own) + ys.index(y)] = len(types)
            # Put the type axis after the own axes, as in ``shape``.
            total = total + np.moveaxis(table, 0, -1).reshape(axes_shape)
    best = total.max(axis=tuple(range(len(own))), keepdims=True)
    factors.append((own + ys, (total >= best - TOL).astype(np.float64)))
    return factors, domains


def _elimination_plan(
    scopes: Sequence[tuple[int, ...]], domain: Mapping[int, int], budget: float
) -> list[int] | None:
    """Order in which to sum variables out (smallest new table first), planned on the scopes
    alone; ``None`` when the planned work exceeds ``budget`` cell operations (so that counting
    never takes long) or a table would be too large for memory."""
    scopes = [set(s) for s in scopes]
    pending = set(domain)
    order, work = [], 0.0
    while pending:
        best, best_cells, best_union = None, 0.0, set()
        for v in pending:
            union = set().union(*(s for s in scopes if v in s))
            cells = float(np.prod([domain[u] for u in union], dtype=np.float64))
            if best is None or cells < best_cells:
                best, best_cells, best_union = v, cells, union
        touching = [s for s in scopes if best in s]
        work += best_cells * len(touching)
        if work > budget or best_cells > MAX_ELIMINATION_TABLE:
            return None
        scopes = [s for s in scopes if best not in s] + [best_union - {best}]
        pending.remove(best)
        order.append(best)
    return order


def count_solutions(
    constraints: Sequence[AnyConstraint], budget: float = ELIMINATION_WORK
) -> int | None:
    """Exact number of joint values satisfying every constraint, by variable elimination.

    Constraints become 0/1 factors (wide ones through their context types); a variable is
    summed out by multiplying the factors that mention it (greedily, the one giving the smallest
    new table first). ``None`` when that would need too large a table.
    """
    domain: dict[int, int] = {v: 2 for c in constraints for v in c.scope}
    next_id = max(domain, default=0) + 1
    factors: list[tuple[tuple[int, ...], np.ndarray]] = []
    for c in constraints:
        if isinstance(c, Constraint):
            factors.append((c.scope, c.allowed.astype(np.float64)))
            continue
        compressed = _compressed_factors(c, next_id)
        if compressed is None:
            return None
        more, domains = compressed
        factors.extend(more)
        domain.update(domains)
        next_id += len(domains)
    plan = _elimination_plan([scope for scope, _ in factors], domain, budget)
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


def first_solutions(
    constraints: Sequence[AnyConstraint], limit: int
) -> tuple[tuple[int, ...], np.ndarray]:
    """Up to ``limit`` joint values satisfying every constraint (lexicographic in the join order).

    Joins the constraint tables one by one (the next one shares most relations with what is
    joined already), filtering as soon as a table's relations are all assigned; partial rows are
    expanded in chunks, depth first, so memory stays bounded and the search stops at ``limit``.
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
        # Many new relations at once are added in batches, so one row never grows past 2**BATCH.
        batches = [new[k : k + BATCH] for k in range(0, len(new), BATCH)] or [[]]
        for batch in batches[:-1]:
            plan.append((_assignments(len(batch)), []))
        plan.append((_assignments(len(batches[-1])), ready))

    found: list[np.ndarray] = []
    count = 0

    def explore(rows: np.ndarray, step: int) -> None:
        nonlocal count
        if count >= limit:
            return
        if step == len(plan):
            found.append(rows[: limit - count])
            count += len(found[-1])
            return
        block, checks = plan[step]
        per = max(1, CHUNK // len(block))
        for start in range(0, len(rows), per):
            part = rows[start : start + per]
            grown = np.hstack([np.repeat(part, len(block), axis=0), np.tile(block, (len(part), 1))])
            for c in checks:
                grown = grown[c.check(grown, position)]
            if len(grown):
                explore(grown, step + 1)
            if count >= limit:
                return

    explore(np.zeros((1, 0), dtype=np.int8), 0)
    rows = np.vstack(found) if found else np.zeros((0, len(assigned)), dtype=np.int8)
    order = np.argsort(assigned)
    return tuple(assigned[k] for k in order), rows[:, order]


@dataclass(frozen=True)
class ComponentSolutions:
    """The equilibria restricted to one component: their exact count (``None`` if too costly to
    count) and the first ones."""

    scope: tuple[int, ...]
    rows: np.ndarray
    count: int | None


# --- the report -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PowerReport:
    """One power's view: its best responses to the relations the others declared, and dominance.

    ``best_responses`` are sets of wars over the powers toward which its relation can matter
    (toward ``free`` powers the declared relation is kept); ``dominant`` maps each other power to
    ``("war" | "alliance", "strict" | "weak")`` when one choice dominates the other whatever
    everyone else does, else ``None``.
    """

    power: str
    declared_wars: tuple[str, ...]
    declared_payoff: float
    best_payoff: float
    best_responses: tuple[tuple[str, ...], ...]
    declared_is_best_response: bool
    dominant: Mapping[str, tuple[str, str] | None]
    free: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "declared_wars": list(self.declared_wars),
            "declared_payoff": self.declared_payoff,
            "best_payoff": self.best_payoff,
            "best_responses": [list(r) for r in self.best_responses],
            "declared_is_best_response": self.declared_is_best_response,
            "dominant": {
                q: None if d is None else {"choice": d[0], "kind": d[1]}
                for q, d in self.dominant.items()
            },
            "free": list(self.free),
        }


@dataclass(frozen=True)
class Equilibrium:
    """One pure Nash equilibrium (free and indifferent relations shown at alliance)."""

    wars: Mapping[str, tuple[str, ...]]
    payoffs: Mapping[str, float]
    pareto_optimal: bool | None
    pareto_among_equilibria: bool

    def relations(self) -> Relations:
        return Relations((p, q) for p, targets in self.wars.items() for q in targets)

    def to_dict(self) -> dict[str, Any]:
        return {
            "wars": {p: list(ts) for p, ts in self.wars.items()},
            "payoffs": dict(self.payoffs),
            "pareto_optimal": self.pareto_optimal,
            "pareto_among_equilibria": self.pareto_among_equilibria,
        }


@dataclass(frozen=True)
class TerritoryTable:
    """The 2x2 game of a territory held by exactly two powers, from that territory alone.

    Rows: the first power's relation toward the second (alliance, war); columns: the second's.
    Payoffs: presence kept (1 or 0) plus the colony weight if a colony is founded there (with the
    score payoff: the colony points there). Computed by the rules core on that territory.
    """

    territory: str
    powers: tuple[str, str]
    colony_candidate: bool
    game: Game

    def to_dict(self) -> dict[str, Any]:
        game = self.game
        first, second = self.powers
        return {
            "territory": self.territory,
            "powers": list(self.powers),
            "colony_candidate": self.colony_candidate,
            "payoffs": {
                f"{first} {a} / {second} {b}": [game.payoffs[0, r, c], game.payoffs[1, r, c]]
                for r, a in enumerate((ALLIANCE, WAR))
                for c, b in enumerate((ALLIANCE, WAR))
            },
            "equilibria": [list(game.label(p)) for p in game.pure_nash_equilibria()],
            "dominant": {power: _dominance_words(game, k) for k, power in enumerate(self.powers)},
        }


def _dominance_words(game: Game, player: int) -> tuple[str, str] | None:
    strict = game.dominant_strategies(player, strict=True)
    if strict and game.shape[player] > 1:
        return (game.strategies[player][strict[0]], "strict")
    weak = game.dominant_strategies(player, strict=False)
    if weak and game.shape[player] > 1:
        return (game.strategies[player][weak[0]], "weak")
    return None


@dataclass(frozen=True)
class DiplomacyAnalysis:
    """Everything the explorer shows about the relations game of one position."""

    powers: tuple[str, ...]
    payoff: str
    weight: float
    declared: Relations
    declared_payoffs: Mapping[str, float]
    declared_is_equilibrium: bool
    free: tuple[Pair, ...]
    indifferent: tuple[Pair, ...]
    components: tuple[tuple[Pair, ...], ...]
    equilibrium_count: int | None
    equilibria: tuple[Equilibrium, ...]
    complete: bool
    power_reports: tuple[PowerReport, ...]
    territory_tables: tuple[TerritoryTable, ...]
    game: DiplomacyGame | None = field(repr=False, compare=False)
    #: Why part of the analysis is missing (``None`` when it is complete).
    note: str | None = None
    _component_solutions: tuple[ComponentSolutions, ...] = field(
        repr=False, compare=False, default=()
    )

    def all_equilibrium_profiles(self, include_free: bool = True) -> Iterator[Relations]:
        """Every pure equilibrium in full (indifferent and, optionally, free relations expanded).

        This can be astronomically many; meant for tests and small positions.
        """
        if self.game is None or any(
            c.count is None or len(c.rows) < c.count for c in self._component_solutions
        ):
            raise TooLarge("some equilibria were not listed: analyse with a larger limit")
        game = self.game
        fixed_free = list(self.free) if include_free else []
        spread = [game.var_index[p] for p in self.indifferent] + [
            game.var_index[p] for p in fixed_free
        ]
        for base in _product_rows(self._component_solutions, len(game.variables)):
            for bits in itertools.product((0, 1), repeat=len(spread)):
                profile = base.copy()
                for v, x in zip(spread, bits, strict=True):
                    profile[v] = x
                yield game.relations_of(profile)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (used by the command line)."""
        return {
            "powers": list(self.powers),
            "payoff": self.payoff,
            "weight": self.weight,
            "declared": {
                "wars": _wars_map(self.powers, self.declared),
                "payoffs": dict(self.declared_payoffs),
                "is_equilibrium": self.declared_is_equilibrium,
            },
            "free_relations": [list(p) for p in self.free],
            "indifferent_relations": [list(p) for p in self.indifferent],
            "components": [[list(p) for p in c] for c in self.components],
            "equilibrium_count": self.equilibrium_count,
            "listed_equilibria": len(self.equilibria),
            "complete": self.complete,
            "note": self.note,
            "equilibria": [e.to_dict() for e in self.equilibria],
            "powers_detail": [r.to_dict() for r in self.power_reports],
            "two_power_territories": [t.to_dict() for t in self.territory_tables],
        }


def _wars_map(powers: Sequence[str], relations: Relations) -> dict[str, list[str]]:
    return {p: [q for q in powers if relations.war(p, q)] for p in powers}


def _product_rows(solutions: Sequence[ComponentSolutions], size: int) -> Iterator[np.ndarray]:
    """Full 0/1 profiles (zeros outside the components) for every combination of solutions."""
    for choice in itertools.product(*(range(len(c.rows)) for c in solutions)):
        profile = np.zeros(size, dtype=np.int8)
        for component, k in zip(solutions, choice, strict=True):
            profile[list(component.scope)] = component.rows[k]
        yield profile


def territory_tables(
    after: AfterOrders, weight: float = 2.0, payoff: str = "presences"
) -> tuple[TerritoryTable, ...]:
    """The 2x2 game of every non-colony territory held by exactly two powers (rules core)."""
    tables = []
    candidates = set(after.colony_candidates)
    options = after.state.options
    for territory, present in after.contested:
        if len(present) != 2:
            continue
        first, second = present
        local = local_settlement(after, territory)
        payoffs = np.zeros((2, 2, 2))
        for r, c in itertools.product((0, 1), repeat=2):
            wars = [(first, second)] * r + [(second, first)] * c
            settlement = settle(local, Relations(wars))
            gone = {p for p, t in settlement.removed if t == territory}
            founded = {p for t, ps in settlement.founded if t == territory for p in ps}
            for k, power in enumerate(present):
                if payoff == "presences":
                    value = (power not in gone) + weight * (power in founded)
                elif options.scoring == "colonies":
                    value = float(power in founded)
                else:
                    value = (
                        (
                            options.points_colony_alone
                            if len(founded) == 1
                            else options.points_colony_shared
                        )
                        if power in founded
                        else 0.0
                    )
                payoffs[k, r, c] = value
        game = Game(payoffs, [(ALLIANCE, WAR), (ALLIANCE, WAR)], present)
        tables.append(TerritoryTable(territory, (first, second), territory in candidates, game))
    return tuple(tables)


def analyse(
    after: AfterOrders,
    declared: Relations | None = None,
    weight: float = 2.0,
    payoff: str = "presences",
    limit: int = DEFAULT_LIMIT,
    pareto_brute_force: int = 18,
    count_budget: float = ELIMINATION_WORK,
) -> DiplomacyAnalysis:
    """Analyse the relations game of ``after`` (a position after phase 3).

    ``declared``: the relations actually written (default: alliance everywhere). ``limit``: how
    many equilibria to list at most. Their count is exact, or ``None`` when counting them would
    take more than ``count_budget`` table-cell operations (the default keeps it to a fraction of a
    second; the listed equilibria are exact either way). Pareto
    optimality among all outcomes is decided exactly when one outcome gives every power its
    maximum (always the case with the default payoff: all-alliance removes no one and founds
    every colony), else by brute force over at most ``2 ** pareto_brute_force`` profiles; beyond
    that it is ``None``.
    """
    if limit < 0:
        raise AnalysisError("the limit must be zero or more")
    try:
        game = DiplomacyGame(after, weight, payoff)
    except TooLarge as error:
        return _core_only(after, declared, weight, payoff, str(error))
    declared_profile = game.profile_of(declared)
    declared_core = game.check_model(declared_profile)
    free = set(game.free)
    names = game.variables
    n_vars = len(names)
    groups = own_groups(game)
    reports = tuple(_power_report(game, p, declared_profile, free) for p in game.powers)
    declared_ok = all(r.declared_is_best_response for r in reports)
    constraints = constraints_of(groups)
    one_row = declared_profile[None, :]
    identity = {v: v for v in range(n_vars)}
    if all(bool(c.check(one_row, identity)[0]) for c in constraints) != declared_ok:
        raise AnalysisError(
            "internal check failed: the equilibrium search and the rules core disagree on "
            "whether the declared relations form an equilibrium"
        )
    solutions = []
    for component in _components(constraints):
        scope, rows = first_solutions(component, max(limit, 1))
        # Fewer rows than asked means the search ran to the end: that is the exact count.
        if len(rows) < max(limit, 1):
            count: int | None = len(rows)
        else:
            count = count_solutions(component, count_budget)
        solutions.append(ComponentSolutions(scope, rows, count))
    constrained = {v for c in solutions for v in c.scope}
    indifferent = tuple(v for v in range(n_vars) if v not in constrained and v not in free)
    listed_total: int | None = 1
    for component in solutions:
        listed_total = (
            None
            if component.count is None or listed_total is None
            else (listed_total * component.count)
        )

    # Equilibria over decisive relations, with free and indifferent ones at alliance.
    profiles = list(itertools.islice(_product_rows(solutions, n_vars), limit))
    size = len(game.powers)
    vectors = game.model_payoffs(np.array(profiles)) if profiles else np.zeros((0, size))
    for k, profile in enumerate(profiles[:20]):  # the model is checked against the core
        vectors[k] = game.check_model(profile)
    pareto_all = _pareto_flags(game, vectors, pareto_brute_force)
    among = pareto_mask(vectors) if len(vectors) else np.zeros(0, dtype=bool)
    equilibria = []
    for k, profile in enumerate(profiles):
        relations = game.relations_of(profile)
        equilibria.append(
            Equilibrium(
                wars={p: tuple(q for q in game.powers if relations.war(p, q)) for p in game.powers},
                payoffs=dict(zip(game.powers, map(float, vectors[k]), strict=True)),
                pareto_optimal=pareto_all[k],
                pareto_among_equilibria=bool(among[k]),
            )
        )
    return DiplomacyAnalysis(
        powers=game.powers,
        payoff=payoff,
        weight=game.weight,
        declared=game.relations_of(declared_profile),
        declared_payoffs=dict(zip(game.powers, map(float, declared_core), strict=True)),
        declared_is_equilibrium=declared_ok,
        free=tuple(names[v] for v in sorted(free)),
        indifferent=tuple(names[v] for v in indifferent),
        components=tuple(tuple(names[v] for v in c.scope) for c in solutions),
        equilibrium_count=None if listed_total is None else listed_total * 2 ** len(indifferent),
        equilibria=tuple(equilibria),
        complete=listed_total is not None and listed_total <= limit,
        power_reports=reports,
        territory_tables=territory_tables(after, game.weight, payoff),
        game=game,
        _component_solutions=tuple(solutions),
    )


def _core_only(
    after: AfterOrders, declared: Relations | None, weight: float, payoff: str, why: str
) -> DiplomacyAnalysis:
    """What the rules core alone can tell when the position has no tractable model: each power's
    best responses to the declared relations (so whether they form an equilibrium) and the 2x2
    tables; the equilibria themselves are not enumerated."""
    powers = tuple(after.state.powers)
    declared = Relations(
        pair for pair in (declared or Relations()).wars if pair[0] in powers and pair[1] in powers
    )
    base = core_payoffs(after, declared, weight, payoff)
    reports = []
    for power in powers:
        others = [q for q in powers if q != power]
        kept = [pair for pair in declared.wars if pair[0] != power]
        results = []
        for wars in _subsets(others):
            relations = Relations(kept + [(power, q) for q in wars])
            results.append((wars, core_payoffs(after, relations, weight, payoff)[power]))
        best = max(v for _, v in results)
        reports.append(
            PowerReport(
                power=power,
                declared_wars=tuple(q for q in others if declared.war(power, q)),
                declared_payoff=base[power],
                best_payoff=best,
                best_responses=tuple(w for w, v in results if v >= best - TOL),
                declared_is_best_response=base[power] >= best - TOL,
                dominant=dict.fromkeys(others),
                free=(),
            )
        )
    return DiplomacyAnalysis(
        powers=powers,
        payoff=payoff,
        weight=float(weight),
        declared=declared,
        declared_payoffs=base,
        declared_is_equilibrium=all(r.declared_is_best_response for r in reports),
        free=(),
        indifferent=(),
        components=(),
        equilibrium_count=None,
        equilibria=(),
        complete=False,
        power_reports=tuple(reports),
        territory_tables=territory_tables(after, weight, payoff),
        game=None,
        note=f"equilibria not enumerated: {why}",
    )


def _pareto_flags(game: DiplomacyGame, vectors: np.ndarray, brute_limit: int) -> list[bool | None]:
    if len(vectors) == 0:
        return []
    bounds = game.payoff_bounds()
    alliance = game.model_payoffs(np.zeros((1, len(game.variables)), dtype=np.int8))[0]
    if np.allclose(alliance, bounds, atol=TOL):
        # One outcome gives everyone their maximum: exactly those outcomes are Pareto optimal.
        return [bool(x) for x in np.all(np.abs(vectors - bounds) <= TOL, axis=1)]
    relevant = [v for v in range(len(game.variables)) if v not in set(game.free)]
    if len(relevant) > brute_limit:
        return [None] * len(vectors)
    grid = np.zeros((2 ** len(relevant), len(game.variables)), dtype=np.int8)
    grid[:, relevant] = _assignments(len(relevant))
    outcomes = np.unique(game.model_payoffs(grid), axis=0)
    flags: list[bool | None] = []
    for vector in vectors:
        at_least = np.all(outcomes >= vector - TOL, axis=1)
        better = np.any(outcomes > vector + TOL, axis=1)
        flags.append(not bool(np.any(at_least & better)))
    return flags


def _power_report(
    game: DiplomacyGame, power: str, declared: np.ndarray, free: set[int]
) -> PowerReport:
    i = game.index[power]
    others = [q for q in game.powers if q != power]
    own = {q: game.var_index[(power, q)] for q in others}
    relevant = [q for q in others if own[q] not in free]
    results = []
    for wars in _subsets(relevant):
        profile = declared.copy()
        for q in relevant:
            profile[own[q]] = 1 if q in wars else 0
        results.append((wars, float(game.core_payoffs(profile)[i])))
    best = max(v for _, v in results)
    declared_payoff = float(game.core_payoffs(declared)[i])
    dominant: dict[str, tuple[str, str] | None] = {}
    for q in others:
        if own[q] in free:
            dominant[q] = None
        else:
            dominant[q] = _dominance_from_terms(game, i, own[q])
    return PowerReport(
        power=power,
        declared_wars=tuple(q for q in others if declared[own[q]]),
        declared_payoff=declared_payoff,
        best_payoff=best,
        best_responses=tuple(w for w, v in results if v >= best - TOL),
        declared_is_best_response=declared_payoff >= best - TOL,
        dominant=dominant,
        free=tuple(q for q in others if own[q] in free),
    )


def _dominance_from_terms(game: DiplomacyGame, power: int, v: int) -> tuple[str, str] | None:
    """Dominance of one relation: only the power's terms containing it change with it, so the
    gain of war over alliance is summed over those terms' (small) joint scope."""
    gains = []
    for term in game.terms:
        if term.power == power and v in term.scope:
            axis = term.scope.index(v)
            gain = np.take(term.values, 1, axis=axis) - np.take(term.values, 0, axis=axis)
            gains.append(_squeeze(term.scope[:axis] + term.scope[axis + 1 :], gain))
    if not gains:
        return None
    scope = tuple(sorted({u for s, _ in gains for u in s}))
    if len(scope) > MAX_TERM_SCOPE:
        return None
    total = np.zeros((2,) * len(scope))
    for gain_scope, gain in gains:
        total = total + _broadcast(gain_scope, gain, scope)
    for choice, d in ((WAR, total), (ALLIANCE, -total)):
        if np.all(d > TOL):
            return (choice, "strict")
        if np.all(d >= -TOL) and np.any(d > TOL):
            return (choice, "weak")
    return None
