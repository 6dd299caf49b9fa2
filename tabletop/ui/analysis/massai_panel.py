"""The Massai teacher-view panel: the attack game of a position, its mixed strategies."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.analysis.massai_attack import EVALUATIONS, AttackGame, AttackGameError, attack_game
from tabletop.games.massai import State as MassaiState
from tabletop.ui.analysis.style import analysis_style, relabel_dropdown
from tabletop.ui.analysis.tables import (
    attack_claims_html,
    attack_matrix_html,
    bars_html,
    board_html,
)
from tabletop.ui.analysis.texts import check_lang, count_words, esc, num, tr
from tabletop.ui.shell.style import style_widget


class MassaiAnalysisPanel(widgets.VBox):
    """The attack game of a Massai position: optimal mixed strategies on the board, the value,
    the payoff table with best responses. ``update(state)`` shows another position."""

    def __init__(
        self,
        state: MassaiState | None = None,
        evaluation: str = "difference",
        win_bonus: float = 0.0,
        lang: str = "en",
    ) -> None:
        self.state = state
        self.lang = check_lang(lang)
        self.game: AttackGame | None = None
        self.evaluation = widgets.Dropdown(
            options=[(e, e) for e in EVALUATIONS],
            value=evaluation,
            style={"description_width": "initial"},
        )
        self.win_bonus = widgets.BoundedFloatText(
            value=win_bonus, min=0.0, max=100.0, step=1.0, style={"description_width": "initial"}
        )
        self.title = widgets.HTML()
        self.heading_matrix = widgets.HTML()
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
        self._label()
        self.evaluation.observe(lambda _: self.refresh(), "value")
        self.win_bonus.observe(lambda _: self.refresh(), "value")
        super().__init__(
            [
                style_widget(),
                analysis_style(),
                self.title,
                widgets.HBox([self.evaluation, self.win_bonus]),
                self.summary,
                widgets.HBox([self.board, self.bars]),
                self.heading_matrix,
                self.matrix,
            ]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self.add_class("tt-massai-analysis")
        self.refresh()

    def _label(self) -> None:
        lang = self.lang
        self.title.value = f"<h2>{tr('massai_title', lang)}</h2>"
        self.heading_matrix.value = f"<h3>{tr('payoffs_attacker', lang)}</h3>"
        self.evaluation.description = tr("evaluation", lang)
        self.win_bonus.description = tr("win_bonus", lang)
        relabel_dropdown(self.evaluation, [(tr(f"evaluation_{e}", lang), e) for e in EVALUATIONS])

    def set_lang(self, lang: str) -> None:
        """Show the panel in ``lang`` (any language with a catalog)."""
        self.lang = check_lang(lang)
        self._label()
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
        lang = self.lang
        self.game = None
        if self.state is None:
            self.summary.value = f'<p class="tt-note">{tr("no_position", lang)}</p>'
            self.board.value = self.bars.value = self.matrix.value = ""
            return
        try:
            self.game = attack_game(
                self.state,
                evaluation=self.evaluation.value,
                win_bonus=float(self.win_bonus.value),
            )
        except AttackGameError as error:
            self.summary.value = f'<p class="tt-msg-warn">{esc(error)}</p>'
            self.board.value = board_html(self.state, None, lang)
            self.bars.value = self.matrix.value = ""
            return
        game = self.game
        self.summary.value = (
            "<p>"
            + tr(
                "massai_summary",
                lang,
                attacker=game.attacker + 1,
                defender=game.defender + 1,
                targets=count_words(len(game.targets), "targets", lang),
                guards=count_words(min(game.guards_allowed, len(game.targets)), "guards", lang),
                value=num(game.value, lang),
            )
            + "</p>"
            + attack_claims_html(game, lang)
        )
        self.board.value = board_html(self.state, game, lang)
        self.bars.value = (
            f"<h3>{tr('attack_probability', lang)}</h3>"
            + bars_html(game.attack_probabilities, lang=lang)
            + f"<h3>{tr('guard_probability', lang)}</h3>"
            + bars_html(game.guard_probabilities, guard=True, lang=lang)
        )
        self.matrix.value = attack_matrix_html(game, lang=lang)


def massai_analysis_panel(
    state: MassaiState | None = None,
    evaluation: str = "difference",
    win_bonus: float = 0.0,
    lang: str = "en",
) -> MassaiAnalysisPanel:
    """The Massai teacher-view panel (``panel.update(state)`` changes the position,
    ``panel.set_lang("fr")`` the language)."""
    return MassaiAnalysisPanel(state, evaluation, win_bonus, lang=lang)
