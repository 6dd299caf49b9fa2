"""Saved boards on the command line: ``tabletop africa boards`` lists the boards kept in the
database (the board editor's saves) and ``tabletop africa new --saved-board ID[:VERSION]`` starts
a game on one, the newest version unless one is named. The game file then carries that version's
board, drawing included, so later versions never change it.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.common import CliError, add_lang_option, open_database, print_json
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.i18n import translator
from tabletop.store.boards import BoardNotFound, Boards

__all__ = ["SAVED_BOARD_HELP", "cmd_boards", "register", "saved_board"]

SAVED_BOARD_HELP = (
    "a board saved in the database (the board editor's): its number, and a version after a "
    "colon (default: the newest), as in 3 or 3:2; `tabletop africa boards` lists them"
)


def register(subparsers: Any) -> None:
    """Add ``boards``: the saved boards of the database."""
    boards = subparsers.add_parser(
        "boards",
        help="list the boards saved in the database (for new --saved-board)",
        description="The boards saved in the database by the board editor, the newest version "
        "of each: number, version, territories, name.",
    )
    boards.add_argument("--json", action="store_true", help="print the list as JSON")
    add_lang_option(boards, "language of the text")
    boards.set_defaults(handler=cmd_boards)


def cmd_boards(args: argparse.Namespace) -> int:
    """Print the saved boards (newest version of each), or ``--json``."""
    found = Boards(open_database()).list()
    if args.json:
        print_json(
            [
                {
                    "id": b.board_id,
                    "name": b.name,
                    "version": b.version,
                    "territories": b.territories,
                    "saved": b.saved.isoformat(),
                }
                for b in found
            ]
        )
        return 0
    tr = translator(args.lang)
    if not found:
        print(tr.gettext("No board is saved in the database yet (the board editor saves them)."))
    for b in found:
        line = tr.ngettext(
            "{id}:{version}  {n} territory  {name}",
            "{id}:{version}  {n} territories  {name}",
            b.territories,
            id=b.board_id,
            version=b.version,
            name=b.name,
        )
        print(line)
    return 0


def _reference(text: str, lang: str) -> tuple[int, int | None]:
    number, _, version = text.strip().partition(":")
    if number.isdigit() and int(number) > 0 and (version == "" or version.isdigit()):
        return int(number), int(version) if version else None
    raise CliError(
        translator(lang).gettext(
            "--saved-board {text}: expected a saved board's number, and a version after a colon "
            "if you want another than the newest (3 or 3:2)",
            text=text,
        )
    )


def saved_board(text: str, lang: str = "en") -> tuple[Board, str]:
    """The board saved under ``ID[:VERSION]`` in the database (``$TABLETOP_DATABASE_URL``, else
    the data folder's file) and the name the game gives it; every refusal is one line."""
    board_id, version = _reference(text, lang)
    boards = Boards(open_database())
    try:
        data = boards.get(board_id, version)
        version = version if version is not None else boards.versions(board_id)[0].version
    except BoardNotFound as error:
        raise CliError(str(error)) from None
    name = f"saved board {board_id} version {version}"
    try:
        return board_from_dict(data, name), name
    except BoardError as error:
        raise CliError(" ".join(str(error).split())) from None
