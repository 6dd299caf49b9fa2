"""Stand-in students for a rehearsal: computer players that sit in the class like students and
choose by a stated strategy as soon as a round opens.

Three strategies (:class:`Strategy`): ``uniform`` (every action of the seat's side equally
likely), ``nash`` (a draw from the prediction's mix, :attr:`StageGame.prediction`: the
equilibrium the theory panel shows) and ``best-response`` (a best reply to the class's
frequencies in the last closed round, each other side's frequencies taken as its mixed strategy;
uniform frequencies before any round, or for a side nobody played; ties drawn at random). A
stand-in's draws come from its own seed, its id and the round: replaying a class draws the same.

>>> from tabletop.classroom.games import preset
>>> game = preset("africa-two-full-score")  # a chicken game: answer war with alliance
>>> standin_choice(game, 0, Strategy.BEST_RESPONSE, random.Random(1), [{}, {"alliance": 1.0}])
'war'
>>> best_responses(game, 1, [{"alliance": 0.1, "war": 0.9}, {}])
['alliance']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.classroom.games import StageGame
from tabletop.games.enums import TextEnum

__all__ = ["MAX_STANDINS", "Standin", "Strategy", "best_responses", "standin_choice"]

#: At most this many stand-ins are added at once (a rehearsal, not a simulation).
MAX_STANDINS = 40
#: Payoffs closer than this are ties (sums of products of shares).
TIE = 1e-9


class Strategy(TextEnum):
    """How a stand-in chooses."""

    UNIFORM = "uniform"
    NASH = "nash"
    BEST_RESPONSE = "best-response"


@dataclass(frozen=True)
class Standin:
    """A stand-in's strategy and the seed of its draws."""

    strategy: Strategy
    seed: int

    def rng(self, sid: str, number: int) -> random.Random:
        """The stream of stand-in ``sid`` in round ``number`` (the same on every replay)."""
        return random.Random(f"{self.seed}:standin:{sid}:{number}")


def best_responses(
    game: StageGame, role: int, frequencies: Sequence[Mapping[str, float]]
) -> list[str]:
    """The actions of side ``role`` with the highest expected payoff when every other side
    ``k`` plays ``frequencies[k]`` (missing or empty: uniform)."""
    mixes: list[list[float]] = []
    for k, actions in enumerate(game.actions):
        given = frequencies[k] if k < len(frequencies) else {}
        total = sum(given.get(a, 0.0) for a in actions)
        if k == role or total <= 0:
            mixes.append([1 / len(actions)] * len(actions))
        else:
            mixes.append([given.get(a, 0.0) / total for a in actions])
    others = [range(len(a)) if k != role else [0] for k, a in enumerate(game.actions)]
    values: list[float] = []
    for mine in range(len(game.actions[role])):
        value = 0.0
        for cell in itertools.product(*others):
            full = list(cell)
            full[role] = mine
            weight = 1.0
            for k, index in enumerate(full):
                if k != role:
                    weight *= mixes[k][index]
            if weight:
                value += weight * float(game.payoffs[role][tuple(full)])
        values.append(value)
    best = max(values)
    return [a for a, v in zip(game.actions[role], values, strict=True) if v >= best - TIE]


def standin_choice(
    game: StageGame,
    role: int,
    strategy: Strategy,
    rng: random.Random,
    last: Sequence[Mapping[str, float]] = (),
) -> str:
    """What a stand-in playing ``strategy`` on side ``role`` chooses; ``last`` is the last
    closed round's frequencies per side (empty before the first round)."""
    actions = game.actions[role]
    if strategy is Strategy.UNIFORM:
        return rng.choice(actions)
    if strategy is Strategy.NASH:
        names, weights = zip(*game.prediction.mix[role].items(), strict=True)
        return rng.choices(names, weights)[0]
    return rng.choice(best_responses(game, role, last))
