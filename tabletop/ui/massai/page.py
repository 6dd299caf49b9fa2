"""The whole Massai page: the list of the Massai games, and the game view once one is opened.

The games are kept in the games database (:func:`tabletop.store.open_store`). A visit opens the
list of the Massai games (:class:`~tabletop.ui.shell.games_list.GamesList`); with no game yet, a
new game is started as a new entry. Other pages on the same game see each action within about a
second.
"""

from __future__ import annotations

import html

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.style import MASSAI_CSS
from tabletop.ui.massai.teacher import TeacherFactory
from tabletop.ui.massai.texts import t
from tabletop.ui.massai.uploads import upload_widget
from tabletop.ui.massai.view import MassaiView
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.games_list import GamesList


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
