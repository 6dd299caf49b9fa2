"""Who has sealed (never what), Resolve, the report for everyone, the timer, and following the
changes other pages make."""

from __future__ import annotations

import logging

from tabletop.games.africa1880.gamefile import Game
from tabletop.store import GameChange, StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import TableStatus
from tabletop.ui.africa1880.announce import resolution_said
from tabletop.ui.seat.common import tr
from tabletop.ui.seat.page import scroll_into_view
from tabletop.ui.shell.html import esc
from tabletop.ui.table.part import TablePart
from tabletop.ui.table.report import revealed_reports
from tabletop.ui.table.seat_card import seat_name

_log = logging.getLogger("tabletop.ui.table")


def sealed_said(old: TableStatus | None, new: TableStatus, lang: str) -> str:
    """What the live region says of the seats sealed since ``old`` (the same round): "France
    sealed." for each, a seat sealing again too; "" for none, or for a new round."""
    if old is None or old.round != new.round or old.game_id != new.game_id:
        return ""
    again = [
        s for s in new.sealed if s in old.sealed and new.sealed_at.get(s) != old.sealed_at.get(s)
    ]
    newly = [s for s in new.sealed if s not in old.sealed]
    _ = tr(lang).gettext
    return " ".join(
        _("{seat} sealed.", seat=seat_name(new.kind, seat, lang)) for seat in newly + again
    )


class Resolving(TablePart):
    """The round's status, its resolution and report, the timer and the page's watcher."""

    def show_status(self, status: TableStatus | None = None) -> None:
        """Who has sealed, who is awaited (never what); the Resolve buttons follow."""
        if status is None:
            try:
                status = self.tables.status(self.table_id)  # type: ignore[union-attr]
            except (SeatError, StoreError) as error:
                self.say(str(error), "error")
                return
        old, self.status = self.status, status
        self.live.say(sealed_said(old, status, self.lang))
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
            self.catch_up()
            return
        if self.watcher is not None:
            self.watcher.known(self.store.versions(snap.game_id))
        self.leave_here(refresh=False)  # show_round shows the status, after the report
        self.show_round()
        self.say(tr(self.lang).gettext("Resolved: everybody sees the report now."), "ok")
        if self.on_report is not None:
            self.on_report(report)

    def catch_up(self) -> None:
        """After a refused Resolve: a round resolved elsewhere meanwhile is shown (and said)
        with its report, else the status again."""
        try:
            status = self.tables.status(self.table_id)  # type: ignore[union-attr]
        except (SeatError, StoreError):
            return  # the refusal is on the page already
        if self.status is not None and status.round != self.status.round:
            self.show_round(status)
        else:
            self.show_status(status)

    def show_round(self, status: TableStatus | None = None) -> None:
        """A new round: its report first, then its heading and status (the new round's heading
        never stands over the old report), then the report brought into view."""
        if status is None:
            try:
                status = self.tables.status(self.table_id)  # type: ignore[union-attr]
            except (SeatError, StoreError) as error:
                self.say(str(error), "error")
                return
        old, self.status = self.status, status
        said = self.show_report()
        self.show_status(status)
        if old is not None and status.round > old.round:
            self.live.say(said)  # a resolution (not an undo made elsewhere)
        self.rounds_seen += 1
        self.scroller.value = scroll_into_view(
            ".tt-table-page", ".tt-table-report", self.rounds_seen, below=0.5
        )

    def show_report(self) -> str:
        """The last resolution for everyone (Africa: report and map; Massai: both secrets);
        returns what the live region says of it ("" before a round)."""
        status = self.status
        if status is None:
            return ""
        snap = self.store.load(status.game_id)
        _ = tr(self.lang).gettext
        if isinstance(snap.game, Game):
            report = self.report.show_africa(snap.game, self.lang, _("No round resolved yet."))
            return resolution_said(report, self.lang) if report is not None else ""
        self.report.show_massai(snap.game, self.lang)
        revealed = [r.text(self.lang) for r in revealed_reports(snap.game)]
        return " ".join([_("Resolved."), *revealed]) if revealed else ""

    # ----------------------------------------------------------------- timer
    def _build_timer(self) -> None:
        from tabletop.ui.table.timer import TableTimer

        assert self.tables is not None
        self.timer = TableTimer(self.tables, self.table_id, self.host_token, self.lang)
        self.timer_box.children = (self.timer,)
        # A new round (a new heading) reads the table's clock again: none until started.
        self.heading.observe(lambda _c: self.timer.refresh(), names="value")

    def status_game_id(self) -> int:
        return self.tables.table_game(self.table_id)  # type: ignore[union-attr]

    # ----------------------------------------------------------------- changes
    def _on_change(self, change: GameChange) -> None:
        try:
            if change.deleted:
                self.refuse(tr(self.lang).gettext("This game was deleted."))
                return
            old = self.status
            try:
                status = self.tables.status(self.table_id)  # type: ignore[union-attr]
            except (SeatError, StoreError) as error:
                self.say(str(error), "error")
                return
            if change.state_changed or (old is not None and old.round != status.round):
                self.show_round(status)
            else:
                self.show_status(status)
            self.timer.refresh()
        except Exception:  # a page never shows a traceback
            _log.exception("the shared screen could not follow a change")

    def poll(self) -> None:
        """Look for a change now (tests; the watcher does it by itself in a page)."""
        if self.watcher is not None:
            self.watcher.poll()
