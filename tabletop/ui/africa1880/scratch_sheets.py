"""Order sheets typed aside from the game: the what-if and the correction of an earlier round.

:class:`ScratchSheets` offers the sheet widgets the same intents as the page's controller (it is
a :class:`~tabletop.ui.africa1880.sheet_intents.SheetIntents` too), on its own drafts for any
position, and keeps nothing anywhere: the game and its database never see what is typed here.
:class:`SheetDesk` lays out the page's own sheet editors and diplomacy grid on such a model, so
the menus, the typed text and the live checks are exactly those of the order-sheets tab.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.diplomacy_grid import DiplomacyGrid
from tabletop.ui.africa1880.drafts import Drafts
from tabletop.ui.africa1880.game_link import Refused
from tabletop.ui.africa1880.sheet_editor import Filling, Shared, SheetEditor
from tabletop.ui.africa1880.sheet_intents import SheetIntents
from tabletop.ui.africa1880.texts import power_name
from tabletop.ui.shell.tabs import NamedTabs

__all__ = ["ScratchSheets", "SheetDesk"]


class _KeptNowhere:
    """The drafts' keeper of a scratch model: nothing typed here is written anywhere."""

    def touch(self) -> None:
        pass

    def write(self, _round: int, _texts: Mapping[str, str]) -> None:
        pass


class ScratchSheets(SheetIntents, traitlets.HasTraits):
    """Draft sheets of ``state`` on ``board``, typed aside; ``say`` goes to the page's line."""

    lang = traitlets.Unicode("en")
    drafts_revision = traitlets.Int(0)

    def __init__(
        self,
        state: GameState,
        board: Board,
        lang: str,
        texts: Mapping[str, str] | None,
        say: Callable[[str, str], None],
    ) -> None:
        super().__init__()
        self.lang = lang
        self.game = Game(state=state, history=[], board=board)
        self.board = board
        self.kept = _KeptNowhere()  # type: ignore[assignment]
        self._say = say
        self._drafts = Drafts(board, state, lang, texts)

    def say(self, text: str, kind: str = "ok") -> None:
        self._say(text, kind)

    def say_refused(self, refusal: Refused) -> None:
        self.say(refusal.text(self.lang), refusal.kind)

    def combined_text(self) -> str:
        """Every sheet under its header, as the rules core reads typed sheets."""
        return self._drafts.combined_text()

    def texts(self) -> dict[str, str]:
        """Every power's sheet body as typed."""
        return dict(self._drafts.texts)


class SheetDesk(widgets.VBox):
    """The page's sheet editors (a tab per power) and diplomacy grid on a :class:`ScratchSheets`.

    The editors and the grid talk to ``desk.controller`` exactly as they talk to the page's
    controller; ``on_change`` runs after every change of a sheet.
    """

    def __init__(
        self, model: ScratchSheets, css: str, on_change: Callable[[], None] | None = None
    ) -> None:
        self.controller = model
        self.filling = Filling()
        self.shared = Shared()
        self._on_change = on_change
        self.editors = {
            p: SheetEditor(model, p, self.shared, self.filling)  # type: ignore[arg-type]
            for p in model.powers
        }
        self.sheet_tabs = NamedTabs(self.editors)
        self.sheet_tabs.add_class(f"tt-{css}-sheet-tabs")
        self.sheet_tabs.observe(self._tab_changed, names="selected_index")
        self.grid = DiplomacyGrid(model, self.shared)  # type: ignore[arg-type]
        self.grid.add_class(f"tt-{css}-grid")
        super().__init__([self.sheet_tabs, self.grid])
        self.add_class(f"tt-{css}-desk")
        model.observe(self._drafts_changed, names="drafts_revision")
        model.observe(self._lang_changed, names="lang")
        with self.filling.during():
            self.grid.rebuild()
            if model.powers:
                self.sheet_tabs.show(model.powers[0])
                self.editors[model.powers[0]].activate()
        self.retitle()

    def show(self, power: str) -> SheetEditor:
        """Open ``power``'s sheet (its widgets are built when first shown) and return it."""
        self.sheet_tabs.show(power)
        editor = self.editors[power]
        editor.activate()
        return editor

    def retitle(self) -> None:
        """Each sheet's tab: the power, with ⚠ and the count of its void orders."""
        ctl = self.controller
        titles = {}
        for power in ctl.powers:
            voids = sum(c.kind == "void" for c in ctl.checks_for(power))
            titles[power] = power_name(power, ctl.lang) + (f" ⚠{voids}" if voids else "")
        self.sheet_tabs.set_titles(titles)

    def _tab_changed(self, change: dict) -> None:
        power = self.sheet_tabs.name_at(change["new"])
        if power is not None:
            self.editors[power].activate()

    def _drafts_changed(self, _change: Any = None) -> None:
        with self.filling.during():
            for editor in self.editors.values():
                editor.sync()
            self.grid.sync()
        self.retitle()
        if self._on_change is not None:
            self._on_change()

    def _lang_changed(self, change: dict) -> None:
        self.controller._drafts.relang(change["old"], change["new"])
        with self.filling.during():
            for editor in self.editors.values():
                editor.rebuild()
            self.grid.rebuild()
        self.controller.drafts_revision += 1
