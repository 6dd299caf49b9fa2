"""The game database: games, their append-only history, typed sheets, timers and secrets.

Every change is one transaction. Changes to a game's state check the version they started from
(``UPDATE games SET version = v + 1 WHERE id = ? AND version = v``): when another page changed the
game first, nothing is written and :class:`StaleGameError` says so, with the new version.

A new state enters the history in one way only: :meth:`Change.append`, inside
:meth:`Store.change` (:meth:`Store.append` is the short form). What a page keeps beside the
state (a name, typed sheets, the timer, secrets) is changed inside :meth:`Store.aux_change`.
The typed sheets and the secret choices are players' hidden orders: they are kept encrypted
under the server secret, outside the database (:func:`~tabletop.store.server_secret.seal_at_rest`,
bound to the game, the round and the seat).
The store's collaborators build on these public methods: the archive
(:mod:`tabletop.store.archive`), tables and seats (:mod:`tabletop.store.seats`) and class games
(:mod:`tabletop.store.classroom`) each hold the store they work on.

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
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError, IntegrityError

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import SheetTooLongError
from tabletop.games.africa1880.report import Report as AfricaReport
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import NotationError, parse_action
from tabletop.games.massai.reports import Report as MassaiReport
from tabletop.store import kinds
from tabletop.store.cache import GameCache
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
from tabletop.store.history import (
    RETURNING_ACTIONS,
    read_marks,
    redo_stack,
    undo_target,
)
from tabletop.store.kinds import AnyGame, Step
from tabletop.store.records import (
    Draft,
    Entry,
    GameInfo,
    Snapshot,
    TimerState,
    Versions,
    aware,
    clean_name,
    dump_json,
    entry_from,
    info_from,
    info_query,
    utc_now,
)
from tabletop.store.schema import (
    check_and_upgrade,
    drafts,
    games,
    history,
    imported_files,
    secrets,
    timers,
)
from tabletop.store.server_secret import open_at_rest, seal_at_rest

__all__ = [
    "Change",
    "Store",
    "open_store",
]

#: PostgreSQL channel on which every change is announced (payload ``"game_id:version:aux"``).
NOTIFY_CHANNEL = "tabletop_games"
_S = TypeVar("_S", bound="Store")


class Change:
    """One change of a game's state, inside its transaction: the version it was made on has
    been checked and moved on. ``connection`` reads more in the same transaction; one call of
    :meth:`append` keeps the new state; :attr:`snapshot` is the game after the commit."""

    def __init__(self, connection: Connection, game_id: int, head: Any) -> None:
        self.connection = connection
        self.game_id = game_id
        self.kind: str = head.kind
        self.seq: int = head.head_seq
        self.at: datetime = head.updated
        self.game: AnyGame | None = None
        self.snapshot: Snapshot | None = None

    def append(
        self,
        game: AnyGame,
        action: str,
        actor: str = "table",
        detail: str | None = None,
        report: Mapping[str, Any] | None = None,
    ) -> None:
        """Keep ``game`` as the game's new state, reached by ``action``: the one way a new
        state enters a history (undo and redo only return to an earlier one)."""
        if action in RETURNING_ACTIONS:
            raise StoreError("undo and redo go through Store.undo / Store.redo")
        if self.game is not None:
            raise StoreError(f"one change of game {self.game_id} keeps one new state")
        state_text = dump_json(kinds.doc_of(game))
        report_text = None if report is None else dump_json(dict(report))
        if self.kind != kinds.kind_of_game(game):
            raise GameDataError(
                f"game {self.game_id} is a {self.kind} game, not a {kinds.kind_of_game(game)} one"
            )
        _insert_entry(
            self.connection,
            game_id=self.game_id,
            seq=self.seq,
            action=action,
            detail=detail,
            report=report_text,
            actor=actor,
            at=self.at,
            step=kinds.step_of(game),
            parent_seq=self.seq - 1,
            returns_to=None,
            undoes=None,
            state=state_text,
        )
        self.game = game


class Store:
    """The database of games. Thread-safe (one engine, one connection per operation).

    One engine (checked and upgraded on opening), its transactions and a cache of game objects;
    reading games, changing their state (with undo and redo) and what pages keep beside it.
    """

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
            self._cache = GameCache()
            if self.backend == "sqlite":
                use_wal(self.engine)
        except DBAPIError as error:
            self.engine.dispose()
            raise DatabaseUnavailable(_db_message(self.where, error)) from None
        except BaseException:
            self.engine.dispose()
            raise

    # ------------------------------------------------------------------ transactions
    def close(self) -> None:
        """Close every connection (a SQLite file is then complete on its own, no -wal left)."""
        self.engine.dispose()

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction (SQLite: ``BEGIN IMMEDIATE``, so writers queue): committed
        when the block ends, rolled back on an exception; an unreachable database is
        :class:`DatabaseUnavailable`."""
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
    def reading(self) -> Iterator[Connection]:
        """One read transaction (one consistent view of the database)."""
        try:
            with self.engine.connect() as connection, connection.begin():
                yield connection
        except StoreError:
            raise
        except DBAPIError as error:
            raise DatabaseUnavailable(_db_message(self.where, error)) from None

    @contextmanager
    def aux_change(self, game_id: int, **values: Any) -> Iterator[Connection]:
        """A write transaction changing what a page shows beside the game's state.

        It starts by counting the change (``aux_version`` + 1, with ``values`` set on the game's
        row), which also takes the game's row so writers on this game queue; the other pages
        are told when the block ends. :class:`GameNotFound` when there is no such game.
        """
        with self.writing() as connection:
            result = connection.execute(
                games.update()
                .where(games.c.id == game_id)
                .values(aux_version=games.c.aux_version + 1, **values)
            )
            if result.rowcount != 1:
                raise GameNotFound(game_id)
            yield connection
            self._announce(connection, game_id)

    @contextmanager
    def change(self, game_id: int, expected_version: int) -> Iterator[Change]:
        """A write transaction making one new state of the game, on ``expected_version``.

        The version is checked and moved on first (:class:`StaleGameError`, nothing written,
        when the game is at another one); the block reads what it needs on
        ``change.connection`` and keeps the new state with ``change.append``. After the block
        ``change.snapshot`` is the game as kept.
        """
        with self.writing() as connection:
            change = Change(connection, game_id, self._bump(connection, game_id, expected_version))
            yield change
            if change.game is None:
                raise StoreError(f"a change of game {game_id} kept no new state")
            self._announce(connection, game_id)
            info = self._info_in(connection, game_id)
        self._cache.remember((game_id, info.created, change.seq), change.game)
        change.snapshot = Snapshot(info, change.game, change.seq)

    def _announce(self, connection: Connection, game_id: int) -> None:
        if self.backend != "postgresql":
            return  # SQLite pages poll PRAGMA data_version (see tabletop.store.watch)
        row = connection.execute(
            sa.select(games.c.version, games.c.aux_version).where(games.c.id == game_id)
        ).one_or_none()
        payload = f"{game_id}:{row[0]}:{row[1]}" if row else f"{game_id}:deleted:0"
        connection.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, payload)))

    def _info_in(self, connection: Connection, game_id: int) -> GameInfo:
        row = connection.execute(info_query().where(games.c.id == game_id)).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return info_from(row)

    def _bump(self, connection: Connection, game_id: int, expected_version: int) -> Any:
        """The version check: +1 when the game is at ``expected_version``, else stale."""
        now = utc_now()
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

    # ------------------------------------------------------------------ reading
    def list_games(self, kind: str | None = None) -> list[GameInfo]:
        """Every game, the most recently changed first (``kind`` keeps one kind only)."""
        query = info_query()
        if kind is not None:
            query = query.where(games.c.kind == kinds.check_kind(kind))
        query = query.order_by(games.c.updated.desc(), games.c.id.desc())
        with self.reading() as connection:
            return [info_from(row) for row in connection.execute(query)]

    def info(self, game_id: int) -> GameInfo:
        """One game's list entry; :class:`GameNotFound` when there is none."""
        with self.reading() as connection:
            return self._info_in(connection, game_id)

    def load(self, game_id: int) -> Snapshot:
        """The game at its newest state, with the version to name in the next change."""
        query = info_query(with_state=True).where(games.c.id == game_id)
        with self.reading() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        info = info_from(row)
        game = self._cache.get(
            (game_id, info.created, row.head_seq),
            lambda: _game_from(row.kind, row.board, row.state, f"db:{game_id}"),
        )
        return Snapshot(info, game, row.head_seq)

    def versions(self, game_id: int) -> Versions:
        """The game's two counters (cheap: one row by primary key)."""
        with self.reading() as connection:
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
        with self.reading() as connection:
            self._info_in(connection, game_id)
            rows = connection.execute(
                sa.select(*columns).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        return [entry_from(row) for row in rows]

    def entry(self, game_id: int, seq: int) -> Entry:
        """One history entry with its state."""
        with self.reading() as connection:
            row = connection.execute(
                sa.select(history).where(history.c.game_id == game_id, history.c.seq == seq)
            ).one_or_none()
        if row is None:
            raise StoreError(f"game {game_id} has no history entry {seq}")
        return entry_from(row)

    def game_at(self, game_id: int, seq: int) -> AnyGame:
        """The game object of an earlier entry (to look at an old state)."""
        info = self.info(game_id)
        found = self.entry(game_id, seq)
        assert found.state is not None
        with self.reading() as connection:
            board = connection.execute(
                sa.select(games.c.board).where(games.c.id == game_id)
            ).scalar_one()
        game: AnyGame = kinds.load_doc(info.kind, found.state, board, f"db:{game_id}#{seq}")
        return game

    # ------------------------------------------------------------------ new games
    def create_game(
        self,
        game: AnyGame,
        name: str | None = None,
        actor: str = "table",
        action: str = "new",
        *,
        steps: Sequence[Step] | None = None,
        entries: Sequence[Entry] | None = None,
        imported: tuple[str, str] | None = None,
    ) -> Snapshot:
        """Keep ``game`` as a NEW game (never over another); its own history becomes entries.

        The entries are ``game``'s own steps named ``action``, or the ``steps`` given, or, from
        a history archive, the ``entries`` as they were. ``imported`` (the SHA-256 and path of a
        file) remembers in the same transaction that this file was imported.
        """
        if entries is None and steps is None:
            steps = kinds.steps_of(game, action)
        kind = kinds.kind_of_game(game)
        now = utc_now()
        name = clean_name(name) or f"{kinds.kind_name(kind)}, {now:%Y-%m-%d %H:%M} UTC"
        if entries is not None:
            rows = [_entry_row(e) for e in entries]
        else:
            assert steps is not None
            rows = [_step_row(seq, s, actor, now) for seq, s in enumerate(steps, 1)]
        with self.writing() as connection:
            inserted = connection.execute(
                games.insert().values(
                    name=name,
                    kind=kind,
                    players=dump_json(kinds.players_of(game)),
                    options=dump_json(kinds.options_of(game)),
                    board=kinds.board_json_of(game),
                    created=now,
                    updated=now,
                    version=len(rows),
                    head_seq=len(rows),
                    aux_version=0,
                )
            ).inserted_primary_key
            assert inserted is not None
            game_id = inserted[0]
            connection.execute(history.insert(), [{**row, "game_id": game_id} for row in rows])
            if imported is not None:
                connection.execute(
                    imported_files.insert().values(
                        sha256=imported[0], path=imported[1], game_id=game_id, imported=now
                    )
                )
            self._announce(connection, game_id)
            info = self._info_in(connection, game_id)
        self._cache.remember((info.id, info.created, info.head_seq), game)
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
        The short form of :meth:`change` when nothing else is read on the way.
        """
        if action in RETURNING_ACTIONS:
            raise StoreError("undo and redo go through Store.undo / Store.redo")
        with self.change(game_id, expected_version) as change:
            change.append(game, action, actor, detail, report)
        assert change.snapshot is not None
        return change.snapshot

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
            report = game.apply(game.read_sheets(sheets), sheets)
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
        with self.reading() as connection:
            marks = read_marks(connection, game_id)
        if not marks:
            raise GameNotFound(game_id)
        return undo_target(marks) is not None, bool(redo_stack(marks))

    def _return(self, game_id: int, expected_version: int, actor: str, action: str) -> Snapshot:
        with self.writing() as connection:
            row = self._bump(connection, game_id, expected_version)
            marks = read_marks(connection, game_id)
            undoes: int | None = None
            if action == "undo":
                found = undo_target(marks)
                if found is None:
                    raise NothingToUndo("nothing to undo: this game is at its first state")
                target, undoes = found
            else:
                stack = redo_stack(marks)
                if not stack:
                    raise NothingToRedo("nothing to redo: no undone change waits to be restored")
                target = stack[-1]
            state, step = connection.execute(
                sa.select(history.c.state, history.c.step).where(
                    history.c.game_id == game_id, history.c.seq == target
                )
            ).one()
            seq = row.head_seq
            _insert_entry(
                connection,
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
            self._announce(connection, game_id)
            info = self._info_in(connection, game_id)
        game = self._cache.get(
            (game_id, info.created, target),
            lambda: _game_from(row.kind, row.board, state, f"db:{game_id}"),
        )
        self._cache.remember((game_id, info.created, seq), game)
        return Snapshot(info, game, seq)

    # ------------------------------------------------------------------ the rest of a game
    def rename(self, game_id: int, name: str) -> GameInfo:
        """Give the game another name (not a state change: no version is checked)."""
        cleaned = clean_name(name)
        if not cleaned:
            raise StoreError("a game's name cannot be empty")
        with self.aux_change(game_id, name=cleaned) as connection:
            return self._info_in(connection, game_id)

    def delete_game(self, game_id: int, confirm: bool = False) -> None:
        """Delete a game and all it holds: the one deletion there is; ``confirm=True`` needed."""
        if confirm is not True:
            raise StoreError(
                f"deleting game {game_id} cannot be undone: export it first "
                f"(tabletop games export {game_id} -o FILE), then confirm"
            )
        with self.writing() as connection:
            self._info_in(connection, game_id)
            for table in (drafts, timers, secrets, history):
                connection.execute(table.delete().where(table.c.game_id == game_id))
            connection.execute(
                imported_files.update()
                .where(imported_files.c.game_id == game_id)
                .values(game_id=None)
            )
            connection.execute(games.delete().where(games.c.id == game_id))
            self._announce(connection, game_id)

    # ------------------------------------------------------------------ beside the state
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
        now = utc_now()
        with self.aux_change(game_id) as connection:  # also serialises writers on this game
            key = (drafts.c.game_id == game_id, drafts.c.round == round, drafts.c.seat == seat)
            rev = connection.execute(sa.select(drafts.c.rev).where(*key)).scalar_one_or_none()
            if expected_rev is not None and (rev or 0) != expected_rev:
                raise StaleGameError(game_id, expected_rev, rev or 0)
            new_rev = (rev or 0) + 1
            kept = seal_at_rest(text, draft_context(game_id, round, seat))
            values = {"text": kept, "actor": actor, "updated": now, "rev": new_rev}
            if rev is None:
                connection.execute(
                    drafts.insert().values(game_id=game_id, round=round, seat=seat, **values)
                )
            else:
                connection.execute(drafts.update().where(*key).values(**values))
        return new_rev

    def drafts(self, game_id: int, round: int) -> dict[str, Draft]:
        """The sheets typed for ``round``, by seat (one that does not open under this server
        secret is left out)."""
        with self.reading() as connection:
            rows = connection.execute(
                sa.select(drafts).where(drafts.c.game_id == game_id, drafts.c.round == round)
            ).all()
        out = {}
        for row in rows:
            text = open_at_rest(row.text, draft_context(game_id, round, row.seat))
            if text is not None:
                out[row.seat] = Draft(row.seat, text, row.actor, aware(row.updated), row.rev)
        return out

    def save_timer(self, game_id: int, state: Mapping[str, Any]) -> int:
        """Keep the timer's state (e.g. duration, remaining, running); returns its revision."""
        now = utc_now()
        text = dump_json(dict(state))
        with self.aux_change(game_id) as connection:
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
        return (rev or 0) + 1

    def timer(self, game_id: int) -> TimerState | None:
        """The timer as last kept, or ``None``."""
        with self.reading() as connection:
            row = connection.execute(
                sa.select(timers).where(timers.c.game_id == game_id)
            ).one_or_none()
        if row is None:
            return None
        return TimerState(json.loads(row.state), aware(row.updated), row.rev)

    def set_secret(self, game_id: int, seat: str, payload: Any | None) -> None:
        """Keep (or, with ``None``, clear) the secret choice ``seat`` is entering (Massai)."""
        now = utc_now()
        context = secret_context(game_id, seat)
        text = None if payload is None else seal_at_rest(dump_json(payload), context)
        with self.aux_change(game_id) as connection:
            key = (secrets.c.game_id == game_id, secrets.c.seat == seat)
            found = connection.execute(sa.select(secrets.c.seat).where(*key)).first()
            if found is None:
                connection.execute(
                    secrets.insert().values(game_id=game_id, seat=seat, payload=text, updated=now)
                )
            else:
                connection.execute(secrets.update().where(*key).values(payload=text, updated=now))

    def secrets(self, game_id: int) -> dict[str, Any]:
        """The pending secret choices by seat (cleared ones left out, and the rows this method
        did not keep: the seats' drafts of a table, kept under their own credentials)."""
        with self.reading() as connection:
            rows = connection.execute(
                sa.select(secrets.c.seat, secrets.c.payload).where(
                    secrets.c.game_id == game_id, secrets.c.payload.is_not(None)
                )
            ).all()
        out = {}
        for seat, payload in rows:
            text = open_at_rest(payload, secret_context(game_id, seat))
            if text is not None:
                out[seat] = json.loads(text)
        return out


def draft_context(game_id: int, round: int, seat: str) -> str:
    """What a typed sheet kept by :meth:`Store.save_draft` is bound to (its row)."""
    return f"tabletop typed sheet|game {game_id}|round {round}|seat {seat}"


def secret_context(game_id: int, seat: str) -> str:
    """What a secret choice kept by :meth:`Store.set_secret` is bound to (its row)."""
    return f"tabletop secret choice|game {game_id}|seat {seat}"


def open_store(url: str | os.PathLike[str] | URL | None = None) -> Store:
    """Open (creating or upgrading when needed) the database named by ``url``.

    ``url``: a SQLite file path or ``sqlite:///PATH``, or ``postgresql+psycopg://...``; by
    default ``$TABLETOP_DATABASE_URL``, else ``tabletop.db`` in the data folder.
    """
    return Store(url)


def _insert_entry(connection: Connection, **values: Any) -> None:
    # Every history row is written here: a new state (Change.append) or a return (undo, redo).
    connection.execute(history.insert().values(**values))


def _step_row(seq: int, step: Step, actor: str, at: datetime) -> dict[str, Any]:
    return {
        "seq": seq,
        "action": step.action,
        "detail": step.detail,
        "report": None if step.report is None else dump_json(step.report),
        "actor": actor,
        "at": at,
        "step": step.step,
        "parent_seq": seq - 1 if seq > 1 else None,
        "returns_to": None,
        "undoes": None,
        "state": dump_json(step.doc),
    }


def _entry_row(entry: Entry) -> dict[str, Any]:
    row = {**entry.to_json(), "at": entry.at}
    row["report"] = None if row["report"] is None else dump_json(row["report"])
    row["state"] = dump_json(row["state"])
    return row


def _game_from(kind: str, board: str | None, state: str, source: str) -> AnyGame:
    game: AnyGame = kinds.load_doc(kind, json.loads(state), board, source)
    return game


def _db_message(where: str, error: DBAPIError) -> str:
    first = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
    return f"cannot use the database {where}: {first}"
