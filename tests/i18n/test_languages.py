"""The languages are the catalogs: adding a language is adding a catalog, no code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tabletop.i18n import (
    DOMAIN,
    LOCALEDIR,
    Lang,
    available_languages,
    check_lang,
    language_name,
    translator,
)
from tabletop.i18n.keys import text


def test_the_enum_names_shipped_catalogs_and_takes_every_one() -> None:
    assert {lang.value for lang in Lang} <= set(available_languages())
    assert available_languages()[0] == "en"
    # A catalog no member names yet is a Lang all the same: a new language needs no code.
    assert [Lang(code) for code in available_languages()] == list(available_languages())
    assert Lang("fr") is Lang.FR
    with pytest.raises(ValueError):
        Lang("xx")


def test_a_new_catalog_in_a_folder_is_a_new_language(tmp_path: Path) -> None:
    # Copy the shipped catalogs and add an Italian one: no code changes, it is available.
    locales = tmp_path / "locales"
    shutil.copytree(LOCALEDIR, locales)
    catalog = Catalog(locale="it", domain=DOMAIN)
    catalog.add("Resolve the round", "Risolvi il turno")
    # Babel's Italian rule has three forms (one, many for round millions, other).
    assert catalog.num_plurals == 3
    catalog.add(("{n} guard", "{n} guards"), ("{n} guardia", "{n} guardie", "{n} guardie"))
    folder = locales / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalog)
    assert "it" not in available_languages()
    assert available_languages(locales) == ("en", "de", "fr", "it")
    italian = translator("it", locales)
    assert italian.gettext("Resolve the round") == "Risolvi il turno"
    assert italian.ngettext("{n} guard", "{n} guards", 3) == "3 guardie"
    # A text the new catalog does not have yet stays in English rather than disappearing.
    assert italian.gettext("Nothing to undo.") == "Nothing to undo."


def test_an_unknown_language_is_a_one_line_error() -> None:
    with pytest.raises(ValueError, match=r"^unknown language 'xx'; use one of en, de, fr$"):
        check_lang("xx")
    with pytest.raises(ValueError, match="unknown language"):
        translator("klingon")


def test_language_codes_are_normalised() -> None:
    assert check_lang("FR") == "fr"
    assert check_lang(Lang.DE) == "de"
    assert translator(Lang.FR) is translator("fr")  # read once


@pytest.mark.parametrize(
    ("lang", "name"), [("en", "English"), ("fr", "Français"), ("de", "Deutsch")]
)
def test_each_language_is_named_in_itself(lang: str, name: str) -> None:
    # What a language switch shows: no list of names to keep in the pages.
    assert language_name(lang) == name


def test_english_is_the_source_text() -> None:
    assert translator("en").gettext("Resolve the round") == "Resolve the round"
    assert text("africa", "year_round", "en", year=1885, round=2, last=8) == ("1885 — round 2 of 8")
