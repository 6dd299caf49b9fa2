"""The printed order sheets of the current round, as a download from the page, and the link to
the step-by-step reveal on the projector.

The PDF comes from :func:`tabletop.printing.order_sheets_pdf` (the same as ``tabletop africa
sheets``), in the page's language. It is made when the button is pressed (a third of a second)
and offered as a link holding the file (``<a download=… href="data:application/pdf;base64,…">``,
which Voilà serves with nothing else to install); a new round or another language takes the link
away until the button is pressed again.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.html import controller_guard
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController


class SheetsDownload(widgets.VBox):
    """A button that makes the PDF, and the download link it leaves."""

    def __init__(self, controller: AfricaController) -> None:
        self.controller = controller
        self.pdf: bytes | None = None
        self.button = widgets.Button(layout={"width": "auto"})
        self.button.add_class("tt-sheets-make")
        self.button.on_click(controller_guard(controller)(lambda _b: self.make()))
        self.link = widgets.HTML()
        self.link.add_class("tt-sheets")
        self._made_for: tuple[int, int, str] | None = None
        box = widgets.HBox([self.button, self.link])
        box.add_class("tt-wrap")
        super().__init__([box])

    def file_name(self) -> str:
        state = self.controller.state
        return f"africa1880-sheets-{state.year}-{self.controller.lang}.pdf"

    def make(self) -> bytes | None:
        """Make the PDF of the current round and show its download link."""
        # fpdf2 costs 0.3 s to import: paid on the first PDF, not by every page opening.
        from tabletop.printing import FontMissing, order_sheets_pdf

        ctl = self.controller
        lang = ctl.lang
        try:
            self.pdf = order_sheets_pdf(ctl.state, ctl.board, lang)
        except (FontMissing, ValueError) as error:
            self.pdf = None
            self.link.value = ""
            ctl.say(gm_text("sheets_failed", lang, error=str(error)), "error")
            return None
        self._made_for = (id(ctl.game), ctl.revision, lang)
        data = base64.b64encode(self.pdf).decode("ascii")
        name = self.file_name()
        words = gm_text("sheets_link", lang, year=ctl.state.year)
        self.link.value = (
            f'<a class="tt-sheets-link" download="{esc(name)}" '
            f'href="data:application/pdf;base64,{data}" style="font-weight:bold">↓ '
            f"{esc(words)} — {esc(name)}</a>"
        )
        return self.pdf

    def refresh(self) -> None:
        """A new position or language: the link made for the old one goes."""
        ctl = self.controller
        self.button.description = "🖨 " + gm_text("sheets_make", ctl.lang)
        self.button.disabled = ctl.state.game_over
        if self._made_for != (id(ctl.game), ctl.revision, ctl.lang):
            self.pdf = None
            self.link.value = ""


def projector_html(ctl: AfricaController) -> str:
    """A link to the step-by-step reveal of this game on the projector (a new tab), in the
    page's language; nothing for a game kept nowhere."""
    if ctl.store is None or ctl.game_id is None:
        return ""
    from tabletop.ui.table.links import reveal_page_link

    href = esc(reveal_page_link(ctl.game_id, ctl.lang))
    words = esc("📽 " + gm_text("projector_link", ctl.lang))
    return f'<a class="tt-projector-link" href="{href}" target="_blank">{words}</a>'
