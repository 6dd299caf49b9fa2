"""The theory panel of the teacher's screen, driven in process against a real SQLite store:
prediction, class and QRE side by side, the λ sentence, the class beside fictitious play, the
QRE export, and no fit again until a round closes."""

from __future__ import annotations

import base64
import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.classroom.games import PRESETS, preset
from tabletop.classroom.theory import class_theory, theory_csv
from tabletop.i18n import format_decimal
from tabletop.store import Store, open_store
from tabletop.ui.classroom import teacher_theory
from tabletop.ui.classroom.common import action_label
from tabletop.ui.classroom.teacher import TeacherPage
from tabletop.ui.classroom.teacher_theory import lambda_sentence, theory_html
from tabletop.ui.seat.common import tr
from tests.ui.classroom.helpers import buttons, join_student, new_teacher, press, texts


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = open_store(tmp_path / "class.db")
    yield opened
    opened.close()


def _play_round(teacher: TeacherPage, students: list[Any], choose: dict[str, str]) -> None:
    teacher.refresh()
    press(teacher, "tt-start-round")
    t = tr("en")
    for s in students:
        s.refresh()
        name = s.view["nickname"]
        actions = s.view["actions"]
        action = choose[name] if choose[name] in actions else actions[0]
        (button,) = [b for b in buttons(s) if b.description == action_label(action, t)]
        button.click()
    teacher.refresh()
    press(teacher, "tt-close-round")
    teacher.refresh()


def _panel(teacher: TeacherPage) -> str:
    (panel,) = [w for w in teacher.results.children if "tt-theory-panel" in w._dom_classes]
    return str(panel.value)


def test_prediction_class_and_qre_side_by_side(store: Store) -> None:
    teacher = new_teacher(store, "africa-two-full-score", rounds=3)
    students = [join_student(teacher, store, n) for n in ("Ana", "Ben", "Cy", "Dee")]
    _play_round(teacher, students, {"Ana": "war", "Ben": "war", "Cy": "war", "Dee": "alliance"})
    panel = _panel(teacher)
    theory = class_theory(preset("africa-two-full-score"), teacher.view["counts"])
    (pop,) = theory["populations"]  # a symmetric game: the whole class, pooled
    assert pop["counts"] == [1, 3]
    # One row per action, each with the three columns.
    assert panel.count("class='tt-theory-row'") == 2
    for column in ("tt-theory-nash", "tt-theory-class", "tt-theory-qre"):
        assert panel.count(f"class='{column}'") == 2
    row = re.search(r"<td>War</td>(.*?)</tr>", panel)
    assert row is not None
    cells = re.findall(r"</span></span>(\d+)%", row.group(1))
    assert cells == ["80", "75", str(round(100 * pop["qre"][1]))]
    lam = format_decimal(theory["qre"]["lambda"], "en", 2)
    assert f"QRE (λ = {lam})" in panel
    sentence = lambda_sentence(theory["qre"], tr("en"))
    assert sentence in panel.replace("&#x27;", "'")
    assert "4 choices of students" in panel
    # Round by round: one dot per action and round so far, inside an inline SVG.
    assert panel.count("<svg") == 1 and panel.count("<circle") == 2


def test_the_qre_export_and_the_fit_made_once_per_closed_round(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Any] = []

    def counted(game: Any, counts: Any) -> Any:
        calls.append(counts)
        return class_theory(game, counts)

    monkeypatch.setattr(teacher_theory, "class_theory", counted)
    teacher = new_teacher(store, "massai-two-huts", rounds=2)
    students = [join_student(teacher, store, n) for n in ("Eve", "Fay", "Gus", "Hal")]
    _play_round(teacher, students, {"Eve": "c4", "Fay": "d4", "Gus": "c4", "Hal": "c4"})
    assert len(calls) == 1
    for _ in range(5):  # the screen looks every second: nothing is fitted again
        teacher.refresh()
    assert len(calls) == 1
    panel = _panel(teacher)
    # Two sides, each with its table and its chart.
    assert panel.count("<table class='tt-theory-table'>") == 2 and panel.count("<svg") == 2
    _play_round(teacher, students, {"Eve": "d4", "Fay": "d4", "Gus": "d4", "Hal": "c4"})
    assert len(calls) == 2
    assert _panel(teacher).count("<circle") == 2 * 2 * 2  # 2 sides × 2 actions × 2 rounds
    link = re.search(
        r'class="tt-export-qre"[^>]*href="data:text/csv;base64,([^"]+)"', texts(teacher)
    )
    assert link is not None
    shown = base64.b64decode(link.group(1)).decode()
    assert shown == theory_csv(class_theory(preset("massai-two-huts"), teacher.view["counts"]))
    rows = list(csv.DictReader(io.StringIO(shown)))
    assert {r["population"] for r in rows} == {"attacker", "defender"}
    assert sum(int(r["count"]) for r in rows) == 8


def test_nothing_before_the_first_choice_and_one_line_when_the_fit_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert theory_html("africa-two-full", {}, "en") == ""

    def failing(game: Any, counts: Any) -> Any:
        raise ArithmeticError("no convergence")

    monkeypatch.setattr(teacher_theory, "class_theory", failing)
    html = theory_html("africa-two-full", {"9": {"France": {"war": 1}}}, "en")
    assert "could not be fitted" in html and "Traceback" not in html


FIT = {
    "lambda": 1.8,
    "at": "interior",
    "p_uniform": 0.0004,
    "log_likelihood_uniform": -20.0,
    "log_likelihood_nash": -40.0,
}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({}, "λ = 1.8: far from uniform play (p < 0.001), yet closer to it than to Nash."),
        ({"log_likelihood_nash": -10.0}, "far from uniform play (p < 0.001) and closer to Nash"),
        ({"p_uniform": 0.2}, "not clearly apart from uniform play (p = 0.2), and closer to it"),
        (
            {"p_uniform": 0.2, "log_likelihood_nash": -10.0},
            "not clearly apart from uniform play (p = 0.2), yet closer to Nash",
        ),
        ({"at": "zero", "lambda": 0.0}, "best explained by uniform play (λ = 0)"),
        ({"at": "end", "lambda": 91.0}, "as Nash predicts: the likelihood still grows at λ = 91"),
        ({"at": "flat", "lambda": 0.0}, "the QRE is the same for every λ"),
    ],
)
def test_one_plain_sentence_for_every_kind_of_fit(change: dict[str, Any], words: str) -> None:
    assert words in lambda_sentence({**FIT, **change}, tr("en"))


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_panel_speaks_the_language(lang: str) -> None:
    english = {
        lambda_sentence({**FIT, "at": at}, tr("en")) for at in ("interior", "zero", "end", "flat")
    }
    for at in ("interior", "zero", "end", "flat"):
        said = lambda_sentence({**FIT, "at": at}, tr(lang))
        assert said not in english and "λ" in said
    assert "1,8" in lambda_sentence(FIT, tr(lang))  # the language's decimal mark
    counts = {"1": {"France": {"war": 3, "alliance": 1}}}
    panel = theory_html("africa-two-full", counts, lang)
    assert "Theory beside the class" not in panel and "Prediction (Nash)" not in panel


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_class_game_gets_its_panel(key: str) -> None:
    game = preset(key)
    # Round 1: every side plays its first action twice and its last once; round 2: the reverse.
    counts = {
        str(n): {
            role: {actions[0]: 2 if n == 1 else 1, actions[-1]: 1 if n == 1 else 2}
            for role, actions in zip(game.roles, game.actions, strict=True)
        }
        for n in (1, 2)
    }
    panel = theory_html(key, counts, "en")
    theory = class_theory(game, counts)
    assert lambda_sentence(theory["qre"], tr("en")) in panel.replace("&#x27;", "'")
    assert panel.count("class='tt-theory-row'") == sum(
        len(p["actions"]) for p in theory["populations"]
    )
    assert panel.count("<svg") == len(theory["populations"])
