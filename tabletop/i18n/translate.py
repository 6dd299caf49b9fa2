"""gettext wrappers: a :class:`Translator` per language, filling named placeholders.

Source texts (msgids) are the English texts with ``str.format`` placeholders (``{year}``).
A translated template gets the typography of :func:`typography` before its values are filled
in, so a value (a typed order, a file name) is never altered.

>>> fr = translator("fr")
>>> fr.gettext("Resolve the round")
'Résoudre le tour'
>>> fr.gettext("Round {year} resolved.", year=1885)
'Tour 1885 résolu.'
>>> translator("de").ngettext("{n} guard", "{n} guards", 2)
'2 Wachen'
>>> gettext("Nothing to undo.", "de")
'Nichts rückgängig zu machen.'
"""

from __future__ import annotations

import functools
import gettext as _gettext
from pathlib import Path
from typing import Any

from tabletop.i18n.languages import DOMAIN, LOCALEDIR, check_lang

NBSP = "\u00a0"

# A space before : ; ! ? » and after « becomes a no-break space, so a narrow screen never starts
# a line with the mark. English and German write no such space, so the rule is the same for
# every language: a translator types ordinary spaces and the catalog stays readable.
_SPACING = (
    ("« ", "«" + NBSP),
    (" »", NBSP + "»"),
    (" :", NBSP + ":"),
    (" ;", NBSP + ";"),
    (" !", NBSP + "!"),
    (" ?", NBSP + "?"),
)


def typography(text: str) -> str:
    """No-break spaces where a language puts a space before ``: ; ! ?`` or inside ``« »``.

    >>> typography("Carte chargée : {name}")
    'Carte chargée\\xa0: {name}'
    >>> typography("Map loaded: {name}")
    'Map loaded: {name}'
    """
    for plain, fixed in _SPACING:
        text = text.replace(plain, fixed)
    return text


# Templates are a fixed set (the catalogs'), so each is typeset once.
_typeset = functools.lru_cache(maxsize=4096)(typography)


def _fill(template: str, values: dict[str, Any]) -> str:
    template = _typeset(template)
    return template.format(**values) if values else template


class Translator:
    """The texts of one language: ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` that
    also fill the placeholders from keyword arguments."""

    def __init__(self, lang: str, translations: _gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def gettext(self, message: str, /, **values: Any) -> str:
        """``message`` in this language, placeholders filled from ``values``."""
        return _fill(self._t.gettext(message) or message, values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form for the number ``n`` (the catalog's Plural-Forms rule); ``{n}`` is ``n``
        unless ``values`` give it."""
        values.setdefault("n", n)
        english = singular if n == 1 else plural
        # An untranslated plural compiles to "" (Babel keeps it): English then, as for a text.
        return _fill(self._t.ngettext(singular, plural, n) or english, values)

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """``message`` in ``context`` (the msgctxt telling two equal English texts apart)."""
        return _fill(self._t.pgettext(context, message) or message, values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """:meth:`ngettext` within ``context``."""
        values.setdefault("n", n)
        english = singular if n == 1 else plural
        return _fill(self._t.npgettext(context, singular, plural, n) or english, values)


_known: dict[tuple[str, str], Translator] = {}
_DEFAULT_ROOT = str(LOCALEDIR)


@functools.lru_cache(maxsize=32)
def _translator(lang: str, localedir: str) -> Translator:
    translations = _gettext.translation(DOMAIN, localedir, languages=[lang], fallback=True)
    return Translator(lang, translations)


def translator(lang: str, localedir: Path | str | None = None) -> Translator:
    """The :class:`Translator` of ``lang`` (a code or a :class:`~tabletop.i18n.Lang`); a one-line
    ``ValueError`` for a language without a catalog. Catalogs are read once.

    >>> translator("de").gettext("Resolve the round")
    'Runde auswerten'
    >>> translator("xx")
    Traceback (most recent call last):
    ValueError: unknown language 'xx'; use one of en, de, fr
    """
    root = _DEFAULT_ROOT if localedir is None else str(localedir)
    found = _known.get((lang, root))
    if found is None:  # first time for this spelling: check it, then remember it
        found = _known[(lang, root)] = _translator(check_lang(lang, root), root)
    return found


def gettext(message: str, /, lang: str = "en", **values: Any) -> str:
    """``translator(lang).gettext(message, **values)``."""
    return translator(lang).gettext(message, **values)


def ngettext(singular: str, plural: str, n: int, /, lang: str = "en", **values: Any) -> str:
    """``translator(lang).ngettext(singular, plural, n, **values)``.

    >>> ngettext("{n} guard", "{n} guards", 1, "fr")
    '1 garde'
    """
    return translator(lang).ngettext(singular, plural, n, **values)


def pgettext(context: str, message: str, /, lang: str = "en", **values: Any) -> str:
    """``translator(lang).pgettext(context, message, **values)``.

    >>> pgettext("score table", "Power", "fr"), pgettext("africa.col_power", "Power", "fr")
    ('Puissance', 'Pays')
    """
    return translator(lang).pgettext(context, message, **values)


def npgettext(
    context: str, singular: str, plural: str, n: int, /, lang: str = "en", **values: Any
) -> str:
    """``translator(lang).npgettext(context, singular, plural, n, **values)``.

    >>> npgettext("none", "{n} hut", "{n} huts", 2, "de")  # no such text: the English form
    '2 huts'
    """
    return translator(lang).npgettext(context, singular, plural, n, **values)
