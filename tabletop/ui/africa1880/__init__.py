"""The Africa 1880 dashboard: ``africa_app()`` builds the page (see ``notebooks/africa1880.ipynb``).

- ``app``: the page assembling its parts; ``controller``: the one object holding the game, with
  its parts ``sheet_intents`` (what the sheet widgets read and write) on ``drafts`` (typed
  sheets and live checks) and ``kept_sheets`` (their copy in the database), ``game_link`` (the
  game's entry in the database), ``opening`` (which game is shown), ``game_files`` (uploads and
  the download), ``session`` (rounds shown), ``persistence`` (where games are kept: the
  database, old autosave files imported once) and ``choices`` (menus);
- the tabs: ``orders_tab`` (``sheet_editor``, ``diplomacy_grid``), ``result_tab``
  (``report_view``, ``map``), ``rounds_tab``, ``files_tab`` (``new_game_form``), ``timer_tab``;
- ``texts``: the interface texts (from the catalogs); ``html``: names as CSS classes, a power
  with its colour, the page's guards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.africa1880.app import AfricaApp, africa_app
    from tabletop.ui.africa1880.controller import AfricaController

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "AfricaApp": "tabletop.ui.africa1880.app",
        "africa_app": "tabletop.ui.africa1880.app",
        "AfricaController": "tabletop.ui.africa1880.controller",
    },
)

__all__ = ["AfricaApp", "AfricaController", "africa_app"]
