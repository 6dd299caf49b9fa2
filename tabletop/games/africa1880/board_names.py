"""How territory names are compared: a normalised key (case, accents, hyphens and apostrophes
ignored), the same key without spaces, and the closest known name for a "did you mean".
"""

from __future__ import annotations

import difflib
import functools
import unicodedata
from collections.abc import Iterable

# Apostrophes and similar marks people type inside names ("Côte d'Ivoire", "Côte-de-l’Or").
_JOINERS = frozenset("'`\u00b4\u2018\u2019\u02bc\u02b9_.")
# The same marks within ASCII, plus the one ASCII dash: on plain ASCII text the key is only lower
# case with these read as spaces (a test holds the two paths equal). A bytes table does both in
# one pass, many times faster than the general path or than str.translate.
_ASCII_KEY = bytes.maketrans(b"'`_.-ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"     abcdefghijklmnopqrstuvwxyz")


class _KeyChars(dict[int, str]):
    """What each character becomes in a key, decided once per character (``str.translate``
    then does the whole text in C: a 64 KB sheet of U+FDFA decomposes to over a million)."""

    #: Characters remembered at most: text made of every character of Unicode stays bounded.
    LIMIT = 50_000

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if unicodedata.combining(char):
            value = ""  # an accent separated from its letter by NFKD
        elif char.isspace() or char in _JOINERS or unicodedata.category(char) == "Pd":
            value = " "
        else:
            value = char
        if len(self) >= self.LIMIT:
            self.clear()
        self[code] = value
        return value


_KEY_CHARS = _KeyChars()


def _normalize_once(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join(decomposed.translate(_KEY_CHARS).split())


def normalize_name(text: str) -> str:
    """Return the comparison key of a territory name.

    Case, accents, hyphens, apostrophes and runs of spaces are ignored:

    >>> normalize_name("  Côte-de-l'Or ")
    'cote de l or'
    """
    if text.isascii():
        return " ".join(text.encode().translate(_ASCII_KEY).decode().split())
    return _unicode_key(text)


# The parser asks for the key of one name several times; a few recent ones are kept (a long
# name of expanding characters costs a tenth of a second each time).
@functools.lru_cache(maxsize=8)
def _unicode_key(text: str) -> str:
    # Case folding can uncover new accents (and NFKD new capitals), so repeat until stable; real
    # text settles after one or two passes. The bound only guards against pathological input.
    result = _normalize_once(text)
    for _ in range(4):
        again = _normalize_once(result)
        if again == result:
            break
        result = again
    return result


def compact_key(key: str) -> str:
    """A comparison key without its spaces, to read "GoldCoast" as "Gold Coast".

    >>> compact_key(normalize_name("Côte d'Ivoire"))
    'cotedivoire'
    """
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


def close_matches(key: str, candidates: Iterable[str], n: int, cutoff: float = 0.6) -> list[str]:
    """:func:`difflib.get_close_matches`, the same result, sooner.

    Only the letters of a candidate that occur in ``key`` can match, so twice their number over
    both lengths bounds difflib's ratio from above (its own quick bounds count the same letters
    more strictly). That count is made in C, by deleting ``key``'s letters from the candidate;
    the few candidates it leaves go through difflib.

    >>> close_matches("frnce", ["france", "italy", "belgium"], n=1)
    ['france']
    """
    absent = {ord(char): None for char in set(key)}
    kept = []
    for candidate in candidates:
        shared = len(candidate) - len(candidate.translate(absent))
        # A hair of slack, so that a rounding never drops a candidate difflib would keep.
        if 2.0 * shared >= cutoff * (len(key) + len(candidate)) - 1e-9:
            kept.append(candidate)
    return difflib.get_close_matches(key, kept, n=n, cutoff=cutoff)


def closest_key(key: str, candidates: Iterable[str]) -> str | None:
    """The candidate key nearest to ``key`` (a "did you mean"), or None when nothing is close.

    difflib shortlists; the edit distance then prefers "Libya" over "Liberia" for "Lybia":

    >>> closest_key("lybia", ["liberia", "libya", "egypt"])
    'libya'
    """
    if not key:
        return None
    shortlist = close_matches(key, candidates, n=5)
    if not shortlist:
        return None
    return min(shortlist, key=lambda candidate: _edit_distance(key, candidate))
