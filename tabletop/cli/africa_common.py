"""What the ``tabletop africa`` commands share: one-line usage errors, ``--lang``, choices for
argparse, and reading and writing a game (a file, or ``db:ID`` in the database)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from tabletop.cli.common import CliError, load_game_ref, save_game_ref
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game
from tabletop.i18n import available_languages


def _one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Make usage errors one line (argparse would print the whole usage first); exit status 2."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message} (see --help)\n")

    parser.error = error  # type: ignore[method-assign]
    return parser


def _values(members: Iterable[str]) -> list[str]:
    """Plain strings for argparse choices (its error message quotes the choices' reprs)."""
    return [str(member) for member in members]


def _add_lang(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang``: every language with a catalog (English, French, German, ...)."""
    languages = available_languages()
    parser.add_argument(
        "--lang", choices=languages, default="en", help=f"{what} ({', '.join(languages)})"
    )


def _load_board(source: str | None) -> Board:
    try:
        return load_board(source)
    except BoardError as error:
        raise CliError(" ".join(str(error).split())) from None


def _load(path: Path) -> Game:
    """A game file, or ``db:ID`` from the database; refusals are one line."""
    game: Game = load_game_ref(path, "africa1880")
    return game


def _save(game: Game, path: Path) -> str:
    """Keep ``game`` in the file or the database ``path`` names; returns where it went."""
    return save_game_ref(game, path)  # an unwritable file is refused there, in one line
