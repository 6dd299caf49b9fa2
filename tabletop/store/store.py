"""The game database: games, their append-only history, typed sheets, timers and secrets.

Every change is one transaction. Changes to a game's state check the version they started from
(``UPDATE games SET version = v + 1 WHERE id = ? AND version = v``): when another page changed the
game first, nothing is written and :class:`StaleGameError` says so, with the new version.

>>> import tempfile
>>> from tabletop.games.massai.gamefile import GameRecord
>>> store = open_store(tempfile.mkdtemp() + "/tabletop.db")
>>> snap = store.create_game(GameRecord.new(), name="Tuesday")
>>> snap2, report = store.play_action(snap.game_id, "setup a1 b1 b2 c2 c1", snap.version)
>>> (snap2.version, store.undo(snap.game_id, snap2.version).seq)
(2, 3)
>>> store.close()
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Row
from sqlalchemy.exc import DBAPIError, IntegrityError

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import SheetTooLongError
from tabletop.games.africa1880.report import Report as AfricaReport
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import NotationError, parse_action
from tabletop.games.massai.rules import Report as MassaiReport
from tabletop.store import kinds
from tabletop.store.engine import create_engine, describe, resolve_url, use_wal
from tabletop.store.errors import (
    DatabaseUnavailable,
    GameDataError,
    GameNotFound,
    NothingToRedo,
    NothingToUndo,
    StaleGameError,
    StoreError,
)
from tabletop.store.kinds import AnyGame, Step
from tabletop.store.schema import (
    check_and_upgrade,
    drafts,
    games,
    history,
    imported_files,
    secrets,
    timers,
)

#: PostgreSQL channel on which every change is announced (payload ``"game_id:version:aux"``).
NOTIFY_CHANNEL = "tabletop_games"
ARCHIVE_FORMAT = "tabletop.store.game-history"
ARCHIVE_VERSION = 1
#: An upload bigger than this is not a game file (a finished game is well under 1 MB).
MAX_IMPORT_BYTES = 32 * 1024 * 1024
#: Game objects kept in memory per store (entries never change, so a cached one stays right).
CACHE_SIZE = 64
#: Actions of history entries that do not make a new state but return to an earlier one.
RETURNING_ACTIONS = ("undo", "redo")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(value: datetime) -> datetime:
    # SQLite gives back naive datetimes; everything is written in UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class GameInfo:
    """One game as a list shows it (no state read)."""

    id: int
    name: str
    kind: str
    players: list[str]
    created: datetime
    updated: datetime
    version: int
    aux_version: int
    head_seq: int
    step: int
    last_action: str
    options: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form (``tabletop games list --json``)."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "players": list(self.players),
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "version": self.version,
            "step": self.step,
            "last_action": self.last_action,
        }


@dataclass(frozen=True)
class Entry:
    """One entry of a game's history; ``state`` is its game-file JSON when it was read."""

    game_id: int
    seq: int
    action: str
    detail: str | None
    report: dict[str, Any] | None
    actor: str
    at: datetime
    step: int
    parent_seq: int | None
    returns_to: int | None
    undoes: int | None
    state: dict[str, Any] | None = None

    def to_json(self, with_state: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seq": self.seq,
            "action": self.action,
            "detail": self.detail,
            "report": self.report,
            "actor": self.actor,
            "at": self.at.isoformat(),
            "step": self.step,
            "parent_seq": self.parent_seq,
            "returns_to": self.returns_to,
            "undoes": self.undoes,
        }
        if with_state:
            data["state"] = self.state
        return data


@dataclass(frozen=True)
class Snapshot:
    """A game as read at one version: what a page shows and the version its next change names."""

    info: GameInfo
    game: AnyGame
    seq: int

    @property
    def game_id(self) -> int:
        return self.info.id

    @property
    def version(self) -> int:
        return self.info.version

    @property
    def kind(self) -> str:
        return self.info.kind


@dataclass(frozen=True)
class Versions:
    """The two counters of a game: ``version`` (its state) and ``aux_version`` (everything
    else a page shows: name, typed sheets, timer, secrets)."""

    version: int
    aux_version: int


@dataclass(frozen=True)
class Draft:
    """A typed sheet not resolved yet."""

    seat: str
    text: str
    actor: str
    updated: datetime
    rev: int


@dataclass(frozen=True)
class TimerState:
    """A timer as a page left it; ``remaining_now`` counts the time since, when it runs."""

    state: dict[str, Any]
    updated: datetime
    rev: int

    def remaining_now(self, now: float | None = None) -> float | None:
        """Seconds left now for a state holding ``remaining`` and ``running`` (else ``None``)."""
        remaining = self.state.get("remaining")
        if not isinstance(remaining, (int, float)):
            return None
        if not self.state.get("running"):
            return float(remaining)
        now = time.time() if now is None else now
        return max(0.0, float(remaining) - (now - self.updated.timestamp()))


def open_store(url: str | os.PathLike[str] | URL | None = None) -> Store:
    """Open (creating or upgrading when needed) the database named by ``url``.

    ``url``: a SQLite file path or ``sqlite:///PATH``, or ``postgresql+psycopg://...``; by
    default ``$TABLETOP_DATABASE_URL``, else ``tabletop.db`` in the data folder.
    """
    return Store(url)


class Store:
    """The database of games. Thread-safe (one engine, one connection per operation)."""

    def __init__(self, url: str | os.PathLike[str] | URL | None = None) -> None:
        self.url = resolve_url(url)
        self.where = describe(self.url)
        self.backend = self.url.get_backend_name()
        try:
            self.engine = create_engine(self.url)
        except OSError as error:
            raise DatabaseUnavailable(
                f"cannot create the database folder for {self.where}: {error.strerror}"
            ) from None
        try:
            self.upgraded_from = check_and_upgrade(self.engine, self.where)
            self._cache: OrderedDict[tuple[int, datetime, int], AnyGame] = OrderedDict()
            self._cache_lock = threading.Lock()
            if self.backend == "sqlite":
                use_wal(self.engine)
        except DBAPIError as error:
            self.engine.dispose()
            raise DatabaseUnavailable(_db_message(self.where, error)) from None
        except BaseException:
            self.engine.dispose()
            raise

    # ------------------------------------------------------------------ plumbing
    def close(self) -> None:
        """Close every connection (a SQLite file is then complete on its own, no -wal left)."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection:
                if self.backend == "sqlite":
                    connection.execution_options(sqlite_begin="IMMEDIATE")
                with connection.begin():
                    yield connection
        except StoreError:
            raise
        except IntegrityError:
            raise
        except DBAPIError as error:
            raise DatabaseUnavailable(_db_message(self.where, error)) from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection, connection.begin():
                yield connection
        except StoreError:
            raise
        except DBAPIError as error:
            raise DatabaseUnavailable(_db_message(self.where, error)) from None

    def _notify(self, connection: Connection, game_id: int) -> None:
        if self.backend != "postgresql":
            return  # SQLite pages poll PRAGMA data_version (see tabletop.store.watch)
        row = connection.execute(
            sa.select(games.c.version, games.c.aux_version).where(games.c.id == game_id)
        ).one_or_none()
        payload = f"{game_id}:{row[0]}:{row[1]}" if row else f"{game_id}:deleted:0"
        connection.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, payload)))

    # ------------------------------------------------------------------ reading
    def list_games(self, kind: str | None = None) -> list[GameInfo]:
        """Every game, the most recently changed first (``kind`` keeps one kind only)."""
        query = _info_query()
        if kind is not None:
            query = query.where(games.c.kind == kinds.check_kind(kind))
        query = query.order_by(games.c.updated.desc(), games.c.id.desc())
        with self._read() as connection:
            return [_info(row) for row in connection.execute(query)]

    def info(self, game_id: int) -> GameInfo:
        """One game's list entry; :class:`GameNotFound` when there is none."""
        with self._read() as connection:
            return self._info(connection, game_id)

    def _info(self, connection: Connection, game_id: int) -> GameInfo:
        row = connection.execute(_info_query().where(games.c.id == game_id)).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return _info(row)

    def load(self, game_id: int) -> Snapshot:
        """The game at its newest state, with the version to name in the next change."""
        query = _info_query(with_state=True).where(games.c.id == game_id)
        with self._read() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        info = _info(row)
        game = self._cached(
            (game_id, info.created, row.head_seq),
            lambda: self._game_from(row.kind, row.board, row.state, f"db:{game_id}"),
        )
        return Snapshot(info, game, row.head_seq)

    def _game_from(self, kind: str, board: str | None, state: str, source: str) -> AnyGame:
        return kinds.load_doc(kind, json.loads(state), board, source)

    def _cached(self, key: tuple[int, datetime, int], make: Callable[[], AnyGame]) -> AnyGame:
        """The game of one history entry, read once: entries are never changed, and a game is
        known by its id, its creation time (ids of deleted games are not reused, to be sure)
        and the entry's number. Each caller gets its own copy (an Africa game is mutable)."""
        with self._cache_lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return _copy_game(hit)
        game = make()
        self._remember(key, game)
        return game

    def _remember(self, key: tuple[int, datetime, int], game: AnyGame) -> None:
        with self._cache_lock:
            self._cache[key] = _copy_game(game)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def versions(self, game_id: int) -> Versions:
        """The game's two counters (cheap: one row by primary key)."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(games.c.version, games.c.aux_version).where(games.c.id == game_id)
            ).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return Versions(row[0], row[1])

    def current_version(self, game_id: int) -> int:
        """The version of the game's state."""
        return self.versions(game_id).version

    def changed_since(self, game_id: int, version: int, aux_version: int | None = None) -> bool:
        """True when the game's state (or, given ``aux_version``, anything shown) changed."""
        now = self.versions(game_id)
        return now.version != version or (
            aux_version is not None and now.aux_version != aux_version
        )

    def history(self, game_id: int, with_states: bool = False) -> list[Entry]:
        """The game's history, oldest first (states only when asked: they are the big part)."""
        columns = [c for c in history.c if with_states or c.name != "state"]
        with self._read() as connection:
            self._info(connection, game_id)
            rows = connection.execute(
                sa.select(*columns).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        return [_entry(row) for row in rows]

    def entry(self, game_id: int, seq: int) -> Entry:
        """One history entry with its state."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(history).where(history.c.game_id == game_id, history.c.seq == seq)
            ).one_or_none()
        if row is None:
            raise StoreError(f"game {game_id} has no history entry {seq}")
        return _entry(row)

    def game_at(self, game_id: int, seq: int) -> AnyGame:
        """The game object of an earlier entry (to look at an old state)."""
        info = self.info(game_id)
        found = self.entry(game_id, seq)
        assert found.state is not None
        with self._read() as connection:
            board = connection.execute(
                sa.select(games.c.board).where(games.c.id == game_id)
            ).scalar_one()
        return kinds.load_doc(info.kind, found.state, board, f"db:{game_id}#{seq}")

    # ------------------------------------------------------------------ creating
    def create_game(
        self,
        game: AnyGame,
        name: str | None = None,
        actor: str = "table",
        action: str = "new",
    ) -> Snapshot:
        """Keep ``game`` as a NEW game (never over another); its own history becomes entries."""
        return self._create(game, name, actor, kinds.steps_of(game, action))

    def _create(
        self,
        game: AnyGame,
        name: str | None,
        actor: str,
        steps: list[Step],
        entries: list[Entry] | None = None,
        imported: tuple[str, str] | None = None,
    ) -> Snapshot:
        kind = kinds.kind_of_game(game)
        now = _now()
        name = _clean_name(name) or f"{kinds.KIND_NAMES[kind]}, {now:%Y-%m-%d %H:%M} UTC"
        board = kinds.board_json_of(game)
        with self._write() as connection:
            count = len(entries) if entries is not None else len(steps)
            inserted = connection.execute(
                games.insert().values(
                    name=name,
                    kind=kind,
                    players=_dumps(kinds.players_of(game)),
                    options=_dumps(kinds.options_of(game)),
                    board=board,
                    created=now,
                    updated=now,
                    version=count,
                    head_seq=count,
                    aux_version=0,
                )
            ).inserted_primary_key
            assert inserted is not None
            game_id = inserted[0]
            if entries is not None:
                rows = [{**e.to_json(), "at": e.at, "game_id": game_id} for e in entries]
                for row in rows:
                    row["report"] = None if row["report"] is None else _dumps(row["report"])
                    row["state"] = _dumps(row["state"])
            else:
                rows = [
                    {
                        "game_id": game_id,
                        "seq": seq,
                        "action": step.action,
                        "detail": step.detail,
                        "report": None if step.report is None else _dumps(step.report),
                        "actor": actor,
                        "at": now,
                        "step": step.step,
                        "parent_seq": seq - 1 if seq > 1 else None,
                        "returns_to": None,
                        "undoes": None,
                        "state": _dumps(step.doc),
                    }
                    for seq, step in enumerate(steps, start=1)
                ]
            connection.execute(history.insert(), rows)
            if imported is not None:
                connection.execute(
                    imported_files.insert().values(
                        sha256=imported[0], path=imported[1], game_id=game_id, imported=now
                    )
                )
            self._notify(connection, game_id)
            info = self._info(connection, game_id)
        self._remember((info.id, info.created, info.head_seq), game)
        return Snapshot(info, game, info.head_seq)

    # ------------------------------------------------------------------ changing the state
    def append(
        self,
        game_id: int,
        game: AnyGame,
        expected_version: int,
        action: str,
        actor: str = "table",
        detail: str | None = None,
        report: Mapping[str, Any] | None = None,
    ) -> Snapshot:
        """Add the new state ``game`` (reached by ``action``) made on ``expected_version``.

        Raises :class:`StaleGameError` (nothing written) when the game is at another version.
        """
        if action in RETURNING_ACTIONS:
            raise StoreError("undo and redo go through Store.undo / Store.redo")
        doc = kinds.doc_of(game)
        state_text = _dumps(doc)
        report_text = None if report is None else _dumps(dict(report))
        with self._write() as connection:
            row = self._bump(connection, game_id, expected_version)
            if row.kind != kinds.kind_of_game(game):
                raise GameDataError(
                    f"game {game_id} is a {row.kind} game, not a {kinds.kind_of_game(game)} one"
                )
            seq = row.head_seq
            connection.execute(
                history.insert().values(
                    game_id=game_id,
                    seq=seq,
                    action=action,
                    detail=detail,
                    report=report_text,
                    actor=actor,
                    at=row.updated,
                    step=kinds.step_of(game),
                    parent_seq=seq - 1,
                    returns_to=None,
                    undoes=None,
                    state=state_text,
                )
            )
            self._notify(connection, game_id)
            info = self._info(connection, game_id)
        self._remember((game_id, info.created, seq), game)
        return Snapshot(info, game, seq)

    def _bump(self, connection: Connection, game_id: int, expected_version: int) -> Any:
        """The version check: +1 when the game is at ``expected_version``, else stale."""
        now = _now()
        result = connection.execute(
            games.update()
            .where(games.c.id == game_id, games.c.version == expected_version)
            .values(version=games.c.version + 1, head_seq=games.c.head_seq + 1, updated=now)
        )
        if result.rowcount != 1:
            current = connection.execute(
                sa.select(games.c.version).where(games.c.id == game_id)
            ).scalar_one_or_none()
            if current is None:
                raise GameNotFound(game_id)
            raise StaleGameError(game_id, expected_version, current)
        return connection.execute(
            sa.select(games.c.kind, games.c.head_seq, games.c.board, games.c.updated).where(
                games.c.id == game_id
            )
        ).one()

    def resolve_round(
        self, game_id: int, sheets: str, expected_version: int | None = None, actor: str = "table"
    ) -> tuple[Snapshot, AfricaReport]:
        """Africa 1880: resolve the round with the typed ``sheets`` and keep the result.

        ``expected_version`` is the version the sheets were typed on (default: the newest).
        Sheets over the notation's size limit are a :class:`GameDataError`; nothing is written.
        """
        snap = self.load(game_id)
        if expected_version is not None and snap.version != expected_version:
            raise StaleGameError(game_id, expected_version, snap.version)
        game = snap.game
        if not isinstance(game, Game):
            raise GameDataError(f"game {game_id} is a Massai game: it has no rounds to resolve")
        try:
            report = game.apply(sheets)
        except SheetTooLongError as error:
            raise GameDataError(str(error)) from None
        new = self.append(
            game_id,
            game,
            snap.version,
            "resolve",
            actor,
            detail=sheets,
            report=report.to_dict(include_state=False),
        )
        return new, report

    def play_action(
        self, game_id: int, text: str, expected_version: int | None = None, actor: str = "table"
    ) -> tuple[Snapshot, MassaiReport]:
        """Massai: play the typed action for the player to move; a refusal writes nothing."""
        snap = self.load(game_id)
        if expected_version is not None and snap.version != expected_version:
            raise StaleGameError(game_id, expected_version, snap.version)
        record = snap.game
        if not isinstance(record, GameRecord):
            raise GameDataError(f"game {game_id} is an Africa 1880 game, not a Massai one")
        try:
            action = parse_action(text, record.state.to_move)
        except NotationError as error:
            raise GameDataError(str(error)) from None
        record, report = record.play(action)
        if not report.ok:
            raise GameDataError(f"refused: {report.message}")
        new = self.append(game_id, record, snap.version, "play", actor, detail=text)
        return new, report

    def undo(self, game_id: int, expected_version: int, actor: str = "table") -> Snapshot:
        """Return to the state before the last change, as a NEW entry (the undone one stays)."""
        return self._return(game_id, expected_version, actor, "undo")

    def redo(self, game_id: int, expected_version: int, actor: str = "table") -> Snapshot:
        """Restore the state the last undo left (after undos in a row, one at a time)."""
        return self._return(game_id, expected_version, actor, "redo")

    def can_undo_redo(self, game_id: int) -> tuple[bool, bool]:
        """Whether undo and redo have something to do now (for enabling buttons)."""
        with self._read() as connection:
            marks = _marks(connection, game_id)
        if not marks:
            raise GameNotFound(game_id)
        head = _canonical(marks, max(marks))
        return marks[head].parent_seq is not None, bool(_redo_stack(marks))

    def _return(self, game_id: int, expected_version: int, actor: str, action: str) -> Snapshot:
        with self._write() as connection:
            row = self._bump(connection, game_id, expected_version)
            marks = _marks(connection, game_id)
            head = _canonical(marks, max(marks))
            undoes: int | None = None
            if action == "undo":
                parent = marks[head].parent_seq
                if parent is None:
                    raise NothingToUndo("nothing to undo: this game is at its first state")
                target, undoes = _canonical(marks, parent), head
            else:
                stack = _redo_stack(marks)
                if not stack:
                    raise NothingToRedo("nothing to redo: no undone change waits to be restored")
                target = stack[-1]
            state, step = connection.execute(
                sa.select(history.c.state, history.c.step).where(
                    history.c.game_id == game_id, history.c.seq == target
                )
            ).one()
            seq = row.head_seq
            connection.execute(
                history.insert().values(
                    game_id=game_id,
                    seq=seq,
                    action=action,
                    detail=None,
                    report=None,
                    actor=actor,
                    at=row.updated,
                    step=step,
                    parent_seq=None,
                    returns_to=target,
                    undoes=undoes,
                    state=state,
                )
            )
            self._notify(connection, game_id)
            info = self._info(connection, game_id)
        game = self._cached(
            (game_id, info.created, target),
            lambda: self._game_from(row.kind, row.board, state, f"db:{game_id}"),
        )
        self._remember((game_id, info.created, seq), game)
        return Snapshot(info, game, seq)

    # ------------------------------------------------------------------ the rest of a game
    def rename(self, game_id: int, name: str) -> GameInfo:
        """Give the game another name (not a state change: no version is checked)."""
        cleaned = _clean_name(name)
        if not cleaned:
            raise StoreError("a game's name cannot be empty")
        with self._write() as connection:
            self._bump_aux(connection, game_id, name=cleaned)
            self._notify(connection, game_id)
            return self._info(connection, game_id)

    def _bump_aux(self, connection: Connection, game_id: int, **values: Any) -> None:
        result = connection.execute(
            games.update()
            .where(games.c.id == game_id)
            .values(aux_version=games.c.aux_version + 1, **values)
        )
        if result.rowcount != 1:
            raise GameNotFound(game_id)

    def save_draft(
        self,
        game_id: int,
        round: int,
        seat: str,
        text: str,
        actor: str = "table",
        expected_rev: int | None = None,
    ) -> int:
        """Keep the sheet typed by ``seat`` for ``round``; returns its revision (1, 2, ...).

        With ``expected_rev``, a sheet changed meanwhile elsewhere is not overwritten
        (:class:`StaleGameError` carrying the sheet's revision).
        """
        now = _now()
        with self._write() as connection:
            self._bump_aux(connection, game_id)  # also serialises writers on this game
            key = (drafts.c.game_id == game_id, drafts.c.round == round, drafts.c.seat == seat)
            rev = connection.execute(sa.select(drafts.c.rev).where(*key)).scalar_one_or_none()
            if expected_rev is not None and (rev or 0) != expected_rev:
                raise StaleGameError(game_id, expected_rev, rev or 0)
            new_rev = (rev or 0) + 1
            values = {"text": text, "actor": actor, "updated": now, "rev": new_rev}
            if rev is None:
                connection.execute(
                    drafts.insert().values(game_id=game_id, round=round, seat=seat, **values)
                )
            else:
                connection.execute(drafts.update().where(*key).values(**values))
            self._notify(connection, game_id)
        return new_rev

    def drafts(self, game_id: int, round: int) -> dict[str, Draft]:
        """The sheets typed for ``round``, by seat."""
        with self._read() as connection:
            rows = connection.execute(
                sa.select(drafts).where(drafts.c.game_id == game_id, drafts.c.round == round)
            ).all()
        return {
            row.seat: Draft(row.seat, row.text, row.actor, _aware(row.updated), row.rev)
            for row in rows
        }

    def save_timer(self, game_id: int, state: Mapping[str, Any]) -> int:
        """Keep the timer's state (e.g. duration, remaining, running); returns its revision."""
        now = _now()
        text = _dumps(dict(state))
        with self._write() as connection:
            self._bump_aux(connection, game_id)
            rev = connection.execute(
                sa.select(timers.c.rev).where(timers.c.game_id == game_id)
            ).scalar_one_or_none()
            if rev is None:
                connection.execute(
                    timers.insert().values(game_id=game_id, state=text, updated=now, rev=1)
                )
            else:
                connection.execute(
                    timers.update()
                    .where(timers.c.game_id == game_id)
                    .values(state=text, updated=now, rev=rev + 1)
                )
            self._notify(connection, game_id)
        return (rev or 0) + 1

    def timer(self, game_id: int) -> TimerState | None:
        """The timer as last kept, or ``None``."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(timers).where(timers.c.game_id == game_id)
            ).one_or_none()
        if row is None:
            return None
        return TimerState(json.loads(row.state), _aware(row.updated), row.rev)

    def set_secret(self, game_id: int, seat: str, payload: Any | None) -> None:
        """Keep (or, with ``None``, clear) the secret choice ``seat`` is entering (Massai)."""
        now = _now()
        text = None if payload is None else _dumps(payload)
        with self._write() as connection:
            self._bump_aux(connection, game_id)
            key = (secrets.c.game_id == game_id, secrets.c.seat == seat)
            found = connection.execute(sa.select(secrets.c.seat).where(*key)).first()
            if found is None:
                connection.execute(
                    secrets.insert().values(game_id=game_id, seat=seat, payload=text, updated=now)
                )
            else:
                connection.execute(secrets.update().where(*key).values(payload=text, updated=now))
            self._notify(connection, game_id)

    def secrets(self, game_id: int) -> dict[str, Any]:
        """The pending secret choices by seat (cleared ones left out)."""
        with self._read() as connection:
            rows = connection.execute(
                sa.select(secrets.c.seat, secrets.c.payload).where(
                    secrets.c.game_id == game_id, secrets.c.payload.is_not(None)
                )
            ).all()
        return {seat: json.loads(payload) for seat, payload in rows}

    def delete_game(self, game_id: int, confirm: bool = False) -> None:
        """Delete a game and all it holds: the one deletion there is; ``confirm=True`` needed."""
        if confirm is not True:
            raise StoreError(
                f"deleting game {game_id} cannot be undone: export it first "
                f"(tabletop games export {game_id} -o FILE), then confirm"
            )
        with self._write() as connection:
            self._info(connection, game_id)
            for table in (drafts, timers, secrets, history):
                connection.execute(table.delete().where(table.c.game_id == game_id))
            connection.execute(
                imported_files.update()
                .where(imported_files.c.game_id == game_id)
                .values(game_id=None)
            )
            connection.execute(games.delete().where(games.c.id == game_id))
            self._notify(connection, game_id)

    # ------------------------------------------------------------------ export / import
    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's newest state as its game file (``tabletop africa/massai`` read it);
        an Africa file carries its board's data."""
        with self._read() as connection:
            row = connection.execute(
                _info_query(with_state=True).where(games.c.id == game_id)
            ).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return kinds.file_doc(json.loads(row.state), row.board)

    def export_history(self, game_id: int) -> dict[str, Any]:
        """The whole game: its details and every history entry with its game-file JSON."""
        with self._read() as connection:
            info = self._info(connection, game_id)
            board = connection.execute(
                sa.select(games.c.board).where(games.c.id == game_id)
            ).scalar_one()
            rows = connection.execute(
                sa.select(history).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        return {
            "format": ARCHIVE_FORMAT,
            "version": ARCHIVE_VERSION,
            "kind": info.kind,
            "name": info.name,
            "players": info.players,
            "created": info.created.isoformat(),
            "board": None if board is None else json.loads(board),
            "entries": [_entry(row).to_json() for row in rows],
        }

    def duplicate(self, game_id: int, name: str | None = None) -> Snapshot:
        """A new game with a copy of this one's whole history."""
        archive = self.export_history(game_id)
        archive["name"] = name or f"{archive['name']} (copy)"
        return self.import_data(archive, source=f"game {game_id}")

    def import_bytes(
        self, data: bytes, name: str | None = None, source: str = "upload", actor: str = "table"
    ) -> Snapshot:
        """Import an uploaded file (game file or history archive) as a NEW game."""
        if len(data) > MAX_IMPORT_BYTES:
            raise GameDataError(f"{source}: too large for a game file (more than 32 MB)")
        try:
            parsed = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise GameDataError(f"{source}: not a text file (not UTF-8)") from None
        except json.JSONDecodeError as error:
            raise GameDataError(
                f"{source}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
            ) from None
        except RecursionError:
            raise GameDataError(f"{source}: not usable JSON: nested too deeply") from None
        return self.import_data(parsed, name=name, source=source, actor=actor)

    def import_data(
        self,
        data: Any,
        name: str | None = None,
        source: str = "upload",
        actor: str = "table",
        base_dir: Path | None = None,
        imported: tuple[str, str] | None = None,
    ) -> Snapshot:
        """Import parsed JSON: a game file of either game, or a history archive; a NEW game.

        ``base_dir`` (trusted files of the data folder only) lets an Africa file name its board
        file; anything else must carry its board's data.
        """
        if isinstance(data, Mapping) and data.get("format") == ARCHIVE_FORMAT:
            return self._import_archive(data, name, source)
        game = kinds.read_game_file(data, source, base_dir, allow_paths=base_dir is not None)
        steps = kinds.steps_of(game, "import")
        if steps:
            steps[0] = Step(steps[0].doc, "import", steps[0].step, source, None)
        return self._create(game, name, actor, steps, imported=imported)

    def _import_archive(self, data: Mapping[str, Any], name: str | None, source: str) -> Snapshot:
        if data.get("version") != ARCHIVE_VERSION:
            raise GameDataError(
                f"{source}: history archive version {data.get('version')!r} is not supported "
                f"(this program reads version {ARCHIVE_VERSION})"
            )
        kind = data.get("kind")
        if kind not in kinds.KIND_NAMES:
            raise GameDataError(f"{source}: unknown kind of game {kind!r}")
        board = data.get("board")
        board_json = (
            None if board is None else json.dumps(board, ensure_ascii=False, sort_keys=True)
        )
        raw = data.get("entries")
        if not isinstance(raw, list) or not raw:
            raise GameDataError(f'{source}: "entries" must be a non-empty list')
        entries: list[Entry] = []
        game: AnyGame | None = None
        for number, item in enumerate(raw, start=1):
            where = f"{source}: entries[{number - 1}]"
            if not isinstance(item, Mapping) or item.get("seq") != number:
                raise GameDataError(f"{where} must be an object with seq {number}")
            links = [item.get(k) for k in ("parent_seq", "returns_to", "undoes")]
            if any(
                v is not None and (not isinstance(v, int) or not 1 <= v < number) for v in links
            ):
                raise GameDataError(
                    f"{where}: parent_seq/returns_to/undoes must name earlier entries"
                )
            game = kinds.load_doc(str(kind), item.get("state"), board_json, where)
            try:
                at = datetime.fromisoformat(str(item.get("at")))
            except ValueError:
                at = _now()
            report = item.get("report")
            entries.append(
                Entry(
                    game_id=0,
                    seq=number,
                    action=str(item.get("action") or "import")[:20],
                    detail=None if item.get("detail") is None else str(item.get("detail")),
                    report=dict(report) if isinstance(report, Mapping) else None,
                    actor=str(item.get("actor") or "table"),
                    at=at,
                    step=kinds.step_of(game),
                    parent_seq=links[0],
                    returns_to=links[1],
                    undoes=links[2],
                    state=kinds.doc_of(game),
                )
            )
        assert game is not None
        shown = name or (str(data.get("name")) if data.get("name") else None)
        return self._create(game, shown, "table", [], entries=entries)

    def imported_hashes(self) -> set[str]:
        """SHA-256 of every file imported once (autosaves are never imported twice)."""
        with self._read() as connection:
            return set(connection.execute(sa.select(imported_files.c.sha256)).scalars())

    def import_autosaves(self, folder: str | Path | None = None) -> list[Any]:
        """Import once the game files of the data folder (see :mod:`tabletop.store.autosave`)."""
        from tabletop.store.autosave import import_autosaves

        return import_autosaves(self, folder)


# ---------------------------------------------------------------------- helpers


def _copy_game(game: AnyGame) -> AnyGame:
    """A copy a caller may change: states, boards and Massai records are immutable values."""
    if isinstance(game, Game):
        return Game(state=game.state, history=list(game.history), board=game.board)
    return game


def _db_message(where: str, error: DBAPIError) -> str:
    first = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
    return f"cannot use the database {where}: {first}"


def _clean_name(name: str | None) -> str:
    return " ".join((name or "").split())[:200]


def _info_query(with_state: bool = False) -> sa.Select[Any]:
    head = history.alias("head")
    columns: list[Any] = [
        games.c.id,
        games.c.name,
        games.c.kind,
        games.c.players,
        games.c.options,
        games.c.created,
        games.c.updated,
        games.c.version,
        games.c.aux_version,
        games.c.head_seq,
        head.c.step,
        head.c.action,
    ]
    if with_state:
        columns += [games.c.board, head.c.state]
    return sa.select(*columns).join(
        head, sa.and_(head.c.game_id == games.c.id, head.c.seq == games.c.head_seq)
    )


def _info(row: Row[Any]) -> GameInfo:
    return GameInfo(
        id=row.id,
        name=row.name,
        kind=row.kind,
        players=json.loads(row.players),
        created=_aware(row.created),
        updated=_aware(row.updated),
        version=row.version,
        aux_version=row.aux_version,
        head_seq=row.head_seq,
        step=row.step,
        last_action=row.action,
        options=json.loads(row.options),
    )


def _entry(row: Row[Any]) -> Entry:
    mapping = row._mapping
    state = mapping.get("state")
    report = mapping["report"]
    return Entry(
        game_id=mapping["game_id"],
        seq=mapping["seq"],
        action=mapping["action"],
        detail=mapping["detail"],
        report=None if report is None else json.loads(report),
        actor=mapping["actor"],
        at=_aware(mapping["at"]),
        step=mapping["step"],
        parent_seq=mapping["parent_seq"],
        returns_to=mapping["returns_to"],
        undoes=mapping["undoes"],
        state=None if state is None else json.loads(state),
    )


@dataclass(frozen=True)
class _Mark:
    action: str
    parent_seq: int | None
    returns_to: int | None
    undoes: int | None


def _marks(connection: Connection, game_id: int) -> dict[int, _Mark]:
    rows = connection.execute(
        sa.select(
            history.c.seq,
            history.c.action,
            history.c.parent_seq,
            history.c.returns_to,
            history.c.undoes,
        )
        .where(history.c.game_id == game_id)
        .order_by(history.c.seq)
    ).all()
    return {row[0]: _Mark(row[1], row[2], row[3], row[4]) for row in rows}


def _canonical(marks: Mapping[int, _Mark], seq: int) -> int:
    """The entry that made the state ``seq`` holds (undo/redo entries only return to one)."""
    while marks[seq].returns_to is not None:
        seq = marks[seq].returns_to  # type: ignore[assignment]
    return seq


def _redo_stack(marks: Mapping[int, _Mark]) -> list[int]:
    """The undone entries redo would restore, last on top; a new change empties it."""
    stack: list[int] = []
    for seq in sorted(marks):
        mark = marks[seq]
        if mark.action == "undo" and mark.undoes is not None:
            stack.append(mark.undoes)
        elif mark.action == "redo":
            if stack:
                stack.pop()
        else:
            stack.clear()
    return stack
