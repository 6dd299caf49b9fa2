"""A small layer over fpdf2 shared by the sheets: the embedded font, boxes to tick, lines to
write on, and a running header naming the sheet on every page (also on continuation pages)."""

from __future__ import annotations

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from tabletop.printing.fonts import font_files

FAMILY = "TabletopSans"
BOX = 3.6  # mm: a box to tick
LINE = 6.5  # mm: the height of a line of boxes


class SheetPDF(FPDF):
    """A portrait document (A4 unless ``paper`` names another fpdf2 format: "A3", "Letter")
    in the embedded Unicode font."""

    def __init__(self, title: str, lang: str, paper: str = "A4") -> None:
        super().__init__(orientation="portrait", unit="mm", format=paper)
        regular, bold = font_files()  # FontMissing before any page is made
        self.add_font(FAMILY, "", str(regular))
        self.add_font(FAMILY, "B", str(bold))
        self.set_margins(15, 14, 15)
        self.set_auto_page_break(True, margin=14)
        self.set_title(title)
        self.set_lang(lang)
        self.set_creator("tabletop")
        self.running_header = ""

    def header(self) -> None:
        """The sheet's name, small, at the top right of every page."""
        if not self.running_header:
            return
        self.set_font(FAMILY, "", 8)
        self.set_text_color(110)
        self.set_xy(self.l_margin, 6)
        self.cell(self.epw, 5, self.running_header, align="R")
        self.set_text_color(0)
        self.set_xy(self.l_margin, self.t_margin)

    @property
    def right(self) -> float:
        return self.w - self.r_margin

    def text_line(self, text: str, size: float = 10, bold: bool = False, height: float = 6) -> None:
        """A paragraph across the page (wrapped)."""
        self.set_font(FAMILY, "B" if bold else "", size)
        self.set_x(self.l_margin)
        self.multi_cell(self.epw, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def heading(self, text: str) -> None:
        self.ln(2)
        self.text_line(text, 12, bold=True, height=7)
        y = self.get_y()
        self.line(self.l_margin, y, self.right, y)
        self.ln(1.5)

    def box(self, label: str, size: float = 10, checked: bool = False) -> None:
        """A box to tick and its label, from the current position (stays on the line)."""
        self.set_font(FAMILY, "", size)
        x, y = self.get_x(), self.get_y()
        self.rect(x, y + (LINE - BOX) / 2, BOX, BOX)
        if checked:
            self.line(x, y + (LINE - BOX) / 2, x + BOX, y + (LINE + BOX) / 2)
        self.set_x(x + BOX + 1.2)
        self.cell(self.get_string_width(label) + 4, LINE, label)

    def blank(self, width: float) -> None:
        """A line to write on, ``width`` mm long, from the current position."""
        x, y = self.get_x(), self.get_y()
        self.line(x, y + LINE - 1.2, x + width, y + LINE - 1.2)
        self.set_x(x + width + 2)

    def label(self, text: str, width: float, size: float = 10, bold: bool = False) -> None:
        self.set_font(FAMILY, "B" if bold else "", size)
        self.cell(width, LINE, text)

    def newline(self, height: float = LINE) -> None:
        self.ln(height)
        self.set_x(self.l_margin)

    def flowing_boxes(self, labels: list[str], size: float = 9.5) -> None:
        """Boxes with labels across the page, wrapping to the next line as needed."""
        self.set_x(self.l_margin)
        for text in labels:
            self.set_font(FAMILY, "", size)
            width = BOX + 1.2 + self.get_string_width(text) + 4
            if self.get_x() + width > self.right:
                self.newline()
            self.box(text, size)
        self.newline()

    def keep_room(self, height: float) -> None:
        """Start a new page unless ``height`` mm are left on this one (a block never splits)."""
        if self.get_y() + height > self.h - self.b_margin:
            self.add_page()

    def bytes(self) -> bytes:
        return bytes(self.output())
