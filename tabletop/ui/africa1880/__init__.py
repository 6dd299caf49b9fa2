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

from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController

__all__ = ["AfricaApp", "AfricaController", "africa_app"]
