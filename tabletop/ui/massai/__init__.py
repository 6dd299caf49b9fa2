"""The Massai page: ``massai_app()`` builds it (see ``notebooks/massai.ipynb``).

- ``app``: the page (``MassaiView``); ``controller``: the one object holding the game;
- ``canvas``: the board drawn from a ``Scene``; ``texts``: the interface texts;
  ``report_text``: what happened, in words; ``prompts``: the stage's instruction, the history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.massai.app import massai_app
    from tabletop.ui.massai.controller import MassaiController
    from tabletop.ui.massai.view import MassaiView

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "massai_app": "tabletop.ui.massai.app",
        "MassaiController": "tabletop.ui.massai.controller",
        "MassaiView": "tabletop.ui.massai.view",
    },
)

__all__ = ["MassaiController", "MassaiView", "massai_app"]
