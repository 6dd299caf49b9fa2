"""A game's life: creating it, each new state as an appended entry (checked against the
version it was made on), undo and redo as entries of their own, renaming and deleting."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import SheetTooLongError
from tabletop.games.africa1880.report import Report as AfricaReport
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import NotationError, parse_action
from tabletop.games.massai.reports import Report as MassaiReport
from tabletop.store import kinds
from tabletop.store.errors import (
    GameDataError,
    GameNotFound,
    NothingToRedo,
    NothingToUndo,
    StaleGameError,
    StoreError,
)
from tabletop.store.kinds import AnyGame, Step
from tabletop.store.reading import GameReader
from tabletop.store.records import Entry, GameInfo, Snapshot, _clean_name, _dumps, _now
from tabletop.store.schema import drafts, games, history, imported_files, secrets, timers

#: Actions of history entries that do not make a new state but return to an earlier one.
RETURNING_ACTIONS = ("undo", "redo")


class GameHistory(GameReader):
    """Every change of a game's state: one transaction, one new history entry."""

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
