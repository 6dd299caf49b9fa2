"""Numbers, percentages, lists and French typography come from Babel and the catalogs."""

from __future__ import annotations

import pytest

from tabletop.i18n import (
    NBSP,
    colon,
    format_decimal,
    format_list,
    format_number,
    format_percent,
    label_value,
    translator,
    typography,
)


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "41.7%"), ("fr", f"41,7{NBSP}%"), ("de", f"41,7{NBSP}%")]
)
def test_percent_as_the_teacher_view_writes_it(lang: str, expected: str) -> None:
    assert format_percent(0.41666, lang) == expected


def test_percent_digits() -> None:
    assert format_percent(0.5, "en", 0) == "50%"
    assert format_percent(1 / 3, "fr", 2) == f"33,33{NBSP}%"


@pytest.mark.parametrize(
    ("lang", "items", "expected"),
    [
        ("en", ["France", "Germany", "Italy"], "France, Germany and Italy"),
        ("fr", ["France", "Allemagne", "Italie"], "France, Allemagne et Italie"),
        ("de", ["Frankreich", "Deutschland", "Italien"], "Frankreich, Deutschland und Italien"),
        ("en", ["France", "Germany"], "France and Germany"),
        ("fr", ["Belgique"], "Belgique"),
        ("de", [], ""),
    ],
)
def test_lists_end_with_the_language_and(lang: str, items: list[str], expected: str) -> None:
    assert format_list(items, lang) == expected


def test_decimals_as_the_analysis_tables_write_them() -> None:
    # Whole numbers without decimals, others with up to three (the old _num).
    assert [format_decimal(v, "en") for v in (2.0, 2.5, 0.12345, -1.25)] == [
        "2",
        "2.5",
        "0.123",
        "-1.25",
    ]
    assert format_decimal(2.5, "fr") == "2,5"
    assert format_decimal(2.5, "de") == "2,5"


def test_whole_numbers_are_grouped_in_each_language() -> None:
    assert format_number(12345, "en") == "12,345"
    assert format_number(12345, "de") == "12.345"
    assert format_number(12345, "fr") == "12\u202f345"  # CLDR: narrow no-break space


def test_french_puts_a_no_break_space_before_the_colon() -> None:
    assert colon("fr") == f"{NBSP}: "
    assert colon("en") == colon("de") == ": "
    assert label_value("Cible", "Égypte", "fr") == f"Cible{NBSP}: Égypte"
    assert label_value("Ziel", "Ägypten", "de") == "Ziel: Ägypten"


def test_typography_of_french_texts() -> None:
    fr = translator("fr")
    assert fr.gettext("Time is up: write your orders!") == (
        f"Temps écoulé{NBSP}: écrivez vos ordres{NBSP}!"
    )
    assert fr.gettext("Press “Continue” first.") == f"Appuyez d'abord sur «{NBSP}Continuer{NBSP}»."
    assert typography("a ; b ?") == f"a{NBSP}; b{NBSP}?"


def test_values_are_filled_in_untouched() -> None:
    # A typed order keeps its own spacing: only the translated template gets the typography.
    typed = "Senegal : explore Guinea ?"
    line = translator("fr").gettext(
        '{power}: "{order}": {reason}', power="France", order=typed, reason="x"
    )
    assert typed in line
    assert line.startswith(f"France{NBSP}:{' '}«{NBSP}")


def test_no_break_spaces_only_where_a_space_was() -> None:
    # English and German write no space before a colon: nothing is added there.
    for lang in ("en", "de"):
        assert NBSP not in translator(lang).gettext("Map loaded: {name}", name="x")
