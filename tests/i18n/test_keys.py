"""The key layer gives, for every old table key, the text the old (English, French) tables gave:
the catalogs were seeded from them (tools/i18n_seed.py), here the result is read back."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.i18n import NBSP, Msg, available_languages, typography
from tabletop.i18n.keys import TABLES, text

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n_seed  # noqa: E402 (a tool, not a package)

sys.path.pop(0)

PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Keys renamed since the seed (the same text under the name the code now asks for).
RENAMED = {
    ("report", "remove"): "step_remove",
    ("report", "remove_line"): "line_remove",
    ("report", "place"): "step_place",
    ("report", "pins"): "step_pins",
    ("report", "colonies"): "step_colonies",
    ("report", "colony_line"): "line_found_colony",
}
# Keys whose text changed on purpose since the seed, and why; they are left out of the comparison
# (the report tests check the new wording).
REWORDED = {
    ("report", "pins_line"): "now line_add_pins, the count named {count}",
    ("report", "alliance_declarations"): "French: a whole noun ('0 déclaration d'alliance')",
    ("void", "landing_occupied_start"): "French: 'présent' agrees with the number of powers",
    ("void", "landing_occupied_reading"): "French: 'présent' agrees with the number of powers",
    ("lesson", "table_generous"): "the lesson's menu label: one guard per attack point, at most 5",
}
# Keys that no code asks for any more: a presence arrived and removed at once is one
# "do not place" line (line_do_not_place); a placement names how in one sentence (line_place).
# The pages no longer offer to continue an autosave file (the games database keeps the games).
RETIRED = {
    ("africa", "continue_prompt"),
    ("africa", "continue_yes"),
    ("africa", "continue_no"),
    ("africa", "continued"),
    ("massai", "notice_loaded"),
    ("massai", "notice_file_unreadable"),
    ("massai", "notice_save_failed"),
    ("massai", "saved_in"),
    ("massai", "not_saved"),
    ("report", "remove_new_line"),
    ("report", "place_removed"),
    ("report", "place_explore"),
    ("report", "place_land"),
}


def _have_revision() -> bool:
    found = subprocess.run(
        ["git", "cat-file", "-e", f"{i18n_seed.REV}^{{commit}}"], cwd=ROOT, capture_output=True
    )
    return found.returncode == 0


def _values(msg: Msg) -> dict[str, object]:
    names: set[str] = set()
    for m in (msg, *(part for _, part in msg.parts)):
        for s in (m.msgid, m.plural or ""):
            names.update(PLACEHOLDER.findall(s))
        if isinstance(m.count, str):
            names.add(m.count)
    return {name: 3 for name in names}


def test_there_are_tables() -> None:
    assert {"africa", "massai", "analysis", "report", "void", "massai_rules", "cli"} <= set(TABLES)
    assert sum(len(t) for t in TABLES.values()) > 400


@pytest.mark.parametrize("lang", available_languages())
def test_every_key_renders_in_every_language(lang: str) -> None:
    for table, messages in TABLES.items():
        for key, msg in messages.items():
            out = text(table, key, lang, **_values(msg))
            assert out.strip(), (table, key, lang)
            assert "{" not in out.replace("{}", ""), (table, key, lang, out)


@pytest.mark.skipif(not _have_revision(), reason="the tables' git revision is not in this clone")
def test_the_keys_give_the_old_tables_texts() -> None:
    entries = i18n_seed.collect()
    i18n_seed.assign_contexts(entries)
    checked = 0
    for e in entries:
        if (e.table, e.key) in RETIRED:
            assert e.key not in TABLES[e.table], (e.table, e.key)  # really gone
            continue
        if (e.table, e.key) in REWORDED:
            continue
        msg = TABLES[e.table][RENAMED.get((e.table, e.key), e.key)]
        values = _values(msg)
        if e.en_plural is None and not e.parts:
            assert msg.render("en", **values) == e.en.format(**values), (e.table, e.key)
            french = typography(e.fr.replace(NBSP, " ")).format(**values)
            assert msg.render("fr", **values) == french, (e.table, e.key)
            checked += 1
        elif e.en_plural is not None and not e.parts:
            # The old one/many keys: the number they stand for (or 3) gives their old text.
            if isinstance(e.count, str):
                values[e.count] = 3
            singular = e.count == 1
            for lang, one, many in (("en", e.en, e.en_plural), ("fr", e.fr, e.fr_plural)):
                assert many is not None
                old = typography((one if singular else many).replace(NBSP, " "))
                assert msg.render(lang, **values) == old.format(**values), (e.table, e.key)
            checked += 1
    assert checked > 380


@pytest.mark.parametrize(
    ("occupants", "fr", "de"),
    [
        (("Germany",), "(Allemagne présent au début", "(Deutschland zu Rundenbeginn anwesend)"),
        (
            ("Germany", "Italy"),
            "(Allemagne et Italie présents au début",
            "(Deutschland und Italien zu Rundenbeginn anwesend)",
        ),
    ],
)
def test_landing_sentence_agrees_with_the_number_of_powers(
    occupants: tuple[str, ...], fr: str, de: str
) -> None:
    from tabletop.games.africa1880.orders import Reason, VoidReason

    reason = VoidReason(Reason.LANDING_OCCUPIED, (("territory", "Egypt"), ("occupants", occupants)))
    assert "present at the start of the round" in str(reason)
    # German's "anwesend" does not agree: both forms are the same sentence.
    assert fr in reason.render("fr")
    assert de in reason.render("de")
