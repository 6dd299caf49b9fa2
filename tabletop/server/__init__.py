"""The web server of ``tabletop serve``: Voilà behind a gate that lets in only those who belong
(the owner's key, or a link's own token or code), with caps on kernels per server and per
client, working close requests, and optional TLS. See ``docs/security.md``.

The rules (:mod:`tabletop.server.gate`, :mod:`tabletop.server.kernels`) know nothing of the web
server; :mod:`tabletop.server.app` applies them to Voilà's handlers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.server.app import OWNER_KEY_VARIABLE, TabletopVoila
    from tabletop.server.gate import Gate, Verdict
    from tabletop.server.kernels import KernelLedger

__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "OWNER_KEY_VARIABLE": "tabletop.server.app",
        "TabletopVoila": "tabletop.server.app",
        "Gate": "tabletop.server.gate",
        "Verdict": "tabletop.server.gate",
        "KernelLedger": "tabletop.server.kernels",
    },
)

__all__ = ["OWNER_KEY_VARIABLE", "Gate", "KernelLedger", "TabletopVoila", "Verdict"]
