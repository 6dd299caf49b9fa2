"""The round's report as HTML, from the core: the table instructions in table order, then the
void orders.

Each instruction is the core's :func:`~tabletop.games.africa1880.report.instruction_text` (the
same line as the command line's report), under the core's grouping
(:func:`~tabletop.games.africa1880.report.instruction_groups`): step by step (place, pins,
colonies, remove) or territory by territory. A presence that arrived and is removed at once is
one "do not place" line, never a place and a remove. Each line is styled by its meaning
(:mod:`tabletop.ui.africa1880.instruction_style`, as on the reveal): a place, pins or a colony as
an action, a "do not place" or a "remove" as a warning.
"""

from __future__ import annotations

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.instructions import GroupBy, Step, instruction_groups
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.report_text import instruction_text, void_orders_for_reading
from tabletop.ui.africa1880.html import power_html
from tabletop.ui.africa1880.instruction_style import INSTRUCTION_CSS, meaning_classes
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc, html_table

_STEP_MARK = {Step.PLACE: "✚", Step.PINS: "▪", Step.COLONIES: "★", Step.REMOVE: "✕"}
_STEP_TITLE = {
    Step.PLACE: "place",
    Step.PINS: "pins",
    Step.COLONIES: "colonies_founded",
    Step.REMOVE: "remove",
}


def instruction_lines(
    report: Report, lang: str, group_by: GroupBy | str = "power", board: Board | None = None
) -> list[str]:
    """The instruction lines the page lists, in its order (the core's texts; territories under
    ``board``'s names in ``lang``)."""
    return [
        instruction_text(item, lang, board)
        for group in instruction_groups(report, group_by)
        for item in group.instructions
    ]


def report_html(
    report: Report | None,
    lang: str,
    group_by: GroupBy | str = "power",
    board: Board | None = None,
) -> str:
    """The round's table instructions grouped by step (``"power"``) or by ``"territory"``,
    then the void orders; territories under ``board``'s names in ``lang``."""
    if report is None:
        return f"<p>{esc(t('no_report', lang))}</p>"
    group_by = GroupBy(group_by)
    parts = [f"<h2>{esc(t('report_title', lang, year=report.year))}</h2>"]
    groups = instruction_groups(report, group_by)
    for group in groups:
        if isinstance(group.heading, Step):
            title = t(_STEP_TITLE[group.heading], lang)
            head = f"{_STEP_MARK[group.heading]} {esc(title)} ({len(group.instructions)})"
            parts.append(f'<h3 class="tt-step tt-step-{group.heading}">{head}</h3>')
        else:
            name = group.heading
            if board is not None and name in board:
                name = board.display_name(name, lang)
            parts.append(f'<h3 class="tt-territory-head">{esc(name)}</h3>')
        lines = "".join(
            f'<tr class="tt-instr tt-instr-{item.kind} tt-{_row_class(item.kind)} '
            f'{meaning_classes(item.kind.meaning)}">'
            f"<td>{esc(instruction_text(item, lang, board))}</td></tr>"
            for item in group.instructions
        )
        parts.append(f'<table class="tt-table tt-instructions">{lines}</table>')
    if not groups:
        parts.append(f"<p><i>{esc(t('nothing', lang))}</i></p>")
    voids = void_orders_for_reading(report.void_orders)
    parts.append(f"<h3>⚠ {esc(t('void_orders', lang))} ({len(voids)})</h3>")
    if voids:
        rows = [
            [
                power_html(v.power, lang) if v.power else "?",
                f"<code>{esc(v.order_text)}</code>",
                esc(v.text(lang)),
            ]
            for v in voids
        ]
        parts.append(
            html_table([t("col_power", lang), t("col_order", lang), t("col_reason", lang)], rows)
        )
    else:
        parts.append(f"<p><i>{esc(t('nothing', lang))}</i></p>")
    style = f"<style>{INSTRUCTION_CSS}</style>"
    return '<div class="tt-report">' + style + "".join(parts) + "</div>"


def _row_class(kind: str) -> str:
    # The row classes the browser tests already look for. A "do not place" is no place row: it
    # is a warning (its meaning's classes), not green like a placement.
    return {"place": "place-row", "remove": "remove-row"}.get(kind, "instr-row")
