"""Interface texts of the Africa 1880 dashboard, from the message catalogs.

The keys are those of the ``africa`` table of :mod:`tabletop.i18n.keys`; the catalogs use the
game's own words in each language (docs/translating.md). Every key exists in every language; the
catalog tests check it.

>>> t("resolve", "fr"), t("resolve", "de")
('Résoudre le tour', 'Runde auswerten')
>>> t("year_round", "en", year=1885, round=2, last=8)
'1885 — round 2 of 8'
"""

from __future__ import annotations

from tabletop.games.africa1880.powers import power_name as _power_name
from tabletop.i18n.keys import TERMS, text

__all__ = [
    "GAME_TERMS_FR",
    "keys",
    "power_name",
    "t",
    "term",
]

_KEYS: tuple[str, ...] = (
    "title",
    "language",
    "tab_orders",
    "tab_result",
    "tab_map",
    "tab_history",
    "tab_game",
    "tab_timer",
    "teacher_view",
    "teacher_hide",
    "teacher_failed",
    "year_round",
    "game_over",
    "game_over_banner",
    "game_over_resolve",
    "new_game",
    "start_new_game",
    "example_game",
    "load_game",
    "save_game",
    "download_link",
    "powers",
    "start_kind",
    "start_historical",
    "start_free",
    "first_presence",
    "board_choice",
    "board_default",
    "board_upload",
    "board_missing",
    "board_loaded",
    "board_error",
    "options",
    "opt_landing_check",
    "opt_landing_start",
    "opt_landing_reading",
    "opt_scoring",
    "opt_scoring_points",
    "opt_scoring_colonies",
    "new_game_error",
    "game_started",
    "example_loaded",
    "file_loaded",
    "file_refused",
    "not_utf8",
    "not_json",
    "autosaved",
    "autosave_failed",
    "presence",
    "order",
    "target",
    "hold",
    "develop",
    "explore",
    "no_target",
    "landing",
    "no_landing",
    "stock",
    "no_presence",
    "diplomacy",
    "diplomacy_help",
    "alliance",
    "war",
    "sheet_text",
    "sheet_text_help",
    "checks",
    "checks_ok",
    "void_order",
    "no_order",
    "misplaced_header",
    "text_error",
    "resolve",
    "resolve_refused",
    "resolved",
    "report_title",
    "remove",
    "place",
    "pins",
    "colonies_founded",
    "void_orders",
    "nothing",
    "col_power",
    "col_territory",
    "col_reason",
    "col_by",
    "col_added",
    "col_total",
    "col_powers",
    "col_order",
    "by_explore",
    "by_landing",
    "by_explore_short",
    "no_order_list",
    "summary_counts",
    "by_other",
    "no_report",
    "history",
    "view_round",
    "viewing_round",
    "to_sheets",
    "view_current",
    "undo",
    "undo_round",
    "undone",
    "nothing_to_undo",
    "scores",
    "col_points",
    "col_colonies",
    "col_presences",
    "col_stock",
    "scoring_note",
    "map_title",
    "legend",
    "legend_pin",
    "legend_space",
    "legend_colony",
    "legend_removed",
    "legend_new",
    "legend_pins_added",
    "map_details_hint",
    "details",
    "coastal",
    "inland",
    "is_colony",
    "neighbours",
    "no_geometry",
    "none",
)

#: English key -> French for the game's own words (kept for older callers: ``term``).
GAME_TERMS_FR: dict[str, str] = {k: text("terms", k, "fr") for k in TERMS}


def term(word: str, lang: str = "en") -> str:
    """One of the game's own words (``presence``, ``landing``...) in ``lang``.

    >>> term("development pin", "de")
    'Entwicklungsstift'
    """
    return text("terms", word, lang) if word in TERMS else word


def t(key: str, lang: str = "en", **values: object) -> str:
    """The interface text ``key`` in ``lang`` (any language with a catalog), with ``values``
    filled in. Keys of the shared widgets (the timer) come from :mod:`tabletop.ui.shell.texts`.
    """
    return text("africa", key, lang, **values)


def keys() -> tuple[str, ...]:
    """Every text key of the page (for tests and translators)."""
    return _KEYS


def power_name(power: str, lang: str = "en") -> str:
    """A power's name in the interface language (the core's names)."""
    return _power_name(power, lang)
