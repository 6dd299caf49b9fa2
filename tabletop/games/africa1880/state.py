"""The immutable state of an Africa 1880 game, its rule options, the diplomatic grid and the setup.

A :class:`GameState` is a value: resolving a round builds a new one and never changes the old one,
so a game's history is just a list of states. The board itself is not stored in the state, only its
name (``"default"`` or a file path); functions that need the map take a
:class:`~tabletop.games.africa1880.board.Board` argument.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

import numpy as np

from tabletop.games.africa1880.board import Board, UnknownTerritory, normalize_name
from tabletop.games.enums import TextEnum

POWERS: tuple[str, ...] = ("Belgium", "France", "Germany", "Great Britain", "Italy", "Netherlands")
"""The six colonial powers, in the alphabetical order used wherever an order must be fixed."""

POWER_NAMES_FR: dict[str, str] = {
    "Belgium": "Belgique",
    "France": "France",
    "Germany": "Allemagne",
    "Great Britain": "Grande-Bretagne",
    "Italy": "Italie",
    "Netherlands": "Pays-Bas",
}

POWER_NAMES_DE: dict[str, str] = {
    "Belgium": "Belgien",
    "France": "Frankreich",
    "Germany": "Deutschland",
    "Great Britain": "Großbritannien",
    "Italy": "Italien",
    "Netherlands": "Niederlande",
}

# Other spellings people write on a sheet; matched after normalize_name (case, accents, hyphens).
_POWER_ALIASES: dict[str, tuple[str, ...]] = {
    "Belgium": ("Belgique",),
    "France": (),
    "Germany": ("Allemagne",),
    "Great Britain": (
        "Britain",
        "Grande-Bretagne",
        "Angleterre",
        "England",
        "United Kingdom",
        "Royaume-Uni",
        "UK",
        "GB",
        "Grossbritannien",  # the German name typed without ß (Swiss spelling, plain keyboards)
        "Britannien",
        "Vereinigtes Königreich",
    ),
    "Italy": ("Italie",),
    "Netherlands": (
        "The Netherlands",
        "Pays-Bas",
        "Les Pays-Bas",
        "Holland",
        "Hollande",
        "die Niederlande",
    ),
}

_POWER_NAMES: dict[str, dict[str, str]] = {"fr": POWER_NAMES_FR, "de": POWER_NAMES_DE}

#: Every spelling of a power that :func:`lookup_power` accepts, normalised -> the power.
POWER_SPELLINGS: dict[str, str] = {}
for _power in POWERS:
    for _spelling in (
        _power,
        POWER_NAMES_FR[_power],
        POWER_NAMES_DE[_power],
        *_POWER_ALIASES[_power],
    ):
        POWER_SPELLINGS[normalize_name(_spelling)] = _power


@functools.lru_cache(maxsize=8192)
def name_key(text: str) -> str:
    """:func:`normalize_name`, remembered: the same few names are compared over and over."""
    return normalize_name(text)


POWER_ORDER: dict[str, int] = {power: index for index, power in enumerate(POWERS)}
POWER_BITS: dict[str, int] = {power: 1 << index for index, power in enumerate(POWERS)}


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


class LandingCheck(TextEnum):
    """Option ``landing_check``: when a landing target must be empty of any presence."""

    #: Empty at the start of the round; two powers landing on one empty territory both land.
    START_OF_ROUND = "start_of_round"
    #: Empty when the sheet is read (sheets read in ``reading_order``, after all explorations).
    READING_ORDER = "reading_order"


class Scoring(TextEnum):
    """Option ``scoring``: points (colonies alone 8, shared 3, alliance 1) or colony counts."""

    POINTS = "points"
    COLONIES = "colonies"


class Start(TextEnum):
    """Option ``start``: historical starts from the board file or free coastal placement."""

    HISTORICAL = "historical"
    FREE = "free"


class Relation(TextEnum):
    """One side of a diplomatic token: a declaration toward one other power."""

    ALLIANCE = "alliance"
    WAR = "war"


LANDING_CHECKS: tuple[LandingCheck, ...] = tuple(LandingCheck)
SCORINGS: tuple[Scoring, ...] = tuple(Scoring)
STARTS: tuple[Start, ...] = tuple(Start)
MIN_POWERS, MAX_POWERS = 3, 6


class UnknownPower(ValueError):
    """A power name that matches none of the six powers (English, French or a known alias)."""

    def __init__(self, text: str, suggestion: str | None = None) -> None:
        self.text = text
        self.suggestion = suggestion
        hint = f"; did you mean {suggestion}?" if suggestion else ""
        super().__init__(f'unknown power "{text}"{hint}')


class StateError(ValueError):
    """A game state or option set that breaks the rules; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def lookup_power(text: str) -> str:
    """Return the canonical English name of a power written in English, French or German (or a
    known alias), whatever the case and accents.

    >>> lookup_power("grande-bretagne"), lookup_power("GROSSBRITANNIEN"), lookup_power("Belgien")
    ('Great Britain', 'Great Britain', 'Belgium')
    """
    key = name_key(str(text))
    if key in POWER_SPELLINGS:
        return POWER_SPELLINGS[key]
    close = difflib.get_close_matches(key, list(POWER_SPELLINGS), n=1, cutoff=0.6)
    raise UnknownPower(str(text).strip(), POWER_SPELLINGS[close[0]] if close else None)


def power_name(power: str, lang: str = "en") -> str:
    """The name of a power in the interface language (``"en"``, ``"fr"`` or ``"de"``); a name
    or language it does not know is returned as given.

    >>> power_name("Germany", "fr"), power_name("Great Britain", "de"), power_name("Italy")
    ('Allemagne', 'Großbritannien', 'Italy')
    """
    names = _POWER_NAMES.get(lang)
    return names.get(power, power) if names is not None else power


def sort_powers(powers: Iterable[str]) -> tuple[str, ...]:
    """Powers in the fixed alphabetical order of :data:`POWERS` (unknown names last)."""
    return tuple(sorted(powers, key=lambda p: (POWER_ORDER.get(p, len(POWERS)), p)))


class FrozenMap(Mapping):
    """A small immutable, hashable mapping (states are values and may be cached or compared)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping | Iterable = ()) -> None:
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple:
        return (FrozenMap, (self._data,))


class Relations:
    """The diplomatic grid of one round: who declared war on whom; every other relation is alliance.

    ``relations.war(a, b)`` is true when *a* declared war on *b* (the cannon side of *a*'s token in
    *b*'s embassy). Relations are directed: *a* may be at war with *b* while *b* allies *a*.
    """

    __slots__ = ("wars", "_hash", "_attackers", "_array")

    def __init__(self, wars: Iterable[tuple[str, str]] = ()) -> None:
        self.wars: frozenset[tuple[str, str]] = frozenset((a, b) for a, b in wars if a != b)
        self._hash = hash(self.wars)
        self._attackers: dict[str, int] | None = None
        self._array: np.ndarray | None = None

    def attackers(self) -> dict[str, int]:
        """``{power: bit mask of the powers that declared war on it}`` (bits: :data:`POWER_BITS`).

        Computed once per grid; it lets conflict resolution count wars with one ``&``.
        """
        if self._attackers is None:
            masks: dict[str, int] = {}
            for declarer, toward in self.wars:
                masks[toward] = masks.get(toward, 0) | POWER_BITS.get(declarer, 0)
            self._attackers = masks
        return self._attackers

    def attacker_masks(self) -> list[int]:
        """:meth:`attackers` as a list indexed like :data:`POWERS`."""
        masks = self.attackers()
        return [masks.get(power, 0) for power in POWERS]

    def attacker_array(self) -> np.ndarray:
        """:meth:`attacker_masks` as a numpy array, computed once per grid."""
        if self._array is None:
            self._array = np.array(self.attacker_masks(), dtype=np.int64)
        return self._array

    def war(self, declarer: str, toward: str) -> bool:
        """True when ``declarer`` declared war on ``toward`` this round."""
        return (declarer, toward) in self.wars

    def alliance(self, declarer: str, toward: str) -> bool:
        """True when ``declarer`` declared (or defaulted to) alliance with ``toward``."""
        return (declarer, toward) not in self.wars

    def __getitem__(self, pair: tuple[str, str]) -> Relation:
        return Relation.WAR if pair in self.wars else Relation.ALLIANCE

    def get(self, pair: tuple[str, str], default: str = "alliance") -> Relation:
        return self[pair]

    def declared_by(self, power: str) -> frozenset[str]:
        """The powers on which ``power`` declared war."""
        return frozenset(b for a, b in self.wars if a == power)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Relations) and self.wars == other.wars

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Relations(wars={sorted(self.wars)!r})"

    def __reduce__(self) -> tuple:
        return (Relations, (tuple(self.wars),))

    def to_dict(self) -> dict[str, list[str]]:
        """``{declarer: [powers it declared war on]}``, only declarers with at least one war."""
        out: dict[str, list[str]] = {}
        for declarer, toward in self.wars:
            out.setdefault(declarer, []).append(toward)
        return {p: list(sort_powers(out[p])) for p in sort_powers(out)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Iterable[str]]) -> Relations:
        """Inverse of :meth:`to_dict`; names may be written in English, French or German."""
        return cls(
            (lookup_power(declarer), lookup_power(toward))
            for declarer, targets in data.items()
            for toward in targets
        )

    @classmethod
    def coerce(cls, value: object) -> Relations:
        """Accept Relations, war pairs, ``{(a, b): "war"|"alliance"}`` or ``{a: [wars]}``."""
        if isinstance(value, Relations):
            return value
        if value is None:
            return ALL_ALLIANCE
        if isinstance(value, Mapping):
            items = list(value.items())
            if all(isinstance(k, tuple) for k, _ in items):
                return cls(k for k, v in items if v == Relation.WAR)
            return cls.from_dict(value)
        return cls(cast(Iterable[tuple[str, str]], value))  # (declarer, toward) war pairs


ALL_ALLIANCE = Relations()
"""The grid at the start of a game: every token on the dove side."""


@dataclass(frozen=True)
class Options:
    """Rule options of a game; the defaults are the rules file's defaults.

    ``landing_check``: ``"start_of_round"`` (a landing target must be empty at the start of the
    round; two powers landing on one empty territory both land) or ``"reading_order"`` (after all
    explorations, landings are read power by power in ``reading_order`` and fail if any presence is
    there at that moment). ``scoring``: ``"points"`` or ``"colonies"``. ``start``: ``"historical"``
    or ``"free"``.
    """

    landing_check: LandingCheck = LandingCheck.START_OF_ROUND
    reading_order: tuple[str, ...] = ()
    scoring: Scoring = Scoring.POINTS
    start: Start = Start.HISTORICAL
    stock: int = 22
    total_pins: int = 88
    last_round: int = 8
    colony_limit: int = 21
    first_year: int = 1880
    years_per_round: int = 5
    points_colony_alone: int = 8
    points_colony_shared: int = 3
    points_alliance: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "reading_order", tuple(self.reading_order))
        # Plain strings (from files, the command line, widgets) become the enum members.
        for name, kind in (("landing_check", LandingCheck), ("scoring", Scoring), ("start", Start)):
            value = getattr(self, name)
            if isinstance(value, str) and value in kind._value2member_map_:
                object.__setattr__(self, name, kind(value))
        problems = self.problems()
        if problems:
            raise StateError(problems)

    def problems(self) -> list[str]:
        """Every inconsistency of these options, in plain words."""
        problems = []
        if self.landing_check not in LANDING_CHECKS:
            problems.append(
                f"options.landing_check must be one of {', '.join(LANDING_CHECKS)}, "
                f"not {self.landing_check!r}"
            )
        if self.scoring not in SCORINGS:
            problems.append(
                f"options.scoring must be one of {', '.join(SCORINGS)}, not {self.scoring!r}"
            )
        if self.start not in STARTS:
            problems.append(f"options.start must be one of {', '.join(STARTS)}, not {self.start!r}")
        for power in self.reading_order:
            if power not in POWER_ORDER:
                problems.append(f"options.reading_order: unknown power {power!r}")
        if len(set(self.reading_order)) != len(self.reading_order):
            problems.append("options.reading_order names a power twice")
        positive = ("stock", "total_pins", "last_round", "colony_limit", "years_per_round")
        for name in (
            *positive,
            "first_year",
            *(f.name for f in fields(self) if "points" in f.name),
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                problems.append(f"options.{name} must be an integer, not {value!r}")
            elif name in positive and value < 1:
                problems.append(f"options.{name} must be at least 1, not {value}")
        return problems

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["reading_order"] = list(self.reading_order)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Options from a mapping; missing keys take their defaults, unknown keys are refused."""
        if not isinstance(data, Mapping):
            raise StateError([f"options must be an object, not {type(data).__name__}"])
        known = {f.name for f in fields(cls)}
        problems = [f"options.{key}: unknown option" for key in data if key not in known]
        values = {k: v for k, v in data.items() if k in known}
        if "reading_order" in values:
            order = values["reading_order"]
            if not isinstance(order, (list, tuple)):
                problems.append("options.reading_order must be a list of powers")
                values.pop("reading_order")
            else:
                names = []
                for item in order:
                    try:
                        names.append(lookup_power(str(item)))
                    except UnknownPower as error:
                        problems.append(f"options.reading_order: {error}")
                values["reading_order"] = tuple(names)
        try:
            options = cls(**values)
        except StateError as error:
            problems.extend(error.problems)
        if problems:
            raise StateError(problems)
        return options


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


def state_from_dict(data: Any, prefix: str = "") -> GameState:
    """Check and convert a state object read from JSON; see :meth:`GameState.from_dict`."""
    if not isinstance(data, Mapping):
        raise StateError([f"{prefix or 'the state'} must be an object, not {type(data).__name__}"])
    p = f"{prefix}." if prefix else ""
    problems = [f"{p}{key}: unknown key" for key in data if key not in STATE_KEYS]
    presences_raw = data.get("presences", {})
    presences: dict[str, set[str]] = {}
    if not isinstance(presences_raw, Mapping):
        problems.append(f"{p}presences must be an object (power -> list of territories)")
        presences_raw = {}
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
    if "powers" in data:
        powers = _power_list(data["powers"], f"{p}powers", problems)
        if len(set(powers)) != len(powers):
            problems.append(f"{p}powers names a power twice")
    else:
        powers = list(presences) or list(POWERS)
    development_raw = data.get("development", {})
    development: dict[str, int] = {}
    if not isinstance(development_raw, Mapping):
        problems.append(f"{p}development must be an object (territory -> pins)")
    else:
        for territory, pins in development_raw.items():
            if not isinstance(pins, int) or isinstance(pins, bool) or pins < 0:
                problems.append(f"{p}development.{territory} must be a whole number >= 0")
            else:
                development[str(territory)] = pins
    colonies_raw = data.get("colonies", [])
    if not isinstance(colonies_raw, (list, tuple)) or not all(
        isinstance(c, str) for c in colonies_raw
    ):
        problems.append(f"{p}colonies must be a list of territory names")
        colonies_raw = []
    round_ = data.get("round", 1)
    if not isinstance(round_, int) or isinstance(round_, bool):
        problems.append(f"{p}round must be a whole number, not {round_!r}")
        round_ = 1
    board = data.get("board", "default")
    if not isinstance(board, str) or not board:
        problems.append(f'{p}board must be "default" or a board file path')
        board = "default"
    options = Options()
    if "options" in data:
        try:
            options = Options.from_dict(data["options"])
        except StateError as error:
            problems.extend(f"{p}{problem}" for problem in error.problems)
    last_relations = None
    raw_relations = data.get("last_relations")
    if raw_relations is not None:
        if not isinstance(raw_relations, Mapping):
            problems.append(f"{p}last_relations must be an object (power -> list of wars) or null")
        else:
            wars = []
            for declarer, targets in raw_relations.items():
                try:
                    declarer_name = lookup_power(str(declarer))
                except UnknownPower as error:
                    problems.append(f"{p}last_relations: {error}")
                    continue
                for toward in _power_list(targets, f"{p}last_relations.{declarer}", problems):
                    wars.append((declarer_name, toward))
            last_relations = Relations(wars)
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
            colonies=frozenset(colonies_raw),
            round=round_,
            board=board,
            options=options,
            last_relations=last_relations,
            game_over=game_over,
        )
    except StateError as error:
        raise StateError(f"{p}{problem}" if p else problem for problem in error.problems) from None


def board_problems(state: GameState, board: Board) -> list[str]:
    """Every way ``state`` does not fit ``board`` (unknown names, too many pins, bare colonies)."""
    problems = []
    for power in state.powers:
        for territory in sorted(state.presences[power]):
            if territory not in board.territories:
                problems.append(f"presences.{power}: {_unknown(board, territory)}")
    for territory, pins in sorted(state.development.items()):
        if territory not in board.territories:
            problems.append(f"development: {_unknown(board, territory)}")
        elif pins > board.territories[territory].spaces:
            spaces = board.territories[territory].spaces
            problems.append(f"development.{territory}: {pins} pins but only {spaces} spaces")
    occupied = state.occupancy()
    for colony in sorted(state.colonies):
        if colony not in board.territories:
            problems.append(f"colonies: {_unknown(board, colony)}")
            continue
        if state.pins(colony) != board.territories[colony].spaces:
            problems.append(
                f"colonies: {colony} has {state.pins(colony)} of "
                f"{board.territories[colony].spaces} pins; "
                "a colony has all its development spaces filled"
            )
        if colony not in occupied:
            problems.append(f"colonies: {colony} has no presence; a colony always has one")
    return problems


def _unknown(board: Board, name: str) -> str:
    try:
        canonical = board.lookup(name)
    except UnknownTerritory as error:
        return str(error)
    return f'"{name}" must be written with its canonical name "{canonical}"'


def with_canonical_names(state: GameState, board: Board) -> GameState:
    """``state`` with territories under their canonical names (``"Algérie"`` -> ``"Algeria"``).

    Only exact spellings the board knows (aliases, case, accents) are translated; unknown names are
    left as they are for :func:`board_problems` to report. Two spellings of one territory in the
    same list raise :class:`StateError`.
    """

    def canonical(name: str) -> str:
        if name in board.territories or name not in board:
            return name
        return board.lookup(name)

    problems = []
    presences = {}
    for power, territories in state.presences.items():
        presences[power] = frozenset(canonical(t) for t in territories)
        if len(presences[power]) != len(territories):
            problems.append(f"presences.{power} names one territory twice (under two spellings)")
    development: dict[str, int] = {}
    for territory, pins in state.development.items():
        key = canonical(territory)
        if key in development:
            problems.append(f"development gives {key} twice (under two spellings)")
        development[key] = pins
    if len({canonical(c) for c in state.colonies}) != len(state.colonies):
        problems.append("colonies names one territory twice (under two spellings)")
    if problems:
        raise StateError(problems)
    changed = (
        presences != dict(state.presences)
        or development != dict(state.development)
        or any(canonical(c) != c for c in state.colonies)
    )
    if not changed:
        return state
    return replace(
        state,
        presences=presences,
        development=development,
        colonies=frozenset(canonical(c) for c in state.colonies),
    )


def check_state(state: GameState, board: Board) -> GameState:
    """Return ``state`` if it fits ``board``; else raise :class:`StateError` with every problem."""
    problems = board_problems(state, board)
    if problems:
        raise StateError(problems)
    return state


def new_game(
    powers: Iterable[str],
    board: Board,
    start: Start | str = Start.HISTORICAL,
    placements: Mapping[str, str] | None = None,
    options: Options | None = None,
    board_name: str | None = None,
) -> GameState:
    """Set up a new game of 3 to 6 powers.

    ``start="historical"`` puts each power on its historical start from the board file;
    ``start="free"`` needs ``placements`` (power -> coastal territory, one distinct territory per
    power, as when players place their first presence in turn). Names may be written in English or
    French, any case. Every diplomatic token starts on alliance. Raises :class:`StateError` listing
    every problem.
    """
    problems: list[str] = []
    names: list[str] = []
    for text in powers:
        try:
            names.append(lookup_power(text))
        except UnknownPower as error:
            problems.append(str(error))
    if len(set(names)) != len(names):
        problems.append("a power is listed twice")
    if not problems and not MIN_POWERS <= len(names) <= MAX_POWERS:
        problems.append(f"a game has {MIN_POWERS} to {MAX_POWERS} powers, not {len(names)}")
    if start in STARTS:
        start = Start(start)
        options = replace(options or Options(), start=start)
    else:
        problems.append(f"start must be one of {', '.join(STARTS)}, not {start!r}")
    starts: dict[str, str] = {}
    if start is Start.HISTORICAL:
        if placements:
            problems.append("placements are only for a free start")
        for power in names:
            if power not in board.historical_starts:
                problems.append(f"the board gives no historical start for {power}")
            else:
                starts[power] = board.historical_starts[power]
    elif start is Start.FREE:
        given: dict[str, str] = {}
        for key, territory in (placements or {}).items():
            try:
                power = lookup_power(key)
            except UnknownPower as error:
                problems.append(str(error))
                continue
            if power not in names:
                problems.append(f"{power} is not one of the game's powers")
                continue
            try:
                given[power] = board.lookup(territory)
            except UnknownTerritory as error:
                problems.append(f"{power}: {error}")
        for power in names:
            if power not in given:
                problems.append(f"a free start needs a coastal territory for {power}")
        taken: dict[str, str] = {}
        for power in sort_powers(given):
            territory = given[power]
            if not board[territory].coastal:
                problems.append(f"{power}: {territory} is not coastal")
            if territory in taken:
                problems.append(
                    f"{power}: {territory} is already taken by {taken[territory]}; "
                    "each power starts on its own territory"
                )
            taken[territory] = power
        starts = given
    if problems:
        raise StateError(problems)
    state = GameState(
        powers=tuple(names),
        presences={power: frozenset({starts[power]}) for power in names},
        board=board_name if board_name is not None else board.source,
        options=options or Options(),
    )
    return check_state(state, board)
