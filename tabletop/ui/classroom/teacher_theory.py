"""The theory panel of the teacher's screen: for the class game, the prediction (Nash), the
class's frequencies and the fitted logit QRE side by side (a table with bars), λ and the
likelihood ratios in one plain sentence, and round by round the class beside fictitious play
(a small line chart).

Everything is HTML and inline SVG made here (no plotting library: the page's memory matters),
from :func:`~tabletop.classroom.theory.class_theory`. The panel is made when the closed
rounds' counts change, and kept per counts and language, so a page that looks at the class
every second fits nothing again until a round closes.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.classroom.games import preset
from tabletop.classroom.theory import class_theory
from tabletop.i18n import Translator, format_decimal, format_percent
from tabletop.ui.classroom.common import action_label
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc

__all__ = ["THEORY_CSS", "lambda_sentence", "theory_html"]

_log = logging.getLogger("tabletop.ui.classroom")

#: Colours of the three columns (prediction, class, QRE), and of the actions' lines (none of
#: the columns' colours, so a line is never read as a column).
COLUMN_COLOURS = ("#757575", "#1565c0", "#ef6c00")
LINE_COLOURS = ("#6a1b9a", "#2e7d32", "#c62828", "#00838f", "#5d4037", "#ad1457", "#827717")
#: Below this p-value the class's play is "far from uniform".
SIGNIFICANT = 0.05

THEORY_CSS = """
.tt-class-page .tt-theory-table { border-collapse: collapse; font-size: 18px; margin: 4px 0; }
.tt-class-page .tt-theory-table th, .tt-class-page .tt-theory-table td {
  padding: 3px 10px; text-align: left; }
.tt-class-page .tt-bar { display: inline-block; width: 120px; height: 14px; background: #eeeeee;
  vertical-align: middle; margin-right: 6px; }
.tt-class-page .tt-bar span { display: block; height: 100%; }
.tt-class-page .tt-dynamics svg { max-width: 100%; height: auto; }
.tt-class-page .tt-legend span { display: inline-block; margin-right: 14px; }
"""


def theory_html(preset_key: str, counts: Mapping[Any, Any], lang: str) -> str:
    """The panel for the closed rounds' ``counts`` (the teacher view's: round -> side ->
    action -> students), in ``lang``; ``""`` before the first choice."""
    key = json.dumps(counts, sort_keys=True, default=str)
    return _panel(preset_key, key, lang)


@functools.lru_cache(maxsize=16)
def _panel(preset_key: str, counts_json: str, lang: str) -> str:
    t = tr(lang)
    try:
        theory = class_theory(preset(preset_key), json.loads(counts_json))
    except (ArithmeticError, ValueError) as error:
        # A fit that fails is said in one line; the rest of the results stays.
        _log.warning("the QRE of class game %s could not be fitted: %s", preset_key, error)
        return (
            "<p class='tt-theory tt-warn'>"
            + esc(t.gettext("The QRE could not be fitted to these choices."))
            + "</p>"
        )
    if theory["qre"] is None:
        return ""
    heading = t.gettext("Theory beside the class")
    parts = [f"<div class='tt-theory'><style>{THEORY_CSS}</style>", f"<h3>{esc(heading)}</h3>"]
    pooled = theory["pooled"]
    for pop in theory["populations"]:
        parts.append(_table(pop, theory["qre"]["lambda"], pooled, t))
    parts.append(f"<p class='tt-big tt-qre-sentence'>{esc(lambda_sentence(theory['qre'], t))}</p>")
    n = theory["qre"]["choices"]
    note = t.ngettext(
        "Fitted by maximum likelihood to {n} choice of students (the computer's are left out).",
        "Fitted by maximum likelihood to {n} choices of students (the computer's are left out).",
        n,
        n=n,
    )
    parts.append(f"<p class='tt-qre-note'>{esc(note)}</p>")
    dynamics = theory["dynamics"]
    for p, pop in enumerate(theory["populations"]):
        parts.append(_chart(pop, p, dynamics, pooled, t))
    parts.append("</div>")
    return "".join(parts)


def _title(pop: Mapping[str, Any], pooled: bool, t: Translator) -> str:
    return t.gettext("The whole class") if pooled else str(pop["name"])


def _bar(share: float | None, colour: str, lang: str) -> str:
    if share is None:
        return "–"
    width = max(0.0, min(1.0, share)) * 100
    return (
        f"<span class='tt-bar'><span style='width:{width:.1f}%;background:{colour}'></span></span>"
        + esc(format_percent(share, lang, digits=0))
    )


def _table(pop: Mapping[str, Any], lam: float, pooled: bool, t: Translator) -> str:
    heads = (
        t.gettext("Choice"),
        t.gettext("Prediction (Nash)"),
        t.gettext("Class"),
        t.gettext("QRE (λ = {lam})", lam=format_decimal(lam, t.lang, 2)),
    )
    head = "".join(f"<th>{esc(h)}</th>" for h in heads)
    rows = []
    shares = pop["class"]
    for j, action in enumerate(pop["actions"]):
        cells = (
            _bar(pop["prediction"][j], COLUMN_COLOURS[0], t.lang),
            _bar(shares[j] if shares else None, COLUMN_COLOURS[1], t.lang),
            _bar(pop["qre"][j], COLUMN_COLOURS[2], t.lang),
        )
        rows.append(
            f"<tr class='tt-theory-row'><td>{esc(action_label(action, t))}</td>"
            f"<td class='tt-theory-nash'>{cells[0]}</td>"
            f"<td class='tt-theory-class'>{cells[1]}</td>"
            f"<td class='tt-theory-qre'>{cells[2]}</td></tr>"
        )
    return (
        f"<h4>{esc(_title(pop, pooled, t))}</h4>"
        f"<table class='tt-theory-table'><tr>{head}</tr>{''.join(rows)}</table>"
    )


def _p_words(p: float, lang: str) -> str:
    return (
        "p < " + format_decimal(0.001, lang) if p < 0.001 else "p = " + format_decimal(p, lang, 3)
    )


def lambda_sentence(fit: Mapping[str, Any], t: Translator) -> str:
    """λ and the likelihood ratios in one plain sentence (``fit``: :func:`class_theory`'s
    ``qre``)."""
    _ = t.gettext
    lam = format_decimal(fit["lambda"], t.lang, 2)
    p = _p_words(fit["p_uniform"], t.lang)
    if fit["at"] == "flat":
        return _(
            "In this game the QRE is the same for every λ: the class's choices cannot tell how "
            "noisy they were."
        )
    if fit["at"] == "zero":
        return _(
            "The class's choices are best explained by uniform play (λ = 0): they do not follow "
            "the payoffs."
        )
    if fit["at"] == "end":
        return _(
            "The class played as Nash predicts: the likelihood still grows at λ = {lam}, the end "
            "of the traced range ({p} against uniform play).",
            lam=lam,
            p=p,
        )
    far = fit["p_uniform"] < SIGNIFICANT
    nearer_uniform = fit["log_likelihood_uniform"] >= fit["log_likelihood_nash"]
    if far and nearer_uniform:
        return _(
            "The class played like a noisy best response with λ = {lam}: far from uniform play "
            "({p}), yet closer to it than to Nash.",
            lam=lam,
            p=p,
        )
    if far:
        return _(
            "The class played like a noisy best response with λ = {lam}: far from uniform play "
            "({p}) and closer to Nash than to it.",
            lam=lam,
            p=p,
        )
    if nearer_uniform:
        return _(
            "The class played like a noisy best response with λ = {lam}, but not clearly apart "
            "from uniform play ({p}), and closer to it than to Nash.",
            lam=lam,
            p=p,
        )
    return _(
        "The class played like a noisy best response with λ = {lam}, not clearly apart from "
        "uniform play ({p}), yet closer to Nash than to it.",
        lam=lam,
        p=p,
    )


def _chart(
    pop: Mapping[str, Any], p: int, dynamics: Mapping[str, Any], pooled: bool, t: Translator
) -> str:
    """Each action's share round by round: the class (solid, dots) and fictitious play
    (dashed), from the same first round."""
    rounds: Sequence[int] = dynamics["rounds"]
    width, height, left, top, bottom = 420, 190, 40, 12, 30
    plot_w, plot_h = width - left - 12, height - top - bottom
    span = max(1, len(rounds) - 1)

    def x(i: int) -> float:
        return left + (plot_w * i / span if len(rounds) > 1 else plot_w / 2)

    def y(share: float) -> float:
        return top + plot_h * (1 - share)

    marks = [
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{left + plot_w}" y2="{y(0):.1f}" '
        'stroke="#9e9e9e"/>',
        f'<line x1="{left}" y1="{y(1):.1f}" x2="{left + plot_w}" y2="{y(1):.1f}" '
        'stroke="#e0e0e0"/>',
        f'<text x="{left - 6}" y="{y(0) + 4:.1f}" font-size="12" text-anchor="end">0</text>',
        f'<text x="{left - 6}" y="{y(1) + 4:.1f}" font-size="12" text-anchor="end">1</text>',
    ]
    for i, number in enumerate(rounds):
        marks.append(
            f'<text x="{x(i):.1f}" y="{height - 10}" font-size="12" '
            f'text-anchor="middle">{number}</text>'
        )
    legend = []
    for j, action in enumerate(pop["actions"]):
        colour = LINE_COLOURS[j % len(LINE_COLOURS)]
        fp = [(x(i), y(r[p][j])) for i, r in enumerate(dynamics["fictitious_play"])]
        marks.append(_polyline(fp, colour, dashed=True))
        seen = [(x(i), y(r[p][j])) for i, r in enumerate(dynamics["class"]) if r[p] is not None]
        marks.append(_polyline(seen, colour, dashed=False))
        marks.extend(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3.5" fill="{colour}"/>' for cx, cy in seen
        )
        legend.append(f"<span style='color:{colour}'>■ {esc(action_label(action, t))}</span>")
    title = t.gettext("Round by round: the class (solid) and fictitious play (dashed)")
    if not pooled:
        title += f" — {pop['name']}"
    svg = (
        f'<svg viewBox="0 0 {width} {height}" width="{width}" role="img" '
        f'aria-label="{esc(title)}" xmlns="http://www.w3.org/2000/svg">{"".join(marks)}</svg>'
    )
    return (
        f"<div class='tt-dynamics'><p>{esc(title)}</p>{svg}"
        f"<p class='tt-legend'>{''.join(legend)}</p></div>"
    )


def _polyline(points: Sequence[tuple[float, float]], colour: str, dashed: bool) -> str:
    if not points:
        return ""
    coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>'
