"""The Massai page: ``massai_app()`` builds it (see ``notebooks/massai.ipynb``).

- ``app``: the page (``MassaiView``); ``controller``: the one object holding the game;
- ``canvas``: the board drawn from a ``Scene``; ``texts``: the interface texts;
  ``report_text``: what happened, in words; ``prompts``: the stage's instruction, the history.
"""

from tabletop.ui.massai.app import massai_app
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView

__all__ = ["MassaiController", "MassaiView", "massai_app"]
