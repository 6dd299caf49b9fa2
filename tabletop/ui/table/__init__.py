"""The shared screen of a table: links, QR codes, who has sealed, Resolve, the report
(``notebooks/table.ipynb``)."""

from tabletop.ui.table.links import table_page_link
from tabletop.ui.table.page import TablePage, table_page

__all__ = ["TablePage", "table_page", "table_page_link"]
