"""The pages' language trait takes every language that has a catalog: adding a catalog, and no
code, gives the pages a language (docs/translating.md)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tabletop.games.africa1880.gamefile import Game
from tabletop.i18n import DOMAIN, LOCALEDIR, Lang
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.shell.traits import page_lang

#: Only turns a hang into a failure (a loaded machine starts Python slowly, never this slowly).
HANG_SECONDS = 120


@pytest.fixture
def italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped catalogs and an Italian one no code names, as the package's own."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALEDIR, locales)
    catalog = Catalog(locale="it", domain=DOMAIN)
    catalog.add("Diplomacy timer", "Timer della diplomazia")
    folder = locales / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr("tabletop.i18n.languages.LOCALEDIR", locales)
    monkeypatch.setattr("tabletop.i18n.translate._DEFAULT_ROOT", str(locales))
    return locales


def test_a_language_without_a_catalog_is_english() -> None:
    assert page_lang("xx") is Lang.EN
    assert page_lang("fr") is Lang.FR and page_lang("FR") is Lang.FR
    with pytest.raises(ValueError):
        Lang("xx")


def test_a_new_catalog_is_a_language_of_the_controllers(italian: Path, autosave_path: Path) -> None:
    assert "it" not in {lang.value for lang in Lang}  # no member names it
    assert page_lang("it") == "it" and page_lang("it") is Lang("it")
    controller = AfricaController(
        game=Game.new(["France", "Germany", "Italy"]), lang="it", autosave_path=autosave_path
    )
    assert controller.lang == "it" and isinstance(controller.lang, Lang)
    controller.set_lang("fr")
    controller.set_lang("it")  # the page's language switch
    assert controller.lang == "it"
    controller.set_lang("xx")  # no catalog: nothing changes
    assert controller.lang == "it"
    assert MassaiController(lang="it", start=False).lang == "it"


#: A page built by a process that finds the Italian catalog among the package's when it starts.
PAGE = """
import json, sys
from pathlib import Path
import tabletop.i18n.languages as languages
import tabletop.i18n.translate as translate
languages.LOCALEDIR = Path(sys.argv[1])
translate._DEFAULT_ROOT = sys.argv[1]
from tabletop.games.africa1880.gamefile import Game
from tabletop.ui.africa1880.app import AfricaApp
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.massai.controller import MassaiController
game = Game.new(["France", "Germany", "Italy"])
app = AfricaApp(AfricaController(game=game, autosave_path=Path(sys.argv[2])))
app.lang_toggle.value = "it"
massai = MassaiController(start=False)
massai.set_lang("it")
print(json.dumps({
    "choices": [code for _name, code in app.lang_toggle.options],
    "lang": app.controller.lang,
    "title": app.tabs.title_of("timer"),
    "massai": massai.lang,
}))
"""


def test_a_page_started_with_a_new_catalog_offers_and_shows_it(
    italian: Path, private_data_dir: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PAGE, str(italian), str(private_data_dir / "autosave.json")],
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    page = json.loads(done.stdout.splitlines()[-1])
    assert page == {
        "choices": ["en", "de", "fr", "it"],
        "lang": "it",
        "title": "Timer della diplomazia",
        "massai": "it",
    }
