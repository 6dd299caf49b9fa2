"""``tabletop games ...``: the games kept in the database (list, show, export, import, delete).

The database is ``--db URL`` (a SQLite file or ``postgresql+psycopg://...``), else
``$TABLETOP_DATABASE_URL``, else ``tabletop.db`` in the data folder.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import CliError, open_database, print_json, write_json_output


def register(subparsers: Any) -> None:
    """Add ``list``, ``show``, ``export``, ``import``, ``import-autosaves``, ``rename``,
    ``delete``."""

    def add(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = subparsers.add_parser(name, **kwargs)
        parser.add_argument(
            "--db",
            metavar="URL",
            help="database: a SQLite file or postgresql+psycopg://... "
            "(default: $TABLETOP_DATABASE_URL, else tabletop.db in the data folder)",
        )
        return parser

    listing = add("list", help="list the games in the database")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.add_argument("--kind", choices=("africa1880", "massai"), help="one kind of game only")
    listing.set_defaults(handler=cmd_list)

    show = add("show", help="print a game's history")
    show.add_argument("id", type=_game_id, metavar="ID")
    show.add_argument("--json", action="store_true", help="print the history as JSON")
    show.set_defaults(handler=cmd_show)

    export = add("export", help="write a game to a game file (or its whole history)")
    export.add_argument("id", type=_game_id, metavar="ID")
    export.add_argument("-o", "--output", required=True, metavar="FILE", help="'-': stdout")
    export.add_argument(
        "--history",
        action="store_true",
        help="every entry of the history, undos included (tabletop games import reads it)",
    )
    export.add_argument("--force", action="store_true", help="replace an existing file")
    export.set_defaults(handler=cmd_export)

    imported = add("import", help="add a game file (or an exported history) as a NEW game")
    imported.add_argument("file", type=Path, metavar="FILE")
    imported.add_argument("--name", help="name of the new game")
    imported.set_defaults(handler=cmd_import)

    autosaves = add(
        "import-autosaves",
        help="import once the game files the dashboards kept in the data folder",
    )
    autosaves.add_argument("--dir", type=Path, help="the folder (default: the data folder)")
    autosaves.set_defaults(handler=cmd_import_autosaves)

    rename = add("rename", help="give a game another name")
    rename.add_argument("id", type=_game_id, metavar="ID")
    rename.add_argument("name", nargs="+", metavar="NAME")
    rename.set_defaults(handler=cmd_rename)

    delete = add("delete", help="delete a game and its whole history (export it first)")
    delete.add_argument("id", type=_game_id, metavar="ID")
    delete.add_argument("--yes", action="store_true", help="confirm: the deletion cannot be undone")
    delete.set_defaults(handler=cmd_delete)


def _game_id(text: str) -> int:
    value = text.removeprefix("db:")
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game number (tabletop games list)")
    return int(value)


def _store(args: argparse.Namespace) -> Any:
    return open_database(args.db)


def _refuse(error: Exception) -> CliError:
    return CliError(str(error))


def cmd_list(args: argparse.Namespace) -> int:
    """One line per game, most recently changed first."""
    from tabletop.store import StoreError

    store = _store(args)
    try:
        found = store.list_games(args.kind)
    except StoreError as error:
        raise _refuse(error) from None
    if args.json:
        print_json([info.to_json() for info in found])
        return 0
    if not found:
        print(f"No games in {store.where} yet (tabletop games import FILE adds one).")
        return 0
    kind_names = {"africa1880": "Africa 1880", "massai": "Massai"}
    print(f"{'ID':>4}  {'GAME':<11}  {'CHANGED (UTC)':<16}  {'STEP':>4}  NAME (PLAYERS)")
    for info in found:
        players = ", ".join(info.players)
        print(
            f"{info.id:>4}  {kind_names[info.kind]:<11}  {info.updated:%Y-%m-%d %H:%M}  "
            f"{info.step:>4}  {info.name} ({players})"
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """The history: every entry, who made it and when (states are not printed)."""
    from tabletop.store import StoreError

    store = _store(args)
    try:
        info = store.info(args.id)
        entries = store.history(args.id)
    except StoreError as error:
        raise _refuse(error) from None
    if args.json:
        print_json({**info.to_json(), "history": [e.to_json(with_state=False) for e in entries]})
        return 0
    print(f"Game {info.id}: {info.name} ({info.kind}, version {info.version})")
    for entry in entries:
        back = f" -> back to entry {entry.returns_to}" if entry.returns_to else ""
        print(
            f"  {entry.seq:>4}  {entry.at:%Y-%m-%d %H:%M:%S}  {entry.action:<8} {entry.actor}{back}"
        )
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write the game file (or ``--history``, the whole history) atomically."""
    from tabletop.store import GameArchive, StoreError

    archive = GameArchive(_store(args))
    try:
        data = archive.export_history(args.id) if args.history else archive.export_game(args.id)
    except StoreError as error:
        raise _refuse(error) from None
    output = write_json_output(data, args.output, args.force)
    if output is None:
        return 0
    what = "its whole history" if args.history else "its game file"
    print(f"Game {args.id} written to {output} ({what}).")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Read a game file or an exported history and add it as a new game."""
    from tabletop.fileio import MAX_JSON_BYTES, FileFormatError, read_bytes
    from tabletop.store import GameArchive, StoreError

    try:
        # The bytes as they are: the JSON reader says what is wrong with them (not UTF-8 at
        # which byte, too deep, a number too long), in the words the pages use.
        data = read_bytes(args.file, MAX_JSON_BYTES, "a game file")
    except FileFormatError as error:
        raise CliError(str(error)) from None
    store = _store(args)
    try:
        name = args.name or args.file.stem
        snap = GameArchive(store).import_bytes(data, name=name, source=str(args.file))
    except StoreError as error:
        raise _refuse(error) from None
    print(f"Imported {args.file} as game {snap.game_id}: {snap.info.name} (db:{snap.game_id}).")
    return 0


def cmd_import_autosaves(args: argparse.Namespace) -> int:
    """Import the dashboards' game files once; the files stay as they are."""
    from tabletop.store import GameArchive, StoreError

    store = _store(args)
    try:
        outcomes = GameArchive(store).import_autosaves(args.dir)
    except StoreError as error:
        raise _refuse(error) from None
    if not outcomes:
        print("No game files found.")
    for outcome in outcomes:
        if outcome.snapshot is not None:
            print(f"{outcome.path}: imported as game {outcome.snapshot.game_id}.")
        else:
            print(f"{outcome.path}: skipped ({outcome.reason}).")
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    """Rename a game."""
    from tabletop.store import StoreError

    try:
        info = _store(args).rename(args.id, " ".join(args.name))
    except StoreError as error:
        raise _refuse(error) from None
    print(f"Game {info.id} is now called {info.name}.")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    """Delete a game (only with ``--yes``)."""
    from tabletop.store import StoreError

    store = _store(args)
    try:
        info = store.info(args.id)
        if not args.yes:
            raise CliError(
                f"deleting game {info.id} ({info.name}) cannot be undone: export it first "
                f"(tabletop games export {info.id} -o game-{info.id}.json --history), "
                "then run this again with --yes"
            )
        store.delete_game(args.id, confirm=True)
    except StoreError as error:
        raise _refuse(error) from None
    print(f"Game {info.id} ({info.name}) deleted.")
    return 0
