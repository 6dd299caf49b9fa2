"""The words of the order-sheet notation and how names are read: the keywords of each language
(English, French, German), the fast name keys, power and territory lookups with their "did you
mean", and the reader that turns what cannot be used into void orders (one reason per sentence).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.orders import VoidOrder, void_order
from tabletop.games.africa1880.powers import (
    POWER_SPELLINGS,
    POWERS,
    UnknownPower,
    lookup_power,
    power_name,
)

MAX_SUGGESTIONS = 32
"""Distinct unknown names per text that get a "did you mean" (the later ones get none)."""

MAX_SUGGESTION_CHARS = 40
"""No suggestion for a longer unknown name: no territory or power name is that long."""

MAX_QUOTE_CHARS = 120
"""A text quoted in a reason is cut after this many characters (the line itself is kept whole in
:attr:`VoidOrder.order_text`)."""


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

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {
        "develop": "develop",
        "explore": "explore",
        "hold": "hold",
        "land": "land",
        "war": "war",
        "alliance": "alliance",
    },
    "fr": {
        "develop": "développe",
        "explore": "explore",
        "hold": "rien",
        "land": "débarque",
        "war": "guerre",
        "alliance": "alliance",
    },
    "de": {
        "develop": "entwickeln",
        "explore": "erkunden",
        "hold": "halten",
        "land": "landen",
        "war": "Krieg",
        "alliance": "Bündnis",
    },
}
"""The keywords :func:`format_sheet` writes, per interface language (English for any other)."""

# Name keys are remembered only for short texts, so a long pasted line is not kept.
_CACHED_KEY_CHARS = 100
# normalize_name on plain ASCII: lower case, and these marks read as spaces (a test holds the two
# equal); about ten times faster than the general path, which handles accents.
_ASCII_SPACES = str.maketrans({mark: " " for mark in "'`_.-"})


# Keys of short texts already seen (the same few words come back on every line and every read).
_KEYS: dict[str, str] = {}


def _key(text: str) -> str:
    """:func:`normalize_name` of ``text``."""
    found = _KEYS.get(text)
    if found is not None:
        return found
    if text.isascii():
        found = " ".join(text.lower().translate(_ASCII_SPACES).split())
    else:
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
            if text in self.board:
                found = self.board.lookup(text)
            else:
                found = self.umlauts.get(_key(text))
            if len(text) <= _CACHED_KEY_CHARS and len(self.found) < 4096:
                self.found[text] = found
        return found


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
        self.reasons: dict[tuple, VoidOrder] = {}

    def void(
        self,
        power: str | None,
        line: str,
        code: str,
        number: int,
        suggestion: str | None = None,
        **details: object,
    ) -> VoidOrder:
        """:func:`void_order`, remembering the sentences (they depend only on the key)."""
        key = (power, code, suggestion, tuple(sorted(details.items())))
        try:
            known = self.reasons.get(key)
        except TypeError:  # a detail that cannot be a key: no memory for this one
            return void_order(power, line, code, number, suggestion, **details)
        if known is None:
            known = void_order(power, line, code, number, suggestion, **details)
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
        words = [tuple(_key(word).split()) for word in text.split()]
        words = [w for w in words if w]  # a lone "-" is part of no name
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
            found.append(best[0])
            start = best[1]
        return found or None
