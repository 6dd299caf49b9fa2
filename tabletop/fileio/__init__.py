"""Safe file helpers shared by the games: atomic writes, bounded reads and hostile-proof JSON.

Every way a file or an upload can be wrong ends in :class:`FileFormatError` (a ``ValueError``)
whose message is one line of bounded length: a loader never lets ``RecursionError``,
``UnicodeEncodeError`` or a bare ``ValueError`` from ``json`` escape, and a FIFO or a device
given as a file is refused without being read.

The parts, whose public names are declared here: :mod:`~tabletop.fileio.messages` (the error and
its bounded messages), :mod:`~tabletop.fileio.writing` (atomic writes),
:mod:`~tabletop.fileio.reading` (bounded reads), :mod:`~tabletop.fileio.json_guard` (hostile-proof
JSON, and JSON files) and :mod:`~tabletop.fileio.schemas` (JSON Schemas and their problems in
words).

>>> import tempfile, pathlib
>>> from tabletop.fileio.json_guard import parse_json_bytes, read_json
>>> from tabletop.fileio.writing import atomic_write_text
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> atomic_write_text(path, '{"a": 1}')
>>> read_json(path)
{'a': 1}
>>> parse_json_bytes(b'{"a": "\\\\u0000"}')
Traceback (most recent call last):
...
tabletop.fileio.FileFormatError: a: text holds a NUL character
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.fileio.json_guard import (
        MAX_DEPTH,
        MAX_INT_DIGITS,
        MAX_JSON_BYTES,
        NotJsonError,
        NotUtf8Error,
        check_json_value,
        parse_json_bytes,
        read_json,
    )
    from tabletop.fileio.messages import (
        MAX_MESSAGE_CHARS,
        MAX_QUOTE_CHARS,
        FileFormatError,
        bounded_message,
        quote,
    )
    from tabletop.fileio.reading import read_bytes, read_text
    from tabletop.fileio.schemas import (
        MAX_PROBLEMS,
        capped,
        kind_of,
        load_schema,
        schema_problems,
        schema_validator,
    )
    from tabletop.fileio.writing import atomic_write_json, atomic_write_text

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "MAX_DEPTH": "tabletop.fileio.json_guard",
        "MAX_INT_DIGITS": "tabletop.fileio.json_guard",
        "MAX_JSON_BYTES": "tabletop.fileio.json_guard",
        "NotJsonError": "tabletop.fileio.json_guard",
        "NotUtf8Error": "tabletop.fileio.json_guard",
        "check_json_value": "tabletop.fileio.json_guard",
        "parse_json_bytes": "tabletop.fileio.json_guard",
        "read_json": "tabletop.fileio.json_guard",
        "MAX_MESSAGE_CHARS": "tabletop.fileio.messages",
        "MAX_QUOTE_CHARS": "tabletop.fileio.messages",
        "FileFormatError": "tabletop.fileio.messages",
        "bounded_message": "tabletop.fileio.messages",
        "quote": "tabletop.fileio.messages",
        "read_bytes": "tabletop.fileio.reading",
        "read_text": "tabletop.fileio.reading",
        "MAX_PROBLEMS": "tabletop.fileio.schemas",
        "capped": "tabletop.fileio.schemas",
        "kind_of": "tabletop.fileio.schemas",
        "load_schema": "tabletop.fileio.schemas",
        "schema_problems": "tabletop.fileio.schemas",
        "schema_validator": "tabletop.fileio.schemas",
        "atomic_write_json": "tabletop.fileio.writing",
        "atomic_write_text": "tabletop.fileio.writing",
    },
)

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_PROBLEMS",
    "MAX_QUOTE_CHARS",
    "FileFormatError",
    "NotJsonError",
    "NotUtf8Error",
    "atomic_write_json",
    "atomic_write_text",
    "bounded_message",
    "capped",
    "check_json_value",
    "kind_of",
    "load_schema",
    "parse_json_bytes",
    "quote",
    "read_bytes",
    "read_json",
    "read_text",
    "schema_problems",
    "schema_validator",
]
