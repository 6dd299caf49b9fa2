"""The page's notice line: a ``(text key, values)`` pair put in words in the page language.

A notice is kept as a key and values (not as a sentence) so that switching the language says
the same thing again in the new language.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.notation import format_action
from tabletop.ui.massai.prompts import is_store_text, store_text
from tabletop.ui.massai.report_text import describe
from tabletop.ui.massai.screen_texts import is_screen_text, screen_text
from tabletop.ui.massai.texts import player_label, t


def action_words(what: Any, lang: str) -> str:
    """``("play"|"undo"|"redo", {player, action, secret})`` as words in ``lang``; a text key
    of the database texts is said in ``lang``, any other string as it is."""
    if isinstance(what, str):
        return store_text(what, lang) if is_store_text(what) else what
    _how, values = what
    action = t("secret_setup", lang) if values["secret"] else format_action(values["action"], lang)
    return t("player_action", lang, player=player_label(values["player"], lang), action=action)


def notice_text(notice: tuple[Any, ...], lang: str) -> str:
    """The notice ``(key, values)`` (or ``()``: nothing) in ``lang``.

    ``key == "report"``: ``values`` is a rules report, described; an ``also`` value is a second
    notice said after the first; a ``what`` value that is not a string is an action's words.
    """
    if not notice:
        return ""
    key, values = notice
    if key == "report":
        return describe(values, lang)
    also = values.get("also")
    values = {k: v for k, v in values.items() if k != "also"}
    if "what" in values and not isinstance(values["what"], str):
        values = {**values, "what": action_words(values["what"], lang)}
    if is_screen_text(key):
        text = screen_text(key, lang, **values)
    elif is_store_text(key):
        text = store_text(key, lang, **values)
    else:
        text = t(key, lang, **values)
    if also:
        text += " " + store_text(also[0], lang, **also[1])
    return text
