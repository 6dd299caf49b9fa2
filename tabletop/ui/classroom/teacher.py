"""The teacher's screen of a class game (``notebooks/classroom.ipynb``), for a projector.

Bare: a form creates a class game from a preset (a number of rounds, random or fixed groups).
With ``?class=ID&token=HOST`` (the link shown after creating, to bookmark): the class's join
link, its QR code and short code; live counts of students joined and submitted (names of those
still choosing, never their choices); **Start round** / **Close round** (with a confirmation
naming how many the computer will choose for) and an optional timer that closes the round by
itself; after each round, the plots of the class's choices beside the prediction, the average
payoffs, the CSV export and, at the end, deleting the class game with its data. The room's
tools: a message to every phone, a new link to a student's own seat, stand-in students for a
rehearsal, who joined (stand-ins marked), and the partners that were stored choices of earlier
classes.

The page is put together from parts, one job each: :mod:`~tabletop.ui.classroom.teacher_form`
(creating), :mod:`~tabletop.ui.classroom.teacher_rounds` (starting and closing rounds,
deleting), :mod:`~tabletop.ui.classroom.teacher_results` (the results),
:mod:`~tabletop.ui.classroom.teacher_room` (the room's tools), with the words of
:mod:`~tabletop.ui.classroom.labels`; this module builds the screen and keeps it up to date.
"""

from __future__ import annotations

import logging
import time
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.classroom.ledger import ClassError
from tabletop.store import Store, StoreError
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import student_url
from tabletop.ui.classroom.common import CLASS_CSS, Ticker, page_request
from tabletop.ui.classroom.labels import preset_label
from tabletop.ui.classroom.teacher_form import TeacherForm
from tabletop.ui.classroom.teacher_results import TeacherResults
from tabletop.ui.classroom.teacher_room import TeacherRoom
from tabletop.ui.classroom.teacher_rounds import TeacherRounds
from tabletop.ui.seat.common import refusal, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.style import style_widget
from tabletop.ui.table.address import default_base_url
from tabletop.ui.table.qr import qr_svg

__all__ = [
    "POLL_SECONDS",
    "TeacherPage",
    "classroom_page",
]

_log = logging.getLogger("tabletop.ui.classroom")
POLL_SECONDS = 1.0


class TeacherPage(TeacherForm, TeacherRounds, TeacherResults, TeacherRoom, widgets.VBox):
    """The class game on the projector: join card, live counts, rounds, results."""

    def __init__(
        self,
        classes: Classes | None,
        class_id: int | None = None,
        host_token: str | None = None,
        lang: str = "en",
        base_url: str | None = None,
        store_error: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("tt-class-page")
        self.add_class("tt-teacher-page")
        self.classes = classes
        self.class_id = class_id
        self.host_token = host_token
        self.lang = lang
        self.t = tr(lang)
        self.base_url = base_url or default_base_url()
        self.join_token: str | None = None
        self.code: str | None = None
        self.view: dict[str, Any] | None = None
        self.deadline: float | None = None
        self.pending_close = False
        self.message = widgets.HTML()
        self.body = widgets.VBox()
        self.ticker = Ticker(POLL_SECONDS, self.refresh)
        self.children = (
            style_widget(),
            widgets.HTML(f"<style>{CLASS_CSS}</style>"),
            self.body,
            self.message,
        )
        _ = self.t.gettext
        if classes is None:
            self.body.children = (refusal(store_error or _("The class games cannot be opened.")),)
        elif class_id is not None and class_id < 0:
            self.body.children = (
                refusal(_("This link names no class game: open the whole link again.")),
            )
        elif class_id is not None and host_token:
            self._build()
        else:
            self._form()

    # ----------------------------------------------------------------- the class
    def _build(self) -> None:
        _ = self.t.gettext
        self.header = widgets.HTML()
        self.join_card = widgets.HTML()
        self.join_card.add_class("tt-join-card")
        self.counts = widgets.HTML()
        self.counts.add_class("tt-counts")
        self.waiting = widgets.HTML()
        self.start_button = widgets.Button(button_style="primary")
        self.start_button.add_class("tt-start-round")
        self.start_button.on_click(lambda _b: self.start_round())
        self.close_button = widgets.Button(button_style="warning")
        self.close_button.add_class("tt-close-round")
        self.close_button.on_click(lambda _b: self.close_round())
        self.confirm = widgets.HBox()
        self.timer = widgets.BoundedIntText(
            value=0,
            min=0,
            max=3600,
            description=_("Timer (s)"),
            layout=widgets.Layout(width="220px"),
        )
        self.clock = widgets.HTML()
        self.results = widgets.VBox()
        self.export = widgets.HTML()
        self.delete_button = widgets.Button(description=_("Delete this class game and its data"))
        self.delete_button.on_click(lambda _b: self.ask_delete())
        self.stored_line = widgets.HTML()
        self.export_all = widgets.HTML()
        self.body.children = (
            self.header,
            self.join_card,
            self.counts,
            self.waiting,
            widgets.HBox([self.start_button, self.close_button, self.timer, self.clock]),
            self.confirm,
            self.results,
            self.stored_line,
            self.export,
            self.export_all,
            self._room_box(),
            self.delete_button,
        )
        self._join_card()
        self.refresh()
        self.ticker.start()

    def _join_card(self) -> None:
        _ = self.t.gettext
        teacher_link = "classroom.ipynb?" + urlencode(
            {"class": self.class_id, "token": self.host_token}
            | ({"lang": self.lang} if self.lang != "en" else {})
        )
        keep = (
            '<p class="tt-link">'
            + esc(_("This screen (bookmark it):"))
            + f' <a class="tt-teacher-link" href="{esc(teacher_link)}">{esc(teacher_link)}</a></p>'
        )
        if self.join_token is None or self.code is None:
            # Reopened from its bookmark: the join secrets are not kept in readable form.
            self.join_card.value = keep + (
                "<p>" + esc(_("Students who joined come back with their own link.")) + "</p>"
            )
            return
        link = student_url(self.base_url, int(self.class_id or 0), self.join_token)
        if self.lang != "en":
            link += f"&lang={self.lang}"
        self.join_link = link
        self.join_card.value = (
            f"<div class='tt-qr'>{qr_svg(link)}</div>"
            "<p class='tt-big'>"
            + esc(_("Join on your phone: scan, or open student.ipynb and type"))
            + " "
            + esc(_("class"))
            + f" <b class='tt-class-number'>{self.class_id}</b>, "
            + esc(_("code"))
            + f" <span class='tt-code'>{esc(self.code)}</span></p>"
            f"<p class='tt-link'><a class='tt-join-link' href='{esc(link)}'>{esc(link)}</a></p>"
            + keep
        )

    def refresh(self) -> None:
        """Look at the class game now (the ticker does it every second)."""
        if self.classes is None or self.class_id is None or not self.host_token:
            return
        try:
            view = self.classes.teacher_view(self.class_id, self.host_token)
        except ClassError as error:
            self.ticker.stop()
            self.body.children = (refusal(str(error)),)
            return
        except StoreError as error:
            self.say(str(error), "error")
            return
        if self.deadline is not None and view["open"] and time.monotonic() >= self.deadline:
            self.deadline = None
            self.close_round(confirmed=True)
            return
        self._show_clock(view)
        if view == self.view:
            return
        old = self.view
        self.view = view
        self._show(view, results_changed=old is None or old["shares"] != view["shares"])

    def _show_clock(self, view: dict[str, Any]) -> None:
        if self.deadline is None or not view["open"]:
            self.clock.value = ""
            return
        left = max(0, int(self.deadline - time.monotonic() + 0.999))
        self.clock.value = f"<span class='tt-big tt-clock'>⏱ {left // 60}:{left % 60:02d}</span>"

    def _show(self, view: dict[str, Any], results_changed: bool) -> None:
        _ = self.t.gettext
        over = " — " + _("over") if view["finished"] else ""
        self.header.value = (
            f"<h2>{esc(preset_label(view['preset'], self.lang))}</h2><p class='tt-big'>"
            + esc(_("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))
            + f"{esc(over)}</p>"
        )
        if view["open"]:
            counts = _(
                "{joined} joined · {submitted} of {seated} have chosen",
                joined=view["joined"],
                submitted=view["submitted"],
                seated=view["seated"],
            )
        else:
            counts = _(
                "{joined} joined · {present} here", joined=view["joined"], present=view["present"]
            )
        self.counts.value = f"<p class='tt-counts-line'>{esc(counts)}</p>"
        lines = []
        if view["open"] and view["waiting"]:
            lines.append(esc(_("Still choosing:")) + " " + esc(", ".join(view["waiting"])))
        if view["open"] and view["gone"]:
            lines.append(
                esc(_("Page closed (the computer chooses for them):"))
                + " "
                + esc(", ".join(view["gone"]))
            )
        self.waiting.value = "".join(f"<p class='tt-waiting-line'>{line}</p>" for line in lines)
        next_round = view["round"] + 1
        self.start_button.description = _("Start round {round}", round=next_round)
        self.start_button.disabled = view["open"] or view["finished"] or not view["present"]
        self.close_button.description = _("Close round {round}", round=view["round"] or 1)
        self.close_button.disabled = not view["open"]
        # A finished class game offers no more rounds (only its results, export and deletion).
        shown = "none" if view["finished"] else ""
        for widget in (self.start_button, self.close_button, self.timer):
            widget.layout.display = shown
        if results_changed:
            self._results(view)
        self._room(view, results_changed)

    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<p class="tt-msg-{kind} tt-big">{esc(text)}</p>' if text else ""

    def close(self) -> None:
        self.ticker.stop()
        super().close()


def classroom_page(query: dict[str, str] | None = None, store: Store | None = None) -> TeacherPage:
    """The teacher's screen for the request's query string (``class``, ``token``, ``lang``)."""
    request = page_request(query, store)
    return TeacherPage(
        request.classes,
        request.class_id,
        request.query.get("token") or None,
        lang=request.lang,
        store_error=request.store_error,
    )
