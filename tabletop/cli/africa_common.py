"""What the ``tabletop africa`` commands share: reading and writing a game (a file, or ``db:ID``
in the database) and reading a board, every refusal one line."""

from __future__ import annotations

from pathlib import Path

from tabletop.cli.common import CliError, load_game_ref, save_game_ref
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game


def read_board(source: str | None) -> Board:
    """The board a game or a command names (a shipped board's name or a file; ``None``: the
    default board); a refusal is one line."""
    try:
        return load_board(source)
    except BoardError as error:
        raise CliError(" ".join(str(error).split())) from None


def read_game(path: Path) -> Game:
    """An Africa 1880 game file, or ``db:ID`` from the database; refusals are one line."""
    game: Game = load_game_ref(path, "africa1880")
    return game


def write_game(game: Game, path: Path) -> str:
    """Keep ``game`` in the file or the database ``path`` names; returns where it went."""
    return save_game_ref(game, path)  # an unwritable file is refused there, in one line
