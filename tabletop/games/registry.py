"""The kinds of game this program knows: the one place the built-in kinds are registered.

A new game is a package with its own ``kind.py`` (a :class:`~tabletop.games.kind.GameKind`) and
one line here. The store, the command line and the pages ask :data:`KINDS` about a game instead
of testing its class.

>>> [kind.key for kind in KINDS.all_kinds()]
['africa1880', 'massai']
>>> KINDS.kind_named("massai").name
'Massai'
"""

from __future__ import annotations

from tabletop.games.africa1880.kind import AFRICA1880
from tabletop.games.kind import KindRegistry
from tabletop.games.massai.kind import MASSAI

__all__ = ["KINDS"]

#: Every kind of game the program plays, by key, in the order lists show them.
KINDS = KindRegistry((AFRICA1880, MASSAI))
