"""Texts every page shares (languages, the timer) and the language list itself.

Each page keeps its own table (``tabletop.ui.africa1880.texts``, ``tabletop.ui.massai.texts``,
``tabletop.ui.analysis.texts``); the keys here are the ones the shell's own widgets use.

>>> t("timer_start", "fr")
'▶ Démarrer'
>>> check_lang("fr")
'fr'
"""

from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "fr")

#: (label, code) of the language switch, each language named in itself.
LANGUAGE_CHOICES: tuple[tuple[str, str], ...] = (("English", "en"), ("Français", "fr"))

# key -> (English, French). Placeholders use str.format names.
_TEXTS: dict[str, tuple[str, str]] = {
    "timer_start": ("▶ Start", "▶ Démarrer"),
    "timer_pause": ("‖ Pause", "‖ Pause"),
    "timer_reset": ("↺ Reset", "↺ Remettre"),
    "timer_minutes": ("Minutes", "Minutes"),
    "timer_done": ("Time is up: write your orders!", "Temps écoulé : écrivez vos ordres !"),
}


def t(key: str, lang: str = "en", **values: object) -> str:
    """The shared text ``key`` in ``lang`` ("en" or "fr"), with ``values`` filled in."""
    pair = _TEXTS[key]
    text = pair[1] if lang == "fr" else pair[0]
    return text.format(**values) if values else text


def keys() -> tuple[str, ...]:
    """Every shared text key (for tests and translators)."""
    return tuple(_TEXTS)


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming the supported ones.

    >>> check_lang("xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'xx'; use one of en, fr
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang
