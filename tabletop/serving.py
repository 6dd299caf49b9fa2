"""Where the pages are served: the default port and this machine's address on the local network.

Both the command line (``tabletop serve``, ``tabletop table``) and the pages (the join links of a
table) need them, so they live below both.
"""

from __future__ import annotations

import socket

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
