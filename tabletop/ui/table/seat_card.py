"""One seat on the shared screen: its name, sealed or waiting, its QR code, code and link, and
its buttons (a new link, this seat played here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.registry import KINDS
from tabletop.store.seat_records import IssuedSeat, TableStatus, seat_url
from tabletop.ui.seat.common import clock_time, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.table.qr import qr_svg

if TYPE_CHECKING:
    from tabletop.ui.table.page import TablePage

__all__ = ["SeatCard", "seat_name"]


def seat_name(kind: str, seat: str, lang: str) -> str:
    """The name the screen shows and says for ``seat`` of a game of ``kind`` in ``lang``
    (``Allemagne`` on a French screen); the seat itself stays the database's key."""
    if kind not in KINDS:
        return seat
    return KINDS.kind_named(kind).seat_name(seat, lang)


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


class SeatCard(widgets.VBox):
    """One seat on the shared screen: name, sealed or waiting, QR code, code, link, actions."""

    def __init__(self, page: TablePage, seat: str, kind: str) -> None:
        """``seat`` of a game of ``kind`` (its name shown in the page's language)."""
        super().__init__()
        self.page = page
        self.seat = seat
        self.add_class("tt-seat-card")
        self.add_class(f"tt-seat-card-{_slug(seat)}")
        _ = tr(page.lang).gettext
        self.name = seat_name(kind, seat, page.lang)  # as the screen shows and says it
        self.title = widgets.HTML(f"<h3>{esc(self.name)}</h3>")
        self.status = widgets.HTML()
        self.status.add_class("tt-seat-status")
        self.qr = widgets.HTML()
        self.qr.add_class("tt-qr")
        self.code = widgets.HTML()
        self.code.add_class("tt-seat-code")
        self.link = widgets.HTML()
        self.link.add_class("tt-seat-link")
        self.revoke_button = widgets.Button(description=_("New link (lost phone)"))
        self.revoke_button.add_class("tt-revoke")
        self.revoke_button.on_click(lambda _b: page.ask(self.seat, "revoke"))
        self.here_button = widgets.Button(description=_("Enter this seat here"))
        self.here_button.add_class("tt-enter-here")
        self.here_button.on_click(lambda _b: page.ask(self.seat, "here"))
        buttons = widgets.HBox(
            [self.here_button, self.revoke_button], layout={"flex_flow": "row wrap"}
        )
        self.children = (self.title, self.status, self.qr, self.code, self.link, buttons)

    def show_link(self, issued: IssuedSeat, base_url: str) -> None:
        url = seat_url(base_url, self.page.table_id, issued.token)
        if self.page.lang != "en":
            url += f"&lang={self.page.lang}"  # the seat opens in the shared screen's language
        _ = tr(self.page.lang).gettext
        self.qr.value = qr_svg(url)
        self.code.value = (
            esc(_("Code"))
            + f': <span class="tt-code">{esc(issued.code)}</span> <small>('
            + esc(_("table {n}", n=self.page.table_id))
            + ")</small>"
        )
        self.link.value = f'<a href="{esc(url)}" target="_blank">{esc(url)}</a>'

    def show_status(self, status: TableStatus) -> None:
        _ = tr(self.page.lang).gettext
        if self.seat in status.sealed:
            when = clock_time(status.sealed_at.get(self.seat))
            said = _("Sealed at {time}", time=when) if when else _("Sealed")
            self.status.value = f'<span class="tt-status-sealed">🔒 {esc(said)}</span>'
        elif self.seat in status.waiting:
            said = _("Waiting")
            self.status.value = f'<span class="tt-status-waiting">… {esc(said)}</span>'
        else:
            said = _("Nothing to choose now")
            self.status.value = f"<span>{esc(said)}</span>"
