"""What happened, in words: a rules report as one or two sentences in the page language."""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.actions import Attack, Build, Move, Setup
from tabletop.games.massai.reports import Report
from tabletop.ui.massai.texts import keys, player_label, t


def _list(squares: Any, lang: str) -> str:
    squares = sorted(squares)
    return ", ".join(squares) if squares else t("none", lang)


def describe(report: Report, lang: str = "en") -> str:
    """The report as one or two sentences in ``lang`` (refusals and accepted actions)."""
    if not report.ok:
        key = f"x_{report.code}"
        if key not in keys():
            return report.message
        squares = report.params.get("squares")
        if isinstance(squares, list) and len(squares) > 1 and f"{key}_many" in keys():
            key = f"{key}_many"  # the verb agrees: "c1, c2 touch none"
        values = {k: (", ".join(v) if isinstance(v, list) else v) for k, v in report.params.items()}
        return t(key, lang, **values)
    action = report.action
    name = player_label(action.player, lang)
    if isinstance(action, Setup):
        if not report.placed:
            text = t("r_setup_secret", lang, player=name)
        else:
            text = t(
                "r_setup_reveal",
                lang,
                p0=player_label(0, lang),
                s0=_list([s for p, s in report.placed if p == 0], lang),
                p1=player_label(1, lang),
                s1=_list([s for p, s in report.placed if p == 1], lang),
                first=player_label(0, lang),
            )
    elif isinstance(action, Build):
        text = t("r_build", lang, player=name, square=action.square)
    elif isinstance(action, Move):
        text = t("r_move", lang, player=name, origin=action.origin, destination=action.destination)
    else:
        text = _describe_attack(report, action, lang)
    if report.winner is not None:
        how = t(f"how_{report.win_reason}", lang)
        text += " " + t("r_wins", lang, player=player_label(report.winner, lang), how=how)
    return text


def _describe_attack(report: Report, action: Attack, lang: str) -> str:
    outcome = report.attack
    assert outcome is not None  # an accepted attack always carries its outcome
    attacker = player_label(outcome.attacker, lang)
    defender = player_label(outcome.defender, lang)
    parts = [
        t(
            "r_attack",
            lang,
            player=attacker,
            target=outcome.target,
            points=outcome.attack_points,
            allowed=outcome.guards_allowed,
            guards=_list(outcome.guards, lang),
        )
    ]
    lost = _list([s for _, s in outcome.removed_touching], lang)
    if outcome.guarded:
        parts.append(t("r_guarded", lang, target=outcome.target, player=attacker, lost=lost))
    elif outcome.replaced:
        parts.append(
            t(
                "r_replaced",
                lang,
                target=outcome.target,
                attacker=attacker,
                player=defender,
                lost=lost,
            )
        )
    else:
        parts.append(
            t(
                "r_removed_only",
                lang,
                target=outcome.target,
                attacker=attacker,
                player=defender,
                lost=lost,
            )
        )
    if outcome.removed_isolated:
        by_player = {
            p: [s for q, s in outcome.removed_isolated if q == p]
            for p in (0, 1)
            if any(q == p for q, _ in outcome.removed_isolated)
        }
        lost_alone = "; ".join(
            f"{player_label(p, lang)} {_list(squares, lang)}" for p, squares in by_player.items()
        )
        parts.append(t("r_isolated", lang, lost=lost_alone))
    return " ".join(parts)
