"""``tabletop africa board trace IMAGE -o BOARD.json``: a board file proposed from a photo or a
scan of a board (territories, coasts, neighbours and the drawing), to name in the board editor.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import CliError, add_lang_option
from tabletop.fileio import FileFormatError, atomic_write_text, read_bytes
from tabletop.i18n import format_list, translator

__all__ = ["board_file_text", "cmd_trace", "register"]


def register(board: argparse.ArgumentParser) -> None:
    """Add ``trace`` under ``tabletop africa board`` (which without it prints the map)."""
    actions = board.add_subparsers(dest="board_action", metavar="trace", required=False)
    trace = actions.add_parser(
        "trace",
        help="propose a board file from a photo or a scan of your board",
        description="Find the territories of a map image (PNG or JPEG; dark border lines "
        "between lighter regions; the sea touching the image's edge) and write a board file "
        "with placeholder names T1, T2, ..., proposed coasts and neighbours, 2 spaces each, "
        "and each territory's outline.",
    )
    trace.add_argument("image", metavar="IMAGE", help="the photo or scan (PNG or JPEG)")
    trace.add_argument("-o", "--output", metavar="BOARD.json", help="the board file to write")
    trace.add_argument("--json", action="store_true", help="print the board file's JSON")
    trace.add_argument("--force", action="store_true", help="replace an existing board file")
    trace.add_argument(
        "--gap",
        type=int,
        default=2,
        metavar="N",
        help="bridge gaps in the border lines up to N pixels (0-20, default 2)",
    )
    trace.add_argument(
        "--smallest",
        type=float,
        default=0.1,
        metavar="PCT",
        help="drop regions smaller than PCT %% of the land (default 0.1)",
    )
    trace.add_argument("--name", default="Traced board", help="the board's title")
    add_lang_option(trace, "language of the summary")
    trace.set_defaults(handler=cmd_trace)


def cmd_trace(args: argparse.Namespace) -> int:
    """Trace the image, write the proposed board, say what was found."""
    from tabletop.games.africa1880.tracing import (
        MAX_BYTES,
        PhotoError,
        TraceSettings,
        proposed_board,
        read_photo,
        trace,
    )

    if args.output is None and not args.json:
        raise CliError("say where to write the board: -o BOARD.json (or --json to print it)")
    output = Path(args.output) if args.output is not None else None
    if output is not None and output.exists() and not args.force:
        raise CliError(f"{output} already exists (use --force to replace it)")
    try:
        settings = TraceSettings(gap=args.gap, smallest=args.smallest)
    except ValueError as error:
        raise CliError(f"--gap/--smallest: {error}") from None
    try:
        data = read_bytes(args.image, MAX_BYTES, "a photo", "a photo")
        regions = trace(read_photo(data, settings), settings)
    except FileFormatError as error:
        raise CliError(str(error)) from None
    except PhotoError as error:
        raise CliError(f"{args.image}: {error}") from None
    if len(regions) < 2:
        raise CliError(
            f"{args.image}: {len(regions)} territory found; a board needs at least 2 (are the "
            "borders dark lines on a lighter map? try a larger --gap)"
        )
    board = proposed_board(regions, args.name)
    text = board_file_text(board)
    if output is not None:
        try:
            atomic_write_text(output, text)
        except (OSError, FileFormatError) as error:
            reason = getattr(error, "strerror", None) or error
            raise CliError(f"{output}: cannot be written ({reason})") from None
    if args.json:
        sys.stdout.write(text)
    else:
        print(summary(board, args.lang, output))
    return 0


def summary(board: dict[str, Any], lang: str, output: Path | None) -> str:
    """What was found, in two or three lines: counts, the territories without neighbours, and
    what to do next."""
    tr = translator(lang)
    territories = board["territories"]
    count = len(territories)
    coastal = sum(1 for t in territories if t["coastal"])
    borders = sum(len(t["neighbours"]) for t in territories) // 2
    alone = [t["name"] for t in territories if not t["neighbours"]]
    lines = [
        tr.gettext(
            "{territories}, {coastal}, {borders}.",
            territories=tr.ngettext("{n} territory found", "{n} territories found", count),
            coastal=tr.ngettext("{n} coastal", "{n} coastal", coastal),
            borders=tr.ngettext("{n} border", "{n} borders", borders),
        )
    ]
    if alone:
        lines.append(
            tr.ngettext(
                "{n} without neighbours: {names}.",
                "{n} without neighbours: {names}.",
                len(alone),
                names=format_list(alone, lang),
            )
        )
    if output is not None:
        lines.append(tr.gettext("Board written to {path}.", path=output))
    lines.append(tr.gettext("Name the territories in the board editor, and check their borders."))
    return "\n".join(lines)


def board_file_text(board: dict[str, Any]) -> str:
    """The board as JSON text to keep and to edit: one territory per line, and one line per
    territory's drawing (its outline's points would take a line each otherwise)."""

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {k: v for k, v in board.items() if k not in ("territories", "drawing")}
    parts = [f"  {line(key)}: {line(value)}" for key, value in head.items()]
    rows = ",\n".join(f"    {line(t)}" for t in board["territories"])
    parts.append(f'  "territories": [\n{rows}\n  ]')
    drawing = board.get("drawing")
    if drawing is not None:
        frame = [f"    {line(k)}: {line(v)}" for k, v in drawing.items() if k != "territories"]
        drawn = ",\n".join(
            f"      {line(name)}: {line(entry)}" for name, entry in drawing["territories"].items()
        )
        frame.append(f'    "territories": {{\n{drawn}\n    }}')
        parts.append('  "drawing": {\n' + ",\n".join(frame) + "\n  }")
    return "{\n" + ",\n".join(parts) + "\n}\n"
