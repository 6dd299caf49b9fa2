"""The shared screen's report of the last resolution, for everyone at the table."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.report import Report as AfricaReport
from tabletop.games.africa1880.report_text import format_report
from tabletop.games.massai.actions import Setup
from tabletop.games.massai.board import square_name
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.reports import Report
from tabletop.ui.africa1880.map import AfricaMapView, build_map_model, changes_from_report
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.africa1880.session import replay
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.read_aloud import ReadAloud

__all__ = ["ReportView", "massai_board_html", "massai_report_html", "revealed_reports"]

HUT = ("⌂", "▲")


class ReportView(widgets.HBox):
    """The last resolution for everyone: its text, and (Africa) the map after it, side by side
    where the screen has room.

    Built once; each resolution changes the text's value and redraws the map on its canvas, so
    the screen shows the new report as soon as the messages arrive (new widgets took the
    browser seconds: the new round's heading stood over the old report meanwhile).
    """

    def __init__(self) -> None:
        super().__init__(layout={"flex_flow": "row wrap", "align_items": "flex-start"})
        self.add_class("tt-table-report")
        self.text = widgets.HTML()
        self.text.add_class("tt-table-report-text")
        self.text.layout.flex = "1 1 24em"
        #: The report read aloud when a resolution arrives (the switch is off at first).
        self.read_aloud = ReadAloud()
        self.read_aloud.layout.flex = "1 1 100%"
        self.map_view: AfricaMapView | None = None
        self.children: tuple[widgets.Widget, ...] = (self.read_aloud, self.text)

    def show_africa(self, game: Game, lang: str, nothing: str) -> AfricaReport | None:
        """The last round's full report and the map after it (``nothing`` before a round);
        returns that report (None before a round)."""
        assert game.board is not None
        report = replay(game, game.board, len(game.history) - 1)
        model = build_map_model(
            game.board, load_geometry(game.board), game.state, changes_from_report(report), lang
        )
        self.text.value = (
            report_html(report, lang, "power", game.board)
            if report is not None
            else f"<p>{esc(nothing)}</p>"
        )
        self.speak(
            format_report(report, lang, "power", game.board) if report is not None else nothing,
            lang,
        )
        if self.map_view is None:
            self.map_view = AfricaMapView(model)
            self.children = (self.read_aloud, self.text, self.map_view)
        else:
            self.map_view.set_model(model)
        return report

    def show_massai(self, record: GameRecord, lang: str) -> None:
        """The secrets revealed by the last resolution and the board after them."""
        self.text.value = massai_report_html(record, lang)
        self.speak("\n".join(r.text(lang) for r in revealed_reports(record)), lang)

    def speak(self, words: str, lang: str) -> None:
        """Hand the report's words to the read-aloud switch (spoken while it is on)."""
        if self.read_aloud.lang != lang:
            self.read_aloud.relabel(lang)
        self.read_aloud.say(words)


def massai_board_html(record: GameRecord) -> str:
    """The board as a table of squares (row 1, Player 1's bank, at the bottom)."""
    state = record.state
    rows = []
    for row in reversed(range(state.board.rows)):
        cells = []
        for column in range(state.board.columns):
            square = square_name(column, row)
            owner = state.owner(square)
            mark = HUT[owner] if owner is not None else ""
            cells.append(
                f'<td title="{square}" style="width:2.2em;height:2.2em;text-align:center;'
                f'border:1px solid #8d6e3f;background:#ecd9a8;font-size:22px">{mark}</td>'
            )
        rows.append(f"<tr><th>{row + 1}</th>{''.join(cells)}</tr>")
    return (
        f'<table class="tt-massai-board" style="border-collapse:collapse">{"".join(rows)}</table>'
    )


def revealed_reports(record: GameRecord) -> list[Report]:
    """The reports of the secrets the last resolution revealed: both setups, or the last
    action."""
    reports = list(record.reports)
    if len(reports) >= 2 and all(isinstance(r.action, Setup) for r in reports[-2:]):
        return reports[-2:]  # both setups, revealed together
    return reports[-1:]


def massai_report_html(record: GameRecord, lang: str) -> str:
    """The secrets revealed by the last resolution (both setups, or an attack with its guards)
    and the board after them."""
    _ = tr(lang).gettext
    lines = "".join(f"<li>{esc(r.text(lang))}</li>" for r in revealed_reports(record))
    parts = []
    if lines:
        title = esc(_("Revealed"))
        parts.append(f'<h2>{title}</h2><ul class="tt-revealed">{lines}</ul>')
    parts.append(massai_board_html(record))
    return "".join(parts)
