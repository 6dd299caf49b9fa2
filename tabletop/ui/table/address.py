"""The address phones open: the one the shared screen was asked on, unless it is this
machine's loopback address (then its address on the local network)."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from tabletop.serving import DEFAULT_PORT, lan_address

__all__ = ["LOOPBACK", "default_base_url"]


def default_base_url(request_url: str | None = None) -> str:
    """The address phones use: the one this page was asked on, unless that is this machine's
    loopback address (then this machine's LAN address, same port).

    Else the address ``tabletop serve`` printed (``TABLETOP_BASE_URL``) when it is not loopback.
    The request is what Voilà gives the kernel: ``SERVER_NAME``, ``SERVER_PORT`` and
    ``SCRIPT_NAME`` (also in a preheated kernel, after ``wait_for_request``), else
    ``VOILA_REQUEST_URL``.
    """
    if request_url is None:
        name = os.environ.get("SERVER_NAME", "")
        port_text = os.environ.get("SERVER_PORT", "")
        if name:
            script = os.environ.get("SCRIPT_NAME", "")
            request_url = f"http://{name}{':' + port_text if port_text else ''}{script}"
        else:
            request_url = os.environ.get("VOILA_REQUEST_URL", "")
    parts = urlsplit(request_url)
    prefix = parts.path.split("/voila/", 1)[0] if "/voila/" in parts.path else ""
    if parts.hostname and parts.hostname not in LOOPBACK:
        return f"{parts.scheme}://{parts.netloc}{prefix}".rstrip("/")
    # The address ``tabletop serve`` printed (its --lan address), when it is not loopback.
    printed = urlsplit(os.environ.get("TABLETOP_BASE_URL", ""))
    if printed.hostname and printed.hostname not in LOOPBACK:
        return f"{printed.scheme}://{printed.netloc}{printed.path}".rstrip("/")
    try:
        port = parts.port or printed.port or int(os.environ.get("VOILA_APP_PORT", DEFAULT_PORT))
    except ValueError:
        port = DEFAULT_PORT
    return f"http://{lan_address()}:{port}{prefix}".rstrip("/")


LOOPBACK = ("127.0.0.1", "localhost", "::1")
