"""Learning paths from the class's first round: is the class converging, and to what?

Two classic models of learning, each started from round 1's class frequencies and run for as
many rounds as the class played, so the projector can show them beside what the class did:

* **discrete fictitious play** (:func:`fictitious_play`): each round, every population plays a
  best response to the empirical frequencies of all the play so far (round 1 being the
  class's), ties split evenly; the path is those empirical frequencies, which is what
  converges (to the dominant action when there is one, to ½ in matching pennies);
* **discrete-time replicator dynamics** (:func:`replicator`): each action's share grows in
  proportion to its payoff against the current shares, with payoffs shifted to lie in [1, 2]
  (``1 + (u - min) / spread``), so shares stay a probability mix and an action absent in
  round 1 stays absent.

The games are :class:`~tabletop.classroom.qre.PopulationGame`: one population per side, or the
whole class for a symmetric game.

>>> import numpy as np
>>> from tabletop.classroom.qre import PopulationGame
>>> dominant = PopulationGame.from_payoffs(np.array([[[1, 1], [0, 0]], [[1, 0], [1, 0]]]))
>>> [p.round(2).tolist() for p in fictitious_play(dominant, [[0.0, 1.0], [0.0, 1.0]], 4)[-1]]
[[0.75, 0.25], [0.75, 0.25]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.classroom.qre import PopulationGame, QreError

__all__ = ["ClassPath", "TIE_TOL", "class_path", "fictitious_play", "replicator"]

#: Payoffs this close (relative to the game's spread) are a tie: the best responses share.
TIE_TOL = 1e-9

Profile = list[np.ndarray]


def _start(game: PopulationGame, start: Sequence[Sequence[float]]) -> Profile:
    if len(start) != len(game.sizes):
        raise QreError(f"a start needs {len(game.sizes)} mixes, not {len(start)}")
    mixes = []
    for mix, k in zip(start, game.sizes, strict=True):
        m = np.asarray(mix, dtype=float)
        if m.shape != (k,) or np.any(m < 0) or not np.all(np.isfinite(m)):
            raise QreError(f"a start mix is {k} numbers ≥ 0")
        # A population nobody played in round 1 starts uniform.
        mixes.append(m / m.sum() if m.sum() > 0 else np.full(k, 1.0 / k))
    return mixes


def best_response(game: PopulationGame, beliefs: Profile) -> Profile:
    """Each population's best response to ``beliefs``, split evenly between tied actions."""
    out = []
    for u in game.expected(beliefs):
        best = u >= u.max() - TIE_TOL * game.spread
        out.append(best / best.sum())
    return out


def fictitious_play(
    game: PopulationGame, start: Sequence[Sequence[float]], rounds: int
) -> list[Profile]:
    """The empirical frequencies of discrete fictitious play, round 1 (``start``) to
    ``rounds``: round ``t + 1`` plays the best response to the frequencies of rounds 1 to
    ``t``."""
    belief = _start(game, start)
    path = [belief]
    for t in range(1, rounds):
        play = best_response(game, belief)
        belief = [(t * b + p) / (t + 1) for b, p in zip(belief, play, strict=True)]
        path.append(belief)
    return path


def replicator(
    game: PopulationGame, start: Sequence[Sequence[float]], rounds: int
) -> list[Profile]:
    """Discrete-time replicator dynamics, round 1 (``start``) to ``rounds``: every share is
    multiplied by its fitness ``1 + (u - min) / spread`` over the population's mean fitness."""
    low = float(game.payoffs.min())
    mixes = _start(game, start)
    path = [mixes]
    for _ in range(1, rounds):
        fitness = [1.0 + (u - low) / game.spread for u in game.expected(mixes)]
        grown = [m * f for m, f in zip(mixes, fitness, strict=True)]
        mixes = [g / g.sum() for g in grown]
        path.append(mixes)
    return path


@dataclass(frozen=True)
class ClassPath:
    """Per closed round (``rounds[i]``): the class's frequencies that round (``shares``), the
    class's frequencies over the rounds so far (``running``), fictitious play's and the
    replicator's, all one mix per population (``None`` where nobody of a population chose)."""

    rounds: tuple[int, ...]
    shares: tuple[tuple[tuple[float, ...] | None, ...], ...]
    running: tuple[tuple[tuple[float, ...] | None, ...], ...]
    fictitious_play: tuple[tuple[tuple[float, ...], ...], ...]
    replicator: tuple[tuple[tuple[float, ...], ...], ...]


def class_path(
    game: PopulationGame, counts_by_round: Mapping[int, Sequence[Sequence[float]]]
) -> ClassPath:
    """The class's frequencies round by round beside fictitious play and the replicator, both
    started from the first round's frequencies (``counts_by_round[n]``: per population, per
    action)."""
    rounds = tuple(sorted(counts_by_round))
    if not rounds:
        raise QreError("no round has been played")
    counts = [[np.asarray(c, dtype=float) for c in counts_by_round[n]] for n in rounds]
    shares = [tuple(_mix(c) for c in by_pop) for by_pop in counts]
    totals = [np.zeros(k) for k in game.sizes]
    running = []
    for by_pop in counts:
        totals = [t + c for t, c in zip(totals, by_pop, strict=True)]
        running.append(tuple(_mix(t) for t in totals))
    start = [c.tolist() for c in counts[0]]
    return ClassPath(
        rounds,
        tuple(shares),
        tuple(running),
        _frozen(fictitious_play(game, start, len(rounds))),
        _frozen(replicator(game, start, len(rounds))),
    )


def _mix(counts: np.ndarray) -> tuple[float, ...] | None:
    total = float(counts.sum())
    return tuple(float(c) / total for c in counts) if total > 0 else None


def _frozen(path: list[Profile]) -> tuple[tuple[tuple[float, ...], ...], ...]:
    return tuple(tuple(tuple(float(v) for v in m) for m in profile) for profile in path)
