"""The logit quantal-response equilibrium (QRE) of a class game, and its fit to the class's choices.

In a logit QRE every side plays each action with a probability proportional to
``exp(λ · expected payoff)`` against the others' mixes: λ = 0 is uniform play, and as λ grows
the profile goes to a Nash equilibrium. The *principal branch* is the path of QREs that starts
at the centroid (λ = 0); :func:`trace_branch` follows it by pseudo-arclength continuation (a
predictor along the tangent, a Newton corrector), in log-probabilities, so a branch that bends
back in λ is followed too, and small steps with an angle check keep it from jumping to another
branch. :func:`fit_qre` finds the λ on that branch under which the class's choices are most
likely (maximum likelihood). Everything is deterministic: no random start.

The class is one or several *populations* (:class:`PopulationGame`): one per side of the game
(France and Great Britain; attacker and defender), or a single population for a symmetric game
whose sides are alike, where the class's choices are pooled as on the teacher's screen.

>>> import numpy as np
>>> pennies = PopulationGame.from_payoffs(np.array([[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]))
>>> [p.round(6).tolist() for p in qre_profile(pennies, 3.0)]
[[0.5, 0.5], [0.5, 0.5]]
>>> dominant = PopulationGame.from_payoffs(np.array([[[1, 1], [0, 0]], [[1, 0], [1, 0]]]))
>>> fit = fit_qre(dominant, [[30, 10], [30, 10]])
>>> round(fit.lam, 3), fit.at
(1.099, 'interior')
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tabletop.classroom.games import StageGame

__all__ = [
    "LAMBDA_END",
    "NASH_EPSILON",
    "Branch",
    "PopulationGame",
    "QreError",
    "QreFit",
    "chi2_1_sf",
    "fit_qre",
    "is_symmetric",
    "population_game",
    "qre_profile",
    "trace_branch",
]

#: The branch is traced up to λ × (payoff spread) = this: a probability ratio of e^-1000 for
#: an action one spread worse, which is Nash for every purpose of a class.
LAMBDA_END = 1000.0
#: Nash's likelihood gives each action at least this much weight: ``(1 - ε) · nash + ε / k``
#: (a choice Nash never makes would make its likelihood zero).
NASH_EPSILON = 1e-6
# Newton corrector: residual norm accepted, and iterations allowed before the step shrinks.
_TOL = 1e-11
_MAX_NEWTON = 8
# The tangent may turn at most this much between two nodes (cosine): a sharper turn means the
# step went too far, maybe onto another branch, so it is taken again, shorter.
_MIN_COS = 0.98
_MAX_NODES = 20_000


class QreError(ArithmeticError):
    """The QRE could not be computed as asked (no choices to fit, a branch that stalls)."""


@dataclass(frozen=True, eq=False)
class PopulationGame:
    """A normal-form game seen as populations: ``payoffs[r][a_0, ..., a_{n-1}]`` is role
    ``r``'s payoff, and ``populations[r]`` the population that plays role ``r``.

    With one population per role (``populations == (0, 1, ...)``) each side has its own mix;
    with a single population (a symmetric game) every role plays the same mix, and the
    population's payoff is role 0's.
    """

    payoffs: np.ndarray
    populations: tuple[int, ...]
    names: tuple[str, ...]
    actions: tuple[tuple[str, ...], ...]

    @classmethod
    def from_payoffs(
        cls,
        payoffs: np.ndarray | Sequence[object],
        actions: Sequence[Sequence[str]] | None = None,
        roles: Sequence[str] | None = None,
        pooled: bool = False,
    ) -> PopulationGame:
        """A game from its payoff array (one population per role unless ``pooled``; a pooled
        game must be symmetric, see :func:`is_symmetric`)."""
        array = np.array(payoffs, dtype=float)
        n = array.shape[0]
        if array.ndim != n + 1 or n < 1 or min(array.shape[1:], default=0) < 1:
            raise QreError(f"payoffs of shape {array.shape} are not one array per role")
        roles = tuple(roles) if roles is not None else tuple(f"role {r + 1}" for r in range(n))
        acts = (
            tuple(tuple(a) for a in actions)
            if actions is not None
            else tuple(tuple(str(j) for j in range(k)) for k in array.shape[1:])
        )
        array.setflags(write=False)
        if pooled:
            if not is_symmetric(array, acts):
                raise QreError("only a symmetric game can be played by one population")
            return cls(array, (0,) * n, ("class",), acts[:1])
        return cls(array, tuple(range(n)), roles, acts)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(a) for a in self.actions)

    @functools.cached_property
    def spread(self) -> float:
        """The payoffs' range (1 for a game whose payoffs are all equal): λ's unit."""
        spread = float(self.payoffs.max() - self.payoffs.min())
        return spread if spread > 0 else 1.0

    @functools.cached_property
    def representatives(self) -> tuple[int, ...]:
        """The role whose payoff each population earns (its first role)."""
        return tuple(self.populations.index(p) for p in range(len(self.actions)))

    def role_mixes(self, mixes: Sequence[np.ndarray]) -> list[np.ndarray]:
        return [mixes[p] for p in self.populations]

    def expected(self, mixes: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Each population's expected payoff of each of its actions against ``mixes``."""
        by_role = self.role_mixes(mixes)
        return [contract(self.payoffs[r], by_role, (r,)) for r in self.representatives]

    def slopes(self, mixes: Sequence[np.ndarray]) -> dict[tuple[int, int], np.ndarray]:
        """``∂u_P(a) / ∂p_Q(b)`` for every pair of populations (``[a, b]`` matrices)."""
        by_role = self.role_mixes(mixes)
        out: dict[tuple[int, int], np.ndarray] = {}
        for p, r in enumerate(self.representatives):
            for s, q in enumerate(self.populations):
                if s == r:
                    continue
                block = contract(self.payoffs[r], by_role, tuple(sorted((r, s))))
                block = block if r < s else block.T
                out[(p, q)] = out[(p, q)] + block if (p, q) in out else block
        return out


def contract(tensor: np.ndarray, mixes: Sequence[np.ndarray], keep: tuple[int, ...]) -> np.ndarray:
    """``tensor`` summed against ``mixes[axis]`` on every axis not in ``keep`` (kept in order)."""
    out = tensor
    for axis in reversed(range(tensor.ndim)):
        if axis not in keep:
            out = np.tensordot(out, mixes[axis], axes=([axis], [0]))
    return out


def is_symmetric(payoffs: np.ndarray, actions: Sequence[Sequence[str]]) -> bool:
    """Whether every role has the same actions and swapping two roles swaps their payoffs."""
    n = payoffs.shape[0]
    if n < 2 or any(tuple(a) != tuple(actions[0]) for a in actions):
        return False
    for i, j in itertools.combinations(range(n), 2):
        swap = list(range(n))
        swap[i], swap[j] = j, i
        for r in range(n):
            if not np.allclose(payoffs[swap[r]], np.transpose(payoffs[r], swap), atol=1e-12):
                return False
    return True


def population_game(game: StageGame, pooled: bool | None = None) -> PopulationGame:
    """A class game as populations: one for the whole class when its sides are alike (a
    symmetric game with the same actions; ``pooled=None`` decides so), else one per side."""
    payoffs = np.asarray(game.payoffs, dtype=float)
    if pooled is None:
        pooled = not game.zero_sum and is_symmetric(payoffs, game.actions)
    return PopulationGame.from_payoffs(payoffs, game.actions, game.roles, pooled=pooled)


# -- the principal branch --------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Branch:
    """The principal branch as traced: node ``i`` has λ ``lams[i]`` (in the game's payoff
    units) and log-probabilities ``logs[i]`` (every population's, one after another)."""

    game: PopulationGame
    lams: np.ndarray
    logs: np.ndarray

    def mixes(self, i: int) -> list[np.ndarray]:
        return split(np.exp(self.logs[i]), self.game.sizes)


def split(flat: np.ndarray, sizes: Sequence[int]) -> list[np.ndarray]:
    """A flat vector cut into consecutive pieces of the given sizes."""
    bounds = np.cumsum((0, *sizes))
    return [flat[bounds[k] : bounds[k + 1]] for k in range(len(sizes))]


class _System:
    """The QRE equations in ``z = (log-probabilities, μ)`` with μ = λ × spread (payoffs
    divided by their spread, so that the step sizes mean the same in every game)."""

    def __init__(self, game: PopulationGame) -> None:
        self.game = game
        self.sizes = game.sizes
        self.dim = sum(self.sizes)
        self.scale = 1.0 / game.spread

    def residual_and_jacobian(self, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        y, mu = z[:-1], z[-1]
        probs = np.exp(y)
        mixes = split(probs, self.sizes)
        utils = [u * self.scale for u in self.game.expected(mixes)]
        slopes = {k: v * self.scale for k, v in self.game.slopes(mixes).items()}
        starts = np.cumsum((0, *self.sizes))
        f = np.empty(self.dim)
        jac = np.zeros((self.dim, self.dim + 1))
        for p, k in enumerate(self.sizes):
            o = starts[p]
            f[o] = probs[o : o + k].sum() - 1.0
            jac[o, o : o + k] = probs[o : o + k]
            rows = slice(o + 1, o + k)
            f[rows] = y[o + 1 : o + k] - y[o] - mu * (utils[p][1:] - utils[p][0])
            jac[rows, o + 1 : o + k] += np.eye(k - 1)
            jac[rows, o] -= 1.0
            jac[rows, -1] = -(utils[p][1:] - utils[p][0])
            for q, kq in enumerate(self.sizes):
                if (p, q) in slopes:
                    d = slopes[(p, q)]
                    oq = starts[q]
                    jac[rows, oq : oq + kq] -= mu * (d[1:] - d[0]) * probs[oq : oq + kq]
        return f, jac

    def tangent(self, z: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
        _, jac = self.residual_and_jacobian(z)
        q, _ = np.linalg.qr(jac.T, mode="complete")
        t = q[:, -1]
        if previous is None:
            return t if t[-1] > 0 else -t
        return t if float(t @ previous) >= 0 else -t

    def correct(
        self, guess: np.ndarray, normal: np.ndarray, level: float
    ) -> tuple[np.ndarray, int]:
        """Newton on the equations plus ``normal · z = level``; raises on no convergence."""
        z = guess.copy()
        for iteration in range(1, _MAX_NEWTON + 1):
            f, jac = self.residual_and_jacobian(z)
            full = np.concatenate([f, [normal @ z - level]])
            if not np.all(np.isfinite(full)):
                break
            step = np.linalg.solve(np.vstack([jac, normal]), full)
            z = z - step
            if np.linalg.norm(step) < _TOL * (1 + np.linalg.norm(z)):
                f, _ = self.residual_and_jacobian(z)
                if np.linalg.norm(f) < 1e3 * _TOL:
                    return z, iteration
        raise np.linalg.LinAlgError("the corrector did not converge")

    def start(self) -> np.ndarray:
        return np.concatenate([np.full(k, -math.log(k)) for k in self.sizes] + [np.zeros(1)])


def trace_branch(game: PopulationGame, lam_end: float | None = None) -> Branch:
    """The principal branch from the centroid (λ = 0) until λ reaches ``lam_end`` (default:
    :data:`LAMBDA_END` divided by the payoffs' spread). Deterministic; cached per game."""
    end = LAMBDA_END if lam_end is None else float(lam_end) * game.spread
    key = (game.payoffs.tobytes(), game.payoffs.shape, game.populations, end)
    if key not in _BRANCHES:
        if len(_BRANCHES) >= _CACHED_BRANCHES:
            del _BRANCHES[next(iter(_BRANCHES))]  # the oldest goes
        _BRANCHES[key] = _trace(_System(game), end)
    lams, logs = _BRANCHES[key]
    return Branch(game, lams / game.spread, logs)


# Traced branches by payoffs, populations and end (a page refits after every round).
_BRANCHES: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray]] = {}
_CACHED_BRANCHES = 32


def _trace(system: _System, end: float) -> tuple[np.ndarray, np.ndarray]:
    z = system.start()
    t = system.tangent(z, None)
    nodes = [z]
    h = 0.05
    while z[-1] < end:
        if len(nodes) > _MAX_NODES:
            raise QreError("the QRE branch could not be followed to its end")
        while True:
            if h < 1e-9:
                raise QreError("the QRE branch could not be followed (the step became too small)")
            guess = z + h * t
            try:
                new, iterations = system.correct(guess, t, float(t @ guess))
                t_new = system.tangent(new, t)
            except np.linalg.LinAlgError:
                h /= 2
                continue
            # Too sharp a turn, or a corrector that wandered far: take a shorter step.
            if t_new @ t < _MIN_COS or np.linalg.norm(new - guess) > 0.5 * h:
                h /= 2
                continue
            break
        z, t = new, t_new
        nodes.append(z)
        if iterations <= 3:
            h = min(2 * h, max(1.0, 0.5 * abs(z[-1])))
    array = np.array(nodes)
    return array[:, -1].copy(), array[:, :-1].copy()


def qre_profile(game: PopulationGame, lam: float) -> list[np.ndarray]:
    """The logit QRE at ``lam`` on the principal branch: one mix per population.

    Where the branch bends back, the first point of the branch at ``lam`` (walking from the
    centroid) is the one given."""
    lam = float(lam)
    if not lam >= 0 or not math.isfinite(lam):
        raise QreError(f"λ must be a finite number ≥ 0, not {lam}")
    branch = trace_branch(game, max(lam * 1.5, LAMBDA_END / game.spread))
    (i,) = np.nonzero(branch.lams >= lam)[0][:1]
    if branch.lams[i] == lam:
        return branch.mixes(i)
    system = _System(game)
    z0 = np.concatenate([branch.logs[i - 1], [branch.lams[i - 1] * game.spread]])
    z1 = np.concatenate([branch.logs[i], [branch.lams[i] * game.spread]])
    share = (lam - branch.lams[i - 1]) / (branch.lams[i] - branch.lams[i - 1])
    normal = np.zeros(system.dim + 1)
    normal[-1] = 1.0  # λ held where it was asked
    z, _ = system.correct(z0 + share * (z1 - z0), normal, lam * game.spread)
    return split(np.exp(z[:-1]), game.sizes)


# -- the fit -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class QreFit:
    """The QRE that best explains a class's choices (maximum likelihood along the branch).

    ``lam`` is λ in the game's payoff units, ``at`` where the best λ lies: ``"interior"``;
    ``"zero"`` (uniform play explains the choices best: λ = 0); ``"end"`` (the likelihood
    still grows at the end of the traced branch, ``lam_end``: the class played like Nash, λ is
    "very large" and only a lower bound); ``"flat"`` (every λ gives the same likelihood, as in
    matching pennies where the QRE is uniform for every λ: λ is not identified, 0 is given).

    ``log_likelihood`` is the choices' log-likelihood under the QRE profile,
    ``log_likelihood_uniform`` under uniform play, ``log_likelihood_nash`` under the Nash mix
    given (every action at least :data:`NASH_EPSILON`, see there).

    ``lr_uniform = 2 (LL - LL_uniform)`` is the likelihood-ratio statistic of λ against λ = 0,
    and ``p_uniform`` its chi-square p-value with 1 degree of freedom. Two honest caveats: λ = 0
    is on the boundary of λ ≥ 0, so this p-value is conservative (the exact one is about half);
    and the choices are treated as independent draws, while the same students choose in every
    round, so the test is only as good as that assumption. ``lr_nash = 2 (LL - LL_nash)`` and
    ``p_nash`` (chi-square, 1 degree of freedom, with a negative statistic counted as 0) compare
    with Nash, which is not a point of the QRE family (it is its limit as λ → ∞, and its
    likelihood depends on ε): read it as a guide to how far the class is from Nash, not as a
    test. ``choices`` is how many choices were used.
    """

    lam: float
    at: str
    profile: tuple[tuple[float, ...], ...]
    log_likelihood: float
    log_likelihood_uniform: float
    log_likelihood_nash: float
    lr_uniform: float
    p_uniform: float
    lr_nash: float
    p_nash: float
    choices: int
    lam_end: float


def chi2_1_sf(x: float) -> float:
    """P(X > x) for X chi-square with 1 degree of freedom: ``erfc(sqrt(x / 2))``."""
    return math.erfc(math.sqrt(max(x, 0.0) / 2.0))


def fit_qre(
    game: PopulationGame,
    counts: Sequence[Sequence[float]],
    nash: Sequence[Sequence[float]] | None = None,
) -> QreFit:
    """λ by maximum likelihood of ``counts`` (per population, per action) along the
    principal branch (:func:`trace_branch`).

    The likelihood is read at every node of the traced branch (nodes are spaced about
    geometrically in λ, so this is a search on a log scale), then refined by a bounded scalar
    search (Brent's, SciPy) between the best node's neighbours, each point found by the
    corrector on the branch. ``nash`` is the Nash mix to compare with (default: the end of
    the principal branch, the equilibrium it selects).
    """
    flat = _flat_counts(game, counts)
    total = float(flat.sum())
    branch = trace_branch(game)
    lls = branch.logs @ flat
    best = int(np.argmax(lls))
    lam_end = float(branch.lams[-1])
    if float(lls.max() - lls.min()) <= 1e-9 * (1.0 + abs(float(lls.max()))):
        lam, logs, at = 0.0, branch.logs[0], "flat"
    elif best == len(lls) - 1:
        lam, logs, at = lam_end, branch.logs[-1], "end"
    else:
        lam, logs, at = _refine(branch, flat, best)
    sizes = game.sizes
    uniform = np.concatenate([np.full(k, -math.log(k)) for k in sizes])
    if nash is None:
        nash_mix = [m.round(9) for m in branch.mixes(len(branch.lams) - 1)]
    else:
        nash_mix = [np.asarray(m, dtype=float) for m in nash]
    nash_logs = np.log(
        np.concatenate(
            [
                (1 - NASH_EPSILON) * m / m.sum() + NASH_EPSILON / k
                for m, k in zip(nash_mix, sizes, strict=True)
            ]
        )
    )
    ll = float(logs @ flat)
    ll_uniform = float(uniform @ flat)
    ll_nash = float(nash_logs @ flat)
    lr_uniform = max(0.0, 2 * (ll - ll_uniform))
    lr_nash = 2 * (ll - ll_nash)
    return QreFit(
        lam=lam,
        at=at,
        profile=tuple(tuple(float(v) for v in m) for m in split(np.exp(logs), sizes)),
        log_likelihood=ll,
        log_likelihood_uniform=ll_uniform,
        log_likelihood_nash=ll_nash,
        lr_uniform=lr_uniform,
        p_uniform=chi2_1_sf(lr_uniform),
        lr_nash=lr_nash,
        p_nash=chi2_1_sf(lr_nash),
        choices=int(round(total)),
        lam_end=lam_end,
    )


def _flat_counts(game: PopulationGame, counts: Sequence[Sequence[float]]) -> np.ndarray:
    sizes = game.sizes
    if len(counts) != len(sizes) or any(len(c) != k for c, k in zip(counts, sizes, strict=False)):
        raise QreError(f"counts are needed for {len(sizes)} populations of {sizes} actions")
    flat = np.concatenate([np.asarray(c, dtype=float) for c in counts])
    if not np.all(np.isfinite(flat)) or np.any(flat < 0):
        raise QreError("choice counts are numbers ≥ 0")
    if flat.sum() <= 0:
        raise QreError("there are no choices to fit")
    return flat


def _refine(branch: Branch, flat: np.ndarray, best: int) -> tuple[float, np.ndarray, str]:
    """The best point between the nodes around ``best`` (Brent's bounded search along the
    branch: position ``s`` between nodes ``j`` and ``j + 1`` is found by the corrector on the
    hyperplane across the chord at that position)."""
    # Imported by the fit alone: a page that never fits does not load SciPy's optimizers.
    from scipy.optimize import minimize_scalar  # type: ignore[import-untyped]

    game = branch.game
    system = _System(game)
    nodes = np.column_stack([branch.logs, branch.lams * game.spread])

    def point(s: float) -> np.ndarray:
        j = min(int(math.floor(s)), len(nodes) - 2)
        share = s - j
        if share <= 0.0:
            return nodes[j]
        chord = nodes[j + 1] - nodes[j]
        normal = chord / np.linalg.norm(chord)
        guess = nodes[j] + share * chord
        z, _ = system.correct(guess, normal, float(normal @ guess))
        return z

    def minus_ll(s: float) -> float:
        return -float(point(s)[:-1] @ flat)

    low, high = max(0, best - 1), best + 1
    found = minimize_scalar(minus_ll, bounds=(low, high), method="bounded", options={"xatol": 1e-9})
    s = float(found.x)
    z = point(s)
    if best == 0 and -minus_ll(0.0) >= float(z[:-1] @ flat) - 1e-12:
        return 0.0, nodes[0][:-1], "zero"
    if -minus_ll(float(best)) > float(z[:-1] @ flat):
        z = nodes[best]  # the search never does worse than the best node
    return float(z[-1]) / game.spread, z[:-1], "interior"
