"""A package's public API, imported name by name on first use (PEP 562).

A package ``__init__`` lists its public names and the module each comes from; importing one
module of the package then no longer imports all the others (and the libraries behind them):
``tabletop --help`` and a page that needs the store's errors load only what they use.

>>> getattr_, dir_ = lazy_api("tabletop.fileio", {"MAX_JSON_BYTES": "tabletop.fileio.json_guard"})
>>> getattr_("MAX_JSON_BYTES")
4194304
>>> getattr_("nothing")
Traceback (most recent call last):
...
AttributeError: module 'tabletop.fileio' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_api(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names live in ``homes``
    (name -> the module defining it). A name is imported once, then kept in the package."""

    def getattr_(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        module = sys.modules.get(package)
        if module is not None:
            setattr(module, name, value)  # the next lookup finds it without this function
        return value

    def dir_() -> list[str]:
        return sorted(homes)

    return getattr_, dir_
