"""Pure Nash equilibria, best responses, dominance and Pareto optimality of a factored game.

Methods: :func:`solve` reduces the equilibria to a constraint satisfaction problem
(:mod:`~tabletop.analysis.factored.constraints`) and solves each independent component with the
cheapest exact method (enumeration of its profiles, backtracking plus bucket elimination) or,
out of reach, a Monte Carlo estimate; the intervals of several estimated components are
widened together with the Bonferroni correction. A small game is handled by brute force over
every profile (:func:`brute_constraints`). :func:`dominance` checks the gain of one binary choice
over every context of the terms it is in (strict or weak dominance); :func:`pareto_flags`
compares with the *ideal point* (each player's best payoff, :meth:`FactoredGame.payoff_bounds`)
and falls back to enumerating every outcome.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.analysis.factored.adaptive import (
    CONFIDENCE,
    DENSE_CELLS,
    DENSE_PER_ELIMINATION,
    Estimate,
    Work,
    dense_cost,
    dense_solutions,
    memory_cells,
    sample_count,
    sample_trials,
    wilson,
    wilson_centre,
)
from tabletop.analysis.factored.constraints import (
    INNER,
    AnyConstraint,
    Constraint,
    components,
    constraints_of,
    lay,
    own_groups,
    sum_type,
)
from tabletop.analysis.factored.counting import (
    ELIMINATION_WORK,
    count_solutions,
    elimination_work,
)
from tabletop.analysis.factored.game import (
    TOL,
    FactoredGame,
    Term,
    assignments,
    broadcast,
    squeeze,
)
from tabletop.analysis.factored.listing import ComponentSolutions, product_rows, search_solutions
from tabletop.analysis.factored.packed import Known, choose_block, packed_cost, packed_count

#: Widest joint table of one variable's payoff gains when deciding dominance.
MAX_GAIN_SCOPE = 20
#: Most table-cell operations of the plain brute force over every profile (see
#: :func:`brute_cost`); below it, it beats building the factored conditions (measured: three and
#: four powers, 64 and 4096 profiles, brute force 3-5 times faster; five powers, 2**20 profiles,
#: 5-10 times slower).
BRUTE_WORK = 2.0**20
#: Row checks the listing of one component may spend (see
#: :func:`~tabletop.analysis.factored.listing.search_solutions`).
LIST_WORK = 3.0e7


class IncompleteListing(ValueError):
    """Every equilibrium was asked for, but only some were listed."""


@dataclass(frozen=True)
class NashSolution:
    """The pure Nash equilibria of a factored game, as independent components.

    The equilibria are the product of the components' solutions, times any value of the
    *indifferent* variables (no best-response condition involves them) and of the *free* ones
    (no payoff depends on them).
    """

    game: FactoredGame
    constraints: tuple[AnyConstraint, ...]
    components: tuple[ComponentSolutions, ...]
    indifferent: tuple[int, ...]
    limit: int
    #: Whether a wall-clock limit cut the work short (the answer may then differ from one
    #: machine to another; without a wall-clock limit it never does).
    cut: bool = False

    @property
    def free(self) -> tuple[int, ...]:
        return self.game.free

    @property
    def decisive_count(self) -> int | None:
        """Number of equilibria over the components' variables (``None``: too costly to count)."""
        total: int | None = 1
        for component in self.components:
            total = None if component.count is None or total is None else total * component.count
        return total

    @property
    def count(self) -> int | None:
        """Number of equilibria over every non-free variable (free ones counted once)."""
        decisive = self.decisive_count
        return None if decisive is None else decisive * 2 ** len(self.indifferent)

    @property
    def total_count(self) -> int | None:
        """Number of equilibria over all the variables."""
        count = self.count
        return None if count is None else count * 2 ** len(self.free)

    @property
    def count_kind(self) -> str:
        """``"exact"``, or ``"estimate"`` when some component's count was estimated."""
        return "exact" if self.decisive_count is not None else "estimate"

    def count_interval(self, include_free: bool = False) -> tuple[float, float, float]:
        """``(estimate, low, high)`` of the count (over non-free variables, or all of them);
        for an exact count all three are that count. The interval has 95 % confidence."""
        value = low = high = 1.0
        for c in self.components:
            if c.count is not None:
                value, low, high = value * c.count, low * c.count, high * c.count
            else:
                assert c.estimate is not None
                value, low, high = (
                    value * c.estimate.value,
                    low * c.estimate.low,
                    high * c.estimate.high,
                )
        spread = 2.0 ** (len(self.indifferent) + (len(self.free) if include_free else 0))
        return value * spread, low * spread, high * spread

    @property
    def complete(self) -> bool:
        """Whether :meth:`profiles` lists every equilibrium over the components' variables."""
        decisive = self.decisive_count
        return decisive is not None and decisive <= self.limit

    def profiles(self) -> list[np.ndarray]:
        """The first ``limit`` equilibria, indifferent and free variables at 0."""
        rows = product_rows(self.components, self.game.n_variables)
        return list(itertools.islice(rows, self.limit))

    def is_equilibrium(self, profile: Sequence[int] | np.ndarray) -> bool:
        """Whether ``profile`` meets every best-response condition."""
        row = np.asarray(profile, dtype=np.int8)[None, :]
        identity = {v: v for v in range(self.game.n_variables)}
        return all(bool(c.check(row, identity)[0]) for c in self.constraints)

    def all_profiles(self, include_free: bool = True) -> Iterator[np.ndarray]:
        """Every equilibrium in full (indifferent and, optionally, free variables expanded).

        This can be astronomically many; meant for tests and small games.
        """
        if any(c.count is None or len(c.rows) < c.count for c in self.components):
            raise IncompleteListing("some equilibria were not listed: solve with a larger limit")
        spread = list(self.indifferent) + (list(self.free) if include_free else [])
        for base in product_rows(self.components, self.game.n_variables):
            for bits in itertools.product((0, 1), repeat=len(spread)):
                profile = base.copy()
                for v, x in zip(spread, bits, strict=True):
                    profile[v] = x
                yield profile


def solve(
    game: FactoredGame,
    limit: int = 1000,
    count_budget: float = ELIMINATION_WORK,
    time_limit: float | None = None,
    seed: int = 0,
) -> NashSolution:
    """The pure Nash equilibria of ``game``: their count and the first ``limit``.

    Each independent component is solved by the cheapest exact method that fits
    (:mod:`~tabletop.analysis.factored.adaptive`): the dense table of its profiles, or a listing
    plus a count by variable elimination, each within ``count_budget`` cell operations (counted
    work, so the same game gives the same answer on any machine and under any load). A count
    out of reach is *estimated* from a fixed number of uniform random profiles (95 % interval,
    ``seed`` fixed); the listed equilibria are exact either way. ``time_limit`` (seconds of
    wall-clock time, default none) may cut the listing and the sampling short; the solution
    then says so (:attr:`NashSolution.cut`).

    A coordination game (each player gets 1 when both choose the same value):

    >>> from tabletop.analysis.factored.game import Term
    >>> same = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), same), Term(1, (0, 1), same)])
    >>> solution = solve(game)
    >>> solution.total_count, [p.tolist() for p in solution.profiles()]
    (2, [[0, 0], [1, 1]])
    """
    if limit < 0:
        raise ValueError("the limit must be zero or more")
    work = Work(count_budget, time_limit)
    if brute_cost(game) <= min(BRUTE_WORK, count_budget):
        constraints = brute_constraints(game)
    else:
        constraints = constraints_of(own_groups(game))
    parts = components(constraints)
    rng = np.random.default_rng(seed)
    solutions = [
        _solve_component(game, part, max(limit, 1), work, rng.spawn(1)[0]) for part in parts
    ]
    estimated = [c for c in solutions if c.count is None]
    if len(estimated) > 1:  # one interval per component, Bonferroni: together still 95 %
        level = 1 - (1 - CONFIDENCE) / len(estimated)
        solutions = [
            c if c.count is not None or c.estimate is None else _widen(c, level) for c in solutions
        ]
    constrained = {v for c in solutions for v in c.scope}
    free = set(game.free)
    indifferent = tuple(
        v for v in range(game.n_variables) if v not in constrained and v not in free
    )
    return NashSolution(
        game, tuple(constraints), tuple(solutions), indifferent, limit, cut=work.cut
    )


def brute_cost(game: FactoredGame) -> float:
    """Estimated cell operations of :func:`brute_constraints`: every term read on every profile
    of the non-free variables, then one pass per player.

    >>> from tabletop.analysis.factored.game import Term
    >>> brute_cost(FactoredGame(1, (0, 0), [Term(0, (0, 1), np.array([[0.0, 1.0], [2.0, 3.0]]))]))
    16.0
    """
    relevant = game.n_variables - len(game.free)
    if game.rules:
        return math.inf  # a rule term is never laid out as a table
    if not game.terms:
        return 0.0
    return 2.0**relevant * (len(game.terms) + 3 * game.n_players)


def brute_constraints(game: FactoredGame) -> list[AnyConstraint]:
    """Each player's best-response condition as one table, from a brute force over every profile
    of the non-free variables: the payoffs of all profiles at once, each player's best over its
    own variables, then the axes the condition does not depend on dropped.

    The same conditions as :func:`constraints_of` (exactly the profiles where the player is at
    a best response), without the per-term work that only pays on larger games.

    >>> from tabletop.analysis.factored.game import Term
    >>> same = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), same), Term(1, (0, 1), same)])
    >>> [(c.scope, c.allowed.tolist()) for c in brute_constraints(game)]
    [((0, 1), [[True, False], [False, True]]), ((0, 1), [[True, False], [False, True]])]
    """
    free = set(game.free)
    relevant = tuple(v for v in range(game.n_variables) if v not in free)
    if not relevant:
        return []
    # Each term laid over the whole profile table by broadcasting (one pass per term).
    totals = [np.zeros((1,) * len(relevant)) for _ in range(game.n_players)]
    for term in game.terms:
        totals[term.player] = totals[term.player] + broadcast(term.scope, term.values, relevant)
    out: list[AnyConstraint] = []
    for player in range(game.n_players):
        axes = tuple(k for k, v in enumerate(relevant) if game.owners[v] == player)
        if not axes:
            continue
        mine = np.broadcast_to(totals[player], (2,) * len(relevant))
        allowed = mine >= mine.max(axis=axes, keepdims=True) - TOL
        scope, allowed = squeeze(relevant, allowed)
        if scope:
            out.append(Constraint(player, scope, allowed))
    return out


def _solve_component(
    game: FactoredGame,
    component: Sequence[AnyConstraint],
    limit: int,
    work: Work,
    rng: np.random.Generator,
) -> ComponentSolutions:
    """One component, each method within ``work.budget`` cell operations (the budget is per
    component and counted, never timed)."""
    budget = work.budget
    scope = tuple(sorted({v for c in component for v in c.scope}))
    tables = all(isinstance(c, Constraint) for c in component)
    dense = dense_cost(scope, component)
    # The dense table holds one byte a cell (a fixed most, not the machine's free memory).
    if 2.0 ** len(scope) <= DENSE_CELLS:
        # Elimination is planned on table scopes; wide constraints need their compression first,
        # so against them the dense table is taken whenever it fits the work allowed.
        planned = elimination_work([c.scope for c in component], budget) if tables else None
        allowed = budget * DENSE_PER_ELIMINATION
        if dense <= max(allowed, planned if planned is not None else 0.0) and (
            planned is None or dense <= planned + 2.0 ** len(scope)
        ):
            rows, count = dense_solutions(component, scope, limit)
            return ComponentSolutions(scope, rows, count, method="dense")
    listed_scope, rows, finished = search_solutions(
        component, limit, work.deadline(), max_work=LIST_WORK
    )
    work.out_of_time()
    # Fewer rows than asked, the search run to the end: that is the exact count.
    if finished and len(rows) < limit:
        return ComponentSolutions(listed_scope, rows, len(rows))
    known = game.component_count(listed_scope, budget)
    if known is not None:
        return ComponentSolutions(listed_scope, rows, known, method="model")
    # Too wide for the byte table: every profile, 32 to a word, when its planned work fits.
    if 2.0 ** len(scope) > DENSE_CELLS:
        types: Known = {}  # each condition's context types, found once
        block = choose_block(component, scope, types)
        if packed_cost(component, scope, block, types) <= budget * DENSE_PER_ELIMINATION:
            packed = packed_count(component, scope, block, types)
            return ComponentSolutions(listed_scope, rows, packed, method="packed")
    counted = count_solutions(component, budget, memory_cells())
    if counted is not None:
        return ComponentSolutions(listed_scope, rows, counted, method="elimination")
    trials = sample_trials(component)
    estimate, _ = sample_count(component, listed_scope, rng, trials, work=work)
    return ComponentSolutions(
        listed_scope, rows, None, _at_least(estimate, len(rows)), method="sampling"
    )


def _at_least(estimate: Estimate, listed: int, level: float = CONFIDENCE) -> Estimate:
    """The estimate knowing that ``listed`` solutions exist: the interval never goes below them,
    and the point estimate (the interval's centre) stays inside it."""
    low, high = wilson(estimate.hits, estimate.trials, level)
    low = max(estimate.space * low, float(listed))
    high = max(low, estimate.space * high)
    centre = estimate.space * wilson_centre(estimate.hits, estimate.trials)
    value = min(max(centre, low), high)
    return Estimate(value, low, high, estimate.hits, estimate.trials, estimate.space)


def _widen(component: ComponentSolutions, level: float) -> ComponentSolutions:
    """The same estimate with a wider interval (confidence ``level``)."""
    assert component.estimate is not None
    estimate = _at_least(component.estimate, len(component.rows), level)
    return ComponentSolutions(component.scope, component.rows, None, estimate, component.method)


@dataclass(frozen=True)
class BestResponses:
    """A player's best payoff against fixed choices of the others, and the choices reaching it
    (each as the tuple of its variables set to 1, over the variables that matter)."""

    best: float
    responses: tuple[tuple[int, ...], ...]


def best_responses(
    game: FactoredGame,
    player: int,
    profile: Sequence[int] | np.ndarray,
    payoffs: Callable[[np.ndarray], np.ndarray] | None = None,
) -> BestResponses:
    """Every best response of ``player`` when the others play as in ``profile``.

    Only the player's non-free variables are varied (a free one changes nothing). ``payoffs``
    computes everyone's payoffs of one profile (default: the game's own terms; a model checks
    itself by passing the real rules instead).

    >>> from tabletop.analysis.factored.game import Term
    >>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), np.array([[1.0, 0.0], [0.0, 1.0]]))])
    >>> best_responses(game, 0, [0, 1])
    BestResponses(best=1.0, responses=((0,),))
    """
    compute = payoffs if payoffs is not None else (lambda p: game.payoffs(p)[0])
    free = set(game.free)
    relevant = [v for v in range(game.n_variables) if game.owners[v] == player and v not in free]
    base = np.array(profile, dtype=np.int8)
    results = []
    for size in range(len(relevant) + 1):
        for chosen in itertools.combinations(relevant, size):
            trial = base.copy()
            trial[relevant] = 0
            trial[list(chosen)] = 1
            results.append((chosen, float(compute(trial)[player])))
    best = max(v for _, v in results)
    return BestResponses(best, tuple(w for w, v in results if v >= best - TOL))


def dominance(game: FactoredGame, player: int, v: int) -> tuple[int, str] | None:
    """``(value, "strict" | "weak")`` when that value of variable ``v`` dominates the other for
    ``player`` whatever everyone else does, else ``None`` (also when undecided: too wide).

    Only the player's terms containing ``v`` change with it, so the gain of 1 over 0 is summed
    over those terms' (small) joint scope.

    >>> from tabletop.analysis.factored.game import Term
    >>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), np.array([[1.0, 0.0], [1.0, 1.0]]))])
    >>> dominance(game, 0, 0), dominance(game, 1, 1)
    ((1, 'weak'), None)
    """
    if any(r.player == player and v in r.scope for r in game.rules):
        return None  # a rule term's gain is not tabulated: dominance is not decided
    gains = []
    for term in game.terms:
        if term.player == player and v in term.scope:
            axis = term.scope.index(v)
            before = (slice(None),) * axis
            gain = term.values[before + (1,)] - term.values[before + (0,)]
            gains.append((term.scope[:axis] + term.scope[axis + 1 :], gain))
    if not gains:
        return None
    if len({u for s, _ in gains for u in s}) > MAX_GAIN_SCOPE:
        # Only axes the gains really depend on count toward the limit: drop the others.
        gains = [squeeze(s, g) for s, g in gains]
    scope = tuple(sorted({u for s, _ in gains for u in s}))
    if len(scope) > MAX_GAIN_SCOPE:
        return None
    if len(gains) == 1 and tuple(gains[0][0]) == scope:
        total: np.ndarray = np.asarray(gains[0][1])
    else:
        # Summed in the narrowest exact type along long rows (see best_table).
        dtype = sum_type([Term(player, s, np.asarray(g)) for s, g in gains])
        inner = min(INNER, len(scope))
        total = np.zeros((2,) * (len(scope) - inner) + (2**inner,), dtype=dtype)
        for gain_scope, gain in gains:
            total += lay(gain_scope, np.asarray(gain).astype(dtype, copy=False), scope, inner)
    low, high = float(total.min()), float(total.max())  # two passes decide every case
    if low > TOL:
        return (1, "strict")
    if high < -TOL:
        return (0, "strict")
    if low >= -TOL and high > TOL:
        return (1, "weak")
    if high <= TOL and low < -TOL:
        return (0, "weak")
    return None


def pareto_flags(
    game: FactoredGame, vectors: np.ndarray, brute_limit: int = 18
) -> list[bool | None]:
    """For each payoff vector, whether no outcome of the game Pareto-dominates it.

    Exact when the all-zero profile reaches every player's :meth:`~FactoredGame.payoff_bounds`
    (then exactly the outcomes reaching every bound are optimal), else by brute force over at
    most ``2 ** brute_limit`` profiles of the non-free variables; beyond that ``None``.

    >>> from tabletop.analysis.factored.game import Term
    >>> game = FactoredGame(1, (0,), [Term(0, (0,), np.array([2.0, 1.0]))])
    >>> pareto_flags(game, np.array([[2.0], [1.0]]))
    [True, False]
    """
    if len(vectors) == 0:
        return []
    bounds = game.payoff_bounds()
    zero = game.payoffs(np.zeros((1, game.n_variables), dtype=np.int8))[0]
    if np.allclose(zero, bounds, atol=TOL):
        # One outcome gives everyone their maximum: exactly those outcomes are Pareto optimal.
        return [bool(x) for x in np.all(np.abs(vectors - bounds) <= TOL, axis=1)]
    free = set(game.free)
    relevant = [v for v in range(game.n_variables) if v not in free]
    if len(relevant) > brute_limit:
        return [None] * len(vectors)
    grid = np.zeros((2 ** len(relevant), game.n_variables), dtype=np.int8)
    grid[:, relevant] = assignments(len(relevant))
    outcomes = np.unique(game.payoffs(grid), axis=0)
    flags: list[bool | None] = []
    for vector in vectors:
        at_least = np.all(outcomes >= vector - TOL, axis=1)
        better = np.any(outcomes > vector + TOL, axis=1)
        flags.append(not bool(np.any(at_least & better)))
    return flags
