"""``tabletop africa ...``: new, board, check, resolve, undo, score for Africa 1880 game files,
and the game master's tools: amend (correct an earlier round and replay), compare (what if),
sheets (printable order sheets)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from tabletop.cli.common import (
    CliError,
    db_game_id,
    is_db_ref,
    load_game_ref,
    open_database,
    print_json,
    read_orders,
    save_game_ref,
)
from tabletop.games.africa1880.adjudicate import GameOverError, execute_orders, score
from tabletop.games.africa1880.board import Board, BoardError, load_board
from tabletop.games.africa1880.gamefile import (
    Game,
    NothingToUndo,
)
from tabletop.games.africa1880.notation import SheetTooLongError, parse_sheets
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
from tabletop.i18n import available_languages, translator
from tabletop.i18n.keys import text

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


def _add_lang(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang``: every language with a catalog (English, French, German, ...)."""
    languages = available_languages()
    parser.add_argument(
        "--lang", choices=languages, default="en", help=f"{what} ({', '.join(languages)})"
    )


def register(subparsers: Any) -> None:
    """Add the ``new``, ``board``, ``check``, ``resolve``, ``undo`` and ``score`` sub-commands."""
    add_parser = subparsers.add_parser

    def add(*args: Any, **kwargs: Any) -> argparse.ArgumentParser:
        return _one_line_errors(add_parser(*args, **kwargs))

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
    _add_lang(new, "language of the text")
    new.set_defaults(handler=cmd_new)

    board = add("board", help="print the map (territories, spaces, neighbours)")
    board.add_argument("--board", metavar="FILE", help="board file (default: the bundled map)")
    board.add_argument("--json", action="store_true", help="print the board as JSON")
    _add_lang(board, "language of the territory names and the text")
    board.set_defaults(handler=cmd_board)

    check = add("check", help="validate a round's order sheets, resolve nothing")
    check.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    check.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_lang(check, "language of the reasons")
    check.set_defaults(handler=cmd_check)

    resolve = add("resolve", help="resolve a round and print what to do on the table")
    resolve.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    resolve.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-': stdin)")
    resolve.add_argument("--json", action="store_true", help="print the report as JSON")
    resolve.add_argument("--write", action="store_true", help="save the new state in GAME.json")
    _add_lang(resolve, "language of the table instructions")
    resolve.add_argument(
        "--group-by",
        choices=_values(GroupBy),
        default=GroupBy.POWER,
        help="instructions step by step with each power's pawns together (default), "
        "or territory by territory",
    )
    resolve.set_defaults(handler=cmd_resolve)

    undo = add("undo", help="take back the last resolved round")
    undo.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    _add_lang(undo, "language of the text")
    undo.set_defaults(handler=cmd_undo)

    score_parser = add("score", help="print the score of a game")
    score_parser.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    score_parser.add_argument("--json", action="store_true", help="print the score as JSON")
    _add_lang(score_parser, "language of the score table")
    score_parser.set_defaults(handler=cmd_score)

    amend = add(
        "amend",
        help="correct the sheets of an earlier round and replay the later rounds",
        description="Resolve round ROUND (its year) again with corrected sheets, replay every "
        "later round with the sheets recorded for it and say what changed. Nothing is saved "
        "without --write; --write keeps the old rounds (undo with --undo).",
    )
    amend.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    amend.add_argument("round", nargs="?", metavar="ROUND", help="the year of the round (1885)")
    amend.add_argument(
        "orders", nargs="?", metavar="ORDERS.txt", help="the corrected sheets ('-': stdin)"
    )
    amend.add_argument("--json", action="store_true", help="print the changes as JSON")
    amend.add_argument(
        "--write", action="store_true", help="record the amendment (the old rounds are kept)"
    )
    amend.add_argument("--undo", action="store_true", help="take back the last recorded amendment")
    _add_lang(amend, "language of the text")
    amend.set_defaults(handler=cmd_amend)

    compare = add(
        "compare",
        help="what if: resolve the current round with two versions of the sheets",
        description="Resolve the current round with sheets A and with sheets B and print only "
        "the differences, in words (or --json). Nothing is saved.",
    )
    compare.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    compare.add_argument("sheets_a", metavar="A.txt", help="the sheets as written ('-': stdin)")
    compare.add_argument("sheets_b", metavar="B.txt", help="the other version of the sheets")
    compare.add_argument("--json", action="store_true", help="print the differences as JSON")
    _add_lang(compare, "language of the sentences")
    compare.set_defaults(handler=cmd_compare)

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
    _add_lang(sheets, "language of the sheets")
    sheets.set_defaults(handler=cmd_sheets)


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
    try:
        return save_game_ref(game, path)
    except OSError as error:
        raise CliError(f"{path}: cannot be written ({error.strerror})") from None


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
    board = _load_board(args.board)
    board_name = "default"
    if args.board is not None:
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
    output_shown = _save(game, output)
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
    board = _load_board(args.board)
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
    game = _load(args.game)
    text_of_orders = read_orders(args.orders)
    state = game.state
    lang = args.lang
    if state.game_over:
        raise CliError(text("cli", "over_no_check", lang, game=args.game))
    board = game.board
    if board is None:  # load_game always sets it; a Game built otherwise may not
        board = _load_board(state.board)
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
    game = _load(args.game)
    orders = read_orders(args.orders)
    lang = args.lang
    try:
        report = game.apply(orders)
    except SheetTooLongError as error:
        raise CliError(f"{args.orders}: {error}") from None
    except GameOverError:
        raise CliError(text("cli", "over_no_resolve", lang, game=args.game)) from None
    if args.write:
        _save(game, args.game)
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
    game = _load(args.game)
    try:
        state = game.undo()
    except NothingToUndo as error:
        raise CliError(str(error)) from None
    _save(game, args.game)
    print(text("cli", "undone", args.lang, round=state.round, year=state.year))
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


# --------------------------------------------------------------------------- amend
def _year(text_of_year: str | None) -> int:
    if text_of_year is None or not text_of_year.strip().isdigit():
        raise CliError(f"ROUND must be the year of a resolved round (1885), not {text_of_year!r}")
    return int(text_of_year)


def cmd_amend(args: argparse.Namespace) -> int:
    """Amend a resolved round and replay; ``--write`` records it, ``--undo`` takes it back."""
    from tabletop.games.africa1880.amend import AmendError, amend, format_amendment

    if args.undo:
        if args.round is not None or args.orders is not None:
            raise CliError("--undo takes only the game (no ROUND, no ORDERS.txt)")
        return _undo_amendment(args)
    if args.orders is None:
        raise CliError("amend needs GAME ROUND ORDERS.txt (or --undo)")
    year = _year(args.round)
    game, version = _load_versioned(args.game)
    orders = read_orders(args.orders)
    try:
        result = amend(game, year, orders)
    except AmendError as error:
        raise CliError(str(error)) from None
    except SheetTooLongError as error:
        raise CliError(f"{args.orders}: {error}") from None
    tr = translator(args.lang)
    saved = None
    if args.write and result.same_sheets:
        saved = False
    elif args.write:
        if is_db_ref(args.game):
            saved_at = _append_amendment(args.game, result, version)
        else:
            saved_at = _save(result.recorded(), args.game)
        saved = True
    if args.json:
        print_json(result.to_dict())
        return 0
    sys.stdout.write(format_amendment(result, args.lang, game.board))
    if saved is True:
        print(tr.gettext("Amendment recorded in {path}; the old rounds are kept.", path=saved_at))
    elif saved is False:
        print(tr.gettext("These are the sheets recorded for {year}: nothing to record.", year=year))
    else:
        print(tr.gettext("Nothing saved: add --write to record the amendment."))
    return 0


def _db_store(ref: Path) -> tuple[Any, int]:
    return open_database(), db_game_id(ref)


def _load_versioned(ref: Path) -> tuple[Game, int | None]:
    """The game, and for ``db:ID`` the version read (a later write names it: never over a
    change made meanwhile)."""
    if not is_db_ref(ref):
        return _load(ref), None
    from tabletop.store import StoreError

    store, game_id = _db_store(ref)
    try:
        snap = store.load(game_id)
    except StoreError as error:
        raise CliError(str(error)) from None
    if not isinstance(snap.game, Game):
        raise CliError(f"{ref} is a Massai game")
    return snap.game, snap.version


def _append_amendment(ref: Path, result: Any, version: int | None) -> str:
    """Append the amended game to the database history (append-only: the old rounds stay)."""
    from tabletop.store import StoreError

    store, game_id = _db_store(ref)
    assert version is not None
    try:
        summary = result.to_dict()
        summary.pop("state")
        snap = store.append(
            game_id,
            result.game,
            version,
            "amend",
            "command line",
            detail=result.game.history[result.index].sheets_text,
            report=summary,
        )
    except StoreError as error:
        raise CliError(str(error)) from None
    return f"db:{snap.game_id}"


def _undo_amendment(args: argparse.Namespace) -> int:
    from tabletop.games.africa1880.amend import AmendError, undo_amendment

    tr = translator(args.lang)
    if not is_db_ref(args.game):
        game = _load(args.game)
        try:
            restored, year = undo_amendment(game)
        except AmendError as error:
            raise CliError(str(error)) from None
        _save(restored, args.game)
        print(tr.gettext("Amendment of {year} taken back.", year=year))
        return 0
    from tabletop.store import StoreError

    store, game_id = _db_store(args.game)
    try:
        snap = store.load(game_id)
        entry = store.entry(game_id, snap.seq)
        if entry.returns_to is not None:  # an undo or a redo: what it returned to counts
            entry = store.entry(game_id, entry.returns_to)
        if entry.action != "amend":
            raise CliError(f"{args.game}: its last change is not an amendment ({entry.action})")
        store.undo(game_id, snap.version, actor="command line")
    except StoreError as error:
        raise CliError(str(error)) from None
    print(tr.gettext("Amendment taken back in {path}.", path=args.game))
    return 0


# --------------------------------------------------------------------------- compare
def cmd_compare(args: argparse.Namespace) -> int:
    """Resolve the current round twice and print the differences."""
    from tabletop.games.africa1880.compare import compare, comparison_sentences

    if args.sheets_a == "-" and args.sheets_b == "-":
        raise CliError("only one of A.txt and B.txt can be standard input ('-')")
    game = _load(args.game)
    lang = args.lang
    if game.state.game_over:
        raise CliError(text("cli", "over_no_resolve", lang, game=args.game))
    text_a, text_b = read_orders(args.sheets_a), read_orders(args.sheets_b)
    assert game.board is not None
    try:
        result = compare(game.state, game.board, text_a, text_b)
    except SheetTooLongError as error:
        raise CliError(str(error)) from None
    if args.json:
        print_json(result.to_dict(lang))
        return 0
    tr = translator(lang)
    print(tr.gettext("What if, round {year}:", year=game.state.year))
    for sentence in comparison_sentences(result, lang):
        print("  - " + sentence)
    return 0


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

    game = _load(args.game)
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
