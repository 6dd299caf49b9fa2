"""Africa 1880 game files: JSON with the current state and the history of resolved rounds.

A full file::

    {"format": "tabletop.africa1880.game", "version": 1,
     "state": {...},
     "history": [{"state": <state before the round>, "sheets_text": "...", "report": {...}}, ...]}

A saved file also carries ``"board": {...}``, the data of the board the game is played on, so a
game keeps its map whatever happens to board files later. A hand-written file holding only state
keys (``powers``, ``presences``, ``development``, ``colonies``, ``round``, ``board``,
``options``) is accepted too; missing keys take their defaults.

The layout is checked against the JSON Schemas in ``data/schemas/`` (``game.schema.json``, which
uses ``state.schema.json`` and ``board.schema.json``); the state's own checks and those against the
board are the rules core's. Every problem is reported at once, saying where (``history[2].state.
round must be ...``). Files are written atomically and a file that is not an Africa 1880 game is
never overwritten.

Trust: :func:`load_game` (a path from the command line or the server's configuration) may follow
a state's ``board`` to a board file; :func:`load_game_bytes` and :func:`game_from_dict` (what a
page sent, or a database row) never open any file: the board must be embedded or be a board
shipped with the program (``"default"``).

This module holds the game (:class:`Game`, its history and undo), its writing
(:func:`save_game`) and its reading (:func:`load_game`, :func:`load_game_bytes`,
:func:`game_from_dict`), and the check of rule case files (:func:`validate_case`).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.fileio import (
    MAX_JSON_BYTES,
    FileFormatError,
    atomic_write_json,
    bounded_message,
    capped,
    check_json_value,
    kind_of,
    load_schema,
    parse_json_bytes,
    read_json,
    schema_problems,
    schema_validator,
)
from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import PACKAGE_BOARDS, load_board
from tabletop.games.africa1880.board_fit import board_problems, with_canonical_names
from tabletop.games.africa1880.notation import ParseResult, parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.options import Options, StateError
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.report import Report, ReportRecord
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import STATE_KEYS, GameState, state_from_dict

_DATA = Path(__file__).resolve().parent / "data"
EXAMPLE_GAME = _DATA / "example_game.json"
"""A bundled 4-power game in progress (round 4, 1895) with the history of its first rounds."""
EXAMPLE_ORDERS = _DATA / "example_orders_1895.txt"
"""Typed order sheets for round 4 of :data:`EXAMPLE_GAME` (with two void orders to show)."""

GAME_FORMAT = "tabletop.africa1880.game"
GAME_VERSION = 1

SCHEMAS = _DATA / "schemas"
GAME_SCHEMA = SCHEMAS / "game.schema.json"
"""JSON Schema (draft 2020-12) of game files; it uses ``state.schema.json`` and the board's."""
CASE_SCHEMA = SCHEMAS / "case.schema.json"
"""JSON Schema of the test suite's rule-case files (``tests/games/africa1880/cases/*.json``)."""

#: The largest game an upload or a database row may hold (same as a file on the command line).
MAX_GAME_BYTES = MAX_JSON_BYTES

__all__ = [
    "EXAMPLE_GAME",
    "EXAMPLE_ORDERS",
    "CASE_SCHEMA",
    "GAME_FORMAT",
    "GAME_SCHEMA",
    "CaseFileError",
    "Game",
    "GameFileError",
    "HistoryEntry",
    "NothingToUndo",
    "example_game",
    "example_orders",
    "save_game",
]


class GameFileError(FileFormatError):
    """A game file (or game data) that cannot be used; ``problems`` lists every reason found.

    A ``ValueError`` (through :class:`~tabletop.fileio.FileFormatError`). ``str()`` is one line
    naming the source, at most :data:`~tabletop.fileio.MAX_MESSAGE_CHARS` characters, so that a
    command line or a page can show it as it is; each problem is one bounded line.
    """

    def __init__(self, problems: Iterable[str], source: str = "<data>") -> None:
        # One line each, whatever text the file held (keys may contain line breaks).
        found = [str(problem) for problem in problems]
        self.problems = capped(found)
        self.source = bounded_message(str(source), 120)
        if len(found) == 1:
            reason = self.problems[0]
        else:
            reason = f"{len(found)} problems: " + "; ".join(self.problems)
        super().__init__(f"{self.source}: {reason}", reason)


class CaseFileError(FileFormatError):
    """A rule-case file that does not follow :data:`CASE_SCHEMA`; ``problems`` lists them all."""

    def __init__(self, problems: Iterable[str], source: str = "<case>") -> None:
        self.problems = capped(list(problems))
        reason = "; ".join(self.problems)
        super().__init__(f"{bounded_message(source, 120)}: {reason}", reason)


class NothingToUndo(ValueError):
    """Undo asked on a game with no resolved round in its history."""


@dataclass(frozen=True)
class HistoryEntry:
    """One resolved round: the state before it, the sheets as typed, and its report (JSON form)."""

    state: GameState
    sheets_text: str = ""
    report: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "state": self.state.to_dict(),
            "sheets_text": self.sheets_text,
            "report": None if self.report is None else dict(self.report),
        }


def _board_for(name: str, base_dir: Path | None, allow_paths: bool = True) -> Board:
    """The board a state names: one shipped with the program, or (trusted callers only) a file,
    relative to the game file's folder."""
    if name in PACKAGE_BOARDS or not allow_paths:
        return load_board(name, allow_paths=False)
    path = Path(name).expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    return load_board(path)


@dataclass
class Game:
    """A game being played: the current state, the history of rounds, and the board.

    ``apply`` resolves a round and remembers it; ``undo`` goes back one round exactly.
    ``path`` is the file the game was read from (relative board paths are read from its folder).
    """

    state: GameState
    history: list[HistoryEntry] = field(default_factory=list)
    board: Board | None = None
    path: Path | None = None

    def __post_init__(self) -> None:
        if self.board is None:
            base = self.path.parent if self.path is not None else None
            self.board = _board_for(self.state.board, base)

    @classmethod
    def new(
        cls,
        powers: Iterable[str],
        board: Board | None = None,
        start: str = "historical",
        placements: Mapping[str, str] | None = None,
        options: Options | None = None,
        board_name: str | None = None,
    ) -> Game:
        """Set up a new game (see :func:`~tabletop.games.africa1880.state.new_game`)."""
        board = board or load_board()
        state = new_game(powers, board, start, placements, options, board_name)
        return cls(state=state, board=board)

    def read_sheets(self, text: str) -> ParseResult:
        """The typed sheets of a round, read for this game's board and powers (the text's edge:
        :func:`~tabletop.games.africa1880.notation.parse_sheets`). Raises ``SheetTooLongError``
        for a text over the notation's limit."""
        assert self.board is not None
        return parse_sheets(text, self.board, self.state.powers)

    def apply(
        self, sheets: ParseResult | Mapping[str, OrderSheet], text: str | None = None
    ) -> Report:
        """Resolve the current round with these typed sheets and record it; return the report.

        ``text`` is the sheets as typed, kept in the history as the players wrote them (void
        lines included); without it the history keeps the sheets written out. Text is read
        before, by the caller (:meth:`read_sheets`):

        >>> game = example_game()
        >>> typed = "[France]\\nAlgeria: develop\\n"
        >>> report = game.apply(game.read_sheets(typed), typed)
        >>> game.history[-1].sheets_text == typed, game.state.round
        (True, 5)
        """
        assert self.board is not None
        if isinstance(sheets, str):  # a program error: text is read at its edge, not here
            raise TypeError("Game.apply takes typed sheets: read a text with Game.read_sheets")
        if text is None:
            found = sheets.sheets if isinstance(sheets, ParseResult) else sheets
            text = format_sheets(found, self.board, self.state.powers)
        new_state, report = resolve(self.state, self.board, sheets)
        # The report's JSON form is written when first read, not here (no sentence per void order).
        self.history.append(HistoryEntry(self.state, text, ReportRecord(report)))
        self.state = new_state
        return report

    def undo(self) -> GameState:
        """Go back to the state before the last resolved round; returns that state."""
        if not self.history:
            raise NothingToUndo("nothing to undo: no round has been resolved in this game yet")
        self.state = self.history.pop().state
        return self.state

    def to_dict(self) -> dict[str, Any]:
        """The full game-file form, with the board's data (the game keeps its map)."""
        data: dict[str, Any] = {
            "format": GAME_FORMAT,
            "version": GAME_VERSION,
            "state": self.state.to_dict(),
            "history": [entry.to_dict() for entry in self.history],
        }
        if self.board is not None:
            data["board"] = self.board.to_dict()
        return data


def _check_replaceable(target: Path) -> None:
    """Refuse to overwrite anything that is not an Africa 1880 game file."""
    if not target.exists():
        return
    if target.is_dir():
        raise GameFileError(["is a folder, not a game file"], str(target))
    try:
        load_game(target)
    except GameFileError as error:
        reason = "; ".join(error.problems)
        raise GameFileError(
            [f"refusing to overwrite it, it is not a valid Africa 1880 game file ({reason})"],
            str(target),
        ) from None


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game atomically (temporary file, fsync, rename).

    An existing file at ``path`` is replaced only if it is an Africa 1880 game file.
    """
    target = Path(path)
    _check_replaceable(target)
    try:
        atomic_write_json(target, game.to_dict())
    except FileFormatError as error:  # text that cannot be UTF-8; the game itself is not quoted
        raise GameFileError([error.reason], str(target)) from None
    except OSError as error:
        raise GameFileError(
            [f"cannot write the file ({error.strerror or error})"], str(target)
        ) from None
    game.path = target


def example_game() -> Game:
    """The bundled example game (see :data:`EXAMPLE_GAME`); save it elsewhere to keep playing."""
    game = load_game(EXAMPLE_GAME)
    game.path = None
    return game


def example_orders() -> str:
    """The bundled order sheets for the example game's current round."""
    return EXAMPLE_ORDERS.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- reading


def _is_minimal_form(data: Mapping[str, Any]) -> bool:
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


def _dotted(path: tuple[Any, ...]) -> str:
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += f".{bounded_message(str(step), 40)}" if out else bounded_message(str(step), 40)
    return out


def _describe(path: tuple[Any, ...]) -> tuple[str, str]:
    if not path:
        return "", "the game file"
    if len(path) == 1:
        return "", f'"{bounded_message(str(path[0]), 40)}"'
    return "", _dotted(path)


def _in_state_or_board(path: tuple[Any, ...], keyword: str) -> bool:
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
    data, problems = _checked_layout(data, source)
    state, history = _read_states(data, problems)
    if board is None and "board" in data:
        try:
            board = _embedded_board(data["board"])
        except BoardError as error:
            problems.extend(f"board: {problem}" for problem in error.problems)
    if problems:
        raise GameFileError(problems, source)
    assert state is not None
    if board is None:
        board = _named_board(state, source, base_dir, allow_paths)
    state, problems = _fit_to_board(state, history, board)
    if problems:
        raise GameFileError(problems, source)
    return Game(state=state, history=history, board=board)


def _checked_layout(data: Any, source: str) -> tuple[Mapping[str, Any], list[str]]:
    """The game data in its full form and what its schema says against it.

    Raises :class:`GameFileError` at once for what is not a game file of this version.
    """
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
    return data, problems


def _read_states(
    data: Mapping[str, Any], problems: list[str]
) -> tuple[GameState | None, list[HistoryEntry]]:
    """The current state (None when unreadable) and the readable history entries."""
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
    return state, history


def _named_board(state: GameState, source: str, base_dir: Path | None, allow_paths: bool) -> Board:
    """The board the state names, when the file carries none."""
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
        return _board_for(state.board, base_dir, allow_paths)
    except BoardError as error:
        raise GameFileError([f"state.board: {error.reason}"], source) from None


def _fit_to_board(
    state: GameState, history: list[HistoryEntry], board: Board
) -> tuple[GameState, list[str]]:
    """The state under canonical names, the history entries too (in place), and every way
    they do not fit ``board``."""
    # Hand-written files may use aliases ("Algérie"); the game itself keeps canonical names.
    problems: list[str] = []
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
    return state, problems


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
    """Check a rule case (``tests/games/africa1880/cases/*.json``) against :data:`CASE_SCHEMA`.

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
