"""Factories for the game-theory lesson notebook (``notebooks/game_theory.ipynb``).

Each factory returns one self-contained widget: inputs a teacher can change and the result that
follows. The notebook's code cells only call these functions.

* :func:`dominance_lesson` - the 2x2 game of a territory held by two powers;
* :func:`equilibria_lesson` - every pure Nash equilibrium of a small three-power position;
* :func:`massai_lesson` - the mixed strategies of a Massai attack.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.analysis.africa_diplomacy import PAYOFFS, territory_tables
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.games.africa1880 import AfterOrders, Relations
from tabletop.games.massai import State as MassaiState
from tabletop.i18n import N_, Msg, format_list, translator
from tabletop.i18n.keys import LESSON, text
from tabletop.ui.analysis.africa_panel import AfricaAnalysisPanel
from tabletop.ui.analysis.massai_panel import MassaiAnalysisPanel
from tabletop.ui.analysis.style import analysis_style, relabel_dropdown
from tabletop.ui.analysis.tables import territory_table_html
from tabletop.ui.analysis.texts import check_lang, power_label, relation_word, tr
from tabletop.ui.shell.style import style_widget

#: The presets' names (the English name is the key of each table below; menus show the name in
#: the page language).
PRESET_NAMES: dict[str, Msg] = {
    m.msgid: m
    for m in (
        N_("Three powers in Congo (not full)"),
        N_("Three powers in a full Congo"),
        N_("A ring of two-power territories, Kamerun full"),
        N_("Two attackable huts"),
        N_("Three attackable huts"),
        N_("A wide front: six attackable huts"),
    )
}
#: The guard tables' names are the lesson table's messages.
GUARD_TABLE_KEYS = {
    "default: min(4, points - 1)": "table_default",
    "stingy: one guard fewer": "table_stingy",
    "generous: one guard per attack point, at most 5": "table_generous",
}

#: Three-power positions of the second lesson: name -> (presences, fully developed territories).
AFRICA_PRESETS: dict[str, tuple[dict[str, Sequence[str]], list[str]]] = {
    "Three powers in Congo (not full)": (
        {"Belgium": ["Congo", "Angola"], "France": ["Congo", "Gabon"], "Germany": ["Congo"]},
        [],
    ),
    "Three powers in a full Congo": (
        {"Belgium": ["Congo", "Angola"], "France": ["Congo", "Gabon"], "Germany": ["Congo"]},
        ["Congo"],
    ),
    "A ring of two-power territories, Kamerun full": (
        {
            "Belgium": ["Congo", "Angola"],
            "France": ["Congo", "Kamerun"],
            "Germany": ["Kamerun", "Angola"],
        },
        ["Kamerun"],
    ),
}

#: Massai positions of the third lesson: name -> (light huts, dark huts); light attacks.
MASSAI_PRESETS: dict[str, tuple[list[str], list[str]]] = {
    "Two attackable huts": (["c2", "c3"], ["c4", "d4", "e4", "e5"]),
    "Three attackable huts": (["c2", "c3", "d3"], ["c4", "d4", "e4", "d5", "e5"]),
    "A wide front: six attackable huts": (
        ["b2", "b3", "c3", "d3", "e3", "f3"],
        ["b4", "c4", "d4", "e4", "f4", "f5", "e5", "g4"],
    ),
}

#: Guard tables offered in the third lesson (entry i: guards for i attack points).
GUARD_TABLES = {
    "default: min(4, points - 1)": (0, 0, 1, 2, 3, 4),
    "stingy: one guard fewer": (0, 0, 0, 1, 2, 3),
    # The label is the lesson table's "table_generous" message.
    "generous: one guard per attack point, at most 5": (0, 1, 2, 3, 4, 5),
}


#: The lesson's own text (the notebook's markdown cells) at the widgets' size, for a projector:
#: Voila's default is about 14px, small next to 17px tables. Only the lesson page loads this.
LESSON_CSS = """
.jp-RenderedMarkdown { font-size: 18px; line-height: 1.5; }
.jp-RenderedMarkdown h1 { font-size: 34px; }
.jp-RenderedMarkdown h2 { font-size: 27px; }
"""


def lesson_style() -> widgets.HTML:
    """An HTML widget carrying the lesson page's CSS."""
    return widgets.HTML(f"<style>{LESSON_CSS}</style>")


def _words(key: str, lang: str = "en", **values: object) -> str:
    return text("lesson", key, lang, **values)


def preset_label(name: str, lang: str = "en") -> str:
    """A preset's or guard table's name in ``lang`` (the English name is its key).

    >>> preset_label("Two attackable huts", "de")
    'Zwei angreifbare Hütten'
    """
    if name in GUARD_TABLE_KEYS:
        return LESSON[GUARD_TABLE_KEYS[name]].render(lang)
    return PRESET_NAMES[name].render(lang)


def _options(names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    return [(preset_label(name, lang), name) for name in names]


def page_lang(default: str = "en") -> str:
    """The lesson page's language: ``?lang=fr`` in the page address (Voila passes the query
    string to the kernel), else ``default``; an unknown language falls back to ``default``."""
    from urllib.parse import parse_qs

    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [default])[0]
    try:
        return check_lang(asked)
    except ValueError:
        return default


def _n(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 1e-9 else f"{x:.2f}"


def classify_2x2(payoffs) -> str:
    """The classic name of a symmetric 2x2 game of alliance (0) / war (1) from its payoff order:
    ``"pd"``, ``"chicken"``, ``"stag"``, ``"harmony"``, ``"other"`` or ``"asymmetric"``.

    ``payoffs[k, r, c]``: power k's payoff when the first power plays r and the second c.

    >>> import numpy as np
    >>> classify_2x2(np.array([[[4, 1], [8, 0]], [[4, 8], [1, 0]]]))
    'chicken'
    """
    first, second = payoffs[0], payoffs[1]
    if not (abs(first - second.T) < 1e-9).all():
        return "asymmetric"
    R, S, T, P = first[0, 0], first[0, 1], first[1, 0], first[1, 1]
    if T > R > P > S:
        return "pd"
    if T > R > S > P:
        return "chicken"
    if R > T and P > S and T >= P:
        return "stag"
    if R > T and S > P:
        return "harmony"
    return "other"


def two_power_claims(table, lang: str = "en") -> list[str]:
    """What the lesson says about a two-power territory, every sentence computed from its game:
    the classic game it is (payoff order), each power's dominant choice, the equilibria."""
    game = table.game
    kind = classify_2x2(game.payoffs)
    p = game.payoffs[0]
    order = {"R": _n(p[0, 0]), "S": _n(p[0, 1]), "T": _n(p[1, 0]), "P": _n(p[1, 1])}
    claims = [_words("game_is", lang, kind=_words(f"game_{kind}", lang, **order))]
    choices = ("alliance", "war")
    for k, power in enumerate(game.players):
        name = power_label(power, lang)
        mine = game.payoffs[k] if k == 0 else game.payoffs[k].T  # rows: own choice
        found = None
        for own in (0, 1):
            gain = mine[own] - mine[1 - own]
            choice = relation_word(choices[own], lang)
            if (gain > 1e-9).all():
                found = _words("strictly_dominates", lang, power=name, choice=choice)
            elif (gain >= -1e-9).all() and (gain > 1e-9).any():
                against = format_list(
                    [relation_word(choices[c], lang) for c in (0, 1) if gain[c] > 1e-9], lang
                )
                found = found or _words(
                    "weakly_dominates", lang, power=name, choice=choice, against=against
                )
        claims.append(found or _words("no_dominance", lang, power=name))
    return claims


def _equilibria_words(table, lang: str = "en") -> str:
    game = table.game
    pareto = set(game.pareto_optimal_profiles())
    items = []
    first, second = (html.escape(power_label(p, lang)) for p in game.players)
    for profile in game.pure_nash_equilibria():
        a, b = (relation_word(w, lang) for w in game.label(profile))
        # The sentence's space before the mark stays outside the catalog's text.
        star = " " + (
            _words("pareto_star", lang) if profile in pareto else _words("not_pareto", lang)
        )
        items.append(f"<li>{first} {a}, {second} {b}{star}</li>")
    claims = "".join(f"<li>{html.escape(c)}</li>" for c in two_power_claims(table, lang))
    return (
        f'<ul class="tt-lesson1-claims">{claims}</ul>'
        f"<p>{_words('pure_equilibria', lang)}</p><ul>{''.join(items)}</ul>"
    )


class DominanceLesson(widgets.VBox):
    """Egypt held by Great Britain and France: its 2x2 game, dominance and equilibria."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_lang(lang) if lang is not None else page_lang()
        self.full = widgets.Checkbox(value=False, indent=False, layout={"width": "auto"})
        self.weight = widgets.FloatSlider(
            value=2.0,
            min=0.0,
            max=6.0,
            step=0.5,
            readout_format=".1f",
            style={"description_width": "initial"},
            layout={"width": "400px"},  # room for the label and a slider long enough to drag
        )
        self.payoff = widgets.Dropdown(options=[(p, p) for p in PAYOFFS], value="presences")
        self.out = widgets.HTML()
        for w, name in (
            (self.full, "full"),
            (self.weight, "weight"),
            (self.payoff, "payoff"),
            (self.out, "result"),
        ):
            w.add_class(f"tt-lesson1-{name}")
        for control in (self.full, self.weight, self.payoff):
            control.observe(self.redraw, "value")
        super().__init__(
            [
                style_widget(),
                analysis_style(),
                lesson_style(),
                widgets.HBox([self.full, self.weight, self.payoff]),
                self.out,
            ]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        """Show the lesson's controls and sentences in ``lang``."""
        self.lang = lang = check_lang(lang)
        t = translator(lang)
        self.full.description = t.gettext("Egypt fully developed (colony possible)")
        self.weight.description = tr("colony_weight", lang)
        self.payoff.description = tr("payoff", lang)
        relabel_dropdown(self.payoff, [(tr(f"payoff_{p}", lang), p) for p in PAYOFFS])
        self.redraw()

    def redraw(self, _: object = None) -> None:
        after = africa_position(
            {"Great Britain": ["Egypt"], "France": ["Egypt"]},
            full=["Egypt"] if self.full.value else [],
        )
        # The game score ignores the weight: grey it out rather than let it seem to do nothing.
        self.weight.disabled = self.payoff.value == "score"
        (table,) = territory_tables(after, self.weight.value, self.payoff.value)
        self.out.value = territory_table_html(table, self.lang) + _equilibria_words(
            table, self.lang
        )


def dominance_lesson(lang: str | None = None) -> DominanceLesson:
    """Egypt held by Great Britain and France: its 2x2 game, dominance and equilibria (in
    ``lang``; default: the page address's ``?lang=``, else English)."""
    return DominanceLesson(lang)


def presences_html(after: AfterOrders, lang: str = "en") -> str:
    """Every presence of the position and the full territories: all that counts in a payoff."""
    state = after.state
    items = "; ".join(
        _words(
            "presence_of",
            lang,
            power=power_label(p, lang),
            territories=", ".join(sorted(state.presences[p])),
        )
        for p in state.powers
    )
    full = list(after.colony_candidates)
    if full:
        line = _words("full_territories", lang, territories=", ".join(full))
    else:
        line = _words("no_full", lang)
    return f"<p>{html.escape(_words('presences', lang, items=items))}<br>{html.escape(line)}</p>"


class EquilibriaLesson(widgets.VBox):
    """A preset three-power position, a grid of declared relations, and the analysis panel."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_lang(lang) if lang is not None else page_lang()
        self.preset = widgets.Dropdown(
            options=_options(list(AFRICA_PRESETS), self.lang), layout={"width": "520px"}
        )
        self.preset.add_class("tt-lesson2-preset")
        self.toggles: dict[tuple[str, str], widgets.ToggleButton] = {}
        self.grid = widgets.VBox()
        self.presences = widgets.HTML()
        self.presences.add_class("tt-lesson2-presences")
        self.panel = AfricaAnalysisPanel(lang=self.lang)
        self._setting = False  # True while the buttons are set from a picked equilibrium
        self._relabelling = False  # True while the preset menu gets names in another language
        self.panel.picker.observe(self._show_equilibrium, "value")
        self.preset.observe(self._new_position, "value")
        super().__init__(
            [style_widget(), analysis_style(), self.preset, self.presences, self.grid, self.panel]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self._label()
        self._new_position()

    def _label(self) -> None:
        self.preset.description = translator(self.lang).gettext("Position")
        self._relabelling = True  # the menu's value leaves and comes back: keep the position
        try:
            relabel_dropdown(self.preset, _options(list(AFRICA_PRESETS), self.lang))
        finally:
            self._relabelling = False

    def set_lang(self, lang: str) -> None:
        """Show the lesson's controls, the relation buttons and the panel in ``lang``."""
        self.lang = check_lang(lang)
        self._label()
        self.panel.set_lang(self.lang)
        self._relabel()

    def _relabel(self) -> None:
        lang = self.lang
        self.presences.value = presences_html(self.position(), lang)
        heading = translator(lang).gettext("Declared relations (press to declare war):")
        self.grid.children[0].value = f"<b>{html.escape(heading)}</b>"
        for (a, b), toggle in self.toggles.items():
            toggle.description = f"{power_label(a, lang)} → {power_label(b, lang)}"

    def position(self) -> AfterOrders:
        presences, full = AFRICA_PRESETS[self.preset.value]
        return africa_position(presences, full=full)

    def declared(self) -> Relations:
        return Relations(pair for pair, toggle in self.toggles.items() if toggle.value)

    def _new_position(self, _: object = None) -> None:
        if self._relabelling:
            return
        after = self.position()
        powers = after.state.powers
        self.toggles = {}
        rows = [widgets.HTML()]
        for a in powers:
            buttons = []
            for b in powers:
                if a == b:
                    continue
                toggle = widgets.ToggleButton(value=False)
                toggle.layout.width = "190px"
                toggle.add_class("tt-lesson2-relation")
                toggle.observe(self._relations_changed, "value")
                self.toggles[(a, b)] = toggle
                buttons.append(toggle)
            rows.append(widgets.HBox(buttons))
        self.grid.children = rows
        self._relabel()
        self.panel.update(after, self.declared())

    def _relations_changed(self, change: dict) -> None:
        toggle = change["owner"]
        toggle.button_style = "danger" if toggle.value else ""
        if not self._setting:
            self.panel.update(self.position(), self.declared())

    def _show_equilibrium(self, change: dict) -> None:
        """The panel's "Show" menu sets the buttons to the picked equilibrium (the lesson has no
        map to highlight it on), so the class sees it declared and checked."""
        k = change["new"]
        if self._setting or self.panel.result is None or k is None or k < 0:
            return
        wars = self.panel.result.equilibria[k].wars
        self._setting = True
        try:
            for (a, b), toggle in self.toggles.items():
                toggle.value = b in wars.get(a, ())
        finally:
            self._setting = False
        self.panel.update(self.position(), self.declared())


def equilibria_lesson(lang: str | None = None) -> EquilibriaLesson:
    """Every pure Nash equilibrium of a small three-power position, with declared relations (in
    ``lang``; default: the page address's ``?lang=``, else English)."""
    return EquilibriaLesson(lang)


class MassaiLesson(widgets.VBox):
    """A preset Massai position and guard table, solved as a zero-sum game."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_lang(lang) if lang is not None else page_lang()
        self.preset = widgets.Dropdown(
            options=_options(list(MASSAI_PRESETS), self.lang), layout={"width": "420px"}
        )
        self.table = widgets.Dropdown(
            options=_options(list(GUARD_TABLES), self.lang), layout={"width": "420px"}
        )
        self.preset.add_class("tt-lesson3-preset")
        self.table.add_class("tt-lesson3-guards")
        self.panel = MassaiAnalysisPanel(lang=self.lang)
        self._relabelling = False
        self.preset.observe(self._changed, "value")
        self.table.observe(self._changed, "value")
        super().__init__(
            [style_widget(), analysis_style(), widgets.HBox([self.preset, self.table]), self.panel]
        )
        self.add_class("tt-app")
        self.add_class("tt-analysis")
        self._label()
        self._changed()

    def _label(self) -> None:
        t = translator(self.lang)
        self.preset.description = t.gettext("Position")
        self.table.description = t.gettext("Guards")
        self._relabelling = True  # the menus' values leave and come back: one update after
        try:
            relabel_dropdown(self.preset, _options(list(MASSAI_PRESETS), self.lang))
            relabel_dropdown(self.table, _options(list(GUARD_TABLES), self.lang))
        finally:
            self._relabelling = False

    def set_lang(self, lang: str) -> None:
        """Show the lesson's menus and the panel in ``lang``."""
        self.lang = check_lang(lang)
        self._label()
        self.panel.set_lang(self.lang)

    def position(self) -> MassaiState:
        light, dark = MASSAI_PRESETS[self.preset.value]
        return massai_position(light, dark, guard_table=GUARD_TABLES[self.table.value])

    def _changed(self, _: object = None) -> None:
        if not self._relabelling:
            self.panel.update(self.position())


def massai_lesson(lang: str | None = None) -> MassaiLesson:
    """The mixed strategies of a Massai attack on a preset position (in ``lang``; default: the
    page address's ``?lang=``, else English)."""
    return MassaiLesson(lang)
