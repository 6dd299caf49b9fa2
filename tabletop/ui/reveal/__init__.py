"""The step-by-step reveal for a projector or a TV (``notebooks/reveal.ipynb``).

``reveal_page()`` is the notebook's page: the game of ``?game=ID`` in its address (and
``&lang=``; see :mod:`tabletop.ui.reveal.page`), else what ``reveal_app()`` shows
(:mod:`tabletop.ui.reveal.app`): the last resolved round of a game one step at a time, every
round with ``whole_game=True``, or a Massai game's last attack.
"""

from __future__ import annotations

from tabletop.ui.reveal.app import reveal_app, reveal_view
from tabletop.ui.reveal.page import reveal_page
from tabletop.ui.reveal.steps import RevealStep, game_steps, round_steps
from tabletop.ui.reveal.view import RevealView

__all__ = [
    "RevealStep",
    "RevealView",
    "game_steps",
    "reveal_app",
    "reveal_page",
    "reveal_view",
    "round_steps",
]
