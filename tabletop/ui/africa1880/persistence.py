"""Where the dashboard's games are kept: the games database, and the files of earlier versions.

The games, their history, their typed sheets and their timer live in the database
(:mod:`tabletop.store`; SQLite ``tabletop.db`` in the data folder unless
``$TABLETOP_DATABASE_URL`` names another). Earlier versions of the page kept one autosave file
(``africa1880-autosave.json``, with its ``.drafts.json``) in the data folder: the page imports
such files once into the database (:func:`tabletop.ui.shell.store_link.open_page_store`) and
leaves the originals where they are.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.store import default_data_dir

AUTOSAVE_NAME = "africa1880-autosave.json"


def data_dir() -> Path:
    """Where the dashboard keeps its files: ``$TABLETOP_DATA_DIR`` or ~/.local/share/tabletop."""
    return Path(default_data_dir())


def default_autosave_path() -> Path:
    """The autosave game file earlier versions of the page wrote (imported once, kept)."""
    return data_dir() / AUTOSAVE_NAME
