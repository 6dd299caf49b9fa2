"""Where the dashboard keeps its files: the autosaved game, uploaded boards, the typed sheets.

The game is saved atomically after every change, so a closed tab or a crash loses nothing; the
typed sheets are kept next to it (``game.drafts.json``) for the very position they were typed
for, and a file there that is not ours is never overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.fileio import atomic_write_json
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.gamefile import Game, GameFileError, load_game, save_game
from tabletop.games.africa1880.state import normalize_name

AUTOSAVE_NAME = "africa1880-autosave.json"
DRAFTS_FORMAT = "tabletop.africa1880.drafts"


def data_dir() -> Path:
    """Where the dashboard keeps its files: ``$TABLETOP_DATA_DIR`` or ~/.local/share/tabletop."""
    configured = os.environ.get("TABLETOP_DATA_DIR")
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "tabletop"


def default_autosave_path() -> Path:
    """The autosave game file of the dashboard."""
    return data_dir() / AUTOSAVE_NAME


def drafts_path_for(game_path: str | os.PathLike[str]) -> Path:
    """Where the typed order sheets of the game saved at ``game_path`` are kept between visits."""
    path = Path(game_path)
    return path.with_name(path.stem + ".drafts.json")


class GameSaves:
    """The autosave file of one page, and the folder of the boards its games use."""

    def __init__(self, autosave_path: str | os.PathLike[str] | None, board_dir: Any = None):
        self.path = Path(autosave_path) if autosave_path else default_autosave_path()
        self.board_dir = Path(board_dir) if board_dir else self.path.parent / "boards"

    def save(self, game: Game) -> str | None:
        """Save ``game``; the problem in words when it could not be saved."""
        try:
            save_game(game, self.path)
        except GameFileError as error:
            return str(error)
        return None

    def load(self) -> Game | None:
        """The game saved earlier, or None (no file, or a file that cannot be read)."""
        if not self.path.exists():
            return None
        try:
            return load_game(self.path)
        except GameFileError:
            return None

    def store_board(self, board: Board) -> Path:
        """Keep an uploaded board next to the autosave, so the saved game can find its map."""
        slug = "".join(ch if ch.isalnum() else "-" for ch in normalize_name(board.name))[:40]
        path = self.board_dir / f"{slug or 'board'}.json"
        atomic_write_json(path, board.to_dict())
        return path


def position_key(game: Game) -> dict[str, Any]:
    """What identifies the position typed sheets were written for."""
    state = game.state
    return {
        "powers": list(state.powers),
        "year": state.year,
        "round": state.round,
        "history": len(game.history),
    }


class DraftsFile:
    """The typed sheets of a game kept between visits, beside its game file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.blocked = False  # set when that path holds a file that is not ours
        self.ours = False  # set once the file there is known to be ours

    def read(self) -> dict[str, Any] | None:
        """The file's content when it is ours; None when missing or not ours."""
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            self.blocked = True
            return None
        if not isinstance(raw, dict) or raw.get("format") != DRAFTS_FORMAT:
            self.blocked = True
            return None
        return raw

    def write(self, key: Mapping[str, Any], drafts: Mapping[str, str]) -> str | None:
        """Keep ``drafts`` for position ``key``; the problem in words when it failed (said once)."""
        if self.blocked:
            return None
        if not self.ours and self.path.exists() and self.read() is None:
            return None  # a file that is not ours is never overwritten
        data = {"format": DRAFTS_FORMAT, **key, "drafts": dict(drafts)}
        try:
            atomic_write_json(self.path, data)
            self.ours = True
        except OSError as error:
            self.blocked = True  # the game itself is still saved
            return str(error)
        return None

    def restore(self, key: Mapping[str, Any], powers: Sequence[str]) -> dict[str, str] | None:
        """The sheets typed for exactly position ``key`` (None when there are none)."""
        raw = self.read()
        if raw is None or any(raw.get(k) != v for k, v in key.items()):
            return None
        drafts = raw.get("drafts")
        if not isinstance(drafts, dict):
            return None
        return {p: v for p, v in drafts.items() if p in powers and isinstance(v, str)}
