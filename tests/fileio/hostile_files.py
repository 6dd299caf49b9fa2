"""The hostile files of issue 19, shared by the tests of every way in (command line, Massai page
upload, Africa page upload): each is refused in one line by the one guarded JSON reader
(``tabletop.fileio.json_guard.parse_json_bytes``), and a byte order mark before a good file is
accepted everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.massai.gamefile import GameRecord

BOM = b"\xef\xbb\xbf"


def africa_file(**state: Any) -> dict[str, Any]:
    """The example Africa 1880 game file, with ``state`` changed."""
    data = example_game().to_dict()
    data["state"].update(state)
    return dict(data)


def massai_file() -> dict[str, Any]:
    """A new Massai game file."""
    return dict(GameRecord.new().to_json())


def long_number(data: dict[str, Any], digits: int = 5_000) -> bytes:
    """``data`` as JSON with one more key holding a whole number of ``digits`` digits (Python
    refuses to convert more than 4,300: that ``ValueError`` once escaped as an internal error)."""
    return (json.dumps(data)[:-1] + ', "n": ' + "7" * digits + "}").encode()


#: Name -> (the file's bytes for a page of ``kind`` "africa1880" or "massai", words of the
#: one-line refusal).
HOSTILE: dict[str, tuple[Callable[[str], bytes], str]] = {
    "a number of 5,000 digits": (
        lambda kind: long_number(africa_file() if kind == "africa1880" else massai_file()),
        "a number is too long (more than 18 digits)",
    ),
    "deeply nested brackets": (
        lambda _kind: b"[" * 100_000 + b"]" * 100_000,
        "nested too deeply (more than 64 levels)",
    ),
    "100,000 power names": (
        lambda _kind: json.dumps(africa_file(powers=[f"P{i}" for i in range(100_000)])).encode(),
        "100,000 items in one list or object (at most 2,000)",
    ),
    "invalid UTF-8": (lambda _kind: b'{"format": "\xff\xfe"}', "not a text file (not UTF-8"),
    "an empty file": (lambda _kind: b"", "the file is empty"),
    "only spaces": (lambda _kind: b" \r\n\t ", "the file is empty"),
}


def good_file(kind: str) -> bytes:
    """A good game file of ``kind`` ("africa1880" or "massai")."""
    return json.dumps(africa_file() if kind == "africa1880" else massai_file()).encode()


#: Characters whose case folding or compatibility decomposition makes the text longer (U+FDFA:
#: 18 characters), a sheet of them once cost seconds of CPU to read; and combining marks.
EXPANDING = {
    "U+FDFA": "\ufdfa",
    "U+0390": "\u0390",
    "U+1F1E6": "\U0001f1e6",
    "combining marks": "a\u0301\u0308\u0323",
}


def expanding_sheets(char: str, size: int = 64 * 1024) -> dict[str, str]:
    """Order sheets of at most ``size`` bytes of UTF-8 made of ``char``: on one line, as one
    territory name, and as many lines of different names."""
    count = size // len(char.encode("utf-8"))
    header = "[Belgium]\n"
    lines: list[str] = []
    used = len(header)
    while True:
        line = f"{char * 20}{len(lines)}: explore {char * 20}\n"
        if used + len(line.encode("utf-8")) > size:
            break
        lines.append(line)
        used += len(line.encode("utf-8"))
    return {
        "one line": char * count,
        "one name": header + char * (count - 20) + ": develop\n",
        "many names": header + "".join(lines),
    }


def expanding_cases() -> list[Any]:
    """(character name, sheet shape) of every 64 KB sheet of expanding characters."""
    return [
        pytest.param(char, shape, id=f"{char}-{shape}")
        for char in EXPANDING
        for shape in ("one line", "one name", "many names")
    ]
