"""The address phones open, and whether phones can open it at all.

A page asked on this machine's loopback address (``127.0.0.1``, ``localhost``) does not tell
which address phones could use. The server's own address (``TABLETOP_BASE_URL``, printed by
``tabletop serve``) does when it is not loopback (``--lan``). Else the page's server is asked
on this machine's address on the local network: if it answers there, that is the address;
if it does not (``tabletop serve`` without ``--lan``, ``voila`` on its default ``localhost``),
phones cannot reach it, and the address stays this machine's own (:func:`is_loopback`): the
shared screen then says so, shows no QR code, and keeps the links for this machine.

>>> is_loopback("http://127.0.0.1:8866"), is_loopback("http://localhost:8866/hub")
(True, True)
>>> is_loopback("http://192.168.1.5:8866")
False
>>> read_address(" http://192.168.1.5:8866/ ")
'http://192.168.1.5:8866'
>>> read_address("192.168.1.5:8866")
Traceback (most recent call last):
...
tabletop.ui.table.address.BadAddress: An address starts with http:// or https://, like http://192.168.1.5:8866.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

from tabletop.i18n.messages import N_, Msg
from tabletop.serving import DEFAULT_PORT, lan_address
from tabletop.ui.shell.bounded import ADDRESS_LIMIT

__all__ = [
    "LOOPBACK",
    "SERVE_LAN",
    "BadAddress",
    "default_base_url",
    "is_loopback",
    "listening",
    "read_address",
]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: The command that serves the pages to the phones on the local network.
SERVE_LAN = "tabletop serve --lan"

_NOT_HTTP = N_("An address starts with http:// or https://, like http://192.168.1.5:8866.")
_NO_PORT = N_("An address names its port after the host, like http://192.168.1.5:8866.")
_NOT_ONE = N_(
    "An address is one line without spaces, query or #part, like http://192.168.1.5:8866."
)
_TOO_LONG = N_("An address is at most {n} characters long.")


class BadAddress(ValueError):
    """An address typed by hand that cannot be used; ``message`` says why (any language)."""

    def __init__(self, message: Msg, **values: object) -> None:
        self.message = message
        self.values = values
        super().__init__(message.render("en", **values))

    def say(self, lang: str) -> str:
        """Why, in ``lang`` (one line)."""
        return self.message.render(lang, **self.values)


def read_address(text: str) -> str:
    """The address typed (spaces around and a final ``/`` dropped): ``http://`` or
    ``https://``, a host, a port, an optional path; else :class:`BadAddress`."""
    address = str(text).strip().rstrip("/")
    if len(address) > ADDRESS_LIMIT:
        raise BadAddress(_TOO_LONG, n=ADDRESS_LIMIT)
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not address.startswith(f"{parts.scheme}://"):
        raise BadAddress(_NOT_HTTP)
    if (
        any(ch.isspace() or not ch.isprintable() for ch in address)
        or parts.query
        or parts.fragment
        or "@" in parts.netloc
        or not parts.hostname
    ):
        raise BadAddress(_NOT_ONE)
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None:
        raise BadAddress(_NO_PORT)
    return address


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (no phone can open it)."""
    host = urlsplit(url).hostname or ""
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listening(host: str, port: int) -> bool:
    """Whether something accepts connections on ``host``:``port`` (a server listening on every
    address, or on this one; one connection opened and closed at once)."""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def _request_url() -> str:
    """The request Voilà gives the kernel: ``SERVER_NAME``, ``SERVER_PORT`` and ``SCRIPT_NAME``
    (also in a preheated kernel, after ``wait_for_request``), else ``VOILA_REQUEST_URL``."""
    name = os.environ.get("SERVER_NAME", "")
    if not name:
        return os.environ.get("VOILA_REQUEST_URL", "")
    port_text = os.environ.get("SERVER_PORT", "")
    script = os.environ.get("SCRIPT_NAME", "")
    return f"http://{name}{':' + port_text if port_text else ''}{script}"


def default_base_url(
    request_url: str | None = None, listens: Callable[[str, int], bool] = listening
) -> str:
    """The address the links use (see the module's text): the one this page was asked on,
    unless that is loopback; else the address ``tabletop serve`` printed, unless loopback; else
    this machine's LAN address when the server answers there (``listens``); else this machine's
    own address (:func:`is_loopback` is then true: phones cannot reach the server)."""
    if request_url is None:
        request_url = _request_url()
    parts = urlsplit(request_url)
    prefix = parts.path.split("/voila/", 1)[0] if "/voila/" in parts.path else ""
    if parts.hostname and not is_loopback(request_url):
        return f"{parts.scheme}://{parts.netloc}{prefix}".rstrip("/")
    printed_url = os.environ.get("TABLETOP_BASE_URL", "")
    printed = urlsplit(printed_url)
    if printed.hostname and not is_loopback(printed_url):
        return f"{printed.scheme}://{printed.netloc}{printed.path}".rstrip("/")
    try:
        port = parts.port or printed.port or int(os.environ.get("VOILA_APP_PORT", DEFAULT_PORT))
    except ValueError:
        port = DEFAULT_PORT
    lan = lan_address()
    if not is_loopback(f"http://{lan}") and listens(lan, port):
        return f"http://{lan}:{port}{prefix}".rstrip("/")
    if parts.hostname:
        return f"{parts.scheme}://{parts.netloc}{prefix}".rstrip("/")
    if printed.hostname:
        return f"{printed.scheme}://{printed.netloc}{printed.path}".rstrip("/")
    return f"http://127.0.0.1:{port}{prefix}".rstrip("/")
