"""``tabletop table ...``: a table with secret seats (each player seals from their own device).

``new`` opens a table on a game (a game file, imported as a new game, or ``db:ID``) and prints the
host token and every seat's token, code and link; ``seal`` seals a seat's sheet; ``status`` says
who has sealed (never what); ``show`` prints what one seat may see; ``resolve`` (host token)
resolves the round with the sealed sheets; ``revoke`` replaces a seat's link; ``export`` writes
the table's game file. The database is ``--db URL``, else ``$TABLETOP_DATABASE_URL``, else the
SQLite file of the data folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    CliError,
    open_database,
    print_json,
    read_orders,
    write_json_output,
)
from tabletop.serving import DEFAULT_PORT, lan_address


def default_base_url(port: int = DEFAULT_PORT) -> str:
    return f"http://{lan_address()}:{port}"


def register(subparsers: Any) -> None:
    """Add ``new``, ``seal``, ``status``, ``show``, ``resolve``, ``revoke`` and ``export``."""

    def add(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = subparsers.add_parser(name, **kwargs)
        parser.add_argument(
            "--db",
            metavar="URL",
            help="database: a SQLite file or postgresql+psycopg://... "
            "(default: $TABLETOP_DATABASE_URL, else tabletop.db in the data folder)",
        )
        return parser

    def table_id(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("id", type=_table_id, metavar="ID", help="the table's number")

    def base_url(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--base-url",
            metavar="URL",
            help=f"address the phones use (default: http://<this machine's LAN address>:"
            f"{DEFAULT_PORT}, as `tabletop serve --lan` prints it)",
        )

    new = add("new", help="open a table on a game: a link per seat")
    new.add_argument("game", metavar="GAME", help="a game file (imported as a new game) or db:ID")
    new.add_argument("--json", action="store_true", help="print the table as JSON")
    base_url(new)
    new.set_defaults(handler=cmd_new)

    seal = add("seal", help="seal a seat's order sheet for the current round")
    table_id(seal)
    seal.add_argument("--token", required=True, help="the seat's token (or its short code)")
    seal.add_argument("orders", metavar="ORDERS.txt", help="the seat's sheet ('-': stdin)")
    seal.add_argument("--json", action="store_true", help="print the receipt as JSON")
    seal.set_defaults(handler=cmd_seal)

    status = add("status", help="who has sealed for the current round (never what)")
    table_id(status)
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    status.set_defaults(handler=cmd_status)

    show = add("show", help="what one seat may see")
    table_id(show)
    show.add_argument("--token", required=True, help="the seat's token (or its short code)")
    show.add_argument("--json", action="store_true", help="print it as JSON")
    show.set_defaults(handler=cmd_show)

    resolve = add("resolve", help="resolve the round with the sealed sheets (host token)")
    table_id(resolve)
    resolve.add_argument("--token", required=True, help="the host token")
    resolve.add_argument(
        "--force",
        action="store_true",
        help="resolve with missing sheets (they hold everywhere and ally everyone)",
    )
    resolve.add_argument(
        "--round", type=int, metavar="N", help="refuse unless N is the round to play"
    )
    resolve.add_argument("--json", action="store_true", help="print the report as JSON")
    resolve.set_defaults(handler=cmd_resolve)

    revoke = add("revoke", help="replace a seat's link (a lost phone); host token")
    table_id(revoke)
    revoke.add_argument("--token", required=True, help="the host token")
    revoke.add_argument("--seat", required=True, metavar="POWER", help="the seat (power/player)")
    revoke.add_argument("--json", action="store_true", help="print the new link as JSON")
    base_url(revoke)
    revoke.set_defaults(handler=cmd_revoke)

    export = add("export", help="write the table's game to a game file")
    table_id(export)
    export.add_argument("-o", "--output", required=True, metavar="GAME.json", help="'-': stdout")
    export.add_argument("--force", action="store_true", help="replace an existing file")
    export.set_defaults(handler=cmd_export)


def _table_id(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a table number")
    return int(text)


def _tables(args: argparse.Namespace) -> Any:
    from tabletop.store.seats import Tables

    return Tables(open_database(args.db))


def _refuse(error: Exception) -> CliError:
    return CliError(" ".join(str(error).split()))


def _game_id(args: argparse.Namespace) -> int:
    """The game of ``GAME``: ``db:ID``, or a game file imported as a NEW game."""
    from tabletop.cli.common import db_game_id, is_db_ref
    from tabletop.fileio import MAX_JSON_BYTES, FileFormatError, read_text
    from tabletop.store import GameArchive, StoreError

    if is_db_ref(args.game):
        return db_game_id(args.game)
    path = Path(args.game)
    try:
        text = read_text(path, MAX_JSON_BYTES, "a game file")
    except FileFormatError as error:
        raise CliError(str(error)) from None
    store = open_database(args.db)
    try:
        snap = GameArchive(store).import_bytes(
            text.encode("utf-8"), name=path.stem, source=str(path)
        )
    except StoreError as error:
        raise _refuse(error) from None
    return int(snap.game_id)


def cmd_new(args: argparse.Namespace) -> int:
    """Open a table; print the host's and every seat's token and link."""
    from tabletop.store import StoreError

    game_id = _game_id(args)
    tables = _tables(args)
    try:
        new = tables.open_table(game_id)
    except StoreError as error:
        raise _refuse(error) from None
    base = args.base_url or default_base_url()
    data = new.to_json(base)
    if args.json:
        print_json(data)
        return 0
    print(f"Table {new.table_id} on game {game_id} (round {new.round}).")
    print(f"Shared screen (keep this link to yourself): {data['host']['url']}")
    for seat in data["seats"]:
        print(f"  {seat['power']}: code {seat['code']}  {seat['url']}")
    return 0


def cmd_seal(args: argparse.Namespace) -> int:
    """Seal the seat's sheet; the line says when it replaces one sealed earlier this round."""
    from tabletop.store import StoreError

    text = read_orders(args.orders)
    try:
        receipt = _tables(args).seal(args.id, args.token, text)
    except StoreError as error:
        raise _refuse(error) from None
    if args.json:
        print_json(
            {
                "table": args.id,
                "seat": receipt.seat,
                "round": receipt.round,
                "rev": receipt.rev,
                "replaced": receipt.replaced,
                "sealed_at": receipt.sealed_at.isoformat(),
            }
        )
    else:
        # Only a seat that had sealed this very round replaces something (rev counts every round).
        again = " (replacing the earlier one)" if receipt.replaced else ""
        print(f"Sealed {receipt.seat}'s sheet for round {receipt.round}{again}.")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    """Who has sealed, who is awaited."""
    from tabletop.store import StoreError

    try:
        status = _tables(args).status(args.id)
    except StoreError as error:
        raise _refuse(error) from None
    if args.json:
        print_json(status.to_json())
        return 0
    print(f"Table {args.id}, round {status.round}.")
    print(f"Sealed: {', '.join(status.sealed) or 'nobody yet'}")
    print(f"Waiting for: {', '.join(status.waiting) or 'nobody'}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """What the seat may see: the public position and its own sealed sheet."""
    from tabletop.store import StoreError

    try:
        view = _tables(args).seat_view(args.id, args.token)
    except StoreError as error:
        raise _refuse(error) from None
    if args.json:
        print_json(view)
        return 0
    print(
        f"Table {args.id}: {view['seat']}, round {view['public'].get('round', view.get('round'))}."
    )
    own = view.get("own_sheet") if view["kind"] == "africa1880" else view.get("own_secret")
    if own:
        print("Your sealed choice:")
        sys.stdout.write(own if own.endswith("\n") else own + "\n")
    else:
        print("Nothing sealed yet for this round.")
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    """Resolve with the sealed sheets; ``--json`` prints what ``tabletop africa resolve --json``
    prints for the same sheets."""
    from tabletop.games.africa1880.instructions import GroupBy, table_instructions
    from tabletop.games.africa1880.report_text import format_report
    from tabletop.store import NothingSealed, StoreError

    try:
        snap, report = _tables(args).resolve(
            args.id, args.token, force=args.force, round=args.round
        )
    except NothingSealed as error:
        raise CliError(
            f"table {args.id}: no seat has sealed round {error.round}; nothing changed "
            f"(add --round {error.round} to resolve it with every sheet missing)"
        ) from None
    except StoreError as error:
        raise _refuse(error) from None
    if snap.kind == "africa1880":
        if args.json:
            data = report.to_dict()
            data["instructions"] = [i.to_dict() for i in table_instructions(report, GroupBy.POWER)]
            print_json(data)
        else:
            sys.stdout.write(format_report(report, "en", GroupBy.POWER, snap.game.board))
        return 0
    from tabletop.games.massai.notation import format_action

    record = snap.game
    if args.json:
        print_json(
            {
                "action": format_action(report.action),
                "message": report.message,
                "state": record.state.to_json(),
            }
        )
    else:
        print(report.message)
    return 0


def cmd_revoke(args: argparse.Namespace) -> int:
    """A new token and code for the seat; the old link is refused from now on."""
    from tabletop.store import StoreError

    tables = _tables(args)
    try:
        game_id = tables.table_game(args.id)
        seat = _seat_name(tables.store.info(game_id), args.seat)
        issued = tables.revoke(args.id, args.token, seat)
    except StoreError as error:
        raise _refuse(error) from None
    data = issued.to_json(args.id, args.base_url or default_base_url())
    if args.json:
        print_json(data)
    else:
        print(f"New link for {data['power']} (code {data['code']}): {data['url']}")
        print("The old link is refused from now on.")
    return 0


def _seat_name(info: Any, text: str) -> str:
    """The seat's name as stored, from any spelling (``france``, ``Frankreich``, ``2``)."""
    players = list(info.players)
    if info.kind == "africa1880":
        from tabletop.games.africa1880.powers import UnknownPower, lookup_power

        try:
            return str(lookup_power(text))
        except UnknownPower as error:
            raise CliError(str(error)) from None
    for name in players:
        if text.strip().lower() in (name.lower(), name.split()[-1]):
            return str(name)
    raise CliError(f"{text!r} is not a seat of this table ({', '.join(players)})")


def cmd_export(args: argparse.Namespace) -> int:
    """Write the table's game file atomically."""
    from tabletop.store import StoreError

    try:
        data = _tables(args).export(args.id)
    except StoreError as error:
        raise _refuse(error) from None
    output = write_json_output(data, args.output, args.force)
    if output is None:
        return 0
    print(f"Table {args.id}'s game written to {output}.")
    return 0
