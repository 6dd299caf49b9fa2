"""The resolution tab: the round's report beside the map, for the current or a past round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.africa1880.html import local_text
from tabletop.ui.africa1880.map import AfricaMapView, build_map_model
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class ResultTab(widgets.HBox):
    """Report and map of the round being viewed, with a way back to the sheets
    (``show_tab``: the page's tabs, by name)."""

    def __init__(self, controller: AfricaController, show_tab: Callable[[str], None]) -> None:
        self.controller = controller
        self.view_note = widgets.HTML()
        self.view_back = widgets.Button()
        self.view_back.add_class("tt-view-current")
        self.view_back.on_click(lambda _b: controller.view_round(None))
        self.report = widgets.HTML()
        self.report.add_class("tt-report-box")
        # The core groups the same instructions step by step or territory by territory.
        self.group_by = widgets.ToggleButtons(
            options=[
                (local_text("group_by_power", "en"), "power"),
                (local_text("group_by_territory", "en"), "territory"),
            ]
        )
        self.group_by.add_class("tt-group-by")
        self.group_by.observe(lambda _c: self.refresh_report(), names="value")
        self.map_view = AfricaMapView()
        # At the top of the report: back to the sheets. Focusing it after Resolve brings the
        # report's top into view (the page was scrolled down to the Resolve button).
        self.to_sheets = widgets.Button()
        self.to_sheets.add_class("tt-to-sheets")
        self.to_sheets.on_click(lambda _b: show_tab("orders"))
        head = widgets.HBox([self.to_sheets, self.view_note, self.view_back])
        head.add_class("tt-wrap")
        report_col = widgets.VBox([head, self.group_by, self.report])
        # Widths come from the page's style sheet (beside on a laptop, stacked on a phone).
        report_col.add_class("tt-report-col")
        self.map_view.add_class("tt-map-col")
        super().__init__([report_col, self.map_view])
        self.add_class("tt-result")

    def relabel(self, lang: str) -> None:
        self.view_back.description = t("view_current", lang)
        self.to_sheets.description = "✎ " + t("to_sheets", lang)
        value = self.group_by.value
        self.group_by.options = [
            (local_text("group_by_power", lang), "power"),
            (local_text("group_by_territory", lang), "territory"),
        ]
        self.group_by.value = value

    def refresh_report(self) -> None:
        """The report of the round viewed, grouped as the switch says."""
        ctl = self.controller
        self.report.value = report_html(
            ctl.round_view().report, ctl.lang, self.group_by.value, ctl.board
        )

    def refresh(self) -> None:
        """Report and map of the round the controller says is viewed."""
        ctl = self.controller
        lang = ctl.lang
        view = ctl.round_view()
        self.report.value = report_html(view.report, lang, self.group_by.value, ctl.board)
        if view.index >= 0:
            year = view.report.year if view.report else ctl.game.history[view.index].state.year
            viewing = esc(t("viewing_round", lang, year=year))
            self.view_note.value = f'<span class="tt-msg-warn tt-viewing"><b>{viewing}</b></span>'
            self.view_back.layout.display = None
            title = t("viewing_round", lang, year=year)
        else:
            self.view_note.value = ""
            self.view_back.layout.display = "none"
            state = view.state
            title = t(
                "year_round",
                lang,
                year=state.year,
                round=state.round,
                last=state.options.last_round,
            )
        model = build_map_model(
            ctl.board, ctl.geometry, view.state, view.changes, lang, title=title
        )
        # Before the model: a new board's photo is not drawn over the old board's shapes.
        self.map_view.set_photo(ctl.board_photo())
        self.map_view.set_model(model)
