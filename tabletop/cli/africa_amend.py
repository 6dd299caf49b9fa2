"""``tabletop africa amend`` (correct an earlier round's sheets and replay the later rounds;
``--write`` records it, ``--undo`` takes it back) and ``tabletop africa compare`` (what if: the
current round resolved with two versions of the sheets)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.cli.africa_common import read_game, write_game
from tabletop.cli.common import (
    CliError,
    add_lang_option,
    db_game_id,
    is_db_ref,
    open_database,
    print_json,
    read_orders,
)
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import SheetTooLongError
from tabletop.i18n import translator
from tabletop.i18n.keys import text


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the ``amend`` and ``compare`` sub-commands (``add`` makes one sub-command's parser)."""
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
    add_lang_option(amend, "language of the text")
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
    add_lang_option(compare, "language of the sentences")
    compare.set_defaults(handler=cmd_compare)


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
            saved_at = write_game(result.recorded(), args.game)
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
        return read_game(ref), None
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
        game = read_game(args.game)
        try:
            restored, year = undo_amendment(game)
        except AmendError as error:
            raise CliError(str(error)) from None
        write_game(restored, args.game)
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
    game = read_game(args.game)
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
