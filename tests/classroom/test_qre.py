"""The logit QRE and its fit, checked against an independent fit written here.

pygambit (whose ``fit_strategy_fixedpoint`` does this fit) cannot be installed here: it is
published as source only and needs a C++ build. The reference below is therefore written in this
file, by a different method from :mod:`tabletop.classroom.qre`: the fixed point in
probabilities (not log-probabilities) found by MINPACK's hybrid method (SciPy's ``root``) on a
dense grid of λ walked up from the centroid, each point started from the one before (no
arclength continuation, no hand-written Newton), and the maximum of the likelihood refined by a
golden-section search on log λ (not Brent's method along the branch).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import root
from scipy.stats import chi2

from tabletop.classroom.games import preset
from tabletop.classroom.qre import (
    NASH_EPSILON,
    PopulationGame,
    QreError,
    chi2_1_sf,
    fit_qre,
    is_symmetric,
    population_game,
    qre_profile,
    trace_branch,
)

# -- the independent reference ---------------------------------------------------------------


def ref_payoffs(payoffs: np.ndarray, mixes: list[np.ndarray], pooled: bool) -> list[np.ndarray]:
    """Expected payoffs written with einsum, one line per case."""
    if pooled:
        return [payoffs[0] @ mixes[0]]
    if payoffs.shape[0] == 2:
        return [payoffs[0] @ mixes[1], mixes[0] @ payoffs[1]]
    a, b, c = mixes
    return [
        np.einsum("ijk,j,k->i", payoffs[0], b, c),
        np.einsum("ijk,i,k->j", payoffs[1], a, c),
        np.einsum("ijk,i,j->k", payoffs[2], a, b),
    ]


def logit(u: np.ndarray, lam: float) -> np.ndarray:
    e = np.exp(lam * (u - u.max()))
    return e / e.sum()


def ref_fixed_point(
    payoffs: np.ndarray, lam: float, start: list[np.ndarray], pooled: bool
) -> list[np.ndarray]:
    """The fixed point p = logit(λ u(p)) in probabilities, by SciPy's hybrid Powell method
    (MINPACK) started from ``start``."""
    sizes = [len(m) for m in start]
    cuts = np.cumsum(sizes)[:-1]

    def gap(flat: np.ndarray) -> np.ndarray:
        mixes = np.split(flat, cuts)
        target = [logit(u, lam) for u in ref_payoffs(payoffs, mixes, pooled)]
        return flat - np.concatenate(target)

    found = root(gap, np.concatenate(start), method="hybr", options={"xtol": 1e-13})
    # Judged by the residual (MINPACK may say "no good progress" once it is at rounding).
    assert np.abs(gap(found.x)).max() < 1e-12, found.message
    return list(np.split(found.x, cuts))


class Reference:
    """The principal branch on a λ grid (each point started from the one before)."""

    def __init__(self, payoffs: np.ndarray, pooled: bool = False, top: float = 6.0) -> None:
        self.payoffs = payoffs
        self.pooled = pooled
        sizes = payoffs.shape[1:2] if pooled else payoffs.shape[1:]
        self.grid = np.concatenate([[0.0], np.geomspace(1e-3, top, 500)])
        mixes = [np.full(k, 1.0 / k) for k in sizes]
        self.points = []
        for lam in self.grid:
            mixes = ref_fixed_point(payoffs, float(lam), mixes, pooled)
            self.points.append(mixes)

    def at(self, lam: float) -> list[np.ndarray]:
        i = int(np.searchsorted(self.grid, lam))
        start = self.points[max(0, i - 1)]
        return ref_fixed_point(self.payoffs, lam, start, self.pooled)

    def ll(self, mixes: list[np.ndarray], counts: list[np.ndarray]) -> float:
        return float(sum(c @ np.log(m) for c, m in zip(counts, mixes, strict=True)))

    def fit(self, counts: list[np.ndarray]) -> float:
        lls = [self.ll(m, counts) for m in self.points]
        i = int(np.argmax(lls))
        assert 1 <= i < len(self.grid) - 1, "the reference fit is not interior"
        low, high = math.log(self.grid[i - 1]), math.log(self.grid[i + 1])
        golden = (math.sqrt(5) - 1) / 2

        def f(x: float) -> float:
            return -self.ll(self.at(math.exp(x)), counts)

        a, b = low, high
        c, d = b - golden * (b - a), a + golden * (b - a)
        fc, fd = f(c), f(d)
        while b - a > 1e-9:
            if fc < fd:
                b, d, fd = d, c, fc
                c = b - golden * (b - a)
                fc = f(c)
            else:
                a, c, fc = c, d, fd
                d = a + golden * (b - a)
                fd = f(d)
        return math.exp((a + b) / 2)


def _class_data(seed: int, shape: tuple[int, ...], pooled: bool = False) -> tuple[Any, ...]:
    """A random game (integer payoffs as in the class games), a λ, and 40 choices per
    population drawn from the reference's QRE at that λ."""
    rng = np.random.default_rng(seed)
    payoffs = rng.integers(-3, 10, size=(len(shape), *shape)).astype(float)
    if pooled:
        payoffs[1] = payoffs[0].T
    ref = Reference(payoffs, pooled)
    lam = float(rng.uniform(0.2, 1.5))
    mixes = ref.at(lam)
    counts = [rng.multinomial(40, m).astype(float) for m in mixes]
    return payoffs, ref, counts


# -- the fit against the reference -----------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "shape", "pooled"),
    [
        (1, (2, 2), False),
        (2, (2, 2), False),
        (3, (2, 2), False),
        (4, (2, 2), False),
        (5, (2, 2), False),
        (6, (2, 2), True),
        (7, (3, 3), False),
        (8, (3, 3), False),
        (9, (3, 3), False),
        (10, (3, 2), False),
        (12, (3, 3), True),
        (17, (3, 3), True),
    ],
)
def test_the_fit_agrees_with_the_independent_reference(
    seed: int, shape: tuple[int, ...], pooled: bool
) -> None:
    payoffs, ref, counts = _class_data(seed, shape, pooled)
    game = PopulationGame.from_payoffs(payoffs, pooled=pooled)
    fit = fit_qre(game, [c.tolist() for c in counts])
    assert fit.at == "interior"
    lam = ref.fit(counts)
    assert fit.lam == pytest.approx(lam, rel=0.01)
    expected = ref.at(fit.lam)
    for mine, theirs in zip(fit.profile, expected, strict=True):
        assert np.abs(np.array(mine) - theirs).max() < 1e-4
    assert fit.log_likelihood == pytest.approx(ref.ll(expected, counts), abs=1e-6)
    assert fit.choices == sum(int(c.sum()) for c in counts)


def test_the_profile_agrees_with_the_reference_along_the_branch() -> None:
    payoffs, ref, _ = _class_data(21, (3, 3))
    game = PopulationGame.from_payoffs(payoffs)
    for lam in (0.0, 0.05, 0.3, 1.0, 4.0, 20.0):
        for mine, theirs in zip(qre_profile(game, lam), ref.at(lam), strict=True):
            assert np.abs(mine - theirs).max() < 1e-6, lam


def test_a_three_player_class_game_is_a_fixed_point() -> None:
    """The Congo preset (three sides, four actions each): the profile is its own logit
    response, checked with einsum."""
    stage = preset("africa-three-full")
    game = population_game(stage)
    payoffs = np.asarray(stage.payoffs)
    for lam in (0.1, 1.0, 5.0):
        mixes = qre_profile(game, lam)
        response = [logit(u, lam) for u in ref_payoffs(payoffs, mixes, pooled=False)]
        for m, r in zip(mixes, response, strict=True):
            assert np.abs(m - r).max() < 1e-9


# -- known cases -------------------------------------------------------------------------------

PENNIES = np.array([[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]], dtype=float)
DOMINANT = np.array([[[3, 2], [1, 0]], [[2, 0], [2, 0]]], dtype=float)  # row: 0; column: 0


@pytest.mark.parametrize("lam", [0.0, 0.1, 1.0, 10.0, 100.0])
def test_matching_pennies_qre_is_uniform_for_every_lambda(lam: float) -> None:
    for mix in qre_profile(PopulationGame.from_payoffs(PENNIES), lam):
        assert np.abs(mix - 0.5).max() < 1e-12


def test_matching_pennies_says_nothing_about_lambda() -> None:
    fit = fit_qre(PopulationGame.from_payoffs(PENNIES), [[30, 10], [5, 35]])
    assert fit.at == "flat"
    assert fit.lam == 0.0
    assert fit.log_likelihood == pytest.approx(fit.log_likelihood_uniform)


def test_a_dominant_action_takes_over_as_lambda_grows() -> None:
    game = PopulationGame.from_payoffs(DOMINANT)
    shares = [qre_profile(game, lam)[0][0] for lam in (0.0, 0.5, 1.0, 2.0, 5.0, 20.0)]
    assert shares[0] == pytest.approx(0.5)
    assert all(b > a for a, b in zip(shares, shares[1:], strict=False))
    assert shares[-1] > 1 - 1e-8
    assert qre_profile(game, 20.0)[1][0] > 1 - 1e-8


def test_uniform_choices_give_lambda_zero() -> None:
    for payoffs in (DOMINANT, np.asarray(preset("massai-three-huts").payoffs)):
        game = PopulationGame.from_payoffs(payoffs)
        fit = fit_qre(game, [[7] * k for k in game.sizes])
        assert fit.at == "zero"
        assert fit.lam == 0.0
        assert fit.lr_uniform == 0.0
        assert fit.p_uniform == 1.0


def test_choices_all_on_the_dominant_action_are_nash() -> None:
    game = PopulationGame.from_payoffs(DOMINANT)
    fit = fit_qre(game, [[20, 0], [20, 0]])
    assert fit.at == "end"
    assert fit.lam == fit.lam_end >= 1000 / game.spread
    assert fit.log_likelihood == pytest.approx(0.0, abs=1e-9)
    # Nash's likelihood with its small weight on the dominated action:
    assert fit.log_likelihood_nash == pytest.approx(40 * math.log(1 - NASH_EPSILON / 2))


def test_likelihood_ratios_and_p_values() -> None:
    game = PopulationGame.from_payoffs(DOMINANT)
    fit = fit_qre(game, [[30, 10], [28, 12]], nash=[[1, 0], [1, 0]])
    assert fit.lr_uniform == pytest.approx(2 * (fit.log_likelihood - fit.log_likelihood_uniform))
    assert fit.p_uniform == pytest.approx(chi2.sf(fit.lr_uniform, 1))
    assert fit.p_uniform < 0.001
    eps = NASH_EPSILON
    nash_ll = 58 * math.log(1 - eps + eps / 2) + 22 * math.log(eps / 2)
    assert fit.log_likelihood_nash == pytest.approx(nash_ll)
    assert fit.lr_nash == pytest.approx(2 * (fit.log_likelihood - nash_ll))


@pytest.mark.parametrize("x", [0.0, 0.01, 1.0, 3.84, 10.83, 50.0])
def test_chi_square_survival_is_scipys(x: float) -> None:
    assert chi2_1_sf(x) == pytest.approx(chi2.sf(x, 1), rel=1e-12, abs=1e-300)


def test_symmetric_class_games_are_one_population() -> None:
    for key, pooled in [
        ("africa-two-full", True),
        ("africa-two-full-score", True),
        ("africa-three-full", False),
        ("massai-two-huts", False),
    ]:
        stage = preset(key)
        game = population_game(stage)
        assert (game.names == ("class",)) is pooled, key
        assert is_symmetric(np.asarray(stage.payoffs), stage.actions) is pooled or key.startswith(
            "massai"
        )


def test_the_branch_is_the_same_every_time() -> None:
    game = population_game(preset("massai-three-huts"))
    first = trace_branch(game)
    again = trace_branch(PopulationGame.from_payoffs(np.array(game.payoffs)), None)
    assert np.array_equal(first.lams, again.lams)
    assert np.array_equal(first.logs, again.logs)


def test_bad_input_gets_a_clear_error() -> None:
    game = PopulationGame.from_payoffs(DOMINANT)
    with pytest.raises(QreError, match="no choices"):
        fit_qre(game, [[0, 0], [0, 0]])
    with pytest.raises(QreError, match="counts are needed"):
        fit_qre(game, [[1, 2, 3], [0, 0]])
    with pytest.raises(QreError, match="≥ 0"):
        fit_qre(game, [[-1, 2], [0, 1]])
    with pytest.raises(QreError, match="λ must be"):
        qre_profile(game, -1.0)
    with pytest.raises(QreError, match="symmetric"):
        PopulationGame.from_payoffs(DOMINANT, pooled=True)


@settings(max_examples=40, deadline=None)
@given(
    payoffs=st.lists(st.integers(-5, 9), min_size=8, max_size=8),
    lam=st.floats(0.0, 30.0),
)
def test_every_profile_is_a_logit_fixed_point(payoffs: list[int], lam: float) -> None:
    array = np.array(payoffs, dtype=float).reshape(2, 2, 2)
    mixes = qre_profile(PopulationGame.from_payoffs(array), lam)
    response = [logit(u, lam) for u in ref_payoffs(array, mixes, pooled=False)]
    for m, r in zip(mixes, response, strict=True):
        assert np.all(m >= 0) and m.sum() == pytest.approx(1.0)
        assert np.abs(m - r).max() < 1e-8


@settings(max_examples=40, deadline=None)
@given(
    payoffs=st.lists(st.integers(-5, 9), min_size=12, max_size=12),
    counts=st.lists(st.integers(0, 30), min_size=5, max_size=5).filter(lambda c: sum(c) > 0),
)
def test_the_fit_is_never_worse_than_the_branch_or_uniform_play(
    payoffs: list[int], counts: list[int]
) -> None:
    game = PopulationGame.from_payoffs(np.array(payoffs, dtype=float).reshape(2, 2, 3))
    fit = fit_qre(game, [counts[:2], counts[2:]])
    flat = np.array(counts, dtype=float)
    branch = trace_branch(game)
    assert fit.log_likelihood >= float((branch.logs @ flat).max()) - 1e-9
    assert fit.log_likelihood >= fit.log_likelihood_uniform - 1e-12
    assert 0 <= fit.lam <= fit.lam_end and 0 <= fit.p_uniform <= 1
    for mix in fit.profile:
        assert min(mix) >= 0 and sum(mix) == pytest.approx(1.0)
