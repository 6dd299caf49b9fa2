"""Hostile-proof JSON: the nesting, the size of numbers and the text of strings are checked before
and after ``json.loads``, so no parser or checker recurses deeply, formats a huge number or lets
a NUL or a lone surrogate through.
"""

from __future__ import annotations

import gc
import json
import math
import re
from typing import Any

from tabletop.fileio.messages import FileFormatError, _size, bounded_message

#: Far above any real game file (a finished six-power game with its board takes about 50 KB); a
#: bigger file or upload is refused before it is read or parsed, which also bounds the work one
#: visitor can cause (reading and checking 4 MB of hostile JSON takes well under a second).
MAX_JSON_BYTES = 4 * 1024 * 1024
#: Deepest nesting of lists and objects accepted (real files nest 6 levels); checked before
#: ``json.loads`` runs, so no parser or checker ever recurses deeper than this.
MAX_DEPTH = 64
#: Longest whole number accepted (no game counts past a few thousand).
MAX_INT_DIGITS = 18


# Strings (with their escapes) hide brackets from the depth count; only brackets are kept. The
# closing quote is optional so that an unterminated string is one match to the end (otherwise
# every escaped quote after it would start a new scan to the end: quadratic).
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET_RE = re.compile(r"[^\[\]{}]+")


def _nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text (strings skipped), in linear time."""
    import numpy as np  # a running sum over millions of brackets, in chunks to bound memory

    brackets = _NOT_BRACKET_RE.sub("", _STRING_RE.sub("", text)).encode("ascii")
    deepest = level = 0
    for start in range(0, len(brackets), 1 << 20):
        chunk = np.frombuffer(
            brackets, dtype=np.uint8, count=min(1 << 20, len(brackets) - start), offset=start
        )
        steps = np.where((chunk == ord("[")) | (chunk == ord("{")), 1, -1).astype(np.int64)
        running = np.cumsum(steps) + level
        deepest = max(deepest, int(running.max()))
        level = int(running[-1])
    return deepest


def _refuse_constant(name: str) -> Any:
    raise FileFormatError(f"{name} is not a JSON number")


def parse_json_bytes(data: bytes | str, max_bytes: int | None = None) -> Any:
    """Parse JSON sent by anyone; every refusal is a one-line :class:`FileFormatError`.

    Refused: more than ``max_bytes`` (default :data:`MAX_JSON_BYTES`), bytes that are not UTF-8,
    nesting deeper than :data:`MAX_DEPTH` (checked before parsing), invalid JSON, ``NaN`` and
    ``Infinity``, and whatever :func:`check_json_value` refuses (NUL characters, lone surrogates,
    numbers of more than :data:`MAX_INT_DIGITS` digits). The messages quote none of the input
    beyond a line and column.
    """
    limit = MAX_JSON_BYTES if max_bytes is None else max_bytes
    if len(data) > limit:
        raise FileFormatError(f"too large (more than {_size(limit)})")
    if isinstance(data, str):
        text = data
    else:
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise FileFormatError(f"not a text file (not UTF-8, at byte {error.start})") from None
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


def _parse_checked(text: str) -> Any:
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise FileFormatError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
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


def check_json_value(value: Any) -> None:
    """Refuse JSON-like data no loader should work on, with one-line :class:`FileFormatError`.

    Walks the data without recursion: nesting deeper than :data:`MAX_DEPTH`, keys that are not
    text, text holding NUL characters or lone surrogates (which could never be saved), whole
    numbers of more than :data:`MAX_INT_DIGITS` digits, non-finite numbers, and values that are
    not JSON (sets, objects). Used for bytes and for data handed over by Python callers alike.
    """
    if _check_scalar(value, None):
        return
    stack: list[tuple[Any, int, Where]] = [(value, 1, None)]
    while stack:
        node, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            raise FileFormatError(f"nested too deeply (more than {MAX_DEPTH} levels)")
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
