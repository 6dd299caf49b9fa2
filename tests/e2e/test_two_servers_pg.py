"""One table, one PostgreSQL database, two ``tabletop serve`` processes (a club or class server).

The shared screen is opened on server 1, the seat pages on server 2 (phone-sized browser
contexts with touch). Two seats seal through their pages, the others with the command line;
the shared screen on server 1 shows who has sealed (never what) and resolves; the seat pages on
server 2 then show their results; and the resolution is exactly ``tabletop africa resolve
--json`` of the sealed sheets on the game as it was. Both servers are stopped whatever happens.

PostgreSQL comes from ``TABLETOP_TEST_POSTGRES_URL`` (``.ci/run`` starts one); outside CI
without it, ``tools/pg_test_server.sh`` starts a throwaway server here (as the store tests do).
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import REPO_ROOT, children, free_port

SCRIPT = REPO_ROOT / "tools" / "pg_test_server.sh"
EXAMPLE_GAME = REPO_ROOT / "tabletop" / "games" / "africa1880" / "data" / "example_game.json"
EXAMPLE_SHEETS = REPO_ROOT / "examples" / "africa" / "orders_1895.txt"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
#: Seats sealed through their phone page; the others seal with the command line.
BY_PAGE = ("France", "Germany")
PAGE_TIMEOUT_MS = 120_000


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def pg_server() -> Iterator[str]:
    """A running PostgreSQL server's URL (CI's, or a throwaway one started here)."""
    url = os.environ.get("TABLETOP_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    if _in_ci():
        pytest.fail("CI is set but TABLETOP_TEST_POSTGRES_URL is not: .ci/run must start it")
    env = {**os.environ, "TABLETOP_PG_DIR": f"/tmp/tabletop-pg-e2e-{os.getuid()}"}
    started = subprocess.run(
        ["bash", str(SCRIPT), "start"], capture_output=True, text=True, env=env, timeout=600
    )
    if started.returncode != 0:
        pytest.skip(f"no PostgreSQL on this machine: {started.stderr.strip()[-300:]}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop"], capture_output=True, env=env, timeout=120)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh database of its own on the server."""
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    server = make_url(pg_server).set(drivername="postgresql+psycopg")
    name = f"tt_e2e_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


class Server:
    """A ``tabletop serve`` process (its own process group), its log, and its kernels."""

    def __init__(self, name: str, port: int, db: str, pool: int, env: dict[str, str], log: Path):
        self.name, self.port, self.log = name, port, log
        self.base = f"http://127.0.0.1:{port}"
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port)]
                + ["--db", db, "--pool", str(pool)],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=REPO_ROOT,
                env=env,
                start_new_session=True,
            )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self, notebook: str, deadline: float) -> None:
        """Until the server answers and ``notebook``'s preheated pool is filled."""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(
                    f"{self.name} exited ({self.process.returncode}):\n{self.text()[-3000:]}"
                )
            if f"Kernel pool of {notebook} is filled" in self.text():
                try:
                    with urllib.request.urlopen(self.base + "/", timeout=5):
                        return
                except urllib.error.HTTPError:
                    return  # it answers (the folder listing is the owner's: 403)
                except OSError:
                    pass
            time.sleep(0.3)
        pytest.fail(f"{self.name} not ready:\n{self.text()[-3000:]}")

    def kernels(self) -> set[int]:
        return {k for voila in children(self.process.pid) for k in children(voila)}

    def stop(self) -> None:
        """SIGTERM (Voilà shuts its kernels down), then SIGKILL for anything left."""
        kernels = self.kernels()
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
            except ProcessLookupError:
                pass
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _cli(env: dict[str, str], *argv: str, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "tabletop.cli", *argv],
        capture_output=True,
        text=True,
        input=stdin,
        env=env,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, f"tabletop {' '.join(argv[:3])}: {result.stderr}"
    return result.stdout


def _example_sheets() -> dict[str, str]:
    """The example round's sheets, by power, each without its header (a seat may omit it)."""
    from tabletop.games.africa1880.powers import lookup_power

    text = EXAMPLE_SHEETS.read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=\[)", text)[1:]
    return {
        str(lookup_power(block.split("\n", 1)[0].strip().strip("[]"))): block.split("\n", 1)[1]
        for block in blocks
    }


@pytest.fixture
def env(jupyter_env: dict[str, str], pg_url: str) -> dict[str, str]:
    environment = dict(jupyter_env)
    environment["PYTHONPATH"] = str(REPO_ROOT)  # the servers' kernels import this tree
    environment["TABLETOP_DATABASE_URL"] = pg_url
    return environment


@pytest.fixture
def servers(env: dict[str, str], pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Server 1 (shared screens, seat pages not preheated) and server 2 (seat pages)."""
    one = Server("server 1", free_port(), pg_url, 0, env, tmp_path / "serve-1.log")
    two = Server("server 2", free_port(), pg_url, 2, env, tmp_path / "serve-2.log")
    try:
        deadline = time.monotonic() + 240
        one.wait_ready("table.ipynb", deadline)
        two.wait_ready("seat.ipynb", deadline)
        yield one, two
    finally:
        for server in (one, two):
            server.stop()
        for server in (one, two):
            assert server.process.poll() is not None
            assert not server.kernels()


def test_a_table_shared_by_two_servers_on_postgresql(
    env: dict[str, str],
    pg_url: str,
    servers: tuple[Server, Server],
    chromium: Any,
    tmp_path: Path,
) -> None:
    one, two = servers
    tid, host, seats = _new_table(env, pg_url, two)
    sheets = _example_sheets()
    assert set(seats) == set(sheets) and set(BY_PAGE) < set(seats)
    before = tmp_path / "before.json"
    _cli(env, "table", "export", tid, "-o", str(before), "--db", pg_url)

    screen = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages = {"screen": Listened(screen)}
    _open_shared_screen(screen, one, tid, host, seats)
    phones = {}
    for power in BY_PAGE:
        assert seats[power]["url"].startswith(two.base + "/voila/render/seat.ipynb?")
        phone = chromium.new_context(**PHONE).new_page()
        pages[power] = Listened(phone)
        _seal_on_the_phone(pages[power], seats[power]["url"], sheets[power])
        phones[power] = phone
    for power in seats:
        if power not in BY_PAGE:
            token = seats[power]["token"]
            _cli(
                env,
                "table",
                "seal",
                tid,
                "--token",
                token,
                "-",
                "--db",
                pg_url,
                stdin=sheets[power],
            )

    _check_the_screen_shows_who_sealed_not_what(screen, seats, sheets)
    sealed = _sealed_sheets(env, pg_url, tid, seats, sheets)
    _check_no_page_received_the_others_sheets(pages, sealed)

    screen.locator(".tt-resolve-table").first.click()
    screen.locator(".tt-table-message .tt-msg-ok").wait_for(state="visible", timeout=60_000)
    screen.locator(".tt-table-report").first.wait_for(state="visible", timeout=30_000)
    # The seat pages on server 2 follow the resolution made on server 1.
    for phone in phones.values():
        phone.locator(".tt-seat-heading", has_text="Round 5").wait_for(timeout=60_000)
        phone.locator(".tt-own-results").first.wait_for(state="visible", timeout=30_000)
        phone.locator(".tt-sealed-state .tt-status-sealed").wait_for(state="hidden")

    _check_the_command_line_resolves_the_same(env, pg_url, tid, host, before, sealed, tmp_path)


def _new_table(
    env: dict[str, str], pg_url: str, seats_server: Server
) -> tuple[str, str, dict[str, Any]]:
    """The example game imported and made a table whose seat links point to ``seats_server``:
    its number, the host's token and each power's seat."""
    imported = _cli(env, "games", "import", str(EXAMPLE_GAME), "--db", pg_url)
    game_id = re.search(r"\bgame (\d+)", imported, re.IGNORECASE)
    assert game_id, imported
    table = json.loads(
        _cli(
            env,
            "table",
            "new",
            f"db:{game_id[1]}",
            "--db",
            pg_url,
            "--json",
            "--base-url",
            seats_server.base,
        )
    )
    seats = {seat["power"]: seat for seat in table["seats"]}
    return str(table["table"]), table["host"]["token"], seats


def _open_shared_screen(
    screen: Any, server: Server, tid: str, host: str, seats: dict[str, Any]
) -> None:
    """The shared screen, opened on ``server``, shows every seat waiting."""
    screen.goto(
        f"{server.base}/voila/render/table.ipynb?table={tid}&token={host}",
        timeout=PAGE_TIMEOUT_MS,
    )
    screen.locator(".tt-seat-card").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    for power in seats:
        card = screen.locator(f".tt-seat-card-{_slug(power)} .tt-status-waiting")
        card.wait_for(state="visible", timeout=30_000)


def _seal_on_the_phone(phone: Listened, url: str, sheet: str) -> None:
    """Type the sheet on the seat page and seal it with a tap."""
    phone.page.goto(url, timeout=PAGE_TIMEOUT_MS)
    text = phone.page.locator(".tt-text textarea").first
    text.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    # The tap goes to the kernel on the same websocket as the text, so once the text is sent
    # the kernel reads it before the tap.
    with phone.kernel_socket().expect_event(
        "framesent", predicate=lambda payload: _sends(payload, sheet), timeout=30_000
    ):
        text.fill(sheet)
    phone.page.locator(".tt-seal").first.tap()
    phone.page.locator(".tt-sealed-state .tt-status-sealed").wait_for(
        state="visible", timeout=30_000
    )


def _sends(payload: str | bytes, sheet: str) -> bool:
    """Whether a websocket frame carries the whole of ``sheet`` (as a JSON string)."""
    frame = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
    return json.dumps(sheet, ensure_ascii=False)[1:-1] in frame


def _check_the_screen_shows_who_sealed_not_what(
    screen: Any, seats: dict[str, Any], sheets: dict[str, str]
) -> None:
    # The shared screen on server 1 sees every seal (made on server 2 or by the command line).
    for power in seats:
        screen.locator(f".tt-seat-card-{_slug(power)} .tt-status-sealed").wait_for(
            state="visible", timeout=30_000
        )
    shown = screen.locator("body").inner_text()
    for power, sheet in sheets.items():  # who sealed, never what
        for line in sheet.splitlines():
            order = line.split("#", 1)[0].strip()
            if ":" in order and "explore" in order:
                assert order not in shown, (power, order)


def _sealed_sheets(
    env: dict[str, str], pg_url: str, tid: str, seats: dict[str, Any], sheets: dict[str, str]
) -> dict[str, str]:
    """What each seat sealed, as its own view says (the page's sheet is the text typed); no
    seat's view holds another's sheet."""
    sealed: dict[str, str] = {}
    for power, seat in seats.items():
        view = json.loads(
            _cli(env, "table", "show", tid, "--token", seat["token"], "--json", "--db", pg_url)
        )
        assert view["own_sheet"], power
        sealed[power] = view["own_sheet"]
        # The page sealed what was typed (its first territory at least: the page may write the
        # orders in its own words).
        first = sheets[power].splitlines()[0].split(":", 1)[0].strip()
        assert first in sealed[power], (power, first)
        for other, text in sealed.items():
            if other != power:
                assert text not in json.dumps(view)
    return sealed


def _check_no_page_received_the_others_sheets(
    pages: dict[str, Listened], sealed: dict[str, str]
) -> None:
    """Nor in any message a page received before the reveal: the shared screen's none of the
    sheets, a seat's none of the others' (its own orders it may see)."""
    moves = {
        power: {line.split("#", 1)[0].strip() for line in text.splitlines()}
        for power, text in sealed.items()
    }
    for reader, listened in pages.items():
        seen = "\n".join(listened.received)
        assert seen, reader  # the page's websockets were listened to
        own = moves.get(reader, set())
        for power, lines in moves.items():
            for line in lines - own:
                if "explore" in line or "->" in line:
                    for form in (line, html.escape(line), json.dumps(line)[1:-1]):
                        assert form not in seen, (reader, power, line)


def _check_the_command_line_resolves_the_same(
    env: dict[str, str],
    pg_url: str,
    tid: str,
    host: str,
    before: Path,
    sealed: dict[str, str],
    tmp_path: Path,
) -> None:
    """The same sheets through `tabletop africa resolve --json` on the game as it was give the
    table's new state; resolving the table again is refused."""
    order = json.loads(before.read_text(encoding="utf-8"))["state"]["powers"]
    orders = tmp_path / "orders.txt"
    orders.write_text(
        "\n".join(_with_header(p, sealed[p]) for p in order if p in sealed), encoding="utf-8"
    )
    direct = json.loads(_cli(env, "africa", "resolve", str(before), str(orders), "--json"))
    after = tmp_path / "after.json"
    _cli(env, "table", "export", tid, "-o", str(after), "--db", pg_url)
    exported = json.loads(after.read_text(encoding="utf-8"))
    assert exported["state"] == direct["state"]
    status = json.loads(_cli(env, "table", "status", tid, "--json", "--db", pg_url))
    assert status["round"] == 5 and status["sealed"] == []
    # Resolving again from the command line is refused: the round was resolved once.
    again = subprocess.run(
        [sys.executable, "-m", "tabletop.cli", "table", "resolve", tid, "--token", host]
        + ["--round", "4", "--db", pg_url],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert again.returncode == 1 and "already resolved" in again.stderr


class Listened:
    """A page, the websockets it opens, and every message they receive (the kernel's widget
    messages), as text."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.sockets: list[Any] = []
        self.received: list[str] = []
        page.on("websocket", self._opened)

    def _opened(self, socket: Any) -> None:
        self.sockets.append(socket)
        socket.on(
            "framereceived",
            lambda payload: self.received.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        )

    def kernel_socket(self) -> Any:
        """The websocket to the page's kernel (Jupyter's ``.../channels``)."""
        channels = [s for s in self.sockets if "/channels" in s.url]
        assert len(channels) == 1, [s.url for s in self.sockets]
        return channels[0]


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


def _with_header(power: str, text: str) -> str:
    return text if text.lstrip().startswith("[") else f"[{power}]\n{text}"
