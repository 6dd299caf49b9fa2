"""Links to the shared screen's page and the reveal page, for the dashboards.

>>> table_page_link(7)
'table.ipynb?game=7'
>>> link = reveal_page_link(7, "fr")
>>> link.startswith("reveal.ipynb?game=7&pass="), link.endswith("&lang=fr")
(True, True)
"""

from __future__ import annotations

from tabletop.store.passes import reveal_pass

__all__ = ["reveal_page_link", "table_page_link"]


def table_page_link(game_id: int) -> str:
    """A link, relative to the page it is on (``/voila/render/<notebook>``), that opens a new
    table for game ``game_id`` on the shared screen's page."""
    return f"table.ipynb?game={int(game_id)}"


def reveal_page_link(game_id: int, lang: str | None = None) -> str:
    """A link, relative to the page it is on, that shows game ``game_id``'s last round step by
    step on the projector's page (in ``lang`` when given). It carries the game's reveal pass:
    whoever is given the link may open that reveal, and no other page."""
    link = f"reveal.ipynb?game={int(game_id)}&pass={reveal_pass(game_id)}"
    return link + (f"&lang={lang}" if lang and lang.isalpha() else "")
