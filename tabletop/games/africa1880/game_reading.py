"""Reading game files: the JSON Schema check, the state and board checks of the rules core, every
problem reported at once; from a path (:func:`load_game`), from bytes someone sent
(:func:`load_game_bytes`) or from parsed data (:func:`game_from_dict`); and the rule-case files.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop.fileio import (
    FileFormatError,
    bounded_message,
    check_json_value,
    kind_of,
    load_schema,
    parse_json_bytes,
    read_json,
    schema_problems,
    schema_validator,
)
from tabletop.games.africa1880.board import (
    PACKAGE_BOARDS,
    Board,
    BoardError,
    board_from_dict,
    load_board,
)
from tabletop.games.africa1880.gamefile import (
    CASE_SCHEMA,
    GAME_FORMAT,
    GAME_SCHEMA,
    GAME_VERSION,
    MAX_GAME_BYTES,
    SCHEMAS,
    CaseFileError,
    Game,
    GameFileError,
    HistoryEntry,
    _board_for,
)
from tabletop.games.africa1880.state import (
    STATE_KEYS,
    StateError,
    board_problems,
    state_from_dict,
    with_canonical_names,
)


def _is_minimal_form(data: Mapping) -> bool:
    return "format" not in data and any(key in STATE_KEYS for key in data)


@functools.lru_cache(maxsize=1)
def _game_validator() -> Any:
    return schema_validator(
        load_schema(GAME_SCHEMA),
        load_schema(SCHEMAS / "state.schema.json"),
        load_schema(SCHEMAS / "board.schema.json"),
    )


@functools.lru_cache(maxsize=1)
def _case_validator() -> Any:
    return schema_validator(
        load_schema(CASE_SCHEMA),
        load_schema(SCHEMAS / "state.schema.json"),
        load_schema(SCHEMAS / "board.schema.json"),
    )


def _dotted(path: tuple) -> str:
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += f".{bounded_message(str(step), 40)}" if out else bounded_message(str(step), 40)
    return out


def _describe(path: tuple) -> tuple[str, str]:
    if not path:
        return "", "the game file"
    if len(path) == 1:
        return "", f'"{bounded_message(str(path[0]), 40)}"'
    return "", _dotted(path)


def _in_state_or_board(path: tuple, keyword: str) -> bool:
    """Errors inside a state or the board are reported by their own checks (the core's state
    checks, the board loader), in their words; a wrong type of the whole value is kept."""
    if path[:1] == ("board",):
        return True
    if path[:1] == ("state",):
        return len(path) > 1 or keyword != "type"
    if len(path) >= 3 and path[0] == "history" and path[2] == "state":
        return len(path) > 3 or keyword != "type"
    return False


def _embedded_board(raw: Any) -> Board:
    """The board a game file carries; the shipped one itself when the data is the same."""
    board = board_from_dict(raw, "board")
    for name in PACKAGE_BOARDS:
        shipped = load_board(name)
        if shipped == board:
            return shipped
    return board


def game_from_dict(
    data: Any,
    source: str = "<data>",
    base_dir: Path | None = None,
    board: Board | None = None,
    *,
    allow_paths: bool = False,
) -> Game:
    """Check game data read from JSON and build the :class:`Game`; raises :class:`GameFileError`.

    The board is ``board`` when given, else the file's embedded ``"board"`` data, else the
    board its state names: one shipped with the program, or, only with ``allow_paths`` (a file
    given on the command line), a board file (relative to ``base_dir``). Without
    ``allow_paths`` no file is ever opened, and a board file name is refused with a message
    that says nothing about any file.
    """
    try:
        check_json_value(data)
    except FileFormatError as error:
        raise GameFileError([error.reason], source) from None
    return _game_from_checked(data, source, base_dir, board, allow_paths)


def _game_from_checked(
    data: Any, source: str, base_dir: Path | None, board: Board | None, allow_paths: bool
) -> Game:
    """:func:`game_from_dict` for data already through ``check_json_value``."""
    if not isinstance(data, Mapping):
        raise GameFileError(
            [f"not an Africa 1880 game file (a JSON object is expected, not {kind_of(data)})"],
            source,
        )
    if _is_minimal_form(data):
        data = {"format": GAME_FORMAT, "version": GAME_VERSION, "state": dict(data)}
    if "format" not in data:
        raise GameFileError(
            [
                'not an Africa 1880 game file (no "format" key, and not a bare state with keys '
                "such as powers, presences, development, colonies, round, board, options)"
            ],
            source,
        )
    validator = _game_validator()
    if data["format"] != GAME_FORMAT:
        # Another kind of file: its other differences would only bury the reason.
        only = schema_problems(
            validator, {"format": data["format"]}, _describe, lambda path, _: path != ("format",)
        )
        raise GameFileError(only, source)
    problems = schema_problems(validator, data, _describe, _in_state_or_board)
    if "version" in data and any(p.startswith(("version ", '"version"')) for p in problems):
        # A file from another version: its layout may differ in every other way too.
        raise GameFileError(
            [p for p in problems if p.startswith(("version ", '"version"'))], source
        )
    state = None
    if isinstance(data.get("state"), Mapping):
        try:
            state = state_from_dict(data["state"], "state")
        except StateError as error:
            problems.extend(error.problems)
    history: list[HistoryEntry] = []
    raw_history = data.get("history", [])
    for index, raw in enumerate(raw_history if isinstance(raw_history, list) else []):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("state"), Mapping):
            continue  # reported by the schema
        try:
            entry_state = state_from_dict(raw["state"], f"history[{index}].state")
        except StateError as error:
            problems.extend(error.problems)
            continue
        text = raw.get("sheets_text", "")
        report = raw.get("report")
        history.append(
            HistoryEntry(
                entry_state,
                text if isinstance(text, str) else "",
                report if isinstance(report, Mapping) else None,
            )
        )
    if board is None and "board" in data:
        try:
            board = _embedded_board(data["board"])
        except BoardError as error:
            problems.extend(f"board: {problem}" for problem in error.problems)
    if problems:
        raise GameFileError(problems, source)
    assert state is not None
    if board is None:
        if state.board not in PACKAGE_BOARDS and not allow_paths:
            raise GameFileError(
                [
                    "state.board: a game sent to the program must carry its board's data "
                    '("board": {...}) or name a board shipped with it ("default"); '
                    "board file names are not followed"
                ],
                source,
            )
        try:
            board = _board_for(state.board, base_dir, allow_paths)
        except BoardError as error:
            raise GameFileError([f"state.board: {error.reason}"], source) from None
    # Hand-written files may use aliases ("Algérie"); the game itself keeps canonical names.
    problems = []
    try:
        state = with_canonical_names(state, board)
    except StateError as error:
        problems.extend(f"state.{p}" for p in error.problems)
    problems.extend(f"state.{p}" for p in board_problems(state, board))
    for index, entry in enumerate(history):
        where = f"history[{index}].state"
        if entry.state.board != state.board:
            problems.append(f"{where}.board differs from state.board")
            continue
        try:
            entry_state = with_canonical_names(entry.state, board)
        except StateError as error:
            problems.extend(f"{where}.{p}" for p in error.problems)
            continue
        if entry_state is not entry.state:
            history[index] = replace(entry, state=entry_state)
        problems.extend(f"{where}.{p}" for p in board_problems(entry_state, board))
    if problems:
        raise GameFileError(problems, source)
    return Game(state=state, history=history, board=board)


def load_game_bytes(
    data: bytes | str, source: str = "<upload>", *, allow_paths: bool = False
) -> Game:
    """A game from the bytes of a file someone sent (an upload, a database row).

    Never opens a file unless ``allow_paths`` (keep it false for anything a page sent): the
    board must be embedded in the file or be a board shipped with the program. Every refusal is
    a :class:`GameFileError` with one bounded line: more than :data:`MAX_GAME_BYTES`, not UTF-8,
    not JSON, nested too deeply, numbers too long, NUL characters, lone surrogates, or not a
    consistent Africa 1880 game.
    """
    try:
        raw = parse_json_bytes(data, MAX_GAME_BYTES)
    except FileFormatError as error:
        raise GameFileError([error.reason], source) from None
    return _game_from_checked(raw, source, None, None, allow_paths)  # checked while parsing


def validate_case(data: Any, source: str = "<case>") -> None:
    """Check a rule case (``tests/africa1880/cases/*.json``) against :data:`CASE_SCHEMA`.

    Raises :class:`CaseFileError` listing every problem (where, and the bad value quoted).
    """
    try:
        check_json_value(data)
    except FileFormatError as error:
        raise CaseFileError([error.reason], source) from None
    problems = schema_problems(_case_validator(), data, _describe)
    if problems:
        raise CaseFileError(problems, source)


def load_game(path: str | os.PathLike[str], *, allow_paths: bool = True) -> Game:
    """Read a game file named by the person running the program (command line, configuration).

    Only a regular file is read (no folder, device or FIFO), at most ``MAX_JSON_BYTES``. With
    ``allow_paths`` (the default here) a state naming a board file follows it, relative to the
    game file's folder; a board embedded in the file comes first. Raises :class:`GameFileError`
    with one clear line on any problem.
    """
    target = Path(path)
    try:
        data = read_json(target)
    except FileFormatError as error:
        raise GameFileError([error.reason], str(target)) from None
    game = _game_from_checked(data, str(target), target.parent, None, allow_paths)
    game.path = target
    return game
