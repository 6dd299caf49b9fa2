"""No request leaves the machine: every page, in Chromium, asks its own server for everything.

A table has no internet. Voilà's lab template links Font Awesome's style sheets on a CDN
(cdn.jsdelivr.net) and mermaid.js (cdnjs): without internet the page waits for them and its
icons are empty boxes. The pages' own template (share/jupyter/voila/templates/tabletop) drops
those links; Voilà's voila-style.js, served by the server itself, carries Font Awesome and its
fonts. Here every request of every page is routed: one to any other address FAILS the test (and
is refused, as it would be at the table). An icon button's glyph ("+" of "New game", Font
Awesome's) must come from a font face the server delivered, not from a missing font.

Served two ways: by ``tabletop serve`` (which names the template) on Africa 1880, Massai, game
theory, a seat, the shared screen, a student and the reveal page; and by plain ``voila`` with the
package's installed data files (``share/jupyter``, ``etc/jupyter/voila.json``: an installed
package puts them in ``{sys.prefix}``; here ``JUPYTER_PATH`` and ``JUPYTER_CONFIG_PATH`` name the
checkout's) on the shared screen.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import tomllib  # Python 3.11 and later: the browser tests run on Debian's 3.11
from harness import REPO_ROOT, TabletopServer, tt

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import open_store
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import student_url
from tabletop.store.passes import reveal_pass
from tabletop.store.seat_records import host_url, seat_url
from tabletop.store.seats import Tables

SHOTS = REPO_ROOT / "tests" / "artifacts"
TIMEOUT = 120_000  # ms: a generous bound for a page on a busy machine, not a goal
SHEETS = {
    "Belgium": "Congo: develop",
    "France": "Algeria: develop",
    "Germany": "Togo: develop",
    "Great Britain": "Egypt: develop",
}
#: The glyph of Font Awesome's "plus" (the "New game" button's icon).
PLUS = "\uf067"
GLYPH_JS = """async ([selector, glyph]) => {
    const icon = document.querySelector(selector);
    if (!icon) return {found: false};
    const before = getComputedStyle(icon, "::before");
    const font = `${before.fontWeight} 16px ${before.fontFamily}`;
    const faces = await document.fonts.load(font, glyph);
    return {
        found: true,
        family: before.fontFamily,
        content: before.content,
        faces: faces.map((f) => [f.family, f.weight, f.status]),
        check: document.fonts.check(font, glyph),
        width: icon.getBoundingClientRect().width,
    };
}"""


class Offline:
    """A browser context whose every request to another address than ``base`` is refused and
    written down (``foreign``)."""

    def __init__(self, chromium: Any, base: str) -> None:
        self.own = urlsplit(base).netloc
        self.foreign: list[str] = []
        self.context = chromium.new_context(viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(TIMEOUT)
        self.context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        parts = urlsplit(route.request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != self.own:
            self.foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def open(self, url: str, ready: str) -> Any:
        """Open ``url`` and wait until ``ready`` shows (its widgets are drawn)."""
        page = self.context.new_page()
        page.goto(url, timeout=TIMEOUT)
        try:
            page.locator(f"{ready} >> visible=true").first.wait_for(timeout=TIMEOUT)
        except Exception:
            page.screenshot(path=str(SHOTS / (urlsplit(url).path.rsplit("/", 1)[-1] + ".png")))
            raise AssertionError(f"{url}: {ready} never showed") from None
        page.evaluate("document.fonts.ready.then(() => true)")
        return page


def _icon_drawn_from_the_server(page: Any) -> None:
    shown = page.evaluate(GLYPH_JS, [f"{tt('games-new')} i", PLUS])
    assert shown["found"], "the New game button has no icon"
    assert "Font Awesome 5 Free" in shown["family"] and PLUS in shown["content"], shown
    loaded = [face for face in shown["faces"] if "Font Awesome 5 Free" in face[0]]
    assert loaded and all(status == "loaded" for _, _, status in loaded), shown
    assert shown["check"] and shown["width"] > 0, shown


@pytest.fixture
def served(jupyter_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[TabletopServer, dict]]:
    """``tabletop serve`` over a database with a table (a round resolved, the next one open)
    and a class game; the links of each page."""
    db = Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db"
    store = open_store(db)
    try:
        tables = Tables(store)
        game_id = store.create_game(example_game()).game_id
        table = tables.open_table(game_id)
        for seat, sheet in SHEETS.items():
            tables.seal(table.table_id, table.seat(seat).token, sheet)
        tables.resolve(table.table_id, table.host_token)
        new_class = Classes(store).create("africa-two-full", 2)
    finally:
        store.close()
    # The kernels' Unix sockets live under TMPDIR: a short one (a socket path has at most 107
    # bytes; pytest's tmp_path and the connection file's name together are longer).
    short = tempfile.mkdtemp(prefix="tt-")
    env = {
        **jupyter_env,
        "TABLETOP_SECRET_FILE": os.environ["TABLETOP_SECRET_FILE"],
        "TMPDIR": short,
    }
    server = TabletopServer(env, db, tmp_path / "serve.log", "--pool", "0")
    render = f"{server.base}/voila/render/"
    links = {
        "africa1880": (render + "africa1880.ipynb", ".widget-button"),
        "massai": (render + "massai.ipynb", ".widget-button"),
        "game theory": (render + "game_theory.ipynb", ".tt-lesson3-guards"),
        "seat": (seat_url(server.base, table.table_id, table.seat("France").token), ".tt-seal"),
        "table": (host_url(server.base, table.table_id, table.host_token), ".tt-seat-card"),
        "student": (
            student_url(server.base, new_class.class_id, new_class.join_token),
            tt("join"),
        ),
        "reveal": (
            render + f"reveal.ipynb?game={game_id}&pass={reveal_pass(game_id)}",
            ".widget-button",
        ),
        "games": (render + "table.ipynb", tt("games-new")),
    }
    try:
        yield server, links
    finally:
        server.stop()
        shutil.rmtree(short, ignore_errors=True)


@pytest.mark.timeout(900)
def test_tabletop_serve_pages_ask_only_their_server(
    served: tuple[TabletopServer, dict], chromium: Any
) -> None:
    server, links = served
    browser = Offline(chromium, server.base)
    owner = browser.context.new_page()
    owner.goto(server.owner_link, timeout=TIMEOUT)  # the owner's cookie: every page opens
    opened = []
    for name, (url, ready) in links.items():
        page = browser.open(url, ready)
        assert not browser.foreign, f"{name}: requests left the machine: {browser.foreign}"
        html = page.content()
        assert "cdn.jsdelivr.net" not in html and "cdnjs.cloudflare.com" not in html, name
        opened.append(name)
        if name == "games":
            _icon_drawn_from_the_server(page)
        page.close()
    assert len(opened) == len(links)
    assert "Traceback" not in server.log_text()


@pytest.mark.timeout(600)
def test_plain_voila_with_the_installed_files_asks_only_its_server(
    voila: Any, chromium: Any
) -> None:
    base = voila.folder(
        {
            "JUPYTER_PATH": str(REPO_ROOT / "share" / "jupyter"),
            "JUPYTER_CONFIG_PATH": str(REPO_ROOT / "etc" / "jupyter"),
        }
    )
    browser = Offline(chromium, base)
    page = browser.open(base + "voila/render/table.ipynb", tt("games-new"))
    assert not browser.foreign, f"requests left the machine: {browser.foreign}"
    _icon_drawn_from_the_server(page)
    assert "Traceback" not in voila.log_text(base)


def test_the_package_installs_the_template_and_makes_it_the_default() -> None:
    """Every file of the template and its configuration is a data file of the package (an
    installed package puts them in ``{sys.prefix}``), and none names an address elsewhere."""
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    listed = {
        (target, source)
        for target, sources in config["tool"]["setuptools"]["data-files"].items()
        for source in sources
    }
    present = {
        (str(path.parent.relative_to(REPO_ROOT)), str(path.relative_to(REPO_ROOT)))
        for folder in ("share", "etc")
        for path in (REPO_ROOT / folder).rglob("*")
        if path.is_file()
    }
    assert listed == present
    default = json.loads((REPO_ROOT / "etc" / "jupyter" / "voila.json").read_text())
    assert default == {"VoilaConfiguration": {"template": "tabletop"}}
    for _, source in present:
        text = (REPO_ROOT / source).read_text()
        assert "https://" not in text and "http://" not in text, source
