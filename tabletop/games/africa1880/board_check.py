"""A board file checked: its shape against the JSON Schema, then what a schema cannot say
(unique names, known and symmetric neighbours, spaces adding up, coastal historical starts),
every problem reported at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tabletop.fileio import (
    FileFormatError,
    bounded_message,
    check_json_value,
    load_schema,
    quote,
    schema_problems,
    schema_validator,
)
from tabletop.games.africa1880.board import BOARD_FORMAT, Board, BoardError, Territory
from tabletop.games.africa1880.board_names import closest_key, normalize_name

MIN_SPACES = 1
MAX_SPACES = 4

_DATA = Path(__file__).with_name("data")

# The six powers of the published game (state.POWERS holds the same names). A board file only
# names them in "historical_starts", where a misspelt power would otherwise be silently ignored.
_POWERS = ("Belgium", "France", "Germany", "Great Britain", "Italy", "Netherlands")

#: Languages a territory's display names may be given in ("names" in a board file).
LANGUAGES = ("en", "fr", "de")


SCHEMA_PATH = _DATA / "schemas" / "board.schema.json"
"""The JSON Schema (draft 2020-12) of board files, shipped in the package."""


@functools.lru_cache(maxsize=1)
def _validator() -> Any:
    return schema_validator(load_schema(SCHEMA_PATH))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _territory_label(data: dict[str, Any], index: object) -> str:
    raw = data.get("territories")
    if isinstance(raw, list) and isinstance(index, int) and index < len(raw):
        entry = raw[index]
        if isinstance(entry, dict):
            name = entry.get("name")
            if isinstance(name, str) and normalize_name(name[:200]):
                return bounded_message(name.strip(), 60)
    return f"territory #{index + 1 if isinstance(index, int) else index}"


def _describer(data: dict[str, Any]) -> Callable[[tuple[Any, ...]], tuple[str, str]]:
    """Names the value at a schema error's path the way a person reads a board file."""

    def describe(path: tuple[Any, ...]) -> tuple[str, str]:
        if len(path) >= 2 and path[0] == "territories":
            label = _territory_label(data, path[1])
            if len(path) == 2:
                return "", label
            inner = ".".join(bounded_message(str(step), 40) for step in path[2:4])
            return f"{label}: ", f'"{inner}"'
        if len(path) == 2 and path[0] == "historical_starts":
            return "", f"historical start of {bounded_message(str(path[1]), 40)}"
        if not path:
            return "", "the board"
        return "", quote(str(path[0]))

    return describe


def board_from_dict(data: object, source: str = "<data>") -> Board:
    """Check board data (as read from JSON) and build the :class:`Board`.

    The shape is checked against :data:`SCHEMA_PATH` (with ``jsonschema``); what a schema cannot
    say (names unique once normalised, known and symmetric neighbours, spaces adding up to the
    total, historical starts on coastal territories) is checked here. Every problem found is
    listed in one :class:`BoardError`.
    """
    try:
        check_json_value(data)
    except FileFormatError as error:
        raise BoardError([error.reason], source) from None
    return board_from_json_value(data, source)


def board_from_json_value(data: object, source: str) -> Board:
    """:func:`board_from_dict` for a value the JSON reader of :mod:`tabletop.fileio` gave, which
    ``check_json_value`` passed already (``parse_json_bytes`` does it while reading)."""
    if not isinstance(data, dict):
        raise BoardError(
            schema_problems(_validator(), data, lambda path: ("", "the board")), source
        )
    if "format" in data and data["format"] != BOARD_FORMAT:
        # A foreign file: listing its other differences would only bury the real reason.
        problems = schema_problems(
            _validator(),
            {"format": data["format"]},
            _describer(data),
            lambda path, _: path != ("format",),
        )
        raise BoardError(problems, source)
    problems = schema_problems(_validator(), data, _describer(data))

    raw_territories = data.get("territories")
    parsed: list[dict[str, Any]] = []
    if isinstance(raw_territories, list):
        parsed = [e for e in (_usable_territory(raw) for raw in raw_territories) if e is not None]
        _check_empty_names(data, raw_territories, problems)

    keys = _check_names(parsed, problems)
    territories = _check_neighbours(parsed, keys, problems)
    _check_total(data.get("total_spaces"), raw_territories, parsed, problems)
    starts = _check_starts(data.get("historical_starts", {}), parsed, keys, problems)

    if problems:
        raise BoardError(problems, source)
    return Board(data["name"], territories, starts, source)


def _check_empty_names(
    data: dict[str, Any], raw_territories: list[Any], problems: list[str]
) -> None:
    """Report names and aliases that are empty once normalised (only marks or spaces)."""
    for index, raw in enumerate(raw_territories):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            continue
        if not normalize_name(raw["name"]) and raw["name"]:  # an empty one is the schema's
            problems.append(
                f'territory #{index + 1}: "name" is empty; it must be a non-empty string'
            )
        aliases = raw.get("aliases")
        if isinstance(aliases, list):
            label = _territory_label(data, index)
            for alias in aliases:
                if isinstance(alias, str) and not normalize_name(alias):
                    problems.append(f"{label}: an alias is empty")


def _check_total(
    total: object, raw_territories: object, parsed: list[dict[str, Any]], problems: list[str]
) -> None:
    """Report territories' spaces that do not add up to ``total_spaces``.

    Only when every entry is readable, so a broken entry is not reported twice.
    """
    if not (
        _is_int(total)
        and isinstance(raw_territories, list)
        and len(parsed) == len(raw_territories)
        and all(_is_int(e["spaces"]) and MIN_SPACES <= e["spaces"] <= MAX_SPACES for e in parsed)
    ):
        return
    actual = sum(entry["spaces"] for entry in parsed)
    if actual != total:
        problems.append(
            f'the territories\' spaces add up to {actual}, but "total_spaces" is {total}'
        )


def _usable_territory(raw: object) -> dict[str, Any] | None:
    """An entry's fields for the checks between territories, or None without a usable name.

    Bad fields were reported by the schema; here they only take harmless values.
    """
    if not isinstance(raw, dict):
        return None
    name = raw.get("name")
    if not isinstance(name, str) or len(name) > 100 or not normalize_name(name):
        return None

    def strings(key: str) -> list[str]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return []
        return [v for v in value if normalize_name(v)]

    names = raw.get("names", {})
    if not isinstance(names, dict):
        names = {}
    names = {
        lang: text
        for lang, text in names.items()
        if lang in LANGUAGES and isinstance(text, str) and normalize_name(text)
    }
    return {
        "name": name.strip(),
        "aliases": strings("aliases"),
        "names": names,
        "coastal": raw.get("coastal"),
        "spaces": raw.get("spaces"),
        "neighbours": strings("neighbours") if "neighbours" in raw else [],
    }


def _check_names(parsed: list[dict[str, Any]], problems: list[str]) -> dict[str, str]:
    """Report names, aliases and display names that collide once normalised.

    Returns key -> canonical name.
    """
    keys: dict[str, str] = {}
    for entry in parsed:
        name = entry["name"]
        key = normalize_name(name)
        owner = keys.get(key)
        if owner is None:
            keys[key] = name
        elif owner == name:
            problems.append(f'territory "{name}" is listed twice')
        else:
            problems.append(
                f'territory names "{owner}" and "{name}" are the same once case, accents '
                "and punctuation are ignored"
            )
    # Aliases after all names, so that a clash is reported whichever comes first in the file.
    for entry in parsed:
        name = entry["name"]
        spellings = [(alias, "alias") for alias in entry["aliases"]]
        spellings += [(text, f"{lang} name") for lang, text in sorted(entry["names"].items())]
        for text, what in spellings:
            key = normalize_name(text)
            owner = keys.get(key)
            if owner is None:
                keys[key] = name
            elif owner != name:
                problems.append(
                    f"{what} {quote(text)} of {name} is already a name or alias of {owner}"
                )
    return keys


def _resolve(text: str, keys: dict[str, str]) -> str | None:
    return keys.get(normalize_name(text))


def _suggestion(text: str, keys: dict[str, str]) -> str:
    close = closest_key(normalize_name(text), keys)
    return "" if close is None else f' (did you mean "{keys[close]}"?)'


def _check_neighbours(
    parsed: list[dict[str, Any]], keys: dict[str, str], problems: list[str]
) -> list[Territory]:
    """Resolve neighbour names and check the border graph is symmetric."""
    resolved: dict[str, set[str]] = {}
    for entry in parsed:
        name = entry["name"]
        seen: set[str] = set()
        for text in entry["neighbours"]:
            other = _resolve(text, keys)
            if other is None:
                problems.append(f"{name}: unknown neighbour {quote(text)}{_suggestion(text, keys)}")
            elif other == name:
                problems.append(f"{name} lists itself as a neighbour")
            elif other in seen:
                problems.append(f"{name} lists {other} twice as a neighbour")
            else:
                seen.add(other)
        resolved.setdefault(name, set()).update(seen)
    for name in sorted(resolved):
        for other in sorted(resolved[name]):
            if name not in resolved.get(other, set()):
                problems.append(
                    f"{name} lists {other} as neighbour but {other} does not list {name}"
                )
    territories = []
    for entry in parsed:
        territories.append(
            Territory(
                name=entry["name"],
                # "Libéria" adds nothing to lookup but is the French spelling: keep it.
                aliases=tuple(
                    dict.fromkeys(a.strip() for a in entry["aliases"] if a.strip() != entry["name"])
                ),
                names=MappingProxyType({k: v.strip() for k, v in sorted(entry["names"].items())}),
                coastal=entry["coastal"],
                spaces=entry["spaces"],
                neighbours=tuple(sorted(resolved.get(entry["name"], ()))),
            )
        )
    return territories


def _check_starts(
    raw: object, parsed: list[dict[str, Any]], keys: dict[str, str], problems: list[str]
) -> dict[str, str]:
    """Check the historical starting territories are known coastal territories, one per power.

    Unknown powers and values that are not names were reported by the schema.
    """
    if not isinstance(raw, dict):
        return {}
    coastal = {entry["name"]: entry["coastal"] for entry in parsed}
    starts: dict[str, str] = {}
    taken: dict[str, str] = {}
    for power, text in raw.items():
        if power not in _POWERS or not isinstance(text, str):
            continue
        territory = _resolve(text, keys)
        if territory is None:
            problems.append(
                f"historical start of {power}: unknown territory {quote(text)}"
                f"{_suggestion(text, keys)}"
            )
            continue
        if coastal.get(territory) is False:
            problems.append(
                f"historical start of {power}: {territory} is not coastal (a start is a landing)"
            )
        if territory in taken:
            problems.append(
                f"historical starts of {taken[territory]} and {power} are both {territory}"
            )
        taken.setdefault(territory, power)
        starts[power] = territory
    return starts
