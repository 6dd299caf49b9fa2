"""The reveal page as opened from its address: ``reveal.ipynb?game=ID`` (and ``&lang=fr``,
``&all=1`` for every round), the game read from the games database like the other pages.

With preheated kernels the notebook runs before anybody asks for the page, so the query string
is read after Voilà's ``wait_for_request`` (:func:`tabletop.ui.seat.common.read_query`). Without
``game`` the page falls back to ``$TABLETOP_REVEAL_GAME`` (a game file or ``db:ID``) and then to
the bundled example. A bad or unknown id, a database that cannot be opened or a game with
nothing to reveal yet gives one clear line instead of the page, never a traceback.

>>> page = reveal_page({"game": "seven"}, store=None)
>>> page.value.count("is not a game number")
1
"""

from __future__ import annotations

import logging
import os
from typing import Any

from tabletop.i18n import N_, Msg, available_languages
from tabletop.store import Store, StoreError
from tabletop.store.errors import GameNotFound
from tabletop.ui.reveal.app import game_from_env, reveal_view
from tabletop.ui.seat.common import read_query, refusal

__all__ = ["PAGE_TEXTS", "reveal_page"]

_log = logging.getLogger("tabletop.ui.reveal")

PAGE_TEXTS: dict[str, Msg] = {
    "bad_id": N_(
        "“{ref}” is not a game number: the address should end with ?game= and the game's number."
    ),
    "unknown_game": N_("There is no game {ref} in the games database: check the address."),
    "no_database": N_("The games database cannot be opened: {error}"),
    "nothing": N_("Game {ref} has no resolved round yet: there is nothing to reveal."),
    "unreadable": N_("The game to reveal cannot be read: {error}"),
}


def _page_lang(query: dict[str, str]) -> str:
    lang = query.get("lang") or os.environ.get("TABLETOP_LANG", "en")
    return lang if lang in available_languages() else "en"


def reveal_page(query: dict[str, str] | None = None, store: Store | None = None) -> Any:
    """The page's root widget for the request's query (Voilà's, unless given).

    ``store`` is the games database (default: the one every page opens).
    """
    query = read_query() if query is None else query
    lang = _page_lang(query)
    whole = query.get("all", os.environ.get("TABLETOP_REVEAL_ALL", "")) == "1"

    def say(key: str, **values: Any) -> Any:
        return refusal(PAGE_TEXTS[key].render(lang, **values))

    ref = query.get("game", "").strip()
    if ref:
        if not ref.isdigit() or len(ref) > 12:
            return say("bad_id", ref=ref)
        if store is None:
            from tabletop.ui.shell.store_link import open_page_store

            store, error, _ = open_page_store()
            if store is None:
                return say("no_database", error=error or "")
        try:
            game = store.load(int(ref)).game
        except GameNotFound:
            return say("unknown_game", ref=ref)
        except StoreError as error:
            return say("unreadable", error=str(error))
    else:
        try:
            game = game_from_env()
        except (OSError, ValueError, StoreError) as error:
            _log.warning("the reveal's game cannot be read: %s", error)
            return say("unreadable", error=str(error))
    try:
        return reveal_view(game, lang, whole).root
    except ValueError:
        return say("nothing", ref=ref or os.environ.get("TABLETOP_REVEAL_GAME", ""))
