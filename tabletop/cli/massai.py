"""``tabletop massai ...``: new, play, show and undo on a Massai game file; sheet prints the
tactic sheets."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    CliError,
    add_lang_option,
    is_db_ref,
    load_game_ref,
    print_json,
    save_game_ref,
)
from tabletop.games.massai.actions import Setup
from tabletop.games.massai.board import ADJACENCIES
from tabletop.games.massai.gamefile import (
    GameRecord,
    default_game_path,
)
from tabletop.games.massai.legal import attack_points, guards_allowed
from tabletop.games.massai.notation import NotationError, format_action, parse_action
from tabletop.games.massai.reports import player_name
from tabletop.games.massai.state import (
    DEFAULT_GUARD_TABLE,
    Options,
    OptionsError,
    State,
    parse_guard_table,
)
from tabletop.i18n.keys import text

HUT_MARKS = ("o", "x")
LANG_HELP = "language of the printed lines"


def _say(key: str, lang: str, **values: Any) -> str:
    """A line of the command line (the ``massai_cli`` table) in ``lang``."""
    return text("massai_cli", key, lang, **values)


def register(subparsers: Any) -> None:
    """Add the ``new``, ``play``, ``show``, ``undo`` and ``sheet`` sub-commands."""
    new = subparsers.add_parser("new", help="start a new game file")
    new.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=Path,
        help=f"game file to create (default: {default_game_path()})",
    )
    new.add_argument(
        "--adjacency",
        type=int,
        choices=ADJACENCIES,
        default=8,
        help="8: squares touch by side or corner (default); 4: by side only",
    )
    new.add_argument(
        "--guard-table",
        metavar="LIST",
        default=",".join(map(str, DEFAULT_GUARD_TABLE)),
        help="guards allowed for 0, 1, 2, ... attack points (default: %(default)s)",
    )
    new.add_argument("--columns", type=int, default=8, help="board columns (default: 8)")
    new.add_argument("--rows", type=int, default=6, help="board rows (default: 6)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    add_lang_option(new, LANG_HELP)
    new.set_defaults(handler=cmd_new)

    play = subparsers.add_parser(
        "play",
        help="play one action for the player to move",
        description="Actions: 'setup a1 b1 b2 c2 c1', 'build c3', 'move c3 d4', "
        "'attack e4 guards d4 e5' (or 'guards -'); French keywords work too "
        "(installer, construire, déplacer, attaquer ... gardes).",
    )
    play.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    play.add_argument("action", nargs="+", metavar="ACTION", help="the action, e.g. build c3")
    add_lang_option(play, LANG_HELP)
    play.set_defaults(handler=cmd_play)

    show = subparsers.add_parser("show", help="print the board and whose turn it is")
    show.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    show.add_argument("--json", action="store_true", help="print the position as JSON")
    add_lang_option(show, LANG_HELP)
    show.set_defaults(handler=cmd_show)

    undo = subparsers.add_parser("undo", help="take back the last action")
    undo.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    add_lang_option(undo, LANG_HELP)
    undo.set_defaults(handler=cmd_undo)

    sheet = subparsers.add_parser(
        "sheet",
        help="printable tactic sheets (PDF): the small board to mark a target or guards",
        description="One page per player with the position and what to mark now (setup "
        "squares, attack target or guards), then blank boards. Without GAME: blank boards of "
        "the standard 8 x 6 board.",
    )
    sheet.add_argument("game", type=Path, nargs="?", metavar="GAME.json|db:ID")
    sheet.add_argument(
        "-o", "--output", metavar="FILE.pdf", default="tactic.pdf", help="default: tactic.pdf"
    )
    add_lang_option(sheet, LANG_HELP)
    sheet.set_defaults(handler=cmd_sheet)


def _load(path: Path) -> GameRecord:
    """A game file, or ``db:ID`` from the database; refusals are one line."""
    record: GameRecord = load_game_ref(path, "massai")
    return record


def _save(record: GameRecord, path: Path) -> str:
    """Keep ``record`` in the file or the database ``path`` names; returns where it went."""
    return save_game_ref(record, path)  # an unwritable file is refused there, in one line


def cmd_new(args: argparse.Namespace) -> int:
    """Create a game file."""
    path: Path = args.output or default_game_path()
    try:
        options = Options(
            columns=args.columns,
            rows=args.rows,
            adjacency=args.adjacency,
            guard_table=parse_guard_table(args.guard_table),
        )
    except OptionsError as error:
        raise CliError(str(error)) from None
    if not is_db_ref(path) and path.exists() and not args.force:
        raise CliError(_say("exists", args.lang, path=path))
    where = _save(GameRecord.new(options), path)
    print(_say("new_game", args.lang, path=where, player=player_name(0, args.lang)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play one action; a refusal prints one line, exits 1 and leaves the file untouched."""
    record = _load(args.game)
    text = " ".join(args.action)
    try:
        action = parse_action(text, record.state.to_move)
    except NotationError as error:
        raise CliError(str(error)) from None
    lang = args.lang
    record, report = record.play(action)
    if not report.ok:
        raise CliError(_say("refused", lang, message=report.text(lang)))
    _save(record, args.game)
    print(report.text(lang))
    if record.state.phase != "over":
        print(_next_line(record.state, lang))
    return 0


def _next_line(state: State, lang: str = "en") -> str:
    """Who acts next and, in play, what they may do."""
    name = player_name(state.to_move, lang)
    if state.phase == "setup":
        return _say("next_setup", lang, player=name)
    if state.phase == "over":
        return _say("has_won", lang, player=player_name(state.winner or 0, lang))
    verb = "build" if state.supply(state.to_move) else "move"
    points = attack_points(state)
    if not points:
        return _say(f"next_{verb}", lang, player=name)
    allowed = guards_allowed(state)
    return _say(f"next_{verb}_or_attack", lang, player=name, attack_points=points, allowed=allowed)


def board_text(state: State) -> str:
    """The board as text: row 6 at the top, ``o`` for Player 1, ``x`` for Player 2."""
    board = state.board
    letters = "".join(chr(ord("a") + c) for c in range(board.columns))
    lines = ["   " + " ".join(letters)]
    for row in range(board.rows, 0, -1):
        cells = []
        for c in range(board.columns):
            owner = state.owner(f"{letters[c]}{row}")
            cells.append("." if owner is None else HUT_MARKS[owner])
        lines.append(f"{row:>2} " + " ".join(cells) + f" {row}")
    lines.append("   " + " ".join(letters))
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    """Print the board, supplies and whose turn; ``--json`` prints the position."""
    record = _load(args.game)
    state = record.state
    if args.json:
        data = state.to_json(reveal_setup=False)
        history = [format_action(a) for a in record.actions]
        if state.pending_setup is not None:
            history[-1] = "setup (hidden)"  # the first setup stays secret until both are in
        data["history"] = history
        print_json(data)
        return 0
    lang = args.lang
    print(board_text(state))
    for player in (0, 1):
        print(
            _say(
                "supply_line",
                lang,
                player=player_name(player, lang),
                mark=HUT_MARKS[player],
                board=len(state.huts[player]),
                supply=state.supply(player),
            )
        )
    if state.pending_setup is not None:
        print(_say("secret_setup_entered", lang, player=player_name(0, lang)))
    if state.phase == "over":
        how = "connection" if state.win_reason == "connection" else "elimination"
        print(_say(f"winner_{how}", lang, player=player_name(state.winner or 0, lang)))
    else:
        print(_next_line(state, lang))
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    """Remove the last action from the game file."""
    lang = args.lang
    record = _load(args.game)
    if not record.actions:
        raise CliError(_say("nothing_to_undo", lang))
    last = record.actions[-1]
    record = record.undo()
    _save(record, args.game)
    name = player_name(last.player, lang)
    # Undoing a secret setup must not print it.
    if isinstance(last, Setup):
        print(_say("undone_setup", lang, player=name))
    else:
        print(_say("undone", lang, player=name, action=format_action(last, lang)))
    print(_next_line(record.state, lang))
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    """Print the tactic sheets of the position (or of a game not started) to a PDF file."""
    from tabletop.cli.africa_sheets import write_pdf
    from tabletop.i18n import translator
    from tabletop.printing import FontMissing, tactic_sheets_pdf

    state = _load(args.game).state if args.game is not None else GameRecord.new().state
    try:
        data = tactic_sheets_pdf(state, args.lang)
    except FontMissing as error:
        raise CliError(str(error)) from None
    path = write_pdf(data, args.output)
    print(translator(args.lang).gettext("Tactic sheets written to {path}.", path=path))
    return 0
