"""The Massai page's controller: the one object that holds the game and the secret-entry steps.

Widgets observe its traits and send it intents (``click``, ``confirm``, ``start_secret``,
``attack``, ``cancel``, ``continue_``, ``undo``, ``redo``, ``new_game``, ``import_file``); every
rule question is asked of the rules core.

The game lives in the games database (:mod:`tabletop.store`): every accepted action is a new
entry of its history (who played it, when), made on the version this page shows. When another
page changed the game first, the action is refused ("This game changed on another page"), not
applied, and the page shows the game as it is. Undo is a new entry returning to the earlier
state; redo restores the undone one. A :class:`~tabletop.store.GameWatcher` tells the page about
other pages' changes (:meth:`MassaiController.watch`), handed over to the kernel's event loop.

Stages of the page (``stage``)::

    setup-wait -> setup-entry -> (locked) setup-wait -> setup-entry -> reveal -> play
    play -> attack-wait -> attack-target -> guards-wait -> guards -> reveal -> play | over

In ``*-wait`` stages the page asks the other player to look away; secret choices are never drawn
outside their own entry stage. A first setup confirmed is an action of the game (the rules core
keeps it hidden until the second one). An attack target confirmed is kept with
:meth:`~tabletop.store.Store.set_secret` until the guards are chosen, so a reload finds it locked
in (still hidden); when it cannot be used any more, the page says why.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import traitlets

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.gamefile import GameFileError, GameRecord
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.rules import (
    Report,
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_setup_squares,
    player_name,
)
from tabletop.games.massai.state import SETUP_HUTS, Options, State
from tabletop.store import (
    ARCHIVE_FORMAT,
    GameChange,
    GameDataError,
    GameNotFound,
    GameWatcher,
    NothingToRedo,
    NothingToUndo,
    Snapshot,
    StaleGameError,
    Store,
    StoreError,
)
from tabletop.ui.massai.prompts import history_lines, is_store_text, stage_prompt, store_text
from tabletop.ui.massai.report_text import describe
from tabletop.ui.massai.texts import LANGS, player_label, t

STAGES = (
    "setup-wait",
    "setup-entry",
    "play",
    "attack-wait",
    "attack-target",
    "guards-wait",
    "guards",
    "reveal",
    "over",
)
SECRET_STAGES = ("setup-entry", "attack-target", "guards")
#: Stages of an entry under way (undo cancels them; no action is played in them).
ENTRY_STAGES = ("setup-entry", "attack-wait", "attack-target", "guards-wait", "guards")
#: What a kept secret says it is (the only kind the page keeps: an attack target).
SECRET_ATTACK = "attack-target"
#: The actor of changes that are not one player's action.
TABLE = "table"


def seat(player: int) -> str:
    """The seat name a player's actions and secrets are kept under (``Player 1``)."""
    return player_name(player)


def _detail(action: Action, report: Report) -> str:
    """What the history entry says was played; a first setup stays secret there too."""
    if isinstance(action, Setup) and not report.placed:
        return "setup (secret until both setups are chosen)"
    return format_action(action)


class MassaiController(traitlets.HasTraits):
    """Holds the game record, the page stage and the secret choice being entered.

    ``store``: the games database (``None``: the game is kept nowhere); ``game_id``: the game to
    open (``None`` with a store: a new game, as a new entry; with ``start=False``, none yet:
    :meth:`open`, :meth:`new_game` or :meth:`import_file` gives one).
    """

    record = traitlets.Instance(GameRecord)
    stage = traitlets.Unicode("setup-wait")
    lang = traitlets.Unicode("en")
    #: Squares clicked in the current entry (setup squares, attack target, guards, move origin).
    selection = traitlets.Tuple()
    #: The last report (shown, and highlighted on the board while ``stage == "reveal"``).
    last_report = traitlets.Instance(Report, allow_none=True)
    #: A short notice ``(text key, values)`` for the person at the table.
    notice = traitlets.Tuple()
    #: The game open in the database (``None``: none, or no database).
    game_id = traitlets.Int(allow_none=True, default_value=None)
    #: Its name in the games list.
    game_name = traitlets.Unicode("")
    #: Bumped on every change, so that views can redraw once per intent.
    revision = traitlets.Int(0)

    def __init__(
        self,
        store: Store | None = None,
        game_id: int | None = None,
        lang: str = "en",
        options: Options | None = None,
        start: bool = True,
    ) -> None:
        super().__init__(lang=lang if lang in LANGS else "en")
        self.store = store
        self._target: str | None = None
        self.version = 0
        self.aux_version = 0
        self.can_undo = False
        self.can_redo = False
        self.deleted = False
        self.watcher: GameWatcher | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sync_lock = threading.Lock()
        self.record = GameRecord.new(options)
        self.stage = self._resting_stage()
        if store is not None and game_id is not None:
            self.open(game_id)
        elif store is not None and start:
            self.new_game(options or Options())

    # --- derived views ---------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current position."""
        return self.record.state

    @property
    def chooser(self) -> int:
        """The player who acts or chooses now (the defender while guards are chosen)."""
        if self.stage in ("guards-wait", "guards"):
            return other(self.state.to_move)
        return self.state.to_move

    @property
    def kept(self) -> bool:
        """Whether the game is kept in the database."""
        return self.store is not None and self.game_id is not None and not self.deleted

    def where_kept(self) -> str:
        """One line on where the game is kept, in the page language."""
        if not self.kept:
            return store_text("db_not_kept", self.lang)
        assert self.store is not None
        return store_text("db_kept_in", self.lang, where=self.store.where, name=self.game_name)

    def selectable(self) -> frozenset[str]:
        """Squares to outline as choosable in the current stage (public information only)."""
        state = self.state
        if self.stage == "setup-entry":
            return legal_setup_squares(state, state.to_move) - set(self.selection)
        if self.stage == "attack-target":
            return attackable_huts(state)
        if self.stage == "guards":
            return attackable_huts(state)
        return frozenset()

    def attack_numbers(self) -> tuple[int, int]:
        """``(attack points, guards allowed)`` of an attack by the player to move now."""
        return attack_points(self.state), guards_allowed(self.state)

    def prompt(self) -> str:
        """The big instruction line for the current stage, in the page language."""
        return stage_prompt(self)

    def notice_text(self) -> str:
        """The current notice (or the last report) in the page language."""
        if self.notice:
            key, values = self.notice
            if key == "report":
                return describe(values, self.lang)
            also = values.get("also")  # a second notice said after the first
            values = {k: v for k, v in values.items() if k != "also"}
            if "what" in values and not isinstance(values["what"], str):
                values = {**values, "what": self.action_words(values["what"])}
            if is_store_text(key):
                text = store_text(key, self.lang, **values)
            else:
                text = t(key, self.lang, **values)
            if also:
                text += " " + store_text(also[0], self.lang, **also[1])
            return text
        return ""

    def history_lines(self) -> list[str]:
        """One line per action, a still secret setup shown without its squares."""
        return history_lines(self.record, self.state, self.lang)

    # --- intents ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Switch the page language (one of the page's languages)."""
        if lang in LANGS and lang != self.lang:
            self.lang = lang
            self._changed()

    def start_secret(self) -> None:
        """The chooser is at the screen and the other looks away: open the secret entry."""
        opens = {
            "setup-wait": "setup-entry",
            "attack-wait": "attack-target",
            "guards-wait": "guards",
        }
        if self.stage in opens:
            self.stage = opens[self.stage]
            self.selection = ()
            self.notice = ()
            self._changed()

    def click(self, square: str) -> None:
        """A square was clicked on the board."""
        state, stage = self.state, self.stage
        if not state.board.contains(square):
            return
        if stage in ("setup-wait", "attack-wait", "guards-wait"):
            self.notify("notice_start_first")
        elif stage == "reveal":
            self.notify("notice_press_continue")
        elif stage == "setup-entry":
            self._toggle_setup(square)
        elif stage == "play":
            self._click_play(square)
        elif stage == "attack-target":
            if square in attackable_huts(state):
                self.selection = (square,)
                self.notice = ()
                self._changed()
            else:
                self._refusal("target-not-attackable", square=square)
        elif stage == "guards":
            self._toggle_guard(square)

    def _toggle_setup(self, square: str) -> None:
        if square in self.selection:
            self.selection = tuple(s for s in self.selection if s != square)
            self.notice = ()
        elif square not in legal_setup_squares(self.state, self.state.to_move):
            rows = self.state.board.half_rows(self.state.to_move)
            self._refusal("not-own-half", squares=square, first_row=rows[0], last_row=rows[-1])
            return
        elif len(self.selection) >= SETUP_HUTS:
            self.notify("notice_setup_full")
            return
        else:
            self.selection = (*self.selection, square)
            self.notice = ()
        self._changed()

    def _toggle_guard(self, square: str) -> None:
        allowed = guards_allowed(self.state)
        if square in self.selection:
            self.selection = tuple(s for s in self.selection if s != square)
        elif square not in attackable_huts(self.state):
            self._refusal("guard-not-attackable", squares=square)
            return
        elif len(self.selection) >= allowed:
            points = attack_points(self.state)
            self._refusal(
                "too-many-guards", attack_points=points, allowed=allowed, count=allowed + 1
            )
            return
        else:
            self.selection = (*self.selection, square)
        self.notice = ()
        self._changed()

    def _click_play(self, square: str) -> None:
        state = self.state
        player = state.to_move
        if state.supply(player) > 0:
            self._play(Build(player, square))
            return
        # All huts out: the first click picks the hut, the second its new square.
        if not self.selection:
            if square in state.huts[player]:
                self.selection = (square,)
                self.notice = ()
                self._changed()
            else:
                self.notify("notice_not_own_hut", square=square)
            return
        origin = self.selection[0]
        if square == origin:
            self.selection = ()
            self._changed()
        elif square in state.huts[player]:
            self.selection = (square,)
            self._changed()
        else:
            self._play(Move(player, origin, square))

    def confirm(self) -> None:
        """Lock the secret choice being entered."""
        state = self.state
        if self.stage == "setup-entry":
            self._play(Setup(state.to_move, tuple(self.selection)))
        elif self.stage == "attack-target":
            if len(self.selection) != 1:
                self.notify("notice_choose_target")
                return
            if not self._fresh():
                return
            target = self.selection[0]
            # Kept at once, so that a reload finds it locked in (hidden) until the guards.
            if not self._keep_secret(state.to_move, target):
                self._changed()
                return
            self._target = target
            self.selection = ()
            self.stage = "guards-wait"
            self.notice = ("locked", {})
            self._changed()
        elif self.stage == "guards":
            assert self._target is not None  # guards-wait is reached only with a locked target
            self._play(Attack(state.to_move, self._target, tuple(self.selection)))

    def attack(self) -> None:
        """Announce an attack by the player to move (opens the secret target entry)."""
        if self.stage != "play":
            return
        if not attackable_huts(self.state):
            name = player_label(self.state.to_move, self.lang)
            self.notify(
                "notice_no_attack", player=name, other=player_label(self.state.opponent, self.lang)
            )
            return
        self.stage = "attack-wait"
        self.selection = ()
        self._target = None
        self.notice = ()
        self._changed()

    def clear(self) -> None:
        """Forget the squares clicked so far in this entry."""
        self.selection = ()
        self.notice = ()
        self._changed()

    def cancel(self) -> None:
        """Leave a secret entry or an announced attack without playing anything."""
        if self.stage in ENTRY_STAGES:
            if self._target is not None:
                self._keep_secret(self.state.to_move, None)
            self._target = None
            self.selection = ()
            self.stage = self._resting_stage()
            self.notice = ("notice_entry_cancelled", {})
            self._changed()
        elif self.stage == "play" and self.selection:
            self.clear()

    def continue_(self) -> None:
        """Close the reveal and go on with the game."""
        if self.stage == "reveal":
            self.stage = self._resting_stage()
            self._changed()

    def undo(self) -> None:
        """Cancel an entry in progress, else take back the last action (a new entry)."""
        if self.stage in ENTRY_STAGES:
            self.cancel()
            return
        if not self.record.actions:
            self.notify("notice_nothing_to_undo")
            return
        last = self.record.actions[-1]
        secret = isinstance(last, Setup) and self.state.pending_setup is not None
        what = ("undo", {"player": last.player, "action": last, "secret": secret})
        if self.store is None or self.game_id is None:
            self.record = self.record.undo()
        elif not self._change_store(lambda s, v: s.undo(self.game_id, v, actor=TABLE)):
            return
        self._after_return()
        self.notice = ("notice_undone", {"what": what})
        self._changed()

    def redo(self) -> None:
        """Restore the state the last undo left (a new entry of the history)."""
        if self.stage in ENTRY_STAGES or not self.kept:
            return
        if not self._change_store(lambda s, v: s.redo(self.game_id, v, actor=TABLE)):
            return
        self._after_return()
        last = self.record.actions[-1] if self.record.actions else None
        if last is None:
            self.notice = ()
        else:
            secret = isinstance(last, Setup) and self.state.pending_setup is not None
            what = ("redo", {"player": last.player, "action": last, "secret": secret})
            self.notice = ("db_redone", {"what": what})
        self._changed()

    def _after_return(self) -> None:
        self.selection = ()
        self._target = None
        self.last_report = None
        self.stage = self._resting_stage()

    def new_game(self, options: Options) -> None:
        """Start a NEW game with ``options`` (kept as a new game: the previous one stays)."""
        record = GameRecord.new(options)
        had_one = self.game_id is not None
        if self.store is not None:
            try:
                snap = self.store.create_game(record, actor=TABLE)
            except StoreError as error:
                self.notify("db_failed", error=str(error))
                return
            self._open_snapshot(snap)
        else:
            self.record = record
            self._after_return()
        self.notice = ("db_new_game", {}) if had_one else ("notice_new_game", {})
        self._changed()

    def open(self, game_id: int) -> bool:
        """Show game ``game_id`` of the database, its pending secret restored; False if it
        cannot be opened (the notice says why)."""
        if self.store is None:
            return False
        try:
            snap = self.store.load(game_id)
        except StoreError as error:
            self.notify("db_failed", error=str(error))
            return False
        if snap.kind != "massai":
            self.notify("db_failed", error=f"game {game_id} is not a Massai game")
            return False
        self._open_snapshot(snap)
        self.notice = ("db_opened", {"name": snap.info.name})
        self._restore_secret()
        self._changed()
        return True

    def _open_snapshot(self, snap: Snapshot) -> None:
        watching = self.watcher is not None
        self.stop_watching()
        self.deleted = False
        self.game_id = snap.game_id
        self._take(snap)
        self._after_return()
        if watching:
            self.watch()

    def import_file(self, data: bytes, file_name: str = "upload") -> bool:
        """Import an uploaded game file (or history) as a NEW game and show it; a bad file is
        refused and the game shown stays as it is. True when imported."""
        if self.store is None:
            self.notify("db_import_refused", error=store_text("db_not_kept", self.lang))
            return False
        name = Path(file_name).name or "upload"
        try:
            parsed: Any = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            parsed = None  # the store says what is wrong with it
        try:
            if parsed is None:
                snap = self.store.import_bytes(data, name=Path(name).stem, source=name)
            else:
                kind = (
                    parsed.get("kind")
                    if isinstance(parsed, dict) and parsed.get("format") == ARCHIVE_FORMAT
                    else None
                )
                if kind is None:
                    GameRecord.from_json(parsed, source=name)  # the Massai loader's reasons
                elif kind != "massai":
                    raise GameDataError(store_text("db_import_africa", self.lang, name=name))
                snap = self.store.import_data(parsed, name=Path(name).stem, source=name)
        except (StoreError, GameFileError) as error:
            if (
                isinstance(parsed, dict)
                and parsed.get("format") == "tabletop.africa1880.game"
                and not isinstance(error, GameDataError)
            ):
                error = GameDataError(store_text("db_import_africa", self.lang, name=name))
            self.notify("db_import_refused", error=" ".join(str(error).split()))
            return False
        self._open_snapshot(snap)
        self.notice = ("db_imported", {"name": snap.info.name})
        self._changed()
        return True

    # --- other pages -----------------------------------------------------------------------

    def watch(self) -> GameWatcher | None:
        """Follow other pages' changes of this game (a watcher thread; each change is handed
        over to the event loop running now, the kernel's, when there is one)."""
        if not self.kept:
            return None
        assert self.store is not None and self.game_id is not None
        self.stop_watching()
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        try:
            self.watcher = GameWatcher(self.store, self.game_id, self._on_watch).start()
        except StoreError as error:
            self.notify("db_failed", error=str(error))
            return None
        return self.watcher

    def stop_watching(self) -> None:
        """Stop following other pages (the watcher's thread and connection end)."""
        watcher, self.watcher = self.watcher, None
        if watcher is not None:
            watcher.stop()

    def _on_watch(self, _change: GameChange) -> None:
        # In the watcher's thread: the widgets are changed only in the page's own loop.
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.sync)
        else:
            self.sync()

    def sync(self) -> None:
        """Catch up with the database: show another page's change (an entry under way here is
        interrupted, with the reason), or follow a secret locked or cancelled elsewhere."""
        with self._sync_lock:
            if not self.kept:
                return
            assert self.store is not None and self.game_id is not None
            try:
                now = self.store.versions(self.game_id)
            except GameNotFound:
                self._gone()
                return
            except StoreError:
                return  # the database may be restarting: the watcher looks again
            if now.version != self.version:
                self._reload(remote=True)
                self._changed()
            elif now.aux_version != self.aux_version:
                self.aux_version = now.aux_version
                if self._follow_secret():
                    self._changed()

    def _gone(self) -> None:
        self.deleted = True
        self.stop_watching_later()
        self.notice = ("db_deleted", {})
        self._changed()

    def stop_watching_later(self) -> None:
        """Stop the watcher without waiting for its thread (called from its own callback)."""
        watcher, self.watcher = self.watcher, None
        if watcher is not None:
            watcher._stop.set()

    def _reload(self, remote: bool) -> None:
        """Show the game as the database has it now; ``remote``: another page changed it."""
        assert self.store is not None and self.game_id is not None
        try:
            snap = self.store.load(self.game_id)
        except GameNotFound:
            self.deleted = True
            self.notice = ("db_deleted", {})
            return
        except StoreError as error:
            self.notice = ("db_failed", {"error": str(error)})
            return
        before = self.record
        # Something typed here is lost (a wait for a target locked elsewhere is not).
        interrupted = self.stage in (*SECRET_STAGES, "attack-wait") or bool(self.selection)
        self._take(snap)
        self._after_return()
        if interrupted or not remote:
            self.notice = ("db_stale", {})
        else:
            self.notice = ("db_remote_change", {"what": self._what_changed(before)})
        self._restore_secret(quiet_if_locked=False)

    def _what_changed(self, before: GameRecord) -> Any:
        record = self.record
        if len(record.actions) > len(before.actions) and record.actions[:-1] == before.actions:
            last = record.actions[-1]
            secret = isinstance(last, Setup) and self.state.pending_setup is not None
            return ("play", {"player": last.player, "action": last, "secret": secret})
        return "db_remote_back"

    # --- kept secrets ----------------------------------------------------------------------

    def _keep_secret(self, player: int, target: str | None) -> bool:
        """Keep (or clear, with ``None``) the attack target ``player`` locked in."""
        if not self.kept:
            return True
        assert self.store is not None and self.game_id is not None
        payload = (
            None
            if target is None
            else {"what": SECRET_ATTACK, "player": player, "target": target, "on": self.version}
        )
        try:
            self.store.set_secret(self.game_id, seat(player), payload)
            self.aux_version = self.store.versions(self.game_id).aux_version
        except StoreError as error:
            self.notice = ("db_failed", {"error": str(error)})
            return False
        return True

    def _read_secrets(self) -> dict[str, Any]:
        if not self.kept:
            return {}
        assert self.store is not None and self.game_id is not None
        try:
            return self.store.secrets(self.game_id)
        except StoreError as error:
            self.notice = ("db_failed", {"error": str(error)})
            return {}

    def _usable(self, payload: Any, player: int) -> str | None:
        """Why a kept attack target cannot be used now (a text key), or ``None``."""
        if not isinstance(payload, dict) or payload.get("what") != SECRET_ATTACK:
            return "db_reason_unreadable"
        target = payload.get("target")
        if not isinstance(target, str) or payload.get("player") != player:
            return "db_reason_unreadable"
        if payload.get("on") != self.version or self.state.phase != "play":
            return "db_reason_changed"
        if self.state.to_move != player:
            return "db_reason_changed"
        if target not in attackable_huts(self.state):
            return "db_reason_target"
        return None

    def _played_already(self, payload: Any, player: int) -> bool:
        """The kept target is the attack just played (its page clears it right after)."""
        last = self.record.actions[-1] if self.record.actions else None
        return (
            isinstance(payload, dict)
            and isinstance(last, Attack)
            and last.player == player
            and last.target == payload.get("target")
        )

    def _restore_secret(self, quiet_if_locked: bool = True) -> None:
        """After opening or reloading: put a kept attack target back (hidden), or say why it
        cannot be; and say that a first setup is locked in."""
        found = self._read_secrets()
        for player in (0, 1):
            if seat(player) not in found:
                continue
            payload = found[seat(player)]
            reason = self._usable(payload, player)
            if reason is None:
                self._target = payload["target"]
                self.stage = "guards-wait"
                if quiet_if_locked or self.notice[:1] != ("db_stale",):
                    self.notice = ("db_attack_locked", {"player": player})
                continue
            if self._played_already(payload, player):
                continue
            self._keep_secret(player, None)  # said once, then cleared
            lost = ("db_attack_lost", {"player": player, "reason": reason})
            if self.notice[:1] == ("db_stale",):
                self.notice = ("db_stale", {"also": lost})
            else:
                self.notice = lost
            return
        pending = self.state.pending_setup
        if pending is not None and self.stage == "setup-wait" and quiet_if_locked:
            self.notice = ("db_setup_locked", {"player": other(self.state.to_move)})

    def _follow_secret(self) -> bool:
        """Another page locked or cancelled an attack target on this version: follow it.
        True when the page changed. An entry typed on this page is left alone."""
        if self.stage not in ("play", "attack-wait", "guards-wait"):
            return False
        found = self._read_secrets()
        player = self.state.to_move
        payload = found.get(seat(player))
        if payload is not None and self._usable(payload, player) is None:
            if self.stage == "guards-wait" and self._target == payload["target"]:
                return False
            self._target = payload["target"]
            self.selection = ()
            self.stage = "guards-wait"
            self.notice = ("db_remote_attack", {"player": player})
            return True
        if payload is None and self.stage == "guards-wait":
            self._target = None
            self.stage = self._resting_stage()
            self.notice = ("db_remote_cancel", {})
            return True
        return False

    # --- helpers ---------------------------------------------------------------------------

    def _resting_stage(self) -> str:
        phase = self.state.phase
        return {"setup": "setup-wait", "play": "play"}.get(phase, "over")

    def _take(self, snap: Snapshot) -> None:
        """Show the game as read (or written) at ``snap``."""
        assert isinstance(snap.game, GameRecord)
        self.record = snap.game
        self.version = snap.version
        self.aux_version = snap.info.aux_version
        self.game_name = snap.info.name
        assert self.store is not None
        try:
            self.can_undo, self.can_redo = self.store.can_undo_redo(snap.game_id)
        except StoreError:
            self.can_undo, self.can_redo = bool(self.record.actions), False

    def _fresh(self) -> bool:
        """Whether the page still shows the newest version (else: reloaded and said so)."""
        if not self.kept:
            return True
        assert self.store is not None and self.game_id is not None
        try:
            now = self.store.current_version(self.game_id)
        except GameNotFound:
            self._gone()
            return False
        except StoreError as error:
            self.notify("db_failed", error=str(error))
            return False
        if now != self.version:
            self._reload(remote=False)
            self._changed()
            return False
        return True

    def _change_store(self, change: Any) -> bool:
        """Run ``change(store, version)`` (a new entry made on the version shown); a stale
        version reloads the game and says so. True when done."""
        if self.deleted:
            self.notify("db_deleted")
            return False
        assert self.store is not None
        try:
            snap = change(self.store, self.version)
        except StaleGameError:
            self._reload(remote=False)
            self._changed()
            return False
        except NothingToUndo:
            self.notify("notice_nothing_to_undo")
            return False
        except NothingToRedo:
            self.notify("db_nothing_to_redo")
            return False
        except GameNotFound:
            self._gone()
            return False
        except StoreError as error:
            self.notify("db_failed", error=str(error))
            return False
        self._take(snap)
        return True

    def _play(self, action: Any) -> None:
        record, report = self.record.play(action)
        if not report.ok:
            self.notice = ("report", report)
            self._changed()
            return
        if self.kept:
            done = self._change_store(
                lambda s, v: s.append(
                    self.game_id,
                    record,
                    v,
                    "play",
                    actor=seat(action.player),
                    detail=_detail(action, report),
                )
            )
            if not done:
                return
            if isinstance(action, Attack):
                self._keep_secret(action.player, None)
        elif self.deleted:
            self.notify("db_deleted")
            return
        else:
            self.record = record
        self.last_report = report
        self.selection = ()
        self._target = None
        reveal = isinstance(action, Attack) or (isinstance(action, Setup) and report.placed)
        if isinstance(action, Setup) and not report.placed:
            self.stage = "setup-wait"
            self.notice = ("locked", {})
        else:
            self.stage = "reveal" if reveal else self._resting_stage()
            self.notice = ("report", report)
        self._changed()

    def notify(self, key: str, **values: Any) -> None:
        """Show the notice ``key`` (a text of the page) with ``values``."""
        self.notice = (key, values)
        self._changed()

    def _refusal(self, code: str, **params: Any) -> None:
        self.notice = (f"x_{code}", params)
        self._changed()

    def _changed(self) -> None:
        self.revision += 1

    def action_words(self, what: Any) -> str:
        """``("play"|"undo"|"redo", {player, action, secret})`` as words in the page language."""
        if isinstance(what, str):
            return store_text(what, self.lang) if is_store_text(what) else what
        _how, values = what
        action = (
            t("secret_setup", self.lang)
            if values["secret"]
            else format_action(values["action"], self.lang)
        )
        return t(
            "player_action",
            self.lang,
            player=player_label(values["player"], self.lang),
            action=action,
        )
