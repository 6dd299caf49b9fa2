"""The game tab: open the example or a game file, download the game and its printed order
sheets, play it with phones (the shared screen's page), show it on the projector, start a new
game."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n import translator
from tabletop.ui.africa1880.kit_download import KitDownload
from tabletop.ui.africa1880.new_game_form import NewGameForm
from tabletop.ui.africa1880.sheets_download import SheetsDownload, projector_html
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class FilesTab(widgets.VBox):
    """Game files and the new-game form (built when the tab is first opened; ``show_tab``
    shows a tab of the page by name)."""

    def __init__(self, controller: AfricaController, show_tab: Callable[[str], None]) -> None:
        self.controller = controller
        self.show_tab = show_tab
        ctl = controller
        self._form: NewGameForm | None = None
        self.form_box = widgets.VBox()
        self.example_button = widgets.Button()
        self.example_button.add_class("tt-example")
        self.example_button.on_click(lambda _b: ctl.load_example())
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.add_class("tt-load-game")
        self.upload.add_class("tt-upload")
        self.upload.observe(self._game_uploaded, names="value")
        self.save_link = widgets.HTML()
        self.save_link.add_class("tt-save")
        self.phones_link = widgets.HTML()
        self.phones_link.add_class("tt-phones")
        self.projector_link = widgets.HTML()
        self.projector_link.add_class("tt-projector")
        self.board_editor_link = widgets.HTML()
        self.board_editor_link.add_class("tt-board-editor-link")
        self.sheets = SheetsDownload(controller)
        self.kit = KitDownload(controller)
        self.files_label = widgets.HTML()
        buttons = widgets.HBox([self.example_button, self.upload])
        buttons.add_class("tt-wrap")
        super().__init__(
            [
                self.files_label,
                buttons,
                self.save_link,
                self.sheets,
                self.kit,
                self.phones_link,
                self.projector_link,
                self.board_editor_link,
                self.form_box,
            ]
        )

    @property
    def form(self) -> NewGameForm:
        """The new-game form (built on first use)."""
        if self._form is None:
            self._form = NewGameForm(self.controller, self.show_tab)
            self._form.relabel()
            self.form_box.children = (self._form,)
        return self._form

    def relabel(self, lang: str) -> None:
        self.example_button.description = t("example_game", lang)
        self.upload.description = t("load_game", lang)
        self.upload.tooltip = self.upload.description  # drawn instead of "... (0)"
        self.files_label.value = f"<h2>{esc(t('tab_game', lang))}</h2>"
        # The editor is a page of its own (the server owner's, like this one).
        words = esc(translator(lang).gettext("✎ Your own board: trace it from a photo"))
        self.board_editor_link.value = (
            f'<a class="tt-board-editor-href" href="board.ipynb" target="_blank">{words}</a>'
        )
        if self._form is not None:
            self._form.relabel()
        self.sheets.refresh()
        self.kit.refresh()

    def refresh(self) -> None:
        """The download link of the game as it is now."""
        ctl = self.controller
        data = base64.b64encode(ctl.game_bytes()).decode("ascii")
        name = ctl.file_name()
        self.save_link.value = (
            f'<a class="tt-save-link" download="{esc(name)}" '
            f'href="data:application/json;base64,{data}" '
            'style="font-size:18px;font-weight:bold">↓ '
            f"{esc(t('save_game', ctl.lang))} — {esc(name)}</a>"
        )
        self.phones_link.value = self.phones_html()
        self.projector_link.value = projector_html(self.controller)
        self.sheets.refresh()
        self.kit.refresh()

    def phones_html(self) -> str:
        """A link to the shared screen's page for this game, where the players seal their sheets
        on their phones (nothing for a game kept nowhere)."""
        ctl = self.controller
        if ctl.store is None or ctl.game_id is None:
            return ""
        # Imported here: the shared screen's package is only needed once a game is kept.
        from tabletop.ui.table.links import table_page_link

        href = esc(table_page_link(ctl.game_id))
        words = esc(translator(ctl.lang).gettext("📱 Play with phones"))
        return f'<a class="tt-phones-link" href="{href}" target="_blank">{words}</a>'

    def _game_uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        self.controller.load_file(bytes(item["content"]), item.get("name", "game.json"))
        self.upload.value = ()
