"""The immutable state of an Africa 1880 game, and how it is read from a game file.

A :class:`GameState` is a value: resolving a round builds a new one and never changes the old one,
so a game's history is just a list of states. The board itself is not stored in the state, only its
name (``"default"`` or a file path); functions that need the map take a
:class:`~tabletop.games.africa1880.board.Board` argument.

This module holds the state (:class:`GameState`, :class:`Phase`) and its reading from JSON
(:func:`state_from_dict`, every problem reported at once with its path). The pieces a state is made
of have modules of their own, each imported from there:
:mod:`~tabletop.games.africa1880.powers` (names and order of the powers),
:mod:`~tabletop.games.africa1880.options` (rule options, :class:`StateError`),
:mod:`~tabletop.games.africa1880.relations` (the diplomatic grid),
:mod:`~tabletop.games.africa1880.frozen_map` (:class:`FrozenMap`) and
:mod:`~tabletop.games.africa1880.board_fit` (a state against its board); a new game is
:func:`~tabletop.games.africa1880.setup.new_game`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.options import (
    Options,
    StateError,
)
from tabletop.games.africa1880.powers import (
    MAX_POWERS,
    POWER_ORDER,
    POWERS,
    UnknownPower,
    lookup_power,
    name_key,
    sort_powers,
)
from tabletop.games.africa1880.relations import Relations
from tabletop.games.enums import TextEnum

__all__ = [
    "GameState",
    "Phase",
    "STATE_KEYS",
    "state_from_dict",
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


def _power_problems(powers: tuple[str, ...], presences: Mapping[str, Iterable[str]]) -> list[str]:
    """What is wrong with the list of powers, and presences of powers not in it."""
    problems = []
    unknown = [p for p in powers if p not in POWER_ORDER]
    if unknown:
        problems.append(f"unknown powers: {', '.join(map(str, unknown))}")
    if len(set(powers)) != len(powers):
        problems.append("a power is listed twice")
    if not 1 <= len(powers) <= MAX_POWERS:
        problems.append(f"a game has 1 to {MAX_POWERS} powers, not {len(powers)}")
    extra = [p for p in presences if p not in powers]
    if extra:
        problems.append(f"presences of powers not in the game: {', '.join(map(str, extra))}")
    return problems


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
        problems = _power_problems(powers, self.presences)
        if problems:
            raise StateError(problems)
        self._freeze_fields()
        problems = self._count_problems()
        if problems:
            raise StateError(problems)

    def _freeze_fields(self) -> None:
        """Presences, development and colonies as immutable values (no zero pins kept)."""
        powers = self.powers
        if not isinstance(self.presences, FrozenMap) or set(self.presences) != set(powers):
            object.__setattr__(self, "presences", _as_frozen_presences(powers, self.presences))
        elif any(not isinstance(self.presences[p], frozenset) for p in powers):
            object.__setattr__(self, "presences", _as_frozen_presences(powers, self.presences))
        if not isinstance(self.development, FrozenMap) or any(
            v == 0 for v in self.development.values()
        ):
            object.__setattr__(
                self, "development", FrozenMap((t, n) for t, n in self.development.items() if n)
            )
        if not isinstance(self.colonies, frozenset):
            object.__setattr__(self, "colonies", frozenset(self.colonies))

    def _count_problems(self) -> list[str]:
        """Pawns, pins and the round against the options' limits."""
        problems = []
        for power in self.powers:
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
        return problems

    @classmethod
    def after_round(
        cls,
        before: GameState,
        presences: Mapping[str, frozenset[str]],
        development: Mapping[str, int],
        colonies: frozenset[str],
        last_relations: Relations,
        game_over: bool,
    ) -> GameState:
        """The state after a round the rules core has just resolved from ``before``, built
        without the checks of the constructor: only for the core, whose rules keep what they
        check (``presences`` a :class:`FrozenMap` of frozensets for ``before``'s powers,
        ``development`` a :class:`FrozenMap` without zeros, pawns and pins within the options).
        """
        state = object.__new__(cls)
        values = state.__dict__
        values["powers"] = before.powers
        values["presences"] = presences
        values["development"] = development
        values["colonies"] = colonies
        values["round"] = before.round if game_over else before.round + 1
        values["board"] = before.board
        values["options"] = before.options
        values["last_relations"] = last_relations
        values["game_over"] = game_over
        return state

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


# --------------------------------------------------------------------------- reading from JSON


STATE_KEYS = (
    "powers",
    "presences",
    "development",
    "colonies",
    "round",
    "board",
    "options",
    "last_relations",
    "game_over",
)


def _power_list(value: object, where: str, problems: list[str]) -> list[str]:
    if not isinstance(value, (list, tuple)):
        problems.append(f"{where} must be a list of power names, not {type(value).__name__}")
        return []
    if len(value) > len(POWERS):
        # Said at once: looking up (and suggesting a spelling for) each of thousands of names
        # would only bury this one problem under the others.
        problems.append(f"{where} lists {len(value)} powers (there are {len(POWERS)})")
        return []
    out = []
    for index, item in enumerate(value):
        if not isinstance(item, str):
            problems.append(f"{where}[{index}] must be a power name, not {item!r}")
            continue
        try:
            out.append(lookup_power(item))
        except UnknownPower as error:
            problems.append(f"{where}[{index}]: {error}")
    return out


def _read_presences(data: Mapping[str, Any], p: str, problems: list[str]) -> dict[str, set[str]]:
    presences_raw = data.get("presences", {})
    presences: dict[str, set[str]] = {}
    if not isinstance(presences_raw, Mapping):
        problems.append(f"{p}presences must be an object (power -> list of territories)")
        return presences
    for key, territories in presences_raw.items():
        try:
            power = lookup_power(str(key))
        except UnknownPower as error:
            problems.append(f"{p}presences: {error}")
            continue
        if power in presences:
            problems.append(f"{p}presences: {power} is listed twice")
        if not isinstance(territories, (list, tuple)) or not all(
            isinstance(t, str) for t in territories
        ):
            problems.append(f"{p}presences.{key} must be a list of territory names")
            continue
        if len(set(territories)) != len(territories):
            problems.append(f"{p}presences.{key} names a territory twice")
        presences[power] = set(territories)
    return presences


def _read_powers(
    data: Mapping[str, Any], presences: Mapping[str, object], p: str, problems: list[str]
) -> list[str]:
    """The powers listed, or those with presences, or all six."""
    if "powers" not in data:
        return list(presences) or list(POWERS)
    powers = _power_list(data["powers"], f"{p}powers", problems)
    if len(set(powers)) != len(powers):
        problems.append(f"{p}powers names a power twice")
    return powers


def _read_development(data: Mapping[str, Any], p: str, problems: list[str]) -> dict[str, int]:
    development_raw = data.get("development", {})
    development: dict[str, int] = {}
    if not isinstance(development_raw, Mapping):
        problems.append(f"{p}development must be an object (territory -> pins)")
        return development
    for territory, pins in development_raw.items():
        if not isinstance(pins, int) or isinstance(pins, bool) or pins < 0:
            problems.append(f"{p}development.{territory} must be a whole number >= 0")
        else:
            development[str(territory)] = pins
    return development


def _read_colonies(data: Mapping[str, Any], p: str, problems: list[str]) -> frozenset[str]:
    colonies_raw = data.get("colonies", [])
    if not isinstance(colonies_raw, (list, tuple)) or not all(
        isinstance(c, str) for c in colonies_raw
    ):
        problems.append(f"{p}colonies must be a list of territory names")
        return frozenset()
    return frozenset(colonies_raw)


def _read_round_and_board(data: Mapping[str, Any], p: str, problems: list[str]) -> tuple[int, str]:
    round_ = data.get("round", 1)
    if not isinstance(round_, int) or isinstance(round_, bool):
        problems.append(f"{p}round must be a whole number, not {round_!r}")
        round_ = 1
    board = data.get("board", "default")
    if not isinstance(board, str) or not board:
        problems.append(f'{p}board must be "default" or a board file path')
        board = "default"
    return round_, board


def _read_options(data: Mapping[str, Any], p: str, problems: list[str]) -> Options:
    if "options" not in data:
        return Options()
    try:
        return Options.from_dict(data["options"])
    except StateError as error:
        problems.extend(f"{p}{problem}" for problem in error.problems)
        return Options()


def _read_last_relations(data: Mapping[str, Any], p: str, problems: list[str]) -> Relations | None:
    raw_relations = data.get("last_relations")
    if raw_relations is None:
        return None
    if not isinstance(raw_relations, Mapping):
        problems.append(f"{p}last_relations must be an object (power -> list of wars) or null")
        return None
    wars = []
    for declarer, targets in raw_relations.items():
        try:
            declarer_name = lookup_power(str(declarer))
        except UnknownPower as error:
            problems.append(f"{p}last_relations: {error}")
            continue
        for toward in _power_list(targets, f"{p}last_relations.{declarer}", problems):
            wars.append((declarer_name, toward))
    return Relations(wars)


def state_from_dict(data: Any, prefix: str = "") -> GameState:
    """Check and convert a state object read from JSON; see :meth:`GameState.from_dict`."""
    if not isinstance(data, Mapping):
        raise StateError([f"{prefix or 'the state'} must be an object, not {type(data).__name__}"])
    p = f"{prefix}." if prefix else ""
    problems = [f"{p}{key}: unknown key" for key in data if key not in STATE_KEYS]
    presences = _read_presences(data, p, problems)
    powers = _read_powers(data, presences, p, problems)
    development = _read_development(data, p, problems)
    colonies = _read_colonies(data, p, problems)
    round_, board = _read_round_and_board(data, p, problems)
    options = _read_options(data, p, problems)
    last_relations = _read_last_relations(data, p, problems)
    game_over = data.get("game_over", False)
    if not isinstance(game_over, bool):
        problems.append(f"{p}game_over must be true or false")
        game_over = False
    if problems:
        raise StateError(problems)
    try:
        return GameState(
            powers=tuple(powers),
            presences={k: frozenset(v) for k, v in presences.items()},
            development=development,
            colonies=colonies,
            round=round_,
            board=board,
            options=options,
            last_relations=last_relations,
            game_over=game_over,
        )
    except StateError as error:
        raise StateError(f"{p}{problem}" if p else problem for problem in error.problems) from None
