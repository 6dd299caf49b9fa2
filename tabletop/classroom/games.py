"""The small games a class plays round after round, built from the rules core, with their theory.

A :class:`StageGame` is a normal-form game with named roles and actions whose payoffs come from
the real rules (:func:`~tabletop.analysis.africa_diplomacy.core_payoffs` for an *Africa 1880*
territory, :func:`~tabletop.analysis.massai_attack.attack_game` for a *Massai* attack). Its
:attr:`StageGame.prediction` is what the class's choices are shown beside: the pure equilibria, a
dominant action per role, and the mix a computer player uses when it stands in for a student.

>>> game = preset("africa-two-full")
>>> game.roles, game.actions[0]
(('France', 'Great Britain'), ('alliance', 'war'))
>>> game.payoff(("war", "alliance"))
(3.0, 0.0)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from tabletop.games.africa1880 import Relations
from tabletop.games.africa1880.powers import sort_powers

if TYPE_CHECKING:
    import numpy as np

    from tabletop.analysis.normal_form import Game

# The analysis (and numpy) is imported by the functions that build or solve a stage game, not
# with this module: the store's class games import it, and so does every process using the store.

ALLIANCE, WAR = "alliance", "war"
#: Probabilities below this are dropped from a computer player's mix (solver noise).
MIX_TOL = 1e-9


class ClassGameError(ValueError):
    """A class game cannot be made as asked (unknown preset, bad option)."""


@dataclass(frozen=True)
class Prediction:
    """What theory predicts for a stage game.

    ``mix[r]`` maps each action of role ``r`` to the probability the computer player gives it:
    the optimal mixed strategy of a zero-sum game, the dominant action when one exists (after
    removing strictly dominated actions one round after another), the mixed equilibrium of a
    2×2 game without a pure one, and otherwise the first pure equilibrium in the order of the
    actions. ``how`` says which of these it is, per role.
    """

    pure_equilibria: tuple[tuple[str, ...], ...]
    dominant: tuple[str | None, ...]
    mix: tuple[dict[str, float], ...]
    how: str
    value: float | None = None


@dataclass(frozen=True)
class StageGame:
    """A normal-form game a class plays: ``payoffs[r][a_0, a_1, ...]`` is role ``r``'s payoff.

    The payoffs are computed on first use (``make_payoffs``): a student's page shows the roles
    and actions and the results kept in the ledger, so it plays no rules and loads no numpy.
    """

    key: str
    roles: tuple[str, ...]
    actions: tuple[tuple[str, ...], ...]
    make_payoffs: Callable[[], np.ndarray] = field(repr=False, compare=False)
    zero_sum: bool = False
    #: Words under each action for the student page (the huts a guard set covers, …).
    description: str = ""

    @cached_property
    def payoffs(self) -> np.ndarray:
        """``payoffs[r][a_0, a_1, ...]``, role ``r``'s payoff (a read-only array), made once."""
        return self.make_payoffs()

    @property
    def group_size(self) -> int:
        return len(self.roles)

    def index(self, role: int, action: str) -> int:
        """Position of ``action`` among role ``role``'s actions; a clear error for another."""
        try:
            return self.actions[role].index(action)
        except ValueError:
            known = ", ".join(self.actions[role])
            raise ClassGameError(
                f"{action!r} is not a choice of {self.roles[role]} ({known})"
            ) from None

    def payoff(self, profile: Sequence[str]) -> tuple[float, ...]:
        """Every role's payoff when role ``r`` plays ``profile[r]``."""
        if len(profile) != self.group_size:
            raise ClassGameError(f"{self.group_size} choices are needed, not {len(profile)}")
        cell = tuple(self.index(r, a) for r, a in enumerate(profile))
        return tuple(float(self.payoffs[r][cell]) for r in range(self.group_size))

    @cached_property
    def normal_form(self) -> Game:
        from tabletop.analysis.normal_form import Game  # on first use (see the imports)

        return Game(self.payoffs, self.actions, self.roles)

    @cached_property
    def prediction(self) -> Prediction:
        game = self.normal_form
        pure = tuple(game.label(p) for p in game.pure_nash_equilibria())
        dominant = tuple(
            (game.strategies[r][d[0]] if (d := game.dominant_strategies(r, strict=False)) else None)
            for r in range(self.group_size)
        )
        if self.zero_sum:
            from tabletop.analysis.zero_sum import solve_zero_sum  # on first use (see the imports)

            solution = solve_zero_sum(self.payoffs[0])
            mix: tuple[dict[str, float], ...] = (
                _as_mix(self.actions[0], solution.row_strategy),
                _as_mix(self.actions[1], solution.column_strategy),
            )
            return Prediction(pure, dominant, mix, "optimal mixed strategy", solution.value)
        survivors = _undominated(game)
        if all(len(s) == 1 for s in survivors):
            mix = tuple({self.actions[r][s[0]]: 1.0} for r, s in enumerate(survivors))
            return Prediction(pure, dominant, mix, "dominance")
        if all(d is not None for d in dominant):
            # A weakly dominant action for every role: never worse, whatever the others do.
            return Prediction(pure, dominant, tuple({d: 1.0} for d in dominant if d), "dominance")
        if self.payoffs.shape[1:] == (2, 2) and len(pure) != 1:
            # No pure equilibrium, or two (a chicken or coordination game): the mixed one treats
            # both roles alike, which is what a stand-in for an unknown student should do.
            mixed = _mixed_2x2(self)
            if mixed is not None:
                return Prediction(pure, dominant, mixed, "mixed equilibrium")
        if pure:
            mix = tuple({a: 1.0} for a in pure[0])
            return Prediction(pure, dominant, mix, "pure equilibrium")
        uniform = tuple({a: 1 / len(acts) for a in acts} for acts in self.actions)
        return Prediction(pure, dominant, uniform, "uniform")


def _as_mix(actions: Sequence[str], probabilities: np.ndarray) -> dict[str, float]:
    kept = {a: float(p) for a, p in zip(actions, probabilities, strict=True) if p > MIX_TOL}
    total = sum(kept.values())
    return {a: p / total for a, p in kept.items()}


def _undominated(game: Game) -> list[list[int]]:
    """Iterated removal of strictly dominated actions; the surviving action indices per role."""
    alive = [list(range(n)) for n in game.shape]
    changed = True
    while changed:
        changed = False
        for r in range(game.n_players):
            others = [alive[k] for k in range(game.n_players) if k != r]
            for a in list(alive[r]):
                for b in alive[r]:
                    if a == b:
                        continue
                    if all(
                        game.payoffs[r][_cell(r, b, rest)]
                        > game.payoffs[r][_cell(r, a, rest)] + game.tol
                        for rest in itertools.product(*others)
                    ):
                        alive[r].remove(a)
                        changed = True
                        break
    return alive


def _cell(role: int, action: int, rest: tuple[int, ...]) -> tuple[int, ...]:
    return (*rest[:role], action, *rest[role:])


def _mixed_2x2(game: StageGame) -> tuple[dict[str, float], ...] | None:
    """The fully mixed equilibrium of a 2×2 game (each mixes to make the other indifferent)."""
    a, b = game.payoffs[0], game.payoffs[1]
    # Column player's probability q of its first action makes the row player indifferent.
    den_q = a[0, 0] - a[0, 1] - a[1, 0] + a[1, 1]
    den_p = b[0, 0] - b[1, 0] - b[0, 1] + b[1, 1]
    if abs(den_q) < 1e-12 or abs(den_p) < 1e-12:
        return None
    q = (a[1, 1] - a[0, 1]) / den_q
    p = (b[1, 1] - b[1, 0]) / den_p
    if not (MIX_TOL < p < 1 - MIX_TOL and MIX_TOL < q < 1 - MIX_TOL):
        return None
    first, second = game.actions
    p, q = float(p), float(q)
    return ({first[0]: p, first[1]: 1 - p}, {second[0]: q, second[1]: 1 - q})


# -- presets -----------------------------------------------------------------------------------


def territory_game(
    key: str,
    presences: dict[str, Sequence[str]],
    territory: str,
    full: bool,
    payoff: str = "presences",
    weight: float = 2.0,
) -> StageGame:
    """The relations game of the powers alone in one territory (phases 4-5 by the rules core).

    Each power's action is the set of the others it declares war on (``"alliance"`` for none).
    """
    # The position's powers in its own order (GameState sorts them): no board needed yet.
    powers = sort_powers(presences)
    choices = [_war_choices(p, powers) for p in powers]
    actions = tuple(tuple(c) for c in choices)

    def make_payoffs() -> np.ndarray:
        # On first use (see the imports at the top and StageGame).
        import numpy as np

        from tabletop.analysis.africa_diplomacy import core_payoffs
        from tabletop.analysis.examples import africa_position

        after = africa_position(presences, full=[territory] if full else [])
        assert tuple(after.state.powers) == powers, (after.state.powers, powers)
        payoffs = np.zeros((len(powers), *(len(a) for a in actions)))
        for cell in itertools.product(*(range(len(a)) for a in actions)):
            wars = [
                (power, enemy)
                for power, options, k in zip(powers, choices, cell, strict=True)
                for enemy in options[actions[powers.index(power)][k]]
            ]
            values = core_payoffs(after, Relations(wars), weight=weight, payoff=payoff)
            for r, power in enumerate(powers):
                payoffs[(r,) + cell] = values[power]
        payoffs.setflags(write=False)
        return payoffs

    return StageGame(key, powers, actions, make_payoffs)


def _war_choices(power: str, powers: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """A power's actions (label -> the powers it declares war on), alliance with all first."""
    others = [p for p in powers if p != power]
    if len(others) == 1:
        return {ALLIANCE: (), WAR: (others[0],)}
    choices: dict[str, tuple[str, ...]] = {ALLIANCE: ()}
    for size in range(1, len(others) + 1):
        for enemies in itertools.combinations(others, size):
            choices[f"{WAR}: {', '.join(enemies)}"] = enemies
    return choices


def massai_attack_game(
    key: str, light: Sequence[str], dark: Sequence[str], guard_table: Sequence[int]
) -> StageGame:
    """The Massai attack (light attacks dark) as a zero-sum game: targets against guard sets."""
    # On first use (see the imports at the top).
    import numpy as np

    from tabletop.analysis.examples import massai_position
    from tabletop.analysis.massai_attack import attack_game

    state = massai_position(light, dark, guard_table=tuple(guard_table))
    solved = attack_game(state)
    guard_labels = tuple(" + ".join(s) if s else "no guard" for s in solved.guard_sets)
    matrix = np.asarray(solved.matrix, dtype=float)
    payoffs = np.stack([matrix, -matrix])
    payoffs.setflags(write=False)
    return StageGame(
        key,
        ("attacker", "defender"),
        (solved.targets, guard_labels),
        lambda: payoffs,  # solving the game gave its actions: the payoffs come with them
        zero_sum=True,
    )


_EGYPT: dict[str, Sequence[str]] = {"France": ["Egypt"], "Great Britain": ["Egypt"]}
_CONGO: dict[str, Sequence[str]] = {"Belgium": ["Congo"], "France": ["Congo"], "Germany": ["Congo"]}
_TWO_HUTS = (["c2", "c3"], ["c4", "d4", "e4", "e5"])
_THREE_HUTS = (["c2", "c3", "d3"], ["c4", "d4", "e4", "d5", "e5"])

#: Preset key -> what it is (English; the teacher's menu translates it).
PRESETS: dict[str, str] = {
    "africa-two": "Two powers in Egypt, not full (presences kept)",
    "africa-two-full": "Two powers in a full Egypt (presences kept, a colony counts 2)",
    "africa-two-full-score": "Two powers in a full Egypt (game score)",
    "africa-three-full": "Three powers in a full Congo (presences kept, a colony counts 2)",
    "massai-two-huts": "Massai attack: two attackable huts, default guard table",
    "massai-three-huts": "Massai attack: three attackable huts, default guard table",
}


@functools.cache
def preset(key: str) -> StageGame:
    """The stage game of a preset of :data:`PRESETS` (built once: it is immutable)."""
    if key == "africa-two":
        return territory_game(key, _EGYPT, "Egypt", full=False)
    if key == "africa-two-full":
        return territory_game(key, _EGYPT, "Egypt", full=True)
    if key == "africa-two-full-score":
        return territory_game(key, _EGYPT, "Egypt", full=True, payoff="score")
    if key == "africa-three-full":
        return territory_game(key, _CONGO, "Congo", full=True)
    if key == "massai-two-huts":
        return massai_attack_game(key, *_TWO_HUTS, guard_table=(0, 0, 1, 2, 3, 4))
    if key == "massai-three-huts":
        return massai_attack_game(key, *_THREE_HUTS, guard_table=(0, 0, 1, 2, 3, 4))
    raise ClassGameError(f"unknown class game {key!r}: choose one of {', '.join(PRESETS)}")
