"""The print-and-play kit of the game's board, as a download from the Africa page: the map as a
poster on several sheets, the counters in the powers' colours, blank order sheets and the rules
on one page.

The PDF comes from :func:`tabletop.printing.kit.kit_pdf` (the same as ``tabletop africa kit``),
in the page's language, on the paper chosen beside the button; the counters take the powers'
colours and letters from the page's palette. Like the order sheets, it is made when the button
is pressed (a second or two) and offered as a link holding the file; another language, paper or
board takes the link away until the button is pressed again.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n import N_, Msg
from tabletop.printing.paper import PAPERS
from tabletop.ui.africa1880.html import controller_guard
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController

__all__ = ["KIT_TEXTS", "KitDownload"]

KIT_TEXTS: dict[str, Msg] = {
    "kit_make": N_("Print-and-play kit (PDF)"),
    "kit_link": N_("Print-and-play kit, {paper} (PDF)"),
    "kit_paper": N_("Paper"),
    "kit_failed": N_("The print-and-play kit cannot be made: {error}"),
    "kit_help": N_(
        "No copy of the game? Print the map as a poster, the counters, blank order sheets "
        "and the rules on one page."
    ),
}
PAPER_LABELS = {"a4": "A4", "a3": "A3", "letter": "Letter"}


class KitDownload(widgets.VBox):
    """A paper menu, a button that makes the kit's PDF, and the download link it leaves."""

    def __init__(self, controller: AfricaController) -> None:
        self.controller = controller
        self.pdf: bytes | None = None
        self.help = widgets.HTML()
        self.paper = widgets.Dropdown(
            options=[(PAPER_LABELS[p], p) for p in PAPERS],
            value="a4",
            layout={"width": "auto"},
        )
        self.paper.add_class("tt-kit-paper")
        self.paper.observe(lambda _change: self.refresh(), names="value")
        self.button = widgets.Button(layout={"width": "auto"})
        self.button.add_class("tt-kit-make")
        self.button.on_click(controller_guard(controller)(lambda _b: self.make()))
        self.link = widgets.HTML()
        self.link.add_class("tt-kit")
        self._made_for: tuple[int, str, str] | None = None
        box = widgets.HBox([self.button, self.paper, self.link])
        box.add_class("tt-wrap")
        super().__init__([self.help, box])

    def _text(self, key: str, **values: object) -> str:
        return KIT_TEXTS[key].render(self.controller.lang, **values)

    def _key(self) -> tuple[int, str, str]:
        ctl = self.controller
        return (id(ctl.board), str(ctl.lang), str(self.paper.value))

    def file_name(self) -> str:
        return f"africa1880-kit-{self.paper.value}-{self.controller.lang}.pdf"

    def make(self) -> bytes | None:
        """Make the kit's PDF and show its download link."""
        # fpdf2, numpy and SciPy: paid on the first kit, not by every page opening.
        from tabletop.printing.fonts import FontMissing
        from tabletop.printing.kit import kit_pdf

        ctl = self.controller
        try:
            self.pdf = kit_pdf(ctl.board, ctl.geometry, self.paper.value, ctl.lang)
        except (FontMissing, ValueError) as error:
            self.pdf = None
            self.link.value = ""
            ctl.say(self._text("kit_failed", error=str(error)), "error")
            return None
        self._made_for = self._key()
        data = base64.b64encode(self.pdf).decode("ascii")
        name = self.file_name()
        words = self._text("kit_link", paper=PAPER_LABELS[self.paper.value])
        self.link.value = (
            f'<a class="tt-kit-link" download="{esc(name)}" '
            f'href="data:application/pdf;base64,{data}" style="font-weight:bold">↓ '
            f"{esc(words)} — {esc(name)}</a>"
        )
        return self.pdf

    def refresh(self) -> None:
        """Another language, paper or board: the link made for the old one goes."""
        self.button.description = "✂ " + self._text("kit_make")
        self.paper.description = self._text("kit_paper")
        self.help.value = f"<small>{esc(self._text('kit_help'))}</small>"
        if self._made_for != self._key():
            self.pdf = None
            self.link.value = ""
