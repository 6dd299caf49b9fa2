"""Random small factored games and brute force over all their profiles (for the solver tests)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from tabletop.analysis.factored import FactoredGame, Term

TOL = 1e-9


@dataclass(frozen=True)
class Spec:
    """A factored game as drawn: terms with unsorted scopes, possibly constant or redundant."""

    n_players: int
    owners: tuple[int, ...]
    terms: tuple[Term, ...]

    def game(self) -> FactoredGame:
        return FactoredGame(self.n_players, self.owners, self.terms)

    @property
    def n_variables(self) -> int:
        return len(self.owners)


@st.composite
def specs(draw: st.DrawFn, max_variables: int = 7, integers: bool | None = None) -> Spec:
    """Up to 3 players, up to ``max_variables`` binary variables, up to 6 terms of up to 4
    variables; payoffs small integers (many ties, as in real games) or halves and tenths."""
    n_players = draw(st.integers(1, 3))
    n_vars = draw(st.integers(1, max_variables))
    owners = tuple(draw(st.lists(st.integers(0, n_players - 1), min_size=n_vars, max_size=n_vars)))
    whole = draw(st.booleans()) if integers is None else integers
    values = st.integers(-2, 2) if whole else st.sampled_from([-1.5, -0.1, 0.0, 0.5, 0.7, 2.0])
    terms = []
    for _ in range(draw(st.integers(0, 6))):
        player = draw(st.integers(0, n_players - 1))
        size = draw(st.integers(0, min(4, n_vars)))
        scope = tuple(draw(st.permutations(range(n_vars)))[:size])
        cells = draw(st.lists(values, min_size=2**size, max_size=2**size))
        table = np.array(cells, dtype=float).reshape((2,) * size)
        terms.append(Term(player, scope, table, f"term {len(terms)}"))
    return Spec(n_players, owners, tuple(terms))


def all_profiles(spec: Spec) -> list[tuple[int, ...]]:
    return list(itertools.product((0, 1), repeat=spec.n_variables))


def naive_payoffs(spec: Spec, profile: tuple[int, ...]) -> np.ndarray:
    """Each player's payoff straight from the drawn terms (no normalisation, no vectorising)."""
    out = np.zeros(spec.n_players)
    for term in spec.terms:
        out[term.player] += float(term.values[tuple(profile[v] for v in term.scope)])
    return out


def payoff_table(spec: Spec) -> dict[tuple[int, ...], np.ndarray]:
    return {p: naive_payoffs(spec, p) for p in all_profiles(spec)}


def deviations(spec: Spec, player: int, profile: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every profile the player can reach by changing any of its own variables."""
    own = [v for v in range(spec.n_variables) if spec.owners[v] == player]
    out = []
    for bits in itertools.product((0, 1), repeat=len(own)):
        trial = list(profile)
        for v, x in zip(own, bits, strict=True):
            trial[v] = x
        out.append(tuple(trial))
    return out


def brute_equilibria(spec: Spec) -> set[tuple[int, ...]]:
    """Every profile where no player gains by changing its own variables."""
    table = payoff_table(spec)
    found = set()
    for profile, values in table.items():
        if all(
            max(table[d][i] for d in deviations(spec, i, profile)) <= values[i] + TOL
            for i in range(spec.n_players)
        ):
            found.add(profile)
    return found


def brute_count(constraints, scope: tuple[int, ...] | None = None) -> int:
    """Every profile of ``scope`` (default: every variable the constraints name) checked row by
    row against every constraint."""
    if scope is None:
        scope = tuple(sorted({v for c in constraints for v in c.scope}))
    position = {v: k for k, v in enumerate(scope)}
    rows = np.array(list(itertools.product((0, 1), repeat=len(scope))), dtype=np.int8)
    rows = rows.reshape(len(rows), len(scope))
    keep = np.ones(len(rows), dtype=bool)
    for c in constraints:
        keep &= c.check(rows, position)
    return int(keep.sum())
