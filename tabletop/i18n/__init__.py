"""Interface and report texts in every language: gettext catalogs and Babel formatting.

The catalogs are ``locales/<lang>/LC_MESSAGES/tabletop.po`` (compiled ``.mo`` beside them);
msgids are the English texts with named ``str.format`` placeholders. No widget imports: the
rules core, the command line and the pages all use this package.

>>> translator("fr").gettext("Map loaded: {name}", name="default")
'Carte chargée\\xa0: default'
>>> format_percent(0.5, "de")
'50,0\\xa0%'
"""

from __future__ import annotations

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
