"""Running the room from the teacher's screen: one message to every phone, a new link to a
student's own seat (a phone that died), stand-in students for a rehearsal, the list of who
joined (stand-ins marked), the partners that were stored choices of earlier classes, and the
export with the stand-ins when the teacher asks for it."""

from __future__ import annotations

import base64
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.classroom.ledger import MAX_MESSAGE, ClassError
from tabletop.classroom.standins import MAX_STANDINS
from tabletop.store import StoreError
from tabletop.store.classroom_records import rejoin_url
from tabletop.ui.classroom.teacher_part import TeacherPart
from tabletop.ui.shell.bounded import bounded
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.menu import Menu
from tabletop.ui.table.qr import qr_svg

#: A stand-in's mark in the teacher's lists (with the words "stand-in" for a screen reader).
STANDIN_MARK = "🤖"


def _auto() -> widgets.Layout:
    """A button as wide as its words (the default width cuts long ones)."""
    return widgets.Layout(width="auto")


class TeacherRoom(TeacherPart):
    """The room's tools, built with the class's screen and kept up to date with its view."""

    room_text: widgets.Textarea
    room_now: widgets.HTML
    standin_count: widgets.BoundedIntText
    standin_strategy: widgets.Dropdown
    rejoin_student: Menu
    rejoin_card: widgets.VBox
    roster: widgets.HTML
    stored_line: widgets.HTML
    export_all: widgets.HTML
    #: The last new link made (the page shows it until hidden).
    rejoin_link: str

    def _room_box(self) -> widgets.VBox:
        """The room's tools (made once by the page's ``_build``, which places ``stored_line`` and
        ``export_all`` with the results)."""
        _ = self.t.gettext
        self.room_text = widgets.Textarea(
            placeholder=_("A message to every phone (plain text)"),
            layout=widgets.Layout(width="min(100%, 560px)", height="70px"),
        )
        self.room_text.add_class("tt-room-text")
        send = widgets.Button(
            description=_("Send to every phone"), button_style="info", layout=_auto()
        )
        send.add_class("tt-send-message")
        send.on_click(lambda _b: self.send_message())
        clear = widgets.Button(description=_("Clear the message"), layout=_auto())
        clear.add_class("tt-clear-message")
        clear.on_click(lambda _b: self.clear_message())
        self.room_now = widgets.HTML()
        self.standin_count = widgets.BoundedIntText(
            value=4,
            min=1,
            max=MAX_STANDINS,
            description=_("Stand-ins"),
            layout=widgets.Layout(width="200px"),
        )
        self.standin_strategy = widgets.Dropdown(
            options=[
                (_("uniform: every choice alike"), "uniform"),
                (_("Nash: the prediction's mix"), "nash"),
                (_("best response to the last round"), "best-response"),
            ],
            description=_("Playing"),
            layout=widgets.Layout(width="min(100%, 420px)"),
        )
        add = widgets.Button(description=_("Add stand-in students"), layout=_auto())
        add.add_class("tt-add-standins")
        add.on_click(lambda _b: self.add_standins())
        # The list grows as students join while the teacher picks: the menu sends the student
        # chosen, not a place in the list (see tabletop.ui.shell.menu).
        self.rejoin_student = Menu(
            description=_("Student"), layout=widgets.Layout(width="min(100%, 360px)")
        )
        self.rejoin_student.add_class("tt-rejoin-student")
        rejoin = widgets.Button(description=_("New link to this student's seat"), layout=_auto())
        rejoin.add_class("tt-rejoin")
        rejoin.on_click(lambda _b: self.ask_rejoin())
        self.rejoin_card = widgets.VBox()
        self.roster = widgets.HTML()
        self.roster.add_class("tt-roster")
        box = widgets.VBox(
            [
                widgets.HTML("<h3>" + esc(_("The room")) + "</h3>"),
                bounded(self.room_text, MAX_MESSAGE, self.lang).box,
                widgets.HBox([send, clear]),
                self.room_now,
                widgets.HBox([self.rejoin_student, rejoin]),
                self.rejoin_card,
                widgets.HTML(
                    "<p>"
                    + esc(
                        _(
                            "Rehearse alone: stand-in students join, choose as soon as a round "
                            "opens, and stay out of the export."
                        )
                    )
                    + "</p>"
                ),
                widgets.HBox([self.standin_count, self.standin_strategy, add]),
                self.roster,
            ]
        )
        box.add_class("tt-room")
        return box

    # ----------------------------------------------------------------- the view
    def _room(self, view: dict[str, Any], results_changed: bool = True) -> None:
        """Show what the view says about the room (the ticker calls it when the view changed)."""
        _ = self.t.gettext
        message = view.get("message")
        if message:
            self.room_now.value = (
                "<p class='tt-room-now'>"
                + esc(_("On every phone now:"))
                + f" <span class='tt-room-now-text'>{esc(message['text'])}</span></p>"
            )
        else:
            self.room_now.value = ""
        people = [s for s in view["students"] if not s["standin"]]
        options = [(s["nickname"], s["student"]) for s in people]
        if list(self.rejoin_student.options) != options:
            kept = self.rejoin_student.value
            listed = [sid for _n, sid in options]
            self.rejoin_student.offer(options, kept if kept in listed else next(iter(listed), ""))
        self.roster.value = self._roster(view)
        self.stored_line.value = self._stored(view)
        if results_changed or bool(view["standins"]) != bool(self.export_all.value):
            self._export_standins(view)

    def _roster(self, view: dict[str, Any]) -> str:
        _ = self.t.gettext
        if not view["students"]:
            return ""
        words = {
            "uniform": _("uniform"),
            "nash": _("Nash"),
            "best-response": _("best response"),
        }
        names = []
        for s in view["students"]:
            if s["standin"]:
                how = words.get(view["standins"].get(s["nickname"], ""), "")
                label = _("stand-in, {strategy}", strategy=how)
                names.append(
                    f"<span class='tt-standin' title='{esc(label)}'>{STANDIN_MARK} "
                    f"{esc(s['nickname'])} <small>({esc(label)})</small></span>"
                )
            else:
                names.append(f"<span class='tt-student'>{esc(s['nickname'])}</span>")
        return "<p>" + esc(_("Joined:")) + " " + ", ".join(names) + "</p>"

    def _stored(self, view: dict[str, Any]) -> str:
        """Which partners were stored choices of earlier classes, round by round."""
        _ = self.t.gettext
        lines = []
        for number, used in sorted(view.get("stored", {}).items(), key=lambda i: int(i[0])):
            if not used:
                continue
            where = ", ".join(
                _("class {class_id}, round {round}", class_id=c, round=r) for c, r in used
            )
            lines.append(
                "<li class='tt-stored-round'>"
                + esc(_("Round {round}: {where}", round=number, where=where))
                + "</li>"
            )
        if not lines:
            return ""
        title = _("Partners that were stored choices of earlier classes:")
        return f"<div class='tt-stored'><p>{esc(title)}</p><ul>{''.join(lines)}</ul></div>"

    def _export_standins(self, view: dict[str, Any]) -> None:
        if not view["standins"] or not view["shares"] or self.classes is None:
            self.export_all.value = ""
            return
        assert self.class_id is not None and self.host_token
        try:
            text = self.classes.export_csv(self.class_id, self.host_token, include_standins=True)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"class-{self.class_id}-with-stand-ins.csv"
        self.export_all.value = (
            f'<a class="tt-export-standins" download="{name}" '
            f'href="data:text/csv;base64,{data}">'
            + esc(self.t.gettext("Download every choice, stand-ins included (CSV)"))
            + "</a>"
        )

    # ----------------------------------------------------------------- actions
    def send_message(self) -> None:
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            self.classes.send_message(self.class_id, self.host_token, self.room_text.value)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.room_text.value = ""
        self.say(self.t.gettext("The message is on every phone."))
        self.refresh()

    def clear_message(self) -> None:
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            self.classes.clear_message(self.class_id, self.host_token)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.say("")
        self.refresh()

    def add_standins(self) -> None:
        _ = self.t.gettext
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            added = self.classes.add_standins(
                self.class_id,
                self.host_token,
                int(self.standin_count.value),
                self.standin_strategy.value,
                name=_("Stand-in"),
            )
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.say(
            self.t.ngettext(
                "{n} stand-in joined; it plays from the next round.",
                "{n} stand-ins joined; they play from the next round.",
                len(added),
                n=len(added),
            )
        )
        self.refresh()

    def ask_rejoin(self) -> None:
        _ = self.t.gettext
        sid = self.rejoin_student.value
        if not sid:
            self.say(_("Nobody has joined yet."), "error")
            return
        name = {v: k for k, v in self.rejoin_student.options}.get(sid, sid)
        yes = widgets.Button(
            description=_("Make the new link"), button_style="warning", layout=_auto()
        )
        yes.add_class("tt-confirm-rejoin")
        no = widgets.Button(description=_("Cancel"))
        yes.on_click(lambda _b: self.rejoin(sid))
        no.on_click(lambda _b: setattr(self.rejoin_card, "children", ()))
        question = _(
            "{name}'s current link will stop working; the new one opens the same seat, with "
            "the same nickname and results.",
            name=name,
        )
        self.rejoin_card.children = (
            widgets.HTML(f"<p class='tt-warn'>{esc(question)}</p>"),
            widgets.HBox([yes, no]),
        )

    def rejoin(self, sid: str) -> None:
        _ = self.t.gettext
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            seat = self.classes.rejoin(self.class_id, self.host_token, sid)
        except (ClassError, StoreError) as error:
            self.rejoin_card.children = ()
            self.say(str(error), "error")
            return
        link = rejoin_url(self.base_url, seat.class_id, seat.token)
        if self.lang != "en":
            link += f"&lang={self.lang}"
        self.rejoin_link = link
        hide = widgets.Button(description=_("Hide the link"), layout=_auto())
        hide.add_class("tt-hide-rejoin")
        hide.on_click(lambda _b: setattr(self.rejoin_card, "children", ()))
        words = _(
            "The new link to {name}'s seat: only this phone should scan or open it (not on the "
            "projector).",
            name=seat.nickname,
        )
        self.rejoin_card.children = (
            widgets.HTML(
                f"<p class='tt-big'>{esc(words)}</p>"
                f"<div class='tt-qr'>{qr_svg(link)}</div>"
                f"<p class='tt-link'><a class='tt-rejoin-link' href='{esc(link)}'>"
                f"{esc(link)}</a></p>"
            ),
            hide,
        )
        self.say("")
