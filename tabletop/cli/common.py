"""Helpers shared by the sub-commands: one clear line on failure, never a traceback."""

from __future__ import annotations

import argparse
import atexit
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from tabletop.fileio import FileFormatError, read_text
from tabletop.i18n import available_languages

#: Typed order sheets for six powers take a few kilobytes; a bigger file is not order sheets.
MAX_ORDERS_BYTES = 1024 * 1024


class CliError(Exception):
    """A refusal to show to the person as one line (bad file, bad argument, illegal action)."""


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors fit on one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def add_lang_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang``: every language with a catalog (English, French, German, ...); ``what`` says
    what it changes ("language of the table instructions")."""
    languages = available_languages()
    parser.add_argument(
        "--lang", choices=languages, default="en", help=f"{what} ({', '.join(languages)})"
    )


def choice_values(members: Iterable[str]) -> list[str]:
    """Plain strings for argparse choices (its error message quotes the choices' reprs)."""
    return [str(member) for member in members]


def write_json_output(data: Any, output: str, force: bool) -> Path | None:
    """Write ``data`` as JSON to the file ``output`` atomically, or to standard output for ``-``
    (then ``None`` is returned); an existing file is replaced only with ``force``."""
    from tabletop.fileio import atomic_write_text

    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if output == "-":
        sys.stdout.write(text)
        return None
    path = Path(output)
    if path.exists() and not force:
        raise CliError(f"{path} already exists (use --force to replace it)")
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise CliError(f"{path}: cannot be written ({error.strerror or error})") from None
    return path


def read_orders(source: str) -> str:
    """The typed order sheets from a file, or from standard input for ``-``; one-line refusals."""
    if source == "-":
        text = sys.stdin.read(MAX_ORDERS_BYTES + 1)
        if len(text) > MAX_ORDERS_BYTES:
            raise CliError("standard input: too large for order sheets (more than 1 MB)")
        return text
    try:
        return read_text(source, MAX_ORDERS_BYTES, "order sheets", "an orders file")
    except FileFormatError as error:
        raise CliError(str(error)) from None


# ---------------------------------------------------------------------- games in the database
#: A game argument ``db:ID`` names game ID in the database; ``db:new`` (as an output) a new one.
DB_PREFIX = "db:"
#: What each ``db:ID`` loaded in this process was at, so that saving it checks that version.
_loaded: dict[str, tuple[int, int, int]] = {}
_stores: dict[str | None, Any] = {}
_database_url: str | None = None


def set_database(url: str | None) -> None:
    """Use ``url`` for ``db:ID`` arguments (default: ``$TABLETOP_DATABASE_URL`` or the file)."""
    global _database_url
    _database_url = url


def is_db_ref(ref: str | os.PathLike[str]) -> bool:
    """True for ``db:ID`` / ``db:new``."""
    return os.fspath(ref).startswith(DB_PREFIX)


def open_database(url: str | None = None) -> Any:
    """The store for ``url`` (else the one set by :func:`set_database`), opened once."""
    from tabletop.store import StoreError, open_store

    key = url if url is not None else _database_url
    if key not in _stores:
        try:
            _stores[key] = open_store(key)
        except StoreError as error:
            raise CliError(str(error)) from None
        if len(_stores) == 1:
            # Closing cleanly leaves only the database file (SQLite removes its -wal file).
            atexit.register(_close_stores)
    return _stores[key]


def _close_stores() -> None:
    for store in _stores.values():
        store.close()
    _stores.clear()


def db_game_id(ref: str | os.PathLike[str]) -> int:
    """The number in ``db:ID``; a one-line refusal otherwise."""
    text = os.fspath(ref)[len(DB_PREFIX) :]
    if not text.isdigit() or int(text) < 1:
        raise CliError(
            f"{os.fspath(ref)}: expected db:ID with the number of a game (tabletop games list)"
        )
    return int(text)


def load_game_ref(ref: str | os.PathLike[str], kind: str) -> Any:
    """The game of a ``GAME.json`` argument: a game file, or ``db:ID`` from the database.

    ``kind`` is ``"africa1880"`` or ``"massai"``; returns a ``Game`` or a ``GameRecord``.
    """
    text = os.fspath(ref)
    if not is_db_ref(text):
        return _load_file(Path(text), kind)
    from tabletop.store import StoreError

    store = open_database()
    game_id = db_game_id(text)
    try:
        snap = store.load(game_id)
    except StoreError as error:
        raise CliError(str(error)) from None
    if snap.kind != kind:
        other = "a Massai" if snap.kind == "massai" else "an Africa 1880"
        raise CliError(f"{text} is {other} game")
    from tabletop.store import kinds

    _loaded[text] = (game_id, snap.version, kinds.step_of(snap.game))
    return snap.game


def save_game_ref(game: Any, ref: str | os.PathLike[str], actor: str = "command line") -> str:
    """Keep ``game`` where ``ref`` says; returns where (``db:ID`` for the database).

    A game file is written atomically. For ``db:ID`` the change is one transaction on the version
    that was loaded: a new state is appended to the history (a shorter history is an undo, kept
    as a new entry); if the game changed meanwhile nothing is written and the refusal says so.
    ``db:new`` keeps the game as a new game.
    """
    text = os.fspath(ref)
    if not is_db_ref(text):
        _save_file(game, Path(text))
        return text
    from tabletop.store import StoreError, kinds

    store = open_database()
    try:
        if text in ("db:", "db:new"):
            snap = store.create_game(game, actor=actor)
        else:
            if text not in _loaded:
                raise CliError(f"{text}: a game is saved in the database only after being read")
            game_id, version, step = _loaded[text]
            if kinds.step_of(game) < step:
                snap = store.undo(game_id, version, actor=actor)
            else:
                kind = kinds.kind_for(game)
                last = kind.stages(game)[-1]
                snap = store.append(
                    game_id,
                    game,
                    version,
                    kind.step_action,
                    actor,
                    detail=last.detail,
                    report=last.report,
                )
    except StoreError as error:
        raise CliError(str(error)) from None
    saved = f"{DB_PREFIX}{snap.game_id}"
    _loaded[saved] = (snap.game_id, snap.version, kinds.step_of(snap.game))
    return saved


def _load_file(path: Path, kind: str) -> Any:
    from tabletop.games.registry import KINDS

    try:
        return KINDS.kind_named(kind).open_file(path)
    except FileFormatError as error:
        raise CliError(str(error)) from None


def _save_file(game: Any, path: Path) -> None:
    from tabletop.games.registry import KINDS

    try:
        KINDS.kind_of(game).save_file(game, path)
    except FileFormatError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{path}: cannot be written ({error.strerror})") from None
