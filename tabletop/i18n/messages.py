"""Marked messages: a text to translate later, kept as data (a table entry, a reason code's
sentence). The markers are gettext keywords for ``pybabel extract`` (tools/i18n_update.py):

* ``N_(text)``, ``NP_(context, text)``: a text, optionally with its msgctxt;
* ``NN_(singular, plural, count)``, ``NNP_(context, singular, plural, count)``: a text with a
  plural, ``count`` naming the value that decides the form (or a fixed number).

>>> N_("Round {year} resolved.").render("fr", year=1885)
'Tour 1885 résolu.'
>>> NN_("{n} guard", "{n} guards", "n").render("de", n=1)
'1 Wache'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.i18n.translate import translator


@dataclass(frozen=True)
class Msg:
    """A message: its msgid (English), optional msgctxt and plural, and sub-messages.

    ``parts`` are ``(name, Msg)`` pairs rendered first with the same values and filled in as
    ``{name}``: a sentence with two counted things is one frame and two plural messages.
    """

    msgid: str
    context: str | None = None
    plural: str | None = None
    count: str | int | None = None
    parts: tuple[tuple[str, Msg], ...] = ()

    def render(self, lang: str = "en", **values: Any) -> str:
        """The message in ``lang`` with ``values`` filled in.

        >>> NP_("score table", "Power").render("de")
        'Macht'
        """
        if self.parts:
            values = dict(values)
            for name, part in self.parts:
                values[name] = part.render(lang, **values)
        tr = translator(lang)
        if self.plural is None:
            if self.context is None:
                return tr.gettext(self.msgid, **values)
            return tr.pgettext(self.context, self.msgid, **values)
        n = self.count if isinstance(self.count, int) else int(values[self.count or "n"])
        if self.context is None:
            return tr.ngettext(self.msgid, self.plural, n, **values)
        return tr.npgettext(self.context, self.msgid, self.plural, n, **values)

    def with_parts(self, **parts: Msg) -> Msg:
        """This message with ``parts`` (name -> message) rendered into it."""
        return Msg(self.msgid, self.context, self.plural, self.count, tuple(parts.items()))


def N_(message: str) -> Msg:
    """Mark ``message`` for translation (extracted as a msgid)."""
    return Msg(message)


def NP_(context: str, message: str) -> Msg:
    """Mark ``message`` with its msgctxt ``context``."""
    return Msg(message, context=context)


def NN_(singular: str, plural: str, count: str | int = "n") -> Msg:
    """Mark a text with a plural; ``count`` is the placeholder deciding the form."""
    return Msg(singular, plural=plural, count=count)


def NNP_(context: str, singular: str, plural: str, count: str | int = "n") -> Msg:
    """:func:`NN_` with a msgctxt."""
    return Msg(singular, context=context, plural=plural, count=count)
