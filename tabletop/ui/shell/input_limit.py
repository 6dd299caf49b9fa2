"""Text fields that refuse over-long input in the browser, before anything is sent: an
``anywidget`` (``input_limit.js``) put beside a field, inside the box that states the field's
limit with the class ``tt-limit-<n>`` (ipywidgets cannot set other attributes on a box).

The script listens on the document (``beforeinput``, ``paste``, ``drop``; one listener serves
every copy of the widget on the page): a typed character, a paste or a drop that would make a
text box or text area inside such a box longer than ``n`` characters is refused whole, so the
field keeps its text exactly and the kernel never receives the long text; the widget's own
polite live region then says why, in the page's language. The kernel's own check stays (a
browser can be bypassed): see :mod:`tabletop.ui.shell.bounded`.

>>> limit = InputLimit(200, "fr")
>>> limit_class(200), limit.limit, "200" in limit.message
('tt-limit-200', 200, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from tabletop.i18n.messages import NN_

__all__ = ["INPUT_LIMIT_TEXTS", "InputLimit", "limit_class", "limit_field"]

_HERE = Path(__file__).resolve().parent

INPUT_LIMIT_TEXTS = {
    "refused": NN_(
        "At most {n} character here: nothing was added, the text is as it was.",
        "At most {n} characters here: nothing was added, the text is as it was.",
        "n",
    ),
}


def limit_class(limit: int) -> str:
    """The class that states a box's limit to the script: ``tt-limit-<limit>``."""
    if int(limit) < 0:
        raise ValueError(f"a limit is a number of characters, not {limit!r}")
    return f"tt-limit-{int(limit)}"


class InputLimit(anywidget.AnyWidget):  # type: ignore[misc]
    """The refusal's message for one limited box (empty and flat until a refusal)."""

    _esm = (_HERE / "input_limit.js").read_text(encoding="utf-8")
    _css = (_HERE / "input_limit.css").read_text(encoding="utf-8")

    limit = traitlets.Int(0).tag(sync=True)
    #: The sentence shown when an insertion is refused, in the page's language.
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, limit: int, lang: str = "en") -> None:
        limit_class(limit)  # refuses a negative limit
        super().__init__(limit=int(limit))
        self.add_class("tt-input-limit")
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """The message in ``lang``."""
        self.message = INPUT_LIMIT_TEXTS["refused"].render(lang, n=self.limit)


def limit_field(box: Any, limit: int, lang: str = "en") -> InputLimit:
    """Mark ``box`` (the box holding a text field) with ``limit`` and return the widget the page
    puts inside ``box``, next to the field."""
    box.add_class(limit_class(limit))
    return InputLimit(limit, lang)
