"""``tabletop africa ...``: new, board, check, resolve, undo, score for Africa 1880 game files."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from tabletop.cli.common import CliError, print_json, read_orders
from tabletop.games.africa1880.adjudicate import GameOverError, execute_orders, score
from tabletop.games.africa1880.board import Board, BoardError, load_board
from tabletop.games.africa1880.gamefile import (
    Game,
    GameFileError,
    NothingToUndo,
    load_game,
    save_game,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.report import (
    GroupBy,
    format_report,
    format_score,
    table_instructions,
    void_orders_for_reading,
)
from tabletop.games.africa1880.state import (
    LANDING_CHECKS,
    POWERS,
    SCORINGS,
    STARTS,
    Options,
    StateError,
    UnknownPower,
    lookup_power,
    power_name,
)

DEFAULT_GAME = "africa-game.json"


def _one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Make usage errors one line (argparse would print the whole usage first); exit status 2."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message} (see --help)\n")

    parser.error = error  # type: ignore[method-assign]
    return parser


def _values(members: Iterable[str]) -> list[str]:
    """Plain strings for argparse choices (its error message quotes the choices' reprs)."""
    return [str(member) for member in members]


def register(subparsers: Any) -> None:
    """Add the ``new``, ``board``, ``check``, ``resolve``, ``undo`` and ``score`` sub-commands."""
    add_parser = subparsers.add_parser

    def add(*args: Any, **kwargs: Any) -> argparse.ArgumentParser:
        return _one_line_errors(add_parser(*args, **kwargs))

    new = add(
        "new",
        help="start a new game file",
        description="Create a game file for 3 to 6 powers (names in English or French).",
    )
    new.add_argument(
        "--powers",
        default=",".join(POWERS),
        metavar="LIST",
        help="comma-separated powers (default: all six)",
    )
    new.add_argument(
        "--start",
        choices=_values(STARTS),
        default="historical",
        help="historical starts (default) or free coastal placement with --place",
    )
    new.add_argument(
        "--place",
        metavar="LIST",
        help='free start: "France=Morocco,Germany=Togo,..." (one coastal territory per power)',
    )
    new.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    new.add_argument(
        "--scoring", choices=_values(SCORINGS), default="points", help="default: points"
    )
    new.add_argument(
        "--landing-check",
        choices=_values(LANDING_CHECKS),
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
    new.set_defaults(handler=cmd_new)

    board = add("board", help="print the map (territories, spaces, neighbours)")
    board.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    board.add_argument("--json", action="store_true", help="print the board as JSON")
    board.set_defaults(handler=cmd_board)

    check = add("check", help="validate a round's order sheets, resolve nothing")
    check.add_argument("game", type=Path, metavar="GAME.json")
    check.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    check.add_argument("--lang", choices=("en", "fr"), default="en", help="language of reasons")
    check.set_defaults(handler=cmd_check)

    resolve = add("resolve", help="resolve a round and print what to do on the table")
    resolve.add_argument("game", type=Path, metavar="GAME.json")
    resolve.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    resolve.add_argument("--json", action="store_true", help="print the report as JSON")
    resolve.add_argument("--write", action="store_true", help="save the new state in GAME.json")
    resolve.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the text")
    resolve.add_argument(
        "--group-by",
        choices=_values(GroupBy),
        default=GroupBy.POWER,
        help="instructions step by step with each power's pawns together (default), "
        "or territory by territory",
    )
    resolve.set_defaults(handler=cmd_resolve)

    undo = add("undo", help="take back the last resolved round")
    undo.add_argument("game", type=Path, metavar="GAME.json")
    undo.set_defaults(handler=cmd_undo)

    score_parser = add("score", help="print the score of a game")
    score_parser.add_argument("game", type=Path, metavar="GAME.json")
    score_parser.add_argument("--json", action="store_true", help="print the score as JSON")
    score_parser.add_argument("--lang", choices=("en", "fr"), default="en")
    score_parser.set_defaults(handler=cmd_score)


def _load_board(source: str | None) -> Board:
    try:
        return load_board(source)
    except BoardError as error:
        raise CliError(" ".join(str(error).split())) from None


def _load(path: Path) -> Game:
    try:
        return load_game(path)
    except GameFileError as error:
        raise CliError(str(error)) from None


def _save(game: Game, path: Path) -> None:
    try:
        save_game(game, path)
    except GameFileError as error:
        raise CliError(str(error)) from None


def _powers(text: str, what: str) -> list[str]:
    names = []
    for item in text.split(","):
        if not item.strip():
            continue
        try:
            names.append(lookup_power(item))
        except UnknownPower as error:
            raise CliError(f"{what}: {error}") from None
    return names


def _placements(text: str | None) -> dict[str, str] | None:
    if not text:
        return None
    out = {}
    for item in text.split(","):
        if not item.strip():
            continue
        if "=" not in item:
            raise CliError(f'--place: "{item.strip()}" should read POWER=TERRITORY')
        power, territory = item.split("=", 1)
        out[power.strip()] = territory.strip()
    return out


def cmd_new(args: argparse.Namespace) -> int:
    """Create a game file (historical starts unless ``--start free``)."""
    output = Path(args.output)
    if output.exists() and not args.force:
        raise CliError(f"{output} already exists (use --force to replace it)")
    board = _load_board(args.board)
    board_name = "default"
    if args.board is not None:
        # Stored relative to the game file, so the two can be moved together.
        board_path = Path(args.board).resolve()
        board_name = os.path.relpath(board_path, output.resolve().parent)
    powers = _powers(args.powers, "--powers")
    if args.start == "free" and not args.place:
        example = ",".join(f"{p}=..." for p in powers[:2])
        raise CliError(
            f"a free start needs --place with one coastal territory per power, e.g. "
            f'--place "{example}"'
        )
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
    _save(game, output)
    state = game.state
    starts = ", ".join(f"{p} in {next(iter(state.presences[p]))}" for p in state.powers)
    print(f"New Africa 1880 game in {output}: {len(state.powers)} powers, round 1 ({state.year}).")
    print(f"Starting presences: {starts}.")
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    """Print the board: as a table, or ``--json``."""
    board = _load_board(args.board)
    if args.json:
        # The board file format itself, so the output can be edited and given back with --board.
        print_json(board.to_dict())
        return 0
    print(f"{board.name}: {len(board.names)} territories, {board.total_spaces} development spaces")
    width = max(len(name) for name in board.names)
    for territory in board.territories.values():
        coast = "coast " if territory.coastal else "inland"
        neighbours = ", ".join(territory.neighbours) or "(none)"
        print(f"  {territory.name:<{width}}  {coast}  {territory.spaces} spaces  {neighbours}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Read the sheets and run phase 3 on a copy: list void orders; resolve and save nothing."""
    game = _load(args.game)
    text = read_orders(args.orders)
    state = game.state
    if state.game_over:
        raise CliError(f"{args.game}: the game is over; there is no round to check")
    board = game.board
    if board is None:  # load_game always sets it; a Game built otherwise may not
        board = _load_board(state.board)
    parsed = parse_sheets(text, board, state.powers)
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
    fr = args.lang == "fr"
    count = len(parsed.sheets)
    if fr:
        print(f"Tour {state.round} ({state.year}) : {count} fiche(s) lue(s).")
    else:
        print(f"Round {state.round} ({state.year}): {count} sheet(s) read.")
    for power in parsed.missing:
        name = power_name(power, args.lang)
        if fr:
            print(f"Pas de fiche pour {name} : ses présences ne font rien, alliance avec tous.")
        else:
            print(f"No sheet for {name}: its presences hold, alliance toward everyone.")
    if not void:
        print("Tous les ordres sont exécutables." if fr else "Every order can be executed.")
        return 0
    print(f"Ordres nuls ({len(void)}) :" if fr else f"Void orders ({len(void)}):")
    for item in void_orders_for_reading(void):
        who = power_name(item.power, args.lang) if item.power else "?"
        if fr:
            where = f" (ligne {item.line})" if item.line else ""
            print(f"  - {who}{where} : « {item.order_text} » : {item.text(args.lang)}")
        else:
            where = f" (line {item.line})" if item.line else ""
            print(f'  - {who}{where}: "{item.order_text}": {item.text(args.lang)}')
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    """Resolve the round; print table instructions (or ``--json``); ``--write`` saves it."""
    game = _load(args.game)
    text = read_orders(args.orders)
    try:
        report = game.apply(text)
    except GameOverError:
        raise CliError(
            f"{args.game}: the game is over; nothing left to resolve "
            "(tabletop africa undo steps back one round)"
        ) from None
    if args.write:
        _save(game, args.game)
    if args.json:
        # The report's keys, then the table instructions in table order (codes, no sentences).
        data = report.to_dict()
        data["instructions"] = [i.to_dict() for i in table_instructions(report, args.group_by)]
        print_json(data)
    else:
        sys.stdout.write(format_report(report, args.lang, args.group_by))
        if args.write:
            print(
                f"Saved in {args.game}." if args.lang == "en" else f"Enregistré dans {args.game}."
            )
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    """Remove the last resolved round from the game file."""
    game = _load(args.game)
    try:
        state = game.undo()
    except NothingToUndo as error:
        raise CliError(str(error)) from None
    _save(game, args.game)
    print(f"Undone: back to round {state.round} ({state.year}), before its orders were resolved.")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Print the score under the game's scoring option."""
    game = _load(args.game)
    result = score(game.state)
    if args.json:
        print_json(result.to_dict())
    else:
        sys.stdout.write(format_score(result, args.lang))
    return 0
