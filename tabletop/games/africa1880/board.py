"""The Africa 1880 map: territories, their coasts, development spaces and land borders.

The map is data, not code. A board file (JSON, format ``tabletop.africa1880.board``) lists the
territories; :func:`board_from_dict` checks it and reports every problem it finds at once, so a
person editing their own board can fix everything in one pass. The drawing of the default map lives
in a separate file (:func:`load_geometry`), because the rules only need the graph.

>>> board = load_board()
>>> board.lookup("  côte-de-l'or ")
'Gold Coast'
>>> board.are_neighbours("Egypt", "Soudan")
True
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import os
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tabletop.fileio import (
    FileFormatError,
    bounded_message,
    capped,
    check_json_value,
    kind_of,
    load_schema,
    parse_json_bytes,
    quote,
    read_bytes,
    schema_problems,
    schema_validator,
)

__all__ = [
    "BOARD_FORMAT",
    "BOARD_VERSION",
    "LANGUAGES",
    "MAX_BOARD_BYTES",
    "PACKAGE_BOARDS",
    "SCHEMA_PATH",
    "Board",
    "BoardError",
    "Geometry",
    "Territory",
    "UnknownTerritory",
    "board_file_name",
    "board_from_bytes",
    "board_from_dict",
    "geometry_from_dict",
    "load_board",
    "load_geometry",
    "normalize_name",
]

BOARD_FORMAT = "tabletop.africa1880.board"
BOARD_VERSION = 1
MIN_SPACES = 1
MAX_SPACES = 4

_DATA = Path(__file__).with_name("data")
_DEFAULT_BOARD = _DATA / "default_board.json"
_DEFAULT_GEOMETRY = _DATA / "default_geometry.json"

# The six powers of the published game (state.POWERS holds the same names). A board file only
# names them in "historical_starts", where a misspelt power would otherwise be silently ignored.
_POWERS = ("Belgium", "France", "Germany", "Great Britain", "Italy", "Netherlands")

#: Languages a territory's display names may be given in ("names" in a board file).
LANGUAGES = ("en", "fr", "de")
# Apostrophes and similar marks people type inside names ("Côte d'Ivoire", "Côte-de-l’Or").
_JOINERS = frozenset("'`\u00b4\u2018\u2019\u02bc\u02b9_.")


# --------------------------------------------------------------------------- names


def _normalize_once(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = []
    for char in decomposed:
        if unicodedata.combining(char):
            continue  # an accent separated from its letter by NFKD
        if char.isspace() or char in _JOINERS or unicodedata.category(char) == "Pd":
            kept.append(" ")
        else:
            kept.append(char)
    return " ".join("".join(kept).split())


def normalize_name(text: str) -> str:
    """Return the comparison key of a territory name.

    Case, accents, hyphens, apostrophes and runs of spaces are ignored:

    >>> normalize_name("  Côte-de-l'Or ")
    'cote de l or'
    """
    # Case folding can uncover new accents (and NFKD new capitals), so repeat until stable; real
    # text settles after one or two passes. The bound only guards against pathological input.
    result = _normalize_once(text)
    for _ in range(4):
        again = _normalize_once(result)
        if again == result:
            break
        result = again
    return result


def _compact(key: str) -> str:
    return key.replace(" ", "")


def _edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) turning a into b."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, start=1):
            current[j] = min(
                previous[j] + 1,
                current[j - 1] + 1,
                previous[j - 1] + (char_a != char_b),
            )
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def _closest(key: str, candidates: Iterable[str]) -> str | None:
    """The candidate key nearest to ``key``, or None when nothing is close.

    difflib shortlists; the edit distance then prefers "Libya" over "Liberia" for "Lybia".
    """
    if not key:
        return None
    shortlist = difflib.get_close_matches(key, list(candidates), n=5, cutoff=0.6)
    if not shortlist:
        return None
    return min(shortlist, key=lambda candidate: _edit_distance(key, candidate))


# --------------------------------------------------------------------------- errors


class BoardError(FileFormatError):
    """A board (or drawing) file that cannot be used; ``problems`` lists every reason found.

    A ``ValueError`` (through :class:`~tabletop.fileio.FileFormatError`). ``str()`` is one line
    of at most :data:`~tabletop.fileio.MAX_MESSAGE_CHARS` characters naming the source; each
    problem is one bounded line and at most :data:`~tabletop.fileio.MAX_PROBLEMS` are kept.
    """

    def __init__(self, problems: Iterable[str], source: str = "<data>") -> None:
        found = list(problems)
        self.problems: list[str] = capped(found)
        self.source = bounded_message(str(source), 120)
        reason = (
            self.problems[0]
            if len(found) == 1
            else f"{len(found)} problems: " + "; ".join(self.problems)
        )
        super().__init__(f"bad board {self.source}: {reason}", reason)


class UnknownTerritory(ValueError, KeyError):
    """A territory name that matches no territory or alias of the board.

    It is also a ``KeyError``, so ``board[name]`` behaves like a mapping lookup.
    """

    def __init__(self, text: str, suggestion: str | None = None) -> None:
        self.text = text
        self.suggestion = suggestion
        super().__init__(self._message())

    def _message(self) -> str:
        message = f'unknown territory "{self.text}"'
        if self.suggestion is not None:
            message += f' (did you mean "{self.suggestion}"?)'
        return message

    def __str__(self) -> str:  # KeyError would otherwise show the message in quotes
        return self._message()


# --------------------------------------------------------------------------- board


@dataclass(frozen=True)
class Territory:
    """One territory: its canonical English name, other accepted spellings and rules data."""

    name: str
    aliases: tuple[str, ...]
    coastal: bool
    spaces: int
    neighbours: tuple[str, ...]
    #: Display names by language code (``"fr"``, ``"de"``); see :meth:`Board.display_name`.
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def display_name(self, lang: str = "en") -> str:
        """The name to show in ``lang``: its display name there, else the canonical name."""
        return self.names.get(lang, self.name)

    def to_dict(self) -> dict:
        """The territory as it appears in a board file."""
        data: dict = {"name": self.name, "aliases": list(self.aliases)}
        if self.names:
            data["names"] = dict(self.names)
        data.update(coastal=self.coastal, spaces=self.spaces, neighbours=list(self.neighbours))
        return data


class Board:
    """A checked map. Build it with :func:`board_from_dict` or :func:`load_board`.

    Every method that takes a territory name accepts any spelling :meth:`lookup` accepts.
    """

    def __init__(
        self,
        name: str,
        territories: Iterable[Territory],
        historical_starts: Mapping[str, str] | None = None,
        source: str = "<data>",
    ) -> None:
        ordered = sorted(territories, key=lambda t: t.name)
        self.name = name
        self.source = source
        self.territories: Mapping[str, Territory] = MappingProxyType({t.name: t for t in ordered})
        self.historical_starts: Mapping[str, str] = MappingProxyType(
            dict(sorted((historical_starts or {}).items()))
        )
        self.names: tuple[str, ...] = tuple(t.name for t in ordered)
        self.total_spaces: int = sum(t.spaces for t in ordered)
        keys: dict[str, str] = {}
        for territory in ordered:
            for spelling in (territory.name, *territory.aliases, *territory.names.values()):
                keys.setdefault(normalize_name(spelling), territory.name)
        self._keys = keys
        # "GoldCoast" or "cote divoire": the same keys without spaces, kept only when unambiguous.
        compact: dict[str, set[str]] = {}
        for key, canonical in keys.items():
            compact.setdefault(_compact(key), set()).add(canonical)
        self._compact_keys = {k: next(iter(v)) for k, v in compact.items() if len(v) == 1}

    def __repr__(self) -> str:
        return f"Board({self.name!r}, {len(self.names)} territories, source={self.source!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # equal boards may differ in source; not a key

    def __getitem__(self, name: str) -> Territory:
        return self.territories[self.lookup(name)]

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        return self._find(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def _find(self, text: str) -> str | None:
        key = normalize_name(text)
        found = self._keys.get(key)
        if found is None:
            found = self._compact_keys.get(_compact(key))
        return found

    def lookup(self, text: str) -> str:
        """Return the canonical name for ``text`` (any case, accents, alias, extra spaces).

        >>> load_board().lookup("CAMEROUN")
        'Kamerun'

        Raises :class:`UnknownTerritory`, with a suggestion when a name is close.
        """
        found = self._find(text)
        if found is None:
            raise UnknownTerritory(text, self.suggest(text))
        return found

    def suggest(self, text: str) -> str | None:
        """The canonical name whose spelling is closest to ``text``, or None if none is close."""
        close = _closest(normalize_name(text), self._keys)
        return None if close is None else self._keys[close]

    def display_name(self, territory: str, lang: str = "en") -> str:
        """The name of ``territory`` (any accepted spelling) to show in ``lang``.

        Falls back to the canonical English name where the board gives none in that language.

        >>> load_board().display_name("Cape", "de"), load_board().display_name("Égypte", "xx")
        ('Kapland', 'Egypt')
        """
        return self[territory].display_name(lang)

    def are_neighbours(self, a: str, b: str) -> bool:
        """True when the two territories share a land border."""
        first, second = self.lookup(a), self.lookup(b)
        return second in self.territories[first].neighbours

    def coastal_names(self) -> tuple[str, ...]:
        """Names of the territories that touch the sea (landing targets), sorted."""
        return tuple(name for name in self.names if self.territories[name].coastal)

    def to_dict(self) -> dict:
        """The board in the file format read by :func:`board_from_dict`."""
        return {
            "format": BOARD_FORMAT,
            "version": BOARD_VERSION,
            "name": self.name,
            "total_spaces": self.total_spaces,
            "territories": [t.to_dict() for t in self.territories.values()],
            "historical_starts": dict(self.historical_starts),
        }


# --------------------------------------------------------------------------- validation

SCHEMA_PATH = _DATA / "schemas" / "board.schema.json"
"""The JSON Schema (draft 2020-12) of board files, shipped in the package."""


@functools.lru_cache(maxsize=1)
def _validator() -> Any:
    return schema_validator(load_schema(SCHEMA_PATH))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: object) -> str:
    return "a string" if isinstance(value, str) else kind_of(value)


def _territory_label(data: dict, index: object) -> str:
    raw = data.get("territories")
    if isinstance(raw, list) and isinstance(index, int) and index < len(raw):
        entry = raw[index]
        if isinstance(entry, dict):
            name = entry.get("name")
            if isinstance(name, str) and normalize_name(name[:200]):
                return bounded_message(name.strip(), 60)
    return f"territory #{index + 1 if isinstance(index, int) else index}"


def _describer(data: dict) -> Callable[[tuple], tuple[str, str]]:
    """Names the value at a schema error's path the way a person reads a board file."""

    def describe(path: tuple) -> tuple[str, str]:
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
    return _board_from_checked(data, source)


def _board_from_checked(data: object, source: str) -> Board:
    """:func:`board_from_dict` for data already through ``check_json_value``."""
    problems: list[str] = []
    if not isinstance(data, dict):
        problems = schema_problems(_validator(), data, lambda path: ("", "the board"))
        raise BoardError(problems, source)
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
    parsed: list[dict] = []
    if isinstance(raw_territories, list):
        for raw in raw_territories:
            entry = _usable_territory(raw)
            if entry is not None:
                parsed.append(entry)
        for index, raw in enumerate(raw_territories):
            if isinstance(raw, dict) and isinstance(raw.get("name"), str):
                if not normalize_name(raw["name"]):
                    if raw["name"]:  # an empty one is the schema's
                        problems.append(
                            f'territory #{index + 1}: "name" is empty; it must be a non-empty '
                            "string"
                        )
                aliases = raw.get("aliases")
                if isinstance(aliases, list):
                    label = _territory_label(data, index)
                    for alias in aliases:
                        if isinstance(alias, str) and not normalize_name(alias):
                            problems.append(f"{label}: an alias is empty")

    keys = _check_names(parsed, problems)
    territories = _check_neighbours(parsed, keys, problems)

    total = data.get("total_spaces")
    if (
        _is_int(total)
        and isinstance(raw_territories, list)
        and len(parsed) == len(raw_territories)
        and all(_is_int(e["spaces"]) and MIN_SPACES <= e["spaces"] <= MAX_SPACES for e in parsed)
    ):
        # Only when every entry is readable, so a broken entry is not reported twice.
        actual = sum(entry["spaces"] for entry in parsed)
        if actual != total:
            problems.append(
                f'the territories\' spaces add up to {actual}, but "total_spaces" is {total}'
            )

    starts = _check_starts(data.get("historical_starts", {}), parsed, keys, problems)

    if problems:
        raise BoardError(problems, source)
    return Board(data["name"], territories, starts, source)


def _usable_territory(raw: object) -> dict | None:
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


def _check_names(parsed: list[dict], problems: list[str]) -> dict[str, str]:
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
    close = _closest(normalize_name(text), keys)
    return "" if close is None else f' (did you mean "{keys[close]}"?)'


def _check_neighbours(
    parsed: list[dict], keys: dict[str, str], problems: list[str]
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
    raw: object, parsed: list[dict], keys: dict[str, str], problems: list[str]
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


# --------------------------------------------------------------------------- files


#: Boards shipped in the package, by the name a game file may give (never a path).
PACKAGE_BOARDS: Mapping[str, Path] = MappingProxyType({"default": _DEFAULT_BOARD})

#: The largest board file read (the published map takes 5 KB).
MAX_BOARD_BYTES = 1024 * 1024

_READ_REASONS = {
    "no such file": "no such {what} file",
    "is a folder": "this is a folder, not a {what} file",
    "not a text file": "not a text file (it is not UTF-8)",
    "the file is empty": "the file is empty (a {what} file is JSON)",
}


def _board_reason(reason: str, what: str) -> str:
    for start, wording in _READ_REASONS.items():
        if reason.startswith(start):
            return wording.format(what=what)
    return reason


def _read_json(path: Path, what: str) -> object:
    """Read a JSON file named by a trusted caller, turning every failure into one BoardError."""
    source = os.fspath(path)
    try:
        data = read_bytes(path, MAX_BOARD_BYTES, f"a {what} file", f"a {what} file")
        return parse_json_bytes(data, MAX_BOARD_BYTES)
    except FileFormatError as error:
        raise BoardError([_board_reason(error.reason, what)], source) from None


def board_from_bytes(data: bytes | str, source: str = "<upload>") -> Board:
    """A board from the bytes of a file someone sent (an upload): no file is ever opened.

    Raises :class:`BoardError` (one bounded line) for anything but a consistent board file,
    including bytes that are not UTF-8, JSON nested too deeply, numbers too long, NUL characters
    and lone surrogates.
    """
    try:
        raw = parse_json_bytes(data, MAX_BOARD_BYTES)
    except FileFormatError as error:
        raise BoardError([_board_reason(error.reason, "board")], source) from None
    return _board_from_checked(raw, source)  # parse_json_bytes checked it already


def board_file_name(board: Board) -> str:
    """A file name under which to keep a board someone uploaded: its name and a short hash of
    its content, so that a second board with the same name never replaces the first.

    >>> board_file_name(load_board())[:14]
    'africa-c-1880-'
    """
    canonical = json.dumps(board.to_dict(), sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
    slug = "".join(ch if ch.isalnum() else "-" for ch in normalize_name(board.name))
    slug = "-".join(part for part in slug.split("-") if part)[:40] or "board"
    return f"{slug}-{digest}.json"


@functools.lru_cache(maxsize=len(PACKAGE_BOARDS))
def _package_board(name: str) -> Board:
    return board_from_dict(_read_json(PACKAGE_BOARDS[name], "board"), name)


def _default_board() -> Board:
    return _package_board("default")


def load_board(source: str | os.PathLike[str] | None = None, *, allow_paths: bool = True) -> Board:
    """Load a board: None or a name of :data:`PACKAGE_BOARDS` (``"default"``) gives a bundled
    map; anything else is a file path, read only when ``allow_paths`` is true.

    Paths are for the person running the program (command line, server configuration); with
    ``allow_paths=False`` (anything that came from a page) a path is refused without looking at
    it, and the message says nothing about any file. Only regular files are read (no folders,
    devices or FIFOs), at most :data:`MAX_BOARD_BYTES`. Raises :class:`BoardError` (one bounded
    line, never a traceback for people) when the file is missing, unreadable, not JSON, or not a
    consistent board.
    """
    if source is None:
        return _package_board("default")
    if isinstance(source, str) and source in PACKAGE_BOARDS:
        return _package_board(source)
    if not allow_paths:
        raise BoardError(
            [
                "only a board shipped with the program can be named here ("
                + ", ".join(f'"{name}"' for name in PACKAGE_BOARDS)
                + "); a file's board must be given as data, not as a file name"
            ],
            "<name>",
        )
    path = Path(os.fspath(source)).expanduser()
    return _board_from_checked(_read_json(path, "board"), os.fspath(source))


# --------------------------------------------------------------------------- geometry

Point = tuple[float, float]
Ring = tuple[Point, ...]


def _inside(x: float, y: float, ring: Ring) -> bool:
    """Even-odd ray casting test of a point against one closed ring."""
    inside = False
    count = len(ring)
    for i in range(count):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % count]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross_x:
                inside = not inside
    return inside


@dataclass(frozen=True)
class Geometry:
    """How to draw a board: polygons and label points in a box ``width`` x ``height``, y down.

    The drawing is separate from the rules: only the board file decides adjacency.
    """

    width: float
    height: float
    outline: Ring
    polygons: Mapping[str, tuple[Ring, ...]]
    labels: Mapping[str, Point]

    def territory_at(self, x: float, y: float) -> str | None:
        """The territory drawn under the point (x, y), or None (sea, outside)."""
        for name, rings in self.polygons.items():
            if any(_inside(x, y, ring) for ring in rings):
                return name
        return None

    def shared_borders(self, min_length: float = 1.0) -> frozenset[tuple[str, str]]:
        """Pairs (a, b), a < b, whose drawn polygons share a border at least ``min_length`` long.

        Two polygons touching at a corner only do not share a border.
        """
        edges: list[tuple[str, Point, Point]] = []
        for name, rings in self.polygons.items():
            for ring in rings:
                for i, start in enumerate(ring):
                    edges.append((name, start, ring[(i + 1) % len(ring)]))
        found: set[tuple[str, str]] = set()
        for i, (name_a, a1, a2) in enumerate(edges):
            for name_b, b1, b2 in edges[i + 1 :]:
                if name_a == name_b or tuple(sorted((name_a, name_b))) in found:
                    continue
                if _overlap(a1, a2, b1, b2) >= min_length:
                    found.add(tuple(sorted((name_a, name_b))))  # type: ignore[arg-type]
        return frozenset(found)


def _overlap(a1: Point, a2: Point, b1: Point, b2: Point, tolerance: float = 0.05) -> float:
    """Length along which segment b lies on segment a (0 when they are not collinear)."""
    dx, dy = a2[0] - a1[0], a2[1] - a1[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return 0.0
    for px, py in (b1, b2):
        # Distance of b's ends from a's line; coordinates are rounded, hence the tolerance.
        if abs(dx * (py - a1[1]) - dy * (px - a1[0])) / length > tolerance:
            return 0.0
    t1 = ((b1[0] - a1[0]) * dx + (b1[1] - a1[1]) * dy) / length
    t2 = ((b2[0] - a1[0]) * dx + (b2[1] - a1[1]) * dy) / length
    low, high = max(0.0, min(t1, t2)), min(length, max(t1, t2))
    return max(0.0, high - low)


def _point(value: object) -> Point:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise TypeError(value)
    return (float(value[0]), float(value[1]))


def geometry_from_dict(data: object, source: str = "<data>") -> Geometry:
    """Build a :class:`Geometry` from drawing data; raises BoardError on a malformed file."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise BoardError([f"a geometry file holds a JSON object, not {_type_name(data)}"], source)
    width, height = data.get("width"), data.get("height")
    for key, value in (("width", width), ("height", height)):
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            problems.append(f'"{key}" must be a positive number')
    outline: Ring = ()
    try:
        outline = tuple(_point(p) for p in data.get("outline", []))
    except TypeError:
        problems.append('"outline" must be a list of [x, y] points')
    polygons: dict[str, tuple[Ring, ...]] = {}
    labels: dict[str, Point] = {}
    raw_territories = data.get("territories")
    if not isinstance(raw_territories, dict):
        problems.append('"territories" must be an object: name -> {"polygons", "label"}')
        raw_territories = {}
    for name, entry in raw_territories.items():
        try:
            rings = tuple(tuple(_point(p) for p in ring) for ring in entry["polygons"])
            if not rings or any(len(ring) < 3 for ring in rings):
                raise TypeError(name)
            polygons[name] = rings
            labels[name] = _point(entry["label"])
        except (TypeError, KeyError):
            problems.append(f'{name}: needs "polygons" (rings of 3+ [x, y] points) and "label"')
    if problems:
        raise BoardError(problems, source)
    return Geometry(
        width=float(width),  # type: ignore[arg-type]
        height=float(height),  # type: ignore[arg-type]
        outline=outline,
        polygons=MappingProxyType(polygons),
        labels=MappingProxyType(labels),
    )


@functools.lru_cache(maxsize=1)
def _default_geometry() -> Geometry:
    return geometry_from_dict(_read_json(_DEFAULT_GEOMETRY, "geometry"), str(_DEFAULT_GEOMETRY))


def load_geometry(board: Board) -> Geometry | None:
    """Drawing data for ``board``, or None when there is none.

    The bundled drawing serves the default board and any board file with exactly the same
    territory names (an edited copy of the default map); other boards have no drawing.
    """
    if not _DEFAULT_GEOMETRY.exists():
        return None
    geometry = _default_geometry()
    if set(geometry.polygons) != set(board.names):
        return None
    return geometry
