"""Reading the typed order-sheet notation: :func:`parse_sheets`, whose inverse is
:func:`~tabletop.games.africa1880.notation_format.format_sheets`.

One sheet per power, opened by a header line with the power's name in English, French or German::

    [France]
    Algeria: develop            # développe, developper; entwickeln, entwickle
    Senegal: explore Guinea     # Senegal -> Guinea ; explorer ; erkunden, erkunde
    Tunisia: hold               # rien, tenir ; halten, halte, nichts
    land: Morocco               # débarque, débarquement ; landen, Landung
    war: Germany, Italy         # guerre ; Krieg
    alliance: Belgium           # Bündnis (Buendnis); relations not written are alliances

Names are matched without regard to case, accents, hyphens or apostrophes, through the board's
aliases (and its French and German names); a German umlaut may also be typed as two letters
(``Buendnis``, ``Aegypten``) and ``ß`` as ``ss`` (``Grossbritannien``). ``#`` starts a comment. A
header may also be written ``France:`` or ``France`` alone on a line, and an order may follow
``[France]`` on the same line. Power lists take commas, ``and``/``et``/``und`` or plain spaces; a
full stop or semicolon ending a line is ignored. Every line that cannot be used becomes a
:class:`VoidOrder` with a reason code, and nothing is guessed. Decisions: when a presence gets two
orders, or a power writes two landings or two sheets, the first one written counts and the later
ones are void; a power written both under war and alliance counts as alliance (an unreadable
relation).

Bounded work: reading is linear in the length of the text (each line is cut into words once;
multi-word power names are matched longest first over at most :data:`MAX_NAME_WORDS` words). A
text longer than :data:`MAX_SHEET_CHARS` characters is refused with :class:`SheetTooLongError`,
the only exception :func:`parse_sheets` raises. "Did you mean" suggestions are computed for the
first :data:`MAX_SUGGESTIONS` distinct unknown names of a text, each at most
:data:`MAX_SUGGESTION_CHARS` long; a quoted text in a reason is cut at :data:`MAX_QUOTE_CHARS`.

The module reads in three layers, top down in this file: the words (keywords of each language,
name keys, power and territory lookups with their "did you mean", and the reader that turns what
cannot be used into void orders), one order line (:class:`_Line`, collecting a power's orders in
a :class:`_SheetBuilder`), and the whole text (headers and sheets, :func:`parse_sheets`). The
header lines alone, by the same rule, are :func:`read_headers` (what sealing a seat's sheet
checks). Writing sheets is :mod:`~tabletop.games.africa1880.notation_format`.

>>> from tabletop.games.africa1880.board_files import load_board
>>> result = parse_sheets("[France]\\nAlgérie: développe\\nguerre: Allemagne", load_board())
>>> result.sheets["France"].orders, sorted(result.sheets["France"].wars)
((Develop(power='France', territory='Algeria'),), ['Germany'])
>>> result = parse_sheets("[Frankreich]\\nAlgeria: entwickeln\\nKrieg: Deutschland", load_board())
>>> result.sheets["France"].orders, sorted(result.sheets["France"].wars)
((Develop(power='France', territory='Algeria'),), ['Germany'])
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.notation_format import KEYWORDS, format_order
from tabletop.games.africa1880.orders import (
    CONTRADICTORY_RELATION,
    DUPLICATE_ORDER,
    DUPLICATE_SHEET,
    NO_HEADER,
    NOT_COASTAL,
    NOT_NEIGHBOUR,
    NOT_PLAYING,
    SECOND_LANDING,
    SELF_RELATION,
    SYNTAX,
    UNKNOWN_KEYWORD,
    UNKNOWN_POWER,
    UNKNOWN_TERRITORY,
    Develop,
    Explore,
    Hold,
    Landing,
    Order,
    OrderSheet,
    VoidOrder,
    void_order,
)
from tabletop.games.africa1880.powers import (
    POWER_SPELLINGS,
    POWERS,
    UnknownPower,
    lookup_power,
    name_key,
    power_name,
    sort_powers,
)
from tabletop.games.africa1880.relations import Relation

__all__ = [
    "MAX_NAME_WORDS",
    "MAX_QUOTE_CHARS",
    "MAX_SHEET_CHARS",
    "MAX_SHOWN_PROBLEMS",
    "MAX_SUGGESTION_CHARS",
    "MAX_SUGGESTIONS",
    "Header",
    "LandingChange",
    "OrderChange",
    "ParseResult",
    "RelationChange",
    "SheetChange",
    "SheetTooLongError",
    "edit_sheet",
    "is_header_line",
    "parse_sheets",
    "read_headers",
]

MAX_SHEET_CHARS = 65_536
"""The longest text :func:`parse_sheets` reads (64 KB of characters: a six-power round takes
about 5,000); a longer one is refused whole with :class:`SheetTooLongError`."""

MAX_SHOWN_PROBLEMS = 50
"""How many void lines :meth:`ParseResult.shown_void` gives a page before "and N more"."""


MAX_SUGGESTIONS = 32
"""Distinct unknown names per text that get a "did you mean" (the later ones get none)."""

MAX_SUGGESTION_CHARS = 40
"""No suggestion for a longer unknown name: no territory or power name is that long."""

MAX_QUOTE_CHARS = 120
"""A text quoted in a reason is cut after this many characters (the line itself is kept whole in
:attr:`VoidOrder.order_text`)."""


# --------------------------------------------------------------------------- words


# Keywords after normalize_name (lower case, no accents, ß as ss); several spellings each.
# German umlauts appear twice: as the plain vowel (what normalize_name makes of ü) and as ue.
DEVELOP_WORDS = frozenset(
    {"develop", "develops", "dev", "development", "developpe", "developper", "developpement"}
    | {"entwickeln", "entwickle", "entwickelt", "entwicklung"}
)
EXPLORE_WORDS = frozenset(
    {"explore", "explores", "exp", "explorer", "exploration"}
    | {"erkunden", "erkunde", "erkundet", "erkundung", "erforschen", "erforsche"}
)
HOLD_WORDS = frozenset(
    {"hold", "holds", "nothing", "do nothing", "none", "pass", "rien", "ne rien faire", "tenir"}
    | {"tient", "reste", "rester"}
    | {"halten", "halte", "halt", "haelt", "nichts", "nichts tun", "bleiben", "bleibt"}
)
LAND_WORDS = frozenset(
    {"land", "lands", "landing", "debarque", "debarquer", "debarquement", "debarquements"}
    | {"landen", "lande", "landet", "landung", "landungen"}
)
WAR_WORDS = frozenset({"war", "wars", "guerre", "guerres", "krieg", "kriege"})
ALLIANCE_WORDS = frozenset(
    {"alliance", "alliances", "ally", "allies", "allie", "peace", "paix"}
    | {"bundnis", "buendnis", "bundnisse", "buendnisse", "frieden", "verbundet", "verbuendet"}
)
NOBODY_WORDS = frozenset(
    {"none", "nobody", "no one", "aucun", "aucune", "personne", "niemand", "keiner", "keine"}
)
TOWARD_WORDS = frozenset(
    {"to", "toward", "towards", "vers", "en", "au", "a", "nach", "zu", "zum", "zur", "ins"}
)
_VERB_WORDS = DEVELOP_WORDS | EXPLORE_WORDS | HOLD_WORDS
_TARGET_SKIP = EXPLORE_WORDS | TOWARD_WORDS
_HOLD_PHRASE_WORDS = max(len(words.split()) for words in HOLD_WORDS)
# No leading or trailing \s* in these patterns: they made a regex search quadratic in a long run
# of spaces; the words around a match are split or stripped afterwards anyway.
_ARROW = re.compile(r"->|=>|→|⟶")
_LIST_SPLIT = re.compile(r"[,;/&+]|\band\b|\bet\b|\bund\b", re.IGNORECASE)

# Name keys are remembered only for short texts, so a long pasted line is not kept.
_CACHED_KEY_CHARS = 100


# Keys of short texts already seen (the same few words come back on every line and every read).
_KEYS: dict[str, str] = {}


def _key(text: str) -> str:
    """:func:`normalize_name` of ``text``."""
    found = _KEYS.get(text)
    if found is not None:
        return found
    found = normalize_name(text)
    if len(text) <= _CACHED_KEY_CHARS:
        if len(_KEYS) >= 16_384:
            _KEYS.clear()  # bounded memory; refilled by the next lines
        _KEYS[text] = found
    return found


def _quote(text: str) -> str:
    return text if len(text) <= MAX_QUOTE_CHARS else text[: MAX_QUOTE_CHARS - 1] + "…"


def _power_index() -> dict[str, str]:
    """Normalised spelling -> power, for every spelling :func:`lookup_power` accepts."""
    index: dict[str, str] = dict(POWER_SPELLINGS)
    for power in POWERS:
        for lang in ("en", "fr", "de"):
            index.setdefault(normalize_name(power_name(power, lang)), power)
    return index


_POWER_KEYS = _power_index()
# The same spellings as tuples of words, for the longest match in a list typed without commas.
_POWER_WORDS: dict[tuple[str, ...], str] = {tuple(k.split()): p for k, p in _POWER_KEYS.items()}
MAX_NAME_WORDS = max(len(words) for words in _POWER_WORDS)
"""The most words a power name has once normalised ("les pays bas")."""

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


class _BoardNames:
    """One board's name lookups, remembered: every spelling the board accepts, plus each
    spelling with a German umlaut written as two letters (``Aegypten`` for ``Ägypten``)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.found: dict[str, str | None] = {}
        self.suggestions: dict[str, str | None] = {}
        self.umlauts: dict[str, str] = {}
        for territory in board.territories.values():
            names = getattr(territory, "names", None)
            extra = tuple(names.values()) if isinstance(names, Mapping) else ()
            for spelling in (territory.name, *territory.aliases, *extra):
                if not isinstance(spelling, str):
                    continue
                spelled = spelling.translate(_UMLAUTS)
                if spelled != spelling and spelled not in board:
                    self.umlauts.setdefault(normalize_name(spelled), territory.name)

    def find(self, text: str) -> str | None:
        """The canonical name of ``text`` (already stripped), or None; no suggestion is made."""
        found = self.found.get(text)
        if found is None and text not in self.found:
            key = _key(text)
            found = self.board.find_key(key)
            if found is None:
                found = self.umlauts.get(key)
            if len(text) <= _CACHED_KEY_CHARS and len(self.found) < 4096:
                self.found[text] = found
        return found


# How many distinct reasons one reading remembers to share between its lines.
_MAX_SHARED_REASONS = 256

# Remembered suggestions for unknown power names (the same typo is typed again and again).
_POWER_SUGGESTIONS: dict[str, str | None] = {}

# Remembered board lookups, per board object (kept alive here, so ids cannot be reused).
_BOARDS: dict[int, _BoardNames] = {}


def _board_names(board: Board) -> _BoardNames:
    names = _BOARDS.get(id(board))
    if names is None or names.board is not board:
        if len(_BOARDS) >= 8:
            _BOARDS.clear()
        names = _BOARDS[id(board)] = _BoardNames(board)
    return names


class _Unknown(Exception):
    """A name that matched nothing: ``text`` as quoted, with ``suggestion`` when one is close."""

    def __init__(self, text: str, suggestion: str | None) -> None:
        self.text = text
        self.suggestion = suggestion


class _Reader:
    """The lookups of one call of :func:`parse_sheets`, with its budget of suggestions."""

    def __init__(self, board: Board) -> None:
        self.names = _board_names(board)
        self.board = board
        self.suggested: set[tuple[str, str]] = set()
        # Reasons already written, by (power, code, details): a text with thousands of void
        # lines builds each distinct sentence once.
        self.reasons: dict[tuple[object, ...], VoidOrder] = {}

    def void(
        self,
        power: str | None,
        line: str,
        code: str,
        number: int,
        suggestion: str | None = None,
        **details: object,
    ) -> VoidOrder:
        """:func:`void_order`, sharing one reason between the lines that have the same."""
        # Each call site passes its details in one order, so they need no sorting to be a key.
        key = (power, code, suggestion, tuple(details.items()))
        try:
            known = self.reasons.get(key)
        except TypeError:  # a detail that cannot be a key: no memory for this one
            return void_order(power, line, code, number, suggestion, **details)
        if known is None:
            known = void_order(power, line, code, number, suggestion, **details)
            # Bounded: a text of distinct unknown names would fill it for nothing.
            if len(self.reasons) < _MAX_SHARED_REASONS:
                self.reasons[key] = known
            return known
        # The same fields, in the order void_order gives them (dataclasses.replace is slower).
        # The reason keeps its code and values, so no translation is rendered here.
        return VoidOrder(known.power, line, known.cause, line=number)

    def _may_suggest(self, kind: str, key: str) -> bool:
        # The first MAX_SUGGESTIONS distinct unknown names get one, wherever it was computed.
        if not key or len(key) > MAX_SUGGESTION_CHARS:
            return False
        if (kind, key) in self.suggested:
            return True
        if len(self.suggested) >= MAX_SUGGESTIONS:
            return False
        self.suggested.add((kind, key))
        return True

    def territory(self, text: str) -> str:
        """Canonical name of a territory, or :class:`_Unknown` (also for an empty name)."""
        cleaned = text.strip().strip(":").strip()
        if not cleaned:
            raise _Unknown(text.strip(), None)
        found = self.names.find(cleaned)
        if found is not None:
            return found
        key = _key(cleaned)
        suggestion = None
        if self._may_suggest("territory", key):
            cache = self.names.suggestions
            if key in cache:
                suggestion = cache[key]
            else:
                suggestion = cache[key] = self.board.suggest(cleaned)
        raise _Unknown(cleaned, suggestion)

    def power(self, text: str) -> str | None:
        """The power named by ``text`` (any spelling :func:`lookup_power` reads), or None."""
        return _POWER_KEYS.get(_key(text))

    def unknown_power(self, text: str) -> _Unknown:
        """The error for ``text``, which names no power, with the suggestion of lookup_power."""
        cleaned = text.strip()
        key = _key(cleaned)
        suggestion = None
        if self._may_suggest("power", key):
            if key in _POWER_SUGGESTIONS:
                suggestion = _POWER_SUGGESTIONS[key]
            else:
                try:
                    lookup_power(cleaned)
                except UnknownPower as error:
                    suggestion = error.suggestion
                if len(_POWER_SUGGESTIONS) < 4096:
                    _POWER_SUGGESTIONS[key] = suggestion
        return _Unknown(cleaned, suggestion)

    def powers_by_words(self, text: str) -> list[str] | None:
        """Split "Germany Great Britain" into powers, longest names first; None if a word is left.

        Linear: from each word at most MAX_NAME_WORDS words are tried, as tuples of name keys.
        """
        found = self.power_words(text)
        return None if found is None else [power for power, _ in found]

    def power_words(self, text: str) -> list[tuple[str, str]] | None:
        """:meth:`powers_by_words`, each power with its words as typed."""
        typed = [(word, tuple(_key(word).split())) for word in text.split()]
        typed = [(word, key) for word, key in typed if key]  # a lone "-" is part of no name
        words = [key for _, key in typed]
        found = []
        start = 0
        while start < len(words):
            best: tuple[str, int] | None = None
            candidate: tuple[str, ...] = ()
            for end in range(start, min(len(words), start + MAX_NAME_WORDS)):
                candidate += words[end]
                if len(candidate) > MAX_NAME_WORDS:
                    break
                power = _POWER_WORDS.get(candidate)
                if power is not None:
                    best = (power, end + 1)
            if best is None:
                return None
            found.append((best[0], " ".join(word for word, _ in typed[start : best[1]])))
            start = best[1]
        return found or None


# --------------------------------------------------------------------------- one line


class _SheetBuilder:
    """Collects one power's orders while its lines are read."""

    def __init__(self, power: str) -> None:
        self.power = power
        self.orders: list[Order] = []
        self.sources: set[str] = set()
        self.landing: Landing | None = None
        self.landing_written = False
        self.wars: set[str] = set()
        self.alliances: set[str] = set()
        self.contradicted: set[str] = set()
        self.void: list[VoidOrder] = []
        self.written: dict[Order | Landing, tuple[int, str]] = {}
        # What each line number holds, for edit_sheet: ("order", source), ("landing", ""),
        # ("relation", "war" or "alliance"); a line that holds nothing is not here.
        self.claims: dict[int, tuple[str, str]] = {}

    def build(self) -> OrderSheet:
        return OrderSheet(
            self.power,
            tuple(self.orders),
            self.landing,
            frozenset(self.wars),
            tuple(self.void),
            dict(self.written),
        )


class _Line:
    """One order line of a sheet, read once into words; each step below is linear in it."""

    def __init__(
        self,
        line: str,
        number: int,
        sheet: _SheetBuilder,
        reader: _Reader,
        playing: tuple[str, ...],
    ) -> None:
        self.line = line
        self.number = number
        self.sheet = sheet
        self.reader = reader
        self.board = reader.board
        self.playing = playing

    def void(self, code: str, suggestion: str | None = None, **details: object) -> None:
        sheet = self.sheet
        item = self.reader.void(sheet.power, self.line, code, self.number, suggestion, **details)
        sheet.void.append(item)

    def unknown(self, code: str, error: _Unknown) -> None:
        self.void(code, error.suggestion, text=_quote(error.text))

    def parse(self) -> None:
        line = self.line
        arrow = _ARROW.search(line)
        if arrow is not None:
            left, right = line[: arrow.start()], line[arrow.end() :]
            left_words = left.replace(":", " ").split()
            left_keys = _key(left.replace(":", " ")).split()
            if left_keys and left_keys[-1] in EXPLORE_WORDS:
                left = " ".join(left_words[:-1])
            right_words = right.split()
            skip = 0
            while skip < len(right_words) and _key(right_words[skip]) in _TARGET_SKIP:
                skip += 1
            self.explore(left, " ".join(right_words[skip:]))
            return
        if ":" in line:
            head, rest = line.split(":", 1)
            head_key = _key(head)
            rest = rest.strip()
            if head_key in LAND_WORDS:
                self.landing(rest)
                return
            if head_key in WAR_WORDS or head_key in ALLIANCE_WORDS:
                self.relations(rest, war=head_key in WAR_WORDS)
                return
            rest_key = _key(rest)
            if (rest_key in WAR_WORDS or rest_key in ALLIANCE_WORDS) and self.reader.power(head):
                self.relations(head, war=rest_key in WAR_WORDS)
                return
            self.presence_order(head, rest)
            return
        words = line.split()
        keys = [_key(word) for word in words]
        first = keys[0]
        if first in LAND_WORDS:
            self.landing(" ".join(words[1:]))
            return
        if first in WAR_WORDS or first in ALLIANCE_WORDS:
            self.relations(" ".join(words[1:]), war=first in WAR_WORDS)
            return
        index = self._verb_index(keys)
        if index is None:
            self.void(UNKNOWN_KEYWORD, text=_quote(line))
            return
        self.presence_order(" ".join(words[:index]), " ".join(words[index:]))

    @staticmethod
    def _verb_index(keys: list[str]) -> int | None:
        """The first word after the first that starts an order ("explore", or "do nothing" up
        to the end of the line), or None. Linear: the phrases at the end of the line are built
        back to front, for at most as many words as the longest hold phrase has."""
        if len(keys) < 2:
            return None
        phrases: dict[int, str] = {}
        phrase, count = "", 0
        for index in range(len(keys) - 1, 0, -1):
            if keys[index]:
                count += len(keys[index].split())
                if count > _HOLD_PHRASE_WORDS:
                    break
                phrase = f"{keys[index]} {phrase}" if phrase else keys[index]
            phrases[index] = phrase
        for index in range(1, len(keys)):
            if keys[index] in _VERB_WORDS or phrases.get(index) in HOLD_WORDS:
                return index
        return None

    def presence_order(self, head: str, rest: str) -> None:
        rest_key = _key(rest)
        words = rest.split()
        verb = _key(words[0]) if words else ""
        if not rest_key:
            self.void(SYNTAX)
            return
        if verb in EXPLORE_WORDS:
            skip = 1
            while skip < len(words) and _key(words[skip]) in TOWARD_WORDS:
                skip += 1
            self.explore(head, " ".join(words[skip:]))
            return
        if rest_key in DEVELOP_WORDS or rest_key in HOLD_WORDS:
            try:
                source = self.reader.territory(head)
            except _Unknown as error:
                self.unknown(UNKNOWN_TERRITORY, error)
                return
            kind = Develop if rest_key in DEVELOP_WORDS else Hold
            self.add_order(kind(self.sheet.power, source))
            return
        if verb in DEVELOP_WORDS or verb in HOLD_WORDS:
            self.void(SYNTAX)  # a develop or hold followed by stray words
            return
        self.void(UNKNOWN_KEYWORD, text=_quote(rest))

    def explore(self, source_text: str, target_text: str) -> None:
        sheet = self.sheet
        if not source_text.strip(" :") or not target_text.strip(" :"):
            self.void(SYNTAX)
            return
        try:
            source = self.reader.territory(source_text)
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if source in sheet.sources:
            self.void(DUPLICATE_ORDER, territory=source)
            return
        sheet.sources.add(source)  # even if the target is wrong: the first line written counts
        sheet.claims[self.number] = ("order", source)
        try:
            target = self.reader.territory(target_text)
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if target not in self.board.territories[source].neighbours:
            self.void(NOT_NEIGHBOUR, source=source, target=target)
            return
        order = Explore(sheet.power, source, target)
        sheet.orders.append(order)
        sheet.written[order] = (self.number, self.line)

    def add_order(self, order: Develop | Hold) -> None:
        sheet = self.sheet
        if order.source in sheet.sources:
            self.void(DUPLICATE_ORDER, territory=order.source)
            return
        sheet.sources.add(order.source)
        sheet.claims[self.number] = ("order", order.source)
        sheet.orders.append(order)
        sheet.written[order] = (self.number, self.line)

    def landing(self, rest: str) -> None:
        sheet = self.sheet
        words = rest.split()
        skip = 0
        while skip < len(words) and _key(words[skip]) in TOWARD_WORDS:
            skip += 1
        if skip == len(words):
            self.void(SYNTAX)
            return
        if sheet.landing_written:
            self.void(SECOND_LANDING)
            return
        sheet.landing_written = True
        sheet.claims[self.number] = ("landing", "")
        try:
            target = self.reader.territory(" ".join(words[skip:]))
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if not self.board.territories[target].coastal:
            self.void(NOT_COASTAL, territory=target)
            return
        sheet.landing = Landing(sheet.power, target)
        sheet.written[sheet.landing] = (self.number, self.line)

    def relations(self, rest: str, war: bool) -> None:
        sheet = self.sheet
        if _key(rest) in NOBODY_WORDS:
            return
        sheet.claims[self.number] = ("relation", "war" if war else "alliance")
        names: list[str] = []
        for item in _LIST_SPLIT.split(rest):
            if not item.strip():
                continue
            power = self.reader.power(item)
            if power is not None:
                names.append(power)
                continue
            spaced = self.reader.powers_by_words(item)  # "Germany Italy" written without a comma
            if spaced is None:
                self.unknown(UNKNOWN_POWER, self.reader.unknown_power(item))
            else:
                names.extend(spaced)
        for other in names:
            if other == sheet.power:
                self.void(SELF_RELATION)
                continue
            if other not in self.playing:
                self.void(NOT_PLAYING, absent=other)
                continue
            opposite = sheet.alliances if war else sheet.wars
            if other in opposite or other in sheet.contradicted:
                sheet.contradicted.add(other)
                sheet.wars.discard(other)  # an unreadable relation counts as alliance
                self.void(CONTRADICTORY_RELATION, other=other)
                continue
            (sheet.wars if war else sheet.alliances).add(other)


# --------------------------------------------------------------------------- the text


class SheetTooLongError(ValueError):
    """A typed text longer than :data:`MAX_SHEET_CHARS`: nothing of it is read.

    ``length`` and ``limit`` are the two numbers of the message, for a page to say it in its
    language.
    """

    def __init__(self, length: int, limit: int = MAX_SHEET_CHARS) -> None:
        self.length = length
        self.limit = limit
        super().__init__(
            f"the order sheets are {length:,} characters long; at most {limit:,} characters "
            f"({limit // 1024} KB) are read: shorten the text"
        )


@dataclass
class ParseResult:
    """What :func:`parse_sheets` read.

    ``sheets``: one :class:`OrderSheet` per power that has a sheet (a power without one holds
    everywhere and allies everyone). ``void``: every void line in text order. ``errors``: the void
    lines that belong to no playing power's sheet (text before any header, sheets of unknown or
    absent powers, second sheets); they are also in ``void``.
    """

    sheets: dict[str, OrderSheet] = field(default_factory=dict)
    void: list[VoidOrder] = field(default_factory=list)
    errors: list[VoidOrder] = field(default_factory=list)
    powers: tuple[str, ...] = POWERS

    @property
    def missing(self) -> tuple[str, ...]:
        """Playing powers without a sheet."""
        return tuple(p for p in self.powers if p not in self.sheets)

    def shown_void(self, limit: int = MAX_SHOWN_PROBLEMS) -> tuple[list[VoidOrder], int]:
        """The first ``limit`` void lines and how many more there are (for "and N more")."""
        limit = max(0, limit)
        return self.void[:limit], max(0, len(self.void) - limit)


def _strip_comment(line: str) -> str:
    # A full stop or semicolon at the end of a line is punctuation, not part of a name.
    return line.split("#", 1)[0].strip().rstrip(".;").strip()


def _split_header(line: str) -> tuple[str | None, str]:
    """``("France", rest)`` for ``[France] rest``; ``(None, line)`` for any other line."""
    if not line.startswith("["):
        return None, line
    close = line.find("]")
    if close == -1:
        return line.strip("[ \t"), ""
    return line[1:close].strip(), line[close + 1 :].strip()


def _header_of(line: str) -> tuple[str | None, str]:
    """``(header, rest)`` when ``line`` (its comment stripped) opens a sheet: ``[France] rest``,
    ``France:`` or ``France`` alone; ``(None, line)`` for any other line."""
    header, rest = _split_header(line)
    if header is None:
        bare = line.rstrip(":").strip()
        if bare and ":" not in bare and _POWER_KEYS.get(_key(bare)) and not _ARROW.search(bare):
            return bare, ""
    return header, rest


def _refusal(power: str | None, playing: tuple[str, ...], opened: Container[str]) -> str | None:
    """Why a header naming ``power`` opens no sheet (None when it opens one)."""
    if power is None:
        return UNKNOWN_POWER
    if power not in playing:
        return NOT_PLAYING
    if power in opened:
        return DUPLICATE_SHEET
    return None


def is_header_line(line: str) -> bool:
    """True for a line :func:`parse_sheets` reads as a sheet header (``[Power]``, ``Power:``,
    ``Power`` alone, a comment after it). Constant work per line: no "did you mean" is sought.

    >>> is_header_line("[Germany]"), is_header_line("Allemagne: # note"), is_header_line("war")
    (True, True, False)
    """
    text = _strip_comment(line)
    return bool(text) and _header_of(text)[0] is not None


@dataclass(frozen=True)
class Header:
    """One header line of a typed text, read as :func:`parse_sheets` reads it.

    ``number``: its line, from 1; ``text``: the line without its comment; ``power``: the power it
    names (None when it names none); ``refused``: why it opens no sheet (``unknown_power``,
    ``not_playing`` or ``duplicate_sheet``), None when it opens ``power``'s sheet.
    """

    number: int
    text: str
    power: str | None
    refused: str | None = None


def read_headers(text: str, powers: Iterable[str] | None = None) -> list[Header]:
    """The header lines of ``text``, in order, without reading any order.

    The same rule as :func:`parse_sheets` decides what a header is and which sheet it opens, so
    a text can be checked for its headers (a seat sealing its sheet) without being read whole.
    Raises :class:`SheetTooLongError` for the texts :func:`parse_sheets` refuses.

    >>> text = "[France]\\nAlgeria: develop\\nDeutschland:\\n[France]\\n[Spain] # note"
    >>> for header in read_headers(text, ["France", "Germany"]):
    ...     print(header.number, header.text, header.power, header.refused)
    1 [France] France None
    3 Deutschland: Germany None
    4 [France] France duplicate_sheet
    5 [Spain] None unknown_power
    """
    text = str(text)
    if len(text) > MAX_SHEET_CHARS:
        raise SheetTooLongError(len(text))
    playing = sort_powers(powers if powers is not None else POWERS)
    opened: set[str] = set()
    found: list[Header] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        header = _header_of(line)[0] if line else None
        if header is None:
            continue
        power = _POWER_KEYS.get(_key(header))
        refused = _refusal(power, playing, opened)
        if refused is None and power is not None:
            opened.add(power)
        found.append(Header(number, line, power, refused))
    return found


def parse_sheets(text: str, board: Board, powers: Iterable[str] | None = None) -> ParseResult:
    """Read the typed order sheets of a round.

    ``powers`` are the powers playing (default: all six); sheets of other powers are void. Any
    text up to :data:`MAX_SHEET_CHARS` characters is read, in time linear in its length, and
    never raises; a longer one raises :class:`SheetTooLongError` (a ``ValueError``).
    """
    return _read(text, board, powers)[0]


def _read(
    text: str, board: Board, powers: Iterable[str] | None
) -> tuple[ParseResult, dict[str, _SheetBuilder]]:
    """:func:`parse_sheets`, with the builders of the sheets read (what each line holds)."""
    text = str(text)
    if len(text) > MAX_SHEET_CHARS:
        raise SheetTooLongError(len(text))
    playing = sort_powers(powers if powers is not None else POWERS)
    reader = _Reader(board)
    result = ParseResult(powers=playing)
    builders: dict[str, _SheetBuilder] = {}
    current: _SheetBuilder | None = None
    # When the current header cannot be used: (power or None, code, details) for its lines.
    refused: tuple[str | None, str, dict[str, Any]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        header, rest = _header_of(line)
        if header is not None:
            current, refused = None, None
            power = reader.power(header)
            code = _refusal(power, playing, builders)
            if code == UNKNOWN_POWER:
                error = reader.unknown_power(header)
                details = {"text": _quote(error.text), "suggestion": error.suggestion}
                refused = (None, code, details)
            elif code is not None:
                refused = (power, code, {})
            else:
                assert power is not None
                current = builders[power] = _SheetBuilder(power)
            if refused is not None:
                who, code, details = refused
                item = reader.void(who, line, code, number, **details)
                result.void.append(item)
                result.errors.append(item)
                continue
            if not rest:
                continue
            line = rest  # "[France] Algeria: develop": the order after the header counts
        if current is None:
            if refused is None:
                item = reader.void(None, line, NO_HEADER, number)
            else:
                who, code, details = refused
                item = reader.void(who, line, code, number, **details)
            result.void.append(item)
            result.errors.append(item)
            continue
        before = len(current.void)
        _Line(line, number, current, reader, playing).parse()
        result.void.extend(current.void[before:])
    result.sheets = {p: builders[p].build() for p in playing if p in builders}
    return result, builders


# --------------------------------------------------------------------------- editing the text


@dataclass(frozen=True)
class OrderChange:
    """A menu's choice: the order for the presence in ``territory`` (``kind`` "hold",
    "develop", "explore" with its ``target``; "" or an explore without a target: no order)."""

    territory: str
    kind: str
    target: str = ""


@dataclass(frozen=True)
class LandingChange:
    """A menu's choice: land on ``target`` (None or "": no landing)."""

    target: str | None


@dataclass(frozen=True)
class RelationChange:
    """A tap on a relation button or a grid cell: declare ``relation`` toward ``toward``."""

    toward: str
    relation: Relation


SheetChange = OrderChange | LandingChange | RelationChange
"""A structured change of one power's sheet, applied to its text by :func:`edit_sheet`."""

# The powers a relation list's item names, each with its words as typed.
_Named = list[tuple[str, str]]

_LIST_SEPARATORS = re.compile(f"({_LIST_SPLIT.pattern})", re.IGNORECASE)


class _TextLine:
    """One line of a sheet's text, cut as the reader cuts it: indent, the part read, what follows
    it (spaces, a final full stop or semicolon), the comment and the line's ending."""

    def __init__(self, raw: str) -> None:
        pieces = raw.splitlines()
        self.content = pieces[0] if pieces else ""
        self.ending = raw[len(self.content) :]
        code = self.content.split("#", 1)[0]
        self.comment = self.content[len(code) :]
        start = len(code) - len(code.lstrip())
        end = len(code.rstrip().rstrip(".;").rstrip())
        self.indent, self.core, self.tail = code[:start], code[start:end], code[end:]

    def with_core(self, core: str) -> str:
        """The line with ``core`` in place of the part read (indent, comment and ending kept)."""
        return self.indent + core + self.tail + self.comment + self.ending

    def removed(self) -> str:
        """What is left of the line without its part read: its comment alone, or nothing."""
        return self.indent + self.comment + self.ending if self.comment else ""


class _SheetEdit:
    """The lines of one power's sheet text and what the reader found on each, for one change."""

    def __init__(
        self, body: str, power: str, board: Board, powers: Iterable[str] | None, lang: str
    ) -> None:
        self.power = power
        code = str(getattr(lang, "value", lang))
        self.lang = code if code in KEYWORDS else "en"
        self.reader = _Reader(board)
        self.lines = str(body).splitlines(keepends=True)
        self.cut = [_TextLine(raw) for raw in self.lines]
        # A header typed inside one power's box opens no sheet there: it is read as a comment.
        read = [
            "# " + line.content if is_header_line(line.content) else line.content
            for line in self.cut
        ]
        playing = sort_powers(powers if powers is not None else POWERS)
        self.playing = frozenset(playing) - {power}
        _, builders = _read("\n".join([f"[{power}]", *read]), board, playing)
        builder = builders.get(power)
        # The reader numbers the header line 1: the body's line i is the reader's i + 2.
        self.claims = {n - 2: claim for n, claim in (builder.claims if builder else {}).items()}

    def text(self) -> str:
        return "".join(self.lines)

    def claimed(self, kind: str, what: str | None = None) -> list[int]:
        """The lines (in order) holding ``kind`` (and ``what`` when given)."""
        return sorted(
            i for i, (k, w) in self.claims.items() if k == kind and (what is None or w == what)
        )

    def replace(self, index: int, core: str | None) -> None:
        """Line ``index`` with ``core`` as its part read (None: the line goes, its comment
        stays)."""
        line = self.cut[index]
        self.lines[index] = line.removed() if core is None else line.with_core(core)

    def insert(self, after: int, line: str) -> None:
        """A new line after line ``after`` (-1: first); the line before it gets an ending."""
        if after >= 0 and self.lines[after] and not self.lines[after].endswith(("\n", "\r")):
            self.lines[after] += "\n"
        self.lines.insert(after + 1, line + "\n")

    def last_written(self) -> int:
        """The last line that is not blank (-1 when there is none)."""
        for index in range(len(self.lines) - 1, -1, -1):
            if self.lines[index].strip():
                return index
        return -1

    def place(self, before_kinds: tuple[str, ...], after_kinds: tuple[str, ...]) -> int:
        """Where a new line goes: before the first line holding one of ``before_kinds``, else
        after the last line holding one of ``after_kinds``, else after the last line written."""
        before = [i for i, (k, _) in self.claims.items() if k in before_kinds]
        if before:
            return min(before) - 1
        after = [i for i, (k, _) in self.claims.items() if k in after_kinds]
        return max(after) if after else self.last_written()

    # ----------------------------------------------------------------- the changes
    def order(self, change: OrderChange) -> None:
        new: Order | None = None
        if change.kind == "hold":
            new = Hold(self.power, change.territory)
        elif change.kind == "develop":
            new = Develop(self.power, change.territory)
        elif change.kind == "explore" and change.target:
            new = Explore(self.power, change.territory, change.target)
        elif change.kind not in ("", "explore"):
            raise ValueError(f"unknown order kind {change.kind!r}")
        core = None if new is None else format_order(new, self.lang)
        held = self.claimed("order", change.territory)
        if held:
            self.replace(held[0], core)
            return
        if core is None:
            return
        # Among the order lines, in the menus' order of presences (as format_sheet writes them).
        rank = (name_key(change.territory), change.territory)
        orders = [(i, w) for i, (k, w) in sorted(self.claims.items()) if k == "order"]
        later = [i for i, w in orders if (name_key(w), w) > rank]
        if later:
            at = later[0] - 1
        elif orders:
            at = orders[-1][0]
        else:
            at = self.place(("landing", "relation"), ())
        self.insert(at, core)

    def landing(self, change: LandingChange) -> None:
        core = None
        if change.target:
            core = format_order(Landing(self.power, change.target), self.lang)
        held = self.claimed("landing")
        if held:
            self.replace(held[0], core)
        elif core is not None:
            self.insert(self.place(("relation",), ("order",)), core)

    def relation(self, change: RelationChange) -> None:
        toward = change.toward
        if toward == self.power:
            raise ValueError("a power declares no relation toward itself")
        want = Relation(change.relation).value
        naming_it = False
        clean: int | None = None
        for index in self.claimed("relation"):
            kind = self.claims[index][1]
            items = self._items(index)
            if items is None:  # "Germany: war": the line names one power
                named = self.reader.power(self.cut[index].core.split(":", 1)[0]) == toward
                if named and kind != want:
                    self.replace(index, None)
                naming_it = naming_it or (named and kind == want)
                continue
            named = any(power == toward for _, found in items[1] for power, _ in found or ())
            if named and kind != want:
                self._rewrite(index, items, without=toward)
            elif named:
                naming_it = True
            readable = all(
                found and all(power in self.playing for power, _ in found) for _, found in items[1]
            )
            if kind == want and clean is None and readable:
                clean = index
        if naming_it:
            return
        if clean is not None:
            self._rewrite(clean, self._items(clean), adding=toward)  # type: ignore[arg-type]
        elif want == Relation.WAR.value:
            word = KEYWORDS.get(self.lang, KEYWORDS["en"])["war"]
            line = f"{word}: {power_name(toward, self.lang)}"
            alliances = self.claimed("relation", Relation.ALLIANCE.value)
            relations = self.claimed("relation")
            if alliances:
                at = alliances[0] - 1
            else:
                at = relations[-1] if relations else self.place((), ("order", "landing"))
            self.insert(at, line)

    def _items(self, index: int) -> tuple[str, list[tuple[str, _Named | None]]] | None:
        """``(head, [(item, its powers or None)])`` of a relation list line, as the reader cuts
        it (``war: A, B``, ``war A B``); None for ``Germany: war``."""
        core = self.cut[index].core
        if ":" in core:
            head, rest = core.split(":", 1)
            if _key(head) not in WAR_WORDS and _key(head) not in ALLIANCE_WORDS:
                return None
            head += ":"
        else:
            end = len(core.split()[0])  # the core starts with its first word
            head, rest = core[:end], core[end:]
        pieces = _LIST_SEPARATORS.split(rest)
        items: list[tuple[str, _Named | None]] = []
        for piece in pieces[::2]:
            item = piece.strip()
            if not item:
                continue
            power = self.reader.power(item)
            items.append((item, [(power, item)] if power else self.reader.power_words(item)))
        return head, items

    def _rewrite(
        self,
        index: int,
        cut: tuple[str, list[tuple[str, _Named | None]]],
        without: str | None = None,
        adding: str | None = None,
    ) -> None:
        head, items = cut
        kept: list[tuple[str, _Named | None]] = []
        for item, named in items:
            if named and any(power == without for power, _ in named):
                rest = [(power, words) for power, words in named if power != without]
                if rest:  # "Germany Italy" without Germany: Italy's words as typed
                    kept.append((" ".join(words for _, words in rest), rest))
                continue
            kept.append((item, named))
        if adding is not None:
            at = len(kept)
            for position, (_, named) in enumerate(kept):
                first = named[0][0] if named else ""
                if first in POWERS and POWERS.index(first) > POWERS.index(adding):
                    at = position
                    break
            kept.insert(at, (power_name(adding, self.lang), [(adding, "")]))
        if not kept:
            self.replace(index, None)
            return
        self.replace(index, f"{head} {', '.join(item for item, _ in kept)}")


def edit_sheet(
    body: str,
    power: str,
    change: SheetChange,
    board: Board,
    powers: Iterable[str] | None = None,
    lang: str = "en",
) -> str:
    """``power``'s sheet text ``body`` (without its header) with ``change`` applied to the text.

    Only the line concerned is edited, added or taken out: the line holding the presence's
    order (a menu), the landing line, the relation lines naming the power (a tap or a grid
    cell); a new line goes where :func:`~tabletop.games.africa1880.notation_format.format_sheet`
    would write it, in ``lang``'s keywords. Every other line stays as typed and in its place,
    the lines the reader cannot use included (their warnings stay until the player removes
    them), and so do comments and the endings of lines. A line taken out leaves its comment.
    A header typed inside the body is read as a comment, as a page's box does. Raises
    :class:`SheetTooLongError` for the texts :func:`parse_sheets` refuses.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> body = "Algeria: develop\\nexplore Mauretania\\nwar: Germany\\n"
    >>> board = load_board()
    >>> print(edit_sheet(body, "France", RelationChange("Italy", Relation.WAR), board), end="")
    Algeria: develop
    explore Mauretania
    war: Germany, Italy
    >>> print(edit_sheet(body, "France", OrderChange("Algeria", "hold"), board), end="")
    Algeria: hold
    explore Mauretania
    war: Germany
    """
    if len(str(body)) > MAX_SHEET_CHARS:
        raise SheetTooLongError(len(str(body)))
    edit = _SheetEdit(body, power, board, powers, lang)
    if isinstance(change, OrderChange):
        edit.order(change)
    elif isinstance(change, LandingChange):
        edit.landing(change)
    elif isinstance(change, RelationChange):
        edit.relation(change)
    else:
        raise TypeError(f"not a sheet change: {change!r}")
    return edit.text()
