"""``tabletop africa sheets``: the printable order sheets (PDF) of the current round, and the
careful writing of a PDF file that the Massai tactic sheet uses too."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from tabletop.cli.africa_common import read_game
from tabletop.cli.common import CliError, add_lang_option
from tabletop.i18n import translator


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the ``sheets`` sub-command (``add`` makes one sub-command's parser)."""

    sheets = add(
        "sheets",
        help="printable order sheets (PDF) for the current round",
        description="One page per power, pre-filled with the year, its presences and their "
        "legal choices, the landing targets and the relations; then a blank sheet.",
    )
    sheets.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    sheets.add_argument(
        "-o", "--output", metavar="FILE.pdf", default="sheets.pdf", help="default: sheets.pdf"
    )
    add_lang_option(sheets, "language of the sheets")
    sheets.set_defaults(handler=cmd_sheets)


# --------------------------------------------------------------------------- sheets
def write_pdf(data: bytes, output: str) -> Path:
    """Write a PDF atomically; an existing file is replaced only if it is a PDF itself."""
    import tempfile

    path = Path(output)
    if path.is_dir():
        raise CliError(f"{path}: is a folder")
    if path.exists():
        with path.open("rb") as existing:
            if existing.read(5) != b"%PDF-":
                raise CliError(f"{path}: exists and is not a PDF; refusing to replace it")
    folder = path.parent if str(path.parent) else Path(".")
    try:
        with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False, suffix=".tmp") as tmp:
            tmp.write(data)
        os.replace(tmp.name, path)
    except OSError as error:
        raise CliError(f"{path}: cannot be written ({error.strerror or error})") from None
    return path


def cmd_sheets(args: argparse.Namespace) -> int:
    """Print the order sheets of the current round to a PDF file."""
    from tabletop.printing import FontMissing, order_sheets_pdf

    game = read_game(args.game)
    lang = args.lang
    if game.state.game_over:
        raise CliError(f"{args.game}: the game is over; there is no round to write orders for")
    assert game.board is not None
    try:
        data = order_sheets_pdf(game.state, game.board, lang)
    except FontMissing as error:
        raise CliError(str(error)) from None
    path = write_pdf(data, args.output)
    tr = translator(lang)
    print(
        tr.gettext(
            "Order sheets for {year} written to {path}: a page for each power, then a blank one.",
            year=game.state.year,
            path=path,
        )
    )
    return 0
