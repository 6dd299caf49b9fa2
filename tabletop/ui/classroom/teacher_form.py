"""The teacher's screen before a class game exists: the form that creates one from a preset, and
may name earlier classes of the same game whose stored choices fill the seats nobody sits in
(a class of one, the odd one out)."""

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
        self.partners = widgets.SelectMultiple(
            options=[],
            description=_("Partners"),
            rows=4,
            layout=widgets.Layout(width="min(100%, 560px)"),
        )
        self.partners.add_class("tt-partners")
        self.partners_note = widgets.HTML()
        self.preset.observe(lambda _change: self._earlier(), names="value")
        self._earlier()
        create = widgets.Button(description=_("Create the class game"), button_style="primary")
        create.add_class("tt-create-class")
        create.on_click(lambda _b: self.create())
        self.body.children = (
            widgets.HTML("<h2>" + esc(_("A class game")) + "</h2>"),
            self.preset,
            self.rounds,
            self.matching,
            self.partners_note,
            self.partners,
            create,
        )

    def _earlier(self) -> None:
        """The earlier classes of the chosen game, offered as partners (none chosen at first)."""
        _ = self.t.gettext
        assert self.classes is not None
        try:
            earlier = self.classes.earlier_classes(self.preset.value)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            earlier = []
        self.partners.options = [
            (
                _(
                    "class {class_id} of {date}: {choices}",
                    class_id=c.class_id,
                    date=c.created.date().isoformat(),
                    choices=self.t.ngettext(
                        "{n} stored choice", "{n} stored choices", c.choices, n=c.choices
                    ),
                ),
                c.class_id,
            )
            for c in earlier
        ]
        self.partners.layout.display = "" if earlier else "none"
        note = (
            _(
                "Partners from earlier classes of this game (optional): a student with no "
                "partner in a round plays against a stored choice of the classes chosen here "
                "(Ctrl or ⌘ to choose several)."
            )
            if earlier
            else _("No earlier class of this game has stored choices yet.")
        )
        self.partners_note.value = f"<p>{esc(note)}</p>"

    def create(self) -> None:
        assert self.classes is not None
        try:
            new = self.classes.create(
                self.preset.value,
                int(self.rounds.value),
                self.matching.value,
                partners_from=list(self.partners.value),
            )
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        self.class_id, self.host_token = new.class_id, new.host_token
        self.join_token, self.code = new.join_token, new.code
        self._build()
