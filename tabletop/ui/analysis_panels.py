"""Teacher-view panels: the game theory of the current position, for a dashboard or a lesson.

``africa_analysis_panel(after, declared)`` and ``massai_analysis_panel(state)`` return widgets that
show payoff tables with best responses marked, the pure equilibria (Africa) or the optimal mixed
strategies and the value (Massai). Both have ``update(...)`` to show another position and
``set_lang("en" | "fr")`` for the interface language. The computing is done by
:mod:`tabletop.analysis`; the HTML builders here are pure functions so that tests can read what a
person sees.

Marks used in every payoff table: a payoff in **bold with a ▲/◀** is a best response of its player
to the other's choice; a cell on a green background is a pure Nash equilibrium.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np
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
from tabletop.games.africa1880.state import power_name
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
.tt-analysis table.tt-board td { width: 68px; height: 58px; border: 1px solid #aaa;
  text-align: center; font-size: 16px; font-weight: bold; padding: 1px; }
.tt-analysis table.tt-board th { font-size: 17px; }
.tt-analysis .tt-hut-0 { color: #8a6d00; font-weight: bold; font-size: 20px; }
.tt-analysis .tt-hut-1 { color: #3e2723; font-weight: bold; font-size: 20px; }
.tt-analysis .tt-note { color: #555; font-size: 15px; }
.tt-analysis .widget-dropdown { height: auto; }
.tt-analysis td.tt-mix { background: #f3f3f3; font-style: italic; }
.tt-analysis td.tt-value { background: #f3f3f3; font-weight: bold; }
"""

LANGS = ("en", "fr")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "africa_title": "Relations as a game",
        "colony_weight": "Colony weight",
        "payoff": "Payoff",
        "payoff_presences": "presences (+ colonies)",
        "payoff_score": "game score",
        "each_power": "Each power against the others' declarations",
        "pure_equilibria": "Pure Nash equilibria",
        "two_power_territories": "Territories held by two powers",
        "show": "Show",
        "declared_relations": "declared relations",
        "equilibrium_n": "equilibrium {n}",
        "no_position": "No position to analyse yet.",
        "none": "none",
        "power": "Power",
        "declared_war_on": "Declared war on",
        "best_response_q": "Best response?",
        "best_responses": "Best responses to the others",
        "dominant_choices": "Dominant choices",
        "yes": "yes",
        "no_possible": "no: {best} was possible",
        "war_on": "war on {targets}",
        "either_toward": "war or alliance toward {targets}",
        "n_best": "({n} best responses)",
        "alliance_all": "alliance with all",
        "alliance_everywhere": "alliance everywhere",
        "power_wars": "{power} → war on {targets}",
        "toward": "{choice} toward {power} ({kind})",
        "war": "war",
        "alliance": "alliance",
        "strict": "strict",
        "weak": "weak",
        "is_equilibrium": "The declared relations form a Nash equilibrium.",
        "not_equilibrium": "<b>The declared relations are not an equilibrium</b>: someone could "
        "do better by changing its own relations alone.",
        "free": "Free relations (they change no payoff): {pairs}",
        "indifferent": "Indifferent relations (any value keeps an equilibrium one): {pairs}",
        "count_unknown": "The number of pure Nash equilibria is unknown: counting them all would "
        "take too long in this crowded position. There are at least <b>{n}</b>.",
        "not_enumerated": "The number of pure Nash equilibria is unknown: the equilibria are not "
        "searched for here, because too many powers decide one territory. Each power's payoff and "
        "best responses to the declared relations above are exact.",
        "count_one": "<b>1</b> pure Nash equilibrium.",
        "count_many": "<b>{n}</b> pure Nash equilibria.",
        "distinct": "They come to {n} once the indifferent relations are set aside; each is listed "
        "with those relations at alliance.",
        "pareto": "★ Pareto optimal",
        "pareto_unknown": "(Pareto optimality not decided: too many outcomes to compare)",
        "first_of": "The first {shown} of {n} are listed.",
        "first_found": "The first {shown} are listed.",
        "full": "full: a colony can be founded",
        "not_full": "not full",
        "single_choice": "{name} has a single choice.",
        "strictly_dominates": "For {name}, {choice} strictly dominates: it is better whatever "
        "the other does.",
        "weakly_dominates": "For {name}, {choice} weakly dominates: never worse, and better "
        "against at least one choice of the other.",
        "no_dominance": "For {name}, no choice dominates: the best one depends on what the "
        "other does.",
        "all_equal": "For {name}, every choice gives the same payoff, whatever the other does.",
        "massai_title": "The attack as a zero-sum game",
        "evaluation": "Evaluation",
        "evaluation_difference": "huts won minus huts lost",
        "evaluation_removals": "huts removed on each side",
        "win_bonus": "Win bonus",
        "targets_one": "the only attackable hut",
        "targets_many": "one of {n} huts",
        "guards_0": "no guard",
        "guards_1": "1 guard",
        "guards_n": "{n} guards",
        "massai_summary": "Player {attacker} attacks {targets}; Player {defender} "
        "places {guards}. <b>Value for the attacker: {value}</b> (in huts, on average) when "
        "both play their best mixed strategies.",
        "attack_probability": "Attack (probability)",
        "guard_probability": "Guards (chance each hut is guarded)",
        "payoffs_attacker": "Payoffs to the attacker",
        "attack": "Attack",
        "attack_target": "attack {target}",
        "guards": "guards {huts}",
        "if_guarded": "if guarded",
        "optimal_mix": "optimal mix",
        "value_cell": "value {value}",
        "if_not_guarded": "if not guarded",
        "wide_note": "{n} guard sets: only whether the target carries a guard changes the "
        "result, so the table is shown by that.",
        "attack_mark": "A",
        "guard_mark": "G",
    },
    "fr": {
        "africa_title": "Les relations comme un jeu",
        "colony_weight": "Poids d'une colonie",
        "payoff": "Gain",
        "payoff_presences": "présences (+ colonies)",
        "payoff_score": "score de la partie",
        "each_power": "Chaque puissance face aux déclarations des autres",
        "pure_equilibria": "Équilibres de Nash purs",
        "two_power_territories": "Territoires tenus par deux puissances",
        "show": "Afficher",
        "declared_relations": "relations déclarées",
        "equilibrium_n": "équilibre {n}",
        "no_position": "Pas encore de position à analyser.",
        "none": "aucune",
        "power": "Puissance",
        "declared_war_on": "Guerre déclarée à",
        "best_response_q": "Meilleure réponse ?",
        "best_responses": "Meilleures réponses aux autres",
        "dominant_choices": "Choix dominants",
        "yes": "oui",
        "no_possible": "non : {best} était possible",
        "war_on": "guerre à {targets}",
        "either_toward": "guerre ou alliance envers {targets}",
        "n_best": "({n} meilleures réponses)",
        "alliance_all": "alliance avec tous",
        "alliance_everywhere": "alliance partout",
        "power_wars": "{power} → guerre à {targets}",
        "toward": "{choice} envers {power} ({kind})",
        "war": "guerre",
        "alliance": "alliance",
        "strict": "stricte",
        "weak": "faible",
        "is_equilibrium": "Les relations déclarées forment un équilibre de Nash.",
        "not_equilibrium": "<b>Les relations déclarées ne sont pas un équilibre</b> : une "
        "puissance gagnerait à changer seule ses relations.",
        "free": "Relations libres (elles ne changent aucun gain) : {pairs}",
        "indifferent": "Relations indifférentes (toute valeur garde un équilibre) : {pairs}",
        "count_unknown": "Le nombre d'équilibres de Nash purs est inconnu : les compter tous "
        "prendrait trop de temps dans cette position chargée. Il y en a au moins <b>{n}</b>.",
        "not_enumerated": "Le nombre d'équilibres de Nash purs est inconnu : ils ne sont pas "
        "cherchés ici, car trop de puissances décident d'un même territoire. Le gain et les "
        "meilleures réponses de chaque puissance aux relations déclarées ci-dessus sont exacts.",
        "count_one": "<b>1</b> équilibre de Nash pur.",
        "count_many": "<b>{n}</b> équilibres de Nash purs.",
        "distinct": "Ils se ramènent à {n} si l'on met à part les relations indifférentes ; "
        "chacun est listé avec ces relations à l'alliance.",
        "pareto": "★ optimal au sens de Pareto",
        "pareto_unknown": "(optimum de Pareto non décidé : trop d'issues à comparer)",
        "first_of": "Les {shown} premiers sur {n} sont listés.",
        "first_found": "Les {shown} premiers sont listés.",
        "full": "plein : une colonie peut être fondée",
        "not_full": "pas plein",
        "single_choice": "{name} n'a qu'un choix.",
        "strictly_dominates": "Pour {name}, {choice} domine strictement : c'est mieux quoi que "
        "fasse l'autre.",
        "weakly_dominates": "Pour {name}, {choice} domine faiblement : jamais pire, et mieux "
        "contre au moins un choix de l'autre.",
        "no_dominance": "Pour {name}, aucun choix ne domine : le meilleur dépend de ce que fait "
        "l'autre.",
        "all_equal": "Pour {name}, tous les choix donnent le même gain, quoi que fasse l'autre.",
        "massai_title": "L'attaque comme un jeu à somme nulle",
        "evaluation": "Évaluation",
        "evaluation_difference": "huttes gagnées moins huttes perdues",
        "evaluation_removals": "huttes retirées de chaque côté",
        "win_bonus": "Bonus de victoire",
        "targets_one": "la seule hutte attaquable",
        "targets_many": "l'une de {n} huttes",
        "guards_0": "aucun garde",
        "guards_1": "1 garde",
        "guards_n": "{n} gardes",
        "massai_summary": "Le joueur {attacker} attaque {targets} ; le joueur "
        "{defender} place {guards}. <b>Valeur pour l'attaquant : {value}</b> (en huttes, "
        "en moyenne) quand chacun joue sa meilleure stratégie mixte.",
        "attack_probability": "Attaque (probabilité)",
        "guard_probability": "Gardes (chance que chaque hutte soit gardée)",
        "payoffs_attacker": "Gains de l'attaquant",
        "attack": "Attaque",
        "attack_target": "attaque {target}",
        "guards": "gardes {huts}",
        "if_guarded": "si gardée",
        "optimal_mix": "mélange optimal",
        "value_cell": "valeur {value}",
        "if_not_guarded": "si non gardée",
        "wide_note": "{n} ensembles de gardes : seul le fait que la cible soit gardée change le "
        "résultat, d'où ce tableau.",
        "attack_mark": "A",
        "guard_mark": "G",
    },
}


def tr(key: str, lang: str = "en", **values: object) -> str:
    """The interface text ``key`` in ``lang`` (English for an unknown language)."""
    table = TEXTS.get(lang, TEXTS["en"])
    text = table[key].format(**values)
    if lang == "fr":  # the space French puts before : ; ? ! must not break a line
        text = re.sub(r" ([:;?!])", "\u00a0\\1", text)
    return text


def _esc(value: object) -> str:
    return html.escape(str(value))


def _num(value: float, lang: str = "en") -> str:
    """Short number: whole numbers without decimals, others with up to three (French: comma)."""
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def _pct(value: float, lang: str = "en", digits: int = 1) -> str:
    """A probability as a percentage ("41.7%"; French "41,7 %" with a no-break space)."""
    text = f"{value:.{digits}%}"
    return text[:-1].replace(".", ",") + "\u00a0%" if lang == "fr" else text


def _count_words(n: int, what: str, lang: str) -> str:
    """``n`` targets or guards in words, singular or plural ("1 guard", "no guard")."""
    if what == "targets":
        return tr("targets_one", lang) if n == 1 else tr("targets_many", lang, n=n)
    return tr("guards_0" if n == 0 else "guards_1" if n == 1 else "guards_n", lang, n=n)


def _power(power: str, lang: str) -> str:
    return power_name(power, lang)


def _choice(word: str, lang: str) -> str:
    """Translate a relation word (``alliance`` / ``war``) when it is one."""
    return tr(word, lang) if word in ("war", "alliance") else word


def fit_dropdown(dropdown: widgets.Dropdown) -> None:
    """Make ``dropdown`` wide enough for its description and its longest option.

    The default width cut long options ("huts won minus huts l"); ``ch`` is the width of a digit,
    wider than most letters, so the words fit in either language.
    """
    longest = max((len(label) for label, _ in dropdown.options), default=0)
    dropdown.layout.width = f"{len(dropdown.description) + longest + 6}ch"


def relabel_dropdown(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
    """Give ``dropdown`` new option labels (another language), keeping the chosen value."""
    value = dropdown.value
    with dropdown.hold_trait_notifications():
        dropdown.options = options
        dropdown.value = value
    fit_dropdown(dropdown)


def analysis_style() -> widgets.HTML:
    """An HTML widget carrying the CSS of the analysis panels."""
    return widgets.HTML(f"<style>{CSS}</style>")


# --- pure HTML builders -----------------------------------------------------------------------


def payoff_table_html(game: Game, title: str = "", lang: str = "en") -> str:
    """A two-player payoff table: rows = first player, columns = second, cells ``a , b``.

    Best responses are bold and marked (◀ for the row player, ▲ for the column player); pure
    Nash equilibria have a green background.
    """
    if game.n_players != 2:
        raise ValueError("payoff_table_html shows two-player games")
    row_best = game.best_response_mask(0)
    col_best = game.best_response_mask(1)
    nash = game.equilibrium_mask()
    first, second = (_power(p, lang) for p in game.players)
    head = "".join(f"<th>{_esc(second)}: {_esc(_choice(s, lang))}</th>" for s in game.strategies[1])
    rows = []
    for r, row_label in enumerate(game.strategies[0]):
        cells = []
        for c in range(game.shape[1]):
            a, b = game.payoffs[0, r, c], game.payoffs[1, r, c]
            a_num, b_num = _num(a, lang), _num(b, lang)
            a_text = f'<span class="tt-best">{a_num}◀</span>' if row_best[r, c] else a_num
            b_text = f'<span class="tt-best">{b_num}▲</span>' if col_best[r, c] else b_num
            css = ' class="tt-nash"' if nash[r, c] else ""
            cells.append(f"<td{css}>{a_text} , {b_text}</td>")
        label = _esc(_choice(row_label, lang))
        rows.append(f"<tr><th>{_esc(first)}: {label}</th>{''.join(cells)}</tr>")
    caption = f"<h3>{_esc(title)}</h3>" if title else ""
    return f'{caption}<table class="tt-payoff"><tr><th></th>{head}</tr>{"".join(rows)}</table>'


def dominance_sentence(game: Game, player: int, lang: str = "en") -> str:
    """Plain words: which strategy of ``player`` dominates, strictly or weakly, if any."""
    name = _power(game.players[player], lang)
    if game.shape[player] < 2:
        return tr("single_choice", lang, name=name)
    own = game.payoffs[player]
    # Every choice pays the same against each reply: nothing dominates, and nothing depends on
    # the other's choice either (e.g. the game score before the last round).
    if np.allclose(own.max(axis=player), own.min(axis=player)):
        return tr("all_equal", lang, name=name)
    strict = game.dominant_strategies(player, strict=True)
    if strict:
        choice = _choice(game.strategies[player][strict[0]], lang)
        return tr("strictly_dominates", lang, name=name, choice=choice)
    weak = game.dominant_strategies(player, strict=False)
    if weak:
        choice = _choice(game.strategies[player][weak[0]], lang)
        return tr("weakly_dominates", lang, name=name, choice=choice)
    return tr("no_dominance", lang, name=name)


def territory_table_html(table: TerritoryTable, lang: str = "en") -> str:
    """The 2x2 game of a territory held by two powers, with best responses and equilibria."""
    kind = tr("full" if table.colony_candidate else "not_full", lang)
    body = payoff_table_html(table.game, f"{table.territory} ({kind})", lang)
    words = "".join(f"<li>{_esc(dominance_sentence(table.game, k, lang))}</li>" for k in range(2))
    return f'<div class="tt-territory-table">{body}<ul>{words}</ul></div>'


def _names(powers: Sequence[str], lang: str) -> str:
    return ", ".join(_power(p, lang) for p in powers)


def _wars_text(wars: Mapping[str, Sequence[str]], lang: str = "en") -> str:
    parts = [
        _esc(tr("power_wars", lang, power=_power(p, lang), targets=_names(ts, lang)))
        for p, ts in wars.items()
        if ts
    ]
    return "; ".join(parts) if parts else tr("alliance_everywhere", lang)


def _pairs_text(pairs: Sequence[tuple[str, str]], lang: str = "en") -> str:
    if not pairs:
        return tr("none", lang)
    return ", ".join(f"{_esc(_power(a, lang))}→{_esc(_power(b, lang))}" for a, b in pairs)


def best_responses_text(responses: Sequence[Sequence[str]], lang: str = "en") -> str:
    """A power's best responses (sets of wars) in words a class can read.

    When they are every combination of some relations around a fixed core of wars, they are
    summarised ("war on A; war or alliance toward B, C (4 best responses)") instead of listed.
    """
    sets = [frozenset(r) for r in responses]
    if len(set(sets)) > 1:
        required = frozenset.intersection(*sets)
        seen: dict[str, None] = {}
        for response in responses:  # first-seen order keeps the powers' order
            seen.update(dict.fromkeys(response))
        optional = [p for p in seen if p not in required]
        if len(set(sets)) == 2 ** len(optional):
            parts = []
            if required:
                wars = [p for p in seen if p in required]
                parts.append(tr("war_on", lang, targets=_names(wars, lang)))
            parts.append(tr("either_toward", lang, targets=_names(optional, lang)))
            return f"{'; '.join(parts)} {tr('n_best', lang, n=len(set(sets)))}"
    return "; ".join(
        tr("war_on", lang, targets=_names(r, lang)) if r else tr("alliance_all", lang)
        for r in responses
    )


def powers_html(result: DiplomacyAnalysis, lang: str = "en") -> str:
    """Per power: declared wars, payoff, best responses to the others' declarations, dominance."""
    rows = []
    for report in result.power_reports:
        declared = _names(report.declared_wars, lang) or "—"
        if report.declared_is_best_response:
            verdict = f'<span class="tt-best">{tr("yes", lang)} ✓</span>'
        else:
            verdict = _esc(tr("no_possible", lang, best=_num(report.best_payoff, lang)))
        best = best_responses_text(report.best_responses, lang)
        dominance = ", ".join(
            tr("toward", lang, choice=tr(d[0], lang), power=_power(q, lang), kind=tr(d[1], lang))
            for q, d in report.dominant.items()
            if d is not None
        )
        rows.append(
            f"<tr><td>{_esc(_power(report.power, lang))}</td><td>{_esc(declared)}</td>"
            f"<td>{_num(report.declared_payoff, lang)}</td><td>{verdict}</td>"
            f"<td>{_esc(best)}</td><td>{_esc(dominance) or '—'}</td></tr>"
        )
    head = "".join(
        f"<th>{tr(key, lang)}</th>"
        for key in (
            "power",
            "declared_war_on",
            "payoff",
            "best_response_q",
            "best_responses",
            "dominant_choices",
        )
    )
    return f'<table class="tt-payoff tt-powers"><tr>{head}</tr>{"".join(rows)}</table>'


def equilibria_html(result: DiplomacyAnalysis, shown: int = 12, lang: str = "en") -> str:
    """The pure equilibria: count, free and indifferent relations, the first few listed."""
    if result.declared_is_equilibrium:
        parts = [f'<p class="tt-best">{tr("is_equilibrium", lang)}</p>']
    else:
        parts = [f"<p>{tr('not_equilibrium', lang)}</p>"]
    if result.note is not None:
        parts.append(f"<p>{tr('not_enumerated', lang)}</p>")
        parts.append(f'<p class="tt-note">{_esc(result.note)}</p>')
        return "".join(parts)
    parts.append(f"<p>{tr('free', lang, pairs=_pairs_text(result.free, lang))}</p>")
    parts.append(f"<p>{tr('indifferent', lang, pairs=_pairs_text(result.indifferent, lang))}</p>")
    count = result.equilibrium_count
    if count is None:
        parts.append(f"<p>{tr('count_unknown', lang, n=len(result.equilibria))}</p>")
    elif count == 1:
        parts.append(f"<p>{tr('count_one', lang)}</p>")
    else:
        parts.append(f"<p>{tr('count_many', lang, n=count)}</p>")
        if result.indifferent and result.complete:
            distinct = count // 2 ** len(result.indifferent)
            parts.append(f"<p>{tr('distinct', lang, n=distinct)}</p>")
    items = []
    for eq in result.equilibria[:shown]:
        if eq.pareto_optimal is None:
            star = f" {tr('pareto_unknown', lang)}"
        else:
            star = f" {tr('pareto', lang)}" if eq.pareto_optimal else ""
        pay = ", ".join(f"{_esc(_power(p, lang))} {_num(v, lang)}" for p, v in eq.payoffs.items())
        items.append(
            f"<li>{_wars_text(eq.wars, lang)}{star} <span class='tt-note'>({pay})</span></li>"
        )
    if items:
        parts.append(f'<ol class="tt-equilibria">{"".join(items)}</ol>')
    listed = len(result.equilibria)
    if result.complete and listed > shown:
        parts.append(f'<p class="tt-note">{tr("first_of", lang, shown=shown, n=listed)}</p>')
    elif not result.complete:
        # Not every equilibrium was listed: say how many are shown, never imply a total.
        first = min(shown, listed)
        parts.append(f'<p class="tt-note">{tr("first_found", lang, shown=first)}</p>')
    return "".join(parts)


def bars_html(values: Mapping[str, float], guard: bool = False, lang: str = "en") -> str:
    """Horizontal probability bars (0-100%)."""
    css = "tt-bar tt-bar-guard" if guard else "tt-bar"
    rows = []
    for label, p in values.items():
        width = int(round(200 * max(0.0, min(1.0, p))))
        rows.append(
            f"<tr><td>{_esc(label)}</td><td style='width:210px'><span class='{css}' "
            f"style='width:{width}px'></span></td><td>{_pct(p, lang)}</td></tr>"
        )
    return f'<table class="tt-bars">{"".join(rows)}</table>'


def board_html(state: MassaiState, game: AttackGame | None, lang: str = "en") -> str:
    """The Massai board (row 1 at the bottom) with attack (A) and guard (G) probabilities."""
    options = state.options
    attack = game.attack_probabilities if game else {}
    guard = game.guard_probabilities if game else {}
    attack_mark, guard_mark = tr("attack_mark", lang), tr("guard_mark", lang)
    rows = []
    for row in range(options.rows - 1, -1, -1):
        cells = [f"<th>{row + 1}</th>"]
        for column in range(options.columns):
            square = square_name(column, row)
            owner = state.owner(square)
            text = ""
            if owner is not None:
                text = f'<span class="tt-hut-{owner}">{"○" if owner == 0 else "●"}</span>'
            shade = ""
            if square in attack:
                a_text, g_text = _pct(attack[square], lang, 0), _pct(guard[square], lang, 0)
                text += (
                    f"<br><span style='color:#c62828'>{attack_mark} {a_text}</span>"
                    f"<br><span style='color:#1565c0'>{guard_mark} {g_text}</span>"
                )
                alpha = 0.12 + 0.6 * attack[square]
                shade = f" style='background:rgba(198,40,40,{alpha:.2f})'"
            cells.append(f"<td{shade}>{text}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    letters = "".join(f"<th>{chr(ord('a') + c)}</th>" for c in range(options.columns))
    rows.append(f"<tr><th></th>{letters}</tr>")
    return f'<table class="tt-board">{"".join(rows)}</table>'


def attack_matrix_html(game: AttackGame, max_columns: int = 12, lang: str = "en") -> str:
    """The attacker's payoffs: targets x guard sets (or guarded / not guarded when too wide).

    ◀ marks the attacker's best target against a guard set (column maximum), ▲ the defender's
    best guard set against a target (row minimum).
    """
    matrix = game.matrix
    if len(game.guard_sets) > max_columns:
        head = (
            f"<tr><th>{tr('attack', lang)}</th><th>{tr('if_guarded', lang)}</th>"
            f"<th>{tr('if_not_guarded', lang)}</th></tr>"
        )
        body = []
        for r, target in enumerate(game.targets):
            guarded = [matrix[r, c] for c, s in enumerate(game.guard_sets) if target in s]
            free = [matrix[r, c] for c, s in enumerate(game.guard_sets) if target not in s]
            body.append(
                f"<tr><th>{_esc(target)}</th><td>{_num(guarded[0], lang) if guarded else '—'}</td>"
                f"<td>{_num(free[0], lang) if free else '—'}</td></tr>"
            )
        note = f'<p class="tt-note">{tr("wide_note", lang, n=len(game.guard_sets))}</p>'
        return f'<table class="tt-payoff tt-matrix">{head}{"".join(body)}</table>{note}'
    col_max = matrix.max(axis=0)
    row_min = matrix.min(axis=1)
    head = "".join(
        f"<th>{_esc(tr('guards', lang, huts=' '.join(s) or '—'))}</th>" for s in game.guard_sets
    )
    body = []
    for r, target in enumerate(game.targets):
        cells = []
        for c in range(len(game.guard_sets)):
            value = matrix[r, c]
            marks = ("◀" if value >= col_max[c] - 1e-9 else "") + (
                "▲" if value <= row_min[r] + 1e-9 else ""
            )
            number = _num(value, lang)
            text = f'<span class="tt-best">{number}{marks}</span>' if marks else number
            cells.append(f"<td>{text}</td>")
        cells.append(f'<td class="tt-mix">{_pct(game.solution.row_strategy[r], lang)}</td>')
        label = _esc(tr("attack_target", lang, target=target))
        body.append(f"<tr><th>{label}</th>{''.join(cells)}</tr>")
    # The margins carry both optimal mixed strategies, the corner their value.
    mix = tr("optimal_mix", lang)
    guard_mix = "".join(
        f'<td class="tt-mix">{_pct(p, lang)}</td>' for p in game.solution.column_strategy
    )
    value = tr("value_cell", lang, value=_num(game.value, lang))
    body.append(f'<tr><th>{mix}</th>{guard_mix}<td class="tt-value">{value}</td></tr>')
    return (
        f'<table class="tt-payoff tt-matrix"><tr><th></th>{head}<th>{mix}</th></tr>'
        f"{''.join(body)}</table>"
    )


# --- widgets ----------------------------------------------------------------------------------


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang


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
        lang: str = "en",
    ) -> None:
        self.after = after
        self.declared = declared
        self.shown = shown
        self.lang = _check_lang(lang)
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
        """Show the panel in ``lang`` (``"en"`` or ``"fr"``)."""
        self.lang = _check_lang(lang)
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
            self.powers.value = self.equilibria.value = self.tables.value = ""
            self.picker.options = []
            self.selected_relations = {}
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
    parts = [f"{_power(p, lang)}→{_names(ts, lang)}" for p, ts in wars.items() if ts]
    return "; ".join(parts) if parts else tr("alliance_everywhere", lang)


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
        self.lang = _check_lang(lang)
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
        """Show the panel in ``lang`` (``"en"`` or ``"fr"``)."""
        self.lang = _check_lang(lang)
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
            self.summary.value = f'<p class="tt-msg-warn">{_esc(error)}</p>'
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
                targets=_count_words(len(game.targets), "targets", lang),
                guards=_count_words(min(game.guards_allowed, len(game.targets)), "guards", lang),
                value=_num(game.value, lang),
            )
            + "</p>"
        )
        self.board.value = board_html(self.state, game, lang)
        self.bars.value = (
            f"<h3>{tr('attack_probability', lang)}</h3>"
            + bars_html(game.attack_probabilities, lang=lang)
            + f"<h3>{tr('guard_probability', lang)}</h3>"
            + bars_html(game.guard_probabilities, guard=True, lang=lang)
        )
        self.matrix.value = attack_matrix_html(game, lang=lang)


def africa_analysis_panel(
    after: AfterOrders | None = None,
    declared: Relations | None = None,
    weight: float = 2.0,
    payoff: str = "presences",
    lang: str = "en",
) -> AfricaAnalysisPanel:
    """The Africa teacher-view panel (``panel.update(after, declared)`` changes the position,
    ``panel.set_lang("fr")`` the language)."""
    return AfricaAnalysisPanel(after, declared, weight, payoff, lang=lang)


def massai_analysis_panel(
    state: MassaiState | None = None,
    evaluation: str = "difference",
    win_bonus: float = 0.0,
    lang: str = "en",
) -> MassaiAnalysisPanel:
    """The Massai teacher-view panel (``panel.update(state)`` changes the position,
    ``panel.set_lang("fr")`` the language)."""
    return MassaiAnalysisPanel(state, evaluation, win_bonus, lang=lang)
