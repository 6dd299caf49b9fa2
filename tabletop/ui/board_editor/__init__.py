"""The board editor page: ``board_editor_app()`` builds it (see ``notebooks/board.ipynb``).

- ``controller``: the one object holding the board being edited (a
  :class:`~tabletop.games.africa1880.board_draft.BoardDraft`), its photo and where it is kept;
- ``scene``: what the map shows, as plain drawing instructions, and drawing them on a canvas;
- ``map_view``: the canvas, its clicks and finger taps; ``panels``: the start choices, the
  selected territory, the neighbours' walk, the historical starts, the checks;
- ``texts``: the page's texts (from the catalogs); ``app``: the page assembling its parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.board_editor.app import board_editor_app
    from tabletop.ui.board_editor.controller import BoardEditorController

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "board_editor_app": "tabletop.ui.board_editor.app",
        "BoardEditorController": "tabletop.ui.board_editor.controller",
    },
)

__all__ = ["BoardEditorController", "board_editor_app"]
