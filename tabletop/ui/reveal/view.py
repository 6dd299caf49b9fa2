"""The reveal page: a large board and the step in large type, for a projector or a TV.

Next / back / auto-play buttons, and the keyboard once the map has the focus (a click on it, or
the page gives it at start): right arrow, space, Page Down or Enter go on (a presenter's clicker
sends Page Down / Page Up), left arrow and Page Up go back, Home and End jump to the first and
last step, ``p`` starts or stops auto-play. The steps come from :mod:`tabletop.ui.reveal.steps`;
this module only draws them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import Canvas  # type: ignore[import-untyped]

from tabletop.i18n import translator
from tabletop.ui.africa1880.instruction_style import INSTRUCTION_CSS, meaning_classes
from tabletop.ui.africa1880.map.text_view import MapTextView
from tabletop.ui.reveal.africa_map import AfricaMap
from tabletop.ui.reveal.steps import RevealStep
from tabletop.ui.shell.canvas_keys import CanvasKeys
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.read_aloud import ReadAloud

#: Seconds between steps in auto-play.
AUTO_SECONDS = 4.0

NEXT_KEYS = frozenset({"ArrowRight", "ArrowDown", " ", "Spacebar", "PageDown", "Enter"})
BACK_KEYS = frozenset({"ArrowLeft", "ArrowUp", "PageUp", "Backspace"})

CSS = """
.tt-reveal { font-size: 22px; }
.tt-reveal .tt-reveal-panel { padding: 0 24px; }
.tt-reveal .tt-reveal-title { font-size: 46px; font-weight: bold; line-height: 1.15;
  margin: 8px 0 18px 0; }
.tt-reveal .tt-reveal-lines { font-size: 30px; line-height: 1.35; }
.tt-reveal .tt-reveal-lines li { margin-bottom: 12px; }
.tt-reveal .tt-reveal-count { font-size: 22px; color: #555; }
.tt-reveal .tt-reveal-help { font-size: 17px; color: #666; }
.tt-reveal canvas:focus { outline: 4px solid #f2b600; }
.tt-reveal .jupyter-button { font-size: 22px; min-height: 46px; }
.tt-reveal .tt-reveal-legend { font-size: 20px; margin: 14px 0 6px 0; }
.tt-reveal .tt-reveal-power { margin-right: 18px; white-space: nowrap; }
.tt-reveal .tt-reveal-dot { display: inline-block; width: 16px; height: 16px; border-radius: 50%;
  margin-right: 6px; vertical-align: -2px; }
.tt-reveal { flex-wrap: wrap; max-width: 100%; }
.tt-reveal .tt-reveal-panel .widget-hbox { flex-wrap: wrap; }
/* A phone or a narrow window: the map at the page's width, the step under it. */
@media (max-width: 900px) {
  .tt-reveal canvas.tt-reveal-map { min-width: 0 !important; width: 100% !important;
    max-width: 100%; height: auto !important; flex: 1 1 100% !important; }
  .tt-reveal .tt-reveal-panel { padding: 0 4px; flex: 1 1 100% !important; }
  .tt-reveal .tt-reveal-title { font-size: 28px; }
  .tt-reveal .tt-reveal-lines { font-size: 20px; padding-left: 20px; }
  .tt-reveal .tt-reveal-legend { font-size: 17px; }
  .tt-reveal .tt-reveal-power { white-space: normal; }
}
"""


class Drawer(Protocol):
    """What draws a game's steps: the canvas size, the drawing, and the legend beside it."""

    width: int
    height: int

    def draw(self, canvas: Any, step: RevealStep, lang: str) -> None: ...

    def legend(self, steps: Sequence[RevealStep], lang: str) -> str: ...


class RevealView:
    """The page: the map on the left, the step on the right, the buttons below.

    ``go(index)``, ``next()``, ``back()`` and ``key(name)`` are what the buttons and the keyboard
    call; tests call them directly too.
    """

    def __init__(self, steps: Sequence[RevealStep], drawer: Drawer, lang: str = "en") -> None:
        if not steps:
            raise ValueError("nothing to reveal")
        self.steps = list(steps)
        self.lang = lang
        self.index = 0
        tr = translator(lang)
        self.drawer = drawer
        self.canvas = Canvas(width=drawer.width, height=drawer.height)
        self.canvas.layout.width = f"{drawer.width}px"
        self.canvas.layout.height = f"{drawer.height}px"
        # The board keeps its size (and its squares square); the text panel takes the rest.
        self.canvas.layout.min_width = f"{drawer.width}px"
        self.canvas.layout.flex = "0 0 auto"
        self.canvas.add_class("tt-reveal-map")
        self.canvas.on_key_down(self._on_key)
        # Drawing sent before a page shows the canvas is lost (and breaks the page's canvas
        # while Voila executes the notebook): the map is drawn once a page says it is ready.
        self.client_ready = False
        self.draw_count = 0
        self.canvas.on_client_ready(self._on_client_ready)
        self.text = widgets.HTML()
        self.text.add_class("tt-reveal-text")
        self.count = widgets.HTML()
        self.count.add_class("tt-reveal-count")
        self.back_button = widgets.Button(description="◀ " + tr.gettext("Back"))
        self.back_button.add_class("tt-reveal-back")
        self.next_button = widgets.Button(description=tr.gettext("Next") + " ▶")
        self.next_button.add_class("tt-reveal-next")
        self.auto_button = widgets.ToggleButton(description=tr.gettext("Auto-play"))
        self.auto_button.add_class("tt-reveal-auto")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.auto_button.observe(lambda change: self._auto(change["new"]), names="value")
        help_text = widgets.HTML(
            '<div class="tt-reveal-help">'
            + esc(
                tr.gettext(
                    "Keyboard (click the map first): → or space: next; ←: back; "
                    "Home / End: first / last; P: auto-play."
                )
            )
            + "</div>"
        )
        #: Each step read aloud in the page's language, when the switch is on.
        self.read_aloud = ReadAloud(lang, "tt-reveal-read-aloud")
        legend = widgets.HTML(drawer.legend(steps, lang))
        legend.add_class("tt-reveal-legend")
        #: The Africa map as a table, for a screen reader (the canvas is closed to it): the
        #: shared map's text view, told each step's model (Massai's board has none).
        self.text_view = MapTextView() if isinstance(drawer, AfricaMap) else None
        panel = widgets.VBox(
            [
                self.count,
                self.text,
                widgets.HBox([self.back_button, self.next_button, self.auto_button]),
                self.read_aloud,
                legend,
                *([self.text_view] if self.text_view is not None else []),
                help_text,
            ],
            layout=widgets.Layout(flex="1 1 auto", min_width="0"),
        )
        panel.add_class("tt-reveal-panel")
        self.root = widgets.HBox(
            [
                widgets.HTML(f"<style>{CSS}{INSTRUCTION_CSS}</style>"),
                CanvasKeys(),
                self.canvas,
                panel,
            ],
            layout=widgets.Layout(align_items="flex-start"),
        )
        self.root.add_class("tt-app")
        self.root.add_class("tt-reveal")
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()
        self.show()

    @property
    def step(self) -> RevealStep:
        return self.steps[self.index]

    def show(self) -> None:
        """Draw the current step: map, title, lines, counter, and the buttons' state."""
        step = self.step
        tr = translator(self.lang)
        # Each line styled by its meaning, as on the Africa page's report (a warning: ⚠, red).
        items = "".join(
            f'<li class="{meaning_classes(step.meaning(i))}">{esc(line)}</li>'
            for i, line in enumerate(step.lines)
        )
        self.text.value = (
            f'<div class="tt-reveal-step tt-reveal-kind-{esc(step.kind)}">'
            f'<div class="tt-reveal-title">{esc(step.title)}</div>'
            f'<ul class="tt-reveal-lines">{items}</ul></div>'
        )
        self.count.value = esc(
            tr.gettext(
                "{year} · step {n} of {count}",
                year=step.label or step.year,
                n=self.index + 1,
                count=len(self.steps),
            )
        )
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.read_aloud.say(step.spoken())
        if self.text_view is not None and isinstance(self.drawer, AfricaMap):
            self.text_view.show(self.drawer.map_model(step, self.lang))
        self._draw()

    def _on_client_ready(self) -> None:
        self.client_ready = True
        self._draw()

    def _draw(self) -> None:
        if self.client_ready:
            self.drawer.draw(self.canvas, self.step, self.lang)
            self.draw_count += 1

    def go(self, index: int) -> None:
        with self._lock:
            index = max(0, min(len(self.steps) - 1, index))
            if index == self.index:
                return
            self.index = index
            self.show()

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def key(self, name: str) -> None:
        """What a key does (the names are those of the browser's ``KeyboardEvent.key``)."""
        if name in NEXT_KEYS:
            self.next()
        elif name in BACK_KEYS:
            self.back()
        elif name == "Home":
            self.go(0)
        elif name == "End":
            self.go(len(self.steps) - 1)
        elif name in ("p", "P"):
            self.auto_button.value = not self.auto_button.value

    def _on_key(self, key: str, *_modifiers: Any) -> None:
        self.key(key)

    # ------------------------------------------------------------------ auto-play
    def _auto(self, on: bool) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if on:
            self._schedule()

    def _schedule(self) -> None:
        self._timer = threading.Timer(AUTO_SECONDS, self._tick)
        self._timer.daemon = True
        self._timer.start()

    def _tick(self) -> None:
        if self.index >= len(self.steps) - 1:
            self.auto_button.value = False  # the end: auto-play stops by itself
            return
        self.next()
        if self.auto_button.value:
            self._schedule()
