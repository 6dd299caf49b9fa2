"""Text fields that refuse over-long input at once, in the kernel: a value longer than the
field's limit (or, for a one-line field, holding a line break) is put back to the last value
that fitted, and a one-line message beside the field says why. Nothing typed before is lost.

The limit is checked where the value arrives (the kernel), whatever the browser sends: a paste
of a whole book into a name field costs one comparison and is not kept anywhere. The browser
checks it first (:mod:`tabletop.ui.shell.input_limit`): such a paste is refused there, with a
message beside the field, and never sent.

>>> import ipywidgets as widgets
>>> field = bounded(widgets.Text(value="Ana"), 5)
>>> field.field.value = "Anastasia"
>>> field.field.value, field.refused
('Ana', True)
>>> "5" in field.note.value
True
>>> field.field.value = "Anna"
>>> field.field.value, field.refused, field.note.value
('Anna', False, '')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n.messages import N_, NN_
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.input_limit import limit_field

__all__ = [
    "ADDRESS_LIMIT",
    "CODE_LIMIT",
    "GAME_NAME_LIMIT",
    "NUMBER_LIMIT",
    "BoundedField",
    "bounded",
]

#: A game's or a board's name (the store keeps at most 200 characters: ``clean_name``).
GAME_NAME_LIMIT = 200
#: A code or a token typed or pasted by hand (a code has 6 characters, a token 32).
CODE_LIMIT = 64
#: A table's or a class game's number.
NUMBER_LIMIT = 12
#: A web address typed by hand.
ADDRESS_LIMIT = 300

_TOO_LONG = NN_(
    "At most {n} character here: the text was put back as it was.",
    "At most {n} characters here: the text was put back as it was.",
    "n",
)
_ONE_LINE = N_("One line only here: the text was put back as it was.")


class BoundedField:
    """A ``widgets.Text`` or ``widgets.Textarea`` held to ``limit`` characters (and to one line
    when ``one_line``), with the message widget shown beside it (``box`` holds both).

    The page keeps using ``field`` as before (its ``value`` is always within the limit); it puts
    ``box`` where the field was. ``relabel(lang)`` shows the message in another language.
    """

    def __init__(
        self, field: Any, limit: int, lang: str = "en", one_line: bool | None = None
    ) -> None:
        self.field = field
        self.limit = int(limit)
        self.lang = lang
        self.one_line = not isinstance(field, widgets.Textarea) if one_line is None else one_line
        self.note = widgets.HTML()
        self.note.add_class("tt-field-note")
        self.refused = False
        self.problem: Any = None
        start = str(field.value or "")
        self.good = start if self.fits(start) else ""
        if start != self.good:
            field.value = self.good
        field.observe(self._changed, names="value")
        self.box = widgets.VBox([field, self.note])
        self.box.add_class("tt-bounded-field")
        # The browser refuses an over-long insertion before sending it (input_limit.js).
        self.browser_limit = limit_field(self.box, self.limit, lang)
        self.box.children = (field, self.note, self.browser_limit)

    def fits(self, value: str) -> bool:
        """Whether ``value`` may stay in the field."""
        return len(value) <= self.limit and not (self.one_line and ("\n" in value or "\r" in value))

    def _changed(self, change: dict[str, Any]) -> None:
        value = str(change["new"] or "")
        if self.fits(value):
            self.good = value
            if self.refused:
                self.refused = False
                self.problem = None
                self.note.value = ""
            return
        # Put back first (that call comes here again with a good value), then say why.
        self.field.value = self.good
        self.refused = True
        self.problem = _ONE_LINE if len(value) <= self.limit else _TOO_LONG
        self._show()

    def _show(self) -> None:
        if self.problem is None:
            self.note.value = ""
            return
        said = self.problem.render(self.lang, n=self.limit)
        self.note.value = f'<span class="tt-msg-error">{esc(said)}</span>'

    def relabel(self, lang: str) -> None:
        """The message (if one is shown) in ``lang``."""
        self.lang = lang
        self.browser_limit.relabel(lang)
        self._show()


def bounded(field: Any, limit: int, lang: str = "en", one_line: bool | None = None) -> BoundedField:
    """Hold ``field`` to ``limit`` characters (see :class:`BoundedField`)."""
    return BoundedField(field, limit, lang, one_line)
