"""The ``tabletop`` command: one sub-command per game, plus ``games`` for the database.

Built and run by :mod:`tabletop.cli.dispatch`; one module per sub-command family.
"""

from tabletop.cli.dispatch import build_parser, main

__all__ = ["build_parser", "main"]
