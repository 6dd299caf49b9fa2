"""The list of the games of one kind kept in the database, as both dashboards show it.

One row per game (name, last change, rounds or actions, players) with Open, Rename, Duplicate,
Export and Delete; a "New game" button above. Rename, Export and Delete open a small panel under
the list; Delete asks for a confirmation and offers the export first (a deleted game is gone).
The widget only talks to the store and calls ``on_open(game_id)`` / ``on_new()``: the page
decides what opening or starting a game means.

>>> from tabletop.ui.shell.games_list import text
>>> text("new_game", "fr")
'Nouvelle partie'
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n import available_languages
from tabletop.i18n.keys import GAMES_LIST
from tabletop.i18n.keys import text as _text
from tabletop.store import GameArchive, GameInfo, Store, StoreError
from tabletop.ui.shell.bounded import GAME_NAME_LIMIT, bounded
from tabletop.ui.shell.html import esc


def text(key: str, lang: str = "en", **values: object) -> str:
    """The games list's text ``key`` in ``lang`` (the ``games_list`` catalog table; English
    for a language without a catalog)."""
    if lang not in available_languages():
        lang = "en"
    return _text("games_list", key, lang, **values)


def keys() -> tuple[str, ...]:
    """Every text key of the games list (for tests and translators)."""
    return tuple(GAMES_LIST)


def _when(moment: datetime) -> str:
    """A moment as the list shows it: local time of the server, to the minute."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def download_link(data: Any, file_name: str, label: str, css_class: str) -> str:
    """An HTML link that downloads ``data`` as the JSON file ``file_name``."""
    raw = (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    encoded = base64.b64encode(raw).decode("ascii")
    return (
        f'<a class="{css_class}" download="{esc(file_name)}" '
        f'href="data:application/json;base64,{encoded}">{esc(label)}</a>'
    )


class GameRow(widgets.HBox):
    """One game of the list: its details and its buttons."""

    def __init__(self, owner: GamesList, info: GameInfo) -> None:
        self.info = info
        self.cells = widgets.HTML()
        self.cells.add_class("tt-game-cells")
        self.open_button = self._button(lambda: owner.on_open(info.id), "open", "success")
        self.rename_button = self._button(lambda: owner.ask_rename(info.id), "rename")
        self.duplicate_button = self._button(lambda: owner.duplicate(info.id), "duplicate")
        self.export_button = self._button(lambda: owner.show_export(info.id), "export")
        self.delete_button = self._button(lambda: owner.ask_delete(info.id), "delete", "danger")
        super().__init__(
            [
                self.cells,
                self.open_button,
                self.rename_button,
                self.duplicate_button,
                self.export_button,
                self.delete_button,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.add_class("tt-game-row")
        self.add_class(f"tt-game-{info.id}")

    @staticmethod
    def _button(action: Callable[[], Any], name: str, style: str = "") -> widgets.Button:
        button = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
        button.add_class(f"tt-game-{name}")
        button.on_click(lambda _b: action())
        return button

    def relabel(self, lang: str) -> None:
        info = self.info
        players = ", ".join(info.players)
        self.cells.value = (
            '<span class="tt-game-name" style="display:inline-block;min-width:14em">'
            f"<b>{esc(info.name)}</b></span> "
            f'<span class="tt-game-updated" style="display:inline-block;min-width:9em">'
            f"{esc(_when(info.updated))}</span> "
            f'<span class="tt-game-steps" style="display:inline-block;min-width:4em">'
            f"{esc(text('col_steps_' + info.kind, lang))} {info.step}</span> "
            f'<span class="tt-game-players">{esc(players)}</span>'
        )
        for name, button in (
            ("open", self.open_button),
            ("rename", self.rename_button),
            ("duplicate", self.duplicate_button),
            ("export", self.export_button),
            ("delete", self.delete_button),
        ):
            button.description = text(name, lang)


class GamesList(widgets.VBox):
    """The games of one ``kind`` in ``store``: ``on_open(id)`` opens one, ``on_new()`` starts
    a new one."""

    def __init__(
        self,
        store: Store,
        kind: str,
        *,
        lang: str = "en",
        on_open: Callable[[int], None],
        on_new: Callable[[], None],
    ) -> None:
        self.store = store
        self.kind = kind
        self.lang = lang
        self.on_open = on_open
        self.on_new = on_new
        self.games: list[GameInfo] = []
        self.rows: list[GameRow] = []
        self.title = widgets.HTML()
        # Its "+" is Font Awesome's, served with the page (a "＋" in the text is an empty box
        # on a machine whose fonts lack it).
        self.new_button = widgets.Button(button_style="primary", icon="plus")
        self.new_button.add_class("tt-games-new")
        self.new_button.on_click(lambda _b: self.on_new())
        self.message = widgets.HTML()
        self.message.add_class("tt-games-message")
        self.empty = widgets.HTML()
        self.empty.add_class("tt-games-empty")
        self.table = widgets.VBox()
        self.table.add_class("tt-games-table")
        # the panel under the list: rename field, export links or the delete confirmation
        self.panel_id: int | None = None
        self.panel_mode = ""
        self.panel_text = widgets.HTML()
        self.name_field = widgets.Text()
        self.name_field.add_class("tt-games-name-field")
        self.name_bound = bounded(self.name_field, GAME_NAME_LIMIT, lang)
        self.save_name = widgets.Button(button_style="success")
        self.save_name.add_class("tt-games-save-name")
        self.save_name.on_click(lambda _b: self.confirm_rename())
        self.delete_yes = widgets.Button(button_style="danger")
        self.delete_yes.add_class("tt-games-delete-yes")
        self.delete_yes.on_click(lambda _b: self.confirm_delete())
        self.cancel = widgets.Button()
        self.cancel.add_class("tt-games-cancel")
        self.cancel.on_click(lambda _b: self.close_panel())
        self.panel = widgets.VBox()
        self.panel.add_class("tt-games-panel")
        super().__init__(
            [self.title, self.new_button, self.message, self.empty, self.table, self.panel]
        )
        self.add_class("tt-games-list")
        self.relabel(lang)
        self.refresh()

    # ----------------------------------------------------------------- showing
    def refresh(self) -> None:
        """Read the list again (the most recently changed game first)."""
        try:
            self.games = self.store.list_games(self.kind)
        except StoreError as error:
            self.say(text("failed", self.lang, error=str(error)), "error")
            self.games = []
        self.rows = [GameRow(self, info) for info in self.games]
        for row in self.rows:
            row.relabel(self.lang)
        self.table.children = tuple(self.rows)
        self.empty.value = "" if self.games else f"<p>{esc(text('none_yet', self.lang))}</p>"
        if self.panel_id is not None and self.panel_id not in {g.id for g in self.games}:
            self.close_panel()

    def relabel(self, lang: str) -> None:
        """Show every text in ``lang``."""
        self.lang = lang
        self.title.value = f"<h2>{esc(text('title', lang))}</h2>"
        self.new_button.description = text("new_game", lang)
        self.save_name.description = text("save_name", lang)
        self.delete_yes.description = text("delete_yes", lang)
        self.cancel.description = text("cancel", lang)
        self.name_field.placeholder = text("new_name", lang)
        self.name_bound.relabel(lang)
        for row in self.rows:
            row.relabel(lang)
        self.empty.value = "" if self.games else f"<p>{esc(text('none_yet', lang))}</p>"
        self._fill_panel()

    def say(self, line: str, kind: str = "ok") -> None:
        """A one-line message above the list (kind: ok, error)."""
        cls = "tt-msg-error" if kind == "error" else "tt-msg-ok"
        self.message.value = f'<p class="{cls}">{esc(line)}</p>' if line else ""

    def info(self, game_id: int) -> GameInfo | None:
        """The list entry of game ``game_id`` as last read."""
        return next((g for g in self.games if g.id == game_id), None)

    # ----------------------------------------------------------------- the panel
    def _open_panel(self, game_id: int, mode: str) -> None:
        self.panel_id = game_id
        self.panel_mode = mode
        self._fill_panel()

    def close_panel(self) -> None:
        """Hide the rename / export / delete panel."""
        self.panel_id = None
        self.panel_mode = ""
        self._fill_panel()

    def _exports_html(self, game_id: int, name: str) -> str:
        slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:40]
        base = f"{self.kind}-{slug or game_id}"
        game_link = download_link(
            GameArchive(self.store).export_game(game_id),
            f"{base}.json",
            text("export_game", self.lang),
            "tt-games-export-game",
        )
        history_link = download_link(
            GameArchive(self.store).export_history(game_id),
            f"{base}.history.json",
            text("export_history", self.lang),
            "tt-games-export-history",
        )
        return f"{game_link} &nbsp; {history_link}"

    def _fill_panel(self) -> None:
        game = self.info(self.panel_id) if self.panel_id is not None else None
        if game is None:
            self.panel.children = ()
            return
        lang = self.lang
        try:
            if self.panel_mode == "rename":
                self.panel_text.value = f"<b>{esc(text('rename', lang))}</b>"
                buttons = widgets.HBox([self.name_bound.box, self.save_name, self.cancel])
                self.panel.children = (self.panel_text, buttons)
            elif self.panel_mode == "export":
                head = esc(text("export_of", lang, name=game.name))
                self.panel_text.value = f"<p>{head} {self._exports_html(game.id, game.name)}</p>"
                self.panel.children = (self.panel_text, self.cancel)
            elif self.panel_mode == "delete":
                head = esc(text("confirm_delete", lang, name=game.name))
                links = self._exports_html(game.id, game.name)
                self.panel_text.value = f'<p class="tt-msg-warn">{head}</p><p>{links}</p>'
                self.panel.children = (
                    self.panel_text,
                    widgets.HBox([self.delete_yes, self.cancel]),
                )
        except StoreError as error:
            self.say(text("failed", lang, error=str(error)), "error")
            self.close_panel()

    # ----------------------------------------------------------------- intents
    def ask_rename(self, game_id: int) -> None:
        """Intent: show the name field for game ``game_id``."""
        game = self.info(game_id)
        self.name_field.value = game.name if game is not None else ""
        self._open_panel(game_id, "rename")

    def confirm_rename(self) -> bool:
        """Intent: give the game in the panel the name typed."""
        if self.panel_id is None or self.panel_mode != "rename":
            return False
        name = self.name_field.value
        if not name.strip():
            self.say(text("empty_name", self.lang), "error")
            return False
        try:
            info = self.store.rename(self.panel_id, name)
        except StoreError as error:
            self.say(text("failed", self.lang, error=str(error)), "error")
            return False
        self.close_panel()
        self.refresh()
        self.say(text("renamed", self.lang, name=info.name))
        return True

    def duplicate(self, game_id: int) -> int | None:
        """Intent: copy game ``game_id`` with its whole history; the new game's id."""
        try:
            snap = GameArchive(self.store).duplicate(game_id)
        except StoreError as error:
            self.say(text("failed", self.lang, error=str(error)), "error")
            return None
        self.refresh()
        self.say(text("duplicated", self.lang, name=snap.info.name))
        return snap.game_id

    def show_export(self, game_id: int) -> None:
        """Intent: show the download links of game ``game_id``."""
        self._open_panel(game_id, "export")

    def ask_delete(self, game_id: int) -> None:
        """Intent: ask for the confirmation (with the export offered first)."""
        self._open_panel(game_id, "delete")

    def confirm_delete(self) -> bool:
        """Intent: delete the game the confirmation is about."""
        if self.panel_id is None or self.panel_mode != "delete":
            return False
        game = self.info(self.panel_id)
        name = game.name if game is not None else str(self.panel_id)
        try:
            self.store.delete_game(self.panel_id, confirm=True)
        except StoreError as error:
            self.say(text("failed", self.lang, error=str(error)), "error")
            return False
        self.close_panel()
        self.refresh()
        self.say(text("deleted", self.lang, name=name))
        return True
