"""The Massai attack as a two-player zero-sum game, solved exactly.

In a position where the player to move may attack, the attacker secretly picks one of the
defender's attackable huts and the defender secretly places guards on attackable huts. Every pair of
choices is resolved with the real rules core (:func:`tabletop.games.massai.resolve_attack`) and
scored for the attacker by an *evaluation*; the defender's payoff is its opposite.

Strategies:

* attacker: every attackable hut (sorted by square name);
* defender: every set of exactly ``min(guards allowed, attack points)`` attackable huts. Sets with
  fewer guards are left out on purpose: a guard only matters when its hut is the target, and then it
  saves the hut and costs the attacker its touching huts, so adding a guard never hurts the defender
  (a larger set weakly dominates each of its subsets). ``all_guard_sets=True`` adds the smaller sets
  anyway, e.g. to show that domination in class.

Evaluations (attacker's point of view):

* ``"difference"`` (default): the attacker's change in huts on the board minus the defender's
  (an unguarded target that becomes the attacker's hut counts on both sides);
* ``"removals"``: defender huts removed minus attacker huts removed (the replacement hut is not
  counted);
* ``win_bonus`` (default 0) is added when the attack wins the game for the attacker and subtracted
  when it hands the defender the win.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np

from tabletop.analysis.zero_sum import ZeroSumSolution, optimal_ranges, solve_zero_sum
from tabletop.games.massai import (
    State,
    attackable_huts,
    guards_allowed,
    other,
    resolve_attack,
)

EVALUATIONS = ("difference", "removals")
#: Probabilities closer than this are the same (solver precision).
RANGE_TOL = 1e-7


class AttackGameError(ValueError):
    """No attack game in this position (wrong phase, nothing to attack, bad option)."""


@dataclass(frozen=True)
class AttackGame:
    """The attack game of one position with its solution.

    ``matrix[r, c]`` is the attacker's payoff when attacking ``targets[r]`` against the guards
    ``guard_sets[c]``.
    """

    attacker: int
    targets: tuple[str, ...]
    guard_sets: tuple[tuple[str, ...], ...]
    guards_allowed: int
    evaluation: str
    win_bonus: float
    matrix: np.ndarray
    solution: ZeroSumSolution

    @property
    def defender(self) -> int:
        return other(self.attacker)

    @property
    def value(self) -> float:
        """Expected payoff to the attacker when both play optimally."""
        return self.solution.value

    @property
    def attack_probabilities(self) -> dict[str, float]:
        """Optimal probability of attacking each hut."""
        return {t: float(p) for t, p in zip(self.targets, self.solution.row_strategy, strict=True)}

    @property
    def guard_set_probabilities(self) -> dict[tuple[str, ...], float]:
        """Optimal probability of each guard set."""
        return {
            s: float(p) for s, p in zip(self.guard_sets, self.solution.column_strategy, strict=True)
        }

    @property
    def guard_probabilities(self) -> dict[str, float]:
        """Probability that each attackable hut carries a guard under the optimal guard plan."""
        marginal = dict.fromkeys(self.targets, 0.0)
        for guard_set, probability in self.guard_set_probabilities.items():
            for hut in guard_set:
                marginal[hut] += probability
        return {hut: min(1.0, p) for hut, p in marginal.items()}

    @property
    def target_earnings(self) -> dict[str, float]:
        """What attacking each hut earns against the defender's optimal guard plan: the value
        for a hut an optimal attack may play, less for one it never plays."""
        earned = self.matrix @ self.solution.column_strategy
        return {t: float(e) for t, e in zip(self.targets, earned, strict=True)}

    @cached_property
    def attack_ranges(self) -> dict[str, tuple[float, float]]:
        """Smallest and largest probability of attacking each hut over *all* optimal attacks."""
        ranges = optimal_ranges(self.matrix, self.value, row=True)
        return dict(zip(self.targets, ranges, strict=True))

    @cached_property
    def guard_ranges(self) -> dict[str, tuple[float, float]]:
        """Smallest and largest probability of a guard on each hut over all optimal guard plans."""
        weights = [[float(t in s) for s in self.guard_sets] for t in self.targets]
        ranges = optimal_ranges(self.matrix, self.value, weights, row=False)
        return {
            t: (max(0.0, lo), min(1.0, hi))
            for t, (lo, hi) in zip(self.targets, ranges, strict=True)
        }

    @property
    def attack_unique(self) -> bool:
        """Whether exactly one attack plan is optimal."""
        return all(hi - lo <= RANGE_TOL for lo, hi in self.attack_ranges.values())

    @property
    def guard_unique(self) -> bool:
        """Whether every optimal guard plan puts guards on the huts with the same probabilities."""
        return all(hi - lo <= RANGE_TOL for lo, hi in self.guard_ranges.values())

    @property
    def attack_pure(self) -> bool:
        """Whether the only optimal attack is one hut for certain (then no indifference is at
        play: that hut simply earns the most whatever the optimal guards)."""
        return self.attack_unique and any(
            lo >= 1 - RANGE_TOL for lo, _ in self.attack_ranges.values()
        )

    @property
    def optimal_targets(self) -> tuple[str, ...]:
        """The huts some optimal attack plays."""
        return tuple(t for t, (_, hi) in self.attack_ranges.items() if hi > RANGE_TOL)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (used by the command line)."""
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "evaluation": self.evaluation,
            "win_bonus": self.win_bonus,
            "guards_allowed": self.guards_allowed,
            "value": self.value,
            "attacker_strategies": [
                {"target": t, "probability": p} for t, p in self.attack_probabilities.items()
            ],
            "defender_strategies": [
                {"guards": list(s), "probability": p}
                for s, p in self.guard_set_probabilities.items()
            ],
            "guard_probabilities": self.guard_probabilities,
            "target_earnings": self.target_earnings,
            "attack_ranges": {t: list(r) for t, r in self.attack_ranges.items()},
            "guard_ranges": {t: list(r) for t, r in self.guard_ranges.items()},
            "attack_unique": self.attack_unique,
            "guard_unique": self.guard_unique,
            "attack_pure": self.attack_pure,
            "matrix": self.matrix.tolist(),
        }


def evaluate(
    before: State, after: State, attacker: int, evaluation: str, win_bonus: float
) -> float:
    """The attacker's payoff for the move from ``before`` to ``after``."""
    defender = other(attacker)
    score: float
    if evaluation == "difference":
        score = (len(after.huts[attacker]) - len(before.huts[attacker])) - (
            len(after.huts[defender]) - len(before.huts[defender])
        )
    elif evaluation == "removals":
        score = len(before.huts[defender] - after.huts[defender]) - len(
            before.huts[attacker] - after.huts[attacker]
        )
    else:
        raise AttackGameError(
            f"unknown evaluation {evaluation!r}: choose one of {', '.join(EVALUATIONS)}"
        )
    if after.winner == attacker:
        score += win_bonus
    elif after.winner == defender:
        score -= win_bonus
    return float(score)


def attack_payoff(
    state: State,
    target: str,
    guards: tuple[str, ...] | list[str],
    evaluation: str = "difference",
    win_bonus: float = 0.0,
) -> float:
    """The attacker's payoff (player to move) for one pair of secret choices, by the rules core."""
    after, report = resolve_attack(state, target, tuple(guards))
    if not report.ok:
        raise AttackGameError(report.message)
    return evaluate(state, after, state.to_move, evaluation, win_bonus)


def attack_game(
    state: State,
    attacker: int | None = None,
    evaluation: str = "difference",
    win_bonus: float = 0.0,
    all_guard_sets: bool = False,
) -> AttackGame:
    """Build and solve the attack game of ``state`` for ``attacker`` (default: player to move).

    >>> from tabletop.analysis.examples import massai_position
    >>> game = attack_game(massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]))
    >>> game.matrix.shape, round(game.value, 4)
    ((2, 2), 0.9167)
    """
    if evaluation not in EVALUATIONS:
        raise AttackGameError(
            f"unknown evaluation {evaluation!r}: choose one of {', '.join(EVALUATIONS)}"
        )
    if state.phase != "play":
        raise AttackGameError(f"no attack is possible: the game is in its {state.phase} phase")
    if attacker is not None and attacker not in (0, 1):
        raise AttackGameError(f"the attacker must be player 0 or 1, not {attacker!r}")
    if attacker is not None and attacker != state.to_move:
        state = replace(state, to_move=attacker)
    attacker = state.to_move
    targets = tuple(sorted(attackable_huts(state, attacker)))
    if not targets:
        raise AttackGameError("no attack is possible: no defender hut touches an attacker hut")
    allowed = guards_allowed(state, attacker)
    size = min(allowed, len(targets))
    sizes = range(size + 1) if all_guard_sets else (size,)
    guard_sets = tuple(c for k in sizes for c in itertools.combinations(targets, k))

    # Only whether the target carries a guard changes the outcome (the other guards protect huts
    # that are not attacked), so each target is resolved twice by the core, not once per set.
    guarded = {}
    unguarded = {}
    for target in targets:
        if allowed >= 1:
            guarded[target] = attack_payoff(state, target, (target,), evaluation, win_bonus)
        unguarded[target] = attack_payoff(state, target, (), evaluation, win_bonus)
    matrix = np.array(
        [
            [guarded[t] if t in guard_set else unguarded[t] for guard_set in guard_sets]
            for t in targets
        ],
        dtype=float,
    )
    return AttackGame(
        attacker=attacker,
        targets=targets,
        guard_sets=guard_sets,
        guards_allowed=allowed,
        evaluation=evaluation,
        win_bonus=float(win_bonus),
        matrix=matrix,
        solution=solve_zero_sum(matrix),
    )
