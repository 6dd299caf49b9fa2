"""The ``tabletop`` command: one sub-command per game, plus ``games`` for the database.

Built and run by :mod:`tabletop.cli.dispatch`; one module per sub-command family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.cli.dispatch import build_parser, main

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "build_parser": "tabletop.cli.dispatch",
        "main": "tabletop.cli.dispatch",
    },
)

__all__ = ["build_parser", "main"]
