"""Refresh the message catalogs: extract the texts from the code, update every language, compile.

    .venv/bin/python tools/i18n_update.py             # extract -> update -> compile
    .venv/bin/python tools/i18n_update.py --init it   # start a new language (then translate)
    .venv/bin/python tools/i18n_update.py --compile   # only compile the .po files to .mo

Steps (pybabel, configured by babel.cfg at the top of the repository):

1. ``pybabel extract`` reads every module of the package (the gettext calls and the N_/NP_/NN_/NNP_
   markers) into ``tabletop/i18n/locales/tabletop.pot``;
2. ``pybabel update`` merges it into each ``locales/<lang>/LC_MESSAGES/tabletop.po``: new texts
   arrive with an empty msgstr, changed ones are marked fuzzy, removed ones become obsolete (#~);
3. ``pybabel compile`` writes the ``.mo`` beside each ``.po`` (tests check they are up to date).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "tabletop" / "i18n" / "locales"
DOMAIN = "tabletop"
POT = LOCALES / f"{DOMAIN}.pot"
# The markers of tabletop/i18n/messages.py, in pybabel's keyword syntax (c: the msgctxt).
KEYWORDS = ("N_", "NP_:1c,2", "NN_:1,2", "NNP_:1c,2,3")
# gettext's usual rule for French (0 and 1 singular); CLDR's third form is for round millions.
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}
WIDTH = "100"


def _pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    subprocess.run(command, cwd=ROOT, check=True)


def po_path(lang: str) -> Path:
    """The catalog of ``lang``."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages that have a catalog (one folder each)."""
    return sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _undated(text: str) -> str:
    return "".join(line for line in text.splitlines(True) if "POT-Creation-Date:" not in line)


def extract() -> None:
    """Every marked text of the package into the template (left as it is, date included, when
    no text changed: then neither do the catalogs nor the compiled files)."""
    before = POT.read_text(encoding="utf-8") if POT.exists() else None
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel(
        "extract",
        "-F",
        "babel.cfg",
        *keywords,
        "--add-comments=TRANSLATORS:",
        "--project=tabletop",
        "--copyright-holder=the tabletop authors",
        "--width",
        WIDTH,
        "-o",
        str(POT.relative_to(ROOT)),
        ".",
    )
    if before is not None and _undated(POT.read_text(encoding="utf-8")) == _undated(before):
        POT.write_text(before, encoding="utf-8")


def _fix_plural_forms(lang: str) -> None:
    rule = PLURAL_FORMS.get(lang)
    if rule is None:
        return
    path = po_path(lang)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith('"Plural-Forms:'):
            lines[i] = f'"Plural-Forms: {rule}\\n"\n'
    path.write_text("".join(lines), encoding="utf-8")


def init(lang: str) -> None:
    """Start the catalog of a new language from the template."""
    if po_path(lang).exists():
        raise SystemExit(f"{po_path(lang)} exists already: run without --init to update it")
    _pybabel("init", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALES), "-l", lang, "-w", WIDTH)
    _fix_plural_forms(lang)


def update() -> None:
    """Merge the template into every catalog (new English is an empty msgstr to translate)."""
    for lang in languages():
        _pybabel(
            "update",
            "-D",
            DOMAIN,
            "-i",
            str(POT),
            "-d",
            str(LOCALES),
            "-l",
            lang,
            "-w",
            WIDTH,
            "--ignore-obsolete",
        )
        _fix_plural_forms(lang)


def compile_all() -> None:
    """Compile every .po to its .mo (fuzzy entries are left out, as gettext does)."""
    _pybabel("compile", "-D", DOMAIN, "-d", str(LOCALES), "--statistics")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    parser.add_argument("--compile", action="store_true", help="only compile")
    args = parser.parse_args(argv)
    if args.compile:
        compile_all()
        return 0
    extract()
    if args.init:
        init(args.init)
    update()
    compile_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
