"""The steps of a Massai attack's reveal: the attack, the target, the guards, then the removals.

Pure data like :mod:`tabletop.ui.reveal.steps`; the attack is resolved again from the recorded
position with the rules' ``apply``, and its sentences are the rules' own (``Report.said``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.massai.actions import Attack
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.reports import player_name
from tabletop.games.massai.rules import apply
from tabletop.i18n import translator
from tabletop.ui.reveal.steps import RevealStep

__all__ = ["BoardMarks", "attack_steps", "last_attack"]


@dataclass(frozen=True)
class BoardMarks:
    """What the Massai board shows during a step."""

    huts: tuple[frozenset[str], frozenset[str]]
    target: str | None = None
    guards: tuple[str, ...] = ()
    removed: frozenset[tuple[int, str]] = frozenset()
    placed: frozenset[tuple[int, str]] = frozenset()


def last_attack(record: GameRecord) -> int:
    """The index (in ``record.actions``) of the last attack; ``ValueError`` when there is none."""
    for index in range(len(record.actions) - 1, -1, -1):
        if isinstance(record.actions[index], Attack):
            return index
    raise ValueError("no attack has been played in this game yet: nothing to reveal")


def attack_steps(
    record: GameRecord, index: int | None = None, lang: str = "en"
) -> list[RevealStep]:
    """The steps of the attack ``record.actions[index]`` (default: the last attack)."""
    if index is None:
        index = last_attack(record)
    action = record.actions[index]
    if not isinstance(action, Attack):
        raise ValueError(f"action {index + 1} is not an attack")
    before = record.states[index]
    after, report = apply(before, action)
    outcome = report.attack
    assert outcome is not None
    tr = translator(lang)
    attacker, defender = player_name(outcome.attacker, lang), player_name(outcome.defender, lang)
    turn = index + 1
    said = [s.render(lang) for s in report.said]
    label = tr.gettext("Massai, action {n}", n=turn)
    steps = [
        RevealStep(
            "attack",
            turn,
            tr.gettext("{attacker} attacks {defender}", attacker=attacker, defender=defender),
            (
                tr.ngettext(
                    "{n} attack point; guards allowed to {defender}: {allowed}",
                    "{n} attack points; guards allowed to {defender}: {allowed}",
                    outcome.attack_points,
                    defender=defender,
                    allowed=outcome.guards_allowed,
                ),
            ),
            BoardMarks(before.huts),
            label,
        ),
        RevealStep(
            "target",
            turn,
            tr.gettext("Target: {square}", square=outcome.target),
            (tr.gettext("chosen by {attacker}", attacker=attacker),),
            BoardMarks(before.huts, target=outcome.target),
            label,
        ),
        RevealStep(
            "guards",
            turn,
            tr.gettext("Guards: {squares}", squares=", ".join(outcome.guards))
            if outcome.guards
            else tr.gettext("No guard"),
            (said[1] if len(said) > 1 else "",),
            BoardMarks(before.huts, target=outcome.target, guards=outcome.guards),
            label,
        ),
        RevealStep(
            "removals",
            turn,
            tr.gettext("Removals"),
            tuple(said[2:]),
            BoardMarks(
                before.huts,
                target=outcome.target,
                guards=outcome.guards,
                removed=frozenset(report.removed),
                placed=frozenset(report.placed),
            ),
            label,
        ),
    ]
    lines = [tr.gettext("{player}'s turn", player=player_name(after.to_move, lang))]
    if report.winner is not None:
        lines = [tr.gettext("{player} wins", player=player_name(report.winner, lang))]
    steps.append(
        RevealStep(
            "after",
            turn,
            tr.gettext("After the attack"),
            tuple(lines),
            BoardMarks(after.huts),
            label,
        )
    )
    return steps
