"""The Africa 1880 dashboard: order sheets, resolution with map, rounds, game files, timer.

``africa_app()`` returns one widget for a Voila page. Widgets hold no rules: they send intents
to the :class:`~tabletop.ui.africa_controller.AfricaController` and redraw from what it holds.
Every widget a test needs carries a ``tt-...`` CSS class (``add_class``) as a stable selector.
"""

from __future__ import annotations

import base64
import html
import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.gamefile import GameFileError, load_game
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.state import POWERS, normalize_name
from tabletop.ui.africa_controller import AfricaController
from tabletop.ui.africa_map import AfricaMapView, build_map_model, power_colour
from tabletop.ui.i18n import power_name, t
from tabletop.ui.style import style_widget
from tabletop.ui.timer import TimerWidget, format_clock

GAME_FILE_ENV = "TABLETOP_AFRICA_GAME"


def slug(text: str) -> str:
    """A CSS-class-safe form of a name: ``"Great Britain"`` -> ``"great-britain"``."""
    return "".join(ch if ch.isalnum() else "-" for ch in normalize_name(text))


def _esc(value: object) -> str:
    return html.escape(str(value))


def _colon(lang: str) -> str:
    """A colon and its spacing: French puts a space before it."""
    return " : " if lang == "fr" else ": "


def _power_html(power: str, lang: str) -> str:
    colour = power_colour(power)
    return (
        f'<span class="tt-power"><span style="display:inline-block;width:0.8em;height:0.8em;'
        f'border-radius:50%;background:{colour};margin-right:4px"></span>'
        f"{_esc(power_name(power, lang))}</span>"
    )


def _table(headers: list[str], rows: list[list[str]], row_class: str = "") -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join(
        f'<tr class="{row_class}">' + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
        for row in rows
    )
    return f'<table class="tt-table"><tr>{head}</tr>{body}</table>'


def report_html(report: Report | None, lang: str) -> str:
    """The round's table instructions, grouped: remove, place, pins, colonies, void orders."""
    if report is None:
        return f"<p>{_esc(t('no_report', lang))}</p>"
    parts = [f"<h2>{_esc(t('report_title', lang, year=report.year))}</h2>"]
    nothing = f"<p><i>{_esc(t('nothing', lang))}</i></p>"

    parts.append(f"<h3>✕ {_esc(t('remove', lang))} ({len(report.removals)})</h3>")
    if report.removals:
        rows = [
            [
                _power_html(r.power, lang),
                _esc(r.territory),
                _esc(r.reason_fr if lang == "fr" else r.reason),
            ]
            for r in report.removals
        ]
        parts.append(
            _table(
                [t("col_power", lang), t("col_territory", lang), t("col_reason", lang)],
                rows,
                "tt-remove-row",
            )
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>✚ {_esc(t('place', lang))} ({len(report.new_presences)})</h3>")
    if report.new_presences:
        rows = []
        for n in report.new_presences:
            how = t("by_explore_short", lang) if n.by == "explore" else t("by_landing", lang)
            rows.append([_power_html(n.power, lang), _esc(n.territory), _esc(how)])
        parts.append(
            _table(
                [t("col_power", lang), t("col_territory", lang), t("col_by", lang)],
                rows,
                "tt-place-row",
            )
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>▪ {_esc(t('pins', lang))} ({len(report.development)})</h3>")
    if report.development:
        rows = [
            [_esc(d.territory), f"+{d.added}", f"{d.total} / {d.spaces}"]
            for d in report.development
        ]
        parts.append(
            _table([t("col_territory", lang), t("col_added", lang), t("col_total", lang)], rows)
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>★ {_esc(t('colonies_founded', lang))} ({len(report.colonies)})</h3>")
    if report.colonies:
        rows = [
            [_esc(c.territory), ", ".join(_power_html(p, lang) for p in c.powers)]
            for c in report.colonies
        ]
        parts.append(_table([t("col_territory", lang), t("col_powers", lang)], rows))
    else:
        parts.append(nothing)

    parts.append(f"<h3>⚠ {_esc(t('void_orders', lang))} ({len(report.void_orders)})</h3>")
    if report.void_orders:
        rows = [
            [
                _power_html(v.power, lang) if v.power else "?",
                f"<code>{_esc(v.order_text)}</code>",
                _esc(v.text(lang)),
            ]
            for v in report.void_orders
        ]
        parts.append(
            _table([t("col_power", lang), t("col_order", lang), t("col_reason", lang)], rows)
        )
    else:
        parts.append(nothing)
    return '<div class="tt-report">' + "".join(parts) + "</div>"


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
        self.label.value = f"<b>{_esc(territory)}</b>"

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
            f"<h3>{_power_html(self.power, lang)} — "
            f"{_esc(t('stock', lang, n=ctl.state.stock(self.power)))}</h3>"
            + ("" if presences else f"<p>{_esc(t('no_presence', lang))}</p>")
        )
        self.landing.description = t("landing", lang)
        self.text_help.value = (
            f"<b>{_esc(t('sheet_text', lang))}</b><br>"
            f"<small>{_esc(t('sheet_text_help', lang))}</small>"
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
            over = _esc(t("game_over_resolve", lang))
            self.checks.value = f'<p class="tt-msg-warn tt-checks-over">⚑ {over}</p>'
        elif not checks:
            self.checks.value = (
                f'<p class="tt-msg-ok tt-checks-ok">✔ {_esc(t("checks_ok", lang))}</p>'
            )
        else:
            items = "".join(
                f'<li class="tt-check-{c.kind} '
                + ("tt-msg-error" if c.kind == "void" else "tt-msg-warn")
                + f'">{"⚠" if c.kind == "void" else "…"} {_esc(c.text)}</li>'
                for c in checks
            )
            self.checks.value = f"<b>{_esc(t('checks', lang))}</b><ul>{items}</ul>"


class DiplomacyGrid(widgets.VBox):
    """All powers' relations at once: rows declare, columns receive; click a cell to switch."""

    def __init__(self, app: AfricaApp) -> None:
        self.app = app
        self.cells: dict[tuple[str, str], widgets.Button] = {}
        self.title = widgets.HTML()
        self.grid = widgets.GridBox()
        self.grid.add_class("tt-diplomacy")
        super().__init__([self.title, self.grid])

    def rebuild(self) -> None:
        ctl = self.app.controller
        lang = ctl.lang
        powers = ctl.powers
        self.title.value = (
            f"<h3>{_esc(t('diplomacy', lang))}</h3><small>{_esc(t('diplomacy_help', lang))}</small>"
        )
        children: list[widgets.Widget] = [widgets.HTML("")]
        for toward in powers:
            head = widgets.HTML(f"<b>→ {_power_html(toward, lang)}</b>")
            head.add_class("tt-grid-head")
            children.append(head)
        self.cells = {}
        for declarer in powers:
            children.append(widgets.HTML(f"<b>{_power_html(declarer, lang)}</b>"))
            for toward in powers:
                if declarer == toward:
                    children.append(widgets.HTML('<div style="text-align:center">—</div>'))
                    continue
                cell = widgets.Button(
                    layout=self.app.shared.cell_layout, style=self.app.shared.alliance_style
                )
                cell.add_class("tt-rel")
                cell.add_class(f"tt-rel-{slug(declarer)}-{slug(toward)}")
                cell.on_click(self._clicked(declarer, toward))
                self.cells[(declarer, toward)] = cell
                children.append(cell)
        self.grid.layout.grid_template_columns = f"auto repeat({len(powers)}, minmax(6.5em, 1fr))"
        self.grid.layout.grid_gap = "4px"
        self.grid.children = tuple(children)
        self.sync()

    def _clicked(self, declarer: str, toward: str) -> Callable[[Any], None]:
        def handler(_button: Any) -> None:
            ctl = self.app.controller
            now = ctl.relation(declarer, toward)
            ctl.set_relation(declarer, toward, "alliance" if now == "war" else "war")

        return handler

    def sync(self) -> None:
        ctl = self.app.controller
        for (declarer, toward), cell in self.cells.items():
            war = ctl.relation(declarer, toward) == "war"
            cell.description = t("war" if war else "alliance", ctl.lang)
            shared = self.app.shared
            cell.style = shared.war_style if war else shared.alliance_style
            cell.tooltip = (
                f"{power_name(declarer, ctl.lang)} → {power_name(toward, ctl.lang)}"
                + _colon(ctl.lang)
                + t("war" if war else "alliance", ctl.lang)
            )
            if war:
                cell.remove_class("tt-rel-alliance")
                cell.add_class("tt-rel-war")
            else:
                cell.remove_class("tt-rel-war")
                cell.add_class("tt-rel-alliance")


class NewGameForm(widgets.VBox):
    """New game: powers, start, map (default or a board file), rule options."""

    def __init__(self, app: AfricaApp) -> None:
        self.app = app
        self.board: Board | None = None
        self.heading = widgets.HTML()
        self.power_boxes = {p: widgets.Checkbox(value=True, indent=False) for p in POWERS}
        for power, box in self.power_boxes.items():
            box.add_class(f"tt-power-{slug(power)}")
            box.observe(lambda _c: self._refresh_placements(), names="value")
        self.start = widgets.RadioButtons()
        self.start.add_class("tt-start")
        self.start.observe(lambda _c: self._refresh_placements(), names="value")
        self.placements = {p: widgets.Dropdown(layout={"width": "30em"}) for p in POWERS}
        for power, menu in self.placements.items():
            menu.add_class(f"tt-place-{slug(power)}")
        self.placement_box = widgets.VBox()
        self.board_choice = widgets.RadioButtons()
        self.board_choice.add_class("tt-board-choice")
        self.board_choice.observe(lambda _c: self._refresh_placements(), names="value")
        self.board_upload = widgets.FileUpload(
            accept=".json", multiple=False, layout={"width": "22em"}
        )
        self.board_upload.add_class("tt-board-upload")
        self.board_upload.observe(self._board_uploaded, names="value")
        self.board_message = widgets.HTML()
        self.board_message.add_class("tt-board-message")
        self.landing_check = widgets.Dropdown(layout={"width": "34em"})
        self.landing_check.add_class("tt-opt-landing")
        self.scoring = widgets.Dropdown(layout={"width": "24em"})
        self.scoring.add_class("tt-opt-scoring")
        self.start_button = widgets.Button(button_style="primary", layout={"width": "20em"})
        self.start_button.add_class("tt-start-game")
        self.start_button.on_click(lambda _b: self.submit())
        self.powers_label = widgets.HTML()
        self.board_label = widgets.HTML()
        self.options_label = widgets.HTML()
        super().__init__(
            [
                self.heading,
                self.powers_label,
                widgets.HBox(list(self.power_boxes.values())),
                self.start,
                self.placement_box,
                self.board_label,
                self.board_choice,
                self.board_upload,
                self.board_message,
                self.options_label,
                widgets.HBox([self.landing_check, self.scoring]),
                self.start_button,
            ]
        )
        self.add_class("tt-new-game")

    def relabel(self) -> None:
        lang = self.app.controller.lang
        self.heading.value = f"<h2>{_esc(t('new_game', lang))}</h2>"
        self.powers_label.value = f"<b>{_esc(t('powers', lang))}</b>"
        for power, box in self.power_boxes.items():
            box.description = power_name(power, lang)
        start = self.start.value or "historical"
        self.start.options = [
            (t("start_historical", lang), "historical"),
            (t("start_free", lang), "free"),
        ]
        self.start.value = start
        self.start.description = t("start_kind", lang)
        self.board_label.value = f"<b>{_esc(t('board_choice', lang))}</b>"
        choice = self.board_choice.value or "default"
        self.board_choice.options = [
            (t("board_default", lang), "default"),
            (t("board_upload", lang), "upload"),
        ]
        self.board_choice.value = choice
        self.board_upload.description = t("board_upload", lang)
        self.options_label.value = f"<b>{_esc(t('options', lang))}</b>"
        landing = self.landing_check.value or "start_of_round"
        self.landing_check.options = [
            (t("opt_landing_start", lang), "start_of_round"),
            (t("opt_landing_reading", lang), "reading_order"),
        ]
        self.landing_check.value = landing
        self.landing_check.description = t("opt_landing_check", lang)
        scoring = self.scoring.value or "points"
        self.scoring.options = [
            (t("opt_scoring_points", lang), "points"),
            (t("opt_scoring_colonies", lang), "colonies"),
        ]
        self.scoring.value = scoring
        self.scoring.description = t("opt_scoring", lang)
        self.start_button.description = t("start_new_game", lang)
        self._refresh_placements()

    def chosen_board(self) -> Board | None:
        """The uploaded board when "board file" is chosen, else None (the default map)."""
        return self.board if self.board_choice.value == "upload" else None

    def _refresh_placements(self) -> None:
        lang = self.app.controller.lang
        if self.start.value != "free":
            self.placement_box.children = ()
            return
        from tabletop.games.africa1880.board import load_board

        board = self.chosen_board() or load_board()
        coastal = sorted(board.coastal_names(), key=normalize_name)
        shown = []
        for power, menu in self.placements.items():
            if not self.power_boxes[power].value:
                continue
            keep = menu.value
            menu.options = [("—", "")] + [(n, n) for n in coastal]
            menu.value = keep if keep in coastal else ""
            menu.description = power_name(power, lang)
            shown.append(menu)
        self.placement_box.children = (
            widgets.HTML(f"<b>{_esc(t('first_presence', lang))}</b>"),
            *shown,
        )

    def _board_uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        board = self.app.controller.read_board(bytes(item["content"]), item.get("name", "board"))
        ctl = self.app.controller
        if board is None:
            self.board = None
            self.board_message.value = f'<span class="tt-msg-error">{_esc(ctl.message)}</span>'
        else:
            self.board = board
            self.board_choice.value = "upload"
            self.board_message.value = f'<span class="tt-msg-ok">{_esc(ctl.message)}</span>'
        self.board_upload.value = ()
        self._refresh_placements()

    def submit(self) -> bool:
        """Start the game described by the form (errors are shown, the current game is kept)."""
        ctl = self.app.controller
        powers = [p for p, box in self.power_boxes.items() if box.value]
        placements = None
        if self.start.value == "free":
            placements = {p: self.placements[p].value for p in powers if self.placements[p].value}
        if self.board_choice.value == "upload" and self.board is None:
            ctl.say(t("new_game_error", ctl.lang) + " " + t("board_missing", ctl.lang), "error")
            return False
        options = {"landing_check": self.landing_check.value, "scoring": self.scoring.value}
        ok = ctl.new_game(powers, self.start.value, placements, self.chosen_board(), options)
        if ok:
            self.app.tabs.selected_index = 0
        return ok


class AfricaApp(widgets.VBox):
    """The whole dashboard around one controller."""

    def __init__(self, controller: AfricaController, analysis: Callable[..., Any] | None = None):
        self.controller = controller
        self.syncing = False
        self._batch = False
        self.shared = Shared()
        ctl = controller
        # header
        self.title = widgets.HTML()
        self.year = widgets.HTML()
        self.year.add_class("tt-year-label")
        self.lang_toggle = widgets.ToggleButtons(
            options=[("English", "en"), ("Français", "fr")], value=ctl.lang
        )
        self.lang_toggle.add_class("tt-lang")
        self.lang_toggle.observe(lambda c: setattr(ctl, "lang", c["new"]), names="value")
        self.message = widgets.HTML()
        self.message.add_class("tt-message")
        self.banner = widgets.HTML()
        self.banner.add_class("tt-game-over")
        # continue prompt
        self.continue_text = widgets.HTML()
        self.continue_yes = widgets.Button(button_style="success")
        self.continue_yes.add_class("tt-continue")
        self.continue_yes.on_click(lambda _b: ctl.continue_saved())
        self.continue_no = widgets.Button()
        self.continue_no.add_class("tt-continue-no")
        self.continue_no.on_click(lambda _b: ctl.decline_saved())
        self.continue_box = widgets.HBox([self.continue_text, self.continue_yes, self.continue_no])
        self.continue_box.add_class("tt-continue-box")
        # orders
        self.editors: dict[str, SheetEditor] = {}
        self.sheet_tabs = widgets.Tab()
        self.sheet_tabs.add_class("tt-sheet-tabs")
        self.sheet_tabs.observe(self._sheet_tab_changed, names="selected_index")
        self.grid = DiplomacyGrid(self)
        self.summary = widgets.HTML()
        self.summary.add_class("tt-summary")
        self.resolve_button = widgets.Button(button_style="danger", layout={"width": "20em"})
        self.resolve_button.add_class("tt-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve())
        orders = widgets.VBox(
            [self.sheet_tabs, self.grid, self.summary, self.resolve_button],
        )
        # resolution
        self.view_note = widgets.HTML()
        self.view_back = widgets.Button()
        self.view_back.add_class("tt-view-current")
        self.view_back.on_click(lambda _b: ctl.view_round(None))
        self.report = widgets.HTML()
        self.report.add_class("tt-report-box")
        self.map_view = AfricaMapView()
        # At the top of the report: back to the sheets. Focusing it after Resolve brings the
        # report's top into view (the page was scrolled down to the Resolve button).
        self.to_sheets = widgets.Button()
        self.to_sheets.add_class("tt-to-sheets")
        self.to_sheets.on_click(lambda _b: setattr(self.tabs, "selected_index", 0))
        report_col = widgets.VBox(
            [widgets.HBox([self.to_sheets, self.view_note, self.view_back]), self.report],
            layout={"width": "44%", "min_width": "28em"},
        )
        result = widgets.HBox([report_col, self.map_view], layout={"flex_flow": "row wrap"})
        # rounds
        self.history = widgets.Select(rows=9, layout={"width": "16em"})
        self.history.add_class("tt-history")
        self.view_button = widgets.Button()
        self.view_button.add_class("tt-view-round")
        self.view_button.on_click(lambda _b: self.view_selected())
        self.undo_button = widgets.Button(button_style="warning")
        self.undo_button.add_class("tt-undo")
        self.undo_button.on_click(lambda _b: ctl.undo())
        self.scores = widgets.HTML()
        self.scores.add_class("tt-scores")
        self.history_label = widgets.HTML()
        rounds = widgets.VBox(
            [
                self.history_label,
                widgets.HBox([self.history, widgets.VBox([self.view_button, self.undo_button])]),
                self.scores,
            ]
        )
        # game files (the new-game form is built when its tab is first opened)
        self._form: NewGameForm | None = None
        self.form_box = widgets.VBox()
        self.example_button = widgets.Button()
        self.example_button.add_class("tt-example")
        self.example_button.on_click(lambda _b: ctl.load_example())
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.add_class("tt-load-game")
        self.upload.observe(self._game_uploaded, names="value")
        self.save_link = widgets.HTML()
        self.save_link.add_class("tt-save")
        self.files_label = widgets.HTML()
        files = widgets.VBox(
            [
                self.files_label,
                widgets.HBox([self.example_button, self.upload]),
                self.save_link,
                self.form_box,
            ]
        )
        # timer and the optional teacher view
        self._timer: TimerWidget | None = None
        self.timer_box = widgets.VBox()
        self.analysis_factory = analysis
        self.analysis_panel: Any = None
        self._analysis_stale = True
        self._analysis_error: widgets.HTML | None = None  # built with the teacher view
        self._analysis_hide: widgets.Button | None = None
        self.analysis_box = widgets.VBox(layout={"display": "none"})
        self.analysis_box.add_class("tt-teacher")
        self.teacher_toggle = widgets.ToggleButton(value=False)
        self.teacher_toggle.add_class("tt-teacher-toggle")
        self.teacher_toggle.observe(self._on_teacher, names="value")
        if analysis is None:
            self.teacher_toggle.layout.display = "none"
        panels = [orders, result, rounds, files, self.timer_box]
        self.tabs = widgets.Tab(children=panels)
        self.tabs.add_class("tt-main-tabs")
        self.tabs.observe(self._tab_changed, names="selected_index")
        header = widgets.HBox(
            [self.title, self.year, widgets.HBox([self.teacher_toggle, self.lang_toggle])],
            layout={
                "justify_content": "space-between",
                "align_items": "center",
                "flex_flow": "row wrap",
            },
        )
        super().__init__(
            [
                style_widget(),
                header,
                self.continue_box,
                self.banner,
                self.message,
                self.tabs,
                self.analysis_box,
            ]
        )
        self.add_class("tt-app")
        ctl.observe(self._on_revision, names="revision")
        ctl.observe(self._on_drafts, names="drafts_revision")
        ctl.observe(self._on_view, names="view_index")
        ctl.observe(self._on_lang, names="lang")
        ctl.observe(self._on_message, names=["message", "message_kind"])
        ctl.observe(self._on_offer, names="offer_continue")
        self._relabel()
        self._refresh_game()
        self._on_message()
        self._on_offer()

    # ----------------------------------------------------------------- intents
    def resolve(self) -> None:
        """Resolve, then show the report and the map before updating the sheets."""
        self._batch = True
        try:
            report = self.controller.resolve()
        finally:
            self._batch = False
        if report is not None:
            self.tabs.selected_index = 1
            self.to_sheets.focus()
        self._refresh_game()
        self._refresh_analysis()

    def view_selected(self) -> None:
        if self.history.value is not None:
            self.controller.view_round(self.history.value)
            self.tabs.selected_index = 1
            self.to_sheets.focus()

    def _game_uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        self.controller.load_file(bytes(item["content"]), item.get("name", "game.json"))
        self.upload.value = ()

    # ----------------------------------------------------------------- observers
    def _on_revision(self, _change: Any = None) -> None:
        if not self._batch:
            self._refresh_game()

    def _on_drafts(self, _change: Any = None) -> None:
        self._analysis_stale = True
        if not self._batch:
            self._refresh_drafts()
            self._refresh_analysis()

    def _on_view(self, _change: Any = None) -> None:
        if not self._batch:
            self._refresh_result()

    def _on_lang(self, _change: Any = None) -> None:
        self.lang_toggle.value = self.controller.lang
        if self._timer is not None:
            self._timer.set_lang(self.controller.lang)
        self._relabel()
        self._refresh_game()
        self._refresh_analysis()  # the teacher view follows the page's language

    def _on_message(self, _change: Any = None) -> None:
        ctl = self.controller
        if not ctl.message:
            self.message.value = ""
            return
        cls = {"error": "tt-msg-error", "warn": "tt-msg-warn"}.get(ctl.message_kind, "tt-msg-ok")
        self.message.value = f'<p class="{cls}">{_esc(ctl.message)}</p>'

    def _on_offer(self, _change: Any = None) -> None:
        ctl = self.controller
        self.continue_box.layout.display = None if ctl.offer_continue else "none"
        self.continue_text.value = f"<b>{_esc(ctl.saved_summary())}</b>"

    @property
    def form(self) -> NewGameForm:
        """The new-game form (built on first use)."""
        if self._form is None:
            self._form = NewGameForm(self)
            self._form.relabel()
            self.form_box.children = (self._form,)
        return self._form

    @property
    def timer(self) -> TimerWidget:
        """The diplomacy timer (built on first use)."""
        if self._timer is None:
            self._timer = TimerWidget(lang=self.controller.lang)
            self.timer_box.children = (self._timer,)
            self._timer.countdown.observe(
                self._on_timer_tick, names=["remaining", "running", "finished"]
            )
        return self._timer

    def _timer_title(self, lang: str) -> str:
        """The timer tab's title, with the time left while it runs (glyphs every font has)."""
        title = t("tab_timer", lang)
        countdown = self._timer.countdown if self._timer is not None else None
        if countdown is not None and countdown.finished:
            return f"{title} ⚠ {format_clock(0)}"
        if countdown is not None and countdown.running:
            return f"{title} ▶ {format_clock(countdown.remaining)}"
        return title

    def _on_timer_tick(self, _change: Any = None) -> None:
        # The timer ticks four times a second: send the titles only when the text changes.
        title = self._timer_title(self.controller.lang)
        if self.tabs.titles[4] != title:
            self.tabs.titles = (*self.tabs.titles[:4], title)

    def _sheet_tab_changed(self, change: dict) -> None:
        index = change["new"]
        editors = list(self.editors.values())
        if index is not None and 0 <= index < len(editors):
            editors[index].activate()

    def _tab_changed(self, change: dict) -> None:
        if change["new"] == 3:
            self.form  # noqa: B018 - builds the form on first opening
        elif change["new"] == 4:
            self.timer  # noqa: B018 - builds the timer on first opening

    def _on_teacher(self, change: dict) -> None:
        """Show or hide the teacher view (built on first showing: most tables never open it)."""
        shown = bool(change["new"]) and self.analysis_factory is not None
        self.analysis_box.layout.display = None if shown else "none"
        if shown:
            self._refresh_analysis()
            # The view opens below the tabs, often out of sight: bring its top into view.
            if self._analysis_hide is not None:
                self._analysis_hide.focus()

    def _refresh_analysis(self) -> None:
        """Give the teacher view the position after this round's orders as typed so far."""
        if not self.teacher_toggle.value or self.analysis_factory is None:
            self._analysis_stale = True
            return
        ctl = self.controller
        if self._analysis_error is None:
            self._analysis_error = widgets.HTML()
            self._analysis_error.add_class("tt-teacher-error")
        if self._analysis_hide is None:
            self._analysis_hide = widgets.Button()
            self._analysis_hide.add_class("tt-teacher-hide")
            self._analysis_hide.on_click(lambda _b: setattr(self.teacher_toggle, "value", False))
        self._analysis_hide.description = "✕ " + t("teacher_hide", ctl.lang)
        try:
            after, declared = ctl.after_orders(), ctl.declared_relations()
            if self.analysis_panel is None:
                self.analysis_panel = self.analysis_factory(after, declared, lang=ctl.lang)
            else:
                # A panel hidden during a language switch catches up when shown again.
                if getattr(self.analysis_panel, "lang", ctl.lang) != ctl.lang:
                    self.analysis_panel.set_lang(ctl.lang)
                if self._analysis_stale:
                    self.analysis_panel.update(after, declared)
        except Exception as error:  # an optional panel must never break the game itself
            # The message goes above the panel, which stays: the next change may work again.
            self._analysis_error.value = (
                f'<p class="tt-msg-error">{_esc(t("teacher_failed", ctl.lang))} {_esc(error)}</p>'
            )
            self._analysis_stale = True
        else:
            self._analysis_error.value = ""
            self._analysis_stale = False
        panel = () if self.analysis_panel is None else (self.analysis_panel,)
        children = (self._analysis_hide, self._analysis_error, *panel)
        if tuple(self.analysis_box.children) != children:
            self.analysis_box.children = children

    # ----------------------------------------------------------------- rendering
    def _relabel(self) -> None:
        lang = self.controller.lang
        self.title.value = f"<h1>{_esc(t('title', lang))}</h1>"
        titles = [t("tab_orders", lang), t("tab_result", lang), t("tab_history", lang)]
        titles += [t("tab_game", lang), self._timer_title(lang)]
        self.tabs.titles = tuple(titles)
        self.teacher_toggle.description = t("teacher_view", lang)
        self.resolve_button.description = "⚖ " + t("resolve", lang)
        self.view_back.description = t("view_current", lang)
        self.to_sheets.description = "✎ " + t("to_sheets", lang)
        self.view_button.description = t("view_round", lang)
        self.example_button.description = t("example_game", lang)
        self.upload.description = t("load_game", lang)
        self.continue_yes.description = t("continue_yes", lang)
        self.continue_no.description = t("continue_no", lang)
        self.history_label.value = f"<h3>{_esc(t('history', lang))}</h3>"
        self.files_label.value = f"<h2>{_esc(t('tab_game', lang))}</h2>"
        if self._form is not None:
            self._form.relabel()
        self._on_offer()

    def _refresh_game(self) -> None:
        """Everything that depends on the position: report and map first, then the rest."""
        ctl = self.controller
        lang = ctl.lang
        state = ctl.state
        self._refresh_result()
        self.year.value = (
            '<span class="tt-year">'
            + _esc(
                t(
                    "year_round",
                    lang,
                    year=state.year,
                    round=state.round,
                    last=state.options.last_round,
                )
            )
            + "</span>"
        )
        if state.game_over:
            scores = ", ".join(
                f"{power_name(line.power, lang)} {line.points}" for line in ctl.scores().powers
            )
            over = t("game_over_banner", lang, year=state.year, scores=scores)
            self.banner.value = f'<div class="tt-banner">⚑ {_esc(over)}</div>'
        else:
            self.banner.value = ""
        self.resolve_button.disabled = state.game_over
        years = ctl.history_years()
        self.undo_button.disabled = not years
        # The button says which round it takes back (a past round may be selected in the list).
        self.undo_button.description = "↶ " + (
            t("undo_round", lang, year=years[-1]) if years else t("undo", lang)
        )
        options = [(f"{year}", index) for index, year in enumerate(years)]
        if list(self.history.options) != options:
            self.history.options = options
        # The newest round is selected, so View shows something at once.
        self.history.value = len(years) - 1 if years else None
        self.view_button.disabled = not years
        self.scores.value = self._scores_html()
        data = base64.b64encode(ctl.game_bytes()).decode("ascii")
        name = ctl.file_name()
        self.save_link.value = (
            f'<a class="tt-save-link" download="{_esc(name)}" '
            f'href="data:application/json;base64,{data}" '
            'style="font-size:18px;font-weight:bold">↓ '
            f"{_esc(t('save_game', lang))} — {_esc(name)}</a>"
        )
        self._rebuild_sheets()

    def _refresh_result(self) -> None:
        ctl = self.controller
        lang = ctl.lang
        view = ctl.round_view()
        self.report.value = report_html(view.report, lang)
        if view.index >= 0:
            year = view.report.year if view.report else ctl.game.history[view.index].state.year
            viewing = _esc(t("viewing_round", lang, year=year))
            self.view_note.value = f'<span class="tt-msg-warn tt-viewing"><b>{viewing}</b></span>'
            self.view_back.layout.display = None
            title = t("viewing_round", lang, year=year)
        else:
            self.view_note.value = ""
            self.view_back.layout.display = "none"
            title = t(
                "year_round",
                lang,
                year=view.state.year,
                round=view.state.round,
                last=view.state.options.last_round,
            )
        model = build_map_model(
            ctl.board, ctl.geometry, view.state, view.changes, lang, title=title
        )
        self.map_view.set_model(model)

    def _rebuild_sheets(self) -> None:
        ctl = self.controller
        self.syncing = True
        try:
            if list(self.editors) != list(ctl.powers):
                self.editors = {p: SheetEditor(self, p) for p in ctl.powers}
                self.sheet_tabs.children = tuple(self.editors.values())
                self.sheet_tabs.selected_index = 0
                next(iter(self.editors.values())).activate()
            for editor in self.editors.values():
                editor.rebuild()
            self.grid.rebuild()
        finally:
            self.syncing = False
        self._refresh_titles()

    def _refresh_drafts(self) -> None:
        self.syncing = True
        try:
            for editor in self.editors.values():
                editor.sync()
            self.grid.sync()
        finally:
            self.syncing = False
        self._refresh_titles()

    def _refresh_titles(self) -> None:
        ctl = self.controller
        lang = ctl.lang
        titles = []
        for power in ctl.powers:
            checks = ctl.checks_for(power)
            voids = sum(c.kind == "void" for c in checks)
            missing = len(checks) - voids
            mark = (f" ⚠{voids}" if voids else "") + (f" …{missing}" if missing else "")
            titles.append(power_name(power, lang) + mark)
        self.sheet_tabs.titles = tuple(titles)
        checks = ctl.checks()
        voids = [c for c in checks if c.kind == "void"]
        missing = [c for c in checks if c.kind == "no_order"]
        lines = [
            f'<li class="tt-msg-error">⚠ {_power_html(c.power, lang) if c.power else "?"}'
            + _colon(lang)
            + f"{_esc(c.text)}</li>"
            for c in voids
        ]
        if missing:
            per_power: dict[str, list[str]] = {}
            for c in missing:
                per_power.setdefault(c.power, []).append(c.territory or "")
            for power, names in per_power.items():
                lines.append(
                    f'<li class="tt-msg-warn">… {_power_html(power, lang)}'
                    + _colon(lang)
                    + _esc(t("no_order_list", lang, names=", ".join(names)))
                    + "</li>"
                )
        if ctl.state.game_over:
            # Say why Resolve is disabled, right next to it, and what can still be done.
            over = _esc(t("game_over_resolve", lang))
            self.summary.value = f'<b class="tt-summary-over tt-msg-warn">⚑ {over}</b>'
            return
        counts = t("summary_counts", lang, void=len(voids), missing=len(missing))
        head = f'<b class="tt-summary-counts">{_esc(counts)}</b>'
        self.summary.value = head + (f"<ul>{''.join(lines)}</ul>" if lines else "")

    def _scores_html(self) -> str:
        ctl = self.controller
        lang = ctl.lang
        result = ctl.scores()
        rows = [
            [
                _power_html(p.power, lang),
                str(p.points),
                str(p.colonies),
                str(p.presences),
                str(ctl.state.stock(p.power)),
            ]
            for p in result.powers
        ]
        table = _table(
            [
                t("col_power", lang),
                t("col_points", lang),
                t("col_colonies", lang),
                t("col_presences", lang),
                t("col_stock", lang),
            ],
            rows,
        )
        note = _esc(t("scoring_note", lang))
        return f"<h3>{_esc(t('scores', lang))}</h3>{table}<p><small>{note}</small></p>"


def _analysis_factory() -> Callable[..., Any] | None:
    """The teacher view's panel factory when the analysis panels are installed.

    Only looked up here; the module (and the numerical libraries behind it) is imported when the
    teacher view is first shown, so the page opens faster.
    """
    if importlib.util.find_spec("tabletop.ui.analysis_panels") is None:
        return None

    def factory(*args: Any, lang: str = "en") -> Any:
        from tabletop.ui.analysis_panels import africa_analysis_panel

        return africa_analysis_panel(*args, lang=lang)

    return factory


def africa_app(
    game_file: str | os.PathLike[str] | None = None,
    lang: str = "en",
    autosave_path: str | os.PathLike[str] | None = None,
) -> AfricaApp:
    """Build the Africa 1880 dashboard.

    With ``game_file`` (or ``$TABLETOP_AFRICA_GAME``) that game is opened and saved back to the
    same file after every resolution; otherwise the bundled example game in progress is shown,
    and a game saved automatically earlier is offered for continuing.
    """
    game_file = game_file or os.environ.get(GAME_FILE_ENV) or None
    if game_file is not None:
        path = Path(game_file)
        try:
            game = load_game(path)
        except GameFileError as error:
            controller = AfricaController(autosave_path=autosave_path, lang=lang)
            controller.say(t("file_refused", lang, error=str(error)), "error")
        else:
            controller = AfricaController(game=game, autosave_path=path, lang=lang)
            controller.decline_saved()
            controller.restore_drafts()
    else:
        controller = AfricaController(autosave_path=autosave_path, lang=lang)
    return AfricaApp(controller, analysis=_analysis_factory())
