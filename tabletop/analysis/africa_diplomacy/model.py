"""The relations game of an Africa 1880 position after phase 3, as a factored game.

Each variable is one relation ``(declarer, toward)``, owned by the declarer; value 1 means war.
A territory's outcome depends only on the relations between the powers present there, and
removals do not cascade, so a power's payoff is a sum of local terms, one per territory (and,
with the score payoff, one per alliance point): an explicit model of phases 4-5, checked against
the rules core (:func:`core_payoffs`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tabletop.analysis.africa_diplomacy import alone
from tabletop.analysis.factored import TOL, FactoredGame, RuleTerm, Term, assignments
from tabletop.analysis.factored.constraints import INNER, lay
from tabletop.analysis.normal_form import Game
from tabletop.games.africa1880 import AfterOrders, Options, Relations, score, settle

PAYOFFS = ("presences", "score")
WAR, ALLIANCE = "war", "alliance"
#: Largest number of relations one payoff table may depend on (a colony candidate of five powers);
#: a candidate of six powers (30 relations) is a rule term, computed on rows, never tabulated.
MAX_TERM_SCOPE = 20

Pair = tuple[str, str]
#: The 0/1 column of each bit number, for the rows of a small table.
Columns = dict[int, np.ndarray]


class AnalysisError(ValueError):
    """The position cannot be analysed as asked (bad option, or beyond the exact method's size)."""


class TooLarge(AnalysisError):
    """The exact enumeration of equilibria would need tables or row sets beyond the limits."""


def core_payoffs(
    after: AfterOrders, relations: Relations, weight: float = 2.0, payoff: str = "presences"
) -> dict[str, float]:
    """Each power's payoff for ``relations``, computed by the rules core (phases 4-5).

    >>> from tabletop.analysis.examples import africa_position
    >>> after = africa_position({"Belgium": ["Congo"], "France": ["Congo"], "Germany": ["Congo"]})
    >>> core_payoffs(after, Relations([("France", "Belgium"), ("Germany", "Belgium")]))
    {'Belgium': 0.0, 'France': 1.0, 'Germany': 1.0}
    """
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


def score_values(
    alive: np.ndarray,
    founded: np.ndarray,
    survivors: np.ndarray,
    by_colonies: bool,
    options: Options,
) -> np.ndarray:
    """A power's score from one colony candidate, cell by cell: one per colony it shares in
    (``by_colonies``), else the points of a colony held alone or shared."""
    if by_colonies:
        shares: np.ndarray = (founded & alive).astype(float)
        return shares
    points = np.where(survivors == 1, options.points_colony_alone, options.points_colony_shared)
    return np.where(founded & alive, points, 0).astype(float)


#: Who survives at a colony candidate (one column per present power, or one table per power),
#: whether the colony is founded, and how many powers survive, for many profiles at once.
RowOutcome = tuple[np.ndarray, np.ndarray, np.ndarray]
GridOutcome = tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]


class CandidateOutcomes:
    """The outcome at one colony candidate for many profiles of its relations at once.

    ``pairs`` are the relations among the ``present`` powers, highest variable first. A profile
    comes packed into one integer (bit ``m`` = relation ``pairs[m]``): the wars on a power are a
    bit count, and a war among survivors is a bit of the profile inside the mask of the
    relations among that set of survivors (one mask for each of the ``2**k`` sets).
    :meth:`on_grid` gives the same on every profile, as small tables laid along the long rows
    of the grid instead of bit counts over ``2**20`` packed integers.
    """

    def __init__(self, present: Sequence[str], pairs: Sequence[Pair]) -> None:
        self.present = tuple(present)
        self.column = {pair: m for m, pair in enumerate(pairs)}
        self.k = len(present)
        bit = np.int64(1) << np.arange(len(pairs), dtype=np.int64)
        self.toward = np.array(
            [sum(int(bit[self.column[(q, p)]]) for q in present if q != p) for p in present],
            dtype=np.int64,
        )
        self.among = np.zeros(2**self.k, dtype=np.int64)
        for alive in range(2**self.k):
            self.among[alive] = sum(
                int(bit[m])
                for (a, b), m in self.column.items()
                if alive >> self.present.index(a) & 1 and alive >> self.present.index(b) & 1
            )
        self.who = {p: i for i, p in enumerate(present)}
        self.toward_bits = {p: [self.column[(q, p)] for q in present if q != p] for p in present}
        self.width = len(pairs)
        # Bit numbers, highest first: cell i of the grid is packed profile i.
        self.order = list(range(self.width - 1, -1, -1))
        self.inner = min(INNER, self.width)
        # The powers' rules often ask for the same profiles in turn.
        self._last: tuple[np.ndarray, RowOutcome] | None = None
        self._grid: GridOutcome | None = None

    def on_rows(self, packed: np.ndarray) -> RowOutcome:
        """Who survives (one column per present power), whether the colony is founded and
        how many survive, for each packed profile."""
        if self._last is not None and self._last[0] is packed:
            return self._last[1]
        wars = np.bitwise_count(packed[:, None] & self.toward[None, :])
        survives = 2 * wars.astype(np.int16) <= self.k - 1
        alive = np.zeros(len(packed), dtype=np.int64)
        for i in range(self.k):
            alive |= survives[:, i].astype(np.int64) << i
        war_among = (packed & self.among[alive]) != 0
        survivors = survives.sum(axis=1)
        outcome = (survives, (survivors > 0) & ~war_among, survivors)
        self._last = (packed, outcome)
        return outcome

    def on_grid(self) -> GridOutcome:
        """:meth:`on_rows` on every profile at once (the dense method asks for that), each
        array shaped as the grid's rows (computed once)."""
        if self._grid is not None:
            return self._grid
        shape = (2,) * (self.width - self.inner) + (2**self.inner,)
        survives = {p: self._small(self.toward_bits[p], self._alive_of(p)) for p in self.present}
        survivors = np.zeros(shape, dtype=np.int8)
        for p in self.present:
            survivors += survives[p]
        war = np.zeros(shape, dtype=bool)
        for (a, b), m in self.column.items():
            both = [m, *self.toward_bits[a], *self.toward_bits[b]]
            war |= self._small(both, self._war_between(m, a, b))
        self._grid = (survives, (survivors > 0) & ~war, survivors)
        return self._grid

    def _small(self, bits: list[int], values_of: Callable[[Columns], np.ndarray]) -> np.ndarray:
        """A table over a few bits (``values_of`` their 0/1 columns), laid along the grid."""
        bits = sorted(set(bits), reverse=True)
        rows = assignments(len(bits))
        columns = {b: rows[:, j] for j, b in enumerate(bits)}
        table = np.asarray(values_of(columns)).reshape((2,) * len(bits))
        return lay(tuple(bits), table, self.order, self.inner)

    def _alive_of(self, power: str) -> Callable[[Columns], np.ndarray]:
        def alive(columns: Columns) -> np.ndarray:
            wars = sum(columns[b].astype(np.int16) for b in self.toward_bits[power])
            return np.asarray(2 * wars <= self.k - 1)

        return alive

    def _war_between(self, m: int, a: str, b: str) -> Callable[[Columns], np.ndarray]:
        """War declared by relation ``m`` (``a`` toward ``b``) while both survive."""
        alive_a, alive_b = self._alive_of(a), self._alive_of(b)

        def war(columns: Columns) -> np.ndarray:
            at_war: np.ndarray = columns[m].astype(bool) & alive_a(columns) & alive_b(columns)
            return at_war

        return war


@dataclass(frozen=True)
class CandidatePayoff:
    """One power's payoff at a colony candidate: :meth:`on_rows` is the rule of its
    :class:`RuleTerm`, :meth:`on_grid` the same on every profile (its grid)."""

    outcomes: CandidateOutcomes
    power: str
    weight: float
    by_score: bool
    by_colonies: bool
    options: Options

    @property
    def whole(self) -> bool:
        """Whole-number payoffs stay small integers: exact, and less memory to read."""
        return self.weight == round(self.weight) and abs(self.weight) < 2**20

    def on_rows(self, packed: np.ndarray) -> np.ndarray:
        """The payoff of each packed profile."""
        survives, founded, survivors = self.outcomes.on_rows(packed)
        alive = survives[:, self.outcomes.who[self.power]]
        if self.by_score:
            return score_values(alive, founded, survivors, self.by_colonies, self.options)
        colony: np.ndarray = founded & alive
        values: np.ndarray = (
            alive.astype(np.int32) + int(self.weight) * colony
            if self.whole
            else alive + self.weight * colony
        )
        return values

    def on_grid(self) -> np.ndarray:
        """The payoff of every profile, element ``i`` for packed profile ``i``."""
        survives, founded, survivors = self.outcomes.on_grid()
        alive = survives[self.power]
        values: np.ndarray
        if self.by_score:
            values = score_values(alive, founded, survivors, self.by_colonies, self.options)
        elif self.whole:
            # Small whole numbers stay int8 (a quarter of the memory to go through).
            kind = np.int8 if abs(self.weight) < 100 else np.int32
            values = (founded & alive).astype(kind)
            if self.weight != 1:
                values *= kind(int(self.weight))
            values += alive
        else:
            values = alive + self.weight * (founded & alive)
        return np.broadcast_to(values, founded.shape).reshape(-1)


class DiplomacyGame(FactoredGame):
    """The relations game of one position after phase 3, as local payoff terms.

    ``variables[v]`` is the relation ``(declarer, toward)``; value 1 means war.

    >>> from tabletop.analysis.examples import africa_position
    >>> game = DiplomacyGame(africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}))
    >>> game.variables
    (('France', 'Great Britain'), ('Great Britain', 'France'))
    >>> game.model_payoffs(np.array([[0, 0], [0, 1]])).tolist()  # France allies, Britain wars
    [[1.0, 1.0], [0.0, 1.0]]
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
        owners = [self.index[declarer] for declarer, _ in self.variables]
        super().__init__(len(self.powers), owners, self._terms())

    # The model of phases 4-5 (checked against the core by tests and at run time).
    def _terms(self) -> list[Term | RuleTerm]:
        """Every payoff term in order; a constant is a term with no scope."""
        after = self.after
        options = after.state.options
        colonies = after.state.colonies
        candidates = set(after.colony_candidates)
        by_score = self.payoff_kind == "score"
        by_colonies = options.scoring == "colonies"
        terms: list[Term | RuleTerm] = []

        def constant(player: int, value: float, source: str) -> None:
            terms.append(Term(player, (), np.array(value), source))

        for territory, present in sorted(after.occupancy.items()):
            indices = [self.index[p] for p in present]
            k = len(present)
            if territory in colonies:
                # Presences in a colony are never removed; the colony's score never changes.
                for player in indices:
                    if by_score:
                        value = 1 if by_colonies else self._colony_points(options, k)
                    else:
                        value = 1
                    constant(player, value, territory)
                continue
            candidate = territory in candidates
            if k == 1:
                player = indices[0]
                if by_score:
                    if candidate:
                        constant(
                            player, 1 if by_colonies else options.points_colony_alone, territory
                        )
                else:
                    constant(player, 1 + (self.weight if candidate else 0.0), territory)
                continue
            if not candidate:
                if by_score:
                    continue  # presences outside colonies score nothing
                for power in present:
                    terms.append(self._survival_term(territory, power, present))
                continue
            terms.extend(self._candidate_terms(territory, present, by_score, by_colonies, options))
        if by_score and not by_colonies:
            for v, (declarer, _) in enumerate(self.variables):
                values = np.array([options.points_alliance, 0.0])
                terms.append(Term(self.index[declarer], (v,), values, "alliance point"))
        return terms

    @staticmethod
    def _colony_points(options: Options, holders: int) -> float:
        return options.points_colony_alone if holders == 1 else options.points_colony_shared

    def _survival_term(self, territory: str, power: str, present: Sequence[str]) -> Term:
        others = [q for q in present if q != power]
        scope: tuple[int, ...]
        if len(present) == 2:
            other = others[0]
            scope = (self.var_index[(power, other)], self.var_index[(other, power)])
            # Removed only when it allied and the other declared war.
            values = np.array([[1.0, 0.0], [1.0, 1.0]])
        else:
            scope = tuple(self.var_index[(q, power)] for q in others)
            wars = assignments(len(others)).sum(axis=1)
            values = (2 * wars <= len(others)).astype(float).reshape((2,) * len(others))
        return Term(self.index[power], scope, values, territory)

    def _candidate_terms(
        self,
        territory: str,
        present: Sequence[str],
        by_score: bool,
        by_colonies: bool,
        options: Options,
    ) -> list[Term | RuleTerm]:
        k = len(present)
        pairs = [(a, b) for a in present for b in present if a != b]
        # Over MAX_TERM_SCOPE relations no table fits; and when every power of the game is there
        # (five or more), no other relation can join its component, so the dense method over
        # the rule (one pass over every profile) beats building and squeezing 2**20-cell tables.
        if len(pairs) > MAX_TERM_SCOPE or (k >= 5 and k == len(self.powers)):
            return self._candidate_rules(territory, present, by_score, by_colonies, options)
        if len(pairs) > 12:
            # Five powers among more: the tables come from the rule's whole grid (small tables
            # laid along long rows; its axes are the relations in ascending order), far faster
            # than broadcasting over twenty axes of length 2.
            rules = self._candidate_rules(territory, present, by_score, by_colonies, options)
            out: list[Term | RuleTerm] = []
            for rule in rules:
                assert isinstance(rule, RuleTerm) and rule.grid is not None
                values = np.asarray(rule.grid()).reshape((2,) * len(rule.scope))
                out.append(Term(rule.player, tuple(sorted(rule.scope)), values, territory))
            return out
        scope = tuple(self.var_index[p] for p in pairs)
        # One boolean column per relation (bit m of the row number, first = highest), without
        # building the whole 0/1 grid (2**20 rows by 20 columns for five powers).
        width = len(pairs)
        full = (2,) * width

        def axis_of(m: int) -> np.ndarray:
            return np.arange(2, dtype=bool).reshape([2 if k == m else 1 for k in range(width)])

        column = {pair: axis_of(m) for m, pair in enumerate(pairs)}
        terms: list[Term | RuleTerm] = []
        survives = {}
        for power in present:
            others = [q for q in present if q != power]
            if k == 2:
                other = others[0]
                removed = column[(other, power)] & ~column[(power, other)]
            else:
                wars = sum(column[(q, power)].astype(np.int8) for q in others)
                removed = 2 * wars > len(others)
            survives[power] = ~removed
        survivors = sum(survives[p].astype(np.int8) for p in present)
        war_among = np.zeros((1,) * width, dtype=bool)
        for a, b in pairs:
            war_among = war_among | (column[(a, b)] & survives[a] & survives[b])
        founded = (survivors > 0) & ~war_among
        for power in present:
            alive = survives[power]
            if by_score:
                values = score_values(alive, founded, survivors, by_colonies, options)
            elif self.weight == round(self.weight) and abs(self.weight) < 2**20:
                # Whole-number payoffs stay integers: half the memory, and exact.
                colony = (founded & alive).astype(np.int32)
                if self.weight != 1:
                    colony *= int(self.weight)
                values = colony + alive  # int32 over the full scope (alive is a small table)
            else:
                values = alive.astype(float) + self.weight * (founded & alive)
            shaped = np.broadcast_to(values, full)
            terms.append(Term(self.index[power], scope, shaped, territory))
        return terms

    def _candidate_rules(
        self,
        territory: str,
        present: Sequence[str],
        by_score: bool,
        by_colonies: bool,
        options: Options,
    ) -> list[Term | RuleTerm]:
        """The same payoffs as :meth:`_candidate_terms`, computed on rows of relations (a table
        over 30 relations would have 2**30 cells)."""
        # Highest variable first: bit m of a packed profile is then bit m of a table's cell
        # number (see tabletop.analysis.factored.adaptive.as_table), no reordering needed.
        pairs = sorted(
            ((a, b) for a in present for b in present if a != b),
            key=lambda p: -self.var_index[p],
        )
        scope = tuple(self.var_index[p] for p in pairs)
        outcomes = CandidateOutcomes(present, pairs)
        if by_score:
            bound = (
                1.0
                if by_colonies
                else float(max(options.points_colony_alone, options.points_colony_shared, 0))
            )
        else:
            bound = 1.0 + max(self.weight, 0.0)
        rules: list[Term | RuleTerm] = []
        for power in present:
            payoff = CandidatePayoff(outcomes, power, self.weight, by_score, by_colonies, options)
            # The grid is asked for only when the dense table fits memory and time.
            rules.append(
                RuleTerm(self.index[power], scope, payoff.on_rows, bound, territory, payoff.on_grid)
            )
        return rules

    def component_count(self, scope: tuple[int, ...], budget: float) -> int | None:
        """The exact count of a component made of the relations among the powers of one colony
        candidate (three to six powers) when nothing else their own relations change pays them,
        with the default payoff and a colony weight of 0 (then every profile) or more
        (:mod:`.alone`: survival classes and the symmetry between the powers; six powers alone
        take about 0.1 s, where their ``2 ** 30`` profiles are out of reach of the general
        methods).

        >>> from tabletop.analysis.examples import africa_position
        >>> from tabletop.games.africa1880 import POWERS
        >>> game = DiplomacyGame(africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"]))
        >>> game.component_count(tuple(range(30)), 1e9)
        417643043
        """
        if self.payoff_kind != "presences" or self.weight < 0:
            return None
        wanted = set(scope)
        colonies = self.after.state.colonies
        for territory in self.after.colony_candidates:
            present = self.after.occupancy.get(territory, ())
            if territory in colonies or not 3 <= len(present) <= alone.MAX_POWERS:
                continue
            pairs = {self.var_index[(a, b)] for a in present for b in present if a != b}
            if pairs != wanted:
                continue
            # No other term pays a power for one of its own relations of this component.
            every: list[Term | RuleTerm] = [*self.terms, *self.rules]
            for term in every:
                if term.source != territory and any(
                    v in wanted and self.owners[v] == term.player for v in term.scope
                ):
                    return None
            if self.weight == 0:
                # Only survival pays there, and no power's own relations change its survival:
                # every profile is an equilibrium.
                return 1 << len(wanted)
            if alone.alone_work(len(present)) > budget:
                return None
            return alone.alone_count(len(present))
        return None

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
        return self.payoffs(profiles)

    def core_payoffs(self, profile: Sequence[int] | np.ndarray) -> np.ndarray:
        """Payoffs of one profile computed by the rules core."""
        values = core_payoffs(self.after, self.relations_of(profile), self.weight, self.payoff_kind)
        return np.array([values[p] for p in self.powers])

    def check_model(
        self, profile: Sequence[int] | np.ndarray, model: np.ndarray | None = None
    ) -> np.ndarray:
        """Core payoffs of ``profile``, after checking that the model agrees with them
        (``model``: the model's payoffs of that profile when already computed)."""
        core = self.core_payoffs(profile)
        if model is None:
            model = self.model_payoffs(np.asarray(profile))[0]
        if not np.all(np.abs(core - model) <= TOL + 1e-9 * np.abs(core)):
            raise AnalysisError(
                "internal check failed: the game-theory model disagrees with the rules core for "
                f"relations {self.relations_of(profile).to_dict()}"
            )
        return core

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
        strategies = [list(subsets(t)) for t in targets]
        labels = [[war_label(s) for s in row] for row in strategies]
        payoffs = np.zeros((n, *(len(row) for row in strategies)))
        for choice in itertools.product(*(range(len(row)) for row in strategies)):
            wars = [
                (p, q)
                for p, k in zip(self.powers, choice, strict=True)
                for q in strategies[self.index[p]][k]
            ]
            values = core_payoffs(self.after, Relations(wars), self.weight, self.payoff_kind)
            cell: tuple[Any, ...] = (slice(None), *choice)
            payoffs[cell] = [values[p] for p in self.powers]
        return Game(payoffs, labels, self.powers)


def subsets(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every subset of ``items``, smallest first (the order best responses are listed in)."""
    for size in range(len(items) + 1):
        yield from itertools.combinations(items, size)


def war_label(wars: Sequence[str]) -> str:
    """The label of a power's strategy: ``"war: France, Italy"`` or ``"alliance with all"``."""
    return "war: " + ", ".join(wars) if wars else "alliance with all"
