"""The report in words, for the command line: instruction sentences, the void orders in reading
order, the whole report and the score table, in any language with a catalog.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.games.africa1880.orders import VoidOrder
from tabletop.games.africa1880.powers import POWER_ORDER, power_name
from tabletop.i18n import check_lang, format_list
from tabletop.i18n.keys import text

if TYPE_CHECKING:  # only for annotations; the state module does not need this one
    from tabletop.games.africa1880.board import Board

from tabletop.games.africa1880.instructions import GroupBy, Instruction, Step, instruction_groups
from tabletop.games.africa1880.report import SCORING_NOTE, Report, Score


def _territory(board: Board | None, territory: str, lang: str) -> str:
    if board is None or territory not in board:
        return territory
    return board.display_name(territory, lang)


def instruction_text(item: Instruction, lang: str = "en", board: Board | None = None) -> str:
    """One instruction as a line of the command-line report, in ``lang``.

    With ``board``, territories are shown under the board's names in ``lang`` (``Ägypten``);
    without, under their canonical names (those of the board file).

    >>> from tabletop.games.africa1880.instructions import InstructionKind
    >>> item = Instruction(InstructionKind.ADD_PINS, "Egypt", count=2, total=3, spaces=4)
    >>> instruction_text(item, "fr")
    'AJOUTER 2 PIONS sur Egypt (total 3/4)'
    """
    lang = check_lang(lang)
    powers = format_list((power_name(p, lang) for p in item.powers), lang)
    return text(
        "report",
        f"line_{item.kind}",
        lang,
        power=power_name(item.power, lang) if item.power else "",
        territory=_territory(board, item.territory, lang),
        how=text("report", str(item.by), lang) if item.by is not None else "",
        reason=item.reason(lang),
        count=item.count,
        total=item.total,
        spaces=item.spaces,
        powers=powers or text("report", "nobody", lang),
    )


def void_orders_for_reading(void_orders: Iterable[VoidOrder]) -> list[VoidOrder]:
    """Void orders as a person checks them: lines that belong to no power first, then power by
    power (alphabetical), each in the order of its typed lines.

    The adjudicator lists reading problems before execution problems; this order lets a person
    go down each sheet once.
    """
    return sorted(
        void_orders,
        key=lambda v: (
            -1 if v.power is None else POWER_ORDER.get(v.power, 99),
            v.line is None,
            v.line or 0,
        ),
    )


def _report_board(report: Report) -> Board | None:
    """The board of the report's game when it is a board of the package (a board file is
    given by the caller: its path is relative to the game file)."""
    from tabletop.games.africa1880.board_files import PACKAGE_BOARDS, load_board

    state = report.state
    if state is None or state.board not in PACKAGE_BOARDS:
        return None
    return load_board(state.board)


def format_report(
    report: Report,
    lang: str = "en",
    group_by: GroupBy | str = "power",
    board: Board | None = None,
) -> str:
    """Plain-words table instructions in table order (:func:`table_instructions`), then the
    void orders with their reasons, then what comes next.

    ``lang`` is any language with a catalog (``"en"``, ``"fr"``, ``"de"``); ``group_by`` is
    ``"power"`` (headings: the steps) or ``"territory"`` (headings: the territories). Territories
    are shown under ``board``'s names in ``lang`` (by default the board of the report's game when
    it is one of the package's).
    """
    lang = check_lang(lang)
    group_by = GroupBy(group_by)
    if board is None:
        board = _report_board(report)
    title = "title_territory" if group_by is GroupBy.TERRITORY else "title"
    lines = [text("report", title, lang, round=report.round, year=report.year), ""]
    groups = instruction_groups(report, group_by)
    for group in groups:
        if isinstance(group.heading, Step):
            lines.append(text("report", f"step_{group.heading}", lang))
        else:
            territory = _territory(board, group.heading, lang)
            lines.append(text("report", "territory", lang, territory=territory))
        lines.extend(f"  - {instruction_text(item, lang, board)}" for item in group.instructions)
        lines.append("")
    if not groups:
        lines.extend([text("report", "nothing", lang), ""])
    if report.void_orders:
        lines.append(text("report", "void", lang))
        for void in void_orders_for_reading(report.void_orders):
            who = power_name(void.power, lang) if void.power else "?"
            reason = void.text(lang, board)
            line = text(
                "report", "void_line", lang, power=who, order=void.order_text, reason=reason
            )
            lines.append(f"  - {line}")
        lines.append("")
    if report.game_over:
        lines.append(text("report", "over", lang))
    elif report.state is not None:
        lines.append(text("report", "next", lang, round=report.state.round, year=report.state.year))
    return "\n".join(lines).rstrip() + "\n"


def format_score(score: Score, lang: str = "en") -> str:
    """A small score table in plain words, with the note that scoring follows a summary."""
    lang = check_lang(lang)

    def col(key: str) -> str:
        return text("score", key, lang)

    rule = col("rule_points" if score.scoring == "points" else "rule_colonies")
    header = (
        f"{col('col_power'):<16}{col('col_points'):>7}{col('col_colonies'):>10}"
        f"{col('col_alone'):>7}{col('col_shared'):>10}"
        f"{col('col_alliances'):>11}{col('col_presences'):>11}"
    )
    lines = [rule, "", header]
    for p in score.powers:
        lines.append(
            f"{power_name(p.power, lang):<16}{p.points:>7}{p.colonies:>10}{p.colonies_alone:>7}"
            f"{p.colonies_shared:>10}{p.alliances:>11}{p.presences:>11}"
        )
    leaders = format_list((power_name(p, lang) for p in score.leaders), lang)
    lines += ["", text("score", "winner" if score.game_over else "leading", lang, leaders=leaders)]
    note = text("report", "scoring_note", lang) if score.note == SCORING_NOTE else score.note
    lines += ["", note]
    return "\n".join(lines) + "\n"
