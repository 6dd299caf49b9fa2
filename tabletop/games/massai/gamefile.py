"""A Massai game as a record (options + every action, with every position) and its JSON file.

The file keeps the options and the history of typed actions; loading replays the history through
the rules, so a file cannot smuggle in an impossible position. The final position is stored too
(handy for people and other programs) and must agree with the replay. Writes are atomic. The
layout is checked against ``data/schemas/game.schema.json`` (draft 2020-12, with ``jsonschema``);
:func:`load_game_bytes` reads what a page sent without opening any file.

File layout::

    {"format": "tabletop-massai-game", "version": 1,
     "options": {"columns": 8, "rows": 6, "adjacency": 8, "guard_table": [0, 0, 1, 2, 3, 4]},
     "history": [{"player": 0, "action": "setup a1 b1 b2 c2 c1"}, ...],
     "position": {...}}
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.fileio import (
    MAX_JSON_BYTES,
    FileFormatError,
    atomic_write_json,
    bounded_message,
    check_json_value,
    load_schema,
    parse_json_bytes,
    quote,
    read_json,
    schema_problems,
    schema_validator,
)
from tabletop.games.massai.actions import Action
from tabletop.games.massai.notation import NotationError, format_action, parse_action
from tabletop.games.massai.reports import Report
from tabletop.games.massai.rules import apply
from tabletop.games.massai.state import Options, OptionsError, State, new_game

FORMAT = "tabletop-massai-game"
VERSION = 1
DEFAULT_FILE_NAME = "massai.json"
GAME_SCHEMA = Path(__file__).resolve().parent / "data" / "schemas" / "game.schema.json"
"""JSON Schema (draft 2020-12) of Massai game files, shipped in the package."""
#: The largest game an upload may hold (as for a file on the command line).
MAX_GAME_BYTES = MAX_JSON_BYTES


class GameFileError(FileFormatError):
    """A game file that cannot be used; never overwritten by the program.

    A ``ValueError``; ``str()`` is one line of bounded length naming the source.
    """


@functools.lru_cache(maxsize=1)
def _validator() -> Any:
    return schema_validator(load_schema(GAME_SCHEMA))


def _describe(path: tuple[Any, ...]) -> tuple[str, str]:
    if not path:
        return "", "the game file"
    if path[0] == "options" and len(path) >= 2:
        return "bad options: ", bounded_message(str(path[1]), 40)
    if path[0] == "history" and len(path) >= 2 and isinstance(path[1], int):
        if len(path) == 2:
            return "", f"history entry {path[1] + 1}"
        return f"history entry {path[1] + 1}: ", f'"{bounded_message(str(path[2]), 40)}"'
    return "", f'"{bounded_message(str(path[0]), 40)}"'


class NothingToUndo(ValueError):
    """Undo asked on a game with no action yet."""


def data_dir() -> Path:
    """Where games are kept by default: ``$TABLETOP_DATA_DIR``, else ``~/.local/share/tabletop``."""
    configured = os.environ.get("TABLETOP_DATA_DIR")
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "tabletop"


def default_game_path() -> Path:
    """The default Massai game file: ``massai.json`` in :func:`data_dir`."""
    return data_dir() / DEFAULT_FILE_NAME


@dataclass(frozen=True)
class GameRecord:
    """Options, accepted actions and the position after each (``states[0]`` is the start)."""

    options: Options
    actions: tuple[Action, ...] = ()
    states: tuple[State, ...] = ()
    reports: tuple[Report, ...] = field(default=(), compare=False)

    @classmethod
    def new(cls, options: Options | None = None) -> GameRecord:
        """A record of a game not started yet."""
        options = options or Options()
        return cls(options=options, states=(new_game(options),))

    @property
    def state(self) -> State:
        """The current position."""
        return self.states[-1]

    def play(self, action: Action) -> tuple[GameRecord, Report]:
        """Add ``action`` if legal: ``(new record, report)``; a refusal returns ``self``."""
        after, report = apply(self.state, action)
        if not report.ok:
            return self, report
        return (
            GameRecord(
                options=self.options,
                actions=self.actions + (action,),
                states=self.states + (after,),
                reports=self.reports + (report,),
            ),
            report,
        )

    def undo(self) -> GameRecord:
        """The record without its last action; raises ``NothingToUndo`` at the start."""
        if not self.actions:
            raise NothingToUndo("nothing to undo: no action has been played yet")
        return GameRecord(
            options=self.options,
            actions=self.actions[:-1],
            states=self.states[:-1],
            reports=self.reports[:-1],
        )

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "options": self.options.to_json(),
            "history": [{"player": a.player, "action": format_action(a)} for a in self.actions],
            "position": self.state.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "game file") -> GameRecord:
        """Rebuild a record by replaying its history; ``GameFileError`` names the problem.

        The layout is checked first against :data:`GAME_SCHEMA` (every problem at once), then
        the actions are replayed (the first illegal one is named).
        """
        source = bounded_message(str(source), 120)
        try:
            check_json_value(data)
        except FileFormatError as error:
            raise GameFileError(f"{source}: {error.reason}", error.reason) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            reason = f'not a Massai game file (no "format": "{FORMAT}")'
            raise GameFileError(f"{source}: {reason}", reason)
        problems = schema_problems(_validator(), data, _describe)
        if problems:
            reason = "; ".join(problems)
            raise GameFileError(f"{source}: {reason}", reason)
        try:
            options = Options.from_json(data.get("options", {}))
        except OptionsError as error:
            raise GameFileError(f"{source}: bad options: {error}") from None
        history = data.get("history", [])
        record = cls.new(options)
        for number, entry in enumerate(history, start=1):
            try:
                action = parse_action(entry["action"], entry["player"])
            except NotationError as error:
                raise GameFileError(f"{source}: history entry {number}: {error}") from None
            record, report = record.play(action)
            if not report.ok:
                raise GameFileError(
                    f"{source}: history entry {number} ({quote(entry['action'])}) is illegal: "
                    f"{report.message}"
                )
        position = data.get("position")
        if position is not None and position != record.state.to_json():
            raise GameFileError(f"{source}: the stored position does not match its history")
        return record


def load_game(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game file named by the person running the program; raises ``GameFileError``
    (a ``ValueError``) with one clear line. Only a regular file is read (no folder, device or
    FIFO), at most ``MAX_JSON_BYTES``."""
    try:
        data = read_json(path)
    except FileFormatError as error:
        raise GameFileError(str(error), error.reason) from None
    return GameRecord.from_json(data, source=str(path))


def load_game_bytes(data: bytes | str, source: str = "<upload>") -> GameRecord:
    """A game from the bytes someone sent (an upload, a database row); opens no file.

    Every refusal is a ``GameFileError`` with one bounded line (too large, not UTF-8, not JSON,
    nested too deeply, numbers too long, NUL characters, lone surrogates, not a Massai game).
    """
    try:
        raw = parse_json_bytes(data, MAX_GAME_BYTES)
    except FileFormatError as error:
        shown = bounded_message(source, 120)
        raise GameFileError(f"{shown}: {error.reason}", error.reason) from None
    return GameRecord.from_json(raw, source=source)


def save_game(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically (``GameFileError`` if it cannot be encoded)."""
    try:
        atomic_write_json(path, record.to_json())
    except FileFormatError as error:
        raise GameFileError(str(error), error.reason) from None
