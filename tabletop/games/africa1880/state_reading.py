"""Reading a game state from its game-file form (JSON): every key checked, every problem
reported at once with the path of the bad value (see :meth:`GameState.from_dict`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.games.africa1880.options import Options, StateError
from tabletop.games.africa1880.powers import POWERS, UnknownPower, lookup_power
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.state import GameState

__all__ = ["STATE_KEYS", "state_from_dict"]


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
