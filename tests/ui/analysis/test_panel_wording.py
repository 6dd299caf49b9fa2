"""What a class reads on the teacher views and the lesson: claims that must match the game."""

from __future__ import annotations

from tabletop.analysis.examples import africa_position, massai_position
from tabletop.analysis.normal_form import Game
from tabletop.ui.analysis.africa_panel import africa_analysis_panel
from tabletop.ui.analysis.lesson import dominance_lesson
from tabletop.ui.analysis.tables import dominance_sentence


def test_a_player_whose_choices_all_pay_the_same_is_told_so() -> None:
    # Every cell equal (the game score of a territory before the last round): nothing dominates,
    # but the best choice does not "depend on what the other does" either.
    flat = Game([[[0, 0], [0, 0]], [[0, 0], [0, 0]]], [["A", "W"], ["A", "W"]], ["Row", "Col"])
    for player in (0, 1):
        for lang in ("en", "fr"):
            text = dominance_sentence(flat, player, lang)
            assert "depend" not in text and "dépend" not in text
        assert "same payoff" in dominance_sentence(flat, player)
        assert "même gain" in dominance_sentence(flat, player, "fr")
    # Only one player indifferent: the other keeps its dominance sentence.
    half = Game([[[1, 1], [1, 1]], [[1, 0], [0, 1]]], [["A", "W"], ["A", "W"]], ["Row", "Col"])
    assert "same payoff" in dominance_sentence(half, 0)
    assert "depends on what the other does" in dominance_sentence(half, 1)


def _by_class(root, name: str):
    """The first widget under ``root`` carrying the CSS class ``name``."""
    stack = [root]
    while stack:
        widget = stack.pop(0)
        if name in getattr(widget, "_dom_classes", ()):
            return widget
        stack.extend(getattr(widget, "children", ()))
    raise AssertionError(f"no widget with class {name}")


def test_lesson_one_controls_say_what_they_are() -> None:
    lesson = dominance_lesson()
    weight = _by_class(lesson, "tt-lesson1-weight")
    payoff = _by_class(lesson, "tt-lesson1-payoff")
    # The slider's label was cut to "Colony" by the default label width.
    assert weight.description == "Colony weight"
    assert weight.style.description_width == "initial"
    # The payoff menu uses the words of the teacher view, not the internal keys.
    assert [label for label, _ in payoff.options] == ["presences (+ colonies)", "game score"]
    # The weight means nothing for the game score: it is greyed out then.
    assert not weight.disabled
    payoff.value = "score"
    assert weight.disabled
    payoff.value = "presences"
    assert not weight.disabled


def test_panel_weight_is_greyed_out_under_the_game_score() -> None:
    panel = africa_analysis_panel(africa_position({"France": ["Egypt"], "Belgium": ["Egypt"]}))
    assert not panel.weight.disabled
    panel.payoff.value = "score"
    assert panel.weight.disabled
    panel.update(payoff="presences")
    assert not panel.weight.disabled


def test_equilibrium_count_is_stated_honestly() -> None:
    from tabletop.analysis.africa_diplomacy import analyse
    from tabletop.analysis.examples import random_africa_position
    from tabletop.games.africa1880 import POWERS, Relations
    from tabletop.ui.analysis.tables import equilibria_html

    # Count unknown: the page says so, and says how many are shown, not how many were found.
    after = random_africa_position(5, powers=4, presences_per_power=10, full_share=0.6)
    unknown = analyse(after, limit=5, count_budget=0)
    assert unknown.equilibrium_count is None and len(unknown.equilibria) == 5
    text = equilibria_html(unknown, shown=3)
    assert "unknown" in text and "at least <b>5</b>" in text
    # ... never bare: the estimate and its interval follow.
    assert "confidence interval 95%" in text and "about" in text
    assert "first 3 are listed" in text and "first 5" not in text
    french = equilibria_html(unknown, shown=3, lang="fr")
    assert "inconnu" in french and "au moins <b>5</b>" in french

    # Six powers alone in a full territory: counted exactly (survival classes), said plainly.
    alone = analyse(africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"]))
    assert alone.count_kind == "exact" and alone.equilibrium_count == 417643043
    text = equilibria_html(alone)
    assert "<b>417643043</b>" in text and "about" not in text and "random profiles" not in text

    # Six powers in a full territory, two of them also together elsewhere: analysed; the count
    # is estimated, and the page says from what sample, in the page language.
    presences = {p: ["Congo"] for p in POWERS}
    presences["Belgium"].append("Angola")
    presences["France"].append("Angola")
    crowded = analyse(africa_position(presences, full=["Congo"]), Relations([("France", "Italy")]))
    assert crowded.note is None and crowded.count_kind == "estimate"
    text = equilibria_html(crowded)
    assert "about" in text and "confidence interval 95%" in text
    assert "uniformly random profiles of 30 relations were equilibria" in text
    assert "profils uniformément aléatoires de 30 relations" in equilibria_html(crowded, lang="fr")
    assert "Profilen von 30 Beziehungen" in equilibria_html(crowded, lang="de")

    # Indifferent relations multiply the count: the page says how many differ otherwise.
    ring = {"Belgium": ["Congo", "Angola"], "France": ["Congo"], "Germany": ["Angola", "Congo"]}
    result = analyse(africa_position(ring))
    assert result.indifferent and result.complete
    distinct = result.equilibrium_count // 2 ** len(result.indifferent)
    assert distinct == len(result.equilibria)
    text = equilibria_html(result, shown=2)
    assert f"<b>{result.equilibrium_count}</b>" in text
    assert f"{distinct} once the indifferent relations are set aside" in text
    if distinct > 2:
        assert f"first 2 of {distinct} are listed" in text


def test_best_responses_are_summarised_when_some_relations_do_not_matter() -> None:
    from tabletop.games.africa1880.gamefile import example_game, example_orders
    from tabletop.ui.analysis.tables import best_responses_text

    game = example_game()
    panel = africa_analysis_panel()
    panel.update_from_orders(game.state, game.board, example_orders())
    reports = {r.power: r for r in panel.result.power_reports}
    # Belgium: all eight sets of wars are best; listing them all was unreadable on a projector.
    belgium = reports["Belgium"]
    assert len(belgium.best_responses) == 8
    text = best_responses_text(belgium.best_responses)
    assert text == "war or alliance toward France, Germany, Great Britain (8 best responses)"
    # Germany: war on France and Great Britain, either toward Belgium.
    assert (
        best_responses_text(reports["Germany"].best_responses)
        == "war on France, Great Britain; war or alliance toward Belgium (2 best responses)"
    )
    assert "war or alliance toward" in panel.powers.value
    assert "guerre ou alliance envers" in best_responses_text(belgium.best_responses, "fr")
    # A single best response, or sets that are not all combinations, are listed as before.
    assert best_responses_text((("France",),)) == "war on France"
    assert best_responses_text(((), ("France", "Germany"))) == (
        "alliance with all; war on France, Germany"
    )


def test_menus_are_wide_enough_for_their_words() -> None:
    from tabletop.ui.analysis.massai_panel import massai_analysis_panel

    def width_ch(dropdown) -> float:
        width = dropdown.layout.width or ""
        assert width.endswith("ch"), width
        return float(width[:-2])

    def needed(dropdown) -> int:
        return len(dropdown.description) + max(len(label) for label, _ in dropdown.options)

    # "huts won minus huts lost" was cut to "huts won minus huts l" in the default width.
    massai = massai_analysis_panel()
    africa = africa_analysis_panel()
    for panel, menu in ((massai, massai.evaluation), (africa, africa.payoff)):
        assert width_ch(menu) >= needed(menu) + 4
        panel.set_lang("fr")  # other words: the menu follows them
        assert width_ch(menu) >= needed(menu) + 4


def test_massai_summary_counts_in_words() -> None:
    from tabletop.analysis.examples import massai_position
    from tabletop.ui.analysis.massai_panel import massai_analysis_panel

    two = massai_analysis_panel(massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]))
    assert "one of 2 huts" in two.summary.value and "places 1 guard." in two.summary.value
    assert "(s)" not in two.summary.value
    one = massai_analysis_panel(massai_position(["c2", "c3"], ["c4", "c5"]))
    assert "attacks the only attackable hut" in one.summary.value
    assert "places no guard." in one.summary.value
    wide = massai_analysis_panel(
        massai_position(["c2", "c3", "d3"], ["c4", "d4", "e4", "d5", "e5"]), lang="fr"
    )
    assert "l'une de 3 huttes" in wide.summary.value and "place 2 gardes." in wide.summary.value
    assert "(s)" not in wide.summary.value


def test_lesson_two_show_sets_the_relation_buttons_to_the_equilibrium() -> None:
    from tabletop.ui.analysis.lesson import equilibria_lesson

    lesson = equilibria_lesson()
    lesson.preset.value = "Three powers in a full Congo"
    lesson.toggles[("Belgium", "France")].value = True  # not an equilibrium
    assert not lesson.panel.result.declared_is_equilibrium
    picked = lesson.panel.result.equilibria[1]
    lesson.panel.picker.value = 1  # "Show equilibrium 2": nothing visible happened before
    wars = {(a, b) for a, targets in picked.wars.items() for b in targets}
    assert {pair for pair, toggle in lesson.toggles.items() if toggle.value} == wars
    assert all(t.button_style == ("danger" if t.value else "") for t in lesson.toggles.values())
    assert lesson.panel.result.declared_is_equilibrium
    assert "form a Nash equilibrium" in lesson.panel.equilibria.value
    assert lesson.panel.picker.value == -1  # the menu shows the (new) declared relations


def test_massai_position_names_hold_under_every_guard_table() -> None:
    # "Two targets, one guard" read wrong once the guard table gave two guards or none.
    from tabletop.analysis.massai_attack import attack_game
    from tabletop.ui.analysis.lesson import GUARD_TABLES, MASSAI_PRESETS

    numbers = {"two": 2, "three": 3, "six": 6}
    for name, (light, dark) in MASSAI_PRESETS.items():
        assert "guard" not in name.lower()
        (word,) = [w for w in numbers if w in name.lower().replace(",", " ").split()]
        for table in GUARD_TABLES.values():
            game = attack_game(massai_position(light, dark, guard_table=table))
            assert len(game.targets) == numbers[word], name


def test_massai_payoff_table_carries_both_mixed_strategies() -> None:
    import re

    from tabletop.ui.analysis.massai_panel import massai_analysis_panel

    panel = massai_analysis_panel(massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]))
    table = panel.matrix.value
    game = panel.game
    # A last column with the attacker's optimal mix, a last row with the defender's.
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    assert "optimal mix" in rows[0]
    for row, target in zip(rows[1:-1], game.targets, strict=True):
        assert row.endswith(f'<td class="tt-mix">{game.attack_probabilities[target]:.1%}</td>')
    guard_mix = re.findall(r'<td class="tt-mix">(.*?)</td>', rows[-1])
    assert guard_mix == [f"{p:.1%}" for p in game.solution.column_strategy]
    assert "optimal mix" in rows[-1]
    fr = massai_analysis_panel(panel.state, lang="fr").matrix.value
    assert "mélange optimal" in fr


def test_undecided_pareto_flags_are_said() -> None:
    import dataclasses

    from tabletop.analysis.africa_diplomacy import analyse
    from tabletop.ui.analysis.tables import equilibria_html

    result = analyse(africa_position({"France": ["Egypt"], "Belgium": ["Egypt"]}))
    undecided = dataclasses.replace(
        result,
        equilibria=tuple(dataclasses.replace(e, pareto_optimal=None) for e in result.equilibria),
    )
    assert equilibria_html(undecided).count("Pareto optimality not decided") == len(
        result.equilibria
    )
    assert "Pareto non décidé" in equilibria_html(undecided, lang="fr")
    assert "not decided" not in equilibria_html(result)


def test_french_punctuation_never_starts_a_line() -> None:
    """French puts a space before : ; ? ! — a no-break one, so a line never starts with ':'."""
    from tabletop.ui.analysis.massai_panel import massai_analysis_panel
    from tabletop.ui.analysis.texts import TEXTS, tr

    for key in TEXTS["fr"]:
        values = {
            name: "2"  # a number, so that counted (plural) messages can choose their form
            for name in (
                "n",
                "name",
                "choice",
                "best",
                "targets",
                "power",
                "kind",
                "pairs",
                "shown",
                "value",
                "attacker",
                "defender",
                "guards",
                "target",
                "huts",
                "estimate",
                "low",
                "high",
                "ranges",
                "earned",
            )
        }
        text = tr(key, "fr", **values)
        for mark in ":;?!":
            assert f" {mark}" not in text, (key, text)
    panel = massai_analysis_panel(
        massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]), lang="fr"
    )
    assert "attaquant\u00a0: " in panel.summary.value


def test_french_numbers_use_the_decimal_comma() -> None:
    import re

    from tabletop.ui.analysis.massai_panel import massai_analysis_panel

    state = massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"])
    french = massai_analysis_panel(state, lang="fr")
    assert "Valeur pour l'attaquant\u00a0: 0,917" in french.summary.value
    assert "58,3\u00a0%" in french.bars.value and "A 58\u00a0%" in french.board.value
    assert "valeur 0,917" in french.matrix.value and "41,7\u00a0%" in french.matrix.value
    for widget in (french.summary, french.bars, french.board, french.matrix):
        shown = re.sub(r"<[^>]*>", " ", widget.value)  # what is read, not the CSS
        assert not re.search(r"\d\.\d", shown), shown
    english = massai_analysis_panel(state)
    assert "0.917" in english.summary.value and "58.3%" in english.bars.value
