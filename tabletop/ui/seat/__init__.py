"""The seat page: one player's secret part of a table, on their own phone
(``notebooks/seat.ipynb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.seat.page import SeatPage, seat_page

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "SeatPage": "tabletop.ui.seat.page",
        "seat_page": "tabletop.ui.seat.page",
    },
)

__all__ = ["SeatPage", "seat_page"]
