"""The interface languages: the catalogs shipped under ``locales/`` decide which exist.

A language is a folder ``locales/<code>/LC_MESSAGES/tabletop.mo``; adding a language is adding
a catalog (see docs/translating.md). :class:`Lang` names the shipped ones for typed code (a test
holds each name to a catalog), and takes any other language that has a catalog too, so a new
catalog needs no new name.

>>> [lang.value for lang in Lang]
['en', 'fr', 'de']
>>> Lang("fr") is Lang.FR
True
>>> available_languages()
('en', 'de', 'fr')
>>> check_lang("FR")
'fr'
"""

from __future__ import annotations

import functools
from enum import Enum
from pathlib import Path

#: gettext domain: the catalogs are ``<code>/LC_MESSAGES/tabletop.po`` / ``.mo``.
DOMAIN = "tabletop"
#: Where the shipped catalogs live.
LOCALEDIR = Path(__file__).resolve().parent / "locales"
#: The language of the source texts (the msgids): it needs no translation.
SOURCE_LANGUAGE = "en"


class Lang(str, Enum):
    """An interface language (a ``str``, so ``Lang.FR == "fr"``).

    The members name the shipped languages; ``Lang(code)`` also gives a language that only has
    a catalog (one added since, not named here), and refuses a code without one.
    """

    EN = "en"
    FR = "fr"
    DE = "de"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:  # f"{Lang.FR}" is "fr" on every Python version
        return format(str(self.value), spec)

    @classmethod
    def _missing_(cls, value: object) -> Lang | None:
        """A language with a catalog but no name here: the same object at every call."""
        if not isinstance(value, str) or value not in available_languages():
            return None  # Enum raises its usual ValueError
        found = _UNNAMED.get(value)
        if found is None:
            found = str.__new__(cls, value)
            found._name_ = value.upper()
            found._value_ = value
            _UNNAMED[value] = found
        return found


#: The languages that have a catalog but no member in :class:`Lang`, once asked for.
_UNNAMED: dict[str, Lang] = {}


def available_languages(localedir: Path | str | None = None) -> tuple[str, ...]:
    """The language codes that have a compiled catalog in ``localedir`` (default: the package's),
    English first, the others in alphabetical order. The folder is read once per process."""
    return _languages(str(localedir if localedir is not None else LOCALEDIR))


@functools.lru_cache(maxsize=16)
def _languages(localedir: str) -> tuple[str, ...]:
    root = Path(localedir)
    found = {
        path.parent.parent.name
        for path in root.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
        if path.is_file()
    }
    found.add(SOURCE_LANGUAGE)
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


def check_lang(lang: str, localedir: Path | str | None = None) -> str:
    """``lang`` as a catalog code (``"FR"`` and ``Lang.FR`` give ``"fr"``), or a one-line
    ``ValueError`` naming the languages there are."""
    code = str(lang.value if isinstance(lang, Lang) else lang).strip().lower().replace("-", "_")
    known = available_languages(localedir)
    if code not in known:
        raise ValueError(f"unknown language {str(lang)!r}; use one of {', '.join(known)}")
    return code
