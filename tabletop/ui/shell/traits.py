"""Closed sets the pages share, and the trait that holds a member of one.

A controller's language, a message's kind or a page's stage is one of a few values: an enum, kept
in a declared trait. The enums are ``str`` enums, so a member equals its value (``Lang.FR ==
"fr"``) and a text table keyed by the value still finds it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import traitlets

from tabletop.i18n.languages import Lang, check_lang

__all__ = ["EnumTrait", "MessageKind", "page_lang"]


def page_lang(lang: str) -> Lang:
    """``lang`` as a page language: any language with a catalog, named in :class:`Lang` or not
    (English when there is no catalog)."""
    try:
        return Lang(check_lang(lang))
    except ValueError:
        return Lang.EN


class MessageKind(str, Enum):
    """How a page's message line is shown: a confirmation, a warning or an error."""

    OK = "ok"
    WARN = "warn"
    ERROR = "error"

    def __str__(self) -> str:
        return str(self.value)


class EnumTrait(traitlets.UseEnum):  # type: ignore[type-arg]
    """A trait holding a member of a ``str`` enum; it also takes the member's value (``"fr"``
    for ``Lang.FR``), and refuses anything else."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, str) and not isinstance(value, self.enum_class):
            try:
                return self.enum_class(value)
            except ValueError:
                pass
        return super().validate(obj, value)
