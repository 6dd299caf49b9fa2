"""The secret entries of a Massai page: setups, attack targets and guards chosen square by square.

The player who chooses is at the screen only after the page asked the other one to look away
(the ``*-wait`` stages of :mod:`.stages`); clicks build up the selection, ``confirm`` locks it
in (a setup is played, an attack target kept, the guards play the attack).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.legal import (
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_setup_squares,
)
from tabletop.games.massai.state import SETUP_HUTS
from tabletop.ui.massai.kept_secrets import KeptTarget
from tabletop.ui.massai.stages import ENTRY_STAGES, OPENS, WAIT_STAGES, Stage
from tabletop.ui.massai.steps import PageSteps
from tabletop.ui.massai.texts import player_label


class SecretEntry:
    """The steps of a page's entries: open, click squares, confirm, clear, cancel.

    ``play`` plays an action entered; ``fresh`` says whether the page still shows the newest
    version of the game (else it was reloaded, and said so); ``secrets`` keeps an attack
    announced or its target locked in.
    """

    def __init__(
        self,
        page: PageSteps,
        secrets: KeptTarget,
        *,
        play: Callable[[Action], None],
        fresh: Callable[[], bool],
    ) -> None:
        self.page = page
        self.secrets = secrets
        self._play = play
        self._fresh = fresh

    def start_secret(self) -> None:
        """The chooser is at the screen and the other looks away: open the secret entry."""
        page = self.page
        # A look-away screen just shown ignores its button for a moment (a slow double click).
        if page.stage in OPENS and page.handover_ready():
            page.enter(OPENS[page.stage])
            page.select(())
            page.say(())
            page.changed()

    def click(self, square: str) -> None:
        """A square was clicked (or tapped) on the board."""
        page = self.page
        state, stage = page.state, page.stage
        if not state.board.contains(square):
            return
        if page.undo_question:
            page.notify("undo_answer_first")
        elif stage in WAIT_STAGES:
            page.notify("notice_start_first")
        elif stage == Stage.REVEAL:
            page.notify("notice_press_continue")
        elif stage == Stage.SETUP_ENTRY:
            self._toggle_setup(square)
        elif stage == Stage.PLAY:
            self._click_play(square)
        elif stage == Stage.ATTACK_TARGET:
            if square in attackable_huts(state):
                page.select((square,))
                page.say(())
                page.changed()
            else:
                page.refusal("target-not-attackable", square=square)
        elif stage == Stage.GUARDS:
            self._toggle_guard(square)

    def _toggle_setup(self, square: str) -> None:
        page = self.page
        if square in page.selection:
            page.select(tuple(s for s in page.selection if s != square))
            page.say(())
        elif square not in legal_setup_squares(page.state, page.state.to_move):
            rows = page.state.board.half_rows(page.state.to_move)
            page.refusal("not-own-half", squares=square, first_row=rows[0], last_row=rows[-1])
            return
        elif len(page.selection) >= SETUP_HUTS:
            page.notify("notice_setup_full")
            return
        else:
            page.select((*page.selection, square))
            page.say(())
        page.changed()

    def _toggle_guard(self, square: str) -> None:
        page = self.page
        allowed = guards_allowed(page.state)
        if square in page.selection:
            page.select(tuple(s for s in page.selection if s != square))
        elif square not in attackable_huts(page.state):
            page.refusal("guard-not-attackable", squares=square)
            return
        elif len(page.selection) >= allowed:
            points = attack_points(page.state)
            count = allowed + 1
            page.refusal("too-many-guards", attack_points=points, allowed=allowed, count=count)
            return
        else:
            page.select((*page.selection, square))
        page.say(())
        page.changed()

    def _click_play(self, square: str) -> None:
        page = self.page
        state = page.state
        player = state.to_move
        if state.supply(player) > 0:
            self._play(Build(player, square))
            return
        # All huts out: the first click picks the hut, the second its new square.
        if not page.selection:
            if square in state.huts[player]:
                page.select((square,))
                page.say(())
                page.changed()
            else:
                page.notify("notice_not_own_hut", square=square)
            return
        origin = page.selection[0]
        if square == origin:
            page.select(())
            page.changed()
        elif square in state.huts[player]:
            page.select((square,))
            page.changed()
        else:
            self._play(Move(player, origin, square))

    def confirm(self) -> None:
        """Lock the secret choice being entered."""
        page = self.page
        state = page.state
        if page.stage == Stage.SETUP_ENTRY:
            self._play(Setup(state.to_move, tuple(page.selection)))
        elif page.stage == Stage.ATTACK_TARGET:
            if len(page.selection) != 1:
                page.notify("notice_choose_target")
                return
            if not self._fresh():
                return
            target = page.selection[0]
            if page.open_attack():
                # No guard allowed: nothing for the defender to choose, resolved at once.
                self._play(Attack(state.to_move, target, ()))
                return
            # Kept at once, so that a reload finds it locked in (hidden) until the guards.
            if not self.secrets.keep(state.to_move, target):
                page.changed()
                return
            page.lock_target(target)
            page.say(("locked", {}))
            page.changed()
        elif page.stage == Stage.GUARDS:
            assert page.target is not None  # guards-wait is reached only with a locked target
            self._play(Attack(state.to_move, page.target, tuple(page.selection)))

    def attack(self) -> None:
        """Announce an attack by the player to move (opens the secret target entry)."""
        page = self.page
        if page.stage != Stage.PLAY:
            return
        if not attackable_huts(page.state):
            name = player_label(page.state.to_move, page.lang)
            page.notify(
                "notice_no_attack", player=name, other=player_label(page.state.opponent, page.lang)
            )
            return
        page.begin_attack()
        if guards_allowed(page.state) == 0:
            page.enter(Stage.ATTACK_TARGET)  # nothing secret: no look-away, no guards
        else:
            # Kept, so that a reload goes on with the attack rather than forget it.
            self.secrets.announce(page.state.to_move)
            page.enter(Stage.ATTACK_WAIT)
        page.changed()

    def clear(self) -> None:
        """Forget the squares clicked so far in this entry."""
        page = self.page
        page.select(())
        page.say(())
        page.changed()

    def cancel(self) -> None:
        """Leave a secret entry or an announced attack without playing anything."""
        page = self.page
        if page.stage in (Stage.GUARDS_WAIT, Stage.GUARDS):
            # The target is locked in: the defender may only clear their own guards.
            page.notify("no_cancel_now")
        elif page.stage in ENTRY_STAGES:
            if page.stage in (Stage.ATTACK_WAIT, Stage.ATTACK_TARGET):
                self.secrets.keep(page.state.to_move, None)  # the announcement or target kept
            page.rest()
            page.say(("notice_entry_cancelled", {}))
            page.changed()
        elif page.stage == Stage.PLAY and page.selection:
            self.clear()

    def continue_(self) -> None:
        """Close the reveal and go on with the game."""
        page = self.page
        # A reveal just shown ignores its button for a moment (the Confirm before it stood there).
        if page.stage == Stage.REVEAL and page.handover_ready():
            page.rest()
            page.changed()
