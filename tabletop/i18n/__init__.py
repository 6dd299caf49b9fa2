"""Interface and report texts in every language: gettext catalogs and Babel formatting.

The catalogs are ``locales/<lang>/LC_MESSAGES/tabletop.po`` (compiled ``.mo`` beside them);
msgids are the English texts with named ``str.format`` placeholders. No widget imports: the
rules core, the command line and the pages all use this package.

>>> from tabletop.i18n.formatting import format_percent
>>> from tabletop.i18n.translate import gettext, translator
>>> translator("fr").gettext("Map loaded: {name}", name="default")
'Carte chargée\\xa0: default'
>>> format_percent(0.5, "de")
'50,0\\xa0%'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.i18n.formatting import (
        babel_locale,
        colon,
        format_decimal,
        format_list,
        format_number,
        format_percent,
        label_value,
        language_name,
    )
    from tabletop.i18n.languages import (
        DOMAIN,
        LOCALEDIR,
        SOURCE_LANGUAGE,
        Lang,
        available_languages,
        check_lang,
    )
    from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg
    from tabletop.i18n.translate import (
        NBSP,
        Translator,
        gettext,
        ngettext,
        npgettext,
        pgettext,
        translator,
        typography,
    )

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "babel_locale": "tabletop.i18n.formatting",
        "colon": "tabletop.i18n.formatting",
        "format_decimal": "tabletop.i18n.formatting",
        "format_list": "tabletop.i18n.formatting",
        "format_number": "tabletop.i18n.formatting",
        "format_percent": "tabletop.i18n.formatting",
        "label_value": "tabletop.i18n.formatting",
        "language_name": "tabletop.i18n.formatting",
        "DOMAIN": "tabletop.i18n.languages",
        "LOCALEDIR": "tabletop.i18n.languages",
        "SOURCE_LANGUAGE": "tabletop.i18n.languages",
        "Lang": "tabletop.i18n.languages",
        "available_languages": "tabletop.i18n.languages",
        "check_lang": "tabletop.i18n.languages",
        "N_": "tabletop.i18n.messages",
        "NN_": "tabletop.i18n.messages",
        "NNP_": "tabletop.i18n.messages",
        "NP_": "tabletop.i18n.messages",
        "Msg": "tabletop.i18n.messages",
        "NBSP": "tabletop.i18n.translate",
        "Translator": "tabletop.i18n.translate",
        "gettext": "tabletop.i18n.translate",
        "ngettext": "tabletop.i18n.translate",
        "npgettext": "tabletop.i18n.translate",
        "pgettext": "tabletop.i18n.translate",
        "translator": "tabletop.i18n.translate",
        "typography": "tabletop.i18n.translate",
    },
)

__all__ = [
    "DOMAIN",
    "LOCALEDIR",
    "NBSP",
    "NN_",
    "NNP_",
    "NP_",
    "N_",
    "SOURCE_LANGUAGE",
    "Lang",
    "Msg",
    "Translator",
    "available_languages",
    "babel_locale",
    "check_lang",
    "colon",
    "format_decimal",
    "format_list",
    "format_number",
    "format_percent",
    "gettext",
    "label_value",
    "language_name",
    "ngettext",
    "npgettext",
    "pgettext",
    "translator",
    "typography",
]
