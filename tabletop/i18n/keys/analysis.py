"""The game-theory pages: the analysis panels (``ANALYSIS``) and the lesson (``LESSON``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

ANALYSIS: dict[str, Msg] = {
    "africa_title": N_("Relations as a game"),
    "colony_weight": N_("Colony weight"),
    "payoff": N_("Payoff"),
    "payoff_presences": N_("presences (+ colonies)"),
    "payoff_score": N_("game score"),
    "each_power": N_("Each power against the others' declarations"),
    "pure_equilibria": N_("Pure Nash equilibria"),
    "two_power_territories": N_("Territories held by two powers"),
    "show": N_("Show"),
    "declared_relations": N_("declared relations"),
    "equilibrium_n": N_("equilibrium {n}"),
    "no_position": N_("No position to analyse yet."),
    "none": N_("none"),
    "power": NP_("analysis.power", "Power"),
    "declared_war_on": N_("Declared war on"),
    "best_response_q": N_("Best response?"),
    "best_responses": N_("Best responses to the others"),
    "dominant_choices": N_("Dominant choices"),
    "yes": N_("yes"),
    "no_possible": N_("no: {best} was possible"),
    "war_on": N_("war on {targets}"),
    "either_toward": N_("war or alliance toward {targets}"),
    "n_best": N_("({n} best responses)"),
    "alliance_all": N_("alliance with all"),
    "alliance_everywhere": N_("alliance everywhere"),
    "power_wars": N_("{power} → war on {targets}"),
    "toward": N_("{choice} toward {power} ({kind})"),
    "war": N_("war"),
    "alliance": N_("alliance"),
    "strict": N_("strict"),
    "weak": N_("weak"),
    "is_equilibrium": N_("The declared relations form a Nash equilibrium."),
    "not_equilibrium": N_(
        "<b>The declared relations are not an equilibrium</b>: someone could do better by changing its own relations alone."
    ),
    "free": N_("Free relations (they change no payoff): {pairs}"),
    "indifferent": N_("Indifferent relations (any value keeps an equilibrium one): {pairs}"),
    "count_unknown": N_(
        "The number of pure Nash equilibria is unknown: counting them all would take too long in this crowded position. There are at least <b>{n}</b>."
    ),
    "not_enumerated": N_(
        "The number of pure Nash equilibria is unknown: the equilibria are not searched for here, because too many powers decide one territory. Each power's payoff and best responses to the declared relations above are exact."
    ),
    "count_one": NN_("<b>{n}</b> pure Nash equilibrium.", "<b>{n}</b> pure Nash equilibria.", 1),
    "count_many": NN_("<b>{n}</b> pure Nash equilibrium.", "<b>{n}</b> pure Nash equilibria.", "n"),
    "distinct": N_(
        "They come to {n} once the indifferent relations are set aside; each is listed with those relations at alliance."
    ),
    "pareto": N_("★ Pareto optimal"),
    "pareto_unknown": N_("(Pareto optimality not decided: too many outcomes to compare)"),
    "first_of": N_("The first {shown} of {n} are listed."),
    "first_found": N_("The first {shown} are listed."),
    "full": N_("full: a colony can be founded"),
    "not_full": N_("not full"),
    "single_choice": N_("{name} has a single choice."),
    "strictly_dominates": N_(
        "For {name}, {choice} strictly dominates: it is better whatever the other does."
    ),
    "weakly_dominates": N_(
        "For {name}, {choice} weakly dominates: never worse, and better against at least one choice of the other."
    ),
    "no_dominance": N_(
        "For {name}, no choice dominates: the best one depends on what the other does."
    ),
    "all_equal": N_("For {name}, every choice gives the same payoff, whatever the other does."),
    "massai_title": N_("The attack as a zero-sum game"),
    "evaluation": N_("Evaluation"),
    "evaluation_difference": N_("huts won minus huts lost"),
    "evaluation_removals": N_("huts removed on each side"),
    "win_bonus": N_("Win bonus"),
    "targets_one": NN_("the only attackable hut", "one of {n} huts", 1),
    "targets_many": NN_("the only attackable hut", "one of {n} huts", "n"),
    "guards_0": N_("no guard"),
    "guards_1": NN_("{n} guard", "{n} guards", 1),
    "guards_n": NN_("{n} guard", "{n} guards", "n"),
    "massai_summary": N_(
        "Player {attacker} attacks {targets}; Player {defender} places {guards}. <b>Value for the attacker: {value}</b> (in huts, on average) when both play their best mixed strategies."
    ),
    "attack_probability": N_("Attack (probability)"),
    "guard_probability": N_("Guards (chance each hut is guarded)"),
    "payoffs_attacker": N_("Payoffs to the attacker"),
    "attack": NP_("analysis.attack", "Attack"),
    "attack_target": N_("attack {target}"),
    "guards": N_("guards {huts}"),
    "if_guarded": N_("if guarded"),
    "optimal_mix": N_("optimal mix"),
    "value_cell": N_("value {value}"),
    "if_not_guarded": N_("if not guarded"),
    "wide_note": N_(
        "{n} guard sets: only whether the target carries a guard changes the result, so the table is shown by that."
    ),
    "attack_mark": N_("A"),
    "guard_mark": N_("G"),
    "count_estimate": NN_(
        "Estimated from a fixed sample of random profiles: about {estimate} pure Nash equilibrium (confidence interval 95%: {low} to {high}).",
        "Estimated from a fixed sample of random profiles: about {estimate} pure Nash equilibria (confidence interval 95%: {low} to {high}).",
        "n",
    ),
    "attack_pure": N_(
        "The only optimal attack is pure: always {target}. No indifference is at play: the defender's guards cannot make another hut pay more."
    ),
    "attack_unique": N_("There is exactly one optimal attack plan: the probabilities shown."),
    "attack_many": N_(
        "Several attack plans are optimal: the chance of each hut may be anywhere in its range ({ranges}); the plan shown is one of them."
    ),
    "guard_unique": N_("The optimal guard plan puts guards on the huts with the chances shown."),
    "guard_many": N_(
        "Several guard plans are optimal: the chance of a guard on each hut may be anywhere in its range ({ranges}); the plan shown is one of them."
    ),
    "target_played": N_("{target} earns {earned}, the value: played"),
    "target_always": N_("{target} earns {earned}, the value: always played"),
    "target_tie": N_("{target} earns {earned}, the value, but no optimal plan plays it"),
    "target_not_played": N_("{target} earns {earned} against a value of {value}: not played"),
}

LESSON: dict[str, Msg] = {
    "pareto_star": N_("★ Pareto optimal"),
    "not_pareto": N_("(not Pareto optimal)"),
    "pure_equilibria": N_("Pure Nash equilibria:"),
    "egypt_full": N_("Egypt fully developed (colony possible)"),
    "colony_weight": N_("Colony weight"),
    "payoff": N_("Payoff"),
    "position": N_("Position"),
    "guards": N_("Guards"),
    "declared_relations": N_("<b>Declared relations</b> (press to declare war):"),
    "preset_congo": N_("Three powers in Congo (not full)"),
    "preset_congo_full": N_("Three powers in a full Congo"),
    "preset_ring": N_("A ring of two-power territories, Kamerun full"),
    "preset_two_huts": N_("Two attackable huts"),
    "preset_three_huts": N_("Three attackable huts"),
    "preset_wide": N_("A wide front: six attackable huts"),
    "table_default": N_("default: min(4, points - 1)"),
    "table_stingy": N_("stingy: one guard fewer"),
    "table_generous": N_("generous: one guard per attack point, at most 5"),
    "game_pd": N_(
        "a prisoner's dilemma (temptation {T} > reward {R} > punishment {P} > sucker {S})"
    ),
    "game_chicken": N_(
        "a chicken game (temptation {T} > reward {R} > sucker {S} > punishment {P})"
    ),
    "game_stag": N_("a stag hunt (reward {R} > temptation {T}, punishment {P} > sucker {S})"),
    "game_harmony": N_(
        "a harmony game (alliance pays more whatever the other does: reward {R} > temptation {T}, sucker {S} > punishment {P})"
    ),
    "game_other": N_(
        "none of the four classic games (reward {R}, temptation {T}, sucker {S}, punishment {P}: ties or another order)"
    ),
    "game_asymmetric": N_(
        "not symmetric: the two powers' payoffs differ, so it is none of the classic symmetric games"
    ),
    "game_is": N_(
        "This game is {kind}. Reward: both ally; temptation: you declare war on an ally; sucker: you ally while the other declares war; punishment: both declare war."
    ),
    "strictly_dominates": N_(
        "For {power}, {choice} strictly dominates: it pays more whatever the other does."
    ),
    "weakly_dominates": N_(
        "For {power}, {choice} weakly dominates: it never pays less, and more against {against}."
    ),
    "no_dominance": N_("For {power}, no choice dominates: the best choice depends on the other's."),
    "presences": N_("Presences: {items}."),
    "presence_of": N_("{power} in {territories}"),
    "full_territories": N_("Fully developed (a colony can be founded there): {territories}."),
    "no_full": N_("No territory is fully developed: no colony can be founded."),
}
