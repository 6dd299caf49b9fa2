"""The typed order sheets' side of the page's controller: what the menus, the text boxes and the
diplomacy grid read and write.

:class:`SheetIntents` is the part of :class:`~tabletop.ui.africa1880.controller.AfricaController`
that the sheet widgets talk to (a seat page's own model offers the same names): it turns each
intent into a change of the drafts (:class:`~tabletop.ui.africa1880.drafts.Drafts`), keeps them
in the database (:class:`~tabletop.ui.africa1880.kept_sheets.KeptSheets`) and bumps
``drafts_revision`` so the widgets follow. The legal choices come from
:mod:`~tabletop.ui.africa1880.choices` (the rules core).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import AfterOrders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation, Relations
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880 import choices
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.game_link import Refused
from tabletop.ui.africa1880.kept_sheets import KeptSheets

__all__ = ["SheetIntents"]


class SheetIntents:
    """The draft sheets of the position shown: intents, reads, checks, menus, kept copies."""

    if TYPE_CHECKING:  # provided by the controller
        game: Game
        board: Board
        lang: str
        drafts_revision: int
        kept: KeptSheets
        _drafts: Drafts

        def say_refused(self, refusal: Refused) -> None: ...

    # ----------------------------------------------------------------- state access
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
        return self._drafts.texts

    # ----------------------------------------------------------------- drafts
    def reset_drafts(self, texts: Mapping[str, str] | None = None) -> None:
        """Fresh drafts: empty sheets, or the bodies found in ``texts`` (after an undo)."""
        self._drafts = Drafts(self.board, self.state, self.lang, texts)
        self.drafts_revision += 1

    def _drafts_changed(self, changed: bool) -> None:
        if changed:
            self.drafts_revision += 1
            self.kept.touch()

    def _check_power(self, power: str) -> None:
        if power not in self.powers:
            raise ValueError(f"{power} does not play in this game")

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self._drafts.sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return self._drafts.sheets()

    def set_sheet_text(self, power: str, text: str) -> None:
        """Intent: the person typed ``text`` in ``power``'s box (the widgets follow)."""
        self._check_power(power)
        self._drafts_changed(self._drafts.set_text(power, text))

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``."""
        return self._drafts.order_of(power, territory)

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        """Intent: the order for ``power``'s presence in ``territory`` (kind "" removes it)."""
        self._check_power(power)
        sheet = self._drafts.with_order(power, territory, kind, target)
        self._drafts_changed(self._drafts.write(sheet, self.lang))
        if kind == "explore" and not target:
            self.drafts_revision += 1  # the menu shows "explore" without a written order

    def set_landing(self, power: str, target: str | None) -> None:
        """Intent: ``power`` lands on ``target`` (None or "" for no landing)."""
        self._check_power(power)
        sheet = self._drafts.with_landing(power, target)
        self._drafts_changed(self._drafts.write(sheet, self.lang))

    def relation(self, declarer: str, toward: str) -> str:
        """ "war" or "alliance" as written on ``declarer``'s sheet toward ``toward``."""
        return self._drafts.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: str) -> None:
        """Intent: ``declarer`` declares ``relation`` ("war"/"alliance") toward ``toward``."""
        self._check_power(declarer)
        self._check_power(toward)
        sheet = self._drafts.with_relation(declarer, toward, Relation(relation))
        self._drafts_changed(self._drafts.write(sheet, self.lang))

    # ----------------------------------------------------------------- menus and checks
    def presences_of(self, power: str) -> list[str]:
        """``power``'s presences, in alphabetical order."""
        return choices.presences_of(self.state, power)

    def explore_targets(self, territory: str) -> list[str]:
        """Exploration targets from ``territory``: its neighbours that are not colonies."""
        return choices.explore_targets(self.board, self.state, territory)

    def landing_targets(self) -> list[str]:
        """Coastal territories empty of any presence at the start of the round."""
        return choices.landing_targets(self.board, self.state)

    def checks(self) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        return self._drafts.checks(self.lang)

    def checks_for(self, power: str) -> list[Check]:
        """The live checks of one power's sheet."""
        return [c for c in self.checks() if c.power == power]

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        return self._drafts.after_orders()

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return self._drafts.declared_relations()

    # ----------------------------------------------------------------- typed sheets kept
    def flush_drafts(self) -> None:
        """Write the sheets changed since the last write (one entry per changed sheet)."""
        try:
            self.kept.write(self.state.round, self.drafts)
        except Refused as refusal:
            self.say_refused(refusal)

    def load_drafts(self, typed: Mapping[str, str] | None) -> None:
        """The sheets of the position shown: the ones kept for it, else ``typed``."""
        self.reset_drafts(self.kept.load(self.state.round, self.powers, typed))

    def sync_drafts(self) -> None:
        """Sheets another page typed for this round (a sheet being typed here is kept)."""
        news = self.kept.news(self.state.round, self.powers, self.drafts)
        for power, text in news.items():
            self._drafts.set_text(power, text)
        if news:
            self.drafts_revision += 1

    def restore_drafts(self) -> bool:
        """Intent: take back the sheets kept in the database for the position shown."""
        if not self.kept.stored(self.state.round, self.powers):
            return False
        self.load_drafts(None)
        return True
