"""Printable sheets (PDF, fpdf2): Africa 1880 order sheets and the Massai tactic sheet.

No widget imports: the command line and a page's download button call the same functions, which
return the PDF's bytes. Text is set in a Unicode TrueType font embedded in the file (DejaVu Sans
from Debian's ``fonts-dejavu-core`` by default, or the file ``$TABLETOP_FONT`` names), so that
accents and ß print right in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.printing.fonts import FontMissing, font_files
    from tabletop.printing.order_sheets import order_sheets_pdf
    from tabletop.printing.tactic_sheet import tactic_sheets_pdf

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "FontMissing": "tabletop.printing.fonts",
        "font_files": "tabletop.printing.fonts",
        "order_sheets_pdf": "tabletop.printing.order_sheets",
        "tactic_sheets_pdf": "tabletop.printing.tactic_sheet",
    },
)

__all__ = ["FontMissing", "font_files", "order_sheets_pdf", "tactic_sheets_pdf"]
