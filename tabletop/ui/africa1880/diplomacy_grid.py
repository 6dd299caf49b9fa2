"""The diplomacy grid: all powers' relations at once, a click switches war and alliance."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.africa1880.html import power_html, slug
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.html import colon, esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController
    from tabletop.ui.africa1880.sheet_editor import Shared


class DiplomacyGrid(widgets.VBox):
    """All powers' relations at once: rows declare, columns receive; click a cell to switch."""

    def __init__(self, controller: AfricaController, shared: Shared) -> None:
        self.controller = controller
        self.shared = shared
        self.cells: dict[tuple[str, str], widgets.Button] = {}
        self.title = widgets.HTML()
        self.grid = widgets.GridBox()
        self.grid.add_class("tt-diplomacy")
        super().__init__([self.title, self.grid])

    def rebuild(self) -> None:
        ctl = self.controller
        lang = ctl.lang
        powers = ctl.powers
        self.title.value = (
            f"<h3>{esc(t('diplomacy', lang))}</h3><small>{esc(t('diplomacy_help', lang))}</small>"
        )
        children: list[widgets.Widget] = [widgets.HTML("")]
        for toward in powers:
            head = widgets.HTML(f"<b>→ {power_html(toward, lang)}</b>")
            head.add_class("tt-grid-head")
            children.append(head)
        self.cells = {}
        for declarer in powers:
            row_head = widgets.HTML(f"<b>{power_html(declarer, lang)}</b>")
            row_head.add_class("tt-grid-rowhead")  # stays in view when the grid scrolls
            children.append(row_head)
            for toward in powers:
                if declarer == toward:
                    children.append(widgets.HTML('<div style="text-align:center">—</div>'))
                    continue
                cell = widgets.Button(
                    layout=self.shared.cell_layout, style=self.shared.alliance_style
                )
                cell.add_class("tt-rel")
                cell.add_class(f"tt-rel-{slug(declarer)}-{slug(toward)}")
                cell.on_click(self._clicked(declarer, toward))
                self.cells[(declarer, toward)] = cell
                children.append(cell)
        self.grid.layout.grid_template_columns = f"auto repeat({len(powers)}, minmax(6.5em, 1fr))"
        self.grid.layout.grid_gap = "4px"
        # Named before shown: a cell put in the grid first was, for a moment, a nameless button.
        self.sync()
        self.grid.children = tuple(children)

    def _clicked(self, declarer: str, toward: str) -> Callable[[Any], None]:
        def handler(_button: Any) -> None:
            ctl = self.controller
            now = ctl.relation(declarer, toward)
            ctl.set_relation(declarer, toward, "alliance" if now == "war" else "war")

        return handler

    def sync(self) -> None:
        ctl = self.controller
        for (declarer, toward), cell in self.cells.items():
            war = ctl.relation(declarer, toward) == "war"
            cell.description = t("war" if war else "alliance", ctl.lang)
            shared = self.shared
            cell.style = shared.war_style if war else shared.alliance_style
            cell.tooltip = (
                f"{power_name(declarer, ctl.lang)} → {power_name(toward, ctl.lang)}"
                + colon(ctl.lang)
                + t("war" if war else "alliance", ctl.lang)
            )
            if war:
                cell.remove_class("tt-rel-alliance")
                cell.add_class("tt-rel-war")
            else:
                cell.remove_class("tt-rel-war")
                cell.add_class("tt-rel-alliance")
