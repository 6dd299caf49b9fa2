"""Every message table by name, and :func:`text`, the look-up behind the pages' ``t(key, lang,
**values)`` calls.

>>> text("africa", "year_round", "de", year=1885, round=2, last=8)
'1885 — Runde 2 von 8'
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n.keys.africa_page import AFRICA, TERMS
from tabletop.i18n.keys.africa_report import REPORT, SCORE, VOID
from tabletop.i18n.keys.analysis import ANALYSIS, LESSON
from tabletop.i18n.keys.cli import CLI, MASSAI_CLI
from tabletop.i18n.keys.massai_page import MASSAI, MASSAI_STORE
from tabletop.i18n.keys.massai_rules import MASSAI_RULES
from tabletop.i18n.keys.shell import GAMES_LIST, PUNCTUATION, STORE
from tabletop.i18n.messages import Msg

#: Every table by name.
TABLES: dict[str, dict[str, Msg]] = {
    "africa": AFRICA,
    "terms": TERMS,
    "massai": MASSAI,
    "analysis": ANALYSIS,
    "report": REPORT,
    "void": VOID,
    "score": SCORE,
    "cli": CLI,
    "massai_cli": MASSAI_CLI,
    "massai_rules": MASSAI_RULES,
    "lesson": LESSON,
    "games_list": GAMES_LIST,
    "store": STORE,
    "massai_store": MASSAI_STORE,
    "punctuation": PUNCTUATION,
}


def text(table: str, key: str, /, lang: str = "en", **values: Any) -> str:
    """The message ``key`` of ``table`` in ``lang``, with ``values`` filled in."""
    return TABLES[table][key].render(lang, **values)
