"""The Massai page's texts for playing at one shared screen: the undo both players agree to,
the attack without guards, the hand-over, a restored announcement, the phones link.

A marked table (``N_``) read from the gettext catalogs; ``player`` values that are player
numbers are named in the page language.

>>> screen_text("undo_keep", "fr")
'Non, garder'
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n import N_, Msg
from tabletop.ui.massai.texts import player_label

SCREEN_TEXTS: dict[str, Msg] = {
    "undo_ask_attack": N_(
        "Undo {player}'s attack on {target}? Both players have seen the guards: the attack "
        "starts again and {player} chooses a new target. Undo only if both players agree."
    ),
    "undo_ask_setups": N_(
        "Undo the setups? Both players have seen both setups: both players choose their setup "
        "again. Undo only if both players agree."
    ),
    "undo_agree": N_("Both agree: undo"),
    "undo_keep": N_("No, keep it"),
    "undo_kept": N_("Nothing was undone."),
    "undone_attack": N_(
        "Undone, as both players agreed: {what}. The attack starts again: {player} chooses a new "
        "target."
    ),
    "undone_setups": N_(
        "Undone, as both players agreed: both setups. Both players choose their setup again."
    ),
    "undo_answer_first": N_("Answer the question first: undo or keep?"),
    "prompt_attack_open": N_(
        "{player}: no guard is allowed against this attack (attack points {points}), so nothing "
        "is secret: click the hut to attack, then confirm. Chosen: {chosen}."
    ),
    "no_cancel_now": N_(
        "The attack target is locked in: the attack cannot be cancelled now. The defender "
        "chooses the guards (or none) and confirms."
    ),
    "clear_guards": N_("Clear my guards"),
    "attack_restored": N_(
        "{player} had announced an attack before the page was reloaded; no target was locked in "
        "yet: the attack goes on, {player} chooses the target."
    ),
    "legend_origin": N_(" · Dashed ring: where the moved hut came from"),
    "play_with_phones": N_("Play with phones"),
}


def screen_text(key: str, lang: str = "en", **values: Any) -> str:
    """The text ``key`` of :data:`SCREEN_TEXTS` in ``lang`` (players named in ``lang``)."""
    filled = {
        k: player_label(v, lang) if k == "player" and isinstance(v, int) else v
        for k, v in values.items()
    }
    return SCREEN_TEXTS[key].render(lang, **filled)


def is_screen_text(key: str) -> bool:
    """Whether ``key`` is one of these texts."""
    return key in SCREEN_TEXTS
