"""The editor's panels: the start choices, the tools over the map, the selected territory with
the neighbours' walk, the historical starts, and the checks (progress line and problems).

Each panel holds the controller only to call its intents and read what it shows; ``refresh()``
shows the controller's state again (the page calls it when ``revision`` changes), without
sending the values it sets back as edits.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.powers import POWERS, power_name
from tabletop.ui.board_editor.controller import BoardEditorController
from tabletop.ui.board_editor.scene import Mode
from tabletop.ui.board_editor.texts import t
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.menu import Menu

__all__ = ["ChecksPanel", "StartPanel", "StartsPanel", "TerritoryPanel", "ToolsPanel"]

#: A start menu's value for "no start" (the others are territory ids, as text).
NO_START = "0"

MODES = (Mode.SELECT, Mode.MERGE, Mode.SPLIT, Mode.DRAW, Mode.LINKS, Mode.BRIDGE)


def _button(css: str, on_click: Callable[[], object]) -> widgets.Button:
    button = widgets.Button()
    button.add_class(css)
    button.on_click(lambda _b: on_click())
    return button


class _Quiet:
    """Sets widgets' values from the controller without taking them for a person's edits."""

    def __init__(self) -> None:
        self.setting = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        self.setting = True
        try:
            yield
        finally:
            self.setting = False


class StartPanel(widgets.VBox):
    """How to start: a photo, the bundled board, a board file, a saved board, nothing, or the
    board kept unfinished."""

    def __init__(self, controller: BoardEditorController) -> None:
        ctl = self.controller = controller
        self.title = widgets.HTML()
        self.continue_button = _button("tt-continue-board", ctl.continue_work)
        self.photo = widgets.FileUpload(accept="image/*", multiple=False)
        self.photo.add_class("tt-board-photo")
        self.photo.observe(self._photo_chosen, names="value")
        self.photo_help = widgets.HTML()
        self.bundled = _button("tt-start-bundled", ctl.start_bundled)
        self.blank = _button("tt-start-blank", ctl.start_blank)
        self.file = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.file.add_class("tt-board-file")
        self.file.observe(self._file_chosen, names="value")
        self.saved = widgets.Dropdown(options=[])
        self.saved.add_class("tt-saved-boards")
        self.open_saved = _button("tt-open-saved", self._open_saved)
        self.saved_label = widgets.HTML()
        super().__init__(
            [
                self.title,
                self.continue_button,
                widgets.HBox([self.photo, self.photo_help]),
                widgets.HBox([self.bundled, self.blank, self.file]),
                widgets.HBox([self.saved_label, self.saved, self.open_saved]),
            ]
        )
        self.add_class("tt-board-start")

    def _photo_chosen(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.controller.start_photo(bytes(files[0]["content"]))
            self.photo.value = ()

    def _file_chosen(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.controller.open_file(bytes(files[0]["content"]), files[0].get("name", "board"))
            self.file.value = ()

    def _open_saved(self) -> None:
        if self.saved.value:
            self.controller.open_saved(int(self.saved.value))

    def refresh(self) -> None:
        ctl, lang = self.controller, self.controller.lang
        self.title.value = f"<h2>{esc(t('start_title', lang))}</h2>"
        name = ctl.work_name()
        self.continue_button.description = t("continue_work", lang, name=name or "")
        self.continue_button.layout.display = "" if name else "none"
        self.photo.description = t("from_photo", lang)
        self.photo_help.value = f"<small>{esc(t('photo_help', lang))}</small>"
        self.bundled.description = t("from_bundled", lang)
        self.blank.description = t("from_nothing", lang)
        self.file.description = t("from_file", lang)
        saved = ctl.saved_boards()
        if tuple(self.saved.options) != tuple(saved):
            self.saved.options = saved
        if saved and self.saved.value not in [board_id for _, board_id in saved]:
            self.saved.value = saved[0][1]
        self.saved_label.value = esc(t("from_saved", lang) if saved else t("no_saved", lang))
        self.open_saved.description = t("open", lang)
        self.open_saved.disabled = not saved
        for part in (self.saved, self.open_saved):
            part.layout.display = "" if saved else "none"


class ToolsPanel(widgets.VBox):
    """Over the map: what a tap does, undo and redo, closing an outline, the tracing's two
    settings, the board's name, Save and Export."""

    def __init__(self, controller: BoardEditorController) -> None:
        ctl = self.controller = controller
        self.quiet = _Quiet()
        self.modes = widgets.ToggleButtons(options=[(m.value, m.value) for m in MODES])
        self.modes.add_class("tt-board-modes")
        self.modes.observe(self._mode_chosen, names="value")
        self.undo = _button("tt-board-undo", ctl.undo)
        self.redo = _button("tt-board-redo", ctl.redo)
        self.close_button = _button("tt-close-outline", ctl.close_outline)
        self.replace_button = _button("tt-replace-outline", ctl.replace_outline)
        self.cancel = _button("tt-cancel-outline", ctl.cancel_pending)
        self.gap = widgets.IntSlider(value=ctl.gap, min=0, max=8, continuous_update=False)
        self.smallest = widgets.FloatSlider(
            value=ctl.smallest, min=0.0, max=2.0, step=0.05, continuous_update=False
        )
        for slider in (self.gap, self.smallest):
            slider.observe(self._settings_changed, names="value")
        self.gap.add_class("tt-trace-gap")
        self.smallest.add_class("tt-trace-smallest")
        self.name = widgets.Text(continuous_update=False)
        self.name.add_class("tt-board-name")
        self.name.observe(self._name_changed, names="value")
        self.save = _button("tt-board-save", ctl.save)
        self.export = _button("tt-board-export", self._export)
        self.export_link = widgets.HTML()
        self.export_link.add_class("tt-board-export-link")
        self.start_again = _button("tt-board-start-again", ctl.back_to_start)
        self.settings = widgets.HBox([self.gap, self.smallest])
        super().__init__(
            [
                widgets.HBox([self.name, self.save, self.export, self.start_again]),
                self.export_link,
                self.settings,
                self.modes,
                widgets.HBox(
                    [self.undo, self.redo, self.close_button, self.replace_button, self.cancel]
                ),
            ]
        )

    def _mode_chosen(self, change: dict[str, Any]) -> None:
        if not self.quiet.setting:
            self.controller.set_mode(change["new"])

    def _settings_changed(self, _change: dict[str, Any]) -> None:
        # The sliders report only when let go (continuous_update=False): one tracing per choice.
        if not self.quiet.setting:
            self.controller.retrace(self.gap.value, self.smallest.value)

    def _name_changed(self, change: dict[str, Any]) -> None:
        if not self.quiet.setting:
            self.controller.set_board_name(change["new"])

    def _export(self) -> None:
        name, data = self.controller.export()
        encoded = base64.b64encode(data).decode("ascii")
        words = esc(t("export_ready", self.controller.lang, file=name))
        self.export_link.value = (
            f'<a class="tt-board-download" download="{esc(name)}" '
            f'href="data:application/json;base64,{encoded}">{words}</a>'
        )

    def refresh(self) -> None:
        ctl, lang = self.controller, self.controller.lang
        draft = ctl.draft
        with self.quiet():
            self.modes.options = [(t(f"mode_{m.value}", lang), m.value) for m in MODES]
            self.modes.value = ctl.mode.value
            self.gap.value, self.smallest.value = ctl.gap, ctl.smallest
            if draft is not None and self.name.value != draft.state.name:
                self.name.value = draft.state.name
        self.gap.description = t("gap", lang)
        self.smallest.description = t("smallest", lang)
        self.settings.layout.display = "" if ctl.traced_photo is not None else "none"
        self.name.description = t("board_name", lang)
        self.undo.description = t("undo", lang)
        self.redo.description = t("redo", lang)
        self.undo.disabled = draft is None or not draft.can_undo
        self.redo.disabled = draft is None or not draft.can_redo
        self.close_button.description = t("close_outline", lang)
        self.cancel.description = t("cancel_outline", lang)
        drawing = ctl.mode in (Mode.DRAW, Mode.SPLIT)
        self.close_button.layout.display = "" if ctl.mode == Mode.DRAW else "none"
        self.cancel.layout.display = "" if drawing else "none"
        self.close_button.disabled = len(ctl.pending) < 3
        chosen = draft is not None and ctl.selected in draft.state.territories
        self.replace_button.layout.display = "" if ctl.mode == Mode.DRAW and chosen else "none"
        self.replace_button.disabled = len(ctl.pending) < 3
        if draft is not None and chosen:
            name = draft.label(ctl.selected, lang)
            self.replace_button.description = t("replace_outline", lang, name=name)
        self.save.description = t("save", lang)
        self.export.description = t("export", lang)
        self.start_again.description = t("start_title", lang)


class TerritoryPanel(widgets.VBox):
    """The selected territory: its names, spaces and coast, and the neighbours' walk
    ("Territory 12 of 32", previous, next, neighbours right)."""

    def __init__(self, controller: BoardEditorController) -> None:
        ctl = self.controller = controller
        self.quiet = _Quiet()
        self.walk = widgets.HTML()
        self.walk.add_class("tt-board-walk")
        self.previous = _button("tt-walk-previous", lambda: ctl.walk(-1))
        self.next = _button("tt-walk-next", lambda: ctl.walk(1))
        self.confirm = _button("tt-walk-confirm", ctl.confirm_selected)
        self.name = widgets.Combobox(ensure_option=False, continuous_update=False)
        self.name.add_class("tt-territory-name")
        self.name.observe(lambda c: self._edit(ctl.set_name, c["new"]), names="value")
        self.fr = widgets.Text(continuous_update=False)
        self.de = widgets.Text(continuous_update=False)
        for box in (self.fr, self.de):
            box.observe(
                lambda _c: self._edit(ctl.set_other_names, self.fr.value, self.de.value),
                names="value",
            )
        self.fr.add_class("tt-territory-fr")
        self.de.add_class("tt-territory-de")
        self.aliases = widgets.Text(continuous_update=False)
        self.aliases.add_class("tt-territory-aliases")
        self.aliases.observe(lambda c: self._edit(ctl.set_aliases, c["new"]), names="value")
        self.spaces = widgets.ToggleButtons(options=[("1", 1), ("2", 2), ("3", 3), ("4", 4)])
        self.spaces.add_class("tt-territory-spaces")
        self.spaces.observe(lambda c: self._edit(ctl.set_spaces, c["new"]), names="value")
        self.coastal = widgets.Checkbox(indent=False)
        self.coastal.add_class("tt-territory-coastal")
        self.coastal.observe(lambda c: self._edit(ctl.set_coastal, c["new"]), names="value")
        self.neighbours = widgets.HTML()
        self.neighbours.add_class("tt-territory-neighbours")
        self.erase = _button("tt-territory-erase", ctl.erase_selected)
        self.details = widgets.VBox(
            [
                self.name,
                self.fr,
                self.de,
                self.aliases,
                self.spaces,
                self.coastal,
                self.neighbours,
                self.erase,
            ]
        )
        super().__init__(
            [self.walk, widgets.HBox([self.previous, self.next, self.confirm]), self.details]
        )
        self.add_class("tt-territory-panel")

    def _edit(self, intent: Callable[..., Any], *values: Any) -> None:
        if not self.quiet.setting:
            intent(*values)

    def refresh(self) -> None:
        ctl, lang, draft = self.controller, self.controller.lang, self.controller.draft
        self.previous.description = t("previous", lang)
        self.next.description = t("next", lang)
        self.confirm.description = t("confirm", lang)
        self.name.description = t("name", lang)
        self.fr.description = t("name_fr", lang)
        self.de.description = t("name_de", lang)
        self.aliases.description = t("aliases", lang)
        self.coastal.description = t("coastal", lang)
        self.erase.description = t("erase", lang)
        for text in (self.name, self.fr, self.de, self.aliases):
            text.style.description_width = "initial"
            text.layout.width = "100%"
        tid = ctl.selected
        if draft is None or tid not in draft.state.territories:
            self.walk.value = esc(t("selected_none", lang))
            self.details.layout.display = "none"
            self.confirm.disabled = True
            return
        territory = draft.territory(tid)
        self.confirm.disabled = False
        self.details.layout.display = ""
        names = sorted(draft.label(other, lang) for other in draft.neighbours(tid))
        with self.quiet():
            suggestions = tuple(draft.suggestions(territory.name))
            if tuple(self.name.options) != suggestions:
                self.name.options = suggestions
            self.name.value = territory.name
            self.fr.value, self.de.value = territory.fr, territory.de
            self.aliases.value = ", ".join(territory.aliases)
            self.spaces.value = territory.spaces
            self.coastal.value = territory.coastal
        self.neighbours.value = esc(t("neighbours_of", lang, names=", ".join(names) or "—"))
        # The walk line last: once it names the territory, the boxes above show it too.
        mark = " ✓" if tid in draft.state.confirmed else ""
        self.walk.value = "<b>{}</b>{}".format(
            esc(
                t(
                    "walk",
                    lang,
                    index=draft.number(tid),
                    total=len(draft.ids()),
                    name=draft.label(tid, lang),
                )
            ),
            esc(mark),
        )


class StartsPanel(widgets.VBox):
    """The historical starts: one menu of territories per power."""

    def __init__(self, controller: BoardEditorController) -> None:
        self.controller = controller
        self.quiet = _Quiet()
        self.title = widgets.HTML()
        self.menus: dict[str, Menu] = {}
        for power in POWERS:
            # Named from the start: a screen reader (and axe-core) meets a named menu even
            # before a board fills it. The lists change as territories are named, split and
            # merged: the menus send the territory chosen (its id), not its place in a list the
            # kernel may have changed meanwhile (tabletop.ui.shell.menu).
            menu = Menu(
                options=[("", NO_START)],
                value=NO_START,
                description=power_name(power, controller.lang),
            )
            menu.add_class(f"tt-start-{power.lower().replace(' ', '-')}")
            menu.observe(lambda c, p=power: self._chosen(p, c["new"]), names="value")
            self.menus[power] = menu
        super().__init__([self.title, *self.menus.values()])
        self.add_class("tt-board-starts")

    def _chosen(self, power: str, tid: str) -> None:
        if not self.quiet.setting:
            # The values are territory ids; anything else a page sends is an unknown territory
            # (-1), which the controller refuses with its message.
            number = tid.isascii() and tid.isdecimal() and len(tid) <= 18
            self.controller.set_start(power, int(tid) if number else -1)
            draft = self.controller.draft
            kept = str(draft.state.starts.get(power, 0)) if draft is not None else NO_START
            if self.menus[power].value != kept:  # refused: the menu shows the start that holds
                with self.quiet():
                    self.menus[power].value = kept

    def refresh(self) -> None:
        lang, draft = self.controller.lang, self.controller.draft
        self.title.value = f"<h3>{esc(t('starts', lang))}</h3>"
        if draft is None:
            return
        options = [(t("no_start", lang), NO_START)] + [
            (label, str(tid))
            for label, tid in sorted((draft.label(tid, lang), tid) for tid in draft.ids())
        ]
        with self.quiet():
            for power, menu in self.menus.items():
                menu.description = power_name(power, lang)
                menu.offer(options, str(draft.state.starts.get(power, 0)))


class ChecksPanel(widgets.VBox):
    """The progress line and every problem of the board, live."""

    def __init__(self, controller: BoardEditorController) -> None:
        self.controller = controller
        self.progress = widgets.HTML()
        self.progress.add_class("tt-board-progress")
        self.problems = widgets.HTML()
        self.problems.add_class("tt-board-problems")
        super().__init__([self.progress, self.problems])

    def refresh(self) -> None:
        lang, draft = self.controller.lang, self.controller.draft
        if draft is None:
            self.progress.value = self.problems.value = ""
            return
        self.progress.value = f"<b>{esc(draft.progress().text(lang))}</b>"
        problems = draft.problems(lang)
        if not problems:
            self.problems.value = f'<p class="tt-ok">{esc(t("problems_none", lang))}</p>'
            return
        items = "".join(f"<li>{esc(p)}</li>" for p in problems)
        head = esc(t("problems_count", lang, n=len(problems)))
        self.problems.value = f"<p>{head}</p><ul>{items}</ul>"
