"""A Massai game as a record (options + every action, with every position) and its JSON file.

The file keeps the options and the history of typed actions; loading replays the history through
the rules, so a file cannot smuggle in an impossible position. The final position is stored too
(handy for people and other programs) and must agree with the replay. Writes are atomic.

File layout::

    {"format": "tabletop-massai-game", "version": 1,
     "options": {"columns": 8, "rows": 6, "adjacency": 8, "guard_table": [0, 0, 1, 2, 3, 4]},
     "history": [{"player": 0, "action": "setup a1 b1 b2 c2 c1"}, ...],
     "position": {...}}
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.fileio import FileFormatError, atomic_write_json, read_json
from tabletop.games.massai.actions import Action
from tabletop.games.massai.notation import NotationError, format_action, parse_action
from tabletop.games.massai.rules import Report, apply
from tabletop.games.massai.state import Options, OptionsError, State, new_game

FORMAT = "tabletop-massai-game"
VERSION = 1
DEFAULT_FILE_NAME = "massai.json"


class GameFileError(FileFormatError):
    """A game file that cannot be used; never overwritten by the program."""


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
        """Rebuild a record by replaying its history; ``GameFileError`` names the problem."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameFileError(f'{source}: not a Massai game file (no "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise GameFileError(
                f"{source}: game file version {data.get('version')!r} is not supported "
                f"(expected {VERSION})"
            )
        try:
            options = Options.from_json(data.get("options", {}))
        except OptionsError as error:
            raise GameFileError(f"{source}: bad options: {error}") from None
        history = data.get("history", [])
        if not isinstance(history, list):
            raise GameFileError(f'{source}: "history" must be a list')
        record = cls.new(options)
        for number, entry in enumerate(history, start=1):
            if (
                not isinstance(entry, dict)
                or entry.get("player") not in (0, 1)
                or isinstance(entry.get("player"), bool)
                or not isinstance(entry.get("action"), str)
            ):
                raise GameFileError(
                    f"{source}: history entry {number} must be "
                    '{"player": 0 or 1, "action": "..."}'
                )
            try:
                action = parse_action(entry["action"], entry["player"])
            except NotationError as error:
                raise GameFileError(f"{source}: history entry {number}: {error}") from None
            record, report = record.play(action)
            if not report.ok:
                raise GameFileError(
                    f"{source}: history entry {number} ({entry['action']!r}) is illegal: "
                    f"{report.message}"
                )
        position = data.get("position")
        if position is not None and position != record.state.to_json():
            raise GameFileError(f"{source}: the stored position does not match its history")
        return record


def load_game(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game file; raises ``GameFileError`` (a ``ValueError``) with one clear line."""
    try:
        data = read_json(path)
    except GameFileError:
        raise
    except FileFormatError as error:
        raise GameFileError(str(error)) from None
    return GameRecord.from_json(data, source=str(path))


def save_game(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically."""
    atomic_write_json(path, record.to_json())
