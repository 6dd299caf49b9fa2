"""Numbers, percentages, lists and the label colon in each language, from Babel (CLDR data).

>>> format_percent(0.4167, "en"), format_percent(0.4167, "fr"), format_percent(0.4167, "de")
('41.7%', '41,7\\xa0%', '41,7\\xa0%')
>>> format_list(["France", "Germany", "Italy"], "en")
'France, Germany and Italy'
>>> format_list(["France", "Allemagne", "Italie"], "fr")
'France, Allemagne et Italie'
>>> format_list(["Frankreich", "Deutschland", "Italien"], "de")
'Frankreich, Deutschland und Italien'
>>> format_decimal(2.5, "fr"), format_decimal(3.0, "de"), format_decimal(0.12345, "en")
('2,5', '3', '0.123')
>>> colon("fr"), colon("en")
('\\xa0: ', ': ')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from babel import Locale
from babel import lists as _lists
from babel import numbers as _numbers

from tabletop.i18n.languages import check_lang
from tabletop.i18n.translate import translator

# Babel's locale for a catalog code when CLDR's default is not the one the game uses: plain "en"
# puts a serial comma in lists ("France, Germany, and Italy"); the game's English never did.
_BABEL_LOCALE = {"en": "en_GB"}


@functools.lru_cache(maxsize=32)
def babel_locale(lang: str) -> Locale:
    """The Babel :class:`~babel.Locale` used to format numbers and lists in ``lang``.

    >>> str(babel_locale("en")), str(babel_locale("de"))
    ('en_GB', 'de')
    """
    code = check_lang(lang)
    return Locale.parse(_BABEL_LOCALE.get(code, code))


def language_name(lang: str) -> str:
    """The language's own name, capitalised, for a language switch (CLDR data).

    >>> language_name("fr"), language_name("de")
    ('Français', 'Deutsch')
    """
    code = check_lang(lang)
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def format_number(number: int, lang: str = "en") -> str:
    """A whole number with the language's grouping: ``12,345`` / ``12 345`` / ``12.345``.

    >>> format_number(12345, "de")
    '12.345'
    """
    return _numbers.format_decimal(number, format="#,##0", locale=babel_locale(lang))


def format_decimal(value: float, lang: str = "en", max_digits: int = 3) -> str:
    """A short number: whole numbers without decimals, others with up to ``max_digits``
    decimals, with the language's decimal mark (``2.5`` / ``2,5``).

    >>> format_decimal(1 / 3, "de"), format_decimal(4.0, "fr")
    ('0,333', '4')
    """
    pattern = "#,##0." + "#" * max_digits if max_digits > 0 else "#,##0"
    if abs(value - round(value)) < 1e-9:
        value = round(value)
    return _numbers.format_decimal(value, format=pattern, locale=babel_locale(lang))


@functools.lru_cache(maxsize=64)
def _percent_pattern(lang: str, digits: int) -> str:
    pattern = babel_locale(lang).percent_formats[None].pattern
    decimals = "." + "0" * digits if digits > 0 else ""
    # The last "0" of the pattern is the units digit: the decimals go right after it.
    return re.sub(r"0(?=[^0]*$)", "0" + decimals, pattern, count=1)


def format_percent(value: float, lang: str = "en", digits: int = 1) -> str:
    """A probability as a percentage with ``digits`` decimals, spaced as the language does:
    ``41.7%``, French and German ``41,7 %`` with a no-break space (CLDR's pattern).

    >>> format_percent(0.25, "fr", digits=0)
    '25\xa0%'
    """
    text = _numbers.format_percent(
        value, format=_percent_pattern(lang, digits), locale=babel_locale(lang)
    )
    # CLDR may give a narrow no-break space; the pages use the ordinary no-break space.
    return text.replace("\u202f", "\u00a0")


def format_list(items: Iterable[str], lang: str = "en") -> str:
    """``A, B and C`` in the language (``et``, ``und``); one item alone; ``""`` for none.

    >>> format_list(["Belgien", "Italien"], "de"), format_list(["Italie"], "fr")
    ('Belgien und Italien', 'Italie')
    """
    values = [str(item) for item in items]
    if not values:
        return ""
    return _lists.format_list(values, style="standard", locale=babel_locale(lang))


def colon(lang: str = "en") -> str:
    """The separator between a label and its value: ``": "``, French ``" : "`` with a no-break
    space (the catalog's translation of ``"{label}: {value}"``)."""
    return translator(lang).pgettext("punctuation", "{label}: {value}", label="", value="")


def label_value(label: str, value: object, lang: str = "en") -> str:
    """``label: value`` with the language's colon.

    >>> label_value("Cible", "Égypte", "fr")
    'Cible\\xa0: Égypte'
    """
    return translator(lang).pgettext("punctuation", "{label}: {value}", label=label, value=value)
