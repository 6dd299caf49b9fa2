"""Africa 1880 game files: JSON with the current state and the history of resolved rounds.

A full file::

    {"format": "tabletop.africa1880.game", "version": 1,
     "state": {...},
     "history": [{"state": <state before the round>, "sheets_text": "...", "report": {...}}, ...]}

A hand-written file holding only state keys (``powers``, ``presences``, ``development``,
``colonies``, ``round``, ``board``, ``options``) is accepted too; missing keys take their defaults.
Every check is done by hand and reports exactly what is wrong and where (``history[2].state.round
must be ...``). Files are written atomically and a file that is not an Africa 1880 game is never
overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.fileio import FileFormatError, atomic_write_json, read_json
from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board import Board, BoardError, load_board
from tabletop.games.africa1880.notation import ParseResult, format_sheets, parse_sheets
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.state import (
    STATE_KEYS,
    GameState,
    Options,
    StateError,
    board_problems,
    new_game,
    state_from_dict,
    with_canonical_names,
)

_DATA = Path(__file__).resolve().parent / "data"
EXAMPLE_GAME = _DATA / "example_game.json"
"""A bundled 4-power game in progress (round 4, 1895) with the history of its first rounds."""
EXAMPLE_ORDERS = _DATA / "example_orders_1895.txt"
"""Typed order sheets for round 4 of :data:`EXAMPLE_GAME` (with two void orders to show)."""

GAME_FORMAT = "tabletop.africa1880.game"
GAME_VERSION = 1
_TOP_KEYS = ("format", "version", "state", "history")
_ENTRY_KEYS = ("state", "sheets_text", "report")

__all__ = [
    "EXAMPLE_GAME",
    "EXAMPLE_ORDERS",
    "GAME_FORMAT",
    "Game",
    "GameFileError",
    "HistoryEntry",
    "NothingToUndo",
    "example_game",
    "example_orders",
    "game_from_dict",
    "load_game",
    "save_game",
]


class GameFileError(ValueError):
    """A game file (or game data) that cannot be used; ``problems`` lists every reason found.

    ``str()`` is one line naming the file, so that a command line can print it as it is.
    """

    def __init__(self, problems: Iterable[str], source: str = "<data>") -> None:
        # One line each, whatever text the file held (keys may contain line breaks).
        self.problems = [" ".join(str(problem).split()) for problem in problems]
        self.source = source
        if len(self.problems) == 1:
            message = f"{source}: {self.problems[0]}"
        else:
            message = f"{source}: {len(self.problems)} problems: " + "; ".join(self.problems)
        super().__init__(message)


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


def _board_for(name: str, base_dir: Path | None) -> Board:
    if name == "default":
        return load_board()
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

    def apply(self, sheets: str | ParseResult | Mapping) -> Report:
        """Resolve the current round with these sheets and record it; return the report."""
        assert self.board is not None
        if isinstance(sheets, str):
            text = sheets
            parsed: Any = parse_sheets(text, self.board, self.state.powers)
        else:
            parsed = sheets
            found = parsed.sheets if isinstance(parsed, ParseResult) else parsed
            text = format_sheets(found, self.board, self.state.powers)
        new_state, report = resolve(self.state, self.board, parsed)
        self.history.append(HistoryEntry(self.state, text, report.to_dict(include_state=False)))
        self.state = new_state
        return report

    def undo(self) -> GameState:
        """Go back to the state before the last resolved round; returns that state."""
        if not self.history:
            raise NothingToUndo("nothing to undo: no round has been resolved in this game yet")
        self.state = self.history.pop().state
        return self.state

    def to_dict(self) -> dict[str, Any]:
        """The full game-file form."""
        return {
            "format": GAME_FORMAT,
            "version": GAME_VERSION,
            "state": self.state.to_dict(),
            "history": [entry.to_dict() for entry in self.history],
        }


def _is_minimal_form(data: Mapping) -> bool:
    return "format" not in data and any(key in STATE_KEYS for key in data)


def game_from_dict(
    data: Any, source: str = "<data>", base_dir: Path | None = None, board: Board | None = None
) -> Game:
    """Check game data read from JSON and build the :class:`Game`; raises :class:`GameFileError`."""
    if not isinstance(data, Mapping):
        raise GameFileError(
            [f"not an Africa 1880 game file (a JSON object is expected, not {_kind(data)})"],
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
    if data["format"] != GAME_FORMAT:
        shown = json.dumps(data["format"], ensure_ascii=False)[:60]
        raise GameFileError(
            [f'not an Africa 1880 game file (its format is {shown}, not "{GAME_FORMAT}")'], source
        )
    version = data.get("version", GAME_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        raise GameFileError([f'"version" must be a whole number, not {_kind(version)}'], source)
    if version != GAME_VERSION:
        raise GameFileError(
            [f"version {version} is not supported (this program reads version {GAME_VERSION})"],
            source,
        )
    problems = [f'"{key}": unknown key' for key in data if key not in _TOP_KEYS]
    state = None
    if "state" not in data:
        problems.append('missing "state"')
    else:
        try:
            state = state_from_dict(data["state"], "state")
        except StateError as error:
            problems.extend(error.problems)
    history: list[HistoryEntry] = []
    raw_history = data.get("history", [])
    if not isinstance(raw_history, list):
        problems.append(f'"history" must be a list, not {_kind(raw_history)}')
        raw_history = []
    for index, raw in enumerate(raw_history):
        where = f"history[{index}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where} must be an object, not {_kind(raw)}")
            continue
        problems.extend(f"{where}.{key}: unknown key" for key in raw if key not in _ENTRY_KEYS)
        if "state" not in raw:
            problems.append(f'{where}: missing "state"')
            continue
        try:
            entry_state = state_from_dict(raw["state"], f"{where}.state")
        except StateError as error:
            problems.extend(error.problems)
            continue
        text = raw.get("sheets_text", "")
        if not isinstance(text, str):
            problems.append(f"{where}.sheets_text must be text, not {_kind(text)}")
            text = ""
        report = raw.get("report")
        if report is not None and not isinstance(report, Mapping):
            problems.append(f"{where}.report must be an object or null, not {_kind(report)}")
            report = None
        history.append(HistoryEntry(entry_state, text, report))
    if problems:
        raise GameFileError(problems, source)
    assert state is not None
    if board is None:
        try:
            board = _board_for(state.board, base_dir)
        except BoardError as error:
            raise GameFileError([f"state.board: {error}"], source) from None
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
    if problems:
        raise GameFileError(problems, source)
    return Game(state=state, history=history, board=board)


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def load_game(path: str | os.PathLike[str]) -> Game:
    """Read a game file; raises :class:`GameFileError` with one clear line on any problem."""
    target = Path(path)
    try:
        data = read_json(target)
    except FileFormatError as error:
        raise GameFileError([str(error).removeprefix(f"{target}: ")], str(target)) from None
    except RecursionError:
        raise GameFileError(["not usable JSON: nested too deeply"], str(target)) from None
    game = game_from_dict(data, str(target), target.parent)
    game.path = target
    return game


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
