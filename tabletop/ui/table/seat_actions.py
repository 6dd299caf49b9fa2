"""The seats' links on the shared screen: the host's own link, the address phones open (kept
with the table, and said plainly when phones cannot reach it), the questions before a new link,
a seat played here or a forced resolution, and those actions."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import IssuedSeat, host_url
from tabletop.store.table_address import TableAddress
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.bounded import ADDRESS_LIMIT, BoundedField, bounded
from tabletop.ui.shell.html import esc
from tabletop.ui.table.address import SERVE_LAN, BadAddress, is_loopback, read_address
from tabletop.ui.table.part import TablePart


class SeatActions(TablePart):
    """The links and QR codes, and what the host does for one seat."""

    #: The address field, its bound, and what the address means (set by :meth:`address_panel`).
    address: widgets.Text
    address_bound: BoundedField
    address_note: widgets.HTML
    #: The server's own address (the page's default, before a kept one).
    server_base_url: str

    # ----------------------------------------------------------------- the address
    def address_panel(self) -> widgets.VBox:
        """The address the links use: the one kept with the table when the host chose one, else
        the server's; its field and button; and whether phones can open it."""
        _ = tr(self.lang).gettext
        if getattr(self, "server_base_url", None) is None:  # once: a table opened again
            self.server_base_url = self.base_url
        try:
            kept = TableAddress(self.store).get(self.table_id, self.host_token)
        except (SeatError, StoreError):
            kept = None  # the page refuses a wrong host token itself; no address then
        if kept:
            self.base_url = kept
        self.address = widgets.Text(
            value=self.base_url, description=_("Address"), layout={"width": "100%"}
        )
        self.address.add_class("tt-address")
        self.address_bound = bounded(self.address, ADDRESS_LIMIT, self.lang)
        use = widgets.Button(description=_("Use this address"))
        use.add_class("tt-address-use")
        use.on_click(lambda _b: self.set_base_url(self.address.value))
        self.address_note = widgets.HTML()
        self.address_note.add_class("tt-address-note")
        self._address_note()
        self._host_link(host_url(self.base_url, self.table_id, self.host_token))
        return widgets.VBox([self.address_bound.box, use, self.address_note])

    def _address_note(self) -> None:
        _ = tr(self.lang).gettext
        if not is_loopback(self.base_url):
            said = _("The address the phones open (this machine on the local network).")
            self.address_note.value = "<small>" + esc(said) + "</small>"
            return
        self.address_note.value = (
            '<p class="tt-msg-warn tt-loopback-warning"><b>'
            + esc(
                _(
                    "Phones cannot open these links: {address} is this machine’s own address, "
                    "and the pages are served to this machine only.",
                    address=self.base_url,
                )
            )
            + "</b> "
            + esc(
                _(
                    "The links below work on this machine. For phones, stop the server, start "
                    "it with this command, then open this page again at the address it prints:"
                )
            )
            + f' <code class="tt-serve-lan">{esc(SERVE_LAN)}</code></p>'
        )

    def _host_link(self, host: str) -> None:
        # Folded unless the table was just opened: whoever has it can resolve and replace links.
        _ = tr(self.lang).gettext
        unfolded = " open" if self.just_opened else ""
        self.host_link.value = (
            f"<details{unfolded}><summary>"
            + esc(_("This shared screen’s own link (bookmark it)"))
            + "</summary>"
            f'<a class="tt-host-url" href="{esc(host)}">{esc(host)}</a></details>'
        )

    def set_base_url(self, url: str) -> None:
        """The host chose or typed the address phones use: checked, kept with the table, and
        every link and QR code follows. An empty address goes back to the server's."""
        _ = tr(self.lang).gettext
        try:
            address = read_address(url) if url.strip() else None
            kept = TableAddress(self.store).keep(self.table_id, self.host_token, address)
        except BadAddress as error:
            self.say(error.say(self.lang), "error")
            return
        except (SeatError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.base_url = kept or self.server_base_url
        self.address.value = self.base_url
        self.show_links()
        self._host_link(host_url(self.base_url, self.table_id, self.host_token))
        self._address_note()
        self.say(_("Links updated.") if kept else _("Back to the server’s own address."), "ok")

    def show_links(self) -> None:
        for name in self.cards:
            self._show_card(name, self.links[name])

    def _show_card(self, seat: str, issued: IssuedSeat) -> None:
        """One seat's link; its QR code only for an address phones can open."""
        card = self.cards[seat]
        card.show_link(issued, self.base_url)
        if is_loopback(self.base_url):
            said = tr(self.lang).gettext("No QR code: phones cannot open this machine’s address.")
            card.qr.value = f'<small class="tt-no-qr">{esc(said)}</small>'

    # ----------------------------------------------------------------- questions
    def shown_name(self, seat: str) -> str:
        """``seat`` as its card shows it (in the screen's language)."""
        card = self.cards.get(seat)
        return card.name if card is not None else seat

    def ask(self, seat: str, what: str) -> None:
        """A confirmation first: a new link for ``seat``, ``seat`` played here, or resolving
        with seats missing (``what``: ``revoke``, ``here``, ``force``)."""
        _ = tr(self.lang).gettext
        if what == "force":
            self.show_status()
            missing = self.status.waiting if self.status else []
            if not missing:
                self.resolve()
                return
            text = _(
                "Resolve now without {missing}? A missing sheet holds everywhere and allies "
                "everyone.",
                missing=", ".join(self.shown_name(s) for s in missing),
            )
            yes_text = _("Yes, resolve now")
        elif what == "revoke":
            text = _(
                "A new link and code for {seat}: the old link and code stop working "
                "(its sealed sheet stays).",
                seat=self.shown_name(seat),
            )
            yes_text = _("Yes, a new link")
        else:
            text = _(
                "Only {seat} looks at the screen now: the others look away. Show {seat}’s seat?",
                seat=self.shown_name(seat),
            )
            yes_text = _("Show the seat")
        yes = widgets.Button(description=yes_text, button_style="danger")
        yes.add_class("tt-confirm-yes")
        no = widgets.Button(description=_("Cancel"))
        no.add_class("tt-confirm-no")

        def confirmed(_b: Any) -> None:
            self.question.children = ()
            if what == "force":
                self.resolve(force=True)
            elif what == "revoke":
                self.revoke(seat)
            else:
                self.enter_here(seat)

        yes.on_click(confirmed)
        no.on_click(lambda _b: setattr(self.question, "children", ()))
        self.question.children = (
            widgets.HTML(f'<p class="tt-question-text"><b>{esc(text)}</b></p>'),
            widgets.HBox([yes, no]),
        )

    def revoke(self, seat: str) -> None:
        """A new link and code for ``seat`` (a lost phone)."""
        try:
            issued = self.tables.revoke(self.table_id, self.host_token, seat)  # type: ignore[union-attr]
        except (SeatError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.links[seat] = issued
        self._show_card(seat, issued)
        said = tr(self.lang).gettext("{seat} has a new link and code.", seat=self.shown_name(seat))
        self.say(said, "ok")

    def enter_here(self, seat: str) -> None:
        """Play ``seat`` on this screen (a player without a phone): its seat page, hidden again
        once sealed."""
        from tabletop.ui.seat.page import SeatPage

        self.leave_here()
        page = SeatPage(self.tables, self.table_id, self.links[seat].token, self.lang)
        page.on_sealed = self.leave_here
        hide = widgets.Button(description=tr(self.lang).gettext("Hide this seat"))
        hide.add_class("tt-hide-seat")
        hide.on_click(lambda _b: self.leave_here())
        self.here_page = page
        self.here_box.children = (hide, page)

    def leave_here(self, refresh: bool = True) -> None:
        """Hide the seat played on this screen."""
        if self.here_page is not None:
            self.here_page.close()
            self.here_page = None
        if hasattr(self, "here_box"):
            self.here_box.children = ()
        if refresh and self.status is not None:
            self.show_status()
