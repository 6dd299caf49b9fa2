"""Numbers, percentages, lists and the label colon in each language, by CLDR's rules.

The few CLDR values the pages use for the shipped languages (decimal and group marks, the percent
pattern, the list words, the language's own name) are written here, as Babel gives them, and
applied the way Babel applies them: Babel's locale data (some 5 MiB in every page's kernel, for
one list's "and") is loaded only for a language without them (one added since) or a number that
is not finite. The last example checks these values and results against Babel.

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

Each value, and each result, is Babel's:

>>> from babel import lists, numbers
>>> def by_babel(lang):
...     locale = babel_locale(lang)
...     symbols = locale.number_symbols["latn"]
...     words = locale.list_patterns["standard"]
...     return _Cldr(
...         symbols["decimal"], symbols["group"], locale.percent_formats[None].pattern,
...         (words["2"], words["start"], words["middle"], words["end"]),
...         babel_language_name(lang),
...     )
>>> all(CLDR[lang] == by_babel(lang) for lang in CLDR)
True
>>> values = [0, -0.0, 0.5, -1.25, 2.5, 3.0005, 1234.5678, -98765.4321, 1e9 / 7, 0.0625, 1e-7]
>>> all(
...     format_decimal(v, lang, d) == numbers.format_decimal(
...         round(v) if abs(v - round(v)) < 1e-9 else v,
...         format="#,##0." + "#" * d if d else "#,##0", locale=babel_locale(lang))
...     and format_percent(v, lang, d) == numbers.format_percent(
...         v, format=_percent_pattern(lang, d), locale=babel_locale(lang)
...     ).replace("\\u202f", "\\u00a0")
...     for lang in CLDR for v in values for d in (0, 1, 3)
... )
True
>>> all(
...     format_number(n, lang) == numbers.format_decimal(n, "#,##0", locale=babel_locale(lang))
...     for lang in CLDR for n in (0, 7, -12, 999, 1000, -123456, 10**12)
... )
True
>>> names = ["Égypte", "Congo", "Niger", "Sahara"]
>>> all(
...     format_list(names[:k], lang)
...     == lists.format_list(names[:k], style="standard", locale=babel_locale(lang))
...     for lang in CLDR for k in range(1, 5)
... )
True
"""

from __future__ import annotations

import decimal
import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from tabletop.i18n.languages import check_lang
from tabletop.i18n.translate import translator

if TYPE_CHECKING:
    from babel import Locale

# Babel's locale for a catalog code when CLDR's default is not the one the game uses: plain "en"
# puts a serial comma in lists ("France, Germany, and Italy"); the game's English never did.
_BABEL_LOCALE = {"en": "en_GB"}


class _Cldr(NamedTuple):
    """The CLDR values of one language that the formatting below uses (Latin digits)."""

    decimal: str  # the decimal mark
    group: str  # the thousands separator
    percent: str  # the percent pattern
    words: tuple[str, str, str, str]  # list patterns: two items, start, middle, end
    name: str  # the language's own name, as CLDR writes it


#: The shipped languages' values (CLDR through Babel 2.19; the module's doctest compares them).
CLDR: dict[str, _Cldr] = {
    "en": _Cldr(
        ".", ",", "#,##0%", ("{0} and {1}", "{0}, {1}", "{0}, {1}", "{0} and {1}"), "English"
    ),
    "fr": _Cldr(
        ",",
        "\u202f",
        "#,##0\u00a0%",
        ("{0} et {1}", "{0}, {1}", "{0}, {1}", "{0} et {1}"),
        "français",
    ),
    "de": _Cldr(
        ",", ".", "#,##0\u00a0%", ("{0} und {1}", "{0}, {1}", "{0}, {1}", "{0} und {1}"), "Deutsch"
    ),
}


@functools.lru_cache(maxsize=32)
def babel_locale(lang: str) -> Locale:
    """The Babel :class:`~babel.Locale` used to format numbers and lists in ``lang`` when
    :data:`CLDR` lacks it (Babel is imported, and its data loaded, only then).

    >>> str(babel_locale("en")), str(babel_locale("de"))
    ('en_GB', 'de')
    """
    from babel import Locale  # only where used: see the module's docstring

    code = check_lang(lang)
    return Locale.parse(_BABEL_LOCALE.get(code, code))


def babel_language_name(lang: str) -> str:
    """The language's own name as Babel gives it (CLDR data), before any capital.

    >>> babel_language_name("fr")
    'français'
    """
    from babel import Locale  # only where used: see the module's docstring

    code = check_lang(lang)
    return str(Locale.parse(code).get_display_name(code) or code)


def language_name(lang: str) -> str:
    """The language's own name, capitalised, for a language switch (CLDR data).

    >>> language_name("fr"), language_name("de")
    ('Français', 'Deutsch')
    """
    code = check_lang(lang)
    known = CLDR.get(code)
    name = known.name if known is not None else babel_language_name(code)
    return name[:1].upper() + name[1:]


def _apply(value: float | decimal.Decimal, pattern: str, lang: str) -> str | None:
    """``value`` written by the number ``pattern`` (``prefix#,##0.00#suffix``: groups of three,
    as CLDR's patterns for these languages) as Babel's ``NumberPattern.apply`` writes it: the
    decimal value of ``str(value)``, scaled for a percent, rounded half to even. None when Babel
    should write it (a language without :data:`CLDR` values, a number that is not finite)."""
    known = CLDR.get(check_lang(lang))
    shape = _PATTERN.fullmatch(pattern)
    number = value if isinstance(value, decimal.Decimal) else decimal.Decimal(str(value))
    if known is None or shape is None or not number.is_finite():
        return None
    prefix, fraction, suffix = (
        shape.group("prefix"),
        shape.group("fraction") or "",
        shape.group("suffix"),
    )
    least, most = fraction.count("0"), len(fraction)
    number = number.scaleb(2 if "%" in prefix + suffix else 0)
    negative = number.is_signed()
    number = abs(number).normalize()
    whole, _, decimals = f"{number.quantize(decimal.Decimal(10) ** -most):f}".partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    text = known.group.join([whole, *groups])
    decimals = (decimals or "0").ljust(least, "0")
    if most > 0 and not (least == 0 and int(decimals) == 0):
        while len(decimals) > least and decimals[-1] == "0":
            decimals = decimals[:-1]
        text += known.decimal + decimals
    return ("-" + prefix if negative else prefix) + text + suffix


#: The number patterns :func:`_apply` writes (no quotes, no digits in the prefix or suffix).
_PATTERN = re.compile(r"(?P<prefix>[^#0,.';]*)#,##0(?:\.(?P<fraction>0*#*))?(?P<suffix>[^#0,.';]*)")


def _formatted(value: float | decimal.Decimal, pattern: str, lang: str, percent: bool) -> str:
    """:func:`_apply`, else Babel's ``format_decimal`` or ``format_percent``."""
    text = _apply(value, pattern, lang)
    if text is not None:
        return text
    from babel import numbers  # only where used: see the module's docstring

    write = numbers.format_percent if percent else numbers.format_decimal
    return str(write(value, format=pattern, locale=babel_locale(lang)))


def format_number(number: int, lang: str = "en") -> str:
    """A whole number with the language's grouping: ``12,345`` / ``12 345`` / ``12.345``.

    >>> format_number(12345, "de")
    '12.345'
    """
    return _formatted(number, "#,##0", lang, percent=False)


def format_decimal(value: float, lang: str = "en", max_digits: int = 3) -> str:
    """A short number: whole numbers without decimals, others with up to ``max_digits``
    decimals, with the language's decimal mark (``2.5`` / ``2,5``).

    >>> format_decimal(1 / 3, "de"), format_decimal(4.0, "fr")
    ('0,333', '4')
    """
    pattern = "#,##0." + "#" * max_digits if max_digits > 0 else "#,##0"
    if abs(value - round(value)) < 1e-9:
        value = round(value)
    return _formatted(value, pattern, lang, percent=False)


@functools.lru_cache(maxsize=64)
def _percent_pattern(lang: str, digits: int) -> str:
    known = CLDR.get(check_lang(lang))
    pattern = (
        known.percent if known is not None else babel_locale(lang).percent_formats[None].pattern
    )
    decimals = "." + "0" * digits if digits > 0 else ""
    # The last "0" of the pattern is the units digit: the decimals go right after it.
    return re.sub(r"0(?=[^0]*$)", "0" + decimals, pattern, count=1)


def format_percent(value: float, lang: str = "en", digits: int = 1) -> str:
    """A probability as a percentage with ``digits`` decimals, spaced as the language does:
    ``41.7%``, French and German ``41,7 %`` with a no-break space (CLDR's pattern).

    >>> format_percent(0.25, "fr", digits=0)
    '25\xa0%'
    """
    text = _formatted(value, _percent_pattern(lang, digits), lang, percent=True)
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
    known = CLDR.get(check_lang(lang))
    if known is None:
        from babel import lists  # only where used: see the module's docstring

        return str(lists.format_list(values, style="standard", locale=babel_locale(lang)))
    if len(values) == 1:
        return values[0]
    two, start, middle, end = known.words
    if len(values) == 2:
        return two.format(*values)
    text = start.format(values[0], values[1])
    for value in values[2:-1]:
        text = middle.format(text, value)
    return end.format(text, values[-1])


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
