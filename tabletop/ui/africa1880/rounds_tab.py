"""The rounds tab: the resolved rounds (view one, correct its sheets, take the last back,
restore it) and the scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.africa1880.amend_panel import AmendPanel
from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.html import controller_guard, power_html
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc, html_table
from tabletop.ui.shell.store_link import store_text

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class RoundsTab(widgets.VBox):
    """The list of rounds with View and Undo, and the score table (``on_view``: show round
    ``k`` of the history)."""

    def __init__(self, controller: AfricaController, on_view: Callable[[int], None]) -> None:
        self.controller = controller
        self.on_view = on_view
        self.history = widgets.Select(rows=9, layout={"width": "16em"})
        self.history.add_class("tt-history")
        self.view_button = widgets.Button()
        self.view_button.add_class("tt-view-round")
        self.view_button.on_click(lambda _b: self.view_selected())
        self.undo_button = widgets.Button(button_style="warning")
        self.undo_button.add_class("tt-undo")
        self.undo_button.on_click(lambda _b: controller.undo())
        self.redo_button = widgets.Button()
        self.redo_button.add_class("tt-redo")
        self.redo_button.on_click(lambda _b: controller.redo())
        self.amend_button = widgets.Button(layout={"width": "auto"})
        self.amend_button.add_class("tt-amend-round")
        self.amend_button.on_click(
            controller_guard(controller)(lambda _b: self.amend.start(self.history.value))
        )
        self._amend: AmendPanel | None = None
        self.amend_box = widgets.VBox()
        self.scores = widgets.HTML()
        self.scores.add_class("tt-scores")
        self.history_label = widgets.HTML()
        super().__init__(
            [
                self.history_label,
                widgets.HBox(
                    [
                        self.history,
                        widgets.VBox(
                            [
                                self.view_button,
                                self.amend_button,
                                self.undo_button,
                                self.redo_button,
                            ]
                        ),
                    ]
                ),
                self.amend_box,
                self.scores,
            ]
        )

    def relabel(self, lang: str) -> None:
        self.view_button.description = t("view_round", lang)
        self.redo_button.description = store_text("redo", lang)
        self.history_label.value = f"<h3>{esc(t('history', lang))}</h3>"
        self.amend_button.description = "✎ " + gm_text("amend_button", lang)
        if self._amend is not None:
            self._amend.relabel(lang)

    def view_selected(self) -> None:
        """Show the round selected in the list."""
        if self.history.value is not None:
            self.on_view(self.history.value)

    @property
    def amend(self) -> AmendPanel:
        """The correction of a round (built when first asked for: the page opens lighter)."""
        if self._amend is None:
            self._amend = AmendPanel(self.controller)
            self._amend.relabel(self.controller.lang)
            self.amend_box.children = (self._amend,)
        return self._amend

    def refresh(self) -> None:
        """The rounds resolved so far (the newest selected) and the scores."""
        ctl = self.controller
        lang = ctl.lang
        years = ctl.history_years()
        self.undo_button.disabled = not years
        # The button says which round it takes back (a past round may be selected in the list).
        corrected = ctl.undo_corrects() if years else None
        if corrected is not None:
            self.undo_button.description = "↶ " + gm_text("amend_undo", lang, year=corrected)
        else:
            self.undo_button.description = "↶ " + (
                t("undo_round", lang, year=years[-1]) if years else t("undo", lang)
            )
        options = [(f"{year}", index) for index, year in enumerate(years)]
        if list(self.history.options) != options:
            self.history.options = options
        # The newest round is selected, so View shows something at once.
        self.history.value = len(years) - 1 if years else None
        self.view_button.disabled = not years
        self.amend_button.disabled = not years
        self.redo_button.disabled = not ctl.can_redo()
        self.scores.value = self.scores_html()

    def scores_html(self) -> str:
        ctl = self.controller
        lang = ctl.lang
        rows = [
            [
                power_html(p.power, lang),
                str(p.points),
                str(p.colonies),
                str(p.presences),
                str(ctl.state.stock(p.power)),
            ]
            for p in ctl.scores().powers
        ]
        columns = ("col_power", "col_points", "col_colonies", "col_presences", "col_stock")
        table = html_table([t(c, lang) for c in columns], rows)
        note = esc(t("scoring_note", lang))
        return f"<h3>{esc(t('scores', lang))}</h3>{table}<p><small>{note}</small></p>"
