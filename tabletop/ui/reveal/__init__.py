"""The step-by-step reveal for a projector or a TV (``notebooks/reveal.ipynb``).

``reveal_page()`` is the notebook's page: the game of ``?game=ID`` in its address (and
``&lang=``; see :mod:`tabletop.ui.reveal.page`), else what ``reveal_app()`` shows
(:mod:`tabletop.ui.reveal.app`): the last resolved round of a game one step at a time, every
round with ``whole_game=True``, or a Massai game's last attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.reveal.app import reveal_app, reveal_view
    from tabletop.ui.reveal.page import reveal_page
    from tabletop.ui.reveal.steps import RevealStep, game_steps, round_steps
    from tabletop.ui.reveal.view import RevealView

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "reveal_app": "tabletop.ui.reveal.app",
        "reveal_view": "tabletop.ui.reveal.app",
        "reveal_page": "tabletop.ui.reveal.page",
        "RevealStep": "tabletop.ui.reveal.steps",
        "game_steps": "tabletop.ui.reveal.steps",
        "round_steps": "tabletop.ui.reveal.steps",
        "RevealView": "tabletop.ui.reveal.view",
    },
)

__all__ = [
    "RevealStep",
    "RevealView",
    "game_steps",
    "reveal_app",
    "reveal_page",
    "reveal_view",
    "round_steps",
]
