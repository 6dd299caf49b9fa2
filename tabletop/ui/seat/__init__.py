"""The seat page: one player's secret part of a table, on their own phone
(``notebooks/seat.ipynb``)."""

from tabletop.ui.seat.page import SeatPage, seat_page

__all__ = ["SeatPage", "seat_page"]
