"""An attack target locked in, kept in the games database until the guards are chosen.

A target confirmed is kept with :meth:`~tabletop.store.Store.set_secret` under the attacker's
seat, with the version it was chosen on, so that a reload (or another page on the same game)
finds it locked in, still hidden; when it cannot be used any more, the page says why, once.
An attack announced but without a target yet is kept too: a reload goes on with the attack.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.actions import Attack
from tabletop.games.massai.board import other
from tabletop.games.massai.legal import attackable_huts
from tabletop.store import Store, StoreError
from tabletop.ui.massai.stages import SECRET_ANNOUNCED, SECRET_ATTACK, Stage, seat
from tabletop.ui.massai.steps import PageSteps


class KeptTarget:
    """Keeps, reads, restores and follows the attack target of the game a page shows, in
    ``store`` (``None``: kept nowhere)."""

    def __init__(self, store: Store | None, page: PageSteps) -> None:
        self.store = store
        self.page = page

    def keep(self, player: int, target: str | None) -> bool:
        """Keep (or clear, with ``None``) the attack target ``player`` locked in."""
        page = self.page
        if not page.kept:
            return True
        assert self.store is not None and page.game_id is not None
        payload = (
            None
            if target is None
            else {"what": SECRET_ATTACK, "player": player, "target": target, "on": page.version}
        )
        try:
            self.store.set_secret(page.game_id, seat(player), payload)
            page.kept_aside(self.store.versions(page.game_id).aux_version)
        except StoreError as error:
            page.say(("db_failed", {"error": str(error)}))
            return False
        return True

    def announce(self, player: int) -> bool:
        """Keep that ``player`` announced an attack (no target yet), for a reload to go on."""
        page = self.page
        if not page.kept:
            return True
        assert self.store is not None and page.game_id is not None
        payload = {"what": SECRET_ANNOUNCED, "player": player, "on": page.version}
        try:
            self.store.set_secret(page.game_id, seat(player), payload)
            page.kept_aside(self.store.versions(page.game_id).aux_version)
        except StoreError as error:
            page.say(("db_failed", {"error": str(error)}))
            return False
        return True

    def announced(self, payload: Any, player: int) -> bool:
        """Whether ``payload`` is an attack ``player`` announced on the version shown."""
        state = self.page.state
        return (
            isinstance(payload, dict)
            and payload.get("what") == SECRET_ANNOUNCED
            and payload.get("player") == player
            and payload.get("on") == self.page.version
            and state.phase == "play"
            and state.to_move == player
            and bool(attackable_huts(state))
        )

    def read(self) -> dict[str, Any]:
        """The secrets kept for the game, by seat (``{}`` when it is kept nowhere)."""
        page = self.page
        if not page.kept:
            return {}
        assert self.store is not None and page.game_id is not None
        try:
            return self.store.secrets(page.game_id)
        except StoreError as error:
            page.say(("db_failed", {"error": str(error)}))
            return {}

    def unusable(self, payload: Any, player: int) -> str | None:
        """Why a kept attack target cannot be used now (a text key), or ``None``."""
        state = self.page.state
        if not isinstance(payload, dict) or payload.get("what") != SECRET_ATTACK:
            return "db_reason_unreadable"
        target = payload.get("target")
        if not isinstance(target, str) or payload.get("player") != player:
            return "db_reason_unreadable"
        if payload.get("on") != self.page.version or state.phase != "play":
            return "db_reason_changed"
        if state.to_move != player:
            return "db_reason_changed"
        if target not in attackable_huts(state):
            return "db_reason_target"
        return None

    def played_already(self, payload: Any, player: int) -> bool:
        """The kept target is the attack just played (its page clears it right after)."""
        actions = self.page.record.actions
        last = actions[-1] if actions else None
        return (
            isinstance(payload, dict)
            and isinstance(last, Attack)
            and last.player == player
            and last.target == payload.get("target")
        )

    def restore(self, quiet_if_locked: bool = True) -> None:
        """After opening or reloading: put a kept attack target back (hidden), or say why it
        cannot be; and say that a first setup is locked in."""
        page = self.page
        found = self.read()
        for player in (0, 1):
            if seat(player) not in found:
                continue
            payload = found[seat(player)]
            if isinstance(payload, dict) and payload.get("what") == SECRET_ANNOUNCED:
                if self.announced(payload, player):
                    page.enter(Stage.ATTACK_WAIT)  # no target yet: the attacker chooses it
                    if quiet_if_locked or page.notice[:1] != ("db_stale",):
                        page.say(("attack_restored", {"player": player}))
                else:
                    self.keep(player, None)  # an announcement of an earlier position
                continue
            reason = self.unusable(payload, player)
            if reason is None:
                page.lock_target(payload["target"])
                if quiet_if_locked or page.notice[:1] != ("db_stale",):
                    page.say(("db_attack_locked", {"player": player}))
                continue
            if self.played_already(payload, player):
                continue
            self.keep(player, None)  # said once, then cleared
            lost = ("db_attack_lost", {"player": player, "reason": reason})
            if page.notice[:1] == ("db_stale",):
                page.say(("db_stale", {"also": lost}))
            else:
                page.say(lost)
            return
        pending = page.state.pending_setup
        if pending is not None and page.stage == Stage.SETUP_WAIT and quiet_if_locked:
            page.say(("db_setup_locked", {"player": other(page.state.to_move)}))

    def follow(self) -> bool:
        """Another page locked or cancelled an attack target on this version: follow it.
        True when the page changed. An entry typed on this page is left alone."""
        page = self.page
        if page.stage not in (Stage.PLAY, Stage.ATTACK_WAIT, Stage.GUARDS_WAIT):
            return False
        found = self.read()
        player = page.state.to_move
        payload = found.get(seat(player))
        if payload is not None and self.unusable(payload, player) is None:
            if page.stage == Stage.GUARDS_WAIT and page.target == payload["target"]:
                return False
            page.lock_target(payload["target"])
            page.say(("db_remote_attack", {"player": player}))
            return True
        if payload is None and page.stage == Stage.GUARDS_WAIT:
            page.rest()
            page.say(("db_remote_cancel", {}))
            return True
        return False
