"""The Massai page: ``massai_app(lang="en")`` returns the widget to display.

The page (:class:`~tabletop.ui.massai.page.MassaiPage`) shows the games list, then the game view
(:class:`~tabletop.ui.massai.view.MassaiView`) of one controller
(:class:`~tabletop.ui.massai.controller.MassaiController`).

The games are kept in the games database (:func:`tabletop.store.open_store`: SQLite in
``$TABLETOP_DATA_DIR`` or ``~/.local/share/tabletop``, or ``$TABLETOP_DATABASE_URL``). Every
action is an entry of the game's history; other pages on the same game see it within about a
second. The old ``massai.json`` autosave is imported once into the database (the file is kept).
"""

from __future__ import annotations

import os
from pathlib import Path

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import GameArchive, Store, StoreError, open_store
from tabletop.ui.massai.page import MassaiPage
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.teacher import teacher_panel_factory

__all__ = [
    "import_old_autosaves",
    "massai_app",
]


def import_old_autosaves(store: Store, folder: Path | None = None) -> list[str]:
    """Import once the games the dashboards kept in files before the database (in ``folder``,
    by default the data folder; the files are only read); the names of the games added now."""
    try:
        outcomes = GameArchive(store).import_autosaves(folder)
    except StoreError:
        return []  # nothing lost: the files stay, a later visit tries again
    return [o.snapshot.info.name for o in outcomes if o.snapshot is not None]


def massai_app(
    lang: str = "en",
    store: Store | None = None,
    watch: bool = True,
    game_file: str | os.PathLike[str] | None = None,
) -> widgets.Widget:
    """The Massai page as one widget: the games list, then the game opened.

    ``store``: the games database (default :func:`~tabletop.store.open_store`); when it cannot
    be opened, the page says why and plays one game kept nowhere. ``game_file`` (for former
    callers, who gave a page its own file): the games are kept in ``tabletop.db`` beside it, and
    the file itself, when there is one, is imported once as a game (it is only read).
    """
    problem = ""
    if store is None:
        try:
            if game_file is not None:
                store = open_store(Path(game_file).parent / "tabletop.db")
            else:
                store = open_store()
        except StoreError as error:
            problem = str(error)
    names: list[str] = []
    if store is not None:
        folder = Path(game_file).parent if game_file is not None else None
        names = import_old_autosaves(store, folder)
    page = MassaiPage(
        store, lang=lang, analysis=teacher_panel_factory(), watch=watch, problem=problem
    )
    if names:
        page.say(store_text("db_autosaves", lang, names=", ".join(names)))
    # The controller and the canvas hold the view's callbacks, so the root keeps the page alive.
    page.root._massai_page = page
    return page.root
