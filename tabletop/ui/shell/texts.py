"""Texts every page shares (languages, the timer) and the language list itself.

The texts come from the message catalogs (:mod:`tabletop.i18n`, table ``africa`` of
:mod:`tabletop.i18n.keys`); each page has its own module (``tabletop.ui.africa1880.texts``,
``tabletop.ui.massai.texts``, ``tabletop.ui.analysis.texts``); the keys here are the ones the
shell's own widgets use. Every language with a catalog is offered.

>>> t("timer_start", "fr"), t("timer_start", "de")
('▶ Démarrer', '▶ Start')
>>> check_lang("de")
'de'
>>> LANGUAGE_CHOICES
(('English', 'en'), ('Deutsch', 'de'), ('Français', 'fr'))
"""

from __future__ import annotations

from tabletop.i18n import available_languages, language_name
from tabletop.i18n import check_lang as _check_lang
from tabletop.i18n.keys import text

#: The languages of the pages: every language with a catalog, English first.
LANGS: tuple[str, ...] = available_languages()

#: (label, code) of the language switch, each language named in itself.
LANGUAGE_CHOICES: tuple[tuple[str, str], ...] = tuple((language_name(c), c) for c in LANGS)

_KEYS: tuple[str, ...] = (
    "timer_start",
    "timer_pause",
    "timer_reset",
    "timer_minutes",
    "timer_done",
)


def t(key: str, lang: str = "en", **values: object) -> str:
    """The shared text ``key`` in ``lang``, with ``values`` filled in."""
    return text("africa", key, lang, **values)


def keys() -> tuple[str, ...]:
    """Every shared text key (for tests and translators)."""
    return _KEYS


def check_lang(lang: str) -> str:
    """Return ``lang`` as a catalog code, else raise ValueError naming the supported ones.

    >>> check_lang("xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'xx'; use one of en, de, fr
    """
    return _check_lang(lang)
