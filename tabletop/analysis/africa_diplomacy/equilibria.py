"""The analysis of one position: equilibria, each power's best responses, dominance, Pareto."""

from __future__ import annotations

import numpy as np

from tabletop.analysis.africa_diplomacy.model import (
    ALLIANCE,
    WAR,
    AnalysisError,
    DiplomacyGame,
    TooLarge,
    core_payoffs,
    subsets,
)
from tabletop.analysis.africa_diplomacy.results import DiplomacyAnalysis, Equilibrium, PowerReport
from tabletop.analysis.africa_diplomacy.tables import territory_tables
from tabletop.analysis.factored import (
    ELIMINATION_WORK,
    TOL,
    best_responses,
    dominance,
    pareto_flags,
    solve,
)
from tabletop.analysis.normal_form import pareto_mask
from tabletop.games.africa1880 import AfterOrders, Relations

#: Equilibria listed by default.
DEFAULT_LIMIT = 1000


def analyse(
    after: AfterOrders,
    declared: Relations | None = None,
    weight: float = 2.0,
    payoff: str = "presences",
    limit: int = DEFAULT_LIMIT,
    pareto_brute_force: int = 18,
    count_budget: float = ELIMINATION_WORK,
    time_limit: float | None = None,
    seed: int = 0,
) -> DiplomacyAnalysis:
    """Analyse the relations game of ``after`` (a position after phase 3).

    ``declared``: the relations actually written (default: alliance everywhere). ``limit``: how
    many equilibria to list at most. Their count is exact when it can be reached within
    ``count_budget`` table-cell operations per independent group of relations (counted work,
    not time: the same position and options give the same answer on every machine and under
    any load), else ``equilibrium_count`` is ``None`` and ``count_estimate`` /
    ``count_interval`` give an estimate with a 95 % interval from a fixed number of uniform
    random profiles (``seed`` fixed); the listed equilibria are exact either way.
    ``time_limit`` (seconds of wall-clock time, default none) may cut a caller's wait: the
    listing and the sampling then stop early and ``cut`` says so (finish with no limit). Pareto
    optimality among all outcomes is decided exactly when one outcome gives every power its
    maximum (always the case with the default payoff: all-alliance removes no one and founds
    every colony), else by brute force over at most ``2 ** pareto_brute_force`` profiles; beyond
    that it is ``None``.

    Two powers on a full territory: two equilibria, all alliance or war both ways.

    >>> from tabletop.analysis.examples import africa_position
    >>> after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    >>> result = analyse(after)
    >>> result.equilibrium_count
    2
    >>> [(sorted(e.relations().wars), e.pareto_optimal) for e in result.equilibria]
    [([], True), ([('France', 'Great Britain'), ('Great Britain', 'France')], False)]
    """
    if limit < 0:
        raise AnalysisError("the limit must be zero or more")
    if time_limit is not None and not time_limit > 0:
        raise AnalysisError("the time limit must be a positive number of seconds")
    try:
        game = DiplomacyGame(after, weight, payoff)
    except TooLarge as error:
        return _core_only(after, declared, weight, payoff, str(error))
    declared_profile = game.profile_of(declared)
    declared_core = game.check_model(declared_profile)
    free = set(game.free)
    names = game.variables
    reports = tuple(_power_report(game, p, declared_profile, free) for p in game.powers)
    declared_ok = all(r.declared_is_best_response for r in reports)
    solution = solve(game, limit, count_budget, time_limit, seed)
    if solution.is_equilibrium(declared_profile) != declared_ok:
        raise AnalysisError(
            "internal check failed: the equilibrium search and the rules core disagree on "
            "whether the declared relations form an equilibrium"
        )

    # Equilibria over decisive relations, with free and indifferent ones at alliance.
    profiles = solution.profiles()
    size = len(game.powers)
    vectors = game.model_payoffs(np.array(profiles)) if profiles else np.zeros((0, size))
    for k, profile in enumerate(profiles[:20]):  # the model is checked against the core
        vectors[k] = game.check_model(profile, vectors[k])
    pareto_all = pareto_flags(game, vectors, pareto_brute_force)
    among = pareto_mask(vectors) if len(vectors) else np.zeros(0, dtype=bool)
    equilibria = []
    # Each power's wars read from the bits of its own relations: one tuple per bit pattern.
    wars_of: dict[str, list[tuple[str, ...]]] = {}
    patterns: dict[str, list[int]] = {}
    grid = np.array(profiles, dtype=np.int64).reshape(len(profiles), len(names))
    for p in game.powers:
        targets = [q for q in game.powers if q != p]
        columns = [game.var_index[(p, q)] for q in targets]
        wars_of[p] = [
            tuple(q for m, q in enumerate(targets) if code >> m & 1)
            for code in range(2 ** len(targets))
        ]
        patterns[p] = (grid[:, columns] << np.arange(len(columns))).sum(axis=1).tolist()
    for k in range(len(profiles)):
        equilibria.append(
            Equilibrium(
                wars={p: wars_of[p][patterns[p][k]] for p in game.powers},
                payoffs=dict(zip(game.powers, map(float, vectors[k]), strict=True)),
                pareto_optimal=pareto_all[k],
                pareto_among_equilibria=bool(among[k]),
            )
        )
    estimate, low, high = solution.count_interval()
    return DiplomacyAnalysis(
        powers=game.powers,
        payoff=payoff,
        weight=game.weight,
        declared=game.relations_of(declared_profile),
        declared_payoffs=dict(zip(game.powers, map(float, declared_core), strict=True)),
        declared_is_equilibrium=declared_ok,
        free=tuple(names[v] for v in sorted(free)),
        indifferent=tuple(names[v] for v in solution.indifferent),
        components=tuple(tuple(names[v] for v in c.scope) for c in solution.components),
        equilibrium_count=solution.count,
        count_kind=solution.count_kind,
        count_estimate=estimate,
        count_interval=(low, high),
        count_samples=tuple(
            (len(c.scope), c.estimate.trials, c.estimate.hits)
            for c in solution.components
            if c.estimate is not None
        ),
        equilibria=tuple(equilibria),
        complete=solution.complete,
        power_reports=reports,
        territory_tables=territory_tables(after, game.weight, payoff),
        game=game,
        cut=solution.cut,
        _solution=solution,
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
        for wars in subsets(others):
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


def _power_report(
    game: DiplomacyGame, power: str, declared: np.ndarray, free: set[int]
) -> PowerReport:
    """Best responses from the rules core itself; dominance from the model's terms."""
    i = game.index[power]
    others = [q for q in game.powers if q != power]
    own = {q: game.var_index[(power, q)] for q in others}
    toward = {v: q for q, v in own.items()}
    found = best_responses(game, i, declared, game.core_payoffs)
    declared_payoff = float(game.core_payoffs(declared)[i])
    dominant: dict[str, tuple[str, str] | None] = {}
    for q in others:
        claim = None if own[q] in free else dominance(game, i, own[q])
        dominant[q] = None if claim is None else (WAR if claim[0] else ALLIANCE, claim[1])
    return PowerReport(
        power=power,
        declared_wars=tuple(q for q in others if declared[own[q]]),
        declared_payoff=declared_payoff,
        best_payoff=found.best,
        best_responses=tuple(tuple(toward[v] for v in chosen) for chosen in found.responses),
        declared_is_best_response=declared_payoff >= found.best - TOL,
        dominant=dominant,
        free=tuple(q for q in others if own[q] in free),
    )
