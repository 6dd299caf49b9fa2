"""A board file checked: its shape against the JSON Schema, then what a schema cannot say
(unique names, known and symmetric neighbours, spaces adding up, coastal historical starts, a
drawing naming every territory once with its label inside the drawing), every problem reported
at once.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from tabletop.fileio import (
    FileFormatError,
    bounded_message,
    check_json_value,
    load_schema,
    quote,
    schema_problems,
    schema_validator,
)
from tabletop.games.africa1880.board import (
    BOARD_FORMAT,
    Board,
    BoardError,
    Territory,
    copy_drawing,
)
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
        if path and path[0] == "drawing":
            return _drawing_place(path[1:])
        if not path:
            return "", "the board"
        return "", quote(str(path[0]))

    return describe


def _drawing_place(path: tuple[Any, ...]) -> tuple[str, str]:
    """(prefix, subject) naming a value inside a board's drawing."""

    def points(steps: tuple[Any, ...]) -> str:
        words = ("ring", "point", "coordinate")
        return " ".join(
            f"{word} {step + 1}" if isinstance(step, int) else bounded_message(str(step), 20)
            for word, step in zip(words, steps, strict=False)
        )

    if not path:
        return "", '"drawing"'
    if path[0] == "territories" and len(path) >= 2:
        prefix = f"drawing of {bounded_message(str(path[1]), 60)}: "
        if len(path) == 2:
            return "", prefix[:-2]
        inner = f'"{bounded_message(str(path[2]), 20)}"'
        if path[2] == "polygons" and len(path) > 3:
            inner += " " + points(path[3:])
        elif path[2] == "label" and len(path) > 3:
            inner += f" coordinate {path[3] + 1 if isinstance(path[3], int) else path[3]}"
        return prefix, inner
    if path[0] == "outline" and len(path) > 1:
        return "drawing: ", '"outline" ' + points(path[1:]).replace("ring", "point", 1)
    return "drawing: ", f'"{bounded_message(str(path[0]), 40)}"'


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
    drawing = _check_drawing(data.get("drawing"), parsed, keys, problems)

    if problems:
        raise BoardError(problems, source)
    return Board(data["name"], territories, starts, source, drawing)


def _check_drawing(
    raw: object, parsed: list[dict[str, Any]], keys: dict[str, str], problems: list[str]
) -> dict[str, Any] | None:
    """Check a drawing's names against the board's (any spelling the board accepts), every
    territory drawn once, and each label inside the drawing's box; the drawing with its
    territories under their canonical names, in the board's order (None without one).

    The shapes of the values were checked by the schema; here only well-formed entries count.
    """
    if raw is None or not isinstance(raw, dict):
        return None
    entries = raw.get("territories")
    if not isinstance(entries, dict):
        return None
    width, height = raw.get("width"), raw.get("height")
    # A box that is itself wrong (reported by the schema) measures no label.
    box = None
    if _is_number(width) and _is_number(height) and width > 0 and height > 0:
        box = (float(width), float(height))
    _check_points(raw, problems)
    drawn: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for text, entry in entries.items():
        territory = _resolve(text, keys)
        if territory is None:
            problems.append(f"drawing: unknown territory {quote(text)}{_suggestion(text, keys)}")
            continue
        if territory in spelled:
            problems.append(
                f"drawing: {territory} is drawn twice ({quote(spelled[territory])} and "
                f"{quote(text)})"
            )
            continue
        spelled[territory] = text
        drawn[territory] = entry
        label = entry.get("label") if isinstance(entry, dict) else None
        if box is not None and _is_point(label) and not _in_box(label, box):
            problems.append(
                f"drawing of {territory}: its label [{label[0]:g}, {label[1]:g}] lies outside "
                f"the drawing ({box[0]:g} x {box[1]:g})"
            )
    missing = [entry["name"] for entry in parsed if entry["name"] not in drawn]
    if missing:
        shown = ", ".join(missing[:8]) + (
            f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        )
        problems.append(f"the drawing has no outline for {len(missing)} territories: {shown}")
    checked: dict[str, Any] = {"width": width, "height": height}
    if "outline" in raw:
        checked["outline"] = raw["outline"]
    photo = raw.get("photo")
    if isinstance(photo, str):
        if PHOTO_HASH.fullmatch(photo):
            checked["photo"] = photo
        else:
            # The schema's pattern lets a trailing newline through (its "$"); said once.
            wrong = f'drawing: "photo" must be {PHOTO_WANTED}, not {quote(photo)}'
            if wrong not in problems:
                problems.append(wrong)
    checked["territories"] = {name: drawn[name] for name in sorted(drawn)}
    return copy_drawing(checked) if not problems else None


#: A drawing's ``"photo"``: the SHA-256 of the photo it was traced on, in lowercase hex.
PHOTO_HASH = re.compile(r"[0-9a-f]{64}")
PHOTO_WANTED = "a photo's SHA-256 (64 lowercase hex digits)"

#: The largest coordinate of a drawing's point, either way (as the schema's points say).
MAX_COORDINATE = 1_000_000


def _first_bad_point(ring: object) -> int | None:
    """The index of the first item of ``ring`` that is no [x, y] point within bounds, or None
    (a ring that is not a list was reported by the schema)."""
    if not isinstance(ring, list):
        return None
    for index, point in enumerate(ring):
        if not (_is_point(point) and all(abs(v) <= MAX_COORDINATE for v in point)):
            return index
    return None


def _check_points(raw: dict[str, Any], problems: list[str]) -> None:
    """Report the first bad point of each ring (the schema checks rings, not their points: a
    drawing has tens of thousands of them)."""
    wanted = f"an [x, y] point (two numbers from -{MAX_COORDINATE} to {MAX_COORDINATE})"
    bad = _first_bad_point(raw.get("outline"))
    if bad is not None:
        problems.append(f'drawing: "outline" point {bad + 1} must be {wanted}')
    entries = raw.get("territories")
    for text, entry in entries.items() if isinstance(entries, dict) else ():
        rings = entry.get("polygons") if isinstance(entry, dict) else None
        for number, ring in enumerate(rings if isinstance(rings, list) else (), start=1):
            bad = _first_bad_point(ring)
            if bad is not None:
                name = bounded_message(str(text), 60)
                problems.append(
                    f'drawing of {name}: "polygons" ring {number} point {bad + 1} must be {wanted}'
                )


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_point(value: object) -> TypeGuard[list[float]]:
    return isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)


def _in_box(point: list[float], box: tuple[float, float]) -> bool:
    return bool(0 <= point[0] <= box[0] and 0 <= point[1] <= box[1])


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
