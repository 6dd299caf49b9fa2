"""What the parts of the shared screen (:class:`~tabletop.ui.table.page.TablePage`) share: the
attributes the page sets, declared once so that each part can be checked on its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store
from tabletop.store.seat_records import IssuedSeat, TableStatus
from tabletop.store.seats import Tables
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.store_link import PageWatcher

if TYPE_CHECKING:
    from tabletop.ui.table.report import ReportView
    from tabletop.ui.table.seat_card import SeatCard
    from tabletop.ui.table.timer import TableTimer


class TablePart:
    """The page's state (set by :class:`~tabletop.ui.table.page.TablePage`); no behaviour."""

    tables: Tables | None
    lang: str
    table_id: int
    host_token: str
    base_url: str
    loop: asyncio.AbstractEventLoop | None
    watcher: PageWatcher | None
    status: TableStatus | None
    cards: dict[str, SeatCard]
    links: dict[str, IssuedSeat]
    here_page: Any
    just_opened: bool
    on_report: Callable[[Any], None] | None
    body: widgets.VBox
    chosen: widgets.VBox
    heading: widgets.HTML
    host_link: widgets.HTML
    question: widgets.VBox
    here_box: widgets.VBox
    resolve_button: widgets.Button
    resolve_now_button: widgets.Button
    message: widgets.HTML
    report: ReportView
    live: LiveRegion
    scroller: widgets.HTML
    rounds_seen: int
    timer_box: widgets.VBox
    timer: TableTimer

    if TYPE_CHECKING:
        # Kept by the page or by another part; declared for the type checker only.
        @property
        def store(self) -> Store: ...

        def refuse(self, text: str) -> None: ...

        def say(self, text: str, kind: str = "ok") -> None: ...

        def open_host(self) -> None: ...

        def show_status(self, status: TableStatus | None = None) -> None: ...

        def show_links(self) -> None: ...

        def resolve(self, force: bool = False) -> None: ...

        def leave_here(self, refresh: bool = True) -> None: ...
