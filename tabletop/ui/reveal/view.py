"""The reveal page: a large map and the step in large type, for a projector or a TV.

Next / back / auto-play buttons, and the keyboard once the map has the focus (a click on it, or
the page gives it at start): right arrow, space, Page Down or Enter go on (a presenter's clicker
sends Page Down / Page Up), left arrow and Page Up go back, Home and End jump to the first and
last step, ``p`` starts or stops auto-play. The steps come from :mod:`tabletop.ui.reveal.steps`;
this module only draws them.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import Canvas, hold_canvas  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board, Geometry, load_geometry
from tabletop.games.africa1880.state import POWER_ORDER, power_name
from tabletop.i18n import translator
from tabletop.ui.reveal.steps import RevealStep
from tabletop.ui.shell.html import esc

#: The map canvas, in pixels: sized for a 1920 x 1080 screen beside the text panel.
MAP_WIDTH, MAP_HEIGHT = 1000, 960
#: Seconds between steps in auto-play.
AUTO_SECONDS = 4.0

POWER_COLOURS = {
    "Belgium": "#d4a017",
    "France": "#1f4fa8",
    "Germany": "#333333",
    "Great Britain": "#c0262d",
    "Italy": "#2e8b3a",
    "Netherlands": "#e86f00",
}
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
"""


class _Layout:
    """Where each territory is drawn: the board's drawing scaled to the canvas, or, for a board
    without one, the territories' names on an ellipse."""

    def __init__(self, board: Board, geometry: Geometry | None) -> None:
        self.board = board
        self.geometry = geometry
        if geometry is not None:
            self.scale = min(MAP_WIDTH / geometry.width, MAP_HEIGHT / geometry.height)
            self.width = math.ceil(geometry.width * self.scale)
            self.labels = {name: self.point(*geometry.labels[name]) for name in geometry.labels}
        else:
            self.scale = 1.0
            self.width = MAP_WIDTH
            names = sorted(board.names)
            self.labels = {
                name: (
                    MAP_WIDTH / 2 + 0.42 * MAP_WIDTH * math.cos(2 * math.pi * i / len(names)),
                    MAP_HEIGHT / 2 + 0.42 * MAP_HEIGHT * math.sin(2 * math.pi * i / len(names)),
                )
                for i, name in enumerate(names)
            }

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, y * self.scale

    def rings(self, name: str) -> list[list[tuple[float, float]]]:
        if self.geometry is None:
            return []
        return [[self.point(x, y) for x, y in ring] for ring in self.geometry.polygons[name]]


def draw_step(canvas: Any, layout: _Layout, step: RevealStep, lang: str) -> None:
    """Draw the map as ``step`` shows it (everything redrawn from the step, so a page that
    reconnects shows the same)."""
    marks = step.marks
    board = layout.board
    occupancy: dict[str, list[str]] = {}
    for power in sorted(marks.presences, key=lambda p: POWER_ORDER.get(p, 99)):
        for territory in marks.presences[power]:
            occupancy.setdefault(territory, []).append(power)
    with hold_canvas():
        canvas.clear()
        canvas.fill_style = "#cfe3f2"
        canvas.fill_rect(0, 0, layout.width, MAP_HEIGHT)
        for name in board.names:
            highlighted = name in marks.highlight
            if name in marks.colonies:
                fill = "#e9d7a8"
            else:
                fill = "#f6efdf"
            if highlighted:
                fill = "#ffd84d"
            canvas.fill_style = fill
            canvas.stroke_style = "#7a6a50"
            canvas.line_width = 1.5
            rings = layout.rings(name)
            for ring in rings:
                canvas.fill_polygon(ring)
                canvas.stroke_polygon(ring)
            if not rings:  # a board without drawing: a box around the name
                x, y = layout.labels[name]
                canvas.fill_rect(x - 60, y - 28, 120, 56)
                canvas.stroke_rect(x - 60, y - 28, 120, 56)
        for name in board.names:
            if name in marks.highlight:
                canvas.stroke_style = "#c62828"
                canvas.line_width = 6
                for ring in layout.rings(name):
                    canvas.stroke_polygon(ring)
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        for name in board.names:
            x, y = layout.labels[name]
            big = name in marks.highlight
            canvas.font = f"{'bold ' if big else ''}{22 if big else 14}px sans-serif"
            canvas.fill_style = "#222"
            label = board.display_name(name, lang)
            if name in marks.colonies:
                label = "★ " + label
            canvas.fill_text(label, x, y - 17)
            pins, spaces = marks.development.get(name, 0), board.territories[name].spaces
            canvas.font = "13px sans-serif"
            canvas.fill_style = "#555"
            canvas.fill_text("■" * pins + "□" * max(0, spaces - pins), x, y + 26)
            powers = occupancy.get(name, [])
            r = 12 if big else 9
            start = x - (len(powers) - 1) * (r * 2 + 3) / 2
            for i, power in enumerate(powers):
                cx, cy = start + i * (r * 2 + 3), y + 4
                canvas.fill_style = POWER_COLOURS.get(power, "#888")
                canvas.fill_circle(cx, cy, r)
                canvas.stroke_style = "#fff"
                canvas.line_width = 1.5
                canvas.stroke_circle(cx, cy, r)
                if (power, name) in marks.removed:
                    canvas.stroke_style = "#c62828"
                    canvas.line_width = 4
                    canvas.stroke_line(cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3)
                    canvas.stroke_line(cx - r - 3, cy + r + 3, cx + r + 3, cy - r - 3)


def _legend(steps: Sequence[RevealStep], lang: str) -> str:
    """The powers' colours (the map's discs) and what the marks mean."""
    tr = translator(lang)
    powers = sorted(
        {p for step in steps for p in step.marks.presences}, key=lambda p: POWER_ORDER.get(p, 99)
    )
    items = "".join(
        f'<span class="tt-reveal-power"><span class="tt-reveal-dot" '
        f'style="background:{POWER_COLOURS.get(p, "#888")}"></span>'
        f"{esc(power_name(p, lang))}</span>"
        for p in powers
    )
    marks = esc(tr.gettext("✕ removed · ★ colony · ■ pin · □ free space"))
    return f"<div>{items}</div><div>{marks}</div>"


class RevealView:
    """The page: the map on the left, the step on the right, the buttons below.

    ``go(index)``, ``next()``, ``back()`` and ``key(name)`` are what the buttons and the keyboard
    call; tests call them directly too.
    """

    def __init__(self, steps: Sequence[RevealStep], board: Board, lang: str = "en") -> None:
        if not steps:
            raise ValueError("nothing to reveal")
        self.steps = list(steps)
        self.lang = lang
        self.index = 0
        tr = translator(lang)
        self.layout = _Layout(board, load_geometry(board))
        self.canvas = Canvas(width=self.layout.width, height=MAP_HEIGHT)
        self.canvas.layout.width = f"{self.layout.width}px"
        self.canvas.layout.height = f"{MAP_HEIGHT}px"
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
        legend = widgets.HTML(_legend(steps, lang))
        legend.add_class("tt-reveal-legend")
        panel = widgets.VBox(
            [
                self.count,
                self.text,
                widgets.HBox([self.back_button, self.next_button, self.auto_button]),
                legend,
                help_text,
            ],
            layout=widgets.Layout(flex="1 1 auto", min_width="0"),
        )
        panel.add_class("tt-reveal-panel")
        self.root = widgets.HBox(
            [widgets.HTML(f"<style>{CSS}</style>"), self.canvas, panel],
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
        items = "".join(f"<li>{esc(line)}</li>" for line in step.lines)
        self.text.value = (
            f'<div class="tt-reveal-step tt-reveal-kind-{esc(step.kind)}">'
            f'<div class="tt-reveal-title">{esc(step.title)}</div>'
            f'<ul class="tt-reveal-lines">{items}</ul></div>'
        )
        self.count.value = esc(
            tr.gettext(
                "{year} · step {n} of {count}",
                year=step.year,
                n=self.index + 1,
                count=len(self.steps),
            )
        )
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self._draw()

    def _on_client_ready(self) -> None:
        self.client_ready = True
        self._draw()

    def _draw(self) -> None:
        if self.client_ready:
            draw_step(self.canvas, self.layout, self.step, self.lang)
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
