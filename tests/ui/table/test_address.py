"""The address phones open (tabletop.ui.table.address): the one the shared screen was asked on,
else the one ``tabletop serve --lan`` printed, else this machine's LAN address when the server
answers there, else this machine's own address (phones cannot reach it); the typed address's
check; and the dashboards' link to the page."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tabletop.serving import lan_address
from tabletop.ui.table import table_page_link
from tabletop.ui.table.address import (
    BadAddress,
    default_base_url,
    is_loopback,
    listening,
    read_address,
)


@pytest.fixture
def no_request(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "TABLETOP_BASE_URL",
        "SERVER_NAME",
        "SERVER_PORT",
        "SCRIPT_NAME",
        "VOILA_REQUEST_URL",
        "VOILA_APP_PORT",
    ):
        monkeypatch.delenv(name, raising=False)


def _never(_host: str, _port: int) -> bool:
    return False


def _always(_host: str, _port: int) -> bool:
    return True


def test_links_and_the_address_the_page_was_asked_on(
    no_request: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert table_page_link(12) == "table.ipynb?game=12"
    url = "http://club.example:8866/hub/voila/render/table.ipynb?table=1&token=x"
    assert default_base_url(url, _never) == "http://club.example:8866/hub"
    # a preheated kernel knows its request from these (after wait_for_request)
    monkeypatch.setenv("SERVER_NAME", "tablet.local")
    monkeypatch.setenv("SERVER_PORT", "8870")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/table.ipynb")
    assert default_base_url(listens=_never) == "http://tablet.local:8870"
    # asked on loopback, served by `tabletop serve --lan`: the address it printed
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("TABLETOP_BASE_URL", "http://192.0.2.7:9003")
    assert default_base_url(listens=_never) == "http://192.0.2.7:9003"


def test_asked_on_loopback_the_lan_address_only_when_the_server_answers_there(
    no_request: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lan = lan_address()
    asked: list[tuple[str, int]] = []

    def answers(host: str, port: int) -> bool:
        asked.append((host, port))
        return True

    local = "http://127.0.0.1:9000/voila/render/table.ipynb"
    if not is_loopback(f"http://{lan}"):
        assert default_base_url(local, answers) == f"http://{lan}:9000"
        assert asked == [(lan, 9000)]
    # `tabletop serve` without --lan, or `voila` on localhost: this machine's own address
    assert default_base_url(local, _never) == "http://127.0.0.1:9000"
    assert is_loopback(default_base_url("http://localhost:8866/voila/render/t.ipynb", _never))
    monkeypatch.setenv("TABLETOP_BASE_URL", "http://127.0.0.1:9003")
    assert default_base_url("", _never) == "http://127.0.0.1:9003"
    monkeypatch.delenv("TABLETOP_BASE_URL")
    assert default_base_url("", _never) == "http://127.0.0.1:8866"


@pytest.fixture
def lan_listener() -> Iterator[tuple[str, int]]:
    """A server listening on every address (as ``voila --Voila.ip=0.0.0.0``)."""
    server = socket.socket()
    server.bind(("0.0.0.0", 0))
    server.listen()
    yield lan_address(), server.getsockname()[1]
    server.close()


def test_the_probe_finds_a_server_listening_on_every_address_and_not_a_loopback_one(
    no_request: None, lan_listener: tuple[str, int]
) -> None:
    lan, port = lan_listener
    if is_loopback(f"http://{lan}"):
        pytest.fail("this machine has no address on a network: the probe cannot be tested")
    assert listening(lan, port)
    assert default_base_url(f"http://127.0.0.1:{port}/voila/render/table.ipynb") == (
        f"http://{lan}:{port}"
    )
    with socket.socket() as local_only:
        local_only.bind(("127.0.0.1", 0))
        local_only.listen()
        port = local_only.getsockname()[1]
        assert listening("127.0.0.1", port) and not listening(lan, port)
        url = f"http://127.0.0.1:{port}/voila/render/table.ipynb"
        assert default_base_url(url) == f"http://127.0.0.1:{port}"


def test_loopback_addresses() -> None:
    for url in (
        "http://127.0.0.1:8866",
        "http://localhost:1",
        "http://[::1]:8866",
        "http://127.8.0.1",
    ):
        assert is_loopback(url), url
    for url in ("http://192.168.1.5:8866", "http://tablet.local:8866", "", "http://[fe80::1]:1"):
        assert not is_loopback(url), url


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("192.168.1.5:8866", "starts with http://"),
        ("ftp://nope", "starts with http://"),
        ("http://192.168.1.5", "port"),
        ("http://192.168.1.5:port", "port"),
        ("http://192.168.1.5:99999", "port"),
        ("http://192.168.1.5:8866?x=1", "one line"),
        ("http://192.168.1.5:8866/ hub", "one line"),
        ("http://a@192.168.1.5:8866", "one line"),
        ("http://" + "a" * 400 + ":8866", "at most 300"),
    ],
)
def test_a_typed_address_is_checked_in_one_line(text: str, said: str) -> None:
    with pytest.raises(BadAddress) as caught:
        read_address(text)
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert "http://" in caught.value.say("fr") or "300" in caught.value.say("fr")
