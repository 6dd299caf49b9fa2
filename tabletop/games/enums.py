"""The base of the rules cores' closed sets (reason codes, phases, options): text enums.

A member *is* its string value (``Reason.SYNTAX == "syntax"``, same hash, ``json.dumps`` writes
the value, ``str()`` and f-strings give the value), so game files, case files and ``--json``
output read and write the same text as before the sets became enums. This is what
``enum.StrEnum`` does from Python 3.11; the package still supports 3.10, hence this small class.

>>> class Colour(TextEnum):
...     RED = "red"
>>> Colour.RED == "red", f"{Colour.RED}", str(Colour.RED), Colour("red") is Colour.RED
(True, 'red', 'red', True)
>>> import json; json.dumps({Colour.RED: [Colour.RED]})
'{"red": ["red"]}'
"""

from __future__ import annotations

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """A closed set of stable text codes; each member behaves as its string value."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
