"""The new-game form: powers, start, map (the bundled one, a saved board, or a board file), rule
options."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES, board_from_bytes
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.powers import POWERS
from tabletop.i18n import translator
from tabletop.store.boards import Boards, SavedBoard
from tabletop.store.errors import StoreError
from tabletop.ui.africa1880.html import controller_guard, local_text, slug
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.menu import Menu

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


def saved_board_label(saved: SavedBoard, lang: str) -> str:
    """How the form's menu names a saved board: its name, version and territory count."""
    return translator(lang).ngettext(
        "{name} (version {version}, {n} territory)",
        "{name} (version {version}, {n} territories)",
        saved.territories,
        name=saved.name,
        version=saved.version,
    )


class NewGameForm(widgets.VBox):
    """New game: powers, start, map (the bundled one, a saved board or a board file), rule
    options; once started, ``show_tab("orders")`` shows its sheets."""

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
        # Their lists change with the board chosen: the menus send the territory chosen, not its
        # place in a list the kernel may have changed meanwhile (tabletop.ui.shell.menu).
        self.placements = {p: Menu(layout={"width": "30em"}) for p in POWERS}
        for power, menu in self.placements.items():
            menu.add_class(f"tt-place-{slug(power)}")
        self.placement_box = widgets.VBox()
        self.board_choice = widgets.RadioButtons()
        self.board_choice.add_class("tt-board-choice")
        self.board_choice.observe(lambda _c: self._refresh_placements(), names="value")
        # The saved boards of the database (name, version, territories), newest first.
        self.saved_menu = widgets.Dropdown(layout={"width": "34em"})
        self.saved_menu.add_class("tt-saved-board")
        self.saved_menu.observe(lambda _c: self._saved_picked(), names="value")
        self.saved: dict[str, SavedBoard] = {}
        self._listing = False
        self._read_boards: dict[str, Board] = {}  # saved versions never change: read once
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
                self.saved_menu,
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
        self.refresh_saved()
        choices = [(t("board_default", lang), "default")]
        if self.saved:
            choices.append((translator(lang).gettext("A saved board"), "saved"))
        choices.append((t("board_upload", lang), "upload"))
        self.board_choice.options = choices
        self.board_choice.value = choice if choice in dict(choices).values() else "default"
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

    def refresh_saved(self) -> None:
        """List the saved boards again (the newest version of each), keeping the one chosen."""
        store = self.controller.store
        found: list[SavedBoard] = []
        if store is not None:
            try:
                found = Boards(store).list()
            except StoreError:
                logging.getLogger(__name__).exception("saved boards unreadable")
        lang = self.controller.lang
        self.saved = {f"{b.board_id}:{b.version}": b for b in found}
        keep = self.saved_menu.value
        self.saved_menu.options = [
            (saved_board_label(b, lang), key) for key, b in self.saved.items()
        ]
        self.saved_menu.value = keep if keep in self.saved else next(iter(self.saved), None)
        self.saved_menu.description = translator(lang).gettext("Saved board")
        self.saved_menu.layout.display = None if self.saved else "none"

    def _saved_picked(self) -> None:
        """A board picked in the menu is the map chosen (not when the menu is filled again)."""
        offered = dict(self.board_choice.options).values()
        if not self._listing and self.saved_menu.value in self.saved and "saved" in offered:
            self.board_choice.value = "saved"
        self._refresh_placements()

    def saved_board(self) -> Board:
        """The saved board chosen in the menu, read from the database (the version shown)."""
        key = self.saved_menu.value
        if key not in self._read_boards:
            saved = self.saved[key]
            store = self.controller.store
            assert store is not None
            data = Boards(store).get(saved.board_id, saved.version)
            self._read_boards[key] = board_from_dict(data, f"{saved.name} (v{saved.version})")
        return self._read_boards[key]

    def chosen_board(self) -> Board | None:
        """The board chosen: a saved one, the uploaded one, or None (the bundled map)."""
        if self.board_choice.value == "saved" and self.saved_menu.value in self.saved:
            return self.saved_board()
        return self.board if self.board_choice.value == "upload" else None

    def _refresh_placements(self) -> None:
        lang = self.controller.lang
        if self.start.value != "free":
            self.placement_box.children = ()
            return
        from tabletop.games.africa1880.board_files import load_board

        try:
            board = self.chosen_board() or load_board()
        except (StoreError, BoardError):
            board = load_board()  # said when the game is started
        coastal = sorted(board.coastal_names(), key=normalize_name)
        shown = []
        for power, menu in self.placements.items():
            if not self.power_boxes[power].value:
                continue
            keep = menu.value
            menu.offer([("—", ""), *((n, n) for n in coastal)], keep if keep in coastal else "")
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
        try:
            board = self.chosen_board()
        except (StoreError, BoardError) as error:
            # A saved board another page deleted, or the database gone: said, nothing changes.
            ctl.say(t("new_game_error", ctl.lang) + " " + str(error), "error")
            return False
        options = {"landing_check": self.landing_check.value, "scoring": self.scoring.value}
        ok = ctl.new_game(powers, self.start.value, placements, board, options)
        if ok:
            self.show_tab("orders")
        return ok
