"""The papers the print-and-play kit is printed on: their sizes and fpdf2's names for them.

Apart from the drawing code so that the command line lists them without loading it.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["FPDF_PAPER", "PAPERS"]

#: Paper sizes (portrait width, height in mm) by the name the command line takes.
PAPERS: Mapping[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
}
#: fpdf2's name of each paper.
FPDF_PAPER: Mapping[str, str] = {"a4": "A4", "a3": "A3", "letter": "Letter"}
