"""One power's order sheet: presence rows with menus, the landing, the typed text, the checks.

The widgets hold no rules: they send intents to the controller and show what it reads in the
draft (the typed text is the single source of truth).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_description import DescriptionStyle  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from tabletop.ui.africa1880.html import power_html, slug
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.app import AfricaApp


class Shared:
    """Layouts and styles shared by many widgets: fewer models for the page to create.

    A page builds one browser-side model per widget, layout and style; sharing them keeps the
    first render fast with six powers' sheets and a 6 x 6 diplomacy grid.
    """

    def __init__(self) -> None:
        # Fixed widths that do not shrink: on a narrow screen a row wraps instead.
        self.label_layout = widgets.Layout(width="10em", flex="0 0 auto")
        self.kind_layout = widgets.Layout(width="10em", flex="0 0 auto")
        self.target_layout = widgets.Layout(width="13em", flex="0 0 auto")
        self.row_layout = widgets.Layout(flex_flow="row wrap")
        self.dropdown_style = DescriptionStyle()
        self.html_style = HTMLStyle()
        self.cell_layout = widgets.Layout(width="auto")
        self.war_style = widgets.ButtonStyle(
            button_color="#c62828", text_color="white", font_weight="bold"
        )
        self.alliance_style = widgets.ButtonStyle(
            button_color="#2e7d32", text_color="white", font_weight="bold"
        )


class PresenceRow(widgets.HBox):
    """One presence of a sheet: territory, order kind, exploration target (reused across rounds)."""

    def __init__(self, on_change: Callable[[PresenceRow], None], shared: Shared) -> None:
        self.power = ""
        self.territory = ""
        self.label = widgets.HTML(layout=shared.label_layout, style=shared.html_style)
        self.kind = widgets.Dropdown(
            options=[("—", "")], layout=shared.kind_layout, style=shared.dropdown_style
        )
        self.kind.add_class("tt-kind")
        self.target = widgets.Dropdown(
            options=[("—", "")], layout=shared.target_layout, style=shared.dropdown_style
        )
        self.target.add_class("tt-target")
        self._on_change = on_change
        self.kind.observe(lambda _c: self._on_change(self), names="value")
        self.target.observe(lambda _c: self._on_change(self), names="value")
        self._row_class = ""
        super().__init__([self.label, self.kind, self.target], layout=shared.row_layout)
        self.add_class("tt-row")

    def bind(self, power: str, territory: str) -> None:
        """Make this row stand for ``power``'s presence in ``territory``."""
        self.power, self.territory = power, territory
        new_class = f"tt-row-{slug(power)}-{slug(territory)}"
        if new_class != self._row_class:
            if self._row_class:
                self.remove_class(self._row_class)
            self.add_class(new_class)
            self._row_class = new_class
        self.label.value = f"<b>{esc(territory)}</b>"

    def unbind(self) -> None:
        """The row is kept for later but stands for no presence now (it is not displayed)."""
        self.power = self.territory = ""


class SheetEditor(widgets.VBox):
    """One power's order sheet: presence rows, landing, the typed text and the live checks."""

    def __init__(self, app: AfricaApp, power: str) -> None:
        self.app = app
        self.power = power
        self.built = False
        self.rows: list[PresenceRow] = []
        super().__init__()
        self.add_class(f"tt-sheet-{slug(power)}")
        self.add_class("tt-sheet")

    def activate(self) -> None:
        """Build the sheet's widgets the first time its tab is shown (keeps the page light)."""
        if self.built:
            return
        self.heading = widgets.HTML()
        self.rows_box = widgets.VBox()
        self.rows_box.add_class("tt-rows")
        self.landing = widgets.Dropdown(layout={"width": "24em"})
        self.landing.add_class("tt-landing")
        self.landing.observe(self._landing_changed, names="value")
        self.text = widgets.Textarea(rows=10, continuous_update=True, layout={"width": "100%"})
        self.text.add_class("tt-text")
        self.text.observe(self._text_changed, names="value")
        self.text_help = widgets.HTML()
        self.checks = widgets.HTML()
        self.checks.add_class("tt-checks")
        # Side by side on a laptop, one above the other on a tablet.
        left = widgets.VBox([self.heading, self.rows_box, self.landing])
        left.layout.flex = "1 1 34em"
        right = widgets.VBox([self.text_help, self.text])
        right.layout.flex = "1 1 22em"
        self.built = True
        syncing, self.app.syncing = self.app.syncing, True
        try:
            self.rebuild()
        finally:
            self.app.syncing = syncing
        self.children = (widgets.HBox([left, right], layout={"flex_flow": "row wrap"}), self.checks)

    # --- from the widgets to the controller
    def _row_changed(self, row: PresenceRow) -> None:
        if self.app.syncing or not row.power:
            return
        kind = row.kind.value
        target = row.target.value if kind == "explore" else ""
        self.app.controller.set_order(row.power, row.territory, kind, target)

    def _landing_changed(self, change: dict) -> None:
        if self.app.syncing:
            return
        self.app.controller.set_landing(self.power, change["new"] or None)

    def _text_changed(self, change: dict) -> None:
        if self.app.syncing:
            return
        self.app.controller.set_sheet_text(self.power, change["new"])

    # --- from the controller to the widgets (called with app.syncing set)
    def rebuild(self) -> None:
        """Rows and menus for the current position (after a new game, resolution, undo)."""
        if not self.built:
            return
        ctl = self.app.controller
        lang = ctl.lang
        presences = ctl.presences_of(self.power)
        while len(self.rows) < len(presences):
            self.rows.append(PresenceRow(self._row_changed, self.app.shared))
        kinds = [("—", ""), *((t(k, lang), k) for k in ("hold", "develop", "explore"))]
        for row, territory in zip(self.rows, presences, strict=False):
            row.bind(self.power, territory)
            row.kind.options = kinds
            row.target.options = [(t("no_target", lang), "")] + [
                (n, n) for n in ctl.explore_targets(territory)
            ]
        for row in self.rows[len(presences) :]:
            row.unbind()
        self.rows_box.children = tuple(self.rows[: len(presences)])
        self.heading.value = (
            f"<h3>{power_html(self.power, lang)} — "
            f"{esc(t('stock', lang, n=ctl.state.stock(self.power)))}</h3>"
            + ("" if presences else f"<p>{esc(t('no_presence', lang))}</p>")
        )
        self.landing.description = t("landing", lang)
        self.text_help.value = (
            f"<b>{esc(t('sheet_text', lang))}</b><br>"
            f"<small>{esc(t('sheet_text_help', lang))}</small>"
        )
        self.sync()

    def sync(self) -> None:
        """Widget values from the draft sheet."""
        if not self.built:
            return
        ctl = self.app.controller
        lang = ctl.lang
        for row in self.rows:
            if not row.power:
                continue
            kind, target = ctl.order_of(self.power, row.territory)
            if target and target not in [v for _, v in row.target.options]:
                row.target.options = [*row.target.options, (target, target)]
            row.kind.value = kind
            row.target.value = target if kind == "explore" else ""
            row.target.disabled = kind != "explore"
        sheet = ctl.sheet(self.power)
        targets = ctl.landing_targets()
        chosen = sheet.landing.target if sheet.landing else ""
        options = [(t("no_landing", lang), "")] + [(n, n) for n in targets]
        if chosen and chosen not in targets:
            options.append((chosen, chosen))
        if list(self.landing.options) != options:
            self.landing.options = options
        self.landing.value = chosen
        draft = ctl.drafts.get(self.power, "")
        if self.text.value != draft:
            self.text.value = draft
        checks = ctl.checks_for(self.power)
        if ctl.state.game_over:
            over = esc(t("game_over_resolve", lang))
            self.checks.value = f'<p class="tt-msg-warn tt-checks-over">⚑ {over}</p>'
        elif not checks:
            self.checks.value = (
                f'<p class="tt-msg-ok tt-checks-ok">✔ {esc(t("checks_ok", lang))}</p>'
            )
        else:
            items = "".join(
                f'<li class="tt-check-{c.kind} '
                + ("tt-msg-error" if c.kind == "void" else "tt-msg-warn")
                + f'">{"⚠" if c.kind == "void" else "…"} {esc(c.text)}</li>'
                for c in checks
            )
            self.checks.value = f"<b>{esc(t('checks', lang))}</b><ul>{items}</ul>"
