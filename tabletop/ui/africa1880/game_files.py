"""Reading the files a person uploads (boards, games) and writing the game file to download.

Every problem comes back as :class:`~tabletop.ui.africa1880.game_link.Refused` with a message
that names it; nothing here changes the game shown.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game, GameFileError, game_from_dict
from tabletop.games.africa1880.options import StateError
from tabletop.games.africa1880.state import GameState
from tabletop.store.kinds import detect_kind
from tabletop.ui.africa1880.game_link import Refused
from tabletop.ui.africa1880.texts import t

__all__ = ["KIND", "file_name", "game_bytes", "parse_game_file", "read_board", "read_game"]

KIND = "africa1880"


def read_board(data: bytes, name: str = "board.json") -> Board:
    """An uploaded board file; :class:`Refused` naming every problem."""

    def refused(problem: Any) -> Refused:
        return Refused(lambda lang: t("board_error", lang) + " " + problem(lang))

    try:
        raw = json.loads(bytes(data).decode("utf-8"))
        return board_from_dict(raw, source=name)
    except UnicodeDecodeError as error:
        raise refused(lambda lang: t("not_utf8", lang, name=name)) from error
    except json.JSONDecodeError as error:
        line, msg = error.lineno, error.msg
        raise refused(lambda lang: t("not_json", lang, name=name, line=line, error=msg)) from error
    except BoardError as error:
        problems = "; ".join(error.problems)
        raise refused(lambda _lang: problems) from error


def file_refused(error: str) -> Refused:
    """An uploaded game file refused, with the reason."""
    return Refused(lambda lang: t("file_refused", lang, error=error))


def parse_game_file(data: bytes, name: str = "game.json") -> Any:
    """The JSON of an uploaded Africa 1880 game file (or whole history)."""
    try:
        parsed = json.loads(bytes(data).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise Refused(
            lambda lang: t("file_refused", lang, error=t("not_utf8", lang, name=name))
        ) from error
    except json.JSONDecodeError as error:
        line, msg = error.lineno, error.msg
        raise Refused(
            lambda lang: t(
                "file_refused", lang, error=t("not_json", lang, name=name, line=line, error=msg)
            )
        ) from error
    except RecursionError as error:
        raise file_refused(f"{name}: nested too deeply") from error
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
