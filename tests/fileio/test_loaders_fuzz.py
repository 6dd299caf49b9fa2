"""Hypothesis fuzz of the game and board loaders with hostile JSON (the 883-of-21,000 class of
issue 9): deep nesting, long numbers, NUL characters, lone surrogates and path-like strings in
every field. Only documented errors come out, each one bounded line, and loading from bytes
opens no file outside the package (every ``open`` is recorded)."""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import pathlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.fileio import MAX_DEPTH, MAX_MESSAGE_CHARS, FileFormatError, check_json_value
from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import board_from_bytes, load_board
from tabletop.games.africa1880.gamefile import (
    EXAMPLE_GAME,
    GameFileError,
    game_from_dict,
    load_game_bytes,
)
from tabletop.games.massai import gamefile as massai

PACKAGE = Path(tabletop.__file__).resolve().parent
SETTINGS = settings(
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DOCUMENTED = (GameFileError, BoardError, massai.GameFileError)

PATHS = [
    "/etc/passwd",
    "/etc/hostname",
    "../../../../../../etc/hostname",
    "../secret.json",
    "/dev/zero",
    "/dev/urandom",
    "/dev/stdin",
    "/proc/self/environ",
    "~/.ssh/id_rsa",
    "file:///etc/passwd",
    "C:\\Windows\\win.ini",
    "\\\\server\\share\\board.json",
    "/tmp",
    ".",
    "",
    "default",
    "board.json",
]

ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
hostile_text = st.one_of(
    st.sampled_from(PATHS),
    st.text(ANY_CHAR, max_size=20),
    st.sampled_from(["\x00", "\ud800", "a\udfffb", "x" * 3000, "Algeria", "France", "Egypt"]),
)
hostile_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from([19, 40, 5000]).map(lambda digits: 10**digits),
    st.floats(allow_nan=True, allow_infinity=True),
    hostile_text,
)


@st.composite
def deep(draw: st.DrawFn, inner: st.SearchStrategy[Any]) -> Any:
    value = draw(inner)
    for _ in range(draw(st.integers(50, 400))):
        value = [value] if draw(st.booleans()) else {"a": value}
    return value


hostile_json = st.recursive(
    hostile_leaf,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(hostile_text, children, max_size=4),
        deep(children),
    ),
    max_leaves=12,
)

GAME_KEYS = [
    "format",
    "version",
    "state",
    "history",
    "board",
    "powers",
    "presences",
    "development",
    "colonies",
    "round",
    "options",
    "last_relations",
    "game_over",
    "sheets_text",
    "report",
    "territories",
    "name",
    "aliases",
    "names",
    "neighbours",
    "historical_starts",
]


def mutate(data: Any, draw: st.DrawFn, rounds: int) -> Any:
    """Put hostile values at random places of a real file's data."""
    for _ in range(rounds):
        node = data
        for step in draw(st.lists(st.sampled_from([*GAME_KEYS, 0, 1, 2]), max_size=4)):
            if isinstance(node, dict) and step in node and isinstance(node[step], (dict, list)):
                node = node[step]
            elif isinstance(node, list) and isinstance(step, int) and step < len(node):
                if isinstance(node[step], (dict, list)):
                    node = node[step]
        if isinstance(node, dict):
            node[draw(st.sampled_from([*GAME_KEYS, *node]))] = draw(hostile_json)
        elif isinstance(node, list) and node:
            node[draw(st.integers(0, len(node) - 1))] = draw(hostile_json)
    return data


def as_bytes(value: Any, draw: st.DrawFn) -> bytes:
    ascii_only = draw(st.booleans())
    try:
        text = json.dumps(value, ensure_ascii=ascii_only)
    except (ValueError, RecursionError):
        text = "[" * 100_000  # a value json cannot even write: send deep nesting instead
    return text.encode("utf-8", "surrogatepass")  # lone surrogates become invalid UTF-8


def check(error: BaseException) -> None:
    assert isinstance(error, DOCUMENTED), repr(error)[:300]
    message = str(error)
    assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS


def try_all_loaders(value: Any, raw: bytes) -> None:
    for call in (
        lambda: load_game_bytes(raw, "upload.json"),
        lambda: board_from_bytes(raw, "board.json"),
        lambda: massai.load_game_bytes(raw, "upload.json"),
        lambda: game_from_dict(value, "row"),
        lambda: board_from_dict(value, "row"),
        lambda: massai.GameRecord.from_json(value, "row"),
    ):
        try:
            call()
        except Exception as error:  # noqa: BLE001 - anything but a documented error fails
            check(error)


GAME = json.loads(EXAMPLE_GAME.read_text(encoding="utf-8"))
BOARD = load_board().to_dict()
MASSAI = massai.GameRecord.new().to_json()


@SETTINGS
@given(hostile_json, st.data())
def test_hostile_json_gives_only_documented_errors(value: Any, data: st.DataObject) -> None:
    try_all_loaders(value, as_bytes(value, data.draw))


def refused(value: Any, depth: int = 1) -> bool:
    """The rules of ``check_json_value``, read plainly (recursive, for test data only)."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, str):
        try:
            value.encode("utf-8")  # a lone surrogate cannot be
        except UnicodeEncodeError:
            return True
        return "\x00" in value
    if isinstance(value, int):
        return abs(value) >= 10**18
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    if isinstance(value, (list, tuple, dict)) and depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        if any(not isinstance(key, str) or refused(key) for key in value):
            return True
        return any(refused(item, depth + 1) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(refused(item, depth + 1) for item in value)
    return True


@SETTINGS
@given(hostile_json)
def test_the_json_check_refuses_exactly_what_its_rules_refuse(value: Any) -> None:
    # The check first takes a quick look, then walks carefully when unsure: both must agree.
    try:
        check_json_value(value)
    except FileFormatError as error:
        assert refused(value), str(error)
    else:
        assert not refused(value)


@SETTINGS
@given(st.sampled_from(["game", "board", "massai"]), st.integers(1, 4), st.data())
def test_hostile_fields_in_real_files_give_only_documented_errors(
    kind: str, rounds: int, data: st.DataObject
) -> None:
    base = {"game": GAME, "board": BOARD, "massai": MASSAI}[kind]
    value = mutate(json.loads(json.dumps(base)), data.draw, rounds)
    try_all_loaders(value, as_bytes(value, data.draw))


# --------------------------------------------------------------------------- files opened


@contextlib.contextmanager
def recorded_opens() -> Iterator[list[str]]:
    """Every path given to open, io.open, os.open or Path.open while the block runs."""
    opened: list[str] = []
    real_open, real_os_open, real_path_open = builtins.open, os.open, pathlib.Path.open

    def note(target: Any) -> None:
        if isinstance(target, int):
            return  # an already open descriptor
        opened.append(os.path.abspath(os.fsdecode(target)))

    def fake_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        note(file)
        return real_open(file, *args, **kwargs)

    def fake_os_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        note(path)
        return real_os_open(path, *args, **kwargs)

    def fake_path_open(self: pathlib.Path, *args: Any, **kwargs: Any) -> Any:
        note(self)
        return real_path_open(self, *args, **kwargs)

    builtins.open = fake_open
    io.open = fake_open
    os.open = fake_os_open
    pathlib.Path.open = fake_path_open  # type: ignore[method-assign]
    try:
        yield opened
    finally:
        builtins.open, io.open, os.open = real_open, real_open, real_os_open
        pathlib.Path.open = real_path_open  # type: ignore[method-assign]


def test_the_recorder_sees_opens(tmp_path: Path) -> None:
    # The check below means something only if a loader reading a file is seen.
    (tmp_path / "b.json").write_text(json.dumps(BOARD), encoding="utf-8")
    with recorded_opens() as opened:
        load_board(tmp_path / "b.json")
    assert str(tmp_path / "b.json") in opened


path_text = st.sampled_from(PATHS)
path_json = st.recursive(
    path_text | st.integers(0, 5) | st.booleans(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(path_text, children, max_size=3)
    ),
    max_leaves=8,
)


def plant_paths(value: Any, draw: st.DrawFn, planted: str) -> Any:
    """Replace every text inside ``value`` with a path (sometimes the planted file's)."""
    if isinstance(value, str):
        return draw(st.sampled_from([*PATHS, planted]))
    if isinstance(value, list):
        return [plant_paths(item, draw, planted) for item in value]
    if isinstance(value, dict):
        return {key: plant_paths(item, draw, planted) for key, item in value.items()}
    return value


@settings(max_examples=60, deadline=None, database=None)
@given(st.sampled_from(["game", "board", "massai"]), st.booleans(), st.data())
def test_loading_from_bytes_opens_nothing_outside_the_package(
    tmp_path_factory: Any, kind: str, everywhere: bool, data: st.DataObject
) -> None:
    planted = tmp_path_factory.mktemp("outside") / "secret.json"
    planted.write_text(json.dumps({"format": "SECRET-VALUE-42"}), encoding="utf-8")
    base = {"game": GAME, "board": BOARD, "massai": MASSAI}[kind]
    value = json.loads(json.dumps(base))
    if everywhere:
        value = plant_paths(value, data.draw, str(planted))  # a path in every text field
    else:
        value = mutate(value, data.draw, 3)
        value.setdefault("state", {})
        if isinstance(value["state"], dict):
            value["state"]["board"] = str(planted)
    raw = as_bytes(value, data.draw)
    try_all_loaders(value, raw)  # warm the caches (shipped boards and schemas) first
    with recorded_opens() as opened:
        try_all_loaders(value, raw)
        for call in (lambda: load_board(str(planted), allow_paths=False),):
            try:
                call()
            except BoardError as error:
                assert "SECRET" not in str(error)
    outside = [path for path in opened if not path.startswith(str(PACKAGE) + os.sep)]
    assert outside == []
