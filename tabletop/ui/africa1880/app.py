"""The Africa 1880 dashboard: order sheets, resolution with map, rounds, game files, timer.

``africa_app()`` returns one widget for a Voila page. Widgets hold no rules: they send intents
to the :class:`~tabletop.ui.africa1880.controller.AfricaController` and redraw from what it
holds. The page assembles its parts: the shell's frame, language switch, teacher view and timer,
and one part per tab (``orders``, ``result``, ``rounds``, ``game``, ``timer``), addressed by
name: ``app.show_tab("result")``. Every widget a test needs carries a ``tt-...`` CSS class
(``add_class``) as a stable selector.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.gamefile import GameFileError, load_game
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.files_tab import FilesTab
from tabletop.ui.africa1880.orders_tab import OrdersTab
from tabletop.ui.africa1880.result_tab import ResultTab
from tabletop.ui.africa1880.rounds_tab import RoundsTab
from tabletop.ui.africa1880.sheet_editor import Shared
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.tabs import NamedTabs
from tabletop.ui.shell.teacher import PanelFactory, TeacherView, installed
from tabletop.ui.shell.timer import TimerWidget, format_clock

GAME_FILE_ENV = "TABLETOP_AFRICA_GAME"
PANELS_MODULE = "tabletop.ui.analysis.africa_panel"
TABS = ("orders", "result", "rounds", "game", "timer")


class AfricaApp(widgets.VBox):
    """The whole dashboard around one controller."""

    def __init__(self, controller: AfricaController, analysis: PanelFactory | None = None):
        self.controller = controller
        self.syncing = False  # set while widgets are filled from the controller
        self._batch = False
        self.shared = Shared()
        ctl = controller
        # header
        self.title = widgets.HTML()
        self.year = widgets.HTML()
        self.year.add_class("tt-year-label")
        self.lang_toggle = language_switch(
            ctl.lang, lambda lang: setattr(ctl, "lang", lang), "tt-lang"
        )
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
        # the tabs (the timer is built when its tab is first opened)
        self.orders = OrdersTab(self)
        self.result = ResultTab(self)
        self.rounds = RoundsTab(self)
        self.files = FilesTab(self)
        self._timer: TimerWidget | None = None
        self.timer_box = widgets.VBox()
        pages = [self.orders, self.result, self.rounds, self.files, self.timer_box]
        self.tabs = NamedTabs(dict(zip(TABS, pages, strict=True)))
        self.tabs.add_class("tt-main-tabs")
        self.tabs.observe(self._tab_changed, names="selected_index")
        # the optional teacher view: the position after this round's orders as typed so far
        self.teacher = TeacherView(
            analysis,
            position=lambda: (ctl.after_orders(), ctl.declared_relations()),
            text=t,
            lang=lambda: ctl.lang,
            hide_button=True,
        )
        super().__init__(
            page_frame(
                header_bar([self.title, self.year], [self.teacher.toggle, self.lang_toggle]),
                self.continue_box,
                self.banner,
                self.message,
                self.tabs,
                self.teacher.box,
            )
        )
        frame_root(self)
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
    def show_tab(self, name: str) -> None:
        """Show tab ``name``: one of ``orders``, ``result``, ``rounds``, ``game``, ``timer``."""
        self.tabs.show(name)

    def resolve(self) -> None:
        """Resolve, then show the report and the map before updating the sheets."""
        self._batch = True
        try:
            report = self.controller.resolve()
        finally:
            self._batch = False
        if report is not None:
            self.show_tab("result")
            self.result.to_sheets.focus()
        self._refresh_game()
        self.teacher.refresh()

    def view_selected(self) -> None:
        """Show the round selected in the rounds list."""
        if self.rounds.history.value is not None:
            self.controller.view_round(self.rounds.history.value)
            self.show_tab("result")
            self.result.to_sheets.focus()

    # ----------------------------------------------------------------- observers
    def _on_revision(self, _change: Any = None) -> None:
        if not self._batch:
            self._refresh_game()

    def _on_drafts(self, _change: Any = None) -> None:
        self.teacher.mark_stale()
        if not self._batch:
            self.orders.sync()
            self.teacher.refresh()

    def _on_view(self, _change: Any = None) -> None:
        if not self._batch:
            self.result.refresh()

    def _on_lang(self, _change: Any = None) -> None:
        self.lang_toggle.value = self.controller.lang
        if self._timer is not None:
            self._timer.set_lang(self.controller.lang)
        self._relabel()
        self._refresh_game()
        self.teacher.refresh()  # the teacher view follows the page's language

    def _on_message(self, _change: Any = None) -> None:
        ctl = self.controller
        if not ctl.message:
            self.message.value = ""
            return
        cls = {"error": "tt-msg-error", "warn": "tt-msg-warn"}.get(ctl.message_kind, "tt-msg-ok")
        self.message.value = f'<p class="{cls}">{esc(ctl.message)}</p>'

    def _on_offer(self, _change: Any = None) -> None:
        ctl = self.controller
        self.continue_box.layout.display = None if ctl.offer_continue else "none"
        self.continue_text.value = f"<b>{esc(ctl.saved_summary())}</b>"

    def _tab_changed(self, change: dict) -> None:
        name = self.tabs.name_at(change["new"])
        if name == "game":
            self.files.form  # noqa: B018 - builds the form on first opening
        elif name == "timer":
            self.timer  # noqa: B018 - builds the timer on first opening

    # ----------------------------------------------------------------- timer
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
        # The timer ticks four times a second: retitle sends the titles only when they change.
        self.tabs.retitle("timer", self._timer_title(self.controller.lang))

    # ----------------------------------------------------------------- rendering
    def _relabel(self) -> None:
        lang = self.controller.lang
        self.title.value = f"<h1>{esc(t('title', lang))}</h1>"
        self.tabs.set_titles(
            {
                "orders": t("tab_orders", lang),
                "result": t("tab_result", lang),
                "rounds": t("tab_history", lang),
                "game": t("tab_game", lang),
                "timer": self._timer_title(lang),
            }
        )
        self.teacher.relabel()
        self.continue_yes.description = t("continue_yes", lang)
        self.continue_no.description = t("continue_no", lang)
        for part in (self.orders, self.result, self.rounds, self.files):
            part.relabel(lang)
        self._on_offer()

    def _refresh_game(self) -> None:
        """Everything that depends on the position: report and map first, then the rest."""
        ctl = self.controller
        lang = ctl.lang
        state = ctl.state
        self.result.refresh()
        year = t(
            "year_round", lang, year=state.year, round=state.round, last=state.options.last_round
        )
        self.year.value = f'<span class="tt-year">{esc(year)}</span>'
        if state.game_over:
            scores = ", ".join(
                f"{power_name(line.power, lang)} {line.points}" for line in ctl.scores().powers
            )
            over = t("game_over_banner", lang, year=state.year, scores=scores)
            self.banner.value = f'<div class="tt-banner">⚑ {esc(over)}</div>'
        else:
            self.banner.value = ""
        self.rounds.refresh()
        self.files.refresh()
        self.orders.rebuild()


def _analysis_factory() -> Callable[..., Any] | None:
    """The teacher view's panel factory when the analysis panels are installed.

    Only looked up here; the module (and the numerical libraries behind it) is imported when the
    teacher view is first shown, so the page opens faster.
    """
    if not installed(PANELS_MODULE):
        return None

    def factory(after: Any, declared: Any, lang: str = "en") -> Any:
        from tabletop.ui.analysis.africa_panel import africa_analysis_panel

        return africa_analysis_panel(after, declared, lang=lang)

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
