"""What the teacher-view panels and the lesson show, as HTML: pure functions of the analysis.

Payoff tables with best responses marked, dominance in words, the pure equilibria and the
powers' best responses (Africa), the optimal mixed strategies as bars, the board and the attack
matrix (Massai). The computing is done by :mod:`tabletop.analysis`; these builders are pure so
that tests read what a person sees. The panels around them are in ``africa_panel`` and
``massai_panel``.

Marks used in every payoff table: a payoff in **bold with a ▲/◀** is a best response of its player
to the other's choice; a cell on a green background is a pure Nash equilibrium.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tabletop.analysis.africa_diplomacy import (
    DiplomacyAnalysis,
    TerritoryTable,
)
from tabletop.analysis.massai_attack import AttackGame
from tabletop.analysis.normal_form import Game
from tabletop.games.massai import State as MassaiState
from tabletop.games.massai.board import square_name
from tabletop.i18n import translator
from tabletop.ui.analysis.texts import esc, num, pct, power_label, relation_word, tr

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
    first, second = (power_label(p, lang) for p in game.players)
    head = "".join(
        f"<th>{esc(second)}: {esc(relation_word(s, lang))}</th>" for s in game.strategies[1]
    )
    rows = []
    for r, row_label in enumerate(game.strategies[0]):
        cells = []
        for c in range(game.shape[1]):
            a, b = game.payoffs[0, r, c], game.payoffs[1, r, c]
            a_num, b_num = num(a, lang), num(b, lang)
            a_text = f'<span class="tt-best">{a_num}◀</span>' if row_best[r, c] else a_num
            b_text = f'<span class="tt-best">{b_num}▲</span>' if col_best[r, c] else b_num
            css = ' class="tt-nash"' if nash[r, c] else ""
            cells.append(f"<td{css}>{a_text} , {b_text}</td>")
        label = esc(relation_word(row_label, lang))
        rows.append(f"<tr><th>{esc(first)}: {label}</th>{''.join(cells)}</tr>")
    caption = f"<h3>{esc(title)}</h3>" if title else ""
    return f'{caption}<table class="tt-payoff"><tr><th></th>{head}</tr>{"".join(rows)}</table>'


def dominance_sentence(game: Game, player: int, lang: str = "en") -> str:
    """Plain words: which strategy of ``player`` dominates, strictly or weakly, if any."""
    name = power_label(game.players[player], lang)
    if game.shape[player] < 2:
        return tr("single_choice", lang, name=name)
    own = game.payoffs[player]
    # Every choice pays the same against each reply: nothing dominates, and nothing depends on
    # the other's choice either (e.g. the game score before the last round).
    if np.allclose(own.max(axis=player), own.min(axis=player)):
        return tr("all_equal", lang, name=name)
    strict = game.dominant_strategies(player, strict=True)
    if strict:
        choice = relation_word(game.strategies[player][strict[0]], lang)
        return tr("strictly_dominates", lang, name=name, choice=choice)
    weak = game.dominant_strategies(player, strict=False)
    if weak:
        choice = relation_word(game.strategies[player][weak[0]], lang)
        return tr("weakly_dominates", lang, name=name, choice=choice)
    return tr("no_dominance", lang, name=name)


def territory_table_html(table: TerritoryTable, lang: str = "en") -> str:
    """The 2x2 game of a territory held by two powers, with best responses and equilibria."""
    kind = tr("full" if table.colony_candidate else "not_full", lang)
    body = payoff_table_html(table.game, f"{table.territory} ({kind})", lang)
    words = "".join(f"<li>{esc(dominance_sentence(table.game, k, lang))}</li>" for k in range(2))
    return f'<div class="tt-territory-table">{body}<ul>{words}</ul></div>'


def names_text(powers: Sequence[str], lang: str) -> str:
    return ", ".join(power_label(p, lang) for p in powers)


def wars_text(wars: Mapping[str, Sequence[str]], lang: str = "en") -> str:
    parts = [
        esc(tr("power_wars", lang, power=power_label(p, lang), targets=names_text(ts, lang)))
        for p, ts in wars.items()
        if ts
    ]
    return "; ".join(parts) if parts else tr("alliance_everywhere", lang)


def pairs_text(pairs: Sequence[tuple[str, str]], lang: str = "en") -> str:
    if not pairs:
        return tr("none", lang)
    return ", ".join(f"{esc(power_label(a, lang))}→{esc(power_label(b, lang))}" for a, b in pairs)


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
                parts.append(tr("war_on", lang, targets=names_text(wars, lang)))
            parts.append(tr("either_toward", lang, targets=names_text(optional, lang)))
            return f"{'; '.join(parts)} {tr('n_best', lang, n=len(set(sets)))}"
    return "; ".join(
        tr("war_on", lang, targets=names_text(r, lang)) if r else tr("alliance_all", lang)
        for r in responses
    )


def powers_html(result: DiplomacyAnalysis, lang: str = "en") -> str:
    """Per power: declared wars, payoff, best responses to the others' declarations, dominance."""
    rows = []
    for report in result.power_reports:
        declared = names_text(report.declared_wars, lang) or "—"
        if report.declared_is_best_response:
            verdict = f'<span class="tt-best">{tr("yes", lang)} ✓</span>'
        else:
            verdict = esc(tr("no_possible", lang, best=num(report.best_payoff, lang)))
        best = best_responses_text(report.best_responses, lang)
        dominance = ", ".join(
            tr(
                "toward",
                lang,
                choice=tr(d[0], lang),
                power=power_label(q, lang),
                kind=tr(d[1], lang),
            )
            for q, d in report.dominant.items()
            if d is not None
        )
        rows.append(
            f"<tr><td>{esc(power_label(report.power, lang))}</td><td>{esc(declared)}</td>"
            f"<td>{num(report.declared_payoff, lang)}</td><td>{verdict}</td>"
            f"<td>{esc(best)}</td><td>{esc(dominance) or '—'}</td></tr>"
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
        parts.append(f'<p class="tt-note">{esc(result.note)}</p>')
        return "".join(parts)
    parts.append(f"<p>{tr('free', lang, pairs=pairs_text(result.free, lang))}</p>")
    parts.append(f"<p>{tr('indifferent', lang, pairs=pairs_text(result.indifferent, lang))}</p>")
    count = result.equilibrium_count
    if count is None:
        parts.append(f"<p>{tr('count_unknown', lang, n=len(result.equilibria))}</p>")
        if result.count_estimate is not None and result.count_interval is not None:
            low, high = result.count_interval
            estimate = tr(
                "count_estimate",
                lang,
                n=round(result.count_estimate),
                estimate=num(round(result.count_estimate), lang),
                low=num(round(low), lang),
                high=num(round(high), lang),
            )
            parts.append(f'<p class="tt-analysis-estimate">{esc(estimate)}</p>')
            parts.extend(_sample_html(result, lang))
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
        pay = ", ".join(
            f"{esc(power_label(p, lang))} {num(v, lang)}" for p, v in eq.payoffs.items()
        )
        items.append(
            f"<li>{wars_text(eq.wars, lang)}{star} <span class='tt-note'>({pay})</span></li>"
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


def _sample_html(result: DiplomacyAnalysis, lang: str) -> list[str]:
    """How an estimated count was found: the sample behind each estimate, said exactly."""
    t = translator(lang)
    samples = [
        t.gettext(
            "{hits} of {trials} uniformly random profiles of {n} relations were equilibria",
            hits=num(hits, lang),
            trials=num(trials, lang),
            n=n,
        )
        for n, trials, hits in result.count_samples
    ]
    if not samples:
        return []
    how = t.gettext(
        "How it was estimated: {samples}; the count is that share of all their profiles "
        "(no exact method fitted in the time and work allowed).",
        samples="; ".join(samples),
    )
    return [f'<p class="tt-note tt-analysis-sample">{esc(how)}</p>']


def bars_html(values: Mapping[str, float], guard: bool = False, lang: str = "en") -> str:
    """Horizontal probability bars (0-100%)."""
    css = "tt-bar tt-bar-guard" if guard else "tt-bar"
    rows = []
    for label, p in values.items():
        width = int(round(200 * max(0.0, min(1.0, p))))
        rows.append(
            f"<tr><td>{esc(label)}</td><td style='width:210px'><span class='{css}' "
            f"style='width:{width}px'></span></td><td>{pct(p, lang)}</td></tr>"
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
                a_text, g_text = pct(attack[square], lang, 0), pct(guard[square], lang, 0)
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
                f"<tr><th>{esc(target)}</th><td>{num(guarded[0], lang) if guarded else '—'}</td>"
                f"<td>{num(free[0], lang) if free else '—'}</td></tr>"
            )
        note = f'<p class="tt-note">{tr("wide_note", lang, n=len(game.guard_sets))}</p>'
        return f'<table class="tt-payoff tt-matrix">{head}{"".join(body)}</table>{note}'
    col_max = matrix.max(axis=0)
    row_min = matrix.min(axis=1)
    head = "".join(
        f"<th>{esc(tr('guards', lang, huts=' '.join(s) or '—'))}</th>" for s in game.guard_sets
    )
    body = []
    for r, target in enumerate(game.targets):
        cells = []
        for c in range(len(game.guard_sets)):
            value = matrix[r, c]
            marks = ("◀" if value >= col_max[c] - 1e-9 else "") + (
                "▲" if value <= row_min[r] + 1e-9 else ""
            )
            number = num(value, lang)
            text = f'<span class="tt-best">{number}{marks}</span>' if marks else number
            cells.append(f"<td>{text}</td>")
        cells.append(f'<td class="tt-mix">{pct(game.solution.row_strategy[r], lang)}</td>')
        label = esc(tr("attack_target", lang, target=target))
        body.append(f"<tr><th>{label}</th>{''.join(cells)}</tr>")
    # The margins carry both optimal mixed strategies, the corner their value.
    mix = tr("optimal_mix", lang)
    guard_mix = "".join(
        f'<td class="tt-mix">{pct(p, lang)}</td>' for p in game.solution.column_strategy
    )
    value = tr("value_cell", lang, value=num(game.value, lang))
    body.append(f'<tr><th>{mix}</th>{guard_mix}<td class="tt-value">{value}</td></tr>')
    return (
        f'<table class="tt-payoff tt-matrix"><tr><th></th>{head}<th>{mix}</th></tr>'
        f"{''.join(body)}</table>"
    )


def attack_claims(game: AttackGame, lang: str = "en") -> list[str]:
    """Plain sentences on the optimal plans, every one computed from the game: whether the
    optimal attack is pure, unique or one of many (with each hut's range of chances), the same
    for the guards, and what each hut earns against the defender's optimal guards."""

    def n(x: float) -> str:
        return num(x + 0.0, lang)  # as precise as the value in the summary

    def ranges(values: Mapping[str, tuple[float, float]]) -> str:
        return ", ".join(
            f"{hut} {pct(lo, lang)}"
            if hi - lo <= 1e-7
            else f"{hut} {pct(lo, lang)}–{pct(hi, lang)}"
            for hut, (lo, hi) in values.items()
        )

    value = game.value
    claims: list[str] = []  # the value itself is in the panel's summary
    if game.attack_pure:
        (target,) = game.optimal_targets
        claims.append(tr("attack_pure", lang, target=target, value=n(value)))
    elif game.attack_unique:
        claims.append(tr("attack_unique", lang))
    else:
        claims.append(tr("attack_many", lang, ranges=ranges(game.attack_ranges)))
    if game.guard_unique:
        claims.append(tr("guard_unique", lang))
    else:
        claims.append(tr("guard_many", lang, ranges=ranges(game.guard_ranges)))
    played = set(game.optimal_targets)
    for target, earned in game.target_earnings.items():
        if earned < value - 1e-7:
            key = "target_not_played"
        elif target in played:
            key = "target_always" if game.attack_pure else "target_played"
        else:
            key = "target_tie"
        claims.append(tr(key, lang, target=target, earned=n(earned), value=n(value)))
    return claims


def attack_claims_html(game: AttackGame, lang: str = "en") -> str:
    """:func:`attack_claims` as a list."""
    items = "".join(f"<li>{esc(c)}</li>" for c in attack_claims(game, lang))
    return f'<ul class="tt-analysis-claims">{items}</ul>'
