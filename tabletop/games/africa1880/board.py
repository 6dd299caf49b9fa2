"""The Africa 1880 map: territories, their coasts, development spaces and land borders.

The map is data, not code. A board file (JSON, format ``tabletop.africa1880.board``) lists the
territories; :func:`board_from_dict` checks it and reports every problem it finds at once, so a
person editing their own board can fix everything in one pass. The drawing of the default map lives
in a separate file (:func:`load_geometry`), because the rules only need the graph; a board file
of one's own may carry its drawing (``"drawing"``: each territory's outline and label point).

This module holds the board itself (:class:`Board`, :class:`Territory`) and its errors. The rest
of the map has modules of its own, each imported from there:
:mod:`~tabletop.games.africa1880.board_names` (comparing names),
:mod:`~tabletop.games.africa1880.board_check` (:func:`board_from_dict`),
:mod:`~tabletop.games.africa1880.board_files` (:func:`load_board`, uploads) and
:mod:`~tabletop.games.africa1880.geometry` (the drawing).

>>> from tabletop.games.africa1880.board_files import load_board
>>> board = load_board()
>>> board.lookup("  côte-de-l'or ")
'Gold Coast'
>>> board.are_neighbours("Egypt", "Soudan")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tabletop.fileio import FileFormatError, bounded_message, capped
from tabletop.games.africa1880.board_names import closest_key, compact_key, normalize_name

__all__ = [
    "BOARD_FORMAT",
    "BOARD_VERSION",
    "Board",
    "BoardError",
    "Territory",
    "UnknownTerritory",
    "copy_drawing",
]

BOARD_FORMAT = "tabletop.africa1880.board"
BOARD_VERSION = 1


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

    def to_dict(self) -> dict[str, Any]:
        """The territory as it appears in a board file."""
        data: dict[str, Any] = {"name": self.name, "aliases": list(self.aliases)}
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
        drawing: Mapping[str, Any] | None = None,
    ) -> None:
        ordered = sorted(territories, key=lambda t: t.name)
        self.name = name
        self.source = source
        #: The board's own drawing as its file gives it (checked by :func:`board_from_dict`,
        #: territories under their canonical names), or None; JSON data, not to be changed.
        self.drawing: Mapping[str, Any] | None = drawing
        self.territories: Mapping[str, Territory] = MappingProxyType({t.name: t for t in ordered})
        self.historical_starts: Mapping[str, str] = MappingProxyType(
            dict(sorted((historical_starts or {}).items()))
        )
        self.names: tuple[str, ...] = tuple(t.name for t in ordered)
        self.total_spaces: int = sum(t.spaces for t in ordered)
        # Plain dicts and sets the rules core reads for every order (a lookup in a mapping proxy
        # or a scan of a tuple costs more); read-only like the rest of the board.
        #: Each territory's neighbours, as a set.
        self.neighbour_sets: dict[str, frozenset[str]] = {
            t.name: frozenset(t.neighbours) for t in ordered
        }
        #: Each territory's spaces for development pins.
        self.space_counts: dict[str, int] = {t.name: t.spaces for t in ordered}
        #: The territories of the board, as a set.
        self.name_set: frozenset[str] = frozenset(self.names)
        #: The territories that touch the sea.
        self.coastal_set: frozenset[str] = frozenset(t.name for t in ordered if t.coastal)
        #: Each territory's place in the order the rules serve territories in when pawns or pins
        #: run short: by the key of its name (:func:`normalize_name`), then by its name.
        self.name_rank: dict[str, int] = {
            name: rank
            for rank, name in enumerate(sorted(self.names, key=lambda n: (normalize_name(n), n)))
        }
        keys: dict[str, str] = {}
        for territory in ordered:
            for spelling in (territory.name, *territory.aliases, *territory.names.values()):
                keys.setdefault(normalize_name(spelling), territory.name)
        self._keys = keys
        # "GoldCoast" or "cote divoire": the same keys without spaces, kept only when unambiguous.
        compact: dict[str, set[str]] = {}
        for key, canonical in keys.items():
            compact.setdefault(compact_key(key), set()).add(canonical)
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
        return self.find(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def find(self, text: str) -> str | None:
        """The canonical name for ``text`` as :meth:`lookup` reads it, or None (no suggestion is
        looked for, so an unknown name costs no more than a known one).

        >>> from tabletop.games.africa1880.board_files import load_board
        >>> load_board().find("cote d ivoire"), load_board().find("Atlantis")
        ('Ivory Coast', None)
        """
        return self.find_key(normalize_name(text))

    def find_key(self, key: str) -> str | None:
        """:meth:`find` for a comparison key already made (:func:`normalize_name` of a text)."""
        found = self._keys.get(key)
        if found is None:
            found = self._compact_keys.get(compact_key(key))
        return found

    def lookup(self, text: str) -> str:
        """Return the canonical name for ``text`` (any case, accents, alias, extra spaces).

        >>> from tabletop.games.africa1880.board_files import load_board
        >>> load_board().lookup("CAMEROUN")
        'Kamerun'

        Raises :class:`UnknownTerritory`, with a suggestion when a name is close.
        """
        found = self.find(text)
        if found is None:
            raise UnknownTerritory(text, self.suggest(text))
        return found

    def suggest(self, text: str) -> str | None:
        """The canonical name whose spelling is closest to ``text``, or None if none is close."""
        close = closest_key(normalize_name(text), self._keys)
        return None if close is None else self._keys[close]

    def display_name(self, territory: str, lang: str = "en") -> str:
        """The name of ``territory`` (any accepted spelling) to show in ``lang``.

        Falls back to the canonical English name where the board gives none in that language.

        >>> from tabletop.games.africa1880.board_files import load_board
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

    def to_dict(self) -> dict[str, Any]:
        """The board in the file format read by :func:`board_from_dict` (its drawing included,
        as a copy the caller may change)."""
        data: dict[str, Any] = {
            "format": BOARD_FORMAT,
            "version": BOARD_VERSION,
            "name": self.name,
            "total_spaces": self.total_spaces,
            "territories": [t.to_dict() for t in self.territories.values()],
            "historical_starts": dict(self.historical_starts),
        }
        if self.drawing is not None:
            data["drawing"] = copy_drawing(self.drawing)
        return data


def copy_drawing(drawing: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of drawing data (``width``, ``height``, ``outline``, ``territories``, ``photo``)
    made of new lists and dicts (points copied one by one: much faster than a deep copy)."""
    copied: dict[str, Any] = {"width": drawing["width"], "height": drawing["height"]}
    if "outline" in drawing:
        copied["outline"] = [list(point) for point in drawing["outline"]]
    copied["territories"] = {
        name: {
            "polygons": [[list(point) for point in ring] for ring in entry["polygons"]],
            "label": list(entry["label"]),
        }
        for name, entry in drawing["territories"].items()
    }
    if "photo" in drawing:
        copied["photo"] = drawing["photo"]
    return copied
