"""The teacher's actions: start a round (with its optional timer), close it (a confirmation
first when students have not chosen), delete the class game and its data."""

from __future__ import annotations

import time

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.classroom.ledger import ClassError
from tabletop.store import StoreError
from tabletop.ui.classroom.teacher_part import TeacherPart
from tabletop.ui.shell.html import esc


class TeacherRounds(TeacherPart):
    """Starting and closing rounds, and deleting the class game."""

    # ----------------------------------------------------------------- actions
    def start_round(self) -> None:
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            self.classes.open_round(self.class_id, self.host_token)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        seconds = int(self.timer.value or 0)
        self.deadline = time.monotonic() + seconds if seconds else None
        self.confirm.children = ()
        self.say("")
        self.refresh()

    def close_round(self, confirmed: bool = False) -> None:
        _ = self.t.gettext
        assert self.classes is not None and self.class_id is not None and self.host_token
        missing = len(self.view["waiting"]) if self.view and self.view["open"] else 0
        if missing and not confirmed:
            yes = widgets.Button(
                description=_("Close: the computer chooses for them"), button_style="danger"
            )
            yes.add_class("tt-confirm-close")
            no = widgets.Button(description=_("Wait"))
            yes.on_click(lambda _b: self.close_round(confirmed=True))
            no.on_click(lambda _b: setattr(self.confirm, "children", ()))
            question = widgets.HTML(
                "<p class='tt-warn'>"
                + esc(
                    self.t.ngettext(
                        "{n} student has not chosen yet.",
                        "{n} students have not chosen yet.",
                        missing,
                        n=missing,
                    )
                )
                + "</p>"
            )
            self.confirm.children = (question, yes, no)
            return
        self.confirm.children = ()
        self.deadline = None
        try:
            self.classes.close_round(self.class_id, self.host_token)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.say("")
        self.refresh()

    def ask_delete(self) -> None:
        _ = self.t.gettext
        yes = widgets.Button(description=_("Delete for good"), button_style="danger")
        yes.add_class("tt-confirm-delete")
        no = widgets.Button(description=_("Keep it"))
        yes.on_click(lambda _b: self.delete())
        no.on_click(lambda _b: setattr(self.confirm, "children", ()))
        self.confirm.children = (
            widgets.HTML(
                "<p class='tt-warn'>"
                + esc(_("Every nickname and choice of this class game will be deleted."))
                + "</p>"
            ),
            yes,
            no,
        )

    def delete(self) -> None:
        assert self.classes is not None and self.class_id is not None and self.host_token
        try:
            self.classes.delete(self.class_id, self.host_token)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.ticker.stop()
        self.class_id = None
        self.body.children = (
            widgets.HTML(
                "<p class='tt-big'>" + esc(self.t.gettext("The class game was deleted.")) + "</p>"
            ),
        )
