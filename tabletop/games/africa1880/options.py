"""The rule options of a game (landing check, scoring, start and the numbers of the rules file),
and :class:`StateError`, the error of a state or option set that breaks the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from tabletop.games.africa1880.powers import POWER_ORDER, UnknownPower, lookup_power
from tabletop.games.enums import TextEnum


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


LANDING_CHECKS: tuple[LandingCheck, ...] = tuple(LandingCheck)
SCORINGS: tuple[Scoring, ...] = tuple(Scoring)
STARTS: tuple[Start, ...] = tuple(Start)


class StateError(ValueError):
    """A game state or option set that breaks the rules; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


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
