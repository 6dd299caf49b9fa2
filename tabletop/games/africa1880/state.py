"""The immutable state of an Africa 1880 game, and how it is read from a game file.

A :class:`GameState` is a value: resolving a round builds a new one and never changes the old one,
so a game's history is just a list of states. The board itself is not stored in the state, only its
name (``"default"`` or a file path); functions that need the map take a
:class:`~tabletop.games.africa1880.board.Board` argument.

The pieces a state is made of have modules of their own, all re-exported here:
:mod:`~tabletop.games.africa1880.powers` (names and order of the powers),
:mod:`~tabletop.games.africa1880.options` (rule options, :class:`StateError`),
:mod:`~tabletop.games.africa1880.relations` (the diplomatic grid),
:mod:`~tabletop.games.africa1880.board_fit` (a state against its board),
:mod:`~tabletop.games.africa1880.frozen_map` (:class:`FrozenMap`),
:mod:`~tabletop.games.africa1880.state_reading` (:func:`state_from_dict`, a state read from
JSON) and :mod:`~tabletop.games.africa1880.setup` (:func:`new_game`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.board import normalize_name as normalize_name  # pages import it here
from tabletop.games.africa1880.board_fit import board_problems, check_state, with_canonical_names
from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.options import (
    LANDING_CHECKS,
    SCORINGS,
    STARTS,
    LandingCheck,
    Options,
    Scoring,
    Start,
    StateError,
)
from tabletop.games.africa1880.powers import (
    MAX_POWERS,
    MIN_POWERS,
    POWER_BITS,
    POWER_NAMES_DE,
    POWER_NAMES_FR,
    POWER_ORDER,
    POWER_SPELLINGS,
    POWERS,
    UnknownPower,
    lookup_power,
    name_key,
    power_name,
    sort_powers,
)
from tabletop.games.africa1880.relations import ALL_ALLIANCE, Relation, Relations
from tabletop.games.enums import TextEnum

# What this module offers (the powers, options and grid live in their own modules; the
# checks against a board, the reading from JSON and the setup too, the last two imported at
# the end).
__all__ = [
    "ALL_ALLIANCE",
    "FrozenMap",
    "GameState",
    "LANDING_CHECKS",
    "LandingCheck",
    "MAX_POWERS",
    "MIN_POWERS",
    "Options",
    "POWERS",
    "POWER_BITS",
    "POWER_NAMES_DE",
    "POWER_NAMES_FR",
    "POWER_ORDER",
    "POWER_SPELLINGS",
    "Phase",
    "Relation",
    "Relations",
    "SCORINGS",
    "STARTS",
    "STATE_KEYS",
    "Scoring",
    "Start",
    "StateError",
    "UnknownPower",
    "board_problems",
    "check_state",
    "lookup_power",
    "name_key",
    "new_game",
    "power_name",
    "sort_powers",
    "state_from_dict",
    "with_canonical_names",
]


class Phase(TextEnum):
    """The five phases of a round, in the order they are played."""

    DIPLOMACY = "diplomacy"
    WRITING = "writing"
    EXECUTION = "execution"
    CONFLICTS = "conflicts"
    COLONIES = "colonies"

    @property
    def number(self) -> int:
        """1 to 5, as the rules number the phases.

        >>> Phase.CONFLICTS.number
        4
        """
        return list(Phase).index(self) + 1


def _as_frozen_presences(
    powers: tuple[str, ...], presences: Mapping[str, Iterable[str]]
) -> FrozenMap:
    return FrozenMap((p, frozenset(presences.get(p, ()))) for p in powers)


@dataclass(frozen=True)
class GameState:
    """One position of the game, between two rounds.

    ``round`` is the round to be played next (1 = 1880); once ``game_over`` is set it stays on the
    last round played. ``presences`` maps each power to the territories where it has a presence;
    ``development`` maps territories to their number of pins (territories without pins omitted).
    ``last_relations`` is the diplomatic grid of the last resolved round (``None`` before the
    first), used by the points scoring.
    """

    powers: tuple[str, ...]
    presences: Mapping[str, frozenset[str]] = field(default_factory=FrozenMap)
    development: Mapping[str, int] = field(default_factory=FrozenMap)
    colonies: frozenset[str] = frozenset()
    round: int = 1
    board: str = "default"
    options: Options = field(default_factory=Options)
    last_relations: Relations | None = None
    game_over: bool = False

    def __post_init__(self) -> None:
        powers = sort_powers(self.powers)
        object.__setattr__(self, "powers", powers)
        problems = []
        unknown = [p for p in powers if p not in POWER_ORDER]
        if unknown:
            problems.append(f"unknown powers: {', '.join(map(str, unknown))}")
        if len(set(powers)) != len(powers):
            problems.append("a power is listed twice")
        if not 1 <= len(powers) <= MAX_POWERS:
            problems.append(f"a game has 1 to {MAX_POWERS} powers, not {len(powers)}")
        extra = [p for p in self.presences if p not in powers]
        if extra:
            problems.append(f"presences of powers not in the game: {', '.join(map(str, extra))}")
        if problems:
            raise StateError(problems)
        if not isinstance(self.presences, FrozenMap) or set(self.presences) != set(powers):
            object.__setattr__(self, "presences", _as_frozen_presences(powers, self.presences))
        else:
            for p in powers:
                if not isinstance(self.presences[p], frozenset):
                    object.__setattr__(
                        self, "presences", _as_frozen_presences(powers, self.presences)
                    )
                    break
        if not isinstance(self.development, FrozenMap) or any(
            v == 0 for v in self.development.values()
        ):
            object.__setattr__(
                self, "development", FrozenMap((t, n) for t, n in self.development.items() if n)
            )
        if not isinstance(self.colonies, frozenset):
            object.__setattr__(self, "colonies", frozenset(self.colonies))
        for power in powers:
            if len(self.presences[power]) > self.options.stock:
                problems.append(
                    f"{power} has {len(self.presences[power])} presences, "
                    f"more than its {self.options.stock} pawns"
                )
        for territory, pins in self.development.items():
            if not isinstance(pins, int) or isinstance(pins, bool) or pins < 0:
                problems.append(f"development of {territory} must be a whole number >= 0")
        if not problems and sum(self.development.values()) > self.options.total_pins:
            problems.append(
                f"{sum(self.development.values())} development pins on the board, more than "
                f"the {self.options.total_pins} pins of the game"
            )
        if not isinstance(self.round, int) or not 1 <= self.round <= self.options.last_round:
            problems.append(f"round must be 1 to {self.options.last_round}, not {self.round!r}")
        if problems:
            raise StateError(problems)

    @property
    def year(self) -> int:
        """The calendar year of :attr:`round` (1880, 1885, ... 1915 with the default options)."""
        return self.options.first_year + self.options.years_per_round * (self.round - 1)

    def stock(self, power: str) -> int:
        """Presence pawns ``power`` still has off the board."""
        return self.options.stock - len(self.presences[power])

    def presences_in(self, territory: str) -> tuple[str, ...]:
        """The powers with a presence in ``territory``, in alphabetical order."""
        return tuple(p for p in self.powers if territory in self.presences[p])

    def pins(self, territory: str) -> int:
        """Development pins on ``territory``."""
        return self.development.get(territory, 0)

    def pins_used(self) -> int:
        """Development pins on the whole board."""
        return sum(self.development.values())

    def occupancy(self) -> dict[str, tuple[str, ...]]:
        """``{territory: powers present}`` for every occupied territory."""
        out: dict[str, list[str]] = {}
        for power in self.powers:
            for territory in self.presences[power]:
                out.setdefault(territory, []).append(power)
        return {t: tuple(ps) for t, ps in sorted(out.items())}

    def to_dict(self) -> dict[str, Any]:
        """The game-file form of the state (plain JSON types, sorted for stable files)."""
        return {
            "powers": list(self.powers),
            "presences": {p: sorted(self.presences[p], key=name_key) for p in self.powers},
            "development": {t: self.development[t] for t in sorted(self.development)},
            "colonies": sorted(self.colonies),
            "round": self.round,
            "board": self.board,
            "options": self.options.to_dict(),
            "last_relations": (
                None if self.last_relations is None else self.last_relations.to_dict()
            ),
            "game_over": self.game_over,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Inverse of :meth:`to_dict`; missing keys take their defaults (the minimal form).

        Raises :class:`StateError` listing every problem, with the path of each bad value.
        """
        return state_from_dict(data)


# Reading a state and the setup build on GameState above: imported last, so that
# ``from tabletop.games.africa1880.state import state_from_dict, new_game`` keeps working (the
# package imports this module before those modules).
from tabletop.games.africa1880.setup import new_game  # noqa: E402
from tabletop.games.africa1880.state_reading import STATE_KEYS, state_from_dict  # noqa: E402
