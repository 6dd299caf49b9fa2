"""The shared screen: a table's seats with their links, QR codes and codes; who has sealed
(never what), the timer, Resolve, then the report and the map for everyone.

Opened with ``?table=ID&token=HOST`` (the host's link, to bookmark), ``?game=ID`` (opens a new
table for that game and shows its host link) or bare (pick a game, then "Open a table"). The
sealed contents are never read here before the host resolves: :meth:`Tables.status` does not
even read them.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import GameChange, Store, StoreError
from tabletop.store.seats import (
    DEFAULT_PORT,
    IssuedSeat,
    SeatError,
    Tables,
    TableStatus,
    host_url,
    seat_url,
)
from tabletop.ui.seat.common import PHONE_CSS, clock_time, lang_of, read_query, refusal, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.store_link import PageWatcher, open_page_store, running_loop
from tabletop.ui.shell.style import style_widget
from tabletop.ui.table.qr import qr_svg

__all__ = ["TablePage", "default_base_url", "table_page"]

_log = logging.getLogger("tabletop.ui.table")


def default_base_url(request_url: str | None = None) -> str:
    """The address phones use: the one this page was asked on, unless that is this machine's
    loopback address (then this machine's LAN address, same port).

    Else the address ``tabletop serve`` printed (``TABLETOP_BASE_URL``) when it is not loopback.
    The request is what Voilà gives the kernel: ``SERVER_NAME``, ``SERVER_PORT`` and
    ``SCRIPT_NAME`` (also in a preheated kernel, after ``wait_for_request``), else
    ``VOILA_REQUEST_URL``.
    """
    from tabletop.cli.table import lan_address

    if request_url is None:
        name = os.environ.get("SERVER_NAME", "")
        port_text = os.environ.get("SERVER_PORT", "")
        if name:
            script = os.environ.get("SCRIPT_NAME", "")
            request_url = f"http://{name}{':' + port_text if port_text else ''}{script}"
        else:
            request_url = os.environ.get("VOILA_REQUEST_URL", "")
    parts = urlsplit(request_url)
    prefix = parts.path.split("/voila/", 1)[0] if "/voila/" in parts.path else ""
    if parts.hostname and parts.hostname not in LOOPBACK:
        return f"{parts.scheme}://{parts.netloc}{prefix}".rstrip("/")
    # The address ``tabletop serve`` printed (its --lan address), when it is not loopback.
    printed = urlsplit(os.environ.get("TABLETOP_BASE_URL", ""))
    if printed.hostname and printed.hostname not in LOOPBACK:
        return f"{printed.scheme}://{printed.netloc}{printed.path}".rstrip("/")
    try:
        port = parts.port or printed.port or int(os.environ.get("VOILA_APP_PORT", DEFAULT_PORT))
    except ValueError:
        port = DEFAULT_PORT
    return f"http://{lan_address()}:{port}{prefix}".rstrip("/")


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


class SeatCard(widgets.VBox):
    """One seat on the shared screen: name, sealed or waiting, QR code, code, link, actions."""

    def __init__(self, page: TablePage, seat: str) -> None:
        super().__init__()
        self.page = page
        self.seat = seat
        self.add_class("tt-seat-card")
        self.add_class(f"tt-seat-card-{_slug(seat)}")
        _ = tr(page.lang).gettext
        self.title = widgets.HTML(f"<h3>{esc(seat)}</h3>")
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


class TablePage(widgets.VBox):
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

    # ----------------------------------------------------------------- choosing a game
    def pick_game(self) -> None:
        """The games of both kinds; opening one asks to open a table for it."""
        from tabletop.ui.shell.games_list import GamesList

        _ = tr(self.lang).gettext
        self.chosen = widgets.VBox()
        self.chosen.add_class("tt-table-chosen")
        lists = [
            GamesList(
                self.store,
                kind,
                lang=self.lang,
                on_open=self._chose,
                on_new=self._new_game(kind),
            )
            for kind in ("africa1880", "massai")
        ]
        intro = widgets.HTML(
            "<h2>" + esc(_("Open a table")) + "</h2>"
            "<p>"
            + esc(_("Pick a game: each player then seals their secret on their own phone."))
            + "</p>"
        )
        self.body.children = (intro, self.chosen, *lists)

    def _new_game(self, kind: str) -> Callable[[], None]:
        def start() -> None:
            game: Game | GameRecord = example_game() if kind == "africa1880" else GameRecord.new()
            snap = self.store.create_game(game)
            self._chose(snap.game_id)

        return start

    def _chose(self, game_id: int) -> None:
        _ = tr(self.lang).gettext
        try:
            name = self.store.load(game_id).info.name
        except StoreError as error:
            self.chosen.children = (refusal(str(error)),)
            return
        button = widgets.Button(
            description=_("Open a table"), button_style="primary", layout={"width": "auto"}
        )
        button.add_class("tt-open-table")
        button.on_click(lambda _b: self.open_table(game_id))
        self.chosen.children = (widgets.HTML(f"<h3>{esc(name)}</h3>"), button)

    def open_table(self, game_id: int) -> None:
        """A new table for ``game_id``; the page becomes its shared screen."""
        try:
            new = self.tables.open_table(game_id)  # type: ignore[union-attr]
        except (StoreError, SeatError) as error:
            self.refuse(str(error))
            return
        self.table_id, self.host_token = new.table_id, new.host_token
        self.just_opened = True
        self.open_host()

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
        self.address = widgets.Text(
            value=self.base_url, description=_("Address"), layout={"width": "100%"}
        )
        self.address.add_class("tt-address")
        use = widgets.Button(description=_("Use this address"))
        use.add_class("tt-address-use")
        use.on_click(lambda _b: self.set_base_url(self.address.value))
        address_help = widgets.HTML(
            "<small>"
            + esc(_("The address the phones open (this machine on the local network)."))
            + "</small>"
        )
        self.cards = {name: SeatCard(self, name) for name in self.links}
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
        self.report = widgets.VBox()
        self.report.add_class("tt-table-report")
        self.timer_box = widgets.VBox()
        self._build_timer()
        self.body.children = (
            self.heading,
            self.timer_box,
            widgets.HBox([self.resolve_button, self.resolve_now_button]),
            self.message,
            self.question,
            self.here_box,
            cards,
            widgets.VBox([self.address, use, address_help]),
            self.host_link,
            self.report,
        )
        self.show_links()
        self.show_status(status)
        self.show_report()
        self.watcher = PageWatcher(self.store, self._on_change, self.loop)
        self.watcher.watch(
            status.game_id, self.store.versions(status.game_id), start=self.loop is not None
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

    def show_status(self, status: TableStatus | None = None) -> None:
        """Who has sealed, who is awaited (never what); the Resolve buttons follow."""
        if status is None:
            try:
                status = self.tables.status(self.table_id)  # type: ignore[union-attr]
            except (SeatError, StoreError) as error:
                self.say(str(error), "error")
                return
        self.status = status
        _ = tr(self.lang).gettext
        try:
            name = self.store.load(status.game_id).info.name
        except StoreError:
            name = ""
        what = (
            _("Round {round}", round=status.round)
            if status.kind == "africa1880"
            else _("Action {n}", n=status.round + 1)
        )
        self.heading.value = (
            "<h1>"
            + esc(_("Table {n}", n=self.table_id))
            + f" — {esc(name)}</h1><h2>{esc(what)}</h2>"
        )
        for card in self.cards.values():
            card.show_status(status)
        over = status.game_over
        self.resolve_button.disabled = over or not status.complete or not status.sealed
        self.resolve_now_button.layout.display = (
            "none"
            if over or status.complete or not status.sealed and status.kind == "massai"
            else ""
        )

    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<span class="tt-msg-{kind}">{esc(text)}</span>'

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

    # ----------------------------------------------------------------- resolving
    def resolve(self, force: bool = False) -> None:
        """Resolve the round shown with the sealed sheets (refused in one line otherwise)."""
        assert self.tables is not None
        self.question.children = ()
        round_ = self.status.round if self.status is not None else None
        try:
            snap, report = self.tables.resolve(
                self.table_id, self.host_token, force=force, round=round_
            )
        except (SeatError, StoreError) as error:
            self.say(str(error), "error")
            self.show_status()
            return
        if self.watcher is not None:
            self.watcher.known(self.store.versions(snap.game_id))
        self.leave_here()
        self.say(tr(self.lang).gettext("Resolved: everybody sees the report now."), "ok")
        self.show_status()
        self.show_report()
        if self.on_report is not None:
            self.on_report(report)

    def show_report(self) -> None:
        """The last resolution for everyone (Africa: report and map; Massai: both secrets)."""
        status = self.status
        if status is None:
            return
        snap = self.store.load(status.game_id)
        _ = tr(self.lang).gettext
        if isinstance(snap.game, Game):
            from tabletop.ui.table.report import africa_report

            self.report.children = africa_report(snap.game, self.lang)
        else:
            from tabletop.ui.table.report import massai_report

            self.report.children = massai_report(snap.game, self.lang)
        if not self.report.children:
            nothing = esc(_("No round resolved yet."))
            self.report.children = (widgets.HTML(f"<p>{nothing}</p>"),)

    # ----------------------------------------------------------------- timer
    def _build_timer(self) -> None:
        from tabletop.ui.table.timer import TableTimer

        self.timer = TableTimer(self.store, self.status_game_id(), self.lang)
        self.timer_box.children = (self.timer,)

    def status_game_id(self) -> int:
        return self.tables.table_game(self.table_id)  # type: ignore[union-attr]

    # ----------------------------------------------------------------- changes
    def _on_change(self, change: GameChange) -> None:
        try:
            if change.deleted:
                self.refuse(tr(self.lang).gettext("This game was deleted."))
                return
            old = self.status
            self.show_status()
            if change.state_changed or (
                old is not None and self.status and old.round != self.status.round
            ):
                self.show_report()
            self.timer.refresh()
        except Exception:  # a page never shows a traceback
            _log.exception("the shared screen could not follow a change")

    def poll(self) -> None:
        """Look for a change now (tests; the watcher does it by itself in a page)."""
        if self.watcher is not None:
            self.watcher.poll()

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
