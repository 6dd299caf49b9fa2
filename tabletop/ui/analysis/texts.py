"""Interface texts of the teacher-view panels and lessons, and their number formats.

>>> pct(0.4167)
'41.7%'
>>> num(2.5, "fr")
'2,5'
"""

from __future__ import annotations

import html
import re

from tabletop.games.africa1880.state import power_name

LANGS = ("en", "fr")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "africa_title": "Relations as a game",
        "colony_weight": "Colony weight",
        "payoff": "Payoff",
        "payoff_presences": "presences (+ colonies)",
        "payoff_score": "game score",
        "each_power": "Each power against the others' declarations",
        "pure_equilibria": "Pure Nash equilibria",
        "two_power_territories": "Territories held by two powers",
        "show": "Show",
        "declared_relations": "declared relations",
        "equilibrium_n": "equilibrium {n}",
        "no_position": "No position to analyse yet.",
        "none": "none",
        "power": "Power",
        "declared_war_on": "Declared war on",
        "best_response_q": "Best response?",
        "best_responses": "Best responses to the others",
        "dominant_choices": "Dominant choices",
        "yes": "yes",
        "no_possible": "no: {best} was possible",
        "war_on": "war on {targets}",
        "either_toward": "war or alliance toward {targets}",
        "n_best": "({n} best responses)",
        "alliance_all": "alliance with all",
        "alliance_everywhere": "alliance everywhere",
        "power_wars": "{power} → war on {targets}",
        "toward": "{choice} toward {power} ({kind})",
        "war": "war",
        "alliance": "alliance",
        "strict": "strict",
        "weak": "weak",
        "is_equilibrium": "The declared relations form a Nash equilibrium.",
        "not_equilibrium": "<b>The declared relations are not an equilibrium</b>: someone could "
        "do better by changing its own relations alone.",
        "free": "Free relations (they change no payoff): {pairs}",
        "indifferent": "Indifferent relations (any value keeps an equilibrium one): {pairs}",
        "count_unknown": "The number of pure Nash equilibria is unknown: counting them all would "
        "take too long in this crowded position. There are at least <b>{n}</b>.",
        "not_enumerated": "The number of pure Nash equilibria is unknown: the equilibria are not "
        "searched for here, because too many powers decide one territory. Each power's payoff and "
        "best responses to the declared relations above are exact.",
        "count_one": "<b>1</b> pure Nash equilibrium.",
        "count_many": "<b>{n}</b> pure Nash equilibria.",
        "distinct": "They come to {n} once the indifferent relations are set aside; each is listed "
        "with those relations at alliance.",
        "pareto": "★ Pareto optimal",
        "pareto_unknown": "(Pareto optimality not decided: too many outcomes to compare)",
        "first_of": "The first {shown} of {n} are listed.",
        "first_found": "The first {shown} are listed.",
        "full": "full: a colony can be founded",
        "not_full": "not full",
        "single_choice": "{name} has a single choice.",
        "strictly_dominates": "For {name}, {choice} strictly dominates: it is better whatever "
        "the other does.",
        "weakly_dominates": "For {name}, {choice} weakly dominates: never worse, and better "
        "against at least one choice of the other.",
        "no_dominance": "For {name}, no choice dominates: the best one depends on what the "
        "other does.",
        "all_equal": "For {name}, every choice gives the same payoff, whatever the other does.",
        "massai_title": "The attack as a zero-sum game",
        "evaluation": "Evaluation",
        "evaluation_difference": "huts won minus huts lost",
        "evaluation_removals": "huts removed on each side",
        "win_bonus": "Win bonus",
        "targets_one": "the only attackable hut",
        "targets_many": "one of {n} huts",
        "guards_0": "no guard",
        "guards_1": "1 guard",
        "guards_n": "{n} guards",
        "massai_summary": "Player {attacker} attacks {targets}; Player {defender} "
        "places {guards}. <b>Value for the attacker: {value}</b> (in huts, on average) when "
        "both play their best mixed strategies.",
        "attack_probability": "Attack (probability)",
        "guard_probability": "Guards (chance each hut is guarded)",
        "payoffs_attacker": "Payoffs to the attacker",
        "attack": "Attack",
        "attack_target": "attack {target}",
        "guards": "guards {huts}",
        "if_guarded": "if guarded",
        "optimal_mix": "optimal mix",
        "value_cell": "value {value}",
        "if_not_guarded": "if not guarded",
        "wide_note": "{n} guard sets: only whether the target carries a guard changes the "
        "result, so the table is shown by that.",
        "attack_mark": "A",
        "guard_mark": "G",
    },
    "fr": {
        "africa_title": "Les relations comme un jeu",
        "colony_weight": "Poids d'une colonie",
        "payoff": "Gain",
        "payoff_presences": "présences (+ colonies)",
        "payoff_score": "score de la partie",
        "each_power": "Chaque puissance face aux déclarations des autres",
        "pure_equilibria": "Équilibres de Nash purs",
        "two_power_territories": "Territoires tenus par deux puissances",
        "show": "Afficher",
        "declared_relations": "relations déclarées",
        "equilibrium_n": "équilibre {n}",
        "no_position": "Pas encore de position à analyser.",
        "none": "aucune",
        "power": "Puissance",
        "declared_war_on": "Guerre déclarée à",
        "best_response_q": "Meilleure réponse ?",
        "best_responses": "Meilleures réponses aux autres",
        "dominant_choices": "Choix dominants",
        "yes": "oui",
        "no_possible": "non : {best} était possible",
        "war_on": "guerre à {targets}",
        "either_toward": "guerre ou alliance envers {targets}",
        "n_best": "({n} meilleures réponses)",
        "alliance_all": "alliance avec tous",
        "alliance_everywhere": "alliance partout",
        "power_wars": "{power} → guerre à {targets}",
        "toward": "{choice} envers {power} ({kind})",
        "war": "guerre",
        "alliance": "alliance",
        "strict": "stricte",
        "weak": "faible",
        "is_equilibrium": "Les relations déclarées forment un équilibre de Nash.",
        "not_equilibrium": "<b>Les relations déclarées ne sont pas un équilibre</b> : une "
        "puissance gagnerait à changer seule ses relations.",
        "free": "Relations libres (elles ne changent aucun gain) : {pairs}",
        "indifferent": "Relations indifférentes (toute valeur garde un équilibre) : {pairs}",
        "count_unknown": "Le nombre d'équilibres de Nash purs est inconnu : les compter tous "
        "prendrait trop de temps dans cette position chargée. Il y en a au moins <b>{n}</b>.",
        "not_enumerated": "Le nombre d'équilibres de Nash purs est inconnu : ils ne sont pas "
        "cherchés ici, car trop de puissances décident d'un même territoire. Le gain et les "
        "meilleures réponses de chaque puissance aux relations déclarées ci-dessus sont exacts.",
        "count_one": "<b>1</b> équilibre de Nash pur.",
        "count_many": "<b>{n}</b> équilibres de Nash purs.",
        "distinct": "Ils se ramènent à {n} si l'on met à part les relations indifférentes ; "
        "chacun est listé avec ces relations à l'alliance.",
        "pareto": "★ optimal au sens de Pareto",
        "pareto_unknown": "(optimum de Pareto non décidé : trop d'issues à comparer)",
        "first_of": "Les {shown} premiers sur {n} sont listés.",
        "first_found": "Les {shown} premiers sont listés.",
        "full": "plein : une colonie peut être fondée",
        "not_full": "pas plein",
        "single_choice": "{name} n'a qu'un choix.",
        "strictly_dominates": "Pour {name}, {choice} domine strictement : c'est mieux quoi que "
        "fasse l'autre.",
        "weakly_dominates": "Pour {name}, {choice} domine faiblement : jamais pire, et mieux "
        "contre au moins un choix de l'autre.",
        "no_dominance": "Pour {name}, aucun choix ne domine : le meilleur dépend de ce que fait "
        "l'autre.",
        "all_equal": "Pour {name}, tous les choix donnent le même gain, quoi que fasse l'autre.",
        "massai_title": "L'attaque comme un jeu à somme nulle",
        "evaluation": "Évaluation",
        "evaluation_difference": "huttes gagnées moins huttes perdues",
        "evaluation_removals": "huttes retirées de chaque côté",
        "win_bonus": "Bonus de victoire",
        "targets_one": "la seule hutte attaquable",
        "targets_many": "l'une de {n} huttes",
        "guards_0": "aucun garde",
        "guards_1": "1 garde",
        "guards_n": "{n} gardes",
        "massai_summary": "Le joueur {attacker} attaque {targets} ; le joueur "
        "{defender} place {guards}. <b>Valeur pour l'attaquant : {value}</b> (en huttes, "
        "en moyenne) quand chacun joue sa meilleure stratégie mixte.",
        "attack_probability": "Attaque (probabilité)",
        "guard_probability": "Gardes (chance que chaque hutte soit gardée)",
        "payoffs_attacker": "Gains de l'attaquant",
        "attack": "Attaque",
        "attack_target": "attaque {target}",
        "guards": "gardes {huts}",
        "if_guarded": "si gardée",
        "optimal_mix": "mélange optimal",
        "value_cell": "valeur {value}",
        "if_not_guarded": "si non gardée",
        "wide_note": "{n} ensembles de gardes : seul le fait que la cible soit gardée change le "
        "résultat, d'où ce tableau.",
        "attack_mark": "A",
        "guard_mark": "G",
    },
}


def tr(key: str, lang: str = "en", **values: object) -> str:
    """The interface text ``key`` in ``lang`` (English for an unknown language)."""
    table = TEXTS.get(lang, TEXTS["en"])
    text = table[key].format(**values)
    if lang == "fr":  # the space French puts before : ; ? ! must not break a line
        text = re.sub(r" ([:;?!])", "\u00a0\\1", text)
    return text


def esc(value: object) -> str:
    return html.escape(str(value))


def num(value: float, lang: str = "en") -> str:
    """Short number: whole numbers without decimals, others with up to three (French: comma)."""
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def pct(value: float, lang: str = "en", digits: int = 1) -> str:
    """A probability as a percentage ("41.7%"; French "41,7 %" with a no-break space)."""
    text = f"{value:.{digits}%}"
    return text[:-1].replace(".", ",") + "\u00a0%" if lang == "fr" else text


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
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang
