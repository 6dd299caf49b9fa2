"""The new-game form: powers, start, map (default or a board file), rule options."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES, board_from_bytes
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.powers import POWERS
from tabletop.ui.africa1880.html import controller_guard, local_text, slug
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class NewGameForm(widgets.VBox):
    """New game: powers, start, map (default or a board file), rule options; once started,
    ``show_tab("orders")`` shows its sheets."""

    def __init__(self, controller: AfricaController, show_tab: Callable[[str], None]) -> None:
        self.controller = controller
        self.show_tab = show_tab
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
        self.board_upload = widgets.FileUpload(accept=".json", multiple=False)
        self.board_upload.add_class("tt-board-upload")
        self.board_upload.add_class("tt-upload")
        self.board_upload.observe(self._board_uploaded, names="value")
        self.board_message = widgets.HTML()
        self.board_message.add_class("tt-board-message")
        self.landing_check = widgets.Dropdown(layout={"width": "34em"})
        self.landing_check.add_class("tt-opt-landing")
        self.scoring = widgets.Dropdown(layout={"width": "24em"})
        self.scoring.add_class("tt-opt-scoring")
        self.start_button = widgets.Button(button_style="primary", layout={"width": "20em"})
        self.start_button.add_class("tt-start-game")
        self.start_button.on_click(controller_guard(controller)(lambda _b: self.submit()))
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
        lang = self.controller.lang
        self.heading.value = f"<h2>{esc(t('new_game', lang))}</h2>"
        self.powers_label.value = f"<b>{esc(t('powers', lang))}</b>"
        for power, box in self.power_boxes.items():
            box.description = power_name(power, lang)
        start = self.start.value or "historical"
        self.start.options = [
            (t("start_historical", lang), "historical"),
            (t("start_free", lang), "free"),
        ]
        self.start.value = start
        self.start.description = t("start_kind", lang)
        self.board_label.value = f"<b>{esc(t('board_choice', lang))}</b>"
        choice = self.board_choice.value or "default"
        self.board_choice.options = [
            (t("board_default", lang), "default"),
            (t("board_upload", lang), "upload"),
        ]
        self.board_choice.value = choice
        self.board_upload.description = t("board_upload", lang)
        self.board_upload.tooltip = self.board_upload.description  # drawn instead of "(0)"
        self.options_label.value = f"<b>{esc(t('options', lang))}</b>"
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
        lang = self.controller.lang
        if self.start.value != "free":
            self.placement_box.children = ()
            return
        from tabletop.games.africa1880.board_files import load_board

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
            widgets.HTML(f"<b>{esc(t('first_presence', lang))}</b>"),
            *shown,
        )

    def _board_uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        ctl = self.controller
        try:
            self._read_board(files[0])
        except Exception:
            # Never a traceback on the page: one line, the details in the server's log.
            logging.getLogger(__name__).exception("board upload failed")
            self._board_refused(local_text("unexpected_error", ctl.lang))
        finally:
            self.board_upload.value = ()
        self._refresh_placements()

    def _read_board(self, item: dict) -> None:
        """An uploaded board, read from its bytes only (no server path is ever opened), size
        checked before parsing (the core loader's limit); a refusal leaves everything as it was."""
        ctl = self.controller
        name = str(item.get("name") or "board.json")[:80]
        content = item["content"]
        size = len(content)
        if size > MAX_BOARD_BYTES:
            too_large = local_text(
                "file_too_large", ctl.lang, name=name, size=size, limit=MAX_BOARD_BYTES
            )
            self._board_refused(too_large)
            return
        try:
            board = board_from_bytes(bytes(content), source=name)
        except BoardError as error:
            self._board_refused(str(error))
            return
        self.board = board
        self.board_choice.value = "upload"
        ctl.say(t("board_loaded", ctl.lang, name=board.name), "ok")
        self.board_message.value = f'<span class="tt-msg-ok">{esc(ctl.message)}</span>'

    def _board_refused(self, reason: str) -> None:
        ctl = self.controller
        ctl.say(t("board_error", ctl.lang) + " " + reason, "error")
        self.board_message.value = (
            f'<span class="tt-msg-error tt-board-refused">{esc(ctl.message)}</span>'
        )

    def submit(self) -> bool:
        """Start the game described by the form (errors are shown, the current game is kept)."""
        ctl = self.controller
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
            self.show_tab("orders")
        return ok
