"""Interface texts of the Massai page, from the message catalogs, and reports phrased in them.

The keys are those of the ``massai`` table of :mod:`tabletop.i18n.keys`; the catalogs use the
game's own words in each language (docs/translating.md) and put French no-break spaces before
``: ; ! ?`` and inside « ». Every key exists in every language; the catalog tests check it.

>>> t("attack", "fr"), t("attack", "de")
('Attaquer', 'Angreifen')
>>> player_label(1, "en")
'Player 2 (dark)'
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n.keys import text

__all__ = [
    "REFUSAL_CODES",
    "keys",
    "player_label",
    "t",
]

_KEYS: tuple[str, ...] = (
    "title",
    "language",
    "player_0",
    "player_1",
    "status_turn",
    "status_setup",
    "status_over",
    "supply_line",
    "options_line",
    "adjacency_8",
    "adjacency_4",
    "prompt_setup_wait",
    "prompt_setup_entry",
    "prompt_build",
    "prompt_move_from",
    "prompt_move_to",
    "prompt_attack_wait",
    "prompt_attack_target",
    "prompt_guards_wait",
    "prompt_guards",
    "prompt_reveal",
    "prompt_over",
    "how_connection",
    "how_elimination",
    "locked",
    "start_secret",
    "confirm",
    "clear",
    "attack",
    "cancel",
    "continue",
    "undo",
    "new_game",
    "new_game_title",
    "adjacency",
    "guard_table",
    "history",
    "history_empty",
    "secret_setup",
    "player_action",
    "legend",
    "legend_chain",
    "notice_no_attack",
    "notice_choose_target",
    "notice_not_own_hut",
    "notice_setup_full",
    "notice_start_first",
    "notice_press_continue",
    "notice_new_game",
    "notice_undone",
    "notice_nothing_to_undo",
    "notice_entry_cancelled",
    "notice_bad_guard_table",
    "r_setup_secret",
    "r_setup_reveal",
    "r_build",
    "r_move",
    "r_attack",
    "r_guarded",
    "r_replaced",
    "r_removed_only",
    "r_isolated",
    "r_wins",
    "none",
    "x_game-over",
    "x_no-such-player",
    "x_not-your-turn",
    "x_setup-first",
    "x_setup-over",
    "x_off-board",
    "x_setup-count",
    "x_setup-duplicate",
    "x_setup-duplicate_many",
    "x_not-own-half",
    "x_setup-not-touching",
    "x_setup-not-touching_many",
    "x_no-supply",
    "x_square-taken",
    "x_not-touching",
    "x_move-too-early",
    "x_not-own-hut",
    "x_move-isolates",
    "x_target-not-attackable",
    "x_guard-duplicate",
    "x_guard-duplicate_many",
    "x_too-many-guards",
    "x_guard-not-attackable",
    "x_unknown-action",
    "teacher_view",
    "teacher_secret_note",
    "teacher_failed",
)

#: Refusal codes the rules core can produce (a test checks each has a text).
REFUSAL_CODES: tuple[str, ...] = tuple(k[2:] for k in _KEYS if k.startswith("x_"))


def t(key: str, lang: str = "en", **values: Any) -> str:
    """The interface text ``key`` in ``lang`` (any language with a catalog), with ``values``
    filled in."""
    return text("massai", key, lang, **values)


def keys() -> tuple[str, ...]:
    """Every text key (for tests and translators)."""
    return _KEYS


def player_label(player: int, lang: str = "en") -> str:
    """``Player 1 (light)`` / ``Joueur 1 (clair)``."""
    return t(f"player_{player}", lang)
