"""The catalogs are complete and consistent: every message in every language, the same
placeholders, every plural form, compiled files up to date, template up to date with the code."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tabletop.i18n import DOMAIN, LOCALEDIR, SOURCE_LANGUAGE, available_languages

ROOT = Path(__file__).resolve().parents[2]
LANGS = [lang for lang in available_languages() if lang != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _po(lang: str) -> Path:
    return LOCALEDIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _messages(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def _ids(message: Message) -> tuple[str, ...]:
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _strings(message: Message) -> tuple[str, ...]:
    string = message.string
    return (string,) if isinstance(string, str) else tuple(string or ())


def test_there_are_translated_languages() -> None:
    assert {"fr", "de"} <= set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang: str) -> None:
    catalog = _catalog(_po(lang), lang)
    template = _catalog(LOCALEDIR / f"{DOMAIN}.pot")
    assert len(_messages(template)) > 300
    missing = [
        (m.context, m.id) for m in _messages(template) if catalog.get(m.id, m.context) is None
    ]
    assert not missing, f"{lang}: not in the catalog (run tools/i18n_update.py): {missing[:5]}"
    empty = [(m.context, m.id) for m in _messages(catalog) if not all(_strings(m))]
    assert not empty, f"{lang}: untranslated: {empty[:5]}"
    fuzzy = [(m.context, m.id) for m in _messages(catalog) if m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy (check and clear the flag): {fuzzy[:5]}"
    assert not catalog.obsolete, f"{lang}: obsolete entries left: {list(catalog.obsolete)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_those_of_the_english(lang: str) -> None:
    wrong = []
    for m in _messages(_catalog(_po(lang), lang)):
        ids, strings = _ids(m), _strings(m)
        if len(ids) == 1:
            if _names(strings[0]) != _names(ids[0]):
                wrong.append((m.id, strings[0]))
            continue
        # A singular may leave out the number ("the only hut"); the other forms use the plural's.
        allowed = _names(ids[0]) | _names(ids[1])
        for form in strings:
            if not _names(form) <= allowed or not _names(ids[1]) - {"n"} <= _names(form):
                wrong.append((m.id, form))
        if _names(strings[-1]) != _names(ids[1]):
            wrong.append((m.id, strings[-1]))
    assert not wrong, f"{lang}: placeholders differ: {wrong[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_has_every_form(lang: str) -> None:
    catalog = _catalog(_po(lang), lang)
    plurals = [m for m in _messages(catalog) if m.pluralizable]
    assert len(plurals) >= 15  # guard: the plurals of the tables are there
    header = catalog.mime_headers
    forms = dict(header)["Plural-Forms"]
    number = int(re.search(r"nplurals=(\d+)", forms).group(1))  # type: ignore[union-attr]
    bad = [m.id for m in plurals if len(_strings(m)) != number or not all(_strings(m))]
    assert not bad, f"{lang}: plural forms missing ({number} expected): {bad[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_brace_placeholders_are_flagged(lang: str) -> None:
    # msgfmt --check and translation tools use the flag to verify the placeholders.
    unflagged = [
        m.id
        for m in _messages(_catalog(_po(lang), lang))
        if any(_names(i) for i in _ids(m)) and "python-brace-format" not in m.flags
    ]
    assert not unflagged, unflagged[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_is_up_to_date(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(_po(lang), lang))
    mo = _po(lang).with_suffix(".mo")
    assert mo.read_bytes() == compiled.getvalue(), (
        f"{mo} is older than its .po: run tools/i18n_update.py --compile"
    )


def test_template_is_up_to_date_with_the_code(tmp_path: Path) -> None:
    """Every text marked in the package is in the template, and nothing else is: a text added
    to the code without running tools/i18n_update.py fails here."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n_update
    finally:
        sys.path.pop(0)
    pot = tmp_path / "fresh.pot"
    keywords = [arg for k in i18n_update.KEYWORDS for arg in ("-k", k)]
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg"]
        + keywords
        + ["-o", str(pot), "."],
        cwd=ROOT,
        check=True,
    )

    def ids(path: Path) -> set[tuple[str | None, tuple[str, ...]]]:
        return {(m.context, _ids(m)) for m in _messages(_catalog(path))}

    fresh, committed = ids(pot), ids(LOCALEDIR / f"{DOMAIN}.pot")
    assert fresh == committed, (
        f"new in the code: {sorted(fresh - committed, key=str)[:5]}; "
        f"gone from the code: {sorted(committed - fresh, key=str)[:5]} "
        "(run tools/i18n_update.py)"
    )
