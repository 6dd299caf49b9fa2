"""The shared screen: a table's seats with their links, QR codes and codes; who has sealed
(never what), the timer, Resolve, then the report and the map for everyone.

Opened with ``?table=ID&token=HOST`` (the host's link, to bookmark), ``?game=ID`` (opens a new
table for that game and shows its host link) or bare (pick a game, then "Open a table"). The
sealed contents are never read here before the host resolves: :meth:`Tables.status` does not
even read them.

The page is put together from parts, one job each: :mod:`~tabletop.ui.table.game_choice`
(choosing a game), :mod:`~tabletop.ui.table.seat_actions` (the links and what the host does for
a seat), :mod:`~tabletop.ui.table.resolving` (status, Resolve, report, timer, changes), with
:mod:`~tabletop.ui.table.seat_card` (one seat) and :mod:`~tabletop.ui.table.address` (the
address phones open).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store, StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import IssuedSeat, TableStatus, host_url
from tabletop.store.seats import Tables
from tabletop.ui.seat.common import PHONE_CSS, lang_of, read_query, refusal, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.store_link import PageWatcher, open_page_store, running_loop
from tabletop.ui.shell.style import style_widget
from tabletop.ui.table.address import default_base_url
from tabletop.ui.table.game_choice import GameChoice
from tabletop.ui.table.report import ReportView
from tabletop.ui.table.resolving import Resolving
from tabletop.ui.table.seat_actions import SeatActions
from tabletop.ui.table.seat_card import SeatCard

__all__ = [
    "TablePage",
    "table_page",
]


class TablePage(GameChoice, SeatActions, Resolving, widgets.VBox):
    """The shared screen of one table (or the choice of a game to open a table for)."""

    def __init__(
        self,
        tables: Tables | None,
        table_id: int | None = None,
        host_token: str | None = None,
        game_id: int | None = None,
        lang: str = "en",
        store_error: str | None = None,
        base_url: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("tt-app")
        self.add_class("tt-table-page")
        self.tables = tables
        self.lang = lang
        self.table_id = table_id if table_id is not None else 0
        self.host_token = host_token or ""
        self.base_url = base_url or default_base_url()
        self.loop = running_loop()
        self.watcher: PageWatcher | None = None
        self.status: TableStatus | None = None
        self.cards: dict[str, SeatCard] = {}
        self.links: dict[str, IssuedSeat] = {}
        self.here_page: Any = None
        self.rounds_seen = 0
        #: A table opened by this page (``?game=ID``): its host link is shown unfolded.
        self.just_opened = False
        self.on_report: Callable[[Any], None] | None = None
        self.body = widgets.VBox()
        self.children = (style_widget(), widgets.HTML(f"<style>{PHONE_CSS}</style>"), self.body)
        _ = tr(lang).gettext
        if tables is None:
            self.refuse(store_error or _("The games database cannot be opened."))
        elif table_id is not None and host_token:
            self.open_host()
        elif game_id is not None:
            self.open_table(game_id)
        elif table_id is not None:
            self.refuse(_("This shared screen's link has no host token: use the host's link."))
        else:
            self.pick_game()

    @property
    def store(self) -> Store:
        assert self.tables is not None
        return self.tables.store

    def refuse(self, text: str) -> None:
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        self.body.children = (refusal(text),)

    # ----------------------------------------------------------------- the shared screen
    def open_host(self) -> None:
        """Show the table for the host token (refused in one line when it is not)."""
        assert self.tables is not None
        try:
            self.links = {s.seat: s for s in self.tables.host_links(self.table_id, self.host_token)}
            status = self.tables.status(self.table_id)
        except (SeatError, StoreError) as error:
            self.refuse(str(error))
            return
        _ = tr(self.lang).gettext
        self.heading = widgets.HTML()
        self.heading.add_class("tt-table-heading")
        host = host_url(self.base_url, self.table_id, self.host_token)
        self.host_link = widgets.HTML()
        self.host_link.add_class("tt-host-link")
        self._host_link(host)
        address = self.address_panel()
        self.cards = {name: SeatCard(self, name, status.kind) for name in self.links}
        cards = widgets.HBox(list(self.cards.values()), layout={"flex_flow": "row wrap"})
        self.question = widgets.VBox()
        self.question.add_class("tt-question")
        self.here_box = widgets.VBox()
        self.here_box.add_class("tt-here-box")
        self.resolve_button = widgets.Button(description=_("Resolve"), button_style="success")
        self.resolve_button.add_class("tt-resolve-table")
        self.resolve_button.on_click(lambda _b: self.resolve())
        self.resolve_now_button = widgets.Button(
            description=_("Resolve now"), button_style="warning"
        )
        self.resolve_now_button.add_class("tt-resolve-now")
        self.resolve_now_button.on_click(lambda _b: self.ask("", "force"))
        self.message = widgets.HTML()
        self.message.add_class("tt-table-message")
        self.report = ReportView()
        #: Says each seal and each resolution to a screen reader (hidden from sight).
        self.live = LiveRegion("tt-table-live")
        #: Runs :func:`scroll_into_view` in the browser after each resolution (hidden).
        self.scroller = widgets.HTML()
        self.scroller.add_class("tt-table-scroller")
        self.timer_box = widgets.VBox()
        self._build_timer()
        # The newest results above the fold of a 1366 x 768 screen: before the seats' QR
        # codes and links, which matter less once the phones have joined.
        self.body.children = (
            self.live,
            self.heading,
            self.timer_box,
            widgets.HBox([self.resolve_button, self.resolve_now_button]),
            self.message,
            self.question,
            self.here_box,
            self.report,
            cards,
            address,
            self.host_link,
            self.scroller,
        )
        self.show_links()
        self.status = status
        self.show_report()
        self.show_status(status)
        self.watcher = PageWatcher(self.store, self._on_change, self.loop)
        self.watcher.watch(
            status.game_id, self.store.versions(status.game_id), start=self.loop is not None
        )

    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<span class="tt-msg-{kind}">{esc(text)}</span>'

    def close(self) -> None:
        watcher = getattr(self, "watcher", None)
        if watcher is not None:
            watcher.stop()
        if hasattr(self, "here_page"):
            self.leave_here(refresh=False)
        super().close()


def table_page(query: dict[str, str] | None = None, store: Store | None = None) -> TablePage:
    """The shared screen for the request's query string (``table``+``token``, ``game``, or
    nothing; ``lang``)."""
    query = read_query() if query is None else query
    lang = lang_of(query)
    error = None
    if store is None:
        store, error, _ = open_page_store()
    tables = Tables(store) if store is not None else None

    def number(name: str) -> int | None:
        try:
            return int(query[name]) if name in query else None
        except ValueError:
            return -1  # a number that names nothing: refused by the page

    return TablePage(
        tables,
        table_id=number("table"),
        host_token=query.get("token", "").strip() or None,
        game_id=number("game"),
        lang=lang,
        store_error=error,
    )
