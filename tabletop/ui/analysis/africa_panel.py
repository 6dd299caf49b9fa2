"""The Africa 1880 teacher-view panel: relations as a game, equilibria, best responses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from tabletop.analysis.africa_diplomacy import (
    PAYOFFS,
    AnalysisError,
    DiplomacyAnalysis,
    analyse,
)
from tabletop.games.africa1880 import AfterOrders, Relations, execute_orders
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.i18n import N_, Msg
from tabletop.ui.analysis.style import analysis_style, relabel_dropdown
from tabletop.ui.analysis.tables import (
    equilibria_html,
    names_text,
    powers_html,
    territory_table_html,
)
from tabletop.ui.analysis.texts import check_lang, esc, power_label, tr
from tabletop.ui.shell.style import style_widget

#: The what-if links' texts (this panel's own; the others are in the analysis table).
LINK_TEXTS: dict[str, Msg] = {
    "what_if_best": N_("What if {power} had played its best response?"),
    "all_best": N_("Every power already declares a best response."),
}

#: What the what-if link calls: ``on_what_if(power, wars)`` opens the page's what-if with
#: ``power`` declaring war on ``wars`` and alliance toward every other power.
WhatIfLink = Callable[[str, tuple[str, ...]], None]


class AfricaAnalysisPanel(widgets.VBox):
    """Game theory of an Africa 1880 position after phase 3.

    ``update(after, declared)`` shows another position; the weight and payoff controls recompute.
    ``selected_relations`` (``{power: [powers at war]}``) follows the equilibrium picked in the
    list, so that a dashboard can highlight it on its map. With ``on_what_if``, a button per
    power that does not declare a best response opens the page's what-if with one (its first
    best response, the relations toward powers it cannot affect kept as declared).
    """

    selected_relations = traitlets.Dict()

    def __init__(
        self,
        after: AfterOrders | None = None,
        declared: Relations | None = None,
        weight: float = 2.0,
        payoff: str = "presences",
        shown: int = 12,
        lang: str = "en",
        on_what_if: WhatIfLink | None = None,
    ) -> None:
        self.on_what_if = on_what_if
        self.what_if = widgets.VBox()
        self.what_if.add_class("tt-analysis-what-if")
        self.after = after
        self.declared = declared
        self.shown = shown
        self.lang = check_lang(lang)
        self.result: DiplomacyAnalysis | None = None
        self.weight = widgets.BoundedFloatText(
            value=weight, min=0.0, max=100.0, step=0.5, style={"description_width": "initial"}
        )
        self.payoff = widgets.Dropdown(
            options=[(p, p) for p in PAYOFFS],
            value=payoff,
            style={"description_width": "initial"},
        )
        self.title = widgets.HTML()
        self.heading_powers = widgets.HTML()
        self.heading_equilibria = widgets.HTML()
        self.heading_tables = widgets.HTML()
        self.message = widgets.HTML()
        self.powers = widgets.HTML()
        self.equilibria = widgets.HTML()
        self.picker = widgets.Dropdown(options=[], layout={"width": "600px"})
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
        self._label()
        self.weight.observe(lambda _: self.refresh(), "value")
        self.payoff.observe(lambda _: self.refresh(), "value")
        self.picker.observe(self._on_pick, "value")
        super().__init__(
            [
                style_widget(),
                analysis_style(),
                self.title,
                widgets.HBox([self.payoff, self.weight]),
                self.message,
                self.heading_powers,
                self.powers,
                self.what_if,
                self.heading_equilibria,
                self.equilibria,
                self.picker,
                self.heading_tables,
                self.tables,
            ]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self.add_class("tt-africa-analysis")
        self.refresh()

    def _label(self) -> None:
        lang = self.lang
        self.title.value = f"<h2>{tr('africa_title', lang)}</h2>"
        self.heading_powers.value = f"<h3>{tr('each_power', lang)}</h3>"
        self.heading_equilibria.value = f"<h3>{tr('pure_equilibria', lang)}</h3>"
        self.heading_tables.value = f"<h3>{tr('two_power_territories', lang)}</h3>"
        self.weight.description = tr("colony_weight", lang)
        self.payoff.description = tr("payoff", lang)
        relabel_dropdown(self.payoff, [(tr(f"payoff_{p}", lang), p) for p in PAYOFFS])
        self.picker.description = tr("show", lang)

    def set_lang(self, lang: str) -> None:
        """Show the panel in ``lang`` (any language with a catalog)."""
        self.lang = check_lang(lang)
        self._label()
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
        lang = self.lang
        # The game score ignores the colony weight: grey it out rather than let it seem broken.
        self.weight.disabled = self.payoff.value == "score"
        if self.after is None:
            self.result = None
            self.message.value = f'<p class="tt-note">{tr("no_position", lang)}</p>'
            self.powers.value = self.equilibria.value = self.tables.value = ""
            self.picker.options = []
            self.selected_relations = {}
            self._what_if_links(None)
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
            self.message.value = f'<p class="tt-msg-error">{esc(error)}</p>'
            self.powers.value = self.equilibria.value = self.tables.value = ""
            self.picker.options = []
            self.selected_relations = {}
            self._what_if_links(None)
            return
        result = self.result
        self.message.value = ""
        self.powers.value = powers_html(result, lang)
        self.equilibria.value = equilibria_html(result, self.shown, lang)
        tables = [territory_table_html(t, lang) for t in result.territory_tables]
        self.tables.value = "".join(tables) or f'<p class="tt-note">{tr("none", lang)}</p>'
        options = [(tr("declared_relations", lang), -1)] + [
            (f"{tr('equilibrium_n', lang, n=k + 1)}: {_plain_wars(eq.wars, lang)}", k)
            for k, eq in enumerate(result.equilibria[: self.shown])
        ]
        self.picker.options = options
        self.picker.value = -1
        self._on_pick(None)
        self._what_if_links(result)

    def _what_if_links(self, result: DiplomacyAnalysis | None) -> None:
        """A what-if button per power whose declared relations are not a best response."""
        if self.on_what_if is None or result is None:
            self.what_if.children = ()
            return
        buttons: list[widgets.Widget] = []
        for report in result.power_reports:
            if report.declared_is_best_response or not report.best_responses:
                continue
            kept = tuple(q for q in report.declared_wars if q in report.free)
            wars = tuple(dict.fromkeys((*report.best_responses[0], *kept)))
            button = widgets.Button(
                description=LINK_TEXTS["what_if_best"].render(
                    self.lang, power=power_label(report.power, self.lang)
                ),
                layout={"width": "auto"},
            )
            button.add_class("tt-what-if-best")
            button.add_class(f"tt-what-if-best-{report.power.lower().replace(' ', '-')}")
            button.on_click(self._link(report.power, wars))
            buttons.append(button)
        if not buttons:
            note = widgets.HTML(
                f'<p class="tt-note">{esc(LINK_TEXTS["all_best"].render(self.lang))}</p>'
            )
            buttons = [note]
        self.what_if.children = tuple(buttons)

    def _link(self, power: str, wars: tuple[str, ...]) -> Callable[[Any], None]:
        def clicked(_button: Any) -> None:
            if self.on_what_if is not None:
                self.on_what_if(power, wars)

        return clicked

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


def _plain_wars(wars: Mapping[str, Sequence[str]], lang: str = "en") -> str:
    parts = [f"{power_label(p, lang)}→{names_text(ts, lang)}" for p, ts in wars.items() if ts]
    return "; ".join(parts) if parts else tr("alliance_everywhere", lang)


def africa_analysis_panel(
    after: AfterOrders | None = None,
    declared: Relations | None = None,
    weight: float = 2.0,
    payoff: str = "presences",
    lang: str = "en",
    on_what_if: WhatIfLink | None = None,
) -> AfricaAnalysisPanel:
    """The Africa teacher-view panel (``panel.update(after, declared)`` changes the position,
    ``panel.set_lang("fr")`` the language; ``on_what_if`` adds the what-if links)."""
    return AfricaAnalysisPanel(after, declared, weight, payoff, lang=lang, on_what_if=on_what_if)
