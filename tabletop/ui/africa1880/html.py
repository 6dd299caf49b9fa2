"""HTML pieces of the Africa page: CSS-class-safe names and a power with its colour.

>>> slug("Great Britain")
'great-britain'
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from tabletop.games.africa1880.state import normalize_name
from tabletop.ui.africa1880.map.layout import power_colour
from tabletop.ui.africa1880.texts import power_name
from tabletop.ui.shell.html import esc


def slug(text: str) -> str:
    """A CSS-class-safe form of a name: ``"Great Britain"`` -> ``"great-britain"``."""
    return "".join(ch if ch.isalnum() else "-" for ch in normalize_name(text))


def power_html(power: str, lang: str) -> str:
    """A power's name in ``lang`` after a dot of its colour on the map."""
    colour = power_colour(power)
    return (
        f'<span class="tt-power"><span style="display:inline-block;width:0.8em;height:0.8em;'
        f'border-radius:50%;background:{colour};margin-right:4px"></span>'
        f"{esc(power_name(power, lang))}</span>"
    )


# Texts of the page's guards (size limits, refusals, the switch of the report). They join the
# page's catalog when its texts move to gettext; until then the same (English, French) pairs as
# the other interface texts.
_LOCAL_TEXTS: dict[str, tuple[str, str]] = {
    "and_more": ("… and {n} more", "… et {n} de plus"),
    "sheet_too_long": (
        "This sheet is {length} characters long; at most {limit} are read. It was not read: "
        "shorten the text (it is kept in the box).",
        "Cette fiche fait {length} caractères ; au plus {limit} sont lus. Elle n'a pas été "
        "lue : raccourcissez le texte (il reste dans la case).",
    ),
    "sheets_too_long": (
        "The order sheets are {length} characters long together; at most {limit} are read. "
        "Shorten them before resolving.",
        "Les fiches d'ordres font {length} caractères ensemble ; au plus {limit} sont lus. "
        "Raccourcissez-les avant de résoudre.",
    ),
    "file_too_large": (
        "{name}: {size} bytes; at most {limit} are read.",
        "{name} : {size} octets ; au plus {limit} sont lus.",
    ),
    "unexpected_error": (
        "Something went wrong on the server; nothing was changed. (The error was logged.)",
        "Une erreur est survenue sur le serveur ; rien n'a été modifié. (L'erreur est notée "
        "dans le journal.)",
    ),
    "group_by": ("Instructions", "Instructions"),
    "group_by_power": ("step by step", "étape par étape"),
    "group_by_territory": ("by territory", "par territoire"),
}


def local_text(key: str, lang: str, **values: object) -> str:
    """A text of the page's guards in ``lang`` ("en" or "fr"), with ``values`` filled in.

    >>> local_text("and_more", "en", n=3412)
    '… and 3,412 more'
    """
    pair = _LOCAL_TEXTS[key]
    text = pair[1] if lang == "fr" else pair[0]
    # Thousands grouped: a comma in English, a narrow space in French.
    sep = "\u202f" if lang == "fr" else ","
    shown = {
        name: f"{value:,}".replace(",", sep) if isinstance(value, int) else value
        for name, value in values.items()
    }
    return text.format(**shown)


_log = logging.getLogger("tabletop.ui.africa1880")


def guarded(say: Callable[[str, str], None], lang: Callable[[], str]) -> Callable:
    """A decorator for widget callbacks: an unexpected exception is logged on the server with
    its traceback and the page gets one short line (``say(text, "error")``), never the
    traceback. Bad input is refused by the callbacks themselves with their own message."""

    def wrap(callback: Callable) -> Callable:
        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return callback(*args, **kwargs)
            except Exception:
                _log.exception("widget callback %s failed", callback.__qualname__)
                say(local_text("unexpected_error", lang()), "error")
                return None

        return run

    return wrap


def app_guard(app: Any) -> Callable:
    """:func:`guarded` for the callbacks of the Africa page ``app`` (its controller's message
    line and language)."""
    return guarded(lambda text, kind: app.controller.say(text, kind), lambda: app.controller.lang)
