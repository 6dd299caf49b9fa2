"""``Menu``: a drop-down menu that sends the kernel the *value* chosen (``menu.js``).

ipywidgets' ``Dropdown`` sends the place of the chosen entry in its list, and the kernel reads
that place against the list it has at that moment. A sheet's menus change their lists as the
sheet changes (the landing menu leaves out the targets of the sheet's own explorations), so a
choice made while the kernel was still busy with an earlier change was read against the newer
list: the entry that had moved into that place was taken. This menu reads the place in the page,
against the list the person saw, and sends that entry's value. A value the kernel's list no
longer holds is still the person's choice: it is taken as chosen (the sheet then shows it
marked, with the reason in its checks).

Same classes and structure as the ``Dropdown`` (``widget-dropdown``: a ``label`` for the
description, a ``select``), so the pages' styles, the order keys and screen readers find it as
before.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["Menu"]

_HERE = Path(__file__).resolve().parent


class Menu(anywidget.AnyWidget):  # type: ignore[misc]
    """``options`` are (label, value) pairs; ``value`` is the chosen one's value."""

    _esm = (_HERE / "menu.js").read_text(encoding="utf-8")

    options = traitlets.List(traitlets.Tuple(traitlets.Unicode(), traitlets.Unicode())).tag(
        sync=True
    )
    value = traitlets.Unicode("").tag(sync=True)
    #: The menu's name, shown beside it and read by screen readers (its ``label``).
    description = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self, options: Iterable[tuple[str, str]] = (), value: str = "", **kwargs: Any
    ) -> None:
        super().__init__(options=list(options), value=value, **kwargs)

    def offer(self, options: Iterable[tuple[str, str]], value: str) -> None:
        """New ``options`` and ``value`` in one message to the page, each only when it changed:
        the page draws the menu once, never the new options with the old value."""
        listed = list(options)
        with self.hold_sync():
            if list(self.options) != listed:
                self.options = listed
            if self.value != value:
                self.value = value

    @property
    def label(self) -> str:
        """The label of the chosen value ("" when no option has it)."""
        return next((label for label, value in self.options if value == self.value), "")
