"""Reading the files a person uploads (boards, games) and writing the game file to download.

Every file is read by the one guarded JSON reader the command line uses
(:func:`tabletop.fileio.json_guard.parse_json_bytes`), so a file is refused (or accepted: a byte
order mark) the same way on the page and on the command line. Every problem comes back as
:class:`~tabletop.ui.africa1880.game_link.Refused` with a one-line message that names it;
nothing here changes the game shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tabletop.fileio.json_guard import NotJsonError, NotUtf8Error, parse_json_bytes
from tabletop.fileio.messages import FileFormatError
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES
from tabletop.games.africa1880.gamefile import Game, GameFileError, game_from_dict
from tabletop.games.africa1880.options import StateError
from tabletop.games.africa1880.state import GameState
from tabletop.store.kinds import detect_kind
from tabletop.ui.africa1880.game_link import Refused
from tabletop.ui.africa1880.texts import t

__all__ = ["KIND", "file_name", "game_bytes", "parse_game_file", "read_board", "read_game"]

KIND = "africa1880"


def _refusal_words(error: FileFormatError, name: str) -> Callable[[str], str]:
    """What the page says of a file the reader refused, in the page's language where the page
    has its own words (not UTF-8, not JSON), else the reader's one line."""
    if isinstance(error, NotUtf8Error):
        return lambda lang: t("not_utf8", lang, name=name)
    if isinstance(error, NotJsonError):
        line, msg = error.line, error.msg
        return lambda lang: t("not_json", lang, name=name, line=line, error=msg)
    reason = f"{name}: {error.reason}"
    return lambda _lang: reason


def read_board(data: bytes, name: str = "board.json") -> Board:
    """An uploaded board file; :class:`Refused` naming every problem."""

    def refused(problem: Callable[[str], str]) -> Refused:
        return Refused(lambda lang: t("board_error", lang) + " " + problem(lang))

    try:
        raw = parse_json_bytes(bytes(data), MAX_BOARD_BYTES)
    except FileFormatError as error:
        raise refused(_refusal_words(error, name)) from None
    try:
        return board_from_dict(raw, source=name)
    except BoardError as error:
        problems = "; ".join(error.problems)
        raise refused(lambda _lang: problems) from error


def file_refused(error: str) -> Refused:
    """An uploaded game file refused, with the reason."""
    return Refused(lambda lang: t("file_refused", lang, error=error))


def parse_game_file(data: bytes, name: str = "game.json") -> Any:
    """The JSON of an uploaded Africa 1880 game file (or whole history), read as the command
    line reads one (:func:`~tabletop.fileio.json_guard.parse_json_bytes`); anything else is
    :class:`Refused` with a one-line reason."""
    try:
        parsed = parse_json_bytes(bytes(data))
    except FileFormatError as error:
        words = _refusal_words(error, name)
        raise Refused(lambda lang: t("file_refused", lang, error=words(lang))) from None
    archive_kind = parsed.get("kind") if isinstance(parsed, dict) else None
    if detect_kind(parsed) not in (KIND, None) or archive_kind not in (KIND, None):
        raise file_refused(f"{name}: not an Africa 1880 game")
    return parsed


def read_game(parsed: Any, name: str = "game.json") -> Game:
    """The game of a parsed game file (pages without a database)."""
    try:
        return game_from_dict(parsed, source=name)
    except (GameFileError, StateError, BoardError) as error:
        raise file_refused(str(error)) from error


def game_bytes(game: Game) -> bytes:
    """``game`` as a game file (for the download link)."""
    return (json.dumps(game.to_dict(), ensure_ascii=False, indent=2) + "\n").encode()


def file_name(state: GameState) -> str:
    """A name for the downloaded game file."""
    return f"africa1880-{state.year}.json"
