"""The Massai board for the keyboard and for screen readers: a grid of squares laid over the
canvas (``board_grid.js``, an ``anywidget`` whose script ships in the package).

The grid has ``role="grid"``; one square at a time is in the page's tab order (a roving
tabindex): Tab reaches the board, the arrow keys move from square to square (Home / End: the
row's first / last square, Page Up / Page Down: the top / bottom row), and each square is
announced with its coordinate and content ("a6 dark hut"). Enter or Space chooses the square:
the same intent as a click or a tap on it (``on_square``). The grid is invisible but for the
outline of the square that has the focus, drawn over the canvas, so a sighted keyboard player
sees where they are; clicks and taps go through it to the canvas.

The words come from :mod:`.board_words`, computed from the same scene the canvas draws.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from tabletop.ui.massai.board_words import board_rows, grid_label
from tabletop.ui.massai.squares import Geometry, Scene

__all__ = ["BoardGrid"]

_HERE = Path(__file__).resolve().parent

#: The longest square name a message may carry ("z99").
SQUARE_LIMIT = 4


class BoardGrid(anywidget.AnyWidget):  # type: ignore[misc]
    """The accessible grid over the board's canvas (the canvas has the class ``canvas_class``
    and stands in the same box)."""

    _esm = (_HERE / "board_grid.js").read_text(encoding="utf-8")
    _css = (_HERE / "board_grid.css").read_text(encoding="utf-8")

    #: Rows of cells, the top row first: ``{"square", "words", "hut", "chosen"}``.
    cells: traitlets.List[list[dict[str, Any]]] = traitlets.List().tag(sync=True)
    #: The grid's accessible name (its size, how to move and choose).
    label = traitlets.Unicode("").tag(sync=True)
    #: The drawn board in canvas pixels: the grid covers its squares, not its margins.
    frame = traitlets.Dict().tag(sync=True)
    #: The CSS class of the canvas the grid is laid over.
    canvas_class = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_square: Callable[[str], None], canvas_class: str) -> None:
        super().__init__(canvas_class=canvas_class)
        self.on_square = on_square
        self.add_class("tt-massai-grid-widget")
        self.on_msg(self._message)

    def show(self, scene: Scene, geometry: Geometry, lang: str) -> None:
        """Show ``scene`` in ``lang`` (one message to the browser)."""
        with self.hold_sync():
            self.cells = board_rows(scene, lang)
            self.label = grid_label(scene, lang)
            self.frame = {
                "width": geometry.width,
                "height": geometry.height,
                "margin": geometry.margin,
            }

    def words(self) -> dict[str, str]:
        """Each square's words as sent to the browser (for tests and checks)."""
        return {cell["square"]: cell["words"] for row in self.cells for cell in row}

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # The browser's one message: a square chosen with Enter or Space. Anything else, or a
        # square not on the board, is ignored (the controller checks the square again).
        if not isinstance(content, dict):
            return
        square = content.get("choose")
        if isinstance(square, str) and 0 < len(square) <= SQUARE_LIMIT and square in self.words():
            self.on_square(square)
