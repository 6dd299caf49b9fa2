"""How the reveal draws a Massai step: the board large, the target in yellow, the guards as
shields, removed huts crossed out, a hut placed on the target ringed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ipycanvas import hold_canvas  # type: ignore[import-untyped]

from tabletop.games.massai.reports import player_name
from tabletop.i18n import translator
from tabletop.ui.reveal.massai_steps import BoardMarks
from tabletop.ui.reveal.steps import RevealStep
from tabletop.ui.shell.html import esc

HUT_COLOURS = ("#f4f1e8", "#3b2a1a")  # Player 1's light huts, Player 2's dark huts
CELL = 110
MARGIN = 40


class MassaiBoard:
    """The board of ``columns`` x ``rows`` squares, row 1 at the bottom (Player 1's bank)."""

    def __init__(self, columns: int = 8, rows: int = 6) -> None:
        self.columns, self.rows = columns, rows
        self.width = MARGIN * 2 + CELL * columns
        self.height = MARGIN * 2 + CELL * rows

    def origin(self, square: str) -> tuple[float, float]:
        column = ord(square[0]) - ord("a")
        row = int(square[1:])
        return MARGIN + column * CELL, MARGIN + (self.rows - row) * CELL

    def draw(self, canvas: Any, step: RevealStep, lang: str) -> None:
        marks = step.marks
        assert isinstance(marks, BoardMarks)
        with hold_canvas():
            canvas.clear()
            canvas.fill_style = "#e9dcc0"
            canvas.fill_rect(0, 0, self.width, self.height)
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            for column in range(self.columns):
                for row in range(1, self.rows + 1):
                    square = f"{chr(ord('a') + column)}{row}"
                    x, y = self.origin(square)
                    canvas.fill_style = "#ffd84d" if square == marks.target else "#d9c39a"
                    canvas.fill_rect(x + 2, y + 2, CELL - 4, CELL - 4)
                    canvas.font = "14px sans-serif"
                    canvas.fill_style = "#7a6a50"
                    canvas.fill_text(square, x + 18, y + 14)
                    self._hut(canvas, marks, square, x + CELL / 2, y + CELL / 2)
            canvas.font = "bold 20px sans-serif"
            canvas.fill_style = "#333"
            for column in range(self.columns):
                x = MARGIN + column * CELL + CELL / 2
                canvas.fill_text(chr(ord("a") + column), x, MARGIN / 2)
                canvas.fill_text(chr(ord("a") + column), x, self.height - MARGIN / 2)
            for row in range(1, self.rows + 1):
                y = MARGIN + (self.rows - row) * CELL + CELL / 2
                canvas.fill_text(str(row), MARGIN / 2, y)
                canvas.fill_text(str(row), self.width - MARGIN / 2, y)

    def _hut(self, canvas: Any, marks: BoardMarks, square: str, cx: float, cy: float) -> None:
        owner = next((p for p in (0, 1) if square in marks.huts[p]), None)
        if owner is not None:
            canvas.fill_style = HUT_COLOURS[owner]
            canvas.fill_circle(cx, cy, CELL * 0.3)
            canvas.stroke_style = "#222"
            canvas.line_width = 3
            canvas.stroke_circle(cx, cy, CELL * 0.3)
        if square in marks.guards:
            canvas.stroke_style = "#1f4fa8"
            canvas.line_width = 7
            canvas.stroke_rect(cx - CELL * 0.4, cy - CELL * 0.4, CELL * 0.8, CELL * 0.8)
        for player, hut in marks.placed:
            if hut == square:
                canvas.fill_style = HUT_COLOURS[player]
                canvas.fill_circle(cx, cy, CELL * 0.2)
                canvas.stroke_style = "#2e8b3a"
                canvas.line_width = 6
                canvas.stroke_circle(cx, cy, CELL * 0.38)
        if owner is not None and (owner, square) in marks.removed:
            canvas.stroke_style = "#c62828"
            canvas.line_width = 9
            r = CELL * 0.36
            canvas.stroke_line(cx - r, cy - r, cx + r, cy + r)
            canvas.stroke_line(cx - r, cy + r, cx + r, cy - r)

    def legend(self, steps: Sequence[RevealStep], lang: str) -> str:
        tr = translator(lang)
        return esc(
            tr.gettext(
                "Light huts: {first}; dark huts: {second}. Yellow: the target; blue square: a "
                "guard; ✕: removed; green ring: the attacker's new hut.",
                first=player_name(0, lang),
                second=player_name(1, lang),
            )
        )
