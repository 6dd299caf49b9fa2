"""The one object holding an Africa 1880 game in the dashboard.

Widgets observe the controller's traits and call its intents (``new_game``, ``load_file``,
``set_order``, ``set_sheet_text``, ``resolve``, ``undo``, ``redo``, ``view_round`` ...). It holds
the game and what the page shows and hands each job to a part it holds, giving each what it
needs (the game, the link to the database, callbacks), never itself: the typed sheets
(:class:`~tabletop.ui.africa1880.sheet_intents.DraftSheets`, the drafts; their copy in the
database is :class:`~tabletop.ui.africa1880.kept_sheets.KeptSheets`), which game is shown
(:class:`~tabletop.ui.africa1880.opening.GameOpener`), the
game's entry in the database
(:class:`~tabletop.ui.africa1880.game_link.GameLink`: every resolution, undo and redo is a new
history entry made on the version the page showed, and a page acting on a game another page
changed meanwhile is refused and shown the new state), the rounds shown
(:mod:`~tabletop.ui.africa1880.session`), the menus' choices
(:mod:`~tabletop.ui.africa1880.choices`) and the files uploaded
(:mod:`~tabletop.ui.africa1880.game_files`). Every rule is asked of the rules core.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

import traitlets

from tabletop.games.africa1880.adjudicate import score
from tabletop.games.africa1880.amend import Amendment
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import AfterOrders
from tabletop.games.africa1880.gamefile import Game, example_game, example_orders
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation, Relations
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import GameState
from tabletop.i18n.languages import Lang
from tabletop.store import Entry, GameChange, Snapshot, Store, StoreError, TimerState
from tabletop.store.boards import Boards
from tabletop.ui.africa1880 import game_files, session
from tabletop.ui.africa1880.announce import resolution_said
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.game_link import GameLink, Refused, Stale
from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.kept_sheets import KeptSheets
from tabletop.ui.africa1880.opening import GameOpener
from tabletop.ui.africa1880.session import RoundView
from tabletop.ui.africa1880.sheet_intents import DraftSheets
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.store_link import open_page_store, running_loop, store_text
from tabletop.ui.shell.traits import EnumTrait, MessageKind, page_lang

__all__ = [
    "AfricaController",
]


class AfricaController(traitlets.HasTraits):
    """Holds the game and what the page shows; widgets observe it. The sheets' intents are
    those of its :class:`~tabletop.ui.africa1880.sheet_intents.DraftSheets`."""

    lang = EnumTrait(Lang, default_value=Lang.EN)
    #: Bumped whenever the game itself changes (new game, file, resolution, undo, redo).
    revision = traitlets.Int(0)
    #: Bumped whenever a draft order sheet changes.
    drafts_revision = traitlets.Int(0)
    #: Bumped when something else kept with the game changed on another page (timer, name).
    aux_revision = traitlets.Int(0)
    #: -1 shows the current position (with the last round's changes); k shows history round k.
    view_index = traitlets.Int(-1)
    message = traitlets.Unicode("")
    message_kind = EnumTrait(MessageKind, default_value=MessageKind.OK)
    #: What the page's live region says next (a resolution, an undo, another page's change).
    announcement = traitlets.Unicode("")
    #: Bumped by every :meth:`announce`, so that the same words are said again.
    announced = traitlets.Int(0)

    def __init__(
        self,
        game: Game | None = None,
        autosave_path: str | os.PathLike[str] | None = None,
        lang: str = "en",
        board_dir: str | os.PathLike[str] | None = None,
        *,
        store: Store | None = None,
        game_id: int | None = None,
        actor: str = "table",
        name: str | None = None,
    ) -> None:
        """``game`` (default: the bundled example) is kept as a NEW game of ``store`` (default:
        the database of :func:`tabletop.store.open_store`); ``game_id`` opens a game kept there.

        ``autosave_path`` and ``board_dir`` are accepted for the callers of the former
        file-based page and not used: the game, its board and its sheets live in the database.
        """
        super().__init__()
        del autosave_path, board_dir
        self.actor = actor
        self.loop = running_loop()
        # Board photos read from the database, by SHA-256 (a photo is never changed).
        self._photos: dict[str, bytes] = {}
        self.store_error: str | None = None
        if store is None:
            store, self.store_error, _ = open_page_store()
        self.link = GameLink(store, actor, self._on_store_change, self.loop)
        self.opener = GameOpener(
            self.link,
            show=self.display_game,
            say=self.say,
            lang=lambda: self.lang,
            flush_sheets=self.flush_drafts,
            sync_sheets=self.sync_drafts,
            kept_changed=self._kept_changed,
        )
        self.kept = KeptSheets(self.link, self.flush_drafts)
        snap: Snapshot | None = None
        if store is not None and game_id is not None:
            snap = store.load(game_id)
            game = snap.game  # type: ignore[assignment]
        self.game: Game = game if game is not None else example_game()
        self.board: Board = self.game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.last_report: Report | None = None
        # Without a database: the year corrected last and the game before it, for Undo.
        self._before_amendment: tuple[int, Game] | None = None
        example = (
            session.split_sheets(example_orders(), self.powers)
            if game is None and snap is None
            else None
        )
        # Built in the trait's first language, then switched like any later change of language.
        self.draft_sheets = DraftSheets(
            Drafts(self.board, self.state, self.lang, example),
            game=lambda: self.game,
            lang=lambda: self.lang,
            changed=self._drafts_changed,
            keeper=self.kept,
            say_refused=self.say_refused,
        )
        self.lang = page_lang(lang)
        if self.store_error is not None:
            self.say(store_text("no_database", self.lang, error=self.store_error), "error")
        if snap is None and store is not None:
            if name is None and game is None:
                name = store_text("example_name", self.lang)
            snap = self.opener.keep_new(self.game, name)
        if snap is not None:
            self.opener.open_snapshot(snap)
            if example is not None:
                self._ready_sheets(example)

    def _ready_sheets(self, texts: Mapping[str, str]) -> None:
        """The drafts become ``texts``, kept at once (the example's sheets)."""
        self.reset_drafts(texts)
        self.kept.touch()
        self.flush_drafts()

    def _drafts_changed(self) -> None:
        self.drafts_revision += 1

    def _kept_changed(self) -> None:
        self.aux_revision += 1

    def _on_store_change(self, change: GameChange) -> None:
        shown = self.game
        self.opener.on_store_change(change)
        if self.game is not shown:  # the game another page changed is shown now
            self.announce(self._elsewhere_said(shown))

    def _elsewhere_said(self, shown: Game) -> str:
        """The page's message, and the round another page resolved or took back since
        ``shown``."""
        grew = len(self.game.history) - len(shown.history)
        if grew == 1 and self.last_report is not None:
            return f"{self.message} {resolution_said(self.last_report, self.lang)}"
        if grew == -1:
            return f"{self.message} {t('undone', self.lang, year=shown.history[-1].state.year)}"
        return self.message

    def announce(self, text: str) -> None:
        """Have the page's live region say ``text`` (again, when it was said last)."""
        with self.hold_trait_notifications():
            self.announcement = text
            self.announced += 1

    def _stale(self) -> None:
        """Another page changed the game first: its state shown, and said."""
        self.opener.stale()
        self.announce(self.message)

    # ----------------------------------------------------------------- the database
    @property
    def store(self) -> Store | None:
        """The games database (None when the page has none)."""
        return self.link.store

    def board_photo(self) -> tuple[str, bytes] | None:
        """The photo the board's drawing names, as (SHA-256, bytes), when the database keeps
        it; None for a board naming none or one the database lacks (a game file from elsewhere).
        """
        drawing = self.board.drawing
        sha256 = drawing.get("photo") if drawing is not None else None
        store = self.store
        if not isinstance(sha256, str) or store is None:
            return None
        if sha256 not in self._photos:
            try:
                found = Boards(store).photo_by_hash(sha256)
            except StoreError:
                return None  # the map is drawn without it; asked again on the next refresh
            if found is None:
                return None
            self._photos[sha256] = found
        return sha256, self._photos[sha256]

    @property
    def game_id(self) -> int | None:
        """The game's id in the database."""
        return self.link.game_id

    def say(self, text: str, kind: MessageKind | str = MessageKind.OK) -> None:
        """Show a message in the page (kind: ok, warn, error)."""
        self.message_kind = kind
        self.message = text

    def say_refused(self, refusal: Refused) -> None:
        self.say(refusal.text(self.lang), refusal.kind)

    # ----------------------------------------------------------------- rounds
    def resolve(self) -> Report | None:
        """Intent: resolve the round with the drafts, as a new entry of the game's history
        made on the version shown; returns the report (None when refused)."""
        if self.state.game_over:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        year = self.state.year
        if self.link.linked:
            self.flush_drafts()
        try:
            self.game, report = self.link.resolve(self.game, self.draft_sheets.combined_text())
        except Stale:
            self._stale()
            return None
        except Refused as refusal:
            self.say_refused(refusal)
            return None
        self.board = self.game.board  # type: ignore[assignment]
        self._before_amendment = None  # Undo now takes back this round
        self._after_change(report, None)
        self.say(t("resolved", self.lang, year=year), "ok")
        self.announce(resolution_said(report, self.lang))
        return report

    def undo(self) -> bool:
        """Intent: take back the last resolution (a new entry returning to the state before
        it; redo restores it); the drafts get back the sheets it used. When the last change was
        a correction of an earlier round, it is the correction that is taken back."""
        if not self.game.history:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        entry = self.game.history[-1]
        before = len(self.game.history)
        if self.link.linked:
            self.flush_drafts()
        last = self.link.last_change() if self.link.linked else None
        amended = self._amended_year(last)
        if not self.link.linked and self._before_amendment is not None:
            amended, unamended = self._before_amendment
            self._before_amendment = None
            self.game = unamended
        elif not self._change(self.link.undo):
            return False
        self.last_report = session.replay(self.game, self.board, len(self.game.history) - 1)
        typed = None
        if amended is None and len(self.game.history) == before - 1:
            typed = session.split_sheets(entry.sheets_text, self.powers)
        self._after_change(self.last_report, typed)
        if typed is not None:
            self.kept.touch()
            self.flush_drafts()
        if amended is not None:
            self.say(gm_text("amend_undone", self.lang, year=amended), "ok")
        else:
            self.say(t("undone", self.lang, year=entry.state.year), "ok")
        self.announce(self.message)
        return True

    def undo_corrects(self) -> int | None:
        """The year whose correction Undo would take back (None: Undo takes back a round)."""
        if not self.link.linked:
            return None if self._before_amendment is None else self._before_amendment[0]
        return self._amended_year(self.link.last_change())

    @staticmethod
    def _amended_year(last: Entry | None) -> int | None:
        """The year corrected by ``last`` when it is a correction (``amend``), else None."""
        if last is None or last.action != "amend":
            return None
        report = last.report or {}
        year = report.get("amended_round")
        return int(year) if isinstance(year, int) else 0

    def accept_amendment(self, amendment: Amendment) -> bool:
        """Intent: keep ``amendment`` (a corrected round and the later rounds replayed) as a new
        entry of the game's history, made on the version it was computed from; False (and why)
        when the game changed since or the database refused."""
        if amendment.before is not self.game:
            self.say(gm_text("amend_changed_since", self.lang), "warn")
            return False
        if self.link.linked:
            self.flush_drafts()
        summary = amendment.to_dict()
        summary.pop("state")
        sheets = amendment.game.history[amendment.index].sheets_text
        before = self.game
        if not self._change(lambda game: self.link.amend(game, amendment.game, sheets, summary)):
            return False
        if not self.link.linked:
            self._before_amendment = (amendment.year, before)
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)
        self.say(gm_text("amend_accepted", self.lang, year=amendment.year), "ok")
        return True

    def can_redo(self) -> bool:
        """Whether an undone round waits to be restored."""
        return self.link.can_redo()

    def redo(self) -> bool:
        """Intent: restore the round the last undo took back (a new entry)."""
        if self.link.linked:
            self.flush_drafts()
        if not self._change(lambda _game: self.link.redo()):
            return False
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)
        year = self.game.history[-1].state.year if self.game.history else self.state.year
        self.say(store_text("redone", self.lang, year=year), "ok")
        self.announce(self.message)
        return True

    def _change(self, change: Any) -> bool:
        """Apply ``change`` (game → game) through the link; False (and why) when refused."""
        try:
            self.game = change(self.game)
        except Stale:
            self._stale()
            return False
        except Refused as refusal:
            self.say_refused(refusal)
            return False
        self.board = self.game.board  # type: ignore[assignment]
        return True

    def _after_change(self, report: Report | None, typed: Mapping[str, str] | None) -> None:
        """A new position: its report, the current round shown, its sheets (the ones kept for
        it in the database, else ``typed``), and the pages redrawn."""
        self.last_report = report
        self.view_index = -1
        self.load_drafts(typed)
        self.revision += 1

    def sheets_text(self) -> str:
        """Every draft sheet under its header: the typed text Resolve would read."""
        return self.draft_sheets.combined_text()

    def history_years(self) -> list[int]:
        """Years of the resolved rounds, oldest first."""
        return [entry.state.year for entry in self.game.history]

    def view_round(self, index: int | None) -> None:
        """Intent: show history round ``index`` (None or -1: the current position)."""
        if index is None or index < 0:
            self.view_index = -1
            return
        if index >= len(self.game.history):
            raise ValueError(f"no resolved round {index}")
        self.view_index = index

    def round_view(self) -> RoundView:
        """The state, report and highlights for the round being viewed."""
        index = self.view_index
        if 0 <= index < len(self.game.history):
            return session.past_round(self.game, self.board, index)
        if self.last_report is None and self.game.history:
            last = len(self.game.history) - 1
            self.last_report = session.replay(self.game, self.board, last)
        return session.current_round(self.game, self.last_report)

    def scores(self) -> Score:
        """The score of the current position (the game's scoring option)."""
        return score(self.state)

    # ----------------------------------------------------------------- the game shown
    def display_game(self, game: Game) -> None:
        """The page shows ``game`` (its board drawn again) at its last round."""
        self.game = game
        self.board = game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)

    def open_game(self, game_id: int) -> bool:
        """Intent: show game ``game_id`` of the database."""
        return self.opener.open_game(game_id)

    def reload(self) -> None:
        """Show the game as the database has it now (after another page's change)."""
        self.opener.reload()

    def new_game(
        self,
        powers: Iterable[str],
        start: str = "historical",
        placements: Mapping[str, str] | None = None,
        board: Board | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> bool:
        """Intent: start a new game (a new entry of the games list; the game shown is kept);
        on any problem the message lists them and nothing changes."""
        return self.opener.new_game(powers, start, placements, board, options)

    def read_board(self, data: bytes, name: str = "board.json") -> Board | None:
        """Read an uploaded board file; on a problem, say every problem and return None."""
        return self.opener.read_board(data, name)

    def load_example(self) -> None:
        """Intent: open the bundled example game in progress, as a new game, with its typed
        sheets ready."""
        name = store_text("example_name", self.lang)
        if self.opener.install(example_game(), t("example_loaded", self.lang), name):
            self._ready_sheets(session.split_sheets(example_orders(), self.powers))

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file (or whole history) as a NEW game; a bad file is
        refused with the reason and the game shown is kept."""
        return self.opener.load_file(data, name)

    def poll(self) -> None:
        """Look at the database now (the watcher does it twice a second in a page)."""
        self.link.poll()

    def close(self) -> None:
        """Stop watching and save what waits (the page is closed)."""
        self.flush_drafts()
        self.link.stop()

    # ----------------------------------------------------------------- the timer kept
    def timer_state(self) -> TimerState | None:
        """The timer as the database has it for this game."""
        return self.link.timer_state()

    def save_timer(self, state: Mapping[str, Any]) -> int | None:
        """Keep the timer's state with the game; its revision (None when not kept)."""
        try:
            return self.link.save_timer(state)
        except Refused as refusal:
            self.say_refused(refusal)
            return None

    # ----------------------------------------------------------------- the game file
    def game_bytes(self) -> bytes:
        """The current game as a game file (for the download link)."""
        return game_files.game_bytes(self.game)

    def file_name(self) -> str:
        """A name for the downloaded game file."""
        return game_files.file_name(self.state)

    # ----------------------------------------------------------------- language
    def set_lang(self, lang: str) -> None:
        """The page's language switch (a language the pages do not have changes nothing)."""
        if page_lang(lang) == lang:
            self.lang = page_lang(lang)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        self.draft_sheets.relang(change["old"], change["new"])

    # ----------------------------------------------------------------- the typed sheets
    @property
    def state(self) -> GameState:
        """The current position (the round to be played next)."""
        return self.game.state

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    @property
    def drafts(self) -> dict[str, str]:
        """Every power's draft sheet as typed text (without its header)."""
        return self.draft_sheets.texts

    def reset_drafts(self, texts: Mapping[str, str] | None = None) -> None:
        """Fresh drafts: empty sheets, or the bodies found in ``texts`` (after an undo)."""
        self.draft_sheets.reset(texts)

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self.draft_sheets.sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return self.draft_sheets.sheets()

    def set_sheet_text(self, power: str, text: str) -> None:
        """Intent: the person typed ``text`` in ``power``'s box (the widgets follow)."""
        self.draft_sheets.set_sheet_text(power, text)

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``."""
        return self.draft_sheets.order_of(power, territory)

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        """Intent: the order for ``power``'s presence in ``territory`` (kind "" removes it)."""
        self.draft_sheets.set_order(power, territory, kind, target)

    def set_landing(self, power: str, target: str | None) -> None:
        """Intent: ``power`` lands on ``target`` (None or "" for no landing)."""
        self.draft_sheets.set_landing(power, target)

    def relation(self, declarer: str, toward: str) -> Relation:
        """ "war" or "alliance" as written on ``declarer``'s sheet toward ``toward``."""
        return self.draft_sheets.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: Relation | str) -> None:
        """Intent: ``declarer`` declares ``relation`` ("war"/"alliance") toward ``toward``."""
        self.draft_sheets.set_relation(declarer, toward, relation)

    def presences_of(self, power: str) -> list[str]:
        """``power``'s presences, in alphabetical order."""
        return self.draft_sheets.presences_of(power)

    def explore_targets(self, territory: str) -> list[str]:
        """Exploration targets from ``territory``: its neighbours that are not colonies."""
        return self.draft_sheets.explore_targets(territory)

    def landing_targets(self) -> list[str]:
        """Coastal territories empty of any presence at the start of the round."""
        return self.draft_sheets.landing_targets()

    def checks(self) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        return self.draft_sheets.checks()

    def checks_for(self, power: str) -> list[Check]:
        """The live checks of one power's sheet."""
        return self.draft_sheets.checks_for(power)

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        return self.draft_sheets.after_orders()

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return self.draft_sheets.declared_relations()

    # ----------------------------------------------------------------- typed sheets kept
    def flush_drafts(self) -> None:
        """Write the sheets changed since the last write (one entry per changed sheet)."""
        self.draft_sheets.flush()

    def load_drafts(self, typed: Mapping[str, str] | None) -> None:
        """The sheets of the position shown: the ones kept for it, else ``typed``."""
        self.reset_drafts(self.kept.load(self.state.round, self.powers, typed))

    def sync_drafts(self) -> None:
        """Sheets another page typed for this round (a sheet being typed here is kept)."""
        news = self.kept.news(self.state.round, self.powers, self.drafts)
        for power, text in news.items():
            self.draft_sheets.drafts.set_text(power, text)
        if news:
            self.drafts_revision += 1

    def restore_drafts(self) -> bool:
        """Intent: take back the sheets kept in the database for the position shown."""
        if not self.kept.stored(self.state.round, self.powers):
            return False
        self.load_drafts(None)
        return True
