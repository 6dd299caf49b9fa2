"""The one error of every loader, :class:`FileFormatError`, and the one-line, bounded messages it
carries (:func:`bounded_message`, :func:`quote`).
"""

from __future__ import annotations

import json
import os
from typing import Any

#: Longest message of a loader error, and longest quote of a bad value inside it.
MAX_MESSAGE_CHARS = 500
MAX_QUOTE_CHARS = 40


class FileFormatError(ValueError):
    """A file that is missing, unreadable, not JSON, or not the kind of file expected.

    The message is one line for people (at most :data:`MAX_MESSAGE_CHARS` characters) and names
    the file. Every loader error of the package (board, game and case files) is a subclass.
    ``reason`` is the message without the file's name.
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(bounded_message(message))
        self.reason = bounded_message(reason if reason is not None else message)

    @classmethod
    def of_file(cls, path: str | os.PathLike[str], reason: str) -> FileFormatError:
        """The error ``reason`` about the file at ``path``, the path shown first.

        >>> FileFormatError.of_file("boards/x.json", "no such file").args
        ('boards/x.json: no such file',)
        """
        return cls(f"{shown_path(path)}: {reason}", reason)


# Shown (and pickled) under the package's name, as before the package was split.
FileFormatError.__module__ = "tabletop.fileio"


def printable_line(text: str) -> str:
    """``text`` as one line of printable text: lone surrogates escaped, line breaks, NULs and
    other control characters turned into spaces, runs of spaces made one.

    >>> printable_line("a\\n\\x00 b\\ud800")
    'a b\\\\ud800'
    """
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(text.split())


def bounded_message(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis when cut).

    >>> bounded_message("a\\nb" + "c" * 600)[-5:]
    'ccc …'
    """
    line = printable_line(text)
    if len(line) <= limit:
        return line
    return line[: limit - 2].rstrip() + " …"


def quote(value: Any, limit: int = MAX_QUOTE_CHARS) -> str:
    """A bad value as JSON, cut to ``limit`` characters, safe to put in a one-line message.

    >>> quote("x" * 100)[:8], len(quote("x" * 100)) <= MAX_QUOTE_CHARS
    ('"xxxxxxx', True)
    >>> quote(10**5000)
    'a number too long to show'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        # str() of a long int is itself limited (4300 digits) and slow: never format one.
        return "a number too long to show"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    shown = value[: limit * 2] if isinstance(value, str) else value
    try:
        text = json.dumps(shown, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    text = printable_line(text)
    if len(text) > limit:
        text = text[: limit - 2] + "…" + ('"' if text.startswith('"') else "")
    return text


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as the messages show it: one line of at most 120 characters."""
    return bounded_message(os.fspath(path), 120)


def readable_size(limit: int) -> str:
    """A size limit in words, in whole megabytes or kilobytes.

    >>> readable_size(4 * 1024 * 1024), readable_size(1000)
    ('4 MB', '1 KB')
    """
    if limit >= 1024 * 1024:
        return f"{limit // (1024 * 1024)} MB"
    return f"{max(1, limit // 1024)} KB"
