"""The Massai page: ``massai_app(lang="en")`` returns the widget to display.

One controller (:class:`~tabletop.ui.massai.controller.MassaiController`) holds the game; this
view only renders it and forwards clicks. The board is drawn from ``on_client_ready`` and from
callbacks, never while the notebook runs (ipycanvas would draw nothing in Voila).

The games are kept in the games database (:func:`tabletop.store.open_store`: SQLite in
``$TABLETOP_DATA_DIR`` or ``~/.local/share/tabletop``, or ``$TABLETOP_DATABASE_URL``). A visit
opens the list of the Massai games (:class:`~tabletop.ui.shell.games_list.GamesList`); with no
game yet, a new game is started as a new entry. Every action is an entry of the game's
history; other pages on the same game see it within about a second. The old ``massai.json``
autosave is imported once into the database (the file is kept).

When the analysis panels are installed, a **Teacher view** toggle in the header shows the attack
game of the position (:func:`tabletop.ui.analysis.massai_panel.massai_analysis_panel`), through
the shell's :class:`~tabletop.ui.shell.teacher.TeacherView` (the same as on the Africa page). It
is given only the public position, so a target or guards being entered in secret never reach it.
"""

from __future__ import annotations

import dataclasses
import html
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.massai.actions import Build, Move
from tabletop.games.massai.state import Options, OptionsError, State, parse_guard_table
from tabletop.store import Store, StoreError, open_store
from tabletop.ui.massai.canvas import (
    Scene,
    connect_squares,
    draw,
    geometry_for,
    make_canvas,
    shown_chain,
)
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.texts import player_label, t
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.games_list import GamesList
from tabletop.ui.shell.teacher import TeacherView, installed

MASSAI_CSS = """
.tt-massai-prompt { font-size: 22px; font-weight: bold; padding: 10px 14px; border-radius: 6px;
  background: #fff3e0; border: 2px solid #ef6c00; line-height: 1.35; }
.tt-massai-prompt.tt-secret { background: #263238; color: #fff; border-color: #000; }
.tt-massai-message { font-size: 19px; line-height: 1.35; }
.tt-massai-status { font-size: 19px; }
.tt-massai-history { font-size: 17px; max-height: 360px; overflow-y: auto; }
.tt-massai-board { cursor: pointer; border: 1px solid #8d6e3f; }
.tt-massai-app .widget-button { margin: 4px 10px 4px 0; }
.tt-massai-locked { font-size: 26px; color: #1b5e20; font-weight: bold; }
.tt-massai-teacher-note { font-size: 17px; color: #555; }
"""

PANELS_MODULE = "tabletop.ui.analysis.massai_panel"
#: Notices shown big and green: a secret choice is locked in.
LOCKED_NOTICES = ("locked", "db_setup_locked", "db_attack_locked", "db_remote_attack")

#: Builds the teacher panel: ``factory(public_state, lang=lang)`` -> a widget with
#: ``update(state)``, ``set_lang(lang)`` and ``lang``.
TeacherFactory = Callable[[State, str], Any]


def public_position(state: State) -> State:
    """``state`` without anything still secret (a first setup not yet placed)."""
    if state.pending_setup is None:
        return state
    return dataclasses.replace(state, pending_setup=None)


def teacher_panel_factory() -> TeacherFactory | None:
    """The teacher view's panel factory, or ``None`` when the analysis panels are not installed.

    Only looked up here: the panels (and the numerical libraries behind them) are imported when
    the teacher view is first switched on, so the page's first render stays light.
    """
    if not installed(PANELS_MODULE):
        return None

    def factory(state: State, lang: str) -> Any:
        from tabletop.ui.analysis.massai_panel import massai_analysis_panel

        return massai_analysis_panel(state, lang=lang)

    return factory


class MassaiView:
    """Widgets of the page, observing one controller."""

    def __init__(
        self, controller: MassaiController, analysis: TeacherFactory | None = None
    ) -> None:
        self.controller = controller
        self.geometry = geometry_for(controller.state)
        self.canvas = make_canvas(self.geometry)
        self.canvas.add_class("tt-massai-board")
        # Clicks and finger taps alike (a touch screen sends no mouse events to the canvas).
        self.taps = connect_squares(self.canvas, self.geometry, controller.click)
        self.canvas.on_client_ready(self.redraw)

        self.title = widgets.HTML()
        self.lang = language_switch(controller.lang, controller.set_lang, "tt-massai-lang")
        self.status = widgets.HTML()
        self.status.add_class("tt-massai-status")
        self.prompt = widgets.HTML()
        self.prompt.add_class("tt-massai-prompt")
        self.message = widgets.HTML()
        self.message.add_class("tt-massai-message")

        def button(name: str, action, style: str = "") -> widgets.Button:
            made = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
            made.style.font_size = "18px"
            made.style.font_weight = "bold"
            made.add_class(f"tt-massai-{name}")
            made.on_click(lambda _button: action())
            return made

        self.start_button = button("start", controller.start_secret, "warning")
        self.confirm_button = button("confirm", controller.confirm, "success")
        self.clear_button = button("clear", controller.clear)
        self.attack_button = button("attack", controller.attack, "danger")
        self.cancel_button = button("cancel", controller.cancel)
        self.continue_button = button("continue", controller.continue_, "primary")
        self.undo_button = button("undo", controller.undo)
        self.redo_button = button("redo", controller.redo)
        #: Back to the games list (shown only when the page has one: see :class:`MassaiPage`).
        self.games_button = button("games", lambda: self.on_games())
        self.games_button.layout.display = "none"
        self.on_games: Callable[[], None] = lambda: None

        self.history_title = widgets.HTML()
        self.history = widgets.HTML()
        self.history.add_class("tt-massai-history")

        self.adjacency = widgets.Dropdown(options=[8, 4], value=controller.state.options.adjacency)
        self.adjacency.add_class("tt-massai-adjacency")
        self.guard_table = widgets.Text(
            value=",".join(map(str, controller.state.options.guard_table))
        )
        self.guard_table.add_class("tt-massai-guard-table")
        self.new_button = button("new", self.start_new_game)
        self.saved = widgets.HTML()
        self.saved.add_class("tt-massai-saved")
        self.upload = upload_widget(self.import_upload, "tt-massai-upload")
        self.upload_label = widgets.HTML()
        self.options_line = widgets.HTML()
        self.legend = widgets.HTML()
        self.new_box = widgets.Accordion(
            children=[
                widgets.VBox(
                    [
                        self.options_line,
                        widgets.HBox([self.adjacency, self.guard_table]),
                        self.new_button,
                        self.upload_label,
                        self.upload,
                        self.saved,
                    ]
                )
            ]
        )
        self.new_box.selected_index = None

        # The optional teacher view, given only the public position (see the module's words).
        self._panel_source: State | None = None  # the position the panel was last told about
        self.teacher = TeacherView(
            analysis,
            position=lambda: (public_position(controller.state),),
            text=t,
            lang=lambda: controller.lang,
            css_prefix="tt-massai",
            note=self._teacher_note,
            # Sized to its words: the French "Vue enseignant" was cut to "Vue enseig…".
            toggle_layout=widgets.Layout(width="auto", min_width="max-content"),
        )

        buttons = widgets.HBox(
            [
                self.start_button,
                self.confirm_button,
                self.clear_button,
                self.attack_button,
                self.cancel_button,
                self.continue_button,
                self.undo_button,
                self.redo_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        left = widgets.VBox(
            [self.prompt, self.canvas, buttons, self.message, self.legend],
            layout=widgets.Layout(width="66%", min_width="420px"),
        )
        right = widgets.VBox(
            [self.status, self.history_title, self.history, self.new_box],
            layout=widgets.Layout(width="32%", min_width="280px", padding="0 0 0 12px"),
        )
        self.root = widgets.VBox(
            page_frame(
                header_bar([self.title], [self.games_button, self.teacher.toggle, self.lang]),
                widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap")),
                self.teacher.box,
                css=MASSAI_CSS,
            )
        )
        frame_root(self.root, ["tt-massai-app"])
        controller.observe(self._on_change, names="revision")
        self.render_panels()

    # --- events ----------------------------------------------------------------------------

    def on_mouse_down(self, x: float, y: float) -> None:
        """Canvas click (canvas pixels) -> square -> controller (as the canvas does)."""
        self.taps.mouse_down(x, y)

    def start_new_game(self) -> None:
        """Read the option widgets and ask the controller for a new game."""
        try:
            options = Options(
                adjacency=self.adjacency.value,
                guard_table=parse_guard_table(self.guard_table.value),
            )
        except OptionsError:
            self.controller.notify("notice_bad_guard_table", table=self.guard_table.value.strip())
            return
        self.controller.new_game(options)

    def import_upload(self, data: bytes, name: str) -> None:
        """An uploaded file: imported as a new game (a bad one refused, this game untouched)."""
        self.controller.import_file(data, name)

    def _on_change(self, _change: object) -> None:
        geometry = geometry_for(self.controller.state)
        if geometry != self.geometry:
            self.geometry = geometry
            self.taps.geometry = geometry
            self.canvas.width, self.canvas.height = geometry.width, geometry.height
        # Board first: when a text announces a step, its drawing has already been sent.
        self.redraw()
        self.render_panels()
        self.refresh_teacher()

    def _teacher_note(self) -> str:
        """Said above the panel while a secret choice is being entered."""
        c = self.controller
        return t("teacher_secret_note", c.lang) if c.stage not in ("play", "reveal", "over") else ""

    def refresh_teacher(self) -> None:
        """Give the teacher view the public position, in the page language.

        The panel is told about a position only when the game itself changes (an action, an
        undo, a new game): clicks during a secret entry change nothing it is given.
        """
        if self.controller.state is not self._panel_source:
            self._panel_source = self.controller.state
            self.teacher.mark_stale()
        self.teacher.refresh()

    # --- rendering -------------------------------------------------------------------------

    def scene(self) -> Scene:
        """What the board shows now; secret choices appear only in their own entry stage."""
        c = self.controller
        stage, state = c.stage, c.state
        if stage in ("setup-entry", "attack-target", "guards") or (stage == "play" and c.selection):
            return Scene(
                state=state,
                selection=tuple(c.selection),
                selection_player=c.chooser,
                selection_as_huts=stage == "setup-entry",
                choosable=c.selectable(),
                guards=tuple(c.selection) if stage == "guards" else (),
            )
        report = c.last_report
        if stage == "reveal" and report is not None:
            outcome = report.attack
            return Scene(
                state=state,
                target=outcome.target if outcome else None,
                guards=outcome.guards if outcome else (),
                placed=report.placed,
                removed=report.removed,
            )
        if stage == "play" and report is not None and isinstance(report.action, (Build, Move)):
            # Keep the last build or move visible to the other player.
            return Scene(state=state, placed=report.placed)
        return Scene(state=state)

    def redraw(self) -> None:
        """Draw the board from the controller (also called when a browser connects)."""
        draw(self.canvas, self.geometry, self.scene())

    def render_panels(self) -> None:
        """Refresh every text and which buttons are shown."""
        c = self.controller
        lang, state, stage = c.lang, c.state, c.stage
        self.title.value = f"<h1>{html.escape(t('title', lang))}</h1>"
        self.teacher.relabel()
        self.prompt.value = html.escape(c.prompt())
        secret = stage in ("setup-wait", "attack-wait", "guards-wait")
        if secret:
            self.prompt.add_class("tt-secret")
        else:
            self.prompt.remove_class("tt-secret")
        notice = c.notice_text()
        if c.notice and c.notice[0] in LOCKED_NOTICES:
            self.message.value = f'<div class="tt-massai-locked">{html.escape(notice)}</div>'
        else:
            self.message.value = html.escape(notice)
        if state.phase == "setup":
            turn = t("status_setup", lang, player=player_label(state.to_move, lang))
        elif state.phase == "over":
            turn = t("status_over", lang)
        else:
            turn = t("status_turn", lang, player=player_label(state.to_move, lang))
        supplies = "".join(
            "<div>"
            + html.escape(
                t(
                    "supply_line",
                    lang,
                    player=player_label(p, lang),
                    board=len(state.huts[p]),
                    supply=state.supply(p),
                )
            )
            + "</div>"
            for p in (0, 1)
        )
        self.status.value = f"<h2>{html.escape(turn)}</h2>{supplies}"
        self.options_line.value = html.escape(
            t(
                "options_line",
                lang,
                adjacency=t(f"adjacency_{state.options.adjacency}", lang),
                table=", ".join(map(str, state.options.guard_table)),
            )
        )
        legend = t("legend", lang)
        if shown_chain(state):
            legend += t("legend_chain", lang)
        self.legend.value = f"<small>{html.escape(legend)}</small>"
        self.history_title.value = f"<h3>{html.escape(t('history', lang))}</h3>"
        lines = c.history_lines()
        self.history.value = (
            "<ol style='list-style:none;padding-left:0'>"
            + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
            + "</ol>"
            if lines
            else html.escape(t("history_empty", lang))
        )
        self.saved.value = f"<small>{html.escape(c.where_kept())}</small>"
        self.upload_label.value = html.escape(store_text("upload", lang))
        self.upload.layout.display = None if c.store is not None else "none"
        self.upload_label.layout.display = self.upload.layout.display
        self.new_box.set_title(0, t("new_game_title", lang))
        self.adjacency.description = t("adjacency", lang)
        self.guard_table.description = t("guard_table", lang)
        labels = {
            self.start_button: "start_secret",
            self.confirm_button: "confirm",
            self.clear_button: "clear",
            self.attack_button: "attack",
            self.cancel_button: "cancel",
            self.continue_button: "continue",
            self.undo_button: "undo",
            self.new_button: "new_game",
        }
        for widget, key in labels.items():
            widget.description = t(key, lang)
        self.redo_button.description = store_text("redo", lang)
        self.games_button.description = store_text("all_games", lang)
        shown = {
            self.start_button: secret,
            self.confirm_button: stage in ("setup-entry", "attack-target", "guards"),
            self.clear_button: stage in ("setup-entry", "guards") and bool(c.selection),
            self.attack_button: stage == "play",
            self.cancel_button: stage in ("attack-wait", "attack-target", "guards-wait", "guards")
            or stage == "setup-entry"
            or (stage == "play" and bool(c.selection)),
            self.continue_button: stage == "reveal",
            self.undo_button: stage in ("play", "over", "setup-wait", "reveal")
            and bool(c.record.actions),
            self.redo_button: stage in ("play", "over", "setup-wait", "reveal") and c.can_redo,
        }
        for widget, visible in shown.items():
            widget.layout.display = None if visible else "none"


def upload_widget(on_file: Callable[[bytes, str], None], css_class: str) -> widgets.FileUpload:
    """A one-file ``.json`` upload that hands ``(content, file name)`` to ``on_file``."""
    upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
    upload.add_class(css_class)

    def changed(change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0]
        on_file(bytes(first["content"]), str(first.get("name") or "upload.json"))
        try:
            upload.value = ()  # the same file may be uploaded again
        except Exception:  # older front ends refuse a cleared value; the import is done anyway
            pass

    upload.observe(changed, names="value")
    return upload


class MassaiPage:
    """The whole page: the games list, and the game view once a game is opened.

    A fresh visit shows the list of the Massai games of ``store`` (with no game yet, a new game
    is started at once); "Open" shows that game, "New game" starts a new one (the others stay),
    an uploaded file becomes a new game. ``watch``: follow other pages' changes of the game
    shown (a watcher per page).
    """

    def __init__(
        self,
        store: Store | None,
        lang: str = "en",
        analysis: TeacherFactory | None = None,
        watch: bool = True,
        problem: str = "",
    ) -> None:
        self.store = store
        self.lang = lang
        self.analysis = analysis
        self.watching = watch
        self.view: MassaiView | None = None
        self.root = widgets.VBox()
        frame_root(self.root, ["tt-massai-page"])
        self.title = widgets.HTML()
        self.lang_switch = language_switch(lang, self.set_lang, "tt-massai-lang")
        self.message = widgets.HTML()
        self.message.add_class("tt-massai-list-message")
        self.upload = upload_widget(self.import_upload, "tt-massai-list-upload")
        self.upload_label = widgets.HTML()
        self.games: GamesList | None = None
        self.list_screen: list[widgets.Widget] = []
        if store is None:
            # No database: one game kept nowhere, and the page says so.
            self.open_view(MassaiController(None, lang=lang))
            assert self.view is not None
            self.view.controller.notify("db_unavailable", error=problem)
            return
        self.games = GamesList(
            store, "massai", lang=lang, on_open=self.open_game, on_new=self.new_game
        )
        self.list_screen = page_frame(
            header_bar([self.title], [self.lang_switch]),
            self.message,
            self.games,
            self.upload_label,
            self.upload,
            css=MASSAI_CSS,
        )
        self.relabel()
        if self.games.games:
            self.show_list()
        else:
            self.new_game()

    # --- screens ---------------------------------------------------------------------------

    def show_list(self) -> None:
        """Show the games list (read again); the game shown stops following other pages."""
        if self.view is not None:
            self.view.controller.stop_watching()
            self.lang = self.view.controller.lang
            self.lang_switch.value = self.lang
        if self.games is not None:
            self.games.refresh()
            self.relabel()
        self.root.children = tuple(self.list_screen)
        self.root.remove_class("tt-massai-app")
        self.root.add_class("tt-massai-list")

    def open_view(self, controller: MassaiController) -> None:
        """Show the game of ``controller`` (the view is made once, then reused)."""
        if self.view is None:
            self.view = MassaiView(controller, analysis=self.analysis)
            self.view.on_games = self.show_list
            self.view.games_button.layout.display = None if self.store is not None else "none"
        elif controller is not self.view.controller:
            raise ValueError("one page shows one controller")
        self.view.lang.value = controller.lang
        self.root.children = tuple(self.view.root.children)
        self.root.remove_class("tt-massai-list")
        self.root.add_class("tt-massai-app")
        if self.watching:
            controller.watch()
        # The board is drawn when its canvas connects (on_client_ready) and on every change:
        # drawing now, before the browser has the canvas, would be lost.
        self.view.render_panels()

    def _controller(self) -> MassaiController | None:
        return self.view.controller if self.view is not None else None

    def open_game(self, game_id: int) -> None:
        """The list's "Open": show that game, its pending secret restored."""
        controller = self._controller()
        if controller is None:
            controller = MassaiController(self.store, lang=self.lang, start=False)
        else:
            controller.set_lang(self.lang)
        if controller.open(game_id):
            self.open_view(controller)
        elif self.games is not None:
            self.games.say(controller.notice_text(), "error")

    def new_game(self) -> None:
        """The list's "New game" (and a first visit): a NEW game with the default options."""
        controller = self._controller()
        if controller is None:
            controller = MassaiController(self.store, lang=self.lang)
        elif self.view is not None:
            controller.set_lang(self.lang)
            self.view.start_new_game()
        self.open_view(controller)

    def import_upload(self, data: bytes, name: str) -> None:
        """A file uploaded on the list: imported as a new game and opened, or refused."""
        controller = self._controller()
        if controller is None:
            controller = MassaiController(self.store, lang=self.lang, start=False)
        if controller.import_file(data, name):
            self.open_view(controller)
        else:
            self.say(controller.notice_text(), "error")

    # --- words -----------------------------------------------------------------------------

    def say(self, line: str, kind: str = "ok") -> None:
        """A line above the list (kind: ok, error)."""
        cls = "tt-msg-error" if kind == "error" else "tt-msg-ok"
        self.message.value = f'<p class="{cls}">{html.escape(line)}</p>' if line else ""

    def set_lang(self, lang: str) -> None:
        """The list's language switch."""
        self.lang = lang
        controller = self._controller()
        if controller is not None:
            controller.set_lang(lang)
        self.relabel()

    def relabel(self) -> None:
        """Every text of the list screen in the page language."""
        lang = self.lang
        self.title.value = f"<h1>{html.escape(t('title', lang))}</h1>"
        self.upload_label.value = html.escape(store_text("upload", lang))
        if self.games is not None:
            self.games.relabel(lang)


def import_old_autosaves(store: Store, folder: Path | None = None) -> list[str]:
    """Import once the games the dashboards kept in files before the database (in ``folder``,
    by default the data folder; the files are only read); the names of the games added now."""
    try:
        outcomes = store.import_autosaves(folder)
    except StoreError:
        return []  # nothing lost: the files stay, a later visit tries again
    return [o.snapshot.info.name for o in outcomes if o.snapshot is not None]


def massai_app(
    lang: str = "en",
    store: Store | None = None,
    watch: bool = True,
    game_file: str | os.PathLike[str] | None = None,
) -> widgets.Widget:
    """The Massai page as one widget: the games list, then the game opened.

    ``store``: the games database (default :func:`~tabletop.store.open_store`); when it cannot
    be opened, the page says why and plays one game kept nowhere. ``game_file`` (for former
    callers, who gave a page its own file): the games are kept in ``tabletop.db`` beside it, and
    the file itself, when there is one, is imported once as a game (it is only read).
    """
    problem = ""
    if store is None:
        try:
            if game_file is not None:
                store = open_store(Path(game_file).parent / "tabletop.db")
            else:
                store = open_store()
        except StoreError as error:
            problem = str(error)
    names: list[str] = []
    if store is not None:
        folder = Path(game_file).parent if game_file is not None else None
        names = import_old_autosaves(store, folder)
    page = MassaiPage(
        store, lang=lang, analysis=teacher_panel_factory(), watch=watch, problem=problem
    )
    if names:
        page.say(store_text("db_autosaves", lang, names=", ".join(names)))
    # The controller and the canvas hold the view's callbacks, so the root keeps the page alive.
    page.root._massai_page = page
    return page.root
