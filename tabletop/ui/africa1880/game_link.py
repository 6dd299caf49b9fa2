"""The game's entry in the games database, as one page sees it.

Every resolution, undo and redo is a new history entry made on the version the page showed: a
page acting on a game another page changed meanwhile gets :class:`Stale` (and shows the new
state). Without a database the game changes in memory. Problems come back as :class:`Refused`
with a message to show; the link never says anything itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.games.africa1880.execution import GameOverError
from tabletop.games.africa1880.gamefile import Game, NothingToUndo
from tabletop.games.africa1880.report import Report
from tabletop.store import (
    Entry,
    GameArchive,
    GameChange,
    NothingToRedo,
    Snapshot,
    StaleGameError,
    Store,
    StoreError,
    TimerState,
    Versions,
)
from tabletop.store import NothingToUndo as StoreNothingToUndo
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.store_link import PageWatcher, store_text

__all__ = ["SETTLE_SECONDS", "GameLink", "Refused", "Stale", "not_saved"]

#: A Resolve, Undo, Redo or correction that reaches the kernel this soon after the page was
#: shown another page's change was clicked on the state before it (nobody reads a new round
#: that fast): it is refused as stale, so a click in flight never acts on a round its player
#: has not seen.
SETTLE_SECONDS = 1.5


class Refused(Exception):
    """A change not made: ``text(lang)`` says why, ``kind`` is the message's kind."""

    def __init__(self, text: Callable[[str], str], kind: str = "error") -> None:
        super().__init__(kind)
        self.text = text
        self.kind = kind


class Stale(Exception):
    """Another page changed the game first: nothing was applied."""


def not_saved(error: StoreError, kind: str = "error") -> Refused:
    return Refused(lambda lang: store_text("not_saved", lang, error=str(error)), kind)


def _nothing_to_undo() -> Refused:
    return Refused(lambda lang: t("nothing_to_undo", lang), "warn")


def _game_over() -> Refused:
    return Refused(lambda lang: t("resolve_refused", lang), "warn")


class GameLink:
    """Where the game shown is kept: its id, the version shown, and the watch on it."""

    def __init__(
        self,
        store: Store | None,
        actor: str,
        on_change: Callable[[GameChange], None],
        loop: Any,
    ) -> None:
        self.store = store
        self.actor = actor
        self.loop = loop
        self.game_id: int | None = None
        self.version: Versions | None = None
        self.gone = False  # set when the game was deleted on another page
        self.clock: Callable[[], float] = time.monotonic
        self.shown_from_elsewhere: float | None = None  # when another page's change was shown
        self.watcher = PageWatcher(store, on_change, loop) if store else None

    @property
    def linked(self) -> bool:
        """Whether the game shown is kept in the database (and changes go through it)."""
        return self.store is not None and self.game_id is not None and self.version is not None

    # ----------------------------------------------------------------- games
    def keep_new(self, game: Game, name: str | None) -> Snapshot:
        """Keep ``game`` as a NEW game of the database (never over another)."""
        assert self.store is not None
        try:
            return self.store.create_game(game, name=name, actor=self.actor)
        except StoreError as error:
            raise not_saved(error) from error

    def load(self, game_id: int) -> Snapshot:
        """Game ``game_id`` as the database has it."""
        assert self.store is not None
        try:
            return self.store.load(game_id)
        except StoreError as error:
            raise not_saved(error) from error

    def import_bytes(self, data: bytes, name: str, source: str) -> Snapshot:
        """An uploaded file kept as a NEW game (refused with the reason)."""
        assert self.store is not None
        try:
            return GameArchive(self.store).import_bytes(
                data, name=name, source=source, actor=self.actor
            )
        except StoreError as error:
            problem = str(error)
            raise Refused(lambda lang: t("file_refused", lang, error=problem)) from error

    def take(self, snap: Snapshot) -> Game:
        """The page now shows ``snap`` (its own change: not another page's)."""
        game = snap.game
        assert isinstance(game, Game)
        self.version = Versions(snap.version, snap.info.aux_version)
        if self.watcher is not None:
            self.watcher.known(self.version)
        return game

    def open(self, snap: Snapshot) -> Game:
        """Show the game of ``snap`` and watch it for other pages' changes."""
        self.game_id = snap.game_id
        self.gone = False
        game = self.take(snap)
        if self.watcher is not None and self.version is not None:
            self.watcher.watch(snap.game_id, self.version, start=self.loop is not None)
        return game

    def showing_change_from_elsewhere(self) -> None:
        """The page now shows a change another page made (clicks in flight become stale)."""
        self.shown_from_elsewhere = self.clock()

    def _settled(self) -> None:
        """Raise :class:`Stale` for a click that may have been made before the page showed
        another page's change (see :data:`SETTLE_SECONDS`)."""
        shown = self.shown_from_elsewhere
        if shown is not None and self.clock() - shown < SETTLE_SECONDS:
            raise Stale

    def stop(self) -> None:
        """Stop watching."""
        if self.watcher is not None:
            self.watcher.stop()

    def poll(self) -> None:
        """Look at the database now (the watcher does it twice a second in a page)."""
        if self.watcher is not None:
            self.watcher.poll()

    def catch_up(self) -> None:
        """Look at the database now for a page nobody has seen yet (built before its visitor
        came): what changed is shown, and no click can have been made on the older state."""
        self.poll()
        self.shown_from_elsewhere = None

    # ----------------------------------------------------------------- rounds
    def resolve(self, game: Game, sheets: str) -> tuple[Game, Report]:
        """The round resolved with ``sheets``: the game after it and the report."""
        if not self.linked:
            try:
                return game, game.apply(game.read_sheets(sheets), sheets)
            except GameOverError as error:
                raise _game_over() from error
        assert self.store is not None and self.game_id is not None and self.version
        self._settled()
        try:
            snap, report = self.store.resolve_round(
                self.game_id, sheets, expected_version=self.version.version, actor=self.actor
            )
        except StaleGameError as error:
            raise Stale from error
        except GameOverError as error:
            raise _game_over() from error
        except StoreError as error:
            raise not_saved(error) from error
        return self.take(snap), report

    def undo(self, game: Game) -> Game:
        """The game with its last resolution taken back (a new entry in the database)."""
        if not self.linked:
            try:
                game.undo()
            except NothingToUndo as error:
                raise _nothing_to_undo() from error
            return game
        assert self.store is not None and self.game_id is not None and self.version
        self._settled()
        try:
            snap = self.store.undo(self.game_id, self.version.version, actor=self.actor)
        except StaleGameError as error:
            raise Stale from error
        except StoreNothingToUndo as error:
            raise _nothing_to_undo() from error
        except StoreError as error:
            raise not_saved(error) from error
        return self.take(snap)

    def redo(self) -> Game:
        """The game with the round the last undo took back restored (a new entry)."""
        nothing = Refused(lambda lang: store_text("nothing_to_redo", lang), "warn")
        if not self.linked:
            raise nothing
        assert self.store is not None and self.game_id is not None and self.version
        self._settled()
        try:
            snap = self.store.redo(self.game_id, self.version.version, actor=self.actor)
        except StaleGameError as error:
            raise Stale from error
        except NothingToRedo as error:
            raise nothing from error
        except StoreError as error:
            raise not_saved(error) from error
        return self.take(snap)

    def amend(self, game: Game, amended: Game, sheets: str, summary: Mapping[str, Any]) -> Game:
        """``amended`` (a round of ``game`` corrected, the later ones replayed) as a new entry
        with the action ``amend``; every earlier entry stays, so undo returns to ``game``.
        Without a database the page keeps ``amended`` in memory."""
        if not self.linked:
            return amended
        assert self.store is not None and self.game_id is not None and self.version
        self._settled()
        try:
            snap = self.store.append(
                self.game_id,
                amended,
                self.version.version,
                "amend",
                self.actor,
                detail=sheets,
                report=dict(summary),
            )
        except StaleGameError as error:
            raise Stale from error
        except StoreError as error:
            raise not_saved(error) from error
        return self.take(snap)

    def last_change(self) -> Entry | None:
        """The history entry that made the state shown (through an undo or a redo: the entry
        returned to); None without a database or when it cannot be read."""
        if not self.linked:
            return None
        assert self.store is not None and self.game_id is not None
        try:
            entry = self.store.history(self.game_id)[-1]
            if entry.returns_to is not None:
                entry = self.store.entry(self.game_id, entry.returns_to)
        except (StoreError, IndexError):
            return None
        return entry

    def can_redo(self) -> bool:
        """Whether an undone round waits to be restored."""
        if self.store is None or self.game_id is None or self.gone:
            return False
        try:
            return self.store.can_undo_redo(self.game_id)[1]
        except StoreError:
            return False

    # ----------------------------------------------------------------- the timer kept
    def timer_state(self) -> TimerState | None:
        """The timer as the database has it for this game."""
        if self.store is None or self.game_id is None:
            return None
        try:
            return self.store.timer(self.game_id)
        except StoreError:
            return None

    def save_timer(self, state: Mapping[str, Any]) -> int | None:
        """Keep the timer's state with the game; its revision (None when there is no game)."""
        if self.store is None or self.game_id is None or self.gone:
            return None
        try:
            return self.store.save_timer(self.game_id, state)
        except StoreError as error:
            raise not_saved(error, "warn") from error
