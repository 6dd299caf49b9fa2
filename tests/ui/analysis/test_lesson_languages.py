"""The lesson's and the attack panel's computed sentences in French and German: the same claims,
from the catalogs, with the language's words, numbers and punctuation."""

from __future__ import annotations

from itertools import product

import pytest

from tabletop.analysis.africa_diplomacy import territory_tables
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.i18n.keys import LESSON, text
from tabletop.ui.analysis.lesson import (
    AFRICA_PRESETS,
    GUARD_TABLES,
    MASSAI_PRESETS,
    _equilibria_words,
    presences_html,
    two_power_claims,
)
from tabletop.ui.analysis.tables import attack_claims

NBSP = "\u00a0"


def egypt_table(full: bool, payoff: str = "presences"):
    after = africa_position(
        {"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"] if full else []
    )
    (table,) = territory_tables(after, 2.0, payoff)
    return table


def test_french_lesson_claims() -> None:
    claims = two_power_claims(egypt_table(full=True, payoff="score"), "fr")
    assert claims[0].startswith("Ce jeu est un jeu de la poule mouillée (tentation ")
    assert f"Récompense{NBSP}: les deux s'allient" in claims[0]
    assert any(c.startswith("Pour Grande-Bretagne, aucun choix ne domine") for c in claims)
    words = _equilibria_words(egypt_table(full=True), "fr")
    assert f"Équilibres de Nash purs{NBSP}:" in words
    assert "France alliance, Grande-Bretagne alliance ★ optimal au sens de Pareto" in words


def test_german_lesson_claims() -> None:
    claims = two_power_claims(egypt_table(full=True), "de")
    assert claims[0].startswith("Dieses Spiel ist keines der vier klassischen Spiele")
    assert "Für Großbritannien dominiert „Krieg“ schwach" in " ".join(claims)
    assert "(nicht Pareto-optimal)" in _equilibria_words(egypt_table(full=True), "de")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_presences_in_every_language(lang: str) -> None:
    for presences, full in AFRICA_PRESETS.values():
        shown = presences_html(africa_position(presences, full=full), lang)
        assert "{" not in shown and "Presences" not in shown and "Fully" not in shown
    start = {"fr": f"Présences{NBSP}: Belgique en ", "de": "Präsenzen: Belgien in "}[lang]
    shown = presences_html(africa_position(*AFRICA_PRESETS["Three powers in Congo (not full)"]))
    assert "No territory is fully developed" in shown
    assert start in presences_html(
        africa_position(*AFRICA_PRESETS["Three powers in Congo (not full)"]), lang
    )


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_attack_claims_in_every_language(lang: str) -> None:
    english_words = ("earns", "optimal attack", "plans are", "guard plan", "not played")
    for (light, dark), table in product(MASSAI_PRESETS.values(), GUARD_TABLES.values()):
        game = attack_game(massai_position(light, dark, guard_table=table))
        claims = attack_claims(game, lang)
        assert len(claims) == len(attack_claims(game))  # the same claims, one by one
        joined = " ".join(claims)
        assert "{" not in joined and not any(w in joined for w in english_words)
    light, dark = MASSAI_PRESETS["Two attackable huts"]
    stingy = attack_game(
        massai_position(light, dark, guard_table=GUARD_TABLES["stingy: one guard fewer"])
    )
    expected = {
        "fr": f"La hutte c4 rapporte 3 pour une valeur de 5{NBSP}: elle n'est pas attaquée",
        "de": "Die Hütte c4 bringt 3 bei einem Wert von 5: Sie wird nicht angegriffen",
    }[lang]
    assert expected in attack_claims(stingy, lang)


def test_guard_table_labels_are_the_catalogs() -> None:
    labels = [LESSON[k].render("en") for k in ("table_default", "table_stingy", "table_generous")]
    assert labels == list(GUARD_TABLES)
    assert text("lesson", "table_generous", "fr").startswith(f"généreux{NBSP}: un garde par")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_lesson_widgets_in_every_language(lang: str) -> None:
    from tabletop.ui.analysis.lesson import dominance_lesson, equilibria_lesson, massai_lesson

    english = ["Egypt fully", "Colony weight", "Payoff", "Guards", "press to declare"]
    if lang != "fr":  # the same word in French
        english.append("Position")
    first = dominance_lesson(lang)
    labels = [first.full.description, first.weight.description, first.payoff.description]
    labels += [label for label, _ in first.payoff.options]
    second = equilibria_lesson(lang)
    labels += [second.preset.description, second.grid.children[0].value]
    labels += [label for label, _ in second.preset.options]
    labels += [t.description for t in second.toggles.values()]
    third = massai_lesson(lang)
    labels += [third.preset.description, third.table.description]
    labels += [label for label, _ in third.preset.options + third.table.options]
    joined = " | ".join(labels)
    assert not any(word in joined for word in english), joined
    assert "{" not in joined
    # The menus still choose the same presets (their English names are the values).
    assert [v for _, v in second.preset.options] == list(AFRICA_PRESETS)
    assert [v for _, v in third.table.options] == list(GUARD_TABLES)
    power = {"fr": "Belgique → France", "de": "Belgien → Frankreich"}[lang]
    assert power in [t.description for t in second.toggles.values()]
    # The computed sentences follow the language too.
    assert "dominates" not in first.out.value and "Pareto" in first.out.value


def test_lesson_switches_language_and_keeps_its_state() -> None:
    from tabletop.ui.analysis.lesson import equilibria_lesson, massai_lesson

    lesson = equilibria_lesson("en")
    lesson.preset.value = "Three powers in a full Congo"
    lesson.toggles[("Belgium", "France")].value = True
    lesson.set_lang("de")
    assert lesson.preset.value == "Three powers in a full Congo"
    assert lesson.preset.description == "Stellung"
    assert lesson.panel.declared.war("Belgium", "France")
    assert "Präsenzen" in lesson.presences.value
    attack = massai_lesson("en")
    attack.table.value = "stingy: one guard fewer"
    attack.set_lang("fr")
    assert attack.table.value == "stingy: one guard fewer"
    assert attack.table.label.startswith("avare")


def test_page_language_comes_from_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.analysis.lesson import dominance_lesson, page_lang

    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert page_lang() == "fr"
    assert dominance_lesson().lang == "fr"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    assert page_lang() == "en"  # an unknown language: English, no error
    monkeypatch.delenv("QUERY_STRING")
    assert page_lang() == "en"
