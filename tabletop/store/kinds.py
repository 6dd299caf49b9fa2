"""What the store needs to know about each kind of game, through the games' own public loaders.

A state is kept as its game-file JSON (what ``Game.to_dict`` / ``GameRecord.to_json`` produce)
and read back with ``game_from_dict`` / ``GameRecord.from_json``; boards come from the database
(embedded JSON) or the bundled map, never from a path stored in the database.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.fileio import FileFormatError
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import GAME_FORMAT as AFRICA_FORMAT
from tabletop.games.africa1880.gamefile import Game, game_from_dict
from tabletop.games.massai.gamefile import FORMAT as MASSAI_FORMAT
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.reports import player_name
from tabletop.store.errors import GameDataError

AFRICA = "africa1880"
MASSAI = "massai"
KIND_NAMES = {AFRICA: "Africa 1880", MASSAI: "Massai"}

AnyGame = Game | GameRecord


@dataclass(frozen=True)
class Step:
    """One state of a game as it enters the history: its file JSON and how it was reached."""

    doc: dict[str, Any]
    action: str
    step: int
    detail: str | None = None
    report: dict[str, Any] | None = None


def check_kind(kind: str) -> str:
    """``kind`` if it is one the store keeps; :class:`GameDataError` otherwise."""
    if kind not in KIND_NAMES:
        raise GameDataError(f"unknown kind of game {kind!r} (known: {', '.join(KIND_NAMES)})")
    return kind


def kind_of_game(game: AnyGame) -> str:
    """``"africa1880"`` or ``"massai"`` for a game object."""
    if isinstance(game, Game):
        return AFRICA
    if isinstance(game, GameRecord):
        return MASSAI
    raise GameDataError(f"not a game of a kind the store keeps: {type(game).__name__}")


def detect_kind(data: Any) -> str | None:
    """The kind of a game-file JSON object by its ``format`` key (``None`` when unknown)."""
    if isinstance(data, Mapping):
        if data.get("format") == AFRICA_FORMAT:
            return AFRICA
        if data.get("format") == MASSAI_FORMAT:
            return MASSAI
    return None


@functools.lru_cache(maxsize=1)
def _default_board() -> Board:
    return load_board()


@functools.lru_cache(maxsize=16)
def _embedded_board(text: str) -> Board:
    try:
        return board_from_dict(json.loads(text), "the board kept with this game")
    except (BoardError, ValueError) as error:
        raise GameDataError(" ".join(str(error).split())) from None


def board_for(board_json: str | None) -> Board:
    """The Africa board of a game from its kept JSON (the bundled map for ``None``)."""
    return _default_board() if board_json is None else _embedded_board(board_json)


def load_doc(kind: str, doc: Any, board_json: str | None = None, source: str = "<db>") -> AnyGame:
    """Build the game object from its game-file JSON; :class:`GameDataError` on any problem."""
    try:
        if kind == AFRICA:
            return game_from_dict(doc, source=source, board=board_for(board_json))
        if kind == MASSAI:
            return GameRecord.from_json(doc, source=source)
    except (ValueError, FileFormatError) as error:
        raise GameDataError(" ".join(str(error).split())) from None
    raise GameDataError(f"unknown kind of game {kind!r}")


def doc_of(game: AnyGame) -> dict[str, Any]:
    """The game-file JSON of a game object as the database keeps it in each history entry:
    an Africa file's ``"board"`` is left out (it is kept once per game, see :func:`file_doc`)."""
    if isinstance(game, Game):
        data = game.to_dict()
        data.pop("board", None)
        return data
    return game.to_json()


def file_doc(doc: dict[str, Any], board_json: str | None) -> dict[str, Any]:
    """The game file of a stored entry: its JSON with the game's board put back (Africa)."""
    if doc.get("format") == AFRICA_FORMAT and "board" not in doc:
        return {**doc, "board": board_for(board_json).to_dict()}
    return doc


def step_of(game: AnyGame) -> int:
    """How far the game went: rounds resolved (Africa) or actions played (Massai)."""
    return len(game.history) if isinstance(game, Game) else len(game.actions)


def round_of(game: AnyGame) -> int:
    """The key typed sheets are kept under: Africa's round to play, Massai's action count."""
    return game.state.round if isinstance(game, Game) else len(game.actions)


def players_of(game: AnyGame) -> list[str]:
    """The seats of the game: Africa's powers, Massai's two players."""
    if isinstance(game, Game):
        return list(game.state.powers)
    return [player_name(0), player_name(1)]


def options_of(game: AnyGame) -> dict[str, Any]:
    """The rule options as JSON."""
    if isinstance(game, Game):
        return dict(game.state.options.to_dict())
    return dict(game.options.to_json())


def board_json_of(game: AnyGame) -> str | None:
    """The board data kept with an Africa game (the game keeps its map whatever happens to
    board files later); ``None`` for Massai, whose options are its board."""
    if isinstance(game, Game):
        assert game.board is not None
        return json.dumps(game.board.to_dict(), ensure_ascii=False, sort_keys=True)
    return None


def summary_of(game: AnyGame) -> str:
    """A few words on where the game stands, for lists."""
    if isinstance(game, Game):
        state = game.state
        if state.game_over:
            return f"over after round {state.round} ({state.year})"
        return f"round {state.round} ({state.year})"
    state_m = game.state
    if state_m.phase == "over":
        return f"won by {player_name(state_m.winner or 0)} after {len(game.actions)} actions"
    return f"{state_m.phase}, {len(game.actions)} actions, {player_name(state_m.to_move)} to act"


def read_game_file(
    data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
) -> AnyGame:
    """A game from a game file's JSON (either kind). Only with ``allow_paths`` (a file found in
    the server's own data folder) may an Africa file name a board file relative to ``base_dir``;
    the board's data is then kept in the database. An upload must carry its board."""
    kind = detect_kind(data)
    if kind is None and isinstance(data, Mapping) and "format" not in data:
        kind = AFRICA  # a hand-written bare Africa state; its loader says what is wrong
    if kind is None:
        raise GameDataError(
            f'{source}: not a game file of Africa 1880 or Massai (no known "format" key)'
        )
    try:
        if kind == AFRICA:
            return game_from_dict(data, source=source, base_dir=base_dir, allow_paths=allow_paths)
        return GameRecord.from_json(data, source=source)
    except (ValueError, FileFormatError) as error:
        raise GameDataError(" ".join(str(error).split())) from None


def steps_of(game: AnyGame, first_action: str = "import") -> list[Step]:
    """The states a game went through, oldest first (so undo works after an import)."""
    if isinstance(game, Game):
        steps = []
        for index, entry in enumerate(game.history):
            before = Game(state=entry.state, history=game.history[:index], board=game.board)
            previous = game.history[index - 1] if index else None
            steps.append(
                Step(
                    doc_of(before),
                    "resolve" if index else first_action,
                    index,
                    previous.sheets_text if previous else None,
                    dict(previous.report) if previous and previous.report else None,
                )
            )
        last = game.history[-1] if game.history else None
        steps.append(
            Step(
                doc_of(game),
                "resolve" if last else first_action,
                len(game.history),
                last.sheets_text if last else None,
                dict(last.report) if last and last.report else None,
            )
        )
        return steps
    record = GameRecord.new(game.options)
    steps_m = [Step(doc_of(record), first_action, 0)]
    for number, action in enumerate(game.actions, start=1):
        record, _report = record.play(action)
        steps_m.append(Step(doc_of(record), "play", number, format_action(action)))
    return steps_m
