"""The shared screen of a table: links, QR codes, who has sealed, Resolve, the report
(``notebooks/table.ipynb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.table.links import table_page_link
    from tabletop.ui.table.page import TablePage, table_page

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "table_page_link": "tabletop.ui.table.links",
        "TablePage": "tabletop.ui.table.page",
        "table_page": "tabletop.ui.table.page",
    },
)

__all__ = ["TablePage", "table_page", "table_page_link"]
