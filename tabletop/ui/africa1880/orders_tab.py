"""The order-sheets tab: one sheet per power (a tab each), the diplomacy grid, the summary of
the live checks and the Resolve button."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.ui.africa1880.choices import kind_key_labels, kind_keys_in
from tabletop.ui.africa1880.diplomacy_grid import DiplomacyGrid
from tabletop.ui.africa1880.drafts import MAX_SHOWN_CHECKS, sheets_too_long
from tabletop.ui.africa1880.html import controller_guard, local_text, power_html
from tabletop.ui.africa1880.sheet_editor import Filling, Shared, SheetEditor
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.html import colon, esc
from tabletop.ui.shell.order_keys import OrderKeys, order_keys_hint
from tabletop.ui.shell.tabs import NamedTabs

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class OrdersTab(widgets.VBox):
    """Sheets, grid, summary and Resolve; rebuilt from the controller after every change.

    ``on_resolve``: what Resolve does once the sheets can be read (the page resolves and shows
    the report).
    """

    def __init__(
        self, controller: AfricaController, shared: Shared, on_resolve: Callable[[], None]
    ) -> None:
        self.controller = controller
        self.shared = shared
        self.filling = Filling()
        self.on_resolve = on_resolve
        self.editors: dict[str, SheetEditor] = {}
        self.sheet_tabs = NamedTabs()
        self.sheet_tabs.add_class("tt-sheet-tabs")
        self.sheet_tabs.observe(self._sheet_tab_changed, names="selected_index")
        self.grid = DiplomacyGrid(controller, shared)
        self.summary = widgets.HTML()
        self.summary.add_class("tt-summary")
        self.resolve_button = widgets.Button(button_style="danger", layout={"width": "20em"})
        self.resolve_button.add_class("tt-resolve")
        self.resolve_button.on_click(controller_guard(controller)(self._resolve_clicked))
        # Keys for the sheets' menus (a key per order kind, Enter to the next presence, from the
        # last one to the landing and then to Resolve), and the line that says them.
        self.order_keys = OrderKeys(kind_key_labels(), ".tt-resolve")
        self.keys_hint = widgets.HTML()
        self.keys_hint.add_class("tt-order-keys-line")
        super().__init__(
            [
                self.keys_hint,
                self.sheet_tabs,
                self.grid,
                self.summary,
                self.resolve_button,
                self.order_keys,
            ]
        )

    def _resolve_clicked(self, _button: object) -> None:
        """Resolve, unless a typed sheet is over the size limit (it would not be read)."""
        ctl = self.controller
        length = sheets_too_long(ctl.drafts)
        if length:
            ctl.say(
                local_text("sheets_too_long", ctl.lang, length=length, limit=MAX_SHEET_CHARS),
                "error",
            )
            return
        self.on_resolve()

    def relabel(self, lang: str) -> None:
        self.resolve_button.description = "⚖ " + t("resolve", lang)
        self.keys_hint.value = order_keys_hint(lang, kind_keys_in(lang))

    def _sheet_tab_changed(self, change: dict) -> None:
        power = self.sheet_tabs.name_at(change["new"])
        if power is not None:
            self.editors[power].activate()

    def rebuild(self) -> None:
        """Sheets and grid for the current position (after a new game, resolution, undo)."""
        ctl = self.controller
        self.resolve_button.disabled = ctl.state.game_over
        with self.filling.during():
            if list(self.editors) != list(ctl.powers):
                self.editors = {
                    p: SheetEditor(ctl, p, self.shared, self.filling) for p in ctl.powers
                }
                self.sheet_tabs.set_pages(self.editors)
                self.sheet_tabs.show(ctl.powers[0])
                self.editors[ctl.powers[0]].activate()
            for editor in self.editors.values():
                editor.rebuild()
            self.grid.rebuild()
        self.refresh_titles()

    def sync(self) -> None:
        """Widget values from the drafts (after a draft changed)."""
        if list(self.editors) != list(self.controller.powers):
            return  # a new game: its drafts come first, the rebuild right after
        with self.filling.during():
            for editor in self.editors.values():
                editor.sync()
            self.grid.sync()
        self.refresh_titles()

    def refresh_titles(self) -> None:
        """Each sheet's tab says its void orders and missing orders; the summary lists them."""
        ctl = self.controller
        lang = ctl.lang
        titles = {}
        for power in ctl.powers:
            checks = ctl.checks_for(power)
            voids = sum(c.kind == "void" for c in checks)
            missing = len(checks) - voids
            mark = (f" ⚠{voids}" if voids else "") + (f" …{missing}" if missing else "")
            titles[power] = power_name(power, lang) + mark
        self.sheet_tabs.set_titles(titles)
        self.summary.value = self._summary_html()

    def _summary_html(self) -> str:
        ctl = self.controller
        lang = ctl.lang
        if ctl.state.game_over:
            # Say why Resolve is disabled, right next to it, and what can still be done.
            over = esc(t("game_over_resolve", lang))
            return f'<b class="tt-summary-over tt-msg-warn">⚑ {over}</b>'
        checks = ctl.checks()
        voids = [c for c in checks if c.kind == "void"]
        missing = [c for c in checks if c.kind == "no_order"]
        lines = [
            f'<li class="tt-msg-error">⚠ {power_html(c.power, lang) if c.power else "?"}'
            + colon(lang)
            + f"{esc(c.text)}</li>"
            for c in voids[:MAX_SHOWN_CHECKS]
        ]
        if len(voids) > MAX_SHOWN_CHECKS:
            more = local_text("and_more", lang, n=len(voids) - MAX_SHOWN_CHECKS)
            lines.append(f'<li class="tt-checks-more">{esc(more)}</li>')
        per_power: dict[str, list[str]] = {}
        for c in missing:
            per_power.setdefault(c.power, []).append(c.territory or "")
        for power, names in per_power.items():
            lines.append(
                f'<li class="tt-msg-warn">… {power_html(power, lang)}'
                + colon(lang)
                + esc(t("no_order_list", lang, names=", ".join(names)))
                + "</li>"
            )
        counts = t("summary_counts", lang, void=len(voids), missing=len(missing))
        head = f'<b class="tt-summary-counts">{esc(counts)}</b>'
        return head + (f"<ul>{''.join(lines)}</ul>" if lines else "")
