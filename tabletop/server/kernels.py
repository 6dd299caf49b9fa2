"""How many kernels a server runs, and for whom: the caps that keep one visitor (or a crowd)
from filling the machine.

Every page a browser opens runs in a kernel of its own (60 to 180 MB). The server counts the
live kernels, and which client each page kernel was started for; a page is refused with "busy,
try again" while the server or that client is at its cap, instead of a page that never shows.

>>> ledger = KernelLedger(total=3, per_client=1)
>>> ledger.admit("10.0.0.5", live={"a"}).allowed
True
>>> ledger.started("a", "10.0.0.5")
>>> ledger.admit("10.0.0.5", live={"a"}).status
503
>>> ledger.admit("10.0.0.6", live={"a", "b", "c"}).status
503
"""

from __future__ import annotations

from collections.abc import Set

from tabletop.server.gate import Verdict

__all__ = ["DEFAULT_PER_CLIENT", "DEFAULT_TOTAL", "KernelLedger"]

#: Live kernels per server (pools included): about 5 GB of pages at the most.
DEFAULT_TOTAL = 40
#: Live page kernels per client: a phone with a few tabs, a shared screen and its reveal.
DEFAULT_PER_CLIENT = 8
#: Seconds a refused page suggests before trying again.
RETRY_SECONDS = 15.0


class KernelLedger:
    """The caps, and the client of every kernel started for a page."""

    def __init__(self, total: int = DEFAULT_TOTAL, per_client: int = DEFAULT_PER_CLIENT) -> None:
        if total < 1 or per_client < 1:
            raise ValueError("kernel caps must be at least 1")
        self.total = total
        self.per_client = per_client
        self._client_of: dict[str, str] = {}

    def started(self, kernel_id: str, client: str) -> None:
        """Kernel ``kernel_id`` now serves a page of ``client``."""
        self._client_of[kernel_id] = client

    def forget_gone(self, live: Set[str]) -> None:
        """Drop the kernels that are no longer running."""
        for kernel_id in [k for k in self._client_of if k not in live]:
            del self._client_of[kernel_id]

    def of_client(self, client: str, live: Set[str]) -> int:
        """Live page kernels of ``client``."""
        return sum(1 for k, c in self._client_of.items() if c == client and k in live)

    def admit(self, client: str, live: Set[str]) -> Verdict:
        """Whether one more page kernel may start for ``client`` with ``live`` kernels
        running."""
        self.forget_gone(live)
        if len(live) >= self.total:
            return Verdict(
                503,
                "The server is busy: too many pages are open. Try again in a moment, or close a "
                "page you no longer use.",
                retry_after=RETRY_SECONDS,
            )
        if self.of_client(client, live) >= self.per_client:
            return Verdict(
                503,
                f"This device already has {self.per_client} pages open on this server: close one "
                "(or wait a few minutes for closed ones to end), then try again.",
                retry_after=RETRY_SECONDS,
            )
        return Verdict()
