"""What the explorer reports about the relations game of one position (plain data, JSON form)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.analysis.africa_diplomacy.model import DiplomacyGame, Pair, TooLarge
from tabletop.analysis.africa_diplomacy.tables import TerritoryTable
from tabletop.analysis.factored import NashSolution
from tabletop.games.africa1880 import Relations


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
        """The relations of this equilibrium (wars listed; every other relation is alliance).

        >>> e = Equilibrium({"France": ("Italy",), "Italy": ()}, {}, None, True)
        >>> sorted(e.relations().wars)
        [('France', 'Italy')]
        """
        return Relations((p, q) for p, targets in self.wars.items() for q in targets)

    def to_dict(self) -> dict[str, Any]:
        return {
            "wars": {p: list(ts) for p, ts in self.wars.items()},
            "payoffs": dict(self.payoffs),
            "pareto_optimal": self.pareto_optimal,
            "pareto_among_equilibria": self.pareto_among_equilibria,
        }


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
    #: "exact" (``equilibrium_count`` is the count) or "estimate" (``equilibrium_count`` is None).
    count_kind: str = "exact"
    #: The count, or its estimate (equal to ``equilibrium_count`` when exact; ``None``: unknown).
    count_estimate: float | None = None
    #: 95 % interval of the count (both ends equal to the count when exact).
    count_interval: tuple[float, float] | None = None
    #: How an estimated count was found: for each component counted by sampling, (number of
    #: its relations, uniform random profiles of them drawn, how many were equilibria).
    count_samples: tuple[tuple[int, int, int], ...] = ()
    #: Whether a wall-clock limit cut the work short (then the count may be an estimate where
    #: the analysis with no time limit counts it exactly; without a limit it is never set).
    cut: bool = False
    _solution: NashSolution | None = field(repr=False, compare=False, default=None)

    def all_equilibrium_profiles(self, include_free: bool = True) -> Iterator[Relations]:
        """Every pure equilibrium in full (indifferent and, optionally, free relations expanded).

        This can be astronomically many; meant for tests and small positions.
        """
        solution = self._solution
        if (
            self.game is None
            or solution is None
            or any(c.count is None or len(c.rows) < c.count for c in solution.components)
        ):
            raise TooLarge("some equilibria were not listed: analyse with a larger limit")
        game = self.game
        for profile in solution.all_profiles(include_free):
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
            "count_kind": self.count_kind,
            "count_estimate": self.count_estimate,
            "count_interval": None if self.count_interval is None else list(self.count_interval),
            "count_samples": [
                {"relations": n, "profiles_drawn": trials, "equilibria_among_them": hits}
                for n, trials, hits in self.count_samples
            ],
            "listed_equilibria": len(self.equilibria),
            "cut_by_time_limit": self.cut,
            "complete": self.complete,
            "note": self.note,
            "equilibria": [e.to_dict() for e in self.equilibria],
            "powers_detail": [r.to_dict() for r in self.power_reports],
            "two_power_territories": [t.to_dict() for t in self.territory_tables],
        }


def _wars_map(powers: Sequence[str], relations: Relations) -> dict[str, list[str]]:
    return {p: [q for q in powers if relations.war(p, q)] for p in powers}
