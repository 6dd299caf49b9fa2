"""``tabletop africa ...``: new, boards (the saved ones), board, check, resolve, undo, score for
Africa 1880 game files, and the game master's tools: amend (correct an earlier round and
replay), compare (what if), sheets (printable order sheets).

The game master's tools live in :mod:`tabletop.cli.africa_amend` (amend, compare) and
:mod:`tabletop.cli.africa_sheets` (sheets); what every command shares in
:mod:`tabletop.cli.africa_common`. This module registers them all, in the order ``--help``
lists them, and keeps the round's own commands.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from tabletop.cli import africa_amend, africa_boards, africa_kit, africa_sheets, africa_trace
from tabletop.cli.africa_boards import SAVED_BOARD_HELP, saved_board
from tabletop.cli.africa_common import read_board, read_game, write_game
from tabletop.cli.common import (
    CliError,
    add_lang_option,
    choice_values,
    is_db_ref,
    print_json,
    read_orders,
)
from tabletop.games.africa1880.adjudicate import score
from tabletop.games.africa1880.execution import GameOverError, execute_orders
from tabletop.games.africa1880.gamefile import Game, NothingToUndo
from tabletop.games.africa1880.instructions import GroupBy, table_instructions
from tabletop.games.africa1880.notation import SheetTooLongError, parse_sheets
from tabletop.games.africa1880.options import LANDING_CHECKS, SCORINGS, STARTS, Options, StateError
from tabletop.games.africa1880.powers import POWERS, UnknownPower, lookup_power, power_name
from tabletop.games.africa1880.report_text import (
    format_report,
    format_score,
    void_orders_for_reading,
)
from tabletop.i18n.keys import text

__all__ = [
    "DEFAULT_GAME",
    "cmd_board",
    "cmd_check",
    "cmd_new",
    "cmd_resolve",
    "cmd_score",
    "cmd_undo",
    "register",
]

DEFAULT_GAME = "africa-game.json"


def register(subparsers: Any) -> None:
    """Add the ``new``, ``board``, ``check``, ``resolve``, ``undo`` and ``score`` sub-commands,
    then the game master's (``amend``, ``compare``, ``sheets``)."""
    # The parsers are the top parser's class (OneLineParser): usage errors are one line.
    add = subparsers.add_parser

    new = add(
        "new",
        help="start a new game file",
        description="Create a game file for 3 to 6 powers (names in English, French or German).",
    )
    new.add_argument(
        "--powers",
        default=",".join(POWERS),
        metavar="LIST",
        help="comma-separated powers (default: all six)",
    )
    new.add_argument(
        "--start",
        choices=choice_values(STARTS),
        default="historical",
        help="historical starts (default) or free coastal placement with --place",
    )
    new.add_argument(
        "--place",
        metavar="LIST",
        help='free start: "France=Morocco,Germany=Togo,..." (one coastal territory per power)',
    )
    boards = new.add_mutually_exclusive_group()
    boards.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    boards.add_argument("--saved-board", metavar="ID[:VERSION]", help=SAVED_BOARD_HELP)
    new.add_argument(
        "--scoring", choices=choice_values(SCORINGS), default="points", help="default: points"
    )
    new.add_argument(
        "--landing-check",
        choices=choice_values(LANDING_CHECKS),
        default="start_of_round",
        help="when a landing target must be empty (default: start_of_round)",
    )
    new.add_argument(
        "--reading-order",
        metavar="LIST",
        help="order in which sheets are read, for --landing-check reading_order",
    )
    new.add_argument(
        "-o", "--output", metavar="FILE", default=DEFAULT_GAME, help=f"default: {DEFAULT_GAME}"
    )
    new.add_argument("--force", action="store_true", help="replace an existing game file")
    add_lang_option(new, "language of the text")
    new.set_defaults(handler=cmd_new)
    africa_boards.register(subparsers)  # `boards`: the saved boards, for --saved-board

    board = add("board", help="print the map (territories, spaces, neighbours)")
    board.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    board.add_argument("--json", action="store_true", help="print the board as JSON")
    add_lang_option(board, "language of the territory names and the text")
    board.set_defaults(handler=cmd_board)
    africa_trace.register(board)  # `board trace IMAGE`: a board file proposed from a photo

    check = add("check", help="validate a round's order sheets, resolve nothing")
    check.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    check.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    add_lang_option(check, "language of the reasons")
    check.set_defaults(handler=cmd_check)

    resolve = add("resolve", help="resolve a round and print what to do on the table")
    resolve.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    resolve.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    resolve.add_argument("--json", action="store_true", help="print the report as JSON")
    resolve.add_argument("--write", action="store_true", help="save the new state in GAME.json")
    add_lang_option(resolve, "language of the table instructions")
    resolve.add_argument(
        "--group-by",
        choices=choice_values(GroupBy),
        default=GroupBy.POWER,
        help="instructions step by step with each power's pawns together (default), "
        "or territory by territory",
    )
    resolve.set_defaults(handler=cmd_resolve)

    undo = add("undo", help="take back the last resolved round")
    undo.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    add_lang_option(undo, "language of the text")
    undo.set_defaults(handler=cmd_undo)

    score_parser = add("score", help="print the score of a game")
    score_parser.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    score_parser.add_argument("--json", action="store_true", help="print the score as JSON")
    add_lang_option(score_parser, "language of the score table")
    score_parser.set_defaults(handler=cmd_score)

    africa_amend.register(add)
    africa_sheets.register(add)
    africa_kit.register(add)


def _powers(listed: str, what: str) -> list[str]:
    names = []
    for item in listed.split(","):
        if not item.strip():
            continue
        try:
            names.append(lookup_power(item))
        except UnknownPower as error:
            raise CliError(f"{what}: {error}") from None
    return names


def _placements(listed: str | None) -> dict[str, str] | None:
    if not listed:
        return None
    out = {}
    for item in listed.split(","):
        if not item.strip():
            continue
        if "=" not in item:
            raise CliError(text("cli", "place_syntax", item=item.strip()))
        power, territory = item.split("=", 1)
        out[power.strip()] = territory.strip()
    return out


def cmd_new(args: argparse.Namespace) -> int:
    """Create a game file (historical starts unless ``--start free``)."""
    output = Path(args.output)
    lang = args.lang
    if not is_db_ref(output) and output.exists() and not args.force:
        raise CliError(text("cli", "exists", lang, path=output))
    board = read_board(args.board)
    board_name = "default"
    if args.saved_board is not None:
        board, board_name = saved_board(args.saved_board, lang)
    elif args.board is not None:
        # Stored relative to the game file, so the two can be moved together.
        board_path = Path(args.board).resolve()
        board_name = os.path.relpath(board_path, output.resolve().parent)
    powers = _powers(args.powers, "--powers")
    if args.start == "free" and not args.place:
        example = ",".join(f"{p}=..." for p in powers[:2])
        raise CliError(text("cli", "free_start_needs_place", lang, example=example))
    reading = tuple(_powers(args.reading_order, "--reading-order")) if args.reading_order else ()
    try:
        options = Options(
            landing_check=args.landing_check,
            reading_order=reading,
            scoring=args.scoring,
            start=args.start,
        )
        game = Game.new(
            powers,
            board=board,
            start=args.start,
            placements=_placements(args.place),
            options=options,
            board_name=board_name,
        )
    except StateError as error:
        raise CliError(str(error)) from None
    output_shown = write_game(game, output)
    state = game.state
    starts = ", ".join(
        text(
            "cli",
            "power_in",
            lang,
            power=power_name(p, lang),
            territory=board.display_name(next(iter(state.presences[p])), lang),
        )
        for p in state.powers
    )
    count = len(state.powers)
    print(text("cli", "new_game", lang, path=output_shown, count=count, year=state.year))
    print(text("cli", "starting_presences", lang, starts=starts))
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    """Print the board: as a table, or ``--json``."""
    board = read_board(args.board)
    if args.json:
        # The board file format itself, so the output can be edited and given back with --board.
        print_json(board.to_dict())
        return 0
    lang = args.lang
    count, spaces = len(board.names), board.total_spaces
    print(text("cli", "board_summary", lang, name=board.name, count=count, spaces=spaces))
    shown = {name: board.display_name(name, lang) for name in board.names}
    width = max(len(name) for name in shown.values())
    coast, inland = text("cli", "board_coast", lang), text("cli", "board_inland", lang)
    coast_width = max(len(coast), len(inland))
    for territory in board.territories.values():
        where = coast if territory.coastal else inland
        neighbours = ", ".join(shown[n] for n in territory.neighbours)
        print(
            f"  {shown[territory.name]:<{width}}  {where:<{coast_width}}  "
            f"{text('cli', 'board_spaces', lang, spaces=territory.spaces)}  "
            f"{neighbours or text('cli', 'board_no_neighbour', lang)}"
        )
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Read the sheets and run phase 3 on a copy: list void orders; resolve and save nothing."""
    game = read_game(args.game)
    text_of_orders = read_orders(args.orders)
    state = game.state
    lang = args.lang
    if state.game_over:
        raise CliError(text("cli", "over_no_check", lang, game=args.game))
    board = game.board
    if board is None:  # load_game always sets it; a Game built otherwise may not
        board = read_board(state.board)
    try:
        parsed = parse_sheets(text_of_orders, board, state.powers)
    except SheetTooLongError as error:
        raise CliError(f"{args.orders}: {error}") from None
    after = execute_orders(state, board, parsed)
    void = after.void_orders
    if args.json:
        print_json(
            {
                "round": state.round,
                "sheets": list(parsed.sheets),
                "missing_sheets": list(parsed.missing),
                "void_orders": [v.to_dict() for v in void],
            }
        )
        return 0
    count = len(parsed.sheets)
    print(text("cli", "sheets_read", lang, round=state.round, year=state.year, count=count))
    for power in parsed.missing:
        print(text("cli", "no_sheet", lang, power=power_name(power, lang)))
    if not void:
        print(text("cli", "all_executable", lang))
        return 0
    print(text("cli", "void_count", lang, count=len(void)))
    for item in void_orders_for_reading(void):
        values = {
            "power": power_name(item.power, lang) if item.power else "?",
            "order": item.order_text,
            "reason": item.text(lang, board),
        }
        if item.line:
            print("  - " + text("cli", "void_line_at", lang, line=item.line, **values))
        else:
            print("  - " + text("cli", "void_line", lang, **values))
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    """Resolve the round; print table instructions (or ``--json``); ``--write`` saves it."""
    game = read_game(args.game)
    orders = read_orders(args.orders)
    lang = args.lang
    try:
        report = game.apply(game.read_sheets(orders), orders)
    except SheetTooLongError as error:
        raise CliError(f"{args.orders}: {error}") from None
    except GameOverError:
        raise CliError(text("cli", "over_no_resolve", lang, game=args.game)) from None
    if args.write:
        write_game(game, args.game)
    if args.json:
        # The report's keys, then the table instructions in table order (codes, no sentences).
        data = report.to_dict()
        data["instructions"] = [i.to_dict() for i in table_instructions(report, args.group_by)]
        print_json(data)
    else:
        sys.stdout.write(format_report(report, lang, args.group_by, game.board))
        if args.write:
            print(text("cli", "saved", lang, path=args.game))
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    """Remove the last resolved round from the game file."""
    game = read_game(args.game)
    try:
        state = game.undo()
    except NothingToUndo as error:
        raise CliError(str(error)) from None
    write_game(game, args.game)
    print(text("cli", "undone", args.lang, round=state.round, year=state.year))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Print the score under the game's scoring option."""
    game = read_game(args.game)
    result = score(game.state)
    if args.json:
        print_json(result.to_dict())
    else:
        sys.stdout.write(format_score(result, args.lang))
    return 0
