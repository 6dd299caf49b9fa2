"""The seat page: one player's own part of a table, opened from its link (or its short code).

``?table=ID&token=T`` opens the seat at once; without a token the page asks for the table's
number and the seat's short code. A wrong, old or revoked link, or a table locked out after
wrong tries, gets one clear line, never a traceback. The page watches the game: a seal from
another device of this seat or a resolution redraws it.
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import GameChange, Store, StoreError
from tabletop.store.seat_errors import BadToken, SeatError
from tabletop.store.seat_records import SealReceipt
from tabletop.store.seats import Tables
from tabletop.ui.seat.common import PHONE_CSS, lang_of, read_query, refusal, tr
from tabletop.ui.shell.bounded import CODE_LIMIT, NUMBER_LIMIT, bounded
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.store_link import Debouncer, PageWatcher, open_page_store, running_loop
from tabletop.ui.shell.style import style_widget

if TYPE_CHECKING:
    from tabletop.games.africa1880.gamefile import Game

__all__ = ["SeatPage", "scroll_into_view", "seat_page"]

_log = logging.getLogger("tabletop.ui.seat")

# Run by the browser where :func:`scroll_into_view`'s HTML is shown (an HTML widget's own
# <script> elements are not run; an image's onerror is, as for the map's page script). A phone
# scrolled down to its Seal button would otherwise stay there, "Your results" off-screen.
SCROLL_JS = (
    "var root = this.closest(%(root)s); var el = root && root.querySelector(%(target)s);"
    " if (el) { var top = el.getBoundingClientRect().top;"
    " if (top < 0 || top > window.innerHeight * %(below)s) el.scrollIntoView({block: 'start'}); }"
)


def scroll_into_view(root: str, target: str, count: int, below: float = 0.25) -> str:
    """HTML that, once shown inside ``root`` (a CSS selector), scrolls ``target`` (the first
    element matching inside it) to the top of the screen, unless its top is on screen already
    within the first ``below`` of the screen's height. ``count`` makes each new round's HTML
    differ, so that it runs again.

    >>> glue = scroll_into_view(".tt-seat-page", ".tt-seat-heading", 3)
    >>> "scrollIntoView" in glue and 'data-round="3"' in glue and "&quot;.tt-seat-heading" in glue
    True
    """
    values = {"root": json.dumps(root), "target": json.dumps(target), "below": f"{below:g}"}
    script = html.escape(SCROLL_JS % values, quote=True)
    return f'<img alt="" src="data:," style="display:none" data-round="{count}" onerror="{script}">'


class SeatPage(widgets.VBox):
    """One seat of a table (Africa: a power; Massai: a player)."""

    def __init__(
        self,
        tables: Tables | None,
        table_id: int | None = None,
        token: str | None = None,
        lang: str = "en",
        store_error: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("tt-app")
        self.add_class("tt-seat-page")
        self.lang = lang
        self.tables = tables
        self.table_id = table_id
        self.token = token or ""
        self.loop = running_loop()
        self.part: Any = None
        self.view: dict[str, Any] | None = None
        self.sealed_at: Any = None
        self.watcher: PageWatcher | None = None
        #: Called after this page sealed (the shared screen hides a seat played on it).
        self.on_sealed: Callable[[], None] | None = None
        self._draft = ""
        self.draft_saver = Debouncer(self._save_draft, delay=0.8, loop=self.loop)
        self.style = style_widget()
        self.css = widgets.HTML(f"<style>{PHONE_CSS}</style>")
        self.body = widgets.VBox()
        #: Runs :func:`scroll_into_view` in the browser after each new round (hidden).
        self.scroller = widgets.HTML()
        self.scroller.add_class("tt-seat-scroller")
        self.rounds_seen = 0
        #: Says the new round when it arrives, to a screen reader (hidden from sight).
        self.live = LiveRegion("tt-seat-live")
        self.children = (self.style, self.css, self.live, self.body)
        if tables is None:
            self.refuse(store_error or tr(lang).gettext("The games database cannot be opened."))
        elif token:
            self.open_seat(token)
        else:
            self.ask_code()

    @property
    def store(self) -> Store:
        assert self.tables is not None
        return self.tables.store

    # ----------------------------------------------------------------- entering
    def ask_code(self, problem: str = "") -> None:
        """The form for a seat without its link: the table's number and the short code."""
        _ = tr(self.lang).gettext
        self.table_field = widgets.Text(
            value="" if self.table_id is None else str(self.table_id),
            description=_("Table"),
            layout={"width": "100%"},
        )
        self.table_field.add_class("tt-join-table")
        self.code_field = widgets.Text(
            placeholder="ABC123", description=_("Code"), layout={"width": "100%"}
        )
        self.code_field.add_class("tt-join-code")
        self.table_bound = bounded(self.table_field, NUMBER_LIMIT, self.lang)
        self.code_bound = bounded(self.code_field, CODE_LIMIT, self.lang)
        join = widgets.Button(
            description=_("Join"), button_style="primary", layout={"width": "100%"}
        )
        join.add_class("tt-join")
        join.on_click(lambda _b: self.join())
        self.join_message = widgets.HTML(
            f'<span class="tt-msg-error">{esc(problem)}</span>' if problem else ""
        )
        self.join_message.add_class("tt-join-message")
        intro = widgets.HTML(
            "<h2>" + esc(_("Join a table")) + "</h2>"
            "<p>"
            + esc(_("Type the table number and the short code shown on the shared screen."))
            + "</p>"
        )
        self.body.children = (
            intro,
            self.table_bound.box,
            self.code_bound.box,
            join,
            self.join_message,
        )

    def join(self) -> None:
        """The form's button: open the seat the code names, or say why not (one line)."""
        _ = tr(self.lang).gettext
        try:
            table_id = int(self.table_field.value.strip())
        except ValueError:
            self.join_message.value = (
                '<span class="tt-msg-error">'
                + esc(_("A table number is a whole number."))
                + "</span>"
            )
            return
        code = self.code_field.value.strip()
        if not code:
            self.join_message.value = (
                '<span class="tt-msg-error">' + esc(_("Type the seat code.")) + "</span>"
            )
            return
        self.table_id = table_id
        self.open_seat(code, from_form=True)

    def open_seat(self, token: str, from_form: bool = False) -> None:
        """Open the seat ``token`` (or a code) gives at this page's table."""
        _ = tr(self.lang).gettext
        if self.table_id is None:
            self.refuse(_("This link names no table."))
            return
        try:
            view = self._view(token)
        except SeatError as error:
            if from_form:
                self.join_message.value = f'<span class="tt-msg-error">{esc(str(error))}</span>'
            else:
                self.refuse(str(error))
            return
        self.token = token
        self.show(view)
        assert self.tables is not None
        self.watcher = PageWatcher(self.store, self._on_change, self.loop)
        game_id = int(view["game"])
        self.watcher.watch(game_id, self.store.versions(game_id), start=self.loop is not None)

    def _view(self, token: str) -> dict[str, Any]:
        assert self.tables is not None and self.table_id is not None
        try:
            view = self.tables.seat_view(self.table_id, token)
            status = self.tables.status(self.table_id)
        except StoreError as error:
            raise SeatError(str(error)) from None
        self.sealed_at = status.sealed_at.get(str(view["seat"])) if view.get("sealed") else None
        return view

    # ----------------------------------------------------------------- showing
    def show(self, view: dict[str, Any]) -> None:
        """Draw the seat for ``view`` (its widgets are built here, once; the next rounds change
        their values: :meth:`new_round`)."""
        self.close_part()
        self.view = view
        draft = self._kept_draft()
        if view["kind"] == "africa1880":
            from tabletop.ui.seat.africa import AfricaSeat

            snap = self.store.load(int(view["game"]))
            self.part = AfricaSeat(self, view, snap.game, draft)  # type: ignore[arg-type]
        else:
            from tabletop.ui.seat.massai import MassaiSeat

            self.part = MassaiSeat(self, view, draft)
        self.timer = self._timer(int(view["game"]))
        self.body.children = (self.timer, self.part, self.scroller)

    def new_round(self, view: dict[str, Any]) -> None:
        """A resolution: the seat shown takes the new round in place, then the page brings its
        heading and "Your results" back to the top of the screen.

        Only values change (no widget is built), so a phone shows the round as soon as the
        messages arrive: building the seat anew made each phone create about 130 widget views
        and a map canvas, seconds on a phone, while the shared screen changed two values.
        """
        self.view = view
        draft = self._kept_draft()
        if view["kind"] == "africa1880":
            snap = self.store.load(int(view["game"]))
            self.part.new_round(view, snap.game, draft)
            self.live.say(arrived_said(snap.game, self.lang))  # type: ignore[arg-type]
        else:
            self.part.new_round(view, draft)
            self.live.say(self.part.arrived_said())
        self.rounds_seen += 1
        self.scroller.value = scroll_into_view(
            ".tt-seat-page", ".tt-seat-heading", self.rounds_seen
        )

    def _kept_draft(self) -> str | None:
        try:
            return self.tables.draft(self.table_id, self.token)  # type: ignore[union-attr,arg-type]
        except SeatError:
            return None

    def _timer(self, game_id: int) -> widgets.Widget:
        from tabletop.ui.seat.timer import SeatClock

        # The table's clock, counted down in the browser, and who has sealed (game_id unused).
        assert self.tables is not None and self.table_id is not None
        return SeatClock(self.tables, self.table_id, self.lang)

    def refuse(self, text: str) -> None:
        """The page says ``text`` and nothing else (the seat cannot be used from here)."""
        self.close_part()
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        self.view = None
        self.body.children = (refusal(text),)

    def close_part(self) -> None:
        if self.part is not None:
            self.part.close_seat()
            self.part = None
        timer = getattr(self, "timer", None)
        if timer is not None:
            timer.close_timer()

    # ----------------------------------------------------------------- drafts
    def keep_draft(self, text: str) -> None:
        """The draft changed: keep it a moment later (one write per pause in typing)."""
        self._draft = text
        self.draft_saver.touch()

    def _save_draft(self) -> None:
        if self.tables is None or self.table_id is None or self.view is None:
            return
        try:
            self.tables.save_draft(self.table_id, self.token, self._draft)
        except SeatError:
            pass  # a draft too long, or a link replaced: the seal says it plainly
        except StoreError:
            _log.warning("a seat's draft could not be kept", exc_info=True)

    def seal(self, text: str) -> SealReceipt:
        """Seal ``text`` for this page's seat (raises the store's one-line refusals)."""
        assert self.tables is not None and self.table_id is not None
        return self.tables.seal(self.table_id, self.token, text)

    def sealed(self) -> None:
        """This page sealed (the shared screen hides a seat played on it)."""
        self.draft_saver.flush()
        if self.on_sealed is not None:
            self.on_sealed()

    # ----------------------------------------------------------------- changes
    def _on_change(self, change: GameChange) -> None:
        try:
            self.follow(change)
        except Exception:  # a page never shows a traceback
            _log.exception("the seat page could not follow a change")

    def follow(self, change: GameChange | None = None) -> None:
        """Another page changed the game (a seal, a resolution): show what is new."""
        _ = tr(self.lang).gettext
        if change is not None and change.deleted:
            self.refuse(_("This game was deleted."))
            return
        if self.view is None:
            return
        self.draft_saver.flush()
        try:
            view = self._view(self.token)
        except BadToken as error:
            self.refuse(str(error))
            return
        except SeatError as error:
            self.refuse(str(error))
            return
        if self.timer is not None:
            self.timer.refresh()
        old = self.view
        keys = ("round", "public", "secret")
        if any(view.get(key) != old.get(key) for key in keys):
            if self.part is not None and view.get("kind") == old.get("kind"):
                self.new_round(view)
            else:
                self.show(view)
            return
        self.view = view
        if self.part is not None:
            self.part.seen(view, self.sealed_at)

    def poll(self) -> None:
        """Look for a change now (tests; the watcher does it by itself in a page)."""
        if self.watcher is not None:
            self.watcher.poll()

    def close(self) -> None:
        watcher = getattr(self, "watcher", None)
        if watcher is not None:
            watcher.stop()
        if hasattr(self, "part"):
            self.close_part()
        super().close()


def arrived_said(game: Game, lang: str) -> str:
    """What the live region says when a resolved round of ``game`` arrives ("" for none)."""
    from tabletop.ui.africa1880.announce import round_arrived_said
    from tabletop.ui.africa1880.session import replay

    assert game.board is not None
    report = replay(game, game.board, len(game.history) - 1)
    return round_arrived_said(report, lang) if report is not None else ""


def preload() -> None:
    """Import what either kind of seat needs and read the default board, so that a preheated
    kernel does it before its page is asked for (0.5 s of a seat page's opening otherwise)."""
    from tabletop.games.africa1880.board_files import load_board
    from tabletop.games.africa1880.geometry import load_geometry
    from tabletop.ui.seat import africa, massai, timer  # noqa: F401 - imported for their cost

    load_geometry(load_board())


def seat_page(query: dict[str, str] | None = None, store: Store | None = None) -> SeatPage:
    """The seat page for the request's query string (``table``, ``token``, ``lang``)."""
    if query is None:
        preload()  # before read_query, which waits for the request in a preheated kernel
        query = read_query()
    lang = lang_of(query)
    error = None
    if store is None:
        store, error, _ = open_page_store()
    tables = Tables(store) if store is not None else None
    table_id: int | None
    try:
        table_id = int(query["table"]) if "table" in query else None
    except ValueError:
        table_id = None
    token = query.get("token", "").strip() or None
    page = SeatPage(tables, table_id, token, lang, error)
    if token and table_id is None and "table" in query:
        page.refuse(tr(lang).gettext("This link names no table."))
    return page
