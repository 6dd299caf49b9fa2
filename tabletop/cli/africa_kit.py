"""``tabletop africa kit``: the print-and-play kit (PDF) of a board (the bundled map, a board
file or a board saved in the database): the map as a poster on several sheets, the counters,
blank order sheets and the rules on one page."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from tabletop.cli.africa_boards import SAVED_BOARD_HELP, saved_board
from tabletop.cli.africa_common import read_board
from tabletop.cli.common import CliError, add_lang_option
from tabletop.i18n import translator
from tabletop.printing.paper import PAPERS

__all__ = ["cmd_kit", "register"]


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the ``kit`` sub-command (``add`` makes one sub-command's parser)."""
    kit = add(
        "kit",
        help="a print-and-play kit (PDF): map poster, counters, order sheets, rules",
        description="The map as a poster cut into sheets with crop marks and glue bands, "
        "counters for six powers, development pins, colony markers, relation tokens, a blank "
        "order sheet for each power and the rules on one page.",
    )
    kit.add_argument("-o", "--output", metavar="FILE.pdf", required=True)
    kit.add_argument("--paper", choices=list(PAPERS), default="a4", help="default: a4")
    which = kit.add_mutually_exclusive_group()
    which.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    which.add_argument("--saved-board", metavar="ID[:VERSION]", help=SAVED_BOARD_HELP)
    kit.add_argument("--force", action="store_true", help="replace an existing file")
    add_lang_option(kit, "language of the kit")
    kit.set_defaults(handler=cmd_kit)


def _write(data: bytes, output: str, force: bool) -> Path:
    """Write the PDF atomically; an existing file is replaced only with ``force``."""
    path = Path(output)
    if path.is_dir():
        raise CliError(f"{path}: is a folder")
    if path.exists() and not force:
        raise CliError(f"{path} already exists (use --force to replace it)")
    folder = path.parent if str(path.parent) else Path(".")
    tmp_name = None
    try:
        with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False, suffix=".tmp") as tmp:
            tmp_name = tmp.name
            tmp.write(data)
        os.replace(tmp_name, path)
    except OSError as error:
        if tmp_name is not None and os.path.exists(tmp_name):
            os.unlink(tmp_name)
        raise CliError(f"{path}: cannot be written ({error.strerror or error})") from None
    return path


def cmd_kit(args: argparse.Namespace) -> int:
    """Write the print-and-play kit of a board to a PDF file."""
    from tabletop.games.africa1880.geometry import load_geometry
    from tabletop.printing.fonts import FontMissing
    from tabletop.printing.kit import kit_pdf

    if args.saved_board is not None:
        board, _name = saved_board(args.saved_board, args.lang)
    else:
        board = read_board(args.board)
    path = Path(args.output)
    if path.exists() and not args.force:  # before the work, not after it
        raise CliError(f"{path} already exists (use --force to replace it)")
    geometry = load_geometry(board)
    try:
        data = kit_pdf(board, geometry, args.paper, args.lang)
    except FontMissing as error:
        raise CliError(str(error)) from None
    written = _write(data, args.output, args.force)
    tr = translator(args.lang)
    if geometry is None:
        print(
            tr.gettext(
                "Kit written to {path}: this board has no drawing, so it holds no map "
                "(its territories are listed on the first page).",
                path=written,
            )
        )
    else:
        print(tr.gettext("Kit written to {path}.", path=written))
    return 0
