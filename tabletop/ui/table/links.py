"""Links to the shared screen's page, for the dashboards.

>>> table_page_link(7)
'table.ipynb?game=7'
"""

from __future__ import annotations

__all__ = ["table_page_link"]


def table_page_link(game_id: int) -> str:
    """A link, relative to the page it is on (``/voila/render/<notebook>``), that opens a new
    table for game ``game_id`` on the shared screen's page."""
    return f"table.ipynb?game={int(game_id)}"
