"""The words of the teacher's screen that depend on the class game: a preset's name and how the
prediction was found, in the page's language."""

from __future__ import annotations

from tabletop.classroom.games import PRESETS
from tabletop.ui.seat.common import tr

__all__ = ["how_words", "preset_label"]


def preset_label(key: str, lang: str) -> str:
    """A preset's name in the page's language."""
    _ = tr(lang).gettext
    labels = {
        "africa-two": _("Two powers in Egypt, not full (presences kept)"),
        "africa-two-full": _("Two powers in a full Egypt (presences kept, a colony counts 2)"),
        "africa-two-full-score": _("Two powers in a full Egypt (game score)"),
        "africa-three-full": _("Three powers in a full Congo (presences kept, a colony counts 2)"),
        "massai-two-huts": _("Massai attack: two attackable huts, default guard table"),
        "massai-three-huts": _("Massai attack: three attackable huts, default guard table"),
    }
    return labels.get(key, PRESETS.get(key, key))


def how_words(how: str, lang: str) -> str:
    """How the prediction was found (see :class:`~tabletop.classroom.games.Prediction`)."""
    _ = tr(lang).gettext
    words = {
        "optimal mixed strategy": _("optimal mixed strategy of the zero-sum game"),
        "dominance": _("a dominant choice"),
        "mixed equilibrium": _("the mixed equilibrium"),
        "pure equilibrium": _("the first pure equilibrium"),
        "uniform": _("no equilibrium found: uniform"),
    }
    return words.get(how, how)
