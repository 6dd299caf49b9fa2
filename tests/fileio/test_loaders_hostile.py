"""Hostile files and uploads: nothing a visitor sends makes a loader read a server file, hang,
leak what a file holds, or fail with anything but a documented one-line error (issue 9).

Every refusal runs in a thread with a one-second limit, so a loader that blocks (a FIFO, a
device) fails the test instead of hanging it.
"""

from __future__ import annotations

import importlib
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop.fileio import MAX_MESSAGE_CHARS, FileFormatError, read_text
from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES, board_from_bytes, load_board
from tabletop.games.africa1880.gamefile import (
    Game,
    GameFileError,
    example_game,
    game_from_dict,
    load_game,
    load_game_bytes,
    save_game,
)
from tabletop.games.massai import gamefile as massai_gamefile
from tests.cpu import own_cpu

SECRET = "SECRET-VALUE-42"
LIMIT_SECONDS = 1.0
# Libraries a loader imports on its first use are imported here, so that the one second measures
# the loader's work on the file, not a one-time import (jsonschema alone takes 0.2 s).
importlib.import_module("jsonschema")
#: A call still running after this long blocks (a device, a pipe), whatever the machine's load.
BLOCKED_SECONDS = 15.0


def within_a_second(call: Callable[[], Any], limit: float = LIMIT_SECONDS) -> BaseException | None:
    """Run ``call`` in a daemon thread; the exception it raised, None if it returned.

    Fails the test when the call used more than a second of its own CPU time (measured in its
    thread, so a loaded machine does not count), or has not finished after
    :data:`BLOCKED_SECONDS` (it blocks; it is left blocked).

    The CPU time is :func:`tests.cpu.own_cpu`'s: the thread's own, the earlier heap frozen (a
    full collection scanning two million objects added a quarter of a second to no particular
    call).
    """
    outcome: dict[str, Any] = {}

    def run() -> None:
        with own_cpu() as spent:
            try:
                outcome["value"] = call()
            except BaseException as error:  # noqa: BLE001 - the test inspects whatever came out
                outcome["error"] = error
        outcome["cpu"] = spent.seconds

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(BLOCKED_SECONDS)
    assert not thread.is_alive(), "the loader blocks (still running after 15 s)"
    assert outcome["cpu"] <= limit, f"the loader used {outcome['cpu']:.2f} s of CPU"
    return outcome.get("error")


def one_line(error: BaseException | None, kind: type[BaseException]) -> str:
    assert isinstance(error, kind), repr(error)
    message = str(error)
    assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS, message
    return message


def uploaded_game(board: str) -> bytes:
    """An Africa game file as a visitor would upload it, naming ``board`` instead of carrying it."""
    data = example_game().to_dict()
    del data["board"]
    data["state"]["board"] = board
    for entry in data["history"]:
        entry["state"]["board"] = board
    return json.dumps(data).encode()


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.json"
    secret.parent.mkdir()
    secret.write_text(json.dumps({"format": SECRET}), encoding="utf-8")
    return secret


def hostile_paths(tmp_path: Path, planted: Path) -> dict[str, str]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(planted)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: large for stat, nothing to read
    return {
        "etc passwd": "/etc/passwd",
        "relative": "../../../../../../etc/hostname",
        "folder": str(tmp_path),
        "dev zero": "/dev/zero",
        "dev urandom": "/dev/urandom",
        "fifo": str(fifo),
        "symlink outside": str(link),
        "huge file": str(huge),
        "planted secret": str(planted),
        "missing": str(tmp_path / "nowhere.json"),
    }


PATH_KINDS = [
    "etc passwd",
    "relative",
    "folder",
    "dev zero",
    "dev urandom",
    "fifo",
    "symlink outside",
    "huge file",
    "planted secret",
    "missing",
]


# --------------------------------------------------------------------------- what a page sends


@pytest.mark.parametrize("kind", PATH_KINDS)
def test_an_uploaded_game_never_follows_a_board_path(
    tmp_path: Path, planted: Path, kind: str
) -> None:
    current = example_game()
    before = current.to_dict()
    path = hostile_paths(tmp_path, planted)[kind]
    error = within_a_second(lambda: load_game_bytes(uploaded_game(path), "upload.json"))
    message = one_line(error, GameFileError)
    assert SECRET not in message and path not in message
    assert "board file names are not followed" in message
    assert current.to_dict() == before  # the game being played is untouched


def test_the_refusal_never_tells_whether_a_path_exists(tmp_path: Path, planted: Path) -> None:
    messages = {
        str(within_a_second(lambda p=p: load_game_bytes(uploaded_game(p), "upload.json")))
        for p in hostile_paths(tmp_path, planted).values()
    }
    assert len(messages) == 1  # the same words for /etc/passwd, a folder, a FIFO, a missing file


@pytest.mark.parametrize("kind", PATH_KINDS)
def test_board_names_from_a_page_are_only_shipped_boards(
    tmp_path: Path, planted: Path, kind: str
) -> None:
    path = hostile_paths(tmp_path, planted)[kind]
    error = within_a_second(lambda: load_board(path, allow_paths=False))
    message = one_line(error, BoardError)
    assert SECRET not in message and path not in message
    assert load_board("default", allow_paths=False) is load_board()


def test_an_embedded_board_is_used_and_no_path_is_read(tmp_path: Path, planted: Path) -> None:
    data = example_game().to_dict()
    data["state"]["board"] = str(planted)  # a label only: the board's data comes with the file
    for entry in data["history"]:
        entry["state"]["board"] = str(planted)
    game = within_a_second(lambda: load_game_bytes(json.dumps(data).encode()))
    assert game is None  # no error
    loaded = load_game_bytes(json.dumps(data).encode())
    assert loaded.board == load_board()


def test_the_dict_loader_is_as_careful_as_the_bytes_loader(planted: Path) -> None:
    data = json.loads(uploaded_game(str(planted)))
    message = one_line(within_a_second(lambda: game_from_dict(data, "row 7")), GameFileError)
    assert SECRET not in message and str(planted) not in message


def test_a_massai_upload_is_read_from_its_bytes_only() -> None:
    record = massai_gamefile.GameRecord.new()
    again = massai_gamefile.load_game_bytes(json.dumps(record.to_json()).encode())
    assert again.state == record.state


# --------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("kind", ["folder", "dev zero", "dev urandom", "fifo", "huge file"])
def test_command_line_paths_must_be_regular_files(tmp_path: Path, planted: Path, kind: str) -> None:
    path = hostile_paths(tmp_path, planted)[kind]
    for call, error_kind in [
        (lambda: load_board(path), BoardError),
        (lambda: load_game(path), GameFileError),
        (lambda: massai_gamefile.load_game(path), massai_gamefile.GameFileError),
        (lambda: read_text(path, 1024 * 1024, "order sheets"), FileFormatError),
    ]:
        one_line(within_a_second(call), error_kind)


def test_a_symlink_to_a_device_is_refused_too(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    message = one_line(within_a_second(lambda: load_board(link)), BoardError)
    assert "not a regular file" in message


def test_a_command_line_game_may_name_its_board_file(tmp_path: Path) -> None:
    tiny = board_from_dict(
        {
            "format": "tabletop.africa1880.board",
            "name": "two ports",
            "territories": [
                {"name": "Port", "coastal": True, "spaces": 2, "neighbours": ["Cove"]},
                {"name": "Cove", "coastal": True, "spaces": 1, "neighbours": ["Port"]},
            ],
        }
    )
    board_file = tmp_path / "tiny.json"
    board_file.write_text(json.dumps(tiny.to_dict()), encoding="utf-8")
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"presences": {"France": ["Port"]}, "board": "tiny.json"}))
    assert load_game(game).board == tiny
    message = one_line(within_a_second(lambda: load_game(game, allow_paths=False)), GameFileError)
    assert "tiny.json" not in message.split(": ", 1)[1]


def test_huge_files_are_refused_before_reading(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_BOARD_BYTES + 1))
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    one_line(within_a_second(lambda: load_board(path)), BoardError)
    assert reads == []  # refused from its size alone


# --------------------------------------------------------------------------- hostile content

HOSTILE_TEXT = {
    "long integer": b'{"presences": {}, "round": ' + b"9" * 5000 + b"}",
    "integer past the limit": b'{"presences": {}, "round": 1' + b"0" * 30 + b"}",
    "NUL escape": b'{"presences": {"France": ["Alg\\u0000eria"]}}',
    "lone surrogate": b'{"presences": {"France": ["\\ud800"]}}',
    "surrogate key": b'{"presences": {"\\udfff": []}}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep objects": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "invalid UTF-8": b'{"presences": {"France": ["\xff\xfe"]}}',
    "encoded surrogate": b'{"presences": {"France": ["\xed\xa0\x80"]}}',
    "NaN": b'{"presences": {}, "round": NaN}',
    "Infinity": b'{"presences": {}, "round": 1e999}',
    "not JSON": b"{" + b"x" * 100_000,
    # Each escaped quote once restarted the nesting pre-scan to the end (quadratic): 800 KB.
    "unterminated escapes": b'["' + b'\\"' * 400_000,
    "many shallow brackets": b"[" + b"[]," * 100_000 + b"[]]",
    "empty": b"",
    "binary": bytes(range(256)) * 10,
}


@pytest.mark.parametrize("name", list(HOSTILE_TEXT))
def test_hostile_bytes_give_a_documented_error(name: str) -> None:
    data = HOSTILE_TEXT[name]
    one_line(within_a_second(lambda: load_game_bytes(data, "upload.json")), GameFileError)
    one_line(within_a_second(lambda: board_from_bytes(data, "board.json")), BoardError)
    one_line(
        within_a_second(lambda: massai_gamefile.load_game_bytes(data, "upload.json")),
        massai_gamefile.GameFileError,
    )


@pytest.mark.parametrize("name", list(HOSTILE_TEXT))
def test_hostile_files_on_the_command_line_give_a_documented_error(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(HOSTILE_TEXT[name])
    one_line(within_a_second(lambda: load_game(path)), GameFileError)
    one_line(within_a_second(lambda: load_board(path)), BoardError)
    one_line(within_a_second(lambda: massai_gamefile.load_game(path)), FileFormatError)


def test_deep_python_data_is_refused_without_recursion() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    one_line(within_a_second(lambda: game_from_dict({"presences": deep})), GameFileError)
    one_line(within_a_second(lambda: board_from_dict({"territories": deep})), BoardError)
    one_line(
        within_a_second(lambda: massai_gamefile.GameRecord.from_json({"history": deep})),
        massai_gamefile.GameFileError,
    )


def test_python_data_with_huge_numbers_is_refused() -> None:
    message = one_line(
        within_a_second(lambda: game_from_dict({"presences": {}, "round": 10**10_000})),
        GameFileError,
    )
    assert "too long" in message


# --------------------------------------------------------------------------- saving


def test_a_refused_save_does_not_dump_the_game(tmp_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    text = "[France]\nAlgeria: develop\n# " + "x" * 20_000 + "\ud800\n"
    game.apply(game.read_sheets(text), text)
    path = tmp_path / "game.json"
    message = one_line(within_a_second(lambda: save_game(game, path)), GameFileError)
    assert "x" * 100 not in message and "surrogate" in message
    assert not path.exists()


def test_a_loaded_game_can_always_be_saved(tmp_path: Path) -> None:
    # Text that could not be written is refused on load, so saving a loaded game never fails.
    game = load_game_bytes(json.dumps(example_game().to_dict()).encode())
    save_game(game, tmp_path / "again.json")
    assert load_game(tmp_path / "again.json").state == game.state


def test_massai_show_refuses_deep_nesting(tmp_path: Path, capsys) -> None:
    from tabletop.cli.dispatch import main

    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert main(["massai", "show", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nested too deeply" in err and "Traceback" not in err


# --------------------------------------------------------------------------- stored boards


def test_a_game_keeps_the_board_it_was_played_on(tmp_path: Path) -> None:
    data = load_board().to_dict()
    next(t for t in data["territories"] if t["name"] == "Chad")["spaces"] = 1
    data["total_spaces"] = 87
    data["name"] = "Our map"
    ours = board_from_dict(data, "ours")
    game = Game.new(["France", "Germany", "Italy"], board=ours)
    path = tmp_path / "game.json"
    save_game(game, path)
    # Whatever becomes of any board file or stored board, the saved game has its own copy.
    again = load_game_bytes(path.read_bytes())
    assert again.board == ours and again.board["Chad"].spaces == 1


def _game_with(**changes: Any) -> bytes:
    data = example_game().to_dict()
    data["state"].update(changes)
    return json.dumps(data).encode()


#: Game files with the right layout but far too many of something: each once cost seconds of
#: CPU to refuse (100,000 power names: 16.7 s), name after name checked and given a suggestion.
CROWDED_GAMES = {
    "100,000 power names": lambda: _game_with(powers=[f"P{i}" for i in range(100_000)]),
    "1,999 power names": lambda: _game_with(powers=[f"P{i}" for i in range(1_999)]),
    "1,999 unknown powers with presences": lambda: _game_with(
        presences={f"P{i}": [] for i in range(1_999)}
    ),
    "1,999 unknown colonies": lambda: _game_with(colonies=[f"T{i}" for i in range(1_999)]),
    "1,999 relations": lambda: _game_with(last_relations={f"P{i}": [] for i in range(1_999)}),
    "100,000 history entries": lambda: json.dumps(
        {**example_game().to_dict(), "history": [{}] * 100_000}
    ).encode(),
}


@pytest.mark.parametrize("name", list(CROWDED_GAMES))
def test_crowded_game_files_are_refused_in_one_line_within_half_a_second(name: str) -> None:
    data = CROWDED_GAMES[name]()
    message = one_line(within_a_second(lambda: load_game_bytes(data), 0.5), FileFormatError)
    assert message.startswith("<upload>")


def test_a_crowded_massai_file_is_refused_within_half_a_second() -> None:
    data = json.dumps({"format": "tabletop-massai-game", "version": 1, "history": [{}] * 100_000})
    error = within_a_second(lambda: massai_gamefile.load_game_bytes(data.encode()), 0.5)
    assert "at most 2,000" in one_line(error, FileFormatError)
