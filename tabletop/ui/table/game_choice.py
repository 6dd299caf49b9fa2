"""The shared screen without a table yet: the games of both kinds, then "Open a table"."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.ui.seat.common import refusal, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.table.part import TablePart


class GameChoice(TablePart):
    """Picking a game (or starting one) and opening a table for it."""

    # ----------------------------------------------------------------- choosing a game
    def pick_game(self) -> None:
        """The games of both kinds; opening one asks to open a table for it."""
        from tabletop.ui.shell.games_list import GamesList

        _ = tr(self.lang).gettext
        self.chosen = widgets.VBox()
        self.chosen.add_class("tt-table-chosen")
        lists = [
            GamesList(
                self.store,
                kind,
                lang=self.lang,
                on_open=self._chose,
                on_new=self._new_game(kind),
            )
            for kind in ("africa1880", "massai")
        ]
        intro = widgets.HTML(
            "<h2>" + esc(_("Open a table")) + "</h2>"
            "<p>"
            + esc(_("Pick a game: each player then seals their secret on their own phone."))
            + "</p>"
        )
        self.body.children = (intro, self.chosen, *lists)

    def _new_game(self, kind: str) -> Callable[[], None]:
        def start() -> None:
            game: Game | GameRecord = example_game() if kind == "africa1880" else GameRecord.new()
            snap = self.store.create_game(game)
            self._chose(snap.game_id)

        return start

    def _chose(self, game_id: int) -> None:
        _ = tr(self.lang).gettext
        try:
            name = self.store.load(game_id).info.name
        except StoreError as error:
            self.chosen.children = (refusal(str(error)),)
            return
        button = widgets.Button(
            description=_("Open a table"), button_style="primary", layout={"width": "auto"}
        )
        button.add_class("tt-open-table")
        button.on_click(lambda _b: self.open_table(game_id))
        self.chosen.children = (widgets.HTML(f"<h3>{esc(name)}</h3>"), button)

    def open_table(self, game_id: int) -> None:
        """A new table for ``game_id``; the page becomes its shared screen."""
        try:
            new = self.tables.open_table(game_id)  # type: ignore[union-attr]
        except (StoreError, SeatError) as error:
            self.refuse(str(error))
            return
        self.table_id, self.host_token = new.table_id, new.host_token
        self.just_opened = True
        self.open_host()
