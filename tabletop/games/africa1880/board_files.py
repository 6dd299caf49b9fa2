"""Board files read from disk or from an upload: the boards shipped in the package, the size
limit, file names for kept uploads, and :func:`load_board`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from tabletop.fileio import FileFormatError, parse_json_bytes, read_bytes
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict, board_from_json_value
from tabletop.games.africa1880.board_names import normalize_name

_DATA = Path(__file__).with_name("data")
_DEFAULT_BOARD = _DATA / "default_board.json"

#: Boards shipped in the package, by the name a game file may give (never a path).
PACKAGE_BOARDS: Mapping[str, Path] = MappingProxyType({"default": _DEFAULT_BOARD})

#: The largest board file read. The published map takes 5 KB; a traced board carries its
#: drawing (40 territories of 300 points take 240 KB as compact JSON, 900 KB indented).
MAX_BOARD_BYTES = 2 * 1024 * 1024

_READ_REASONS = {
    "no such file": "no such {what} file",
    "is a folder": "this is a folder, not a {what} file",
    "not a text file": "not a text file (it is not UTF-8)",
    "the file is empty": "the file is empty (a {what} file is JSON)",
}


def _board_reason(reason: str, what: str) -> str:
    for start, wording in _READ_REASONS.items():
        if reason.startswith(start):
            return wording.format(what=what)
    return reason


def read_map_json(path: Path, what: str) -> object:
    """The JSON value of a map file (``what`` is ``"board"`` or ``"geometry"``) named by a trusted
    caller (a shipped file, or a path of the person running the program): at most
    :data:`MAX_BOARD_BYTES`, its values checked; every failure is one :class:`BoardError`."""
    source = os.fspath(path)
    try:
        data = read_bytes(path, MAX_BOARD_BYTES, f"a {what} file", f"a {what} file")
        return parse_json_bytes(data, MAX_BOARD_BYTES)
    except FileFormatError as error:
        raise BoardError([_board_reason(error.reason, what)], source) from None


def board_from_bytes(data: bytes | str, source: str = "<upload>") -> Board:
    """A board from the bytes of a file someone sent (an upload): no file is ever opened.

    Raises :class:`BoardError` (one bounded line) for anything but a consistent board file,
    including bytes that are not UTF-8, JSON nested too deeply, numbers too long, NUL characters
    and lone surrogates.
    """
    try:
        raw = parse_json_bytes(data, MAX_BOARD_BYTES)
    except FileFormatError as error:
        raise BoardError([_board_reason(error.reason, "board")], source) from None
    return board_from_json_value(raw, source)  # parse_json_bytes checked it already


def board_file_name(board: Board) -> str:
    """A file name under which to keep a board someone uploaded: its name and a short hash of
    its content, so that a second board with the same name never replaces the first.

    >>> board_file_name(load_board())[:14]
    'africa-c-1880-'
    """
    canonical = json.dumps(board.to_dict(), sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
    slug = "".join(ch if ch.isalnum() else "-" for ch in normalize_name(board.name))
    slug = "-".join(part for part in slug.split("-") if part)[:40] or "board"
    return f"{slug}-{digest}.json"


@functools.lru_cache(maxsize=len(PACKAGE_BOARDS))
def _package_board(name: str) -> Board:
    return board_from_dict(read_map_json(PACKAGE_BOARDS[name], "board"), name)


def _default_board() -> Board:
    return _package_board("default")


def load_board(source: str | os.PathLike[str] | None = None, *, allow_paths: bool = True) -> Board:
    """Load a board: None or a name of :data:`PACKAGE_BOARDS` (``"default"``) gives a bundled
    map; anything else is a file path, read only when ``allow_paths`` is true.

    Paths are for the person running the program (command line, server configuration); with
    ``allow_paths=False`` (anything that came from a page) a path is refused without looking at
    it, and the message says nothing about any file. Only regular files are read (no folders,
    devices or FIFOs), at most :data:`MAX_BOARD_BYTES`. Raises :class:`BoardError` (one bounded
    line, never a traceback for people) when the file is missing, unreadable, not JSON, or not a
    consistent board.
    """
    if source is None:
        return _package_board("default")
    if isinstance(source, str) and source in PACKAGE_BOARDS:
        return _package_board(source)
    if not allow_paths:
        raise BoardError(
            [
                "only a board shipped with the program can be named here ("
                + ", ".join(f'"{name}"' for name in PACKAGE_BOARDS)
                + "); a file's board must be given as data, not as a file name"
            ],
            "<name>",
        )
    path = Path(os.fspath(source)).expanduser()
    return board_from_json_value(read_map_json(path, "board"), os.fspath(source))
