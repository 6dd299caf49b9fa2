"""Interface texts of the teacher-view panels and lessons, and their number formats.

The texts come from the message catalogs (table ``analysis`` of :mod:`tabletop.i18n.keys`);
numbers and percentages from Babel, as each language writes them.

>>> pct(0.4167), pct(0.4167, "de")
('41.7%', '41,7\xa0%')
>>> num(2.5, "fr")
'2,5'
>>> tr("payoff", "de")
'Auszahlung'
"""

from __future__ import annotations

import html

from tabletop.games.africa1880.powers import power_name
from tabletop.i18n import check_lang as _check_lang
from tabletop.i18n import format_decimal, format_percent
from tabletop.i18n.keys import text
from tabletop.ui.shell.texts import LANGS

__all__ = [
    "TEXTS",
    "check_lang",
    "count_words",
    "esc",
    "keys",
    "num",
    "pct",
    "power_label",
    "relation_word",
    "tr",
]

_KEYS: tuple[str, ...] = (
    "africa_title",
    "colony_weight",
    "payoff",
    "payoff_presences",
    "payoff_score",
    "each_power",
    "pure_equilibria",
    "two_power_territories",
    "show",
    "declared_relations",
    "equilibrium_n",
    "no_position",
    "none",
    "power",
    "declared_war_on",
    "best_response_q",
    "best_responses",
    "dominant_choices",
    "yes",
    "no_possible",
    "war_on",
    "either_toward",
    "n_best",
    "alliance_all",
    "alliance_everywhere",
    "power_wars",
    "toward",
    "war",
    "alliance",
    "strict",
    "weak",
    "is_equilibrium",
    "not_equilibrium",
    "free",
    "indifferent",
    "count_unknown",
    "not_enumerated",
    "count_one",
    "count_many",
    "distinct",
    "pareto",
    "pareto_unknown",
    "first_of",
    "first_found",
    "full",
    "not_full",
    "single_choice",
    "strictly_dominates",
    "weakly_dominates",
    "no_dominance",
    "all_equal",
    "massai_title",
    "evaluation",
    "evaluation_difference",
    "evaluation_removals",
    "win_bonus",
    "targets_one",
    "targets_many",
    "guards_0",
    "guards_1",
    "guards_n",
    "massai_summary",
    "attack_probability",
    "guard_probability",
    "payoffs_attacker",
    "attack",
    "attack_target",
    "guards",
    "if_guarded",
    "optimal_mix",
    "value_cell",
    "if_not_guarded",
    "wide_note",
    "attack_mark",
    "guard_mark",
    "count_estimate",
    "attack_pure",
    "attack_unique",
    "attack_many",
    "guard_unique",
    "guard_many",
    "target_played",
    "target_always",
    "target_tie",
    "target_not_played",
)

#: The text keys of each language: every key in every language (the catalog tests check it).
TEXTS: dict[str, tuple[str, ...]] = {lang: _KEYS for lang in LANGS}


def tr(key: str, lang: str = "en", **values: object) -> str:
    """The interface text ``key`` in ``lang`` (any language with a catalog), ``values`` filled
    in; the catalogs give French its no-break spaces before ``: ; ? !``."""
    return text("analysis", key, lang, **values)


def keys() -> tuple[str, ...]:
    """Every text key (for tests and translators)."""
    return _KEYS


def esc(value: object) -> str:
    return html.escape(str(value))


def num(value: float, lang: str = "en") -> str:
    """Short number: whole numbers without decimals, others with up to three, with the
    language's decimal mark (``2.5``, ``2,5``)."""
    return format_decimal(value, lang, max_digits=3)


def pct(value: float, lang: str = "en", digits: int = 1) -> str:
    """A probability as a percentage (``41.7%``; French and German ``41,7 %`` with a no-break
    space)."""
    return format_percent(value, lang, digits)


def count_words(n: int, what: str, lang: str) -> str:
    """``n`` targets or guards in words, singular or plural ("1 guard", "no guard")."""
    if what == "targets":
        return tr("targets_one", lang) if n == 1 else tr("targets_many", lang, n=n)
    return tr("guards_0" if n == 0 else "guards_1" if n == 1 else "guards_n", lang, n=n)


def power_label(power: str, lang: str) -> str:
    return power_name(power, lang)


def relation_word(word: str, lang: str) -> str:
    """Translate a relation word (``alliance`` / ``war``) when it is one."""
    return tr(word, lang) if word in ("war", "alliance") else word


def check_lang(lang: str) -> str:
    """``lang`` as a catalog code, or a one-line ValueError naming the languages there are."""
    return _check_lang(lang)
