"""One power's order sheet: presence rows with menus, the landing, the typed text, the checks.

The widgets hold no rules: they send intents to the controller and show what it reads in the
draft (the typed text is the single source of truth).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.legal import PowerChoices
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880 import choices
from tabletop.ui.africa1880.drafts import MAX_SHOWN_CHECKS
from tabletop.ui.africa1880.html import controller_guard, local_text, power_html, slug
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.input_limit import limit_field
from tabletop.ui.shell.menu import Menu

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


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
        self.html_style = HTMLStyle()
        self.cell_layout = widgets.Layout(width="auto")
        self.war_style = widgets.ButtonStyle(
            button_color="#c62828", text_color="white", font_weight="bold"
        )
        self.alliance_style = widgets.ButtonStyle(
            button_color="#2e7d32", text_color="white", font_weight="bold"
        )


class Filling:
    """Set while widgets are filled from the model: their observers then send no intent back.

    One per sheet desk, shared by its editors and grid.
    """

    def __init__(self) -> None:
        self.active = False

    @contextlib.contextmanager
    def during(self) -> Iterator[None]:
        """Widgets are being filled inside this block (nested blocks restore the outer one)."""
        before, self.active = self.active, True
        try:
            yield
        finally:
            self.active = before


class SheetText(widgets.Textarea):  # type: ignore[misc]
    """A sheet's typed text. ``seal_request`` is flipped in the browser by a seat's Seal button
    (a link there, :func:`ipywidgets.jsdlink`): the flip rides on this widget's own updates, in
    the same queue as the text, so the kernel never sees a seal before the text the box showed.

    (The page holds a text update back while an earlier one is being handled, and sends it when
    the kernel is idle again; a tap on another widget goes out at once and would overtake it.)
    """

    seal_request = traitlets.Bool(False).tag(sync=True)


class PresenceRow(widgets.HBox):
    """One presence of a sheet: territory, order kind, exploration target (reused across rounds)."""

    def __init__(self, on_change: Callable[[PresenceRow], None], shared: Shared) -> None:
        self.power = ""
        self.territory = ""
        self.label = widgets.HTML(layout=shared.label_layout, style=shared.html_style)
        self.kind = Menu(options=[("—", "")], layout=shared.kind_layout)
        self.kind.add_class("tt-kind")
        self.kind.add_class("tt-sr-label")
        self.target = Menu(options=[("—", "")], layout=shared.target_layout)
        self.target.add_class("tt-target")
        self.target.add_class("tt-sr-label")
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

    def __init__(
        self, controller: AfricaController, power: str, shared: Shared, filling: Filling
    ) -> None:
        self.controller = controller
        self.shared = shared
        self.filling = filling
        self.power = power
        self.built = False
        self.rows: list[PresenceRow] = []
        self._menus: tuple[GameState, Board, OrderSheet, PowerChoices] | None = None
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
        self.landing = Menu(layout={"width": "24em"})
        self.landing.add_class("tt-landing")
        self.landing.add_class("tt-sr-label")
        guard = controller_guard(self.controller)
        self.landing.observe(guard(self._landing_changed), names="value")
        self.text = SheetText(rows=10, continuous_update=True, layout={"width": "100%"})
        self.text.add_class("tt-text")
        self.text.observe(guard(self._text_changed), names="value")
        self.text_help = widgets.HTML()
        self.checks = widgets.HTML()
        self.checks.add_class("tt-checks")
        # Side by side on a laptop, one above the other on a tablet.
        left = widgets.VBox([self.heading, self.rows_box, self.landing])
        left.layout.flex = "1 1 34em"
        # The browser refuses a paste that would make the text too long to read, before
        # sending it (the kernel's own check stays: Drafts.too_long).
        right = widgets.VBox([self.text_help, self.text])
        self.text_limit = limit_field(right, MAX_SHEET_CHARS, self.controller.lang)
        right.children = (self.text_help, self.text, self.text_limit)
        right.layout.flex = "1 1 22em"
        self.built = True
        with self.filling.during():
            self.rebuild()
        self.children = (widgets.HBox([left, right], layout={"flex_flow": "row wrap"}), self.checks)

    # --- from the widgets to the controller
    def _row_changed(self, row: PresenceRow) -> None:
        if self.filling.active or not row.power:
            return
        kind = row.kind.value
        target = row.target.value if kind == "explore" else ""
        self.controller.set_order(row.power, row.territory, kind, target)

    def _landing_changed(self, change: dict) -> None:
        if self.filling.active:
            return
        self.controller.set_landing(self.power, change["new"] or None)

    def _text_changed(self, change: dict) -> None:
        if self.filling.active:
            return
        self.controller.set_sheet_text(self.power, change["new"])

    # --- from the controller to the widgets (called while filling)
    def menus(self) -> PowerChoices:
        """The core's menus for this sheet as written (cached until the sheet or game changes)."""
        ctl = self.controller
        sheet = ctl.sheet(self.power)
        cached = self._menus
        if cached is None or not (
            cached[0] is ctl.state and cached[1] is ctl.board and cached[2] == sheet
        ):
            cached = (
                ctl.state,
                ctl.board,
                sheet,
                choices.menus(ctl.state, ctl.board, self.power, sheet),
            )
            self._menus = cached
        return cached[3]

    # --- from the controller to the widgets (called while filling)
    def rebuild(self) -> None:
        """Rows and menus for the current position (after a new game, resolution, undo)."""
        if not self.built:
            return
        ctl = self.controller
        lang = ctl.lang
        presences = [menu.territory for menu in self.menus().presences]
        while len(self.rows) < len(presences):
            self.rows.append(
                PresenceRow(controller_guard(self.controller)(self._row_changed), self.shared)
            )
        for row, territory in zip(self.rows, presences, strict=False):
            row.bind(self.power, territory)
        for row in self.rows[len(presences) :]:
            row.unbind()
        self.rows_box.children = tuple(self.rows[: len(presences)])
        self.heading.value = (
            f"<h3>{power_html(self.power, lang)} — "
            f"{esc(t('stock', lang, n=ctl.state.stock(self.power)))}</h3>"
            + ("" if presences else f"<p>{esc(t('no_presence', lang))}</p>")
        )
        self.landing.description = t("landing", lang)
        self.text_limit.relabel(lang)
        self.text_help.value = (
            f"<b>{esc(t('sheet_text', lang))}</b><br>"
            f"<small>{esc(t('sheet_text_help', lang))}</small>"
        )
        self.sync()

    def sync(self) -> None:
        """Widget values from the draft sheet; every menu option from the core's choices.

        A value the typed text holds but the core does not offer (a territory already held, a
        pawn too many) is still shown, marked, so that the menu says what the text says.
        """
        if not self.built:
            return
        ctl = self.controller
        lang = ctl.lang
        menus = self.menus()
        for row in self.rows:
            if not row.power:
                continue
            menu = menus.presence(row.territory)
            kind, target = ctl.order_of(self.power, row.territory)
            offered = [str(k) for k in menu.kinds] if menu else ["hold"]
            kinds = [("—", ""), *((t(k, lang), k) for k in offered)]
            if kind and kind not in offered:
                kinds.append((f"{t(kind, lang)} ⚠", kind))
            targets = [(t("no_target", lang), "")] + [
                (n, n) for n in (menu.explore_targets if menu else ())
            ]
            if target and target not in [v for _, v in targets]:
                targets.append((f"{target} ⚠", target))
            row.kind.offer(kinds, kind)
            row.target.offer(targets, target if kind == "explore" else "")
            # The menus' accessible names: a screen reader hears which presence they order.
            name = ctl.board.display_name(row.territory, lang)
            row.kind.description = t("order_menu", lang, territory=name)
            row.target.description = t("target_menu", lang, territory=name)
            row.target.disabled = kind != "explore"
        sheet = ctl.sheet(self.power)
        chosen = sheet.landing.target if sheet.landing else ""
        options = [(t("no_landing", lang), "")] + [(n, n) for n in menus.landing_targets]
        if chosen and chosen not in menus.landing_targets:
            options.append((f"{chosen} ⚠", chosen))
        self.landing.offer(options, chosen)
        self.landing.description = t("landing_menu", lang, power=power_name(self.power, lang))
        self._sync_text()
        self.checks.value = checks_html(ctl, self.power)

    def _sync_text(self) -> None:
        draft = self.controller.drafts.get(self.power, "")
        if self.text.value != draft:
            self.text.value = draft


def checks_html(ctl: AfricaController, power: str) -> str:
    """The live checks of ``power``'s sheet as HTML: at most :data:`MAX_SHOWN_CHECKS` items,
    then "and N more" (a pasted page of nonsense gives one short list, not thousands)."""
    lang = ctl.lang
    if ctl.state.game_over:
        over = esc(t("game_over_resolve", lang))
        return f'<p class="tt-msg-warn tt-checks-over">⚑ {over}</p>'
    checks = ctl.checks_for(power)
    if not checks:
        return f'<p class="tt-msg-ok tt-checks-ok">✔ {esc(t("checks_ok", lang))}</p>'
    shown = checks[:MAX_SHOWN_CHECKS]
    items = "".join(
        f'<li class="tt-check-{c.kind} '
        + ("tt-msg-error" if c.kind == "void" else "tt-msg-warn")
        + f'">{"⚠" if c.kind == "void" else "…"} {esc(c.text)}</li>'
        for c in shown
    )
    more = len(checks) - len(shown)
    if more:
        items += f'<li class="tt-checks-more">{esc(local_text("and_more", lang, n=more))}</li>'
    return f"<b>{esc(t('checks', lang))}</b><ul>{items}</ul>"
