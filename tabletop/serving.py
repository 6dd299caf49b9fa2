"""Where the pages are served: the default port and this machine's address on the local network.

Both the command line (``tabletop serve``, ``tabletop table``) and the pages (the join links of a
table) need them, so they live below both.
"""

from __future__ import annotations

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
