"""The count of powers alone on one colony candidate (survival classes and symmetry) against the
general exact methods, the rules core and the sampling estimate."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.analysis.africa_diplomacy import DiplomacyGame, analyse
from tabletop.analysis.africa_diplomacy.alone import alone_count
from tabletop.analysis.examples import africa_position
from tabletop.analysis.factored import constraints_of, own_groups
from tabletop.analysis.factored.adaptive import dense_solutions
from tabletop.analysis.factored.constraints import components
from tabletop.games.africa1880 import POWERS, load_board

from .helpers import brute_equilibria

NAMES = list(load_board().names)


def dense_count(game: DiplomacyGame) -> tuple[tuple[int, ...], int]:
    (component,) = [c for c in components(constraints_of(own_groups(game))) if len(c) > 1]
    scope = tuple(sorted({v for c in component for v in c.scope}))
    return scope, dense_solutions(component, scope, 1)[1]


def test_three_powers_alone_match_the_core_brute_force() -> None:
    after = africa_position({p: ["Congo"] for p in POWERS[:3]}, full=["Congo"])
    assert alone_count(3) == len(brute_equilibria(after)) == 26


@pytest.mark.parametrize("k", [3, 4, 5])
def test_alone_count_is_the_dense_count(k: int) -> None:
    game = DiplomacyGame(africa_position({p: ["Congo"] for p in POWERS[:k]}, full=["Congo"]))
    scope, count = dense_count(game)
    assert game.component_count(scope, 1e12) == alone_count(k) == count


@settings(max_examples=12, deadline=None)
@given(
    st.integers(3, 5),
    st.lists(st.sampled_from(NAMES[1:]), min_size=0, max_size=4, unique=True),
    st.floats(0.25, 4.0),
)
def test_other_places_that_pay_no_own_relation_keep_the_count(k, crowded, weight) -> None:
    # The powers also share other territories three or more at a time (not candidates): there
    # only wars on a power count, so the candidate's count is unchanged; any weight above 0.
    powers = POWERS[:k]
    presences = {p: [NAMES[0], *crowded] for p in powers}
    game = DiplomacyGame(africa_position(presences, full=[NAMES[0]]), weight=weight)
    scope, count = dense_count(game)
    assert game.component_count(scope, 1e12) == count == alone_count(k)


def test_a_place_that_pays_own_relations_is_not_counted_this_way() -> None:
    # A two-power territory: war protects there, so a power's own relation pays elsewhere too.
    presences = {p: [NAMES[0]] for p in POWERS[:4]}
    presences[POWERS[0]] = [NAMES[0], NAMES[1]]
    presences[POWERS[1]] = [NAMES[0], NAMES[1]]
    game = DiplomacyGame(africa_position(presences, full=[NAMES[0]]))
    scope, count = dense_count(game)
    assert game.component_count(scope, 1e12) is None
    assert count != alone_count(4)  # the structure is really different
    for options in ({"payoff": "score"}, {"weight": -1.0}):
        other = DiplomacyGame(
            africa_position({p: ["Congo"] for p in POWERS[:4]}, ["Congo"]), **options
        )
        assert other.component_count(tuple(range(12)), 1e12) is None
    # Too little work allowed: not counted (the solver then estimates).
    alone = DiplomacyGame(africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"]))
    assert alone.component_count(tuple(range(30)), 1.0) is None


def test_six_powers_alone_are_counted_exactly_and_the_estimate_agrees() -> None:
    after = africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"])
    result = analyse(after)
    assert result.count_kind == "exact"
    assert result.equilibrium_count == alone_count(6) == 417643043
    # Uniform random profiles checked against every power's best-response condition: the share
    # of equilibria among them is the count's share of the 2**30 profiles (within 4 standard
    # errors; fixed seed).
    game = DiplomacyGame(after)
    conditions = constraints_of(own_groups(game))
    rows = np.random.default_rng(7).integers(0, 2, size=(100_000, 30), dtype=np.int8)
    ok = np.ones(len(rows), dtype=bool)
    for condition in conditions:
        ok[ok] = condition.check(rows[ok], {v: v for v in range(30)})
    share, exact = ok.mean(), alone_count(6) / 2**30
    assert abs(share - exact) < 4 * np.sqrt(exact * (1 - exact) / len(rows))
    # Every listed equilibrium is one by the rules core (no power gains by deviating).
    rng = np.random.default_rng(0)
    for e in rng.choice(len(result.equilibria), 5, replace=False):
        profile = game.profile_of(result.equilibria[e].relations())
        for i in range(6):
            own = [v for v in range(30) if game.owners[v] == i]
            base = game.core_payoffs(profile)[i]
            for bits in rng.integers(0, 2, size=(6, 5)):
                trial = profile.copy()
                trial[own] = bits
                assert game.core_payoffs(trial)[i] <= base + 1e-9


@pytest.mark.parametrize("k", [3, 4])
def test_a_colony_worth_nothing_leaves_every_profile_an_equilibrium(k: int) -> None:
    # Weight 0: only survival pays, and nobody's own relations change its survival.
    after = africa_position({p: ["Congo"] for p in POWERS[:k]}, full=["Congo"])
    game = DiplomacyGame(after, weight=0.0)
    every = k * (k - 1)
    assert game.component_count(tuple(range(every)), 1.0) == 2**every
    assert len(brute_equilibria(after, weight=0.0)) == 2**every
    six = DiplomacyGame(africa_position({p: ["Congo"] for p in POWERS}, ["Congo"]), weight=0.0)
    assert six.component_count(tuple(range(30)), 1.0) == 2**30
