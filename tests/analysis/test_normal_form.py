"""Normal-form tools checked against plain brute force on random small games."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.analysis.normal_form import Game, pareto_mask


@st.composite
def games(draw: st.DrawFn) -> Game:
    n_players = draw(st.integers(1, 3))
    shape = tuple(draw(st.integers(1, 3)) for _ in range(n_players))
    size = n_players * int(np.prod(shape))
    # Few distinct values so that ties (weak dominance, several best responses) are frequent.
    values = draw(st.lists(st.integers(-2, 2), min_size=size, max_size=size))
    return Game(np.array(values).reshape((n_players, *shape)))


def brute_payoff(game: Game, player: int, profile: tuple[int, ...]) -> float:
    return float(game.payoffs[(player, *profile)])


def deviations(game: Game, player: int, profile: tuple[int, ...]):
    for s in range(game.shape[player]):
        yield s, profile[:player] + (s,) + profile[player + 1 :]


def brute_equilibria(game: Game) -> list[tuple[int, ...]]:
    found = []
    for profile in itertools.product(*(range(k) for k in game.shape)):
        stable = all(
            brute_payoff(game, i, other) <= brute_payoff(game, i, profile)
            for i in range(game.n_players)
            for _, other in deviations(game, i, profile)
        )
        if stable:
            found.append(profile)
    return found


def others(game: Game, player: int):
    ranges = [range(k) if j != player else range(1) for j, k in enumerate(game.shape)]
    return list(itertools.product(*ranges))


def brute_dominates(game: Game, player: int, a: int, b: int, strict: bool) -> bool:
    diffs = []
    for profile in others(game, player):
        pa = profile[:player] + (a,) + profile[player + 1 :]
        pb = profile[:player] + (b,) + profile[player + 1 :]
        diffs.append(brute_payoff(game, player, pa) - brute_payoff(game, player, pb))
    if strict:
        return all(d > 0 for d in diffs)
    return all(d >= 0 for d in diffs) and any(d > 0 for d in diffs)


@settings(max_examples=150, deadline=None)
@given(games())
def test_equilibria_match_brute_force(game: Game) -> None:
    reported = game.pure_nash_equilibria()
    assert reported == brute_equilibria(game)
    for profile in reported:
        assert game.is_nash_equilibrium(profile)
        # No profitable unilateral deviation.
        for i in range(game.n_players):
            for _, other in deviations(game, i, profile):
                assert brute_payoff(game, i, other) <= brute_payoff(game, i, profile)


@settings(max_examples=150, deadline=None)
@given(games())
def test_best_responses_match_brute_force(game: Game) -> None:
    for profile in itertools.product(*(range(k) for k in game.shape)):
        for i in range(game.n_players):
            values = [brute_payoff(game, i, other) for _, other in deviations(game, i, profile)]
            expected = tuple(s for s, v in enumerate(values) if v == max(values))
            assert game.best_responses(i, profile) == expected
            assert bool(game.best_response_mask(i)[profile]) == (profile[i] in expected)


@settings(max_examples=150, deadline=None)
@given(games(), st.booleans())
def test_dominance_matches_brute_force(game: Game, strict: bool) -> None:
    for i in range(game.n_players):
        size = game.shape[i]
        for a in range(size):
            for b in range(size):
                if a != b:
                    assert game.dominates(i, a, b, strict) == brute_dominates(game, i, a, b, strict)
        dominated = tuple(
            b
            for b in range(size)
            if any(brute_dominates(game, i, a, b, strict) for a in range(size) if a != b)
        )
        assert game.dominated_strategies(i, strict) == dominated
        dominant = tuple(
            a
            for a in range(size)
            if all(brute_dominates(game, i, a, b, strict) for b in range(size) if b != a)
        )
        assert game.dominant_strategies(i, strict) == dominant


@settings(max_examples=100, deadline=None)
@given(games())
def test_pareto_matches_brute_force(game: Game) -> None:
    profiles = list(itertools.product(*(range(k) for k in game.shape)))
    vectors = {p: [brute_payoff(game, i, p) for i in range(game.n_players)] for p in profiles}

    def beaten(p: tuple[int, ...]) -> bool:
        return any(
            all(x >= y for x, y in zip(vectors[q], vectors[p], strict=True))
            and any(x > y for x, y in zip(vectors[q], vectors[p], strict=True))
            for q in profiles
        )

    expected = [p for p in profiles if not beaten(p)]
    assert game.pareto_optimal_profiles() == expected
    assert [game.is_pareto_optimal(p) for p in profiles] == [p in expected for p in profiles]
    assert pareto_mask([vectors[p] for p in profiles]).tolist() == [p in expected for p in profiles]


def test_prisoners_dilemma_textbook_facts() -> None:
    game = Game(
        [[[3, 0], [5, 1]], [[3, 5], [0, 1]]],
        [["cooperate", "defect"], ["cooperate", "defect"]],
        ["row", "column"],
    )
    assert game.pure_nash_equilibria() == [(1, 1)]
    assert game.dominant_strategies("row") == (1,)
    assert game.dominant_strategies("column", strict=False) == (1,)
    assert game.pareto_optimal_profiles() == [(0, 0), (0, 1), (1, 0)]
    assert game.label((1, 0)) == ("defect", "cooperate")


def test_weak_but_not_strict_dominance() -> None:
    # Row's strategy 1 is never worse and once better: weakly, not strictly, dominant.
    game = Game([[[1, 1], [1, 2]], [[0, 0], [0, 0]]])
    assert game.dominant_strategies(0, strict=True) == ()
    assert game.dominant_strategies(0, strict=False) == (1,)
    # Column is indifferent everywhere: nothing dominates, everything is a best response.
    assert game.dominated_strategies(1, strict=False) == ()
    # Against column 0 both rows tie, so (0, 0) is an equilibrium too.
    assert game.pure_nash_equilibria() == [(0, 0), (1, 0), (1, 1)]


@pytest.mark.parametrize(
    "payoffs",
    [[1, 2], [[[1, 2]]], [[[1, float("nan")]], [[0, 0]]]],
)
def test_bad_payoffs_are_refused(payoffs: object) -> None:
    with pytest.raises(ValueError):
        Game(payoffs)


def test_bad_labels_are_refused() -> None:
    with pytest.raises(ValueError, match="labels"):
        Game([[[1, 2]], [[1, 2]]], [["a"], ["x"]])
