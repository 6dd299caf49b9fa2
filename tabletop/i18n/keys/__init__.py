"""Table key -> message: what the pages' ``t(key, lang, **values)`` calls look up.

Seeded by tools/i18n_seed.py from the old (English, French) tables; edited by hand since (the
seed is a one-off). Each entry is a marked message (:mod:`tabletop.i18n.messages`), so
``pybabel extract`` finds every msgid here even before a module calls gettext itself. A table
per text family, one module per page or core they serve; a key keeps the name its old table
gave it, so a call site changes only the function behind ``t``. :mod:`~tabletop.i18n.keys.lookup`
holds ``TABLES`` (every table by name) and ``text`` (one message in a language); the tables:

- :mod:`~tabletop.i18n.keys.africa_page`: ``AFRICA``, ``TERMS``;
- :mod:`~tabletop.i18n.keys.africa_report`: ``REPORT``, ``VOID``, ``SCORE``;
- :mod:`~tabletop.i18n.keys.massai_page`: ``MASSAI``, ``MASSAI_STORE``;
- :mod:`~tabletop.i18n.keys.massai_rules`: ``MASSAI_RULES``;
- :mod:`~tabletop.i18n.keys.cli`: ``CLI``, ``MASSAI_CLI``;
- :mod:`~tabletop.i18n.keys.analysis`: ``ANALYSIS``, ``LESSON``;
- :mod:`~tabletop.i18n.keys.shell`: ``GAMES_LIST``, ``STORE``, ``PUNCTUATION``.

>>> from tabletop.i18n.keys.lookup import text
>>> text("africa", "year_round", "de", year=1885, round=2, last=8)
'1885 — Runde 2 von 8'
>>> text("massai", "x_setup-duplicate_many", "fr", squares="c1, c2")
'c1, c2 sont nommées deux fois.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.i18n.keys.africa_page import AFRICA, TERMS
    from tabletop.i18n.keys.africa_report import REPORT, SCORE, VOID
    from tabletop.i18n.keys.analysis import ANALYSIS, LESSON
    from tabletop.i18n.keys.cli import CLI, MASSAI_CLI
    from tabletop.i18n.keys.lookup import TABLES, text
    from tabletop.i18n.keys.massai_page import MASSAI, MASSAI_STORE
    from tabletop.i18n.keys.massai_rules import MASSAI_RULES
    from tabletop.i18n.keys.shell import GAMES_LIST, PUNCTUATION, STORE

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "AFRICA": "tabletop.i18n.keys.africa_page",
        "TERMS": "tabletop.i18n.keys.africa_page",
        "REPORT": "tabletop.i18n.keys.africa_report",
        "SCORE": "tabletop.i18n.keys.africa_report",
        "VOID": "tabletop.i18n.keys.africa_report",
        "ANALYSIS": "tabletop.i18n.keys.analysis",
        "LESSON": "tabletop.i18n.keys.analysis",
        "CLI": "tabletop.i18n.keys.cli",
        "MASSAI_CLI": "tabletop.i18n.keys.cli",
        "TABLES": "tabletop.i18n.keys.lookup",
        "text": "tabletop.i18n.keys.lookup",
        "MASSAI": "tabletop.i18n.keys.massai_page",
        "MASSAI_STORE": "tabletop.i18n.keys.massai_page",
        "MASSAI_RULES": "tabletop.i18n.keys.massai_rules",
        "GAMES_LIST": "tabletop.i18n.keys.shell",
        "PUNCTUATION": "tabletop.i18n.keys.shell",
        "STORE": "tabletop.i18n.keys.shell",
    },
)

__all__ = [
    "AFRICA",
    "ANALYSIS",
    "CLI",
    "GAMES_LIST",
    "LESSON",
    "MASSAI",
    "MASSAI_CLI",
    "MASSAI_RULES",
    "MASSAI_STORE",
    "PUNCTUATION",
    "REPORT",
    "SCORE",
    "STORE",
    "TABLES",
    "TERMS",
    "VOID",
    "text",
]
