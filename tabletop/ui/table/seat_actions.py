"""The seats' links on the shared screen: the host's own link, the address phones open, the
questions before a new link, a seat played here or a forced resolution, and those actions."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import host_url
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc
from tabletop.ui.table.part import TablePart


class SeatActions(TablePart):
    """The links and QR codes, and what the host does for one seat."""

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
        """The host changed the address phones use: every link and QR code follows."""
        url = url.strip().rstrip("/")
        if not url.startswith(("http://", "https://")):
            self.say(tr(self.lang).gettext("An address starts with http:// or https://"), "error")
            return
        self.base_url = url
        self.show_links()
        self._host_link(host_url(url, self.table_id, self.host_token))
        self.say(tr(self.lang).gettext("Links updated."), "ok")

    def show_links(self) -> None:
        for name, card in self.cards.items():
            card.show_link(self.links[name], self.base_url)

    # ----------------------------------------------------------------- questions
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
                missing=", ".join(missing),
            )
            yes_text = _("Yes, resolve now")
        elif what == "revoke":
            text = _(
                "A new link and code for {seat}: the old link and code stop working "
                "(its sealed sheet stays).",
                seat=seat,
            )
            yes_text = _("Yes, a new link")
        else:
            text = _(
                "Only {seat} looks at the screen now: the others look away. Show {seat}’s seat?",
                seat=seat,
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
        self.cards[seat].show_link(issued, self.base_url)
        self.say(tr(self.lang).gettext("{seat} has a new link and code.", seat=seat), "ok")

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
