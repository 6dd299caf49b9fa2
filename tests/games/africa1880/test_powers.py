"""Unit tests of powers.py: the six powers' names in three languages and how a name is looked up."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.powers import (
    POWER_NAMES_DE,
    POWER_NAMES_FR,
    POWERS,
    UnknownPower,
    lookup_power,
    power_name,
)


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("france", "France"),
        ("ALLEMAGNE", "Germany"),
        ("Grande-Bretagne", "Great Britain"),
        ("grande bretagne", "Great Britain"),
        ("Britain", "Great Britain"),
        ("pays-bas", "Netherlands"),
        ("The Netherlands", "Netherlands"),
        ("Itálie", "Italy"),
        ("belgique", "Belgium"),
    ],
)
def test_lookup_power_accepts_english_and_french(text: str, power: str) -> None:
    assert lookup_power(text) == power


def test_lookup_power_suggests() -> None:
    with pytest.raises(UnknownPower) as caught:
        lookup_power("Germny")
    assert caught.value.suggestion == "Germany"
    assert "did you mean Germany?" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("Belgien", "Belgium"),
        ("frankreich", "France"),
        ("DEUTSCHLAND", "Germany"),
        ("Großbritannien", "Great Britain"),
        ("grossbritannien", "Great Britain"),
        ("GROSSBRITANNIEN", "Great Britain"),
        ("Italien", "Italy"),
        ("niederlande", "Netherlands"),
        ("Die Niederlande", "Netherlands"),
    ],
)
def test_lookup_power_accepts_german(text: str, power: str) -> None:
    # German players write the names of the German edition; case, accents and ß do not matter.
    assert lookup_power(text) == power


def test_power_names_in_three_languages() -> None:

    assert [power_name(p, "de") for p in POWERS] == [
        "Belgien",
        "Frankreich",
        "Deutschland",
        "Großbritannien",
        "Italien",
        "Niederlande",
    ]
    assert [power_name(p, "fr") for p in POWERS] == [POWER_NAMES_FR[p] for p in POWERS]
    assert [power_name(p) for p in POWERS] == list(POWERS)
    assert power_name("Spain", "de") == "Spain" and power_name("Italy", "xx") == "Italy"
    # Every name of every language reads back as its power.
    for names in (POWER_NAMES_FR, POWER_NAMES_DE):
        assert {lookup_power(name): name for name in names.values()} == {
            p: names[p] for p in POWERS
        }
