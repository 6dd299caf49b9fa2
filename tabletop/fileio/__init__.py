"""Safe file helpers shared by the games: atomic writes, bounded reads and hostile-proof JSON.

Every way a file or an upload can be wrong ends in :class:`FileFormatError` (a ``ValueError``)
whose message is one line of bounded length: a loader never lets ``RecursionError``,
``UnicodeEncodeError`` or a bare ``ValueError`` from ``json`` escape, and a FIFO or a device
given as a file is refused without being read.

The parts, all re-exported here: :mod:`~tabletop.fileio.messages` (the error and its bounded
messages), :mod:`~tabletop.fileio.writing` (atomic writes), :mod:`~tabletop.fileio.reading`
(bounded reads), :mod:`~tabletop.fileio.json_guard` (hostile-proof JSON, and JSON files) and
:mod:`~tabletop.fileio.schemas` (JSON Schemas and their problems in words).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> atomic_write_text(path, '{"a": 1}')
>>> read_json(path)
{'a': 1}
>>> parse_json_bytes(b'{"a": "\\\\u0000"}')
Traceback (most recent call last):
...
tabletop.fileio.FileFormatError: a: text holds a NUL character
"""

from tabletop.fileio.json_guard import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_JSON_BYTES,
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

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_PROBLEMS",
    "MAX_QUOTE_CHARS",
    "FileFormatError",
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
