"""Teacher-view panels: the game theory of the current position, for a dashboard or a lesson.

``africa_analysis_panel(after, declared)`` and ``massai_analysis_panel(state)`` return widgets that
show payoff tables with best responses marked, the pure equilibria (Africa) or the optimal mixed
strategies and the value (Massai). Both have ``update(...)`` to show another position. The
computing is done by :mod:`tabletop.analysis`; the HTML builders here are pure functions so that
tests can read what a person sees.

Marks used in every payoff table: a payoff in **bold with a ▲/◀** is a best response of its player
to the other's choice; a cell on a green background is a pure Nash equilibrium.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from tabletop.analysis.africa_diplomacy import (
    PAYOFFS,
    AnalysisError,
    DiplomacyAnalysis,
    TerritoryTable,
    analyse,
)
from tabletop.analysis.massai_attack import EVALUATIONS, AttackGame, AttackGameError, attack_game
from tabletop.analysis.normal_form import Game
from tabletop.games.africa1880 import AfterOrders, Relations, execute_orders
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.games.massai import State as MassaiState
from tabletop.games.massai.board import square_name
from tabletop.ui.style import style_widget

CSS = """
.tt-analysis table.tt-payoff { border-collapse: collapse; margin: 4px 0 10px 0; }
.tt-analysis table.tt-payoff td, .tt-analysis table.tt-payoff th {
  border: 1px solid #999; padding: 6px 12px; text-align: center; font-size: 17px;
}
.tt-analysis table.tt-payoff th { background: #eee; }
.tt-analysis td.tt-nash { background: #c8f0cc; }
.tt-analysis .tt-best { font-weight: bold; color: #0d47a1; }
.tt-analysis .tt-bar { display: inline-block; height: 16px; background: #c62828; }
.tt-analysis .tt-bar-guard { background: #1565c0; }
.tt-analysis table.tt-board td { width: 58px; height: 46px; border: 1px solid #aaa;
  text-align: center; font-size: 13px; padding: 1px; }
.tt-analysis .tt-hut-0 { color: #8a6d00; font-weight: bold; font-size: 16px; }
.tt-analysis .tt-hut-1 { color: #3e2723; font-weight: bold; font-size: 16px; }
.tt-analysis .tt-note { color: #555; font-size: 15px; }
"""


def _esc(value: object) -> str:
    return html.escape(str(value))


def _num(value: float) -> str:
    """Short number: whole numbers without decimals, others with up to three."""
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return f"{value:.3f}".rstrip("0").rstrip(".")


def analysis_style() -> widgets.HTML:
    return widgets.HTML(f"<style>{CSS}</style>")


# --- pure HTML builders -----------------------------------------------------------------------


def payoff_table_html(game: Game, title: str = "") -> str:
    """A two-player payoff table: rows = first player, columns = second, cells ``a , b``.

    Best responses are bold and marked (◀ for the row player, ▲ for the column player); pure
    Nash equilibria have a green background.
    """
    if game.n_players != 2:
        raise ValueError("payoff_table_html shows two-player games")
    row_best = game.best_response_mask(0)
    col_best = game.best_response_mask(1)
    nash = game.equilibrium_mask()
    first, second = game.players
    head = "".join(f"<th>{_esc(second)}: {_esc(s)}</th>" for s in game.strategies[1])
    rows = []
    for r, row_label in enumerate(game.strategies[0]):
        cells = []
        for c in range(game.shape[1]):
            a, b = game.payoffs[0, r, c], game.payoffs[1, r, c]
            a_text = f'<span class="tt-best">{_num(a)}◀</span>' if row_best[r, c] else _num(a)
            b_text = f'<span class="tt-best">{_num(b)}▲</span>' if col_best[r, c] else _num(b)
            css = ' class="tt-nash"' if nash[r, c] else ""
            cells.append(f"<td{css}>{a_text} , {b_text}</td>")
        rows.append(f"<tr><th>{_esc(first)}: {_esc(row_label)}</th>{''.join(cells)}</tr>")
    caption = f"<h3>{_esc(title)}</h3>" if title else ""
    return f'{caption}<table class="tt-payoff"><tr><th></th>{head}</tr>{"".join(rows)}</table>'


def dominance_sentence(game: Game, player: int) -> str:
    """Plain words: which strategy of ``player`` dominates, strictly or weakly, if any."""
    name = game.players[player]
    if game.shape[player] < 2:
        return f"{name} has a single choice."
    strict = game.dominant_strategies(player, strict=True)
    if strict:
        choice = game.strategies[player][strict[0]]
        return f"For {name}, {choice} strictly dominates: it is better whatever the other does."
    weak = game.dominant_strategies(player, strict=False)
    if weak:
        choice = game.strategies[player][weak[0]]
        return (
            f"For {name}, {choice} weakly dominates: never worse, and better against at least "
            "one choice of the other."
        )
    return f"For {name}, no choice dominates: the best one depends on what the other does."


def territory_table_html(table: TerritoryTable) -> str:
    """The 2x2 game of a territory held by two powers, with best responses and equilibria."""
    kind = "full: a colony can be founded" if table.colony_candidate else "not full"
    body = payoff_table_html(table.game, f"{table.territory} ({kind})")
    words = "".join(f"<li>{_esc(dominance_sentence(table.game, k))}</li>" for k in range(2))
    return f'<div class="tt-territory-table">{body}<ul>{words}</ul></div>'


def _wars_text(wars: Mapping[str, Sequence[str]]) -> str:
    parts = [f"{_esc(p)} → war on {_esc(', '.join(ts))}" for p, ts in wars.items() if ts]
    return "; ".join(parts) if parts else "alliance everywhere"


def _pairs_text(pairs: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{_esc(a)}→{_esc(b)}" for a, b in pairs) if pairs else "none"


def powers_html(result: DiplomacyAnalysis) -> str:
    """Per power: declared wars, payoff, best responses to the others' declarations, dominance."""
    rows = []
    for report in result.power_reports:
        declared = ", ".join(report.declared_wars) or "—"
        if report.declared_is_best_response:
            verdict = '<span class="tt-best">yes ✓</span>'
        else:
            verdict = f"no: {_num(report.best_payoff)} was possible"
        best = "; ".join(
            "war on " + ", ".join(r) if r else "alliance with all" for r in report.best_responses
        )
        dominance = ", ".join(
            f"{choice} toward {_esc(q)} ({kind})"
            for q, d in report.dominant.items()
            if d is not None
            for choice, kind in (d,)
        )
        rows.append(
            f"<tr><td>{_esc(report.power)}</td><td>{_esc(declared)}</td>"
            f"<td>{_num(report.declared_payoff)}</td><td>{verdict}</td>"
            f"<td>{_esc(best)}</td><td>{dominance or '—'}</td></tr>"
        )
    head = (
        "<tr><th>Power</th><th>Declared war on</th><th>Payoff</th><th>Best response?</th>"
        "<th>Best responses to the others</th><th>Dominant choices</th></tr>"
    )
    return f'<table class="tt-payoff tt-powers">{head}{"".join(rows)}</table>'


def equilibria_html(result: DiplomacyAnalysis, shown: int = 12) -> str:
    """The pure equilibria: count, free and indifferent relations, the first few listed."""
    verdict = (
        '<p class="tt-best">The declared relations form a Nash equilibrium.</p>'
        if result.declared_is_equilibrium
        else "<p><b>The declared relations are not an equilibrium</b>: someone could do better "
        "by changing its own relations alone.</p>"
    )
    parts = [verdict]
    parts.append(f"<p>Free relations (they change no payoff): {_pairs_text(result.free)}</p>")
    parts.append(
        "<p>Indifferent relations (any value keeps an equilibrium one): "
        f"{_pairs_text(result.indifferent)}</p>"
    )
    count = result.equilibrium_count
    if count is None:
        parts.append(
            "<p>Too many relations interact to count every pure Nash equilibrium; "
            f"the first {len(result.equilibria)} found are listed.</p>"
        )
    else:
        parts.append(f"<p><b>{count}</b> pure Nash equilibri{'um' if count == 1 else 'a'}.</p>")
    items = []
    for eq in result.equilibria[:shown]:
        star = " ★ Pareto optimal" if eq.pareto_optimal else ""
        pay = ", ".join(f"{_esc(p)} {_num(v)}" for p, v in eq.payoffs.items())
        items.append(f"<li>{_wars_text(eq.wars)}{star} <span class='tt-note'>({pay})</span></li>")
    if items:
        parts.append(f'<ol class="tt-equilibria">{"".join(items)}</ol>')
    hidden = len(result.equilibria) - min(shown, len(result.equilibria))
    if hidden > 0 or not result.complete:
        parts.append('<p class="tt-note">Only the first ones are listed.</p>')
    return "".join(parts)


def bars_html(values: Mapping[str, float], guard: bool = False) -> str:
    """Horizontal probability bars (0-100%)."""
    css = "tt-bar tt-bar-guard" if guard else "tt-bar"
    rows = []
    for label, p in values.items():
        width = int(round(200 * max(0.0, min(1.0, p))))
        rows.append(
            f"<tr><td>{_esc(label)}</td><td style='width:210px'><span class='{css}' "
            f"style='width:{width}px'></span></td><td>{p:.1%}</td></tr>"
        )
    return f'<table class="tt-bars">{"".join(rows)}</table>'


def board_html(state: MassaiState, game: AttackGame | None) -> str:
    """The Massai board (row 1 at the bottom) with attack (A) and guard (G) probabilities."""
    options = state.options
    attack = game.attack_probabilities if game else {}
    guard = game.guard_probabilities if game else {}
    rows = []
    for row in range(options.rows - 1, -1, -1):
        cells = [f"<th>{row + 1}</th>"]
        for column in range(options.columns):
            square = square_name(column, row)
            owner = state.owner(square)
            text = ""
            if owner is not None:
                text = f'<span class="tt-hut-{owner}">{"○" if owner == 0 else "●"}</span>'
            if square in attack:
                text += f"<br><span style='color:#c62828'>A {attack[square]:.0%}</span>"
                text += f"<br><span style='color:#1565c0'>G {guard[square]:.0%}</span>"
            shade = ""
            if square in attack:
                alpha = 0.12 + 0.6 * attack[square]
                shade = f" style='background:rgba(198,40,40,{alpha:.2f})'"
            cells.append(f"<td{shade}>{text}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    letters = "".join(f"<th>{chr(ord('a') + c)}</th>" for c in range(options.columns))
    rows.append(f"<tr><th></th>{letters}</tr>")
    return f'<table class="tt-board">{"".join(rows)}</table>'


def attack_matrix_html(game: AttackGame, max_columns: int = 12) -> str:
    """The attacker's payoffs: targets x guard sets (or guarded / not guarded when too wide).

    ◀ marks the attacker's best target against a guard set (column maximum), ▲ the defender's
    best guard set against a target (row minimum).
    """
    matrix = game.matrix
    if len(game.guard_sets) > max_columns:
        head = "<tr><th>Attack</th><th>if guarded</th><th>if not guarded</th></tr>"
        body = []
        for r, target in enumerate(game.targets):
            guarded = [matrix[r, c] for c, s in enumerate(game.guard_sets) if target in s]
            free = [matrix[r, c] for c, s in enumerate(game.guard_sets) if target not in s]
            body.append(
                f"<tr><th>{_esc(target)}</th><td>{_num(guarded[0]) if guarded else '—'}</td>"
                f"<td>{_num(free[0]) if free else '—'}</td></tr>"
            )
        note = (
            f'<p class="tt-note">{len(game.guard_sets)} guard sets: only whether the target '
            "carries a guard changes the result, so the table is shown by that.</p>"
        )
        return f'<table class="tt-payoff tt-matrix">{head}{"".join(body)}</table>{note}'
    col_max = matrix.max(axis=0)
    row_min = matrix.min(axis=1)
    head = "".join(f"<th>guards {_esc(' '.join(s) or '—')}</th>" for s in game.guard_sets)
    body = []
    for r, target in enumerate(game.targets):
        cells = []
        for c in range(len(game.guard_sets)):
            value = matrix[r, c]
            marks = ("◀" if value >= col_max[c] - 1e-9 else "") + (
                "▲" if value <= row_min[r] + 1e-9 else ""
            )
            text = f'<span class="tt-best">{_num(value)}{marks}</span>' if marks else _num(value)
            cells.append(f"<td>{text}</td>")
        body.append(f"<tr><th>attack {_esc(target)}</th>{''.join(cells)}</tr>")
    return f'<table class="tt-payoff tt-matrix"><tr><th></th>{head}</tr>{"".join(body)}</table>'


# --- widgets ----------------------------------------------------------------------------------


class AfricaAnalysisPanel(widgets.VBox):
    """Game theory of an Africa 1880 position after phase 3.

    ``update(after, declared)`` shows another position; the weight and payoff controls recompute.
    ``selected_relations`` (``{power: [powers at war]}``) follows the equilibrium picked in the
    list, so that a dashboard can highlight it on its map.
    """

    selected_relations = traitlets.Dict()

    def __init__(
        self,
        after: AfterOrders | None = None,
        declared: Relations | None = None,
        weight: float = 2.0,
        payoff: str = "presences",
        shown: int = 12,
    ) -> None:
        self.after = after
        self.declared = declared
        self.shown = shown
        self.result: DiplomacyAnalysis | None = None
        self.weight = widgets.BoundedFloatText(
            value=weight,
            min=0.0,
            max=100.0,
            step=0.5,
            description="Colony weight",
            style={"description_width": "initial"},
        )
        self.payoff = widgets.Dropdown(
            options=list(PAYOFFS),
            value=payoff,
            description="Payoff",
            style={"description_width": "initial"},
        )
        self.message = widgets.HTML()
        self.powers = widgets.HTML()
        self.equilibria = widgets.HTML()
        self.picker = widgets.Dropdown(description="Show", options=[], layout={"width": "600px"})
        self.tables = widgets.HTML()
        for w, name in (
            (self.weight, "weight"),
            (self.payoff, "payoff"),
            (self.message, "message"),
            (self.powers, "powers"),
            (self.equilibria, "equilibria"),
            (self.picker, "picker"),
            (self.tables, "tables"),
        ):
            w.add_class(f"tt-analysis-{name}")
        self.weight.observe(lambda _: self.refresh(), "value")
        self.payoff.observe(lambda _: self.refresh(), "value")
        self.picker.observe(self._on_pick, "value")
        super().__init__(
            [
                style_widget(),
                analysis_style(),
                widgets.HTML("<h2>Relations as a game</h2>"),
                widgets.HBox([self.payoff, self.weight]),
                self.message,
                widgets.HTML("<h3>Each power against the others' declarations</h3>"),
                self.powers,
                widgets.HTML("<h3>Pure Nash equilibria</h3>"),
                self.equilibria,
                self.picker,
                widgets.HTML("<h3>Territories held by two powers</h3>"),
                self.tables,
            ]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self.add_class("tt-africa-analysis")
        self.refresh()

    def update(
        self,
        after: AfterOrders | None = None,
        declared: Relations | None = None,
        weight: float | None = None,
        payoff: str | None = None,
    ) -> None:
        """Show ``after`` (a position after phase 3) with the ``declared`` relations."""
        if after is not None:
            self.after = after
        self.declared = declared if declared is not None or after is not None else self.declared
        with self.hold_trait_notifications():
            if weight is not None:
                self.weight.value = weight
            if payoff is not None:
                self.payoff.value = payoff
        self.refresh()

    def update_from_orders(self, state: Any, board: Any, sheets: Any) -> None:
        """Run phase 3 of ``sheets`` and show the position with the relations they declare.

        ``sheets``: the typed text, a ``ParseResult`` or a mapping power -> ``OrderSheet``.
        """
        from tabletop.games.africa1880.notation import parse_sheets

        if isinstance(sheets, str):
            sheets = parse_sheets(sheets, board, state.powers)
        by_power = sheets if isinstance(sheets, Mapping) else sheets.sheets
        after = execute_orders(state, board, sheets)
        self.update(after, relations_from_sheets(by_power, state.powers))

    def refresh(self) -> None:
        """Recompute and redraw from the current position and options."""
        if self.after is None:
            self.result = None
            self.message.value = '<p class="tt-note">No position to analyse yet.</p>'
            self.powers.value = self.equilibria.value = self.tables.value = ""
            self.picker.options = []
            return
        try:
            self.result = analyse(
                self.after,
                self.declared,
                weight=float(self.weight.value),
                payoff=self.payoff.value,
                limit=200,
            )
        except AnalysisError as error:
            self.result = None
            self.message.value = f'<p class="tt-msg-error">{_esc(error)}</p>'
            return
        result = self.result
        self.message.value = ""
        self.powers.value = powers_html(result)
        self.equilibria.value = equilibria_html(result, self.shown)
        tables = [territory_table_html(t) for t in result.territory_tables]
        self.tables.value = "".join(tables) or '<p class="tt-note">None.</p>'
        options = [("declared relations", -1)] + [
            (f"equilibrium {k}: {_plain_wars(eq.wars)}", k)
            for k, eq in enumerate(result.equilibria[: self.shown])
        ]
        self.picker.options = options
        self.picker.value = -1
        self._on_pick(None)

    def _on_pick(self, _: object) -> None:
        if self.result is None:
            self.selected_relations = {}
            return
        k = self.picker.value
        if k is None or k < 0:
            wars = {p: list(ts) for p, ts in _declared_wars(self.result).items()}
        else:
            wars = {p: list(ts) for p, ts in self.result.equilibria[k].wars.items()}
        self.selected_relations = wars


def _declared_wars(result: DiplomacyAnalysis) -> dict[str, tuple[str, ...]]:
    return {p: tuple(q for q in result.powers if result.declared.war(p, q)) for p in result.powers}


def _plain_wars(wars: Mapping[str, Sequence[str]]) -> str:
    parts = [f"{p}→{', '.join(ts)}" for p, ts in wars.items() if ts]
    return "; ".join(parts) if parts else "alliance everywhere"


class MassaiAnalysisPanel(widgets.VBox):
    """The attack game of a Massai position: optimal mixed strategies on the board, the value,
    the payoff table with best responses. ``update(state)`` shows another position."""

    def __init__(
        self,
        state: MassaiState | None = None,
        evaluation: str = "difference",
        win_bonus: float = 0.0,
    ) -> None:
        self.state = state
        self.game: AttackGame | None = None
        self.evaluation = widgets.Dropdown(
            options=list(EVALUATIONS),
            value=evaluation,
            description="Evaluation",
            style={"description_width": "initial"},
        )
        self.win_bonus = widgets.BoundedFloatText(
            value=win_bonus,
            min=0.0,
            max=100.0,
            step=1.0,
            description="Win bonus",
            style={"description_width": "initial"},
        )
        self.summary = widgets.HTML()
        self.board = widgets.HTML()
        self.bars = widgets.HTML()
        self.matrix = widgets.HTML()
        for w, name in (
            (self.evaluation, "evaluation"),
            (self.win_bonus, "win-bonus"),
            (self.summary, "summary"),
            (self.board, "board"),
            (self.bars, "bars"),
            (self.matrix, "matrix"),
        ):
            w.add_class(f"tt-analysis-{name}")
        self.evaluation.observe(lambda _: self.refresh(), "value")
        self.win_bonus.observe(lambda _: self.refresh(), "value")
        super().__init__(
            [
                style_widget(),
                analysis_style(),
                widgets.HTML("<h2>The attack as a zero-sum game</h2>"),
                widgets.HBox([self.evaluation, self.win_bonus]),
                self.summary,
                widgets.HBox([self.board, self.bars]),
                widgets.HTML("<h3>Payoffs to the attacker</h3>"),
                self.matrix,
            ]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self.add_class("tt-massai-analysis")
        self.refresh()

    def update(
        self,
        state: MassaiState | None = None,
        evaluation: str | None = None,
        win_bonus: float | None = None,
    ) -> None:
        """Show another position (and optionally another evaluation or win bonus)."""
        if state is not None:
            self.state = state
        with self.hold_trait_notifications():
            if evaluation is not None:
                self.evaluation.value = evaluation
            if win_bonus is not None:
                self.win_bonus.value = win_bonus
        self.refresh()

    def refresh(self) -> None:
        """Recompute and redraw."""
        self.game = None
        if self.state is None:
            self.summary.value = '<p class="tt-note">No position to analyse yet.</p>'
            self.board.value = self.bars.value = self.matrix.value = ""
            return
        try:
            self.game = attack_game(
                self.state,
                evaluation=self.evaluation.value,
                win_bonus=float(self.win_bonus.value),
            )
        except AttackGameError as error:
            self.summary.value = f'<p class="tt-msg-warn">{_esc(error)}</p>'
            self.board.value = board_html(self.state, None)
            self.bars.value = self.matrix.value = ""
            return
        game = self.game
        guards = min(game.guards_allowed, len(game.targets))
        self.summary.value = (
            f"<p>Player {game.attacker + 1} attacks one of {len(game.targets)} huts; "
            f"Player {game.defender + 1} places {guards} guard{'s' if guards != 1 else ''}. "
            f"<b>Value for the attacker: {_num(game.value)}</b> huts on average "
            "when both play their best mixed strategies.</p>"
        )
        self.board.value = board_html(self.state, game)
        self.bars.value = (
            "<h3>Attack (probability)</h3>"
            + bars_html(game.attack_probabilities)
            + "<h3>Guards (chance each hut is guarded)</h3>"
            + bars_html(game.guard_probabilities, guard=True)
        )
        self.matrix.value = attack_matrix_html(game)


def africa_analysis_panel(
    after: AfterOrders | None = None,
    declared: Relations | None = None,
    weight: float = 2.0,
    payoff: str = "presences",
) -> AfricaAnalysisPanel:
    """The Africa teacher-view panel (call ``panel.update(after, declared)`` to change it)."""
    return AfricaAnalysisPanel(after, declared, weight, payoff)


def massai_analysis_panel(
    state: MassaiState | None = None, evaluation: str = "difference", win_bonus: float = 0.0
) -> MassaiAnalysisPanel:
    """The Massai teacher-view panel (call ``panel.update(state)`` to change it)."""
    return MassaiAnalysisPanel(state, evaluation, win_bonus)
