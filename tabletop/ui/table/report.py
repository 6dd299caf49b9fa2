"""The shared screen's report of the last resolution, for everyone at the table."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.massai.actions import Setup
from tabletop.games.massai.board import square_name
from tabletop.games.massai.gamefile import GameRecord
from tabletop.ui.africa1880.map import AfricaMapView, build_map_model, changes_from_report
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.africa1880.session import replay
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc

__all__ = ["africa_report", "massai_board_html", "massai_report"]

HUT = ("⌂", "▲")


def africa_report(game: Game, lang: str) -> tuple[widgets.Widget, ...]:
    """The last round's full report and the map after it (nothing before the first round)."""
    assert game.board is not None
    report = replay(game, game.board, len(game.history) - 1)
    model = build_map_model(
        game.board, load_geometry(game.board), game.state, changes_from_report(report), lang
    )
    if report is None:
        return (AfricaMapView(model),)
    html = widgets.HTML(report_html(report, lang, "power", game.board))
    html.add_class("tt-table-report-text")
    return (html, AfricaMapView(model))


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


def massai_report(record: GameRecord, lang: str) -> tuple[widgets.Widget, ...]:
    """The secrets revealed by the last resolution (both setups, or an attack with its guards)
    and the board after them."""
    _ = tr(lang).gettext
    reports = list(record.reports)
    shown = reports[-1:]
    if len(reports) >= 2 and all(isinstance(r.action, Setup) for r in reports[-2:]):
        shown = reports[-2:]  # both setups, revealed together
    lines = "".join(f"<li>{esc(r.text(lang))}</li>" for r in shown)
    parts = []
    if lines:
        title = esc(_("Revealed"))
        parts.append(f'<h2>{title}</h2><ul class="tt-revealed">{lines}</ul>')
    parts.append(massai_board_html(record))
    html = widgets.HTML("".join(parts))
    html.add_class("tt-table-report-text")
    return (html,)
