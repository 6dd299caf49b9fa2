"""A class game's theory as data: prediction, class, QRE and dynamics, and its CSV rows."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tabletop.classroom.games import preset
from tabletop.classroom.qre import QreError, fit_qre, population_game
from tabletop.classroom.theory import THEORY_COLUMNS, class_theory, theory_csv

COUNTS = {
    1: {"attacker": {"c4": 3, "d4": 1}, "defender": {"c4": 2, "d4": 2}},
    "2": {"attacker": {"c4": 1, "d4": 3}, "defender": {"d4": 4}},
}


def test_a_game_with_two_sides_is_fitted_side_by_side() -> None:
    game = preset("massai-two-huts")
    theory = class_theory(game, COUNTS)
    json.dumps(theory)  # JSON-ready
    attacker, defender = theory["populations"]
    assert (attacker["name"], defender["name"]) == ("attacker", "defender")
    assert attacker["counts"] == [4, 4] and defender["counts"] == [2, 6]
    assert defender["class"] == [0.25, 0.75]
    assert attacker["prediction"] == [game.prediction.mix[0]["c4"], game.prediction.mix[0]["d4"]]
    fit = fit_qre(
        population_game(game), [[4, 4], [2, 6]], nash=[[7 / 12, 5 / 12], [5 / 12, 7 / 12]]
    )
    assert theory["qre"]["lambda"] == pytest.approx(fit.lam)
    assert attacker["qre"] == pytest.approx(list(fit.profile[0]))
    assert theory["qre"]["choices"] == 16
    assert theory["dynamics"]["rounds"] == [1, 2]
    assert theory["dynamics"]["class"][1] == [[0.25, 0.75], [0.0, 1.0]]


def test_a_symmetric_game_pools_the_sides() -> None:
    counts = {1: {"France": {"war": 2}, "Great Britain": {"war": 1, "alliance": 1}}}
    theory = class_theory(preset("africa-two-full-score"), counts)
    (pop,) = theory["populations"]
    assert theory["pooled"] and pop["roles"] == ["France", "Great Britain"]
    assert pop["counts"] == [1, 3]
    assert pop["prediction"] == pytest.approx([0.2, 0.8])


def test_before_any_choice_there_is_no_fit() -> None:
    theory = class_theory(preset("africa-two-full"), {})
    assert theory["qre"] is None and theory["dynamics"] is None
    assert theory_csv(theory).splitlines() == [",".join(THEORY_COLUMNS)]


def test_the_csv_has_one_row_per_population_and_action() -> None:
    theory = class_theory(preset("massai-two-huts"), COUNTS)
    rows = list(csv.DictReader(io.StringIO(theory_csv(theory))))
    assert [(r["population"], r["action"]) for r in rows] == [
        ("attacker", "c4"),
        ("attacker", "d4"),
        ("defender", "c4"),
        ("defender", "d4"),
    ]
    assert float(rows[0]["lambda"]) == pytest.approx(theory["qre"]["lambda"], rel=1e-5)
    assert float(rows[3]["class_share"]) == 0.75


def test_an_unknown_side_is_refused() -> None:
    with pytest.raises(QreError, match="not a side"):
        class_theory(preset("massai-two-huts"), {1: {"Italy": {"c4": 1}}})
