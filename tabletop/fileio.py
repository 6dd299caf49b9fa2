"""Safe file helpers shared by the games: atomic writes, bounded reads and hostile-proof JSON.

Every way a file or an upload can be wrong ends in :class:`FileFormatError` (a ``ValueError``)
whose message is one line of bounded length: a loader never lets ``RecursionError``,
``UnicodeEncodeError`` or a bare ``ValueError`` from ``json`` escape, and a FIFO or a device
given as a file is refused without being read.

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

from __future__ import annotations

import errno
import gc
import json
import math
import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_QUOTE_CHARS",
    "FileFormatError",
    "atomic_write_json",
    "atomic_write_text",
    "bounded_message",
    "check_json_value",
    "parse_json_bytes",
    "quote",
    "read_bytes",
    "read_json",
    "read_text",
]


class FileFormatError(ValueError):
    """A file that is missing, unreadable, not JSON, or not the kind of file expected.

    The message is one line for people (at most :data:`MAX_MESSAGE_CHARS` characters) and names
    the file. Every loader error of the package (board, game and case files) is a subclass.
    ``reason`` is the message without the file's name.
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(bounded_message(message))
        self.reason = bounded_message(reason if reason is not None else message)


#: Far above any real game file (a finished six-power game with its board takes about 50 KB); a
#: bigger file or upload is refused before it is read or parsed, which also bounds the work one
#: visitor can cause (reading and checking 4 MB of hostile JSON takes well under a second).
MAX_JSON_BYTES = 4 * 1024 * 1024
#: Deepest nesting of lists and objects accepted (real files nest 6 levels); checked before
#: ``json.loads`` runs, so no parser or checker ever recurses deeper than this.
MAX_DEPTH = 64
#: Longest whole number accepted (no game counts past a few thousand).
MAX_INT_DIGITS = 18
#: Longest message of a loader error, and longest quote of a bad value inside it.
MAX_MESSAGE_CHARS = 500
MAX_QUOTE_CHARS = 40


# --------------------------------------------------------------------------- messages


def _clean(text: str) -> str:
    """One line of printable text: line breaks, NULs and lone surrogates made visible."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(text.split())


def bounded_message(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis when cut).

    >>> bounded_message("a\\nb" + "c" * 600)[-5:]
    'ccc …'
    """
    line = _clean(text)
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
    text = _clean(text)
    if len(text) > limit:
        text = text[: limit - 2] + "…" + ('"' if text.startswith('"') else "")
    return text


# --------------------------------------------------------------------------- writing


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that readers see either the old or the new file.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed over
    ``path`` (``os.replace`` is atomic on one file system). Missing parent folders are created.
    The file keeps the permissions of the file it replaces (a new one follows the umask); a
    read-only file is not replaced (``PermissionError``). Text that cannot be written as UTF-8
    (a lone surrogate) is refused with :class:`FileFormatError` before any file is touched.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        # The error's own message would quote the whole text (a whole game): say where only.
        raise FileFormatError(
            f"{_short_path(path)}: cannot be saved: the text holds a character that is not "
            f"valid Unicode (a lone surrogate at character {error.start})"
        ) from None
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    # The rename would replace a write-protected file (only the folder's permission counts);
    # someone who made their game file read-only means it to stay as it is.
    if target.is_file() and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is read-only", str(target))
    mode = _mode_for(target)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes a private (0600) file; the rename would pass that on to the game file.
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    # Make the rename itself durable where the platform allows syncing a folder.
    try:
        dir_fd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _mode_for(target: Path) -> int:
    """The permissions the written file should have: those of the file it replaces, if any,
    else the usual ones for a new file (0666 less the process umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask, read without changing it where Linux allows (os.umask sets it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON, atomically (see ``atomic_write_text``)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


# --------------------------------------------------------------------------- reading


def _short_path(path: str | os.PathLike[str]) -> str:
    return bounded_message(os.fspath(path), 120)


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return f"{limit // (1024 * 1024)} MB"
    return f"{max(1, limit // 1024)} KB"


def _refused(shown: str, reason: str) -> FileFormatError:
    return FileFormatError(f"{shown}: {reason}", reason)


def read_bytes(
    path: str | os.PathLike[str], max_bytes: int, kind: str = "file", folder: str = "a file"
) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``FileFormatError`` otherwise.

    Only for paths given by the person running the program (command line, server configuration):
    the messages say whether the path exists. The file is opened without blocking and checked
    with ``fstat`` before anything is read, so a FIFO, a device (``/dev/zero``) or a folder is
    refused at once; a file larger than the limit is refused before reading, and at most
    ``max_bytes + 1`` bytes are ever read (a file growing meanwhile is still caught).
    """
    shown = _short_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except FileNotFoundError:
        raise _refused(shown, "no such file") from None
    except IsADirectoryError:
        raise _refused(shown, f"is a folder, not {folder}") from None
    except OSError as error:
        raise _refused(shown, f"cannot be read ({error.strerror})") from None
    except (ValueError, TypeError):  # a NUL byte in the path
        raise _refused(shown, "not a usable file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refused(shown, f"is a folder, not {folder}")
        if not stat.S_ISREG(info.st_mode):
            raise _refused(shown, "not a regular file (a device, pipe or socket)")
        if info.st_size > max_bytes:
            raise _refused(shown, f"too large for {kind} (more than {_size(max_bytes)})")
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise _refused(shown, f"cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise _refused(shown, f"too large for {kind} (more than {_size(max_bytes)})")
    return data


def read_text(
    path: str | os.PathLike[str], max_bytes: int, kind: str = "file", folder: str = "a file"
) -> str:
    """Read a UTF-8 text file of at most ``max_bytes``; ``FileFormatError`` (one line) otherwise.

    ``kind`` names the file in the size refusal ("an order sheet file"), ``folder`` what a
    folder was expected to be ("an orders file"). See :func:`read_bytes` for what is refused.
    """
    data = read_bytes(path, max_bytes, kind, folder)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(_short_path(path), "not a text file (not UTF-8)") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file; raises ``FileFormatError`` with one clear line on any problem."""
    data = read_bytes(path, MAX_JSON_BYTES, "a game file")
    try:
        return parse_json_bytes(data, MAX_JSON_BYTES)
    except FileFormatError as error:
        raise _refused(_short_path(path), error.reason) from None


# --------------------------------------------------------------------------- hostile JSON

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


# --------------------------------------------------------------------------- JSON Schemas

#: At most this many problems are listed in one error (the rest are counted).
MAX_PROBLEMS = 40

Path_ = tuple[str | int, ...]


def load_schema(path: Path) -> dict[str, Any]:
    """A JSON Schema shipped in the package (read once per caller; the files are small)."""
    return json.loads(path.read_text(encoding="utf-8"))


def _import_jsonschema() -> None:
    """Import jsonschema without its optional IRI format checker.

    When the ``rfc3987_syntax`` package is installed (Jupyter's event schemas pull it in),
    importing jsonschema builds 39 parsers for it: 1 to 5 s, paid by every page's first load.
    Our schemas use no ``iri`` format, so the import is hidden for that one moment only.
    """
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        return
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # makes the import fail
    try:
        import jsonschema  # noqa: F401
    finally:
        del sys.modules["rfc3987_syntax"]


def schema_validator(schema: dict[str, Any], *others: dict[str, Any]) -> Any:
    """A draft 2020-12 validator for ``schema`` (``others``: the schemas its ``$ref`` names, by
    their ``$id``) in which a whole number is never a float or a boolean (JSON Schema counts
    ``2.0`` as an integer; the games do not)."""
    _import_jsonschema()
    from jsonschema import Draft202012Validator, validators
    from referencing import Registry, Resource

    def is_integer(checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    cls = validators.extend(Draft202012Validator, type_checker=checker)
    registry: Registry = Registry()
    for other in (schema, *others):
        Draft202012Validator.check_schema(other)
        registry = registry.with_resource(other["$id"], Resource.from_contents(other))
    return cls(schema, registry=registry)


def kind_of(value: Any) -> str:
    """What a JSON value is, in words: ``kind_of([]) == "a list"``."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def _expected(schema: dict[str, Any]) -> str:
    if "x-expected" in schema:
        return str(schema["x-expected"])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
    return _TYPE_WORDS.get(str(kinds), str(kinds))


def schema_problems(
    validator: Any,
    data: Any,
    describe: Any,
    skip: Any = None,
) -> list[str]:
    """Every way ``data`` breaks the schema, as one-line sentences for people.

    ``describe(path) -> (prefix, subject)`` names the value at a path ("Egypt: ", '"spaces"');
    ``skip(path, keyword)`` drops errors checked elsewhere. A schema may word a refusal
    itself with ``"x-messages": {keyword: template}`` (fields ``{prefix}``, ``{subject}``,
    ``{value}``: the bad value, quoted and cut, ``{kind}``: what it is, ``{count}``: its
    length) and name what is expected with ``"x-expected"``; ``"x-missing"`` on a property is
    added after "missing".
    Only the first error at a path is kept when its type is wrong (the rest follow from it).
    """
    import difflib

    problems: list[str] = []
    wrong_type: set[Path_] = set()
    errors = sorted(
        validator.iter_errors(data),
        key=lambda e: (e.validator != "type", len(e.absolute_path)),
    )
    for error in errors:
        path: Path_ = tuple(error.absolute_path)
        if skip is not None and skip(path, error.validator):
            continue
        if any(path[: len(bad)] == bad for bad in wrong_type):
            continue
        keyword = error.validator
        schema = error.schema if isinstance(error.schema, dict) else {}
        in_names = "propertyNames" in error.relative_schema_path
        instance = error.instance
        messages = schema.get("x-messages", {})
        if keyword == "required":
            for key in error.validator_value:
                if isinstance(instance, dict) and key not in instance:
                    prefix, subject = describe((*path, key))
                    sub = schema.get("properties", {}).get(key, {})
                    hint = sub.get("x-missing", "") if isinstance(sub, dict) else ""
                    problems.append(f"{prefix}missing {subject}{hint}")
            continue
        if keyword == "additionalProperties" and isinstance(instance, dict):
            known = sorted(schema.get("properties", {}))
            allowed = ", ".join(f'"{k}"' for k in known)
            for key in instance:
                if key not in known:
                    prefix, _ = describe((*path, key))
                    problems.append(
                        f"{prefix}unknown key {quote(key)}"
                        + (f" (allowed: {allowed})" if known else "")
                    )
            continue
        if in_names:
            # An error on a key: the key itself is the bad value.
            prefix, subject = describe(path)
            hint = ""
            if keyword == "enum" and isinstance(instance, str):
                close = difflib.get_close_matches(
                    instance[:100], [str(v) for v in error.validator_value], n=1
                )
                hint = f' (did you mean "{close[0]}"?)' if close else ""
            template = messages.get(keyword, "{prefix}{subject}: unknown key {value}")
            problems.append(
                template.format(
                    prefix=prefix, subject=subject, value=quote(instance), kind="text", count=""
                )
                + hint
            )
            continue
        prefix, subject = describe(path)
        count = len(instance) if isinstance(instance, (list, dict, str)) else ""
        fields = {
            "prefix": prefix,
            "subject": subject,
            "value": quote(instance),
            "kind": kind_of(instance),
            "count": count,
        }
        if keyword in messages:
            problems.append(messages[keyword].format(**fields))
        elif keyword == "type":
            problems.append(
                f"{prefix}{subject} must be {_expected(schema)}, not {kind_of(instance)}"
            )
        elif keyword in ("const", "enum"):
            wanted = (
                quote(error.validator_value)
                if keyword == "const"
                else ", ".join(quote(v) for v in error.validator_value)
            )
            problems.append(f"{prefix}{subject} is {quote(instance)}, not {wanted}")
        elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            low, high = schema.get("minimum"), schema.get("maximum")
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            problems.append(f"{prefix}{subject} must be {bounds}, not {quote(instance)}")
        elif keyword in ("minLength", "pattern"):
            problems.append(f"{prefix}{subject} is empty or blank")
        elif keyword in ("maxLength", "maxItems", "maxProperties"):
            problems.append(f"{prefix}{subject} is too long ({count})")
        elif keyword == "minItems":
            problems.append(f"{prefix}{subject} needs at least {error.validator_value} items")
        elif keyword == "uniqueItems":
            problems.append(f"{prefix}{subject} lists a value twice")
        else:
            problems.append(f"{prefix}{subject}: {_clean(error.message)[: MAX_QUOTE_CHARS * 2]}")
        if keyword == "type":
            wrong_type.add(path)
    return problems


def capped(problems: list[str]) -> list[str]:
    """At most :data:`MAX_PROBLEMS` problems, each one bounded line; the rest counted."""
    lines = [bounded_message(p, 200) for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        lines.append(f"and {len(problems) - MAX_PROBLEMS} more problems")
    return lines
