"""The teacher's screen before a class game exists: the form that creates one from a preset."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.classroom.games import PRESETS
from tabletop.classroom.ledger import ClassError
from tabletop.store import StoreError
from tabletop.ui.classroom.labels import preset_label
from tabletop.ui.classroom.teacher_part import TeacherPart
from tabletop.ui.shell.html import esc


class TeacherForm(TeacherPart):
    """The form (game, rounds, groups) and creating the class game."""

    # ----------------------------------------------------------------- creating
    def _form(self) -> None:
        _ = self.t.gettext
        self.preset = widgets.Dropdown(
            options=[(preset_label(k, self.lang), k) for k in PRESETS],
            description=_("Game"),
            layout=widgets.Layout(width="min(100%, 640px)"),
        )
        self.rounds = widgets.BoundedIntText(
            value=5, min=1, max=100, description=_("Rounds"), layout=widgets.Layout(width="220px")
        )
        self.matching = widgets.Dropdown(
            options=[(_("new random groups each round"), "random"), (_("fixed groups"), "fixed")],
            description=_("Groups"),
            layout=widgets.Layout(width="min(100%, 480px)"),
        )
        create = widgets.Button(description=_("Create the class game"), button_style="primary")
        create.add_class("tt-create-class")
        create.on_click(lambda _b: self.create())
        self.body.children = (
            widgets.HTML("<h2>" + esc(_("A class game")) + "</h2>"),
            self.preset,
            self.rounds,
            self.matching,
            create,
        )

    def create(self) -> None:
        assert self.classes is not None
        try:
            new = self.classes.create(
                self.preset.value, int(self.rounds.value), self.matching.value
            )
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.class_id, self.host_token = new.class_id, new.host_token
        self.join_token, self.code = new.join_token, new.code
        self._build()
