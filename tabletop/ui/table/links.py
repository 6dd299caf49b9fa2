"""Links to the shared screen's page, for the dashboards.

>>> table_page_link(7)
'table.ipynb?game=7'
>>> reveal_page_link(7, "fr")
'reveal.ipynb?game=7&lang=fr'
"""

from __future__ import annotations

__all__ = ["reveal_page_link", "table_page_link"]


def table_page_link(game_id: int) -> str:
    """A link, relative to the page it is on (``/voila/render/<notebook>``), that opens a new
    table for game ``game_id`` on the shared screen's page."""
    return f"table.ipynb?game={int(game_id)}"


def reveal_page_link(game_id: int, lang: str | None = None) -> str:
    """A link, relative to the page it is on, that shows game ``game_id``'s last round step by
    step on the projector's page (in ``lang`` when given)."""
    link = f"reveal.ipynb?game={int(game_id)}"
    return link + (f"&lang={lang}" if lang and lang.isalpha() else "")
