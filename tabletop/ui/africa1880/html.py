"""HTML pieces of the Africa page: CSS-class-safe names and a power with its colour.

>>> slug("Great Britain")
'great-britain'
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.palette import power_colour
from tabletop.i18n import format_number
from tabletop.i18n.keys import text
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


def local_text(key: str, lang: str, **values: object) -> str:
    """A text of the page's guards in ``lang`` (from the ``africa`` catalog table), with
    ``values`` filled in; whole numbers grouped as ``lang`` writes them.

    >>> local_text("and_more", "en", n=3412)
    '… and 3,412 more'
    >>> local_text("and_more", "de", n=3412)
    '… und 3.412 weitere'
    """
    shown = {
        name: format_number(value, lang) if isinstance(value, int) else value
        for name, value in values.items()
    }
    return text("africa", key, lang, **shown)


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


def controller_guard(ctl: Any) -> Callable:
    """:func:`guarded` for callbacks sending intents to ``ctl`` (its message line and
    language)."""
    return guarded(lambda text, kind: ctl.say(text, kind), lambda: ctl.lang)
