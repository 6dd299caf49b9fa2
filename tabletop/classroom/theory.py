"""What theory says beside what the class did, for one class game, as plain data.

:func:`class_theory` gathers, from the class's choice counts round by round: the prediction
(Nash, :attr:`~tabletop.classroom.games.StageGame.prediction`), the class's frequencies, the
fitted logit QRE (:func:`~tabletop.classroom.qre.fit_qre`) and the learning paths
(:func:`~tabletop.classroom.dynamics.class_path`), JSON-ready, for the teacher's screen, the
export (:func:`theory_csv`) and ``tabletop class qre``.

>>> from tabletop.classroom.games import preset
>>> theory = class_theory(preset("africa-two-full"), {1: {"France": {"war": 3, "alliance": 1}}})
>>> theory["populations"][0]["name"], theory["populations"][0]["class"]
('class', [0.25, 0.75])
>>> round(theory["qre"]["lambda"], 3), theory["qre"]["at"]
(1.465, 'interior')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from tabletop.classroom.dynamics import class_path
from tabletop.classroom.games import StageGame
from tabletop.classroom.qre import NASH_EPSILON, QreError, fit_qre, population_game

__all__ = ["THEORY_COLUMNS", "class_theory", "theory_csv"]

#: Columns of the QRE export, one row per population and action.
THEORY_COLUMNS = (
    "game",
    "population",
    "action",
    "count",
    "class_share",
    "prediction",
    "qre",
    "lambda",
    "lambda_at",
    "log_likelihood",
    "log_likelihood_uniform",
    "log_likelihood_nash",
    "lr_uniform",
    "p_uniform",
    "lr_nash",
    "p_nash",
    "choices",
)

Counts = Mapping[Any, Mapping[str, Mapping[str, float]]]


def class_theory(game: StageGame, counts_by_round: Counts) -> dict[str, Any]:
    """Prediction, class, QRE and dynamics of a class game, JSON-ready.

    ``counts_by_round[n][role][action]`` is how many students of ``role`` chose ``action`` in
    round ``n`` (the teacher view's ``counts``; round numbers may be strings, as after JSON).
    A symmetric game whose sides have the same actions is one population, ``"class"``, whose
    counts pool every side. With no choice yet, ``qre`` and ``dynamics`` are ``None``.
    """
    pop = population_game(game)
    pooled = len(pop.actions) == 1 and game.group_size > 1
    mix = game.prediction.mix
    by_round: dict[int, list[list[float]]] = {}
    for number, by_role in counts_by_round.items():
        rows = [[0.0] * len(a) for a in pop.actions]
        for role, counts in by_role.items():
            if role not in game.roles:
                raise QreError(f"{role!r} is not a side of {game.key}")
            r = game.roles.index(role)
            p = pop.populations[r]
            for action, n in counts.items():
                rows[p][game.index(r, action)] += float(n)
        by_round[int(number)] = rows
    totals = [
        [sum(by_round[n][p][j] for n in by_round) for j in range(k)]
        for p, k in enumerate(pop.sizes)
    ]
    prediction = [
        [mix[pop.representatives[p]].get(a, 0.0) for a in acts]
        for p, acts in enumerate(pop.actions)
    ]
    populations: list[dict[str, Any]] = []
    for p, acts in enumerate(pop.actions):
        total = sum(totals[p])
        populations.append(
            {
                "name": pop.names[p],
                "roles": [game.roles[r] for r, q in enumerate(pop.populations) if q == p],
                "actions": list(acts),
                "prediction": prediction[p],
                "counts": [int(c) if float(c).is_integer() else c for c in totals[p]],
                "class": [c / total for c in totals[p]] if total else None,
                "qre": None,
            }
        )
    result: dict[str, Any] = {
        "game": game.key,
        "pooled": pooled,
        "prediction_how": game.prediction.how,
        "populations": populations,
        "qre": None,
        "dynamics": None,
    }
    if not any(sum(t) for t in totals):
        return result
    fit = fit_qre(pop, totals, nash=prediction)
    for p, entry in enumerate(populations):
        entry["qre"] = list(fit.profile[p])
    result["qre"] = {
        "lambda": fit.lam,
        "at": fit.at,
        "lambda_end": fit.lam_end,
        "log_likelihood": fit.log_likelihood,
        "log_likelihood_uniform": fit.log_likelihood_uniform,
        "log_likelihood_nash": fit.log_likelihood_nash,
        "nash_epsilon": NASH_EPSILON,
        "lr_uniform": fit.lr_uniform,
        "p_uniform": fit.p_uniform,
        "lr_nash": fit.lr_nash,
        "p_nash": fit.p_nash,
        "choices": fit.choices,
    }
    path = class_path(pop, by_round)
    result["dynamics"] = {
        "rounds": list(path.rounds),
        "class": [[None if m is None else list(m) for m in r] for r in path.shares],
        "running": [[None if m is None else list(m) for m in r] for r in path.running],
        "fictitious_play": [[list(m) for m in r] for r in path.fictitious_play],
        "replicator": [[list(m) for m in r] for r in path.replicator],
    }
    return result


def theory_csv(theory: Mapping[str, Any]) -> str:
    """The QRE rows of a class game (:func:`class_theory`'s result), one per population and
    action, with :data:`THEORY_COLUMNS`; no rows before the first choice."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(THEORY_COLUMNS)
    fit = theory.get("qre")
    if fit is None:
        return out.getvalue()
    for pop in theory["populations"]:
        for j, action in enumerate(pop["actions"]):
            writer.writerow(
                [
                    theory["game"],
                    pop["name"],
                    action,
                    pop["counts"][j],
                    f"{pop['class'][j]:.6g}" if pop["class"] else "",
                    f"{pop['prediction'][j]:.6g}",
                    f"{pop['qre'][j]:.6g}",
                    f"{fit['lambda']:.6g}",
                    fit["at"],
                    f"{fit['log_likelihood']:.6f}",
                    f"{fit['log_likelihood_uniform']:.6f}",
                    f"{fit['log_likelihood_nash']:.6f}",
                    f"{fit['lr_uniform']:.6f}",
                    f"{fit['p_uniform']:.6g}",
                    f"{fit['lr_nash']:.6f}",
                    f"{fit['p_nash']:.6g}",
                    fit["choices"],
                ]
            )
    return out.getvalue()
