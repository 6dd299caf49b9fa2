"""The Massai game view: the board, the prompt, the buttons and the history of one controller.

One controller (:class:`~tabletop.ui.massai.controller.MassaiController`) holds the game; this
view only renders it and forwards clicks and taps. The board is drawn from ``on_client_ready``
and from callbacks, never while the notebook runs (ipycanvas would draw nothing in Voila).

When the analysis panels are installed, a **Teacher view** toggle in the header shows the attack
game of the public position (:mod:`.teacher`), through the shell's
:class:`~tabletop.ui.shell.teacher.TeacherView` (the same as on the Africa page).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.massai.state import Options, OptionsError, State, parse_guard_table
from tabletop.ui.massai import panels
from tabletop.ui.massai.board_grid import BoardGrid
from tabletop.ui.massai.canvas import board_box, draw, make_canvas, size_canvas
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.scene import scene_for
from tabletop.ui.massai.screen_texts import screen_text
from tabletop.ui.massai.squares import Scene, geometry_for
from tabletop.ui.massai.stages import HELD_STAGES, Stage
from tabletop.ui.massai.style import MASSAI_CSS
from tabletop.ui.massai.taps import connect_squares
from tabletop.ui.massai.teacher import TeacherFactory, public_position
from tabletop.ui.massai.texts import t
from tabletop.ui.massai.uploads import upload_widget
from tabletop.ui.shell.bounded import bounded
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.teacher import TeacherView

#: The guard table typed by hand: a few numbers 0 to 5 and commas (the rules read any length,
#: the field keeps 100 characters: 50 entries).
GUARD_TABLE_LIMIT = 100

#: Each button's text key (``redo`` is a database text).
BUTTON_TEXTS = {
    "start": "start_secret",
    "confirm": "confirm",
    "clear": "clear",
    "attack": "attack",
    "cancel": "cancel",
    "continue": "continue",
    "undo": "undo",
}


#: The buttons above the board: the look-away screen's, and the answers to an undo question.
ABOVE_BOARD = ("start", "undo-agree", "undo-keep")


def _button(name: str, action: Callable[[], None], style: str = "") -> widgets.Button:
    made = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
    made.style.font_size = "18px"
    made.style.font_weight = "bold"
    made.add_class(f"tt-massai-{name}")
    made.on_click(lambda _button: action())
    return made


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
        # The same board for the keyboard and screen readers: a grid over the canvas whose
        # Enter is a click (docs/accessibility.md).
        self.grid = BoardGrid(self.choose_by_key, "tt-massai-board")
        #: What a screen reader is told when the prompt or the notice changes.
        self.live = LiveRegion("tt-massai-live")
        self._said = ""

        self.title = widgets.HTML()
        self.lang = language_switch(controller.lang, controller.set_lang, "tt-massai-lang")
        self.status = widgets.HTML()
        self.status.add_class("tt-massai-status")
        self.prompt = widgets.HTML()
        self.prompt.add_class("tt-massai-prompt")
        self.message = widgets.HTML()
        self.message.add_class("tt-massai-message")

        c = controller
        self.start_button = _button("start", c.start_secret, "warning")
        self.confirm_button = _button("confirm", c.confirm, "success")
        self.clear_button = _button("clear", c.clear)
        self.attack_button = _button("attack", c.attack, "danger")
        self.cancel_button = _button("cancel", c.cancel)
        self.continue_button = _button("continue", c.continue_, "primary")
        self.undo_button = _button("undo", c.undo)
        self.redo_button = _button("redo", c.redo)
        self.undo_agree_button = _button("undo-agree", c.undo_agree, "danger")
        self.undo_keep_button = _button("undo-keep", c.undo_keep, "success")
        #: The action buttons by name (see :data:`~.panels.ACTION_BUTTONS`).
        self.buttons = {
            "start": self.start_button,
            "confirm": self.confirm_button,
            "clear": self.clear_button,
            "attack": self.attack_button,
            "cancel": self.cancel_button,
            "continue": self.continue_button,
            "undo": self.undo_button,
            "redo": self.redo_button,
            "undo-agree": self.undo_agree_button,
            "undo-keep": self.undo_keep_button,
        }
        #: Back to the games list (shown only when the page has one: see :class:`MassaiPage`).
        self.games_button = _button("games", lambda: self.on_games())
        self.games_button.layout.display = "none"
        self.on_games: Callable[[], None] = lambda: None

        #: "Play with phones": the shared screen's page for this game (when there is one).
        self.phones = widgets.HTML()
        self.phones.add_class("tt-massai-phones")
        self.history_title = widgets.HTML()
        self.history = widgets.HTML()
        self.history.add_class("tt-massai-history")

        self.adjacency = widgets.Dropdown(options=[8, 4], value=c.state.options.adjacency)
        self.adjacency.add_class("tt-massai-adjacency")
        self.guard_table = widgets.Text(value=",".join(map(str, c.state.options.guard_table)))
        self.guard_table.add_class("tt-massai-guard-table")
        self.guard_bound = bounded(self.guard_table, GUARD_TABLE_LIMIT, c.lang)
        self.new_button = _button("new", self.start_new_game)
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
                        widgets.HBox([self.adjacency, self.guard_bound.box]),
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

        # The look-away screen's button stands above the board, away from the Confirm button
        # below it, so that a click meant for one never lands on the other.
        handover = widgets.HBox(
            [self.start_button, self.undo_agree_button, self.undo_keep_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        handover.add_class("tt-massai-handover")
        buttons = widgets.HBox(
            [self.buttons[name] for name in panels.ACTION_BUTTONS if name not in ABOVE_BOARD],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        buttons.add_class("tt-massai-buttons")
        left = widgets.VBox(
            [
                self.live,
                self.prompt,
                handover,
                board_box(self.canvas, self.grid),
                buttons,
                self.message,
                self.legend,
            ]
        )
        left.add_class("tt-massai-left")
        right = widgets.VBox(
            [self.status, self.phones, self.history_title, self.history, self.new_box]
        )
        right.add_class("tt-massai-right")
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
        self.describe_board()
        self.render_panels()

    # --- events ----------------------------------------------------------------------------

    def on_mouse_down(self, x: float, y: float) -> None:
        """Canvas click (canvas pixels) -> square -> controller (as the canvas does)."""
        self.taps.mouse_down(x, y)

    def choose_by_key(self, square: str) -> None:
        """Enter or Space on a square of the grid: a click on it, and always an answer for the
        screen reader (a refusal said again is said again)."""
        said = self.live.serial
        self.controller.click(square)
        if self.live.serial == said:
            self.live.say(self.announcement())

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
            size_canvas(self.canvas, geometry)
        # Board first: when a text announces a step, its drawing has already been sent.
        self.redraw()
        self.describe_board()
        # Greyed before it is shown: the browser gets the two changes in this order.
        self.hold_handover()
        self.render_panels()
        self.refresh_teacher()

    def hold_handover(self) -> None:
        """A look-away screen (or a reveal) just shown: its buttons wait a moment.

        The controller ignores a press that comes too soon anyway; greying the buttons shows it.
        They are greyed only when the page's event loop can bring them back.
        """
        c = self.controller
        wait = c.handover_seconds - (c.clock() - c.wait_since)
        held = c.stage in HELD_STAGES and wait > 0
        if held:
            try:
                asyncio.get_running_loop().call_later(wait + 0.05, self.release_handover)
            except RuntimeError:  # no loop running (a test): nothing would bring them back
                held = False
        for button in (self.start_button, self.undo_button, self.continue_button):
            button.disabled = held

    def release_handover(self) -> None:
        """The hand-over moment is over: the look-away screen's buttons work."""
        for button in (self.start_button, self.undo_button, self.continue_button):
            button.disabled = False

    def _teacher_note(self) -> str:
        """Said above the panel while a secret choice is being entered."""
        c = self.controller
        return (
            t("teacher_secret_note", c.lang)
            if c.stage not in (Stage.PLAY, Stage.REVEAL, Stage.OVER)
            else ""
        )

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
        return scene_for(self.controller)

    def redraw(self) -> None:
        """Draw the board from the controller (also called when a browser connects)."""
        draw(self.canvas, self.geometry, self.scene())

    def describe_board(self) -> None:
        """The board in words, for the keyboard's grid (the scene the canvas draws)."""
        self.grid.show(self.scene(), self.geometry, self.controller.lang)

    def announcement(self) -> str:
        """What the live region says now: the notice (unless the prompt says it), then the
        prompt: the words the page shows."""
        c = self.controller
        return " ".join(part for part in (panels.spoken_notice(c), c.prompt()) if part)

    def announce(self) -> None:
        """Tell a screen reader what changed (once: the same words are not said twice)."""
        said = self.announcement()
        if said != self._said:
            self._said = said
            self.live.say(said)

    def render_panels(self) -> None:
        """Refresh every text and which buttons are shown."""
        c = self.controller
        lang = c.lang
        self.title.value = f"<h1>{html.escape(t('title', lang))}</h1>"
        self.teacher.relabel()
        self.prompt.value = html.escape(c.prompt())
        if panels.is_secret_wait(c):
            self.prompt.add_class("tt-secret")
        else:
            self.prompt.remove_class("tt-secret")
        self.message.value = panels.message_html(c)
        self.phones.value = panels.phones_html(c)
        self.status.value = panels.status_html(c)
        self.options_line.value = html.escape(panels.options_text(c))
        self.legend.value = panels.legend_html(c)
        self.history_title.value = f"<h3>{html.escape(t('history', lang))}</h3>"
        self.history.value = panels.history_html(c)
        self.saved.value = f"<small>{html.escape(c.where_kept())}</small>"
        self.upload_label.value = html.escape(store_text("upload", lang))
        self.upload.layout.display = None if c.store is not None else "none"
        self.upload_label.layout.display = self.upload.layout.display
        self.new_box.set_title(0, t("new_game_title", lang))
        self.adjacency.description = t("adjacency", lang)
        self.guard_table.description = t("guard_table", lang)
        self.guard_bound.relabel(lang)
        for name, key in BUTTON_TEXTS.items():
            self.buttons[name].description = t(key, lang)
        self.new_button.description = t("new_game", lang)
        if c.stage == Stage.GUARDS:
            self.clear_button.description = screen_text("clear_guards", lang)
        self.undo_agree_button.description = screen_text("undo_agree", lang)
        self.undo_keep_button.description = screen_text("undo_keep", lang)
        self.redo_button.description = store_text("redo", lang)
        self.games_button.description = store_text("all_games", lang)
        for name, visible in panels.shown_buttons(c).items():
            self.buttons[name].layout.display = None if visible else "none"
        self.announce()
