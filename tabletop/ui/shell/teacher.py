"""The teacher-view toggle and the box where the analysis panel appears, for every dashboard.

The page gives a panel factory (``factory(*position, lang=lang)`` returns a widget with
``update(*position)``, ``set_lang(lang)`` and ``lang``), a function giving the position to
analyse, and its own text lookup (keys ``teacher_view``, ``teacher_failed`` and, with the hide
button, ``teacher_hide``). The panel is built the first time the view is shown (most tables
never open it), told about a new position only when the page said the position changed
(:meth:`TeacherView.mark_stale`), and follows the page's language. A failing panel never
breaks the game: the error is shown above the panel, which stays for the next change.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.shell.html import esc

PanelFactory = Callable[..., Any]


def installed(module: str) -> bool:
    """True when ``module`` (the analysis panels) can be imported, without importing it."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a missing parent package
        return False


class TeacherView:
    """A toggle for the page header and a box for below the page, showing one analysis panel."""

    def __init__(
        self,
        factory: PanelFactory | None,
        position: Callable[[], tuple[Any, ...]],
        text: Callable[[str, str], str],
        lang: Callable[[], str],
        css_prefix: str = "tt",
        hide_button: bool = False,
        note: Callable[[], str] | None = None,
        toggle_layout: widgets.Layout | None = None,
    ) -> None:
        self.factory = factory
        self.panel: Any = None
        self._position = position
        self._text = text
        self._lang = lang
        self._note_text = note
        self._stale = True
        self.toggle = widgets.ToggleButton(value=False, layout=toggle_layout or widgets.Layout())
        self.toggle.add_class(f"{css_prefix}-teacher-toggle")
        self.toggle.observe(self._on_toggle, names="value")
        if factory is None:
            self.toggle.layout.display = "none"
        self.error = widgets.HTML()
        self.error.add_class(f"{css_prefix}-teacher-error")
        self.note: widgets.HTML | None = None
        if note is not None:
            self.note = widgets.HTML()
            self.note.add_class(f"{css_prefix}-teacher-note")
        # A hide button where the view is shown: it opens below the page, far from the toggle.
        self.hide: widgets.Button | None = None
        if hide_button:
            self.hide = widgets.Button()
            self.hide.add_class(f"{css_prefix}-teacher-hide")
            self.hide.on_click(lambda _b: setattr(self.toggle, "value", False))
        self.box = widgets.VBox(self._fixed_children(), layout=widgets.Layout(display="none"))
        self.box.add_class(f"{css_prefix}-teacher")
        self.relabel()

    @property
    def shown(self) -> bool:
        """True while the view is switched on (and a panel can be made)."""
        return bool(self.toggle.value) and self.factory is not None

    def _fixed_children(self) -> tuple[widgets.Widget, ...]:
        return tuple(w for w in (self.hide, self.note, self.error) if w is not None)

    def relabel(self) -> None:
        """The toggle's and the hide button's words in the page language."""
        lang = self._lang()
        self.toggle.description = self._text("teacher_view", lang)
        if self.hide is not None:
            self.hide.description = "✕ " + self._text("teacher_hide", lang)

    def mark_stale(self) -> None:
        """The position changed: the panel is told at the next refresh."""
        self._stale = True

    def _on_toggle(self, _change: dict) -> None:
        shown = self.shown
        self.box.layout.display = None if shown else "none"
        if shown:
            self.refresh()
            # The view opens below the page, often out of sight: bring its top into view.
            if self.hide is not None:
                self.hide.focus()

    def refresh(self) -> None:
        """Give the panel the page's position (when stale) and language; build it if needed."""
        if not self.shown or self.factory is None:
            self._stale = True  # shown again later, the panel is told where the game is
            return
        lang = self._lang()
        self.relabel()
        if self.note is not None and self._note_text is not None:
            self.note.value = esc(self._note_text())
        try:
            if self.panel is None:
                self.panel = self.factory(*self._position(), lang=lang)
            else:
                # A panel hidden during a language switch catches up when shown again.
                if getattr(self.panel, "lang", lang) != lang:
                    self.panel.set_lang(lang)
                if self._stale:
                    self.panel.update(*self._position())
        except Exception as error:  # an optional panel must never break the game itself
            self.error.value = (
                f'<p class="tt-msg-error">{esc(self._text("teacher_failed", lang))} '
                f"{esc(error)}</p>"
            )
            self._stale = True
        else:
            self.error.value = ""
            self._stale = False
        panel = () if self.panel is None else (self.panel,)
        children = (*self._fixed_children(), *panel)
        if tuple(self.box.children) != children:
            self.box.children = children
