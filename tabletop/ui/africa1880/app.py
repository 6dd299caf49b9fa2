"""The Africa 1880 dashboard: games list, order sheets, resolution with map, rounds, game
files, timer.

``africa_app()`` returns one widget for a Voila page. The games live in the database
(:mod:`tabletop.store`): a visit opens the games list (with no game yet, the example game is
made a new game and shown); every page on a game sees the other pages' changes within a second,
and the typed sheets and the timer are kept with the game, so a reload loses nothing.
Widgets hold no rules: they send intents
to the :class:`~tabletop.ui.africa1880.controller.AfricaController` and redraw from what it
holds. The page assembles its parts: the shell's frame, language switch, teacher view and timer,
and one part per tab (``orders``, ``result``, ``rounds``, ``whatif``, ``game``, ``timer``),
addressed by name: ``app.show_tab("result")``. Every widget a test needs carries a ``tt-...``
CSS class (``add_class``) as a stable selector.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.serving import prepared_ahead, wait_for_voila_request
from tabletop.store import Store, StoreError
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.files_tab import FilesTab
from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.orders_tab import OrdersTab
from tabletop.ui.africa1880.rounds_tab import RoundsTab
from tabletop.ui.africa1880.sheet_editor import Shared
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.africa1880.timer_tab import TimerTab
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.games_list import GamesList
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.store_link import import_file_once, open_page_store, store_text
from tabletop.ui.shell.tabs import LazyPage, NamedTabs
from tabletop.ui.shell.teacher import PanelFactory, TeacherView, installed
from tabletop.ui.shell.timer import TimerWidget

if TYPE_CHECKING:
    from tabletop.ui.africa1880.result_tab import ResultTab
    from tabletop.ui.africa1880.whatif_tab import WhatIfTab

GAME_FILE_ENV = "TABLETOP_AFRICA_GAME"
PANELS_MODULE = "tabletop.ui.analysis.africa_panel"
TABS = ("orders", "result", "rounds", "whatif", "game", "timer")
#: A served page builds its resolution tab (the one Resolve shows) this long after the first
#: view left the kernel, while the players read their sheets: the page opens with only what it
#: shows, and the first Resolve does not wait about 0.9 s for the tab.
PREBUILD_AFTER_SECONDS = 2.0


class _Part(Protocol):
    """A tab of the page: labelled in a language, filled from the controller."""

    def relabel(self, lang: str) -> None: ...

    def refresh(self) -> None: ...


PartT = TypeVar("PartT", bound=_Part)


class AfricaApp(widgets.VBox):
    """The whole dashboard around one controller."""

    def __init__(self, controller: AfricaController, analysis: PanelFactory | None = None):
        self.controller = controller
        self._batch = False
        self.shared = Shared()
        ctl = controller
        # header
        self.title = widgets.HTML()
        self.year = widgets.HTML()
        self.year.add_class("tt-year-label")
        self.lang_toggle = language_switch(ctl.lang, ctl.set_lang, "tt-lang")
        self.message = widgets.HTML()
        self.message.add_class("tt-message")
        self.banner = widgets.HTML()
        self.banner.add_class("tt-game-over")
        #: Says a resolution, an undo, a redo or another page's change to a screen reader.
        self.live = LiveRegion("tt-africa-live")
        # the games list (when the page has a database) and the button leading to it
        self.games_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.games_button.add_class("tt-show-games")
        self.games_button.on_click(lambda _b: self.show_games())
        # The games list is built when first shown (see ``games``).
        self._games: GamesList | None = None
        if ctl.store is None:
            self.games_button.layout.display = "none"
        self.games_box = widgets.VBox()
        self.games_box.add_class("tt-games-view")
        self.games_box.layout.display = "none"
        # The tabs. Only the sheets are built now: the others when first shown or asked for
        # (``self.result`` builds the resolution tab), so the page opens with what it shows.
        self.orders = OrdersTab(ctl, self.shared, self.resolve)
        self.result_page = LazyPage(self._make_result)
        self.rounds_page = LazyPage(lambda: self._ready(RoundsTab(ctl, self.view_round)))
        self.whatif_page = LazyPage(self._make_whatif)
        self.files_page = LazyPage(lambda: self._ready(FilesTab(ctl, self.show_tab)))
        self.timer_box = TimerTab(ctl, lambda title: self.tabs.retitle("timer", title))
        pages = [
            self.orders,
            self.result_page,
            self.rounds_page,
            self.whatif_page,
            self.files_page,
            self.timer_box,
        ]
        self.tabs = NamedTabs(dict(zip(TABS, pages, strict=True)))
        self.tabs.add_class("tt-main-tabs")
        self.tabs.observe(self._tab_changed, names="selected_index")
        # the optional teacher view: the position after this round's orders as typed so far
        self.teacher = TeacherView(
            _with_what_if(analysis, self.what_if_best_response),
            position=lambda: (ctl.after_orders(), ctl.declared_relations()),
            text=t,
            lang=lambda: ctl.lang,
            hide_button=True,
        )
        self.game_box = widgets.VBox([self.banner, self.tabs, self.teacher.box])
        self.game_box.add_class("tt-game-view")
        super().__init__(
            page_frame(
                header_bar(
                    [self.title, self.year],
                    [self.games_button, self.teacher.toggle, self.lang_toggle],
                ),
                self.message,
                self.live,
                self.games_box,
                self.game_box,
            )
        )
        frame_root(self, ["tt-africa"])
        ctl.observe(self._on_revision, names="revision")
        ctl.observe(self._on_drafts, names="drafts_revision")
        ctl.observe(self._on_view, names="view_index")
        ctl.observe(self._on_lang, names="lang")
        ctl.observe(self._on_message, names=["message", "message_kind"])
        ctl.observe(self._on_aux, names="aux_revision")
        ctl.observe(lambda _c: self.live.say(ctl.announcement), names="announced")
        self._relabel()
        self._refresh_game()
        self._on_message()
        self.timer_box.restore()
        if ctl.loop is not None:
            ctl.loop.call_later(PREBUILD_AFTER_SECONDS, self.prebuild)

    def prebuild(self) -> None:
        """Build the resolution tab now (it stays hidden until shown)."""
        self.result_page.content  # noqa: B018 - builds it

    # ----------------------------------------------------------------- parts built on use
    @property
    def games(self) -> GamesList | None:
        """The games list (None for a page without a database; built when first asked for)."""
        store = self.controller.store
        if self._games is None and store is not None:
            self._games = GamesList(
                store,
                "africa1880",
                lang=self.controller.lang,
                on_open=self.open_game,
                on_new=self.new_game,
            )
            self.games_box.children = (self._games,)
        return self._games

    @property
    def result(self) -> ResultTab:
        """The resolution tab: report and map (built on first use)."""
        return self.result_page.content

    @property
    def rounds(self) -> RoundsTab:
        """The rounds tab (built on first use)."""
        return self.rounds_page.content

    @property
    def whatif(self) -> WhatIfTab:
        """The what-if tab (built on first use)."""
        return self.whatif_page.content

    @property
    def files(self) -> FilesTab:
        """The game tab (built on first use)."""
        return self.files_page.content

    def _make_result(self) -> ResultTab:
        # Imported here: the map's drawing libraries are not needed until the map is shown.
        from tabletop.ui.africa1880.result_tab import ResultTab

        return self._ready(ResultTab(self.controller, self.show_tab))

    def _make_whatif(self) -> WhatIfTab:
        from tabletop.ui.africa1880.whatif_tab import WhatIfTab  # it draws a map too

        whatif = WhatIfTab(self.controller)
        whatif.relabel(self.controller.lang)  # its comparison is made when it is opened
        return whatif

    def _ready(self, part: PartT) -> PartT:
        """A tab built late, labelled and filled for the page as it is now."""
        part.relabel(self.controller.lang)
        part.refresh()
        return part

    def _built_parts(self) -> list[Any]:
        """The lazily built tabs built so far."""
        pages: list[LazyPage[Any]] = [self.result_page, self.rounds_page, self.files_page]
        pages.append(self.whatif_page)
        return [page.content for page in pages if page.built]

    # ----------------------------------------------------------------- intents
    def show_games(self) -> None:
        """Show the games list instead of the game."""
        games = self.games
        if games is None:
            return
        self.controller.flush_drafts()
        games.refresh()
        self.games_box.layout.display = None
        self.game_box.layout.display = "none"

    def catch_up(self) -> None:
        """Look at the database again: what other pages changed since this page was built.

        A page Voilà prepared before anybody asked for it (``--preheat_kernel``) may have waited
        for minutes: its game, the sheets typed on it and the games list are read anew when its
        visitor comes, before the page is shown.
        """
        self.controller.link.catch_up()
        if self._games is not None and self.games_box.layout.display != "none":
            self._games.refresh()

    def show_game(self) -> None:
        """Show the game (the list hidden)."""
        self.games_box.layout.display = "none"
        self.game_box.layout.display = None

    @property
    def showing_games(self) -> bool:
        """True while the games list is shown."""
        return self.games_box.layout.display != "none"

    def open_game(self, game_id: int) -> None:
        """Open game ``game_id`` from the list."""
        if self.controller.open_game(game_id):
            self.show_game()
            self.show_tab("orders")
            self.timer_box.restore()

    def new_game(self) -> None:
        """The list's "New game": the new-game form (the games listed stay as they are)."""
        self.show_game()
        self.show_tab("game")
        self.files.form  # noqa: B018 - builds the form

    def show_tab(self, name: str) -> None:
        """Show tab ``name``: one of ``orders``, ``result``, ``rounds``, ``whatif``, ``game``,
        ``timer``."""
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

    def what_if_best_response(self, power: str, wars: Any) -> None:
        """The teacher view's link: the what-if tab with ``power``'s sheet declaring its best
        response (war on ``wars``, alliance elsewhere)."""
        self.show_game()
        self.whatif.best_response(power, wars)
        self.show_tab("whatif")

    def view_selected(self) -> None:
        """Show the round selected in the rounds list."""
        self.rounds.view_selected()

    def view_round(self, index: int) -> None:
        """Show round ``index`` of the history in the resolution tab."""
        self.controller.view_round(index)
        self.show_tab("result")
        self.result.to_sheets.focus()

    # ----------------------------------------------------------------- observers
    def _on_revision(self, _change: Any = None) -> None:
        if not self._batch:
            self._refresh_game()
        games = self._games
        if self.controller.game_id is not None and self.showing_games and games is not None:
            games.refresh()

    def _on_aux(self, _change: Any = None) -> None:
        """Something kept with the game changed (on another page): the timer follows."""
        self.timer_box.restore()

    def _on_drafts(self, _change: Any = None) -> None:
        self.teacher.mark_stale()
        if not self._batch:
            self.orders.sync()
            self.teacher.refresh()
            if self.tabs.selected_name == "whatif":
                self.whatif.refresh()  # the real sheets changed: so do the differences

    def _on_view(self, _change: Any = None) -> None:
        if not self._batch and self.result_page.built:
            self.result.refresh()

    def _on_lang(self, _change: Any = None) -> None:
        self.lang_toggle.value = self.controller.lang
        self.timer_box.set_lang(self.controller.lang)
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

    def _tab_changed(self, change: dict) -> None:
        name = self.tabs.name_at(change["new"])
        if name == "whatif":
            self.whatif.opened()
        elif name == "game":
            self.files.form  # noqa: B018 - builds the form on first opening
        elif name == "timer":
            self.timer  # noqa: B018 - builds the timer on first opening

    # ----------------------------------------------------------------- timer
    @property
    def timer(self) -> TimerWidget:
        """The diplomacy timer (built on first use)."""
        return self.timer_box.timer

    # ----------------------------------------------------------------- rendering
    def _relabel(self) -> None:
        lang = self.controller.lang
        self.title.value = f"<h1>{esc(t('title', lang))}</h1>"
        self.tabs.set_titles(
            {
                "orders": t("tab_orders", lang),
                "result": t("tab_result", lang),
                "rounds": t("tab_history", lang),
                "whatif": gm_text("tab_whatif", lang),
                "game": t("tab_game", lang),
                "timer": self.timer_box.title(lang),
            }
        )
        self.teacher.relabel()
        self.games_button.description = store_text("games", lang)
        if self._games is not None:
            self._games.relabel(lang)
        for part in [self.orders, *self._built_parts()]:
            part.relabel(lang)

    def _refresh_game(self) -> None:
        """Everything that depends on the position: report and map first, then the rest."""
        ctl = self.controller
        lang = ctl.lang
        state = ctl.state
        if self.result_page.built:
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
        if self.rounds_page.built:
            self.rounds.refresh()
        if self.files_page.built:
            self.files.refresh()
        self.orders.rebuild()


def _analysis_factory() -> Callable[..., Any] | None:
    """The teacher view's panel factory when the analysis panels are installed.

    Only looked up here; the module (and the numerical libraries behind it) is imported when the
    teacher view is first shown, so the page opens faster.
    """
    if not installed(PANELS_MODULE):
        return None

    def factory(after: Any, declared: Any, lang: str = "en", **links: Any) -> Any:
        from tabletop.ui.analysis.africa_panel import africa_analysis_panel

        return africa_analysis_panel(after, declared, lang=lang, **links)

    return factory


def _with_what_if(factory: PanelFactory | None, on_what_if: Callable[..., Any]) -> Any:
    """The teacher panel's factory, its panel given the what-if link when it takes one."""
    if factory is None:
        return None
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return factory
    if not any(p.name == "on_what_if" or p.kind is p.VAR_KEYWORD for p in params):
        return factory

    def with_link(*position: Any, lang: str = "en") -> Any:
        return factory(*position, lang=lang, on_what_if=on_what_if)

    return with_link


def africa_app(
    game_file: str | os.PathLike[str] | None = None,
    lang: str = "en",
    autosave_path: str | os.PathLike[str] | None = None,
    *,
    store: Store | None = None,
    actor: str = "table",
) -> AfricaApp:
    """Build the Africa 1880 dashboard on the games database (default: :func:`open_store`).

    A visit shows the games list; with no Africa game yet, the bundled example is kept as a new
    game and shown. With ``game_file`` (or ``$TABLETOP_AFRICA_GAME``) that file is imported as a
    new game at the first visit (the same game at the next ones while the file is unchanged)
    and shown. The autosave files of earlier versions are imported once into the list.
    ``autosave_path`` is accepted for former callers and not used.

    In a kernel Voilà prepared ahead (``--preheat_kernel``, as the README serves the page) the
    page is built before its visitor comes (the resolution tab too), then waits for the visit
    and catches up with the database (:meth:`AfricaApp.catch_up`): a visit shows it without
    waiting for the build.
    """
    del autosave_path
    imported = 0
    error: str | None = None
    if store is None:
        store, error, imported = open_page_store()
    game_file = game_file or os.environ.get(GAME_FILE_ENV) or None
    controller: AfricaController | None = None
    show_list = False
    file_error: str | None = None
    if store is not None and game_file is not None:
        try:
            snap = import_file_once(store, Path(game_file))
            if snap.kind != "africa1880":
                raise StoreError(f"{Path(game_file).name}: not an Africa 1880 game")
            controller = AfricaController(lang=lang, store=store, game_id=snap.game_id, actor=actor)
        except (StoreError, OSError) as problem:
            file_error = str(problem)
    if controller is None and store is not None:
        games = store.list_games("africa1880")
        if games:
            controller = AfricaController(lang=lang, store=store, game_id=games[0].id, actor=actor)
            show_list = file_error is None
        else:
            controller = AfricaController(lang=lang, store=store, actor=actor)
    if controller is None:
        controller = AfricaController(lang=lang, store=None, actor=actor)
        controller.store_error = error
        controller.say(store_text("no_database", lang, error=error or ""), "error")
    app = AfricaApp(controller, analysis=_analysis_factory())
    if file_error is not None:
        controller.say(t("file_refused", lang, error=file_error), "error")
    elif show_list:
        app.show_games()
        controller.say(store_text("imported_saves", lang, n=imported) if imported else "", "ok")
    if prepared_ahead():
        app.prebuild()  # nobody waits yet: the visit then finds the resolution tab built too
    if wait_for_voila_request():
        app.catch_up()
    return app
