"""A real ``tabletop serve`` (Voilà behind the gate) tried as a guest on the network would try
it: plain HTTP and websocket requests with no credential, wrong guesses from one address, a
crowd of anonymous visitors; and the rightful holders of each link, who still get in.

Clients on other addresses are played by binding the connection to another loopback address
(127.0.0.2, 127.0.0.3, ...): the server sees each as its own client.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import tornado.websocket
from e2e.harness import OWNER_KEY, TabletopServer, wait_until

from tabletop.classroom.games import PRESETS
from tabletop.games.africa1880.gamefile import example_game
from tabletop.server.checks import StoreChecks
from tabletop.server.gate import Gate
from tabletop.serving import Guesses
from tabletop.store import open_store
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import NewClass
from tabletop.store.passes import reveal_pass
from tabletop.store.seat_records import NewTable
from tabletop.store.seats import Tables

NOTEBOOKS = sorted(p.name for p in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))
#: The most page kernels the test server runs (its --max-kernels).
CAP = 8


@dataclass
class Served:
    server: TabletopServer
    db: Path
    table: NewTable
    klass: NewClass
    game_id: int

    def secrets(self) -> list[str]:
        """Every token and code the database's holders were given."""
        found = [self.table.host_token, self.klass.host_token, self.klass.join_token]
        found.append(self.klass.code)
        for seat in self.table.seats:
            found += [seat.token, seat.code]
        return found


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    for key in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        folder = tmp_path / "env" / key.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[key] = str(folder)
    env["IPYTHONDIR"] = str(tmp_path / "env" / "ipython")
    env.pop("JUPYTER_PATH", None)
    env.pop("TABLETOP_DATABASE_URL", None)
    return env


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    db = tmp_path / "tabletop.db"
    store = open_store(db)
    try:
        game_id = store.create_game(example_game()).game_id
        table = Tables(store).open_table(game_id)
        klass = Classes(store).create(sorted(PRESETS)[0], rounds=3)
    finally:
        store.close()
    server = TabletopServer(
        _env(tmp_path),
        db,
        tmp_path / "serve.log",
        "--pool",
        "1",
        "--max-kernels",
        str(CAP),
        "--max-kernels-per-client",
        "2",
    )
    try:
        wait_until(lambda: len(server.kernels()) >= 2, "the pools filled", timeout=180)
        yield Served(server, db, table, klass, game_id)
    finally:
        server.stop()


def _get(
    served: Served, path: str, client: str = "127.0.0.1", cookie: str = ""
) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of a GET from ``client`` (a loopback address)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", served.server.port, timeout=180, source_address=(client, 0)
    )
    try:
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        answer = connection.getresponse()
        body = answer.read().decode("utf-8", errors="replace")
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body
    finally:
        connection.close()


def _owner_cookie(served: Served, client: str = "127.0.0.1") -> str:
    status, headers, _ = _get(served, f"/?key={OWNER_KEY}", client)
    assert status == 302 and headers["location"] == "/"
    found = re.search(r"tabletop-owner=(\"[^\"]*\"|[^;]*)", headers["set-cookie"])
    assert found is not None
    return f"tabletop-owner={found.group(1)}"


def _page_paths(served: Served) -> list[str]:
    """What a guest would try: every page, bare and with the usual query strings (the ids are
    small numbers, easy to guess; the tokens are not)."""
    paths = [f"/voila/render/{name}" for name in NOTEBOOKS]
    table, klass, game = served.table.table_id, served.klass.class_id, served.game_id
    paths += [
        f"/voila/render/table.ipynb?game={game}",
        f"/voila/render/table.ipynb?table={table}",
        f"/voila/render/seat.ipynb?table={table}",
        f"/voila/render/classroom.ipynb?class={klass}",
        f"/voila/render/reveal.ipynb?game={game}",
        f"/voila/render/africa1880.ipynb?game={game}",
        f"/voila/render/massai.ipynb?game={game}",
        "/",
        "/voila/tree",
        "/voila/api/contents",
        "/voila/api/contents/seat.ipynb",
        "/voila/files/seat.ipynb",
    ]
    return paths


def test_an_anonymous_guest_gets_no_page_no_token_and_no_kernel(served: Served) -> None:
    kernels = sorted(served.server.kernels())
    secrets = served.secrets()
    for path in _page_paths(served):
        status, headers, body = _get(served, path, "127.0.0.2")
        assert status in (200, 403, 404), (path, status)
        if status == 200:  # only the form where a phone types its number and code
            assert "<form" in body and "kernelId" not in body, path
        assert not [s for s in secrets if s in body], path
        assert "set-cookie" not in headers or "tabletop-owner" not in headers["set-cookie"]
    # No kernel was started for any of it (the pools are as they were).
    assert sorted(served.server.kernels()) == kernels

    # Kernel websockets and close requests need a kernel's id, which only its page gets.
    async def websocket(path: str) -> str:
        url = f"ws://127.0.0.1:{served.server.port}{path}"
        try:
            connection = await tornado.websocket.websocket_connect(url)
        except tornado.httpclient.HTTPClientError as error:
            return f"refused {error.code}"
        connection.close()
        return "opened"

    unknown = str(uuid.uuid4())
    assert asyncio.run(websocket(f"/api/kernels/{unknown}/channels")).startswith("refused")
    connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=60)
    connection.request("POST", f"/voila/api/shutdown/{unknown}")
    assert connection.getresponse().status in (403, 404)
    connection.close()
    assert sorted(served.server.kernels()) == kernels


def test_each_rightful_link_still_opens_its_page(served: Served) -> None:
    table, klass, game = served.table, served.klass, served.game_id
    france = table.seat("France")
    links = [
        f"/voila/render/seat.ipynb?table={table.table_id}&token={france.token}",
        f"/voila/render/table.ipynb?table={table.table_id}&token={table.host_token}",
        f"/voila/render/student.ipynb?class={klass.class_id}&join={klass.join_token}",
        f"/voila/render/reveal.ipynb?game={game}&pass={reveal_pass(game)}",
    ]
    for number, link in enumerate(links):
        status, _, body = _get(served, link, f"127.0.0.{10 + number}")
        assert status == 200 and "kernelId" in body, (link, body[-500:])
    # The owner: its key once, then every page with the cookie (the key leaves the address).
    cookie = _owner_cookie(served, "127.0.0.20")
    assert _get(served, "/voila/tree", "127.0.0.20", cookie)[0] == 200
    status, _, body = _get(served, "/voila/api/contents", "127.0.0.20", cookie)
    assert status == 200 and "africa1880.ipynb" in body
    status, _, body = _get(served, "/voila/render/game_theory.ipynb", "127.0.0.20", cookie)
    assert status == 200 and "kernelId" in body


def test_twelve_wrong_guesses_lock_out_only_the_guesser(served: Served) -> None:
    table, klass = served.table, served.klass
    guesser = "127.0.0.66"
    statuses = [
        _get(served, f"/voila/render/seat.ipynb?table={table.table_id}&token=WRONG{n}", guesser)[0]
        for n in range(12)
    ]
    assert statuses == [403] * Guesses.ALLOWED + [429] * (12 - Guesses.ALLOWED)
    status, headers, body = _get(
        served, f"/voila/render/seat.ipynb?table={table.table_id}&token=x", guesser
    )
    assert status == 429 and int(headers["retry-after"]) > 0 and "try again" in body
    # The rightful seat and host, each on its own device, get in at once.
    seat = table.seat("Germany")
    seat_link = f"/voila/render/seat.ipynb?table={table.table_id}&token={seat.code}"
    assert _get(served, seat_link, "127.0.0.30")[0] == 200
    host_link = f"/voila/render/table.ipynb?table={table.table_id}&token={table.host_token}"
    assert _get(served, host_link, "127.0.0.31")[0] == 200
    # And 40 students: the same gate, the same database, each from its own phone (asked of
    # the gate directly: 40 kernels would not fit the test machine).
    gate = Gate(OWNER_KEY, StoreChecks(str(served.db)))
    for _ in range(12):
        gate.page("student.ipynb", {"class": str(klass.class_id), "join": "NOPE"}, guesser, False)
    for student in range(40):
        query = {"class": str(klass.class_id), "join": klass.code}
        assert gate.page("student.ipynb", query, f"10.1.0.{student}", False).allowed
    assert (
        gate.page(
            "student.ipynb", {"class": str(klass.class_id), "join": klass.code}, guesser, False
        ).status
        == 429
    )


def test_a_crowd_of_anonymous_visitors_stays_within_the_caps(served: Served) -> None:
    start = sorted(served.server.kernels())
    paths = _page_paths(served)
    for number in range(200):
        status, _, _ = _get(
            served, paths[number % len(paths)], f"127.0.{number // 50}.{number % 50 + 2}"
        )
        assert status in (200, 403, 404, 429)
    assert sorted(served.server.kernels()) == start
    # The owner (one device): two pages, then "busy" — and the server never over its cap.
    cookie = _owner_cookie(served, "127.0.0.40")
    answers = [
        _get(served, "/voila/render/game_theory.ipynb", "127.0.0.40", cookie) for _ in range(3)
    ]
    assert [a[0] for a in answers] == [200, 200, 503]
    status, headers, body = answers[2]
    assert "busy" in body.lower() and int(headers["retry-after"]) > 0
    # Other devices fill the server up to its cap, then get "busy" too.
    statuses = []
    for device in range(CAP):
        device_cookie = _owner_cookie(served, f"127.0.0.{50 + device}")
        statuses.append(
            _get(
                served, "/voila/render/game_theory.ipynb", f"127.0.0.{50 + device}", device_cookie
            )[0]
        )
    assert 503 in statuses
    assert len(served.server.kernels()) <= CAP
