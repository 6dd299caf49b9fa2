"""The board editor page: ``board_editor_app(lang="en")`` returns the widget to display
(``notebooks/board.ipynb``).

Start from a photo of your board, the bundled board, a board file, a saved board or nothing;
name the territories, confirm their neighbours, then Save (a new version each time) or export the
board file with its drawing. The board is kept as work in progress at every change.
"""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store, StoreError, open_store
from tabletop.ui.board_editor.controller import BoardEditorController, Stage
from tabletop.ui.board_editor.map_view import MapView
from tabletop.ui.board_editor.panels import (
    ChecksPanel,
    StartPanel,
    StartsPanel,
    TerritoryPanel,
    ToolsPanel,
)
from tabletop.ui.board_editor.texts import t
from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.html import esc

__all__ = ["BoardEditorPage", "board_editor_app"]

CSS = """
.tt-board-edit { gap: 12px; }
.tt-board-message.tt-error { color: #b71c1c; font-weight: bold; }
.tt-board-message.tt-warn { color: #e65100; }
"""


class BoardEditorPage:
    """The page's parts around one controller; ``root`` is the widget shown."""

    def __init__(self, controller: BoardEditorController) -> None:
        ctl = self.controller = controller
        self.title = widgets.HTML()
        self.switch = language_switch(ctl.lang.value, ctl.set_lang, "tt-lang")
        self.message = widgets.HTML()
        self.message.add_class("tt-board-message")
        self.hint = widgets.HTML()
        self.start = StartPanel(ctl)
        self.tools = ToolsPanel(ctl)
        self.map = MapView(ctl)
        self.territory = TerritoryPanel(ctl)
        self.starts = StartsPanel(ctl)
        self.checks = ChecksPanel(ctl)
        side = widgets.VBox([self.territory, self.checks, self.starts])
        side.layout.min_width = "300px"
        self.edit = widgets.VBox(
            [
                self.tools,
                widgets.HBox([self.map, side], layout=widgets.Layout(flex_flow="row wrap")),
            ]
        )
        self.edit.add_class("tt-board-edit")
        self.root = widgets.VBox(
            page_frame(
                header_bar([self.title], [self.switch]),
                self.message,
                self.start,
                self.edit,
                css=CSS,
            )
        )
        frame_root(self.root, ["tt-board-editor"])
        ctl.observe(lambda _c: self.refresh(), names=["revision", "stage"])
        ctl.observe(lambda _c: self.show_message(), names=["message", "message_kind"])
        self.refresh()
        self.show_message()

    def show_message(self) -> None:
        ctl = self.controller
        for kind in ("tt-ok", "tt-warn", "tt-error"):
            self.message.remove_class(kind)
        self.message.add_class(f"tt-{ctl.message_kind.value}")
        self.message.value = f"<p>{esc(ctl.message)}</p>" if ctl.message else ""

    def refresh(self) -> None:
        ctl = self.controller
        self.title.value = f"<h1>{esc(t('title', ctl.lang))}</h1>"
        editing = ctl.stage == Stage.EDIT and ctl.draft is not None
        self.start.layout.display = "none" if editing else ""
        self.edit.layout.display = "" if editing else "none"
        if not editing:
            self.start.refresh()
            return
        self.tools.refresh()
        self.territory.refresh()
        self.checks.refresh()
        self.starts.refresh()


def board_editor_app(lang: str = "en", store: Store | None = None) -> widgets.Widget:
    """The board editor as one widget. ``store``: where boards are saved (default
    :func:`~tabletop.store.open_store`); without one the page still edits and exports."""
    problem = ""
    if store is None:
        try:
            store = open_store()
        except StoreError as error:
            problem = str(error)
    page = BoardEditorPage(BoardEditorController(store, lang=lang, problem=problem))
    # The controller and the canvas hold the page's callbacks, so the root keeps the page alive.
    page.root._board_editor_page = page
    return page.root
