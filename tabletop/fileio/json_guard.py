"""Hostile-proof JSON: the nesting, the size of numbers and the text of strings are checked before
and after ``json.loads``, so no parser or checker recurses deeply, formats a huge number or lets
a NUL or a lone surrogate through.
"""

from __future__ import annotations

import gc
import json
import math
import os
import re
from itertools import accumulate, chain
from typing import Any

from tabletop.fileio.messages import FileFormatError, bounded_message, readable_size
from tabletop.fileio.reading import read_bytes

#: Far above any real game file (a finished six-power game with its board takes about 50 KB); a
#: bigger file or upload is refused before it is read or parsed, which also bounds the work one
#: visitor can cause (reading and checking 4 MB of hostile JSON takes well under a second).
MAX_JSON_BYTES = 4 * 1024 * 1024
#: Deepest nesting of lists and objects accepted (real files nest 6 levels); checked before
#: ``json.loads`` runs, so no parser or checker ever recurses deeper than this.
MAX_DEPTH = 64
#: Longest whole number accepted (no game counts past a few thousand).
MAX_INT_DIGITS = 18
#: Most items in one list or object (a drawn outline has a few hundred points; a game lists six
#: powers): bounds what every checker after this one may loop over, so a file of 100,000 power
#: names is refused at once instead of being checked name by name.
MAX_ITEMS = 2_000


# Strings (with their escapes) hide brackets from the depth count; only brackets are kept. The
# closing quote is optional so that an unterminated string is one match to the end (otherwise
# every escaped quote after it would start a new scan to the end: quadratic).
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
#: Every byte but the four brackets, deleted in one ``bytes.translate`` pass.
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: The step of the nesting level at each bracket, indexed by its byte.
_STEPS = [1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(256)]


def _nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text (strings skipped), in linear time.

    Every loop runs in C (a regular expression, ``bytes.translate``, ``accumulate``): about
    20 ms for 200,000 brackets, and no Python statement per character.
    """
    outside_strings = _STRING_RE.sub("", text).encode("utf-8", "replace")
    brackets = outside_strings.translate(None, _NOT_BRACKETS)
    return max(0, max(accumulate(map(_STEPS.__getitem__, brackets)), default=0))


class NotUtf8Error(FileFormatError):
    """Bytes that are not UTF-8 text; ``start`` is the offset of the first bad byte (a page
    says so in its own words)."""

    start: int = 0


class NotJsonError(FileFormatError):
    """Text that is not JSON; ``line`` and ``msg`` say where and what, as the parser says it (a
    page says so in its own words)."""

    line: int = 0
    msg: str = ""


def _refuse_constant(name: str) -> Any:
    raise FileFormatError(f"{name} is not a JSON number")


def parse_json_bytes(data: bytes | str, max_bytes: int | None = None) -> Any:
    """Parse JSON sent by anyone; every refusal is a one-line :class:`FileFormatError`.

    Refused: more than ``max_bytes`` (default :data:`MAX_JSON_BYTES`), bytes that are not UTF-8,
    nesting deeper than :data:`MAX_DEPTH` (checked before parsing), invalid JSON, ``NaN`` and
    ``Infinity``, and whatever :func:`check_json_value` refuses (NUL characters, lone surrogates,
    numbers of more than :data:`MAX_INT_DIGITS` digits). The messages quote none of the input
    beyond a line and column. A byte order mark is skipped. Bytes that are not UTF-8 raise
    :class:`NotUtf8Error`, text that is not JSON :class:`NotJsonError` (both
    ``FileFormatError``).

    This is the one reader of JSON a person gives (a command-line file, an upload, a server's
    game file), so every way in refuses the same files with the same words.
    """
    limit = MAX_JSON_BYTES if max_bytes is None else max_bytes
    if len(data) > limit:
        raise FileFormatError(f"too large (more than {readable_size(limit)})")
    if isinstance(data, str):
        text = data
    else:
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            refusal = NotUtf8Error(f"not a text file (not UTF-8, at byte {error.start})")
            refusal.start = error.start
            raise refusal from None
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    if not text.strip():
        raise FileFormatError("the file is empty (a JSON object is expected)")
    if _nesting(text) > MAX_DEPTH:
        raise FileFormatError(f"nested too deeply (more than {MAX_DEPTH} levels)")
    # JSON values hold no reference cycles: the cycle collector would only rescan the whole
    # process for each burst of new lists (seconds in a large process for 100,000 of them).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _parse_checked(text)
    finally:
        if collecting:
            gc.enable()


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file named by the person running the program (command line, server
    configuration): at most :data:`MAX_JSON_BYTES`, parsed by :func:`parse_json_bytes`; raises
    ``FileFormatError`` with one clear line on any problem, the path first."""
    data = read_bytes(path, MAX_JSON_BYTES, "a game file")
    try:
        return parse_json_bytes(data, MAX_JSON_BYTES)
    except FileFormatError as error:
        raise FileFormatError.of_file(path, error.reason) from None


def _parse_checked(text: str) -> Any:
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        refusal = NotJsonError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        )
        refusal.line, refusal.msg = error.lineno, error.msg
        raise refusal from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise FileFormatError(f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as error:
        if isinstance(error, FileFormatError):
            raise
        # Python refuses to convert integers of more than 4,300 digits.
        raise FileFormatError(f"a number is too long (more than {MAX_INT_DIGITS} digits)") from None
    check_json_value(value)
    return value


Where = tuple[Any, str | int] | None  # (parent's place, key or index), linked to the top


def _where(where: Where) -> str:
    steps: list[str | int] = []
    while where is not None:
        where, step = where
        steps.append(step)
    out = ""
    for step in reversed(steps):
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return bounded_message(out or "the file", 80)


def _check_text(text: str, where: Where, key: bool = False) -> None:
    if text.isascii() and "\x00" not in text:
        return
    what = "a key" if key else "text"
    if "\x00" in text:
        raise FileFormatError(f"{_where(where)}: {what} holds a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise FileFormatError(
            f"{_where(where)}: {what} holds a lone surrogate (not valid Unicode)"
        ) from None


def _check_scalar(node: Any, where: Where) -> bool:
    """Check a leaf; False when ``node`` is a container (to be walked)."""
    kind = type(node)
    if kind is dict or kind is list:
        return False
    if kind is str:
        _check_text(node, where)
    elif kind is bool or node is None:
        pass
    elif isinstance(node, int) and not isinstance(node, bool):
        if not -_INT_LIMIT < node < _INT_LIMIT:
            raise FileFormatError(
                f"{_where(where)}: a number is too long (more than {MAX_INT_DIGITS} digits)"
            )
    elif isinstance(node, float):
        if not math.isfinite(node):
            raise FileFormatError(f"{_where(where)}: a number is too large")
    elif isinstance(node, str):
        _check_text(node, where)
    elif isinstance(node, (dict, list, tuple)):
        return False
    else:
        raise FileFormatError(f"{_where(where)}: not a JSON value ({type(node).__name__})")
    return True


_INT_LIMIT = 10**MAX_INT_DIGITS
#: The types :func:`_surely_clean` judges by itself; any other sends the data to the careful walk.
_PLAIN_TYPES = frozenset({dict, list, tuple, str, int, float, bool, type(None)})
_SEQUENCES = frozenset({list, tuple})
#: More values on one nesting level than 4 MB of JSON can hold: data shared many times over
#: (Python callers may pass such), left to the careful walk rather than copied level by level.
_MOST_VALUES_ON_A_LEVEL = MAX_JSON_BYTES


def _texts_are_clean(texts: list[str]) -> bool:
    joined = "".join(texts)
    if "\x00" in joined:
        return False
    if joined.isascii():
        return True
    try:
        joined.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _of_types(
    values: list[Any], present: set[type], wanted: frozenset[type] | set[type]
) -> list[Any]:
    """The values whose exact type is ``wanted``; ``present`` holds the types of all values."""
    if not present & wanted:
        return []
    if present <= wanted:
        return values
    return [v for v in values if type(v) in wanted]


def _surely_clean(value: Any) -> bool:
    """True when :func:`check_json_value` has nothing to refuse in ``value``, found quickly.

    The data is looked at one nesting level at a time, all values of a type at once, with loops
    that run in C and no record of where each value sits: about ten times faster than the
    careful walk on 100,000 small lists. False means "not sure": the careful walk then finds the
    problem and says where it is (or finds none, for values of unusual types such as an
    ``IntEnum``).
    """
    level: list[Any] = [value]
    depth = 0
    while level:
        types = set(map(type, level))
        if not types <= _PLAIN_TYPES:
            return False
        if str in types and not _texts_are_clean(_of_types(level, types, {str})):
            return False
        if int in types:
            ints = _of_types(level, types, {int})
            if not (-_INT_LIMIT < min(ints) and max(ints) < _INT_LIMIT):
                return False
        if float in types and not all(map(math.isfinite, _of_types(level, types, {float}))):
            return False
        dicts = _of_types(level, types, {dict})
        lists = _of_types(level, types, _SEQUENCES)
        depth += 1
        if (dicts or lists) and depth > MAX_DEPTH:
            return False
        if sum(map(len, lists)) + sum(map(len, dicts)) > _MOST_VALUES_ON_A_LEVEL:
            return False
        if max(map(len, chain(lists, dicts)), default=0) > MAX_ITEMS:
            return False
        keys = list(chain.from_iterable(dicts))
        if keys and (set(map(type, keys)) != {str} or not _texts_are_clean(keys)):
            return False
        level = list(
            chain(chain.from_iterable(lists), chain.from_iterable(map(dict.values, dicts)))
        )
    return True


def check_json_value(value: Any) -> None:
    """Refuse JSON-like data no loader should work on, with one-line :class:`FileFormatError`.

    Walks the data without recursion: nesting deeper than :data:`MAX_DEPTH`, keys that are not
    text, text holding NUL characters or lone surrogates (which could never be saved), whole
    numbers of more than :data:`MAX_INT_DIGITS` digits, lists or objects of more than
    :data:`MAX_ITEMS` items, non-finite numbers, and values that are
    not JSON (sets, objects). Used for bytes and for data handed over by Python callers alike.
    """
    if _surely_clean(value):
        return
    # Something may be wrong: walk again, keeping track of where each value sits, to name it.
    if _check_scalar(value, None):
        return
    stack: list[tuple[Any, int, Where]] = [(value, 1, None)]
    while stack:
        node, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            raise FileFormatError(f"nested too deeply (more than {MAX_DEPTH} levels)")
        if len(node) > MAX_ITEMS:
            raise FileFormatError(
                f"{_where(where)}: {len(node):,} items in one list or object "
                f"(at most {MAX_ITEMS:,})"
            )
        if isinstance(node, dict):
            for key, item in node.items():
                if type(key) is not str:
                    raise FileFormatError(f"{_where(where)}: a key is not text")
                _check_text(key, where, key=True)
                if not _check_scalar(item, (where, key)):
                    stack.append((item, depth + 1, (where, key)))
        else:
            for index, item in enumerate(node):
                if not _check_scalar(item, (where, index)):
                    stack.append((item, depth + 1, (where, index)))
