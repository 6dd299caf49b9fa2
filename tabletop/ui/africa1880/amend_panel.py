"""Correcting the sheets of a round already resolved, from the rounds tab.

The game master picks a round in the history, corrects its sheets in the page's own sheet
editors (with their checks) on a
:class:`~tabletop.ui.africa1880.scratch_sheets.ScratchSheets`, and previews what
:func:`tabletop.games.africa1880.amend.amend` gives: round by round what the replay does
differently, including the later orders now void. Nothing is saved before **Accept**, which
keeps the corrected game as a new entry of the history (``amend``; the old entries stay, and the
page's Undo takes it back); **Discard** drops the correction. Bad input gets one line and the
typed sheets stay as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.amend import AmendError, Amendment, amend, amendment_text
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError
from tabletop.ui.africa1880.drafts import sheets_too_long
from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.html import controller_guard, local_text
from tabletop.ui.africa1880.scratch_sheets import ScratchSheets, SheetDesk
from tabletop.ui.africa1880.session import split_sheets
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class AmendPanel(widgets.VBox):
    """The correction of one resolved round: its sheets, the preview, Accept and Discard."""

    def __init__(self, controller: AfricaController) -> None:
        self.controller = controller
        self.index: int | None = None
        self.year: int | None = None
        self.model: ScratchSheets | None = None
        self.desk: SheetDesk | None = None
        self.amendment: Amendment | None = None
        self._previewed: str | None = None  # the sheets the preview was made of
        guard = controller_guard(controller)
        self.title = widgets.HTML()
        self.help = widgets.HTML()
        self.desk_box = widgets.VBox()
        self.preview_button = widgets.Button(button_style="info", layout={"width": "auto"})
        self.preview_button.add_class("tt-amend-preview-button")
        self.preview_button.on_click(guard(lambda _b: self.preview()))
        self.accept_button = widgets.Button(button_style="danger", layout={"width": "auto"})
        self.accept_button.add_class("tt-amend-accept")
        self.accept_button.on_click(guard(lambda _b: self.accept()))
        self.discard_button = widgets.Button(layout={"width": "auto"})
        self.discard_button.add_class("tt-amend-discard")
        self.discard_button.on_click(guard(lambda _b: self.discard()))
        self.problem = widgets.HTML()
        self.problem.add_class("tt-amend-problem")
        self.result = widgets.HTML()
        self.result.add_class("tt-amend-preview")
        buttons = widgets.HBox([self.preview_button, self.accept_button, self.discard_button])
        buttons.add_class("tt-wrap")
        super().__init__(
            [self.title, self.help, self.desk_box, buttons, self.problem, self.result],
            layout={"display": "none"},
        )
        self.add_class("tt-amend")

    @property
    def editing(self) -> bool:
        """Whether a correction is being typed."""
        return self.model is not None

    # ----------------------------------------------------------------- intents
    def start(self, index: int | None) -> bool:
        """Correct history round ``index``: its recorded sheets in the editors."""
        ctl = self.controller
        if index is None or not 0 <= index < len(ctl.game.history):
            ctl.say(gm_text("amend_no_round", ctl.lang), "warn")
            return False
        entry = ctl.game.history[index]
        self.index, self.year = index, entry.state.year
        texts = split_sheets(entry.sheets_text, entry.state.powers)
        self.model = ScratchSheets(entry.state, ctl.board, ctl.lang, texts, ctl.say)
        self.desk = SheetDesk(self.model, "amend", self._edited)
        self.desk_box.children = (self.desk,)
        self.amendment = self._previewed = None
        self.problem.value = self.result.value = ""
        self.layout.display = None
        self.relabel(ctl.lang)
        return True

    def preview(self) -> Amendment | None:
        """Replay with the corrected sheets and show what changes, round by round."""
        ctl = self.controller
        lang = ctl.lang
        model = self.model
        if model is None or self.year is None:
            return None
        self.amendment = self._previewed = None
        self.result.value = ""
        text = model.combined_text()
        length = sheets_too_long(model.texts())
        try:
            if length:
                raise SheetTooLongError(length)
            amendment = amend(ctl.game, self.year, text)
        except SheetTooLongError:
            self._refuse(local_text("sheets_too_long", lang, length=length, limit=MAX_SHEET_CHARS))
            return None
        except AmendError as error:
            self._refuse(gm_text("amend_refused", lang, error=str(error)))
            return None
        self.problem.value = ""
        if not amendment.changed:
            same = esc(gm_text("amend_same", lang, year=self.year))
            self.result.value = f'<p class="tt-msg-ok tt-amend-same">{same}</p>'
            self._sync_buttons()
            return amendment
        self.amendment, self._previewed = amendment, text
        self.result.value = preview_html(amendment, lang)
        self._sync_buttons()
        return amendment

    def accept(self) -> bool:
        """Keep the previewed correction (a new history entry); refused unless the preview is
        of the sheets as they are now."""
        ctl = self.controller
        model = self.model
        if model is None or self.amendment is None:
            ctl.say(gm_text("amend_preview_first", ctl.lang), "warn")
            return False
        if model.combined_text() != self._previewed:
            ctl.say(gm_text("amend_changed_since", ctl.lang), "warn")
            return False
        if not ctl.accept_amendment(self.amendment):
            return False
        self.close()
        return True

    def discard(self) -> None:
        """Drop the correction: nothing was saved, nothing changes."""
        ctl = self.controller
        was_open = self.editing
        self.close()
        if was_open:
            ctl.say(gm_text("amend_discarded", ctl.lang), "ok")

    def close(self) -> None:
        self.model = self.desk = None
        self.amendment = self._previewed = None
        self.index = self.year = None
        self.desk_box.children = ()
        self.problem.value = self.result.value = ""
        self.layout.display = "none"

    # ----------------------------------------------------------------- drawing
    def _refuse(self, words: str) -> None:
        self.problem.value = f'<p class="tt-msg-error">⚠ {esc(words)}</p>'
        self._sync_buttons()

    def _edited(self) -> None:
        """A sheet changed: the preview is of other sheets now (Accept waits for a new one)."""
        if self.model is not None and self.model.combined_text() != self._previewed:
            if self._previewed is not None:
                note = esc(gm_text("amend_changed_since", self.controller.lang))
                self.problem.value = f'<p class="tt-msg-warn">{note}</p>'
            self._sync_buttons()

    def _sync_buttons(self) -> None:
        current = (
            self.model is not None
            and self.amendment is not None
            and self.model.combined_text() == self._previewed
        )
        self.accept_button.disabled = not current

    def relabel(self, lang: str) -> None:
        self.preview_button.description = "▶ " + gm_text("amend_preview", lang)
        self.accept_button.description = "✔ " + gm_text("amend_accept", lang)
        self.discard_button.description = "✕ " + gm_text("amend_discard", lang)
        if self.year is not None:
            title = esc(gm_text("amend_title", lang, year=self.year))
            self.title.value = f'<h3 class="tt-amend-title">{title}</h3>'
        self.help.value = f"<p><small>{esc(gm_text('amend_help', lang))}</small></p>"
        if self.model is not None and self.model.lang != lang:
            self.model.lang = lang
        if self.amendment is not None:
            self.result.value = preview_html(self.amendment, lang)
        self._sync_buttons()


def preview_html(amendment: Amendment, lang: str) -> str:
    """The replay's changes round by round (the words of :func:`amendment_text`)."""
    words = amendment_text(amendment, lang)
    parts = [f"<p><b>{esc(words.title)}</b></p>"]
    for head, items in words.rounds:
        lines = "".join(
            f'<li class="tt-amend-{kind} {"tt-msg-error" if kind == "void" else ""}">'
            f"{esc(sentence)}</li>"
            for kind, sentence in items
        )
        parts.append(
            f'<div class="tt-amend-round"><b>{esc(head)}</b>'
            + (f"<ul>{lines}</ul>" if lines else "")
            + "</div>"
        )
    parts.append("".join(f'<p class="tt-amend-scores">{esc(line)}</p>' for line in words.scores))
    return "".join(parts)
