"""Where the pages are served: the default port and this machine's address on the local network.

Both the command line (``tabletop serve``, ``tabletop table``) and the pages (the join links of a
table) need them, so they live below both.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable

#: Port of ``tabletop serve`` the default links point at.
DEFAULT_PORT = 8866


def lan_address() -> str:
    """This machine's address on the local network, else ``127.0.0.1`` (nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # A UDP "connect" only picks the interface a packet would leave by.
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


class Guesses:
    """How many wrong credentials each client may still try: a leaky bucket per client.

    A client (an address, or one page's kernel) starts with :data:`ALLOWED` tries; every wrong
    token, code or key spends one, and one comes back every :data:`REFILL` seconds. A client
    with none left is refused for a while, and only that client: the rightful seat, host or
    students elsewhere are never locked out by someone else's guesses. At one guess per
    ``REFILL`` seconds a 6-character code (31⁶ ≈ 8.9 × 10⁸ values) takes centuries to find.

    ``clock`` gives seconds (``time.monotonic`` by default; tests pass their own).

    >>> now = [0.0]
    >>> guesses = Guesses(clock=lambda: now[0])
    >>> [guesses.wrong("10.0.0.5") for _ in range(Guesses.ALLOWED)][-1]
    >>> guesses.wait("10.0.0.5") > 0, guesses.wait("10.0.0.6")
    (True, None)
    >>> now[0] += Guesses.REFILL
    >>> guesses.wait("10.0.0.5") is None
    True
    """

    #: Wrong tries a fresh client may make in a row.
    ALLOWED = 10
    #: Seconds for one try to come back.
    REFILL = 6.0
    #: Clients remembered at most (the oldest are forgotten first: a flood of addresses cannot
    #: fill the memory).
    REMEMBERED = 10_000

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self._clock = clock or time.monotonic
        # client -> (tries left, when counted); insertion order is age order.
        self._left: dict[str, tuple[float, float]] = {}

    def _tries(self, client: str) -> float:
        now = self._clock()
        left, then = self._left.get(client, (float(self.ALLOWED), now))
        return min(float(self.ALLOWED), left + (now - then) / self.REFILL)

    def wait(self, client: str) -> float | None:
        """Seconds ``client`` must wait before its next try, or ``None`` (it may try now)."""
        left = self._tries(client)
        return None if left >= 1.0 else (1.0 - left) * self.REFILL

    def wrong(self, client: str) -> None:
        """Count one wrong credential from ``client``."""
        left = self._tries(client) - 1.0
        self._left.pop(client, None)
        self._left[client] = (max(left, 0.0), self._clock())
        while len(self._left) > self.REMEMBERED:
            del self._left[next(iter(self._left))]


def prepared_ahead() -> bool:
    """Whether this kernel is one Voilà preheated: its page is built before anybody asks."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False" and bool(
        os.environ.get("VOILA_KERNEL_ID")
    )


def wait_for_voila_request(timeout: float | None = None) -> bool:
    """In a kernel Voilà preheated, wait until a page is asked for, then put that request's
    variables (``QUERY_STRING``, ``SCRIPT_NAME``, ``SERVER_NAME``...) in ``os.environ``.

    Voilà's ``voila.utils.wait_for_request`` does the same, but importing ``voila.utils``
    brings Jupyter's server, nbconvert and JupyterLab's server into the kernel (about 45 MiB
    of every preheated page); this speaks its one-message protocol with ``websockets`` alone:
    the server sends a JSON object of variables on ``voila/query/<kernel id>``.

    False (nothing changed) outside a preheated kernel, or when the server cannot be reached.
    """
    if not prepared_ahead():
        return False
    kernel_id = os.environ["VOILA_KERNEL_ID"]
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    get = os.environ.get
    base = get("VOILA_WS_BASE_URL", get("VOILA_SERVER_URL", "/"))
    url = (
        f"{get('VOILA_WS_PROTOCOL', 'ws')}://{get('VOILA_APP_IP', '127.0.0.1')}:"
        f"{get('VOILA_APP_PORT', '8866')}{base}voila/query/{kernel_id}"
    )
    try:
        with connect(url, open_timeout=5, close_timeout=1) as websocket:
            message = websocket.recv(timeout=timeout)
    except (OSError, TimeoutError, WebSocketException):
        return False
    found = json.loads(message)
    if not isinstance(found, dict):
        return False
    for name, value in found.items():
        if isinstance(name, str) and isinstance(value, str):
            os.environ[name] = value
    return True
