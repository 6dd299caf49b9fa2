"""The Africa 1880 table instructions: the report (``REPORT``), why an order was void (``VOID``)
and the scores (``SCORE``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

REPORT: dict[str, Msg] = {
    "title": N_("Round {round} ({year}): what to do on the table"),
    "title_territory": N_(
        "Round {round} ({year}): what to do on the table, territory by territory"
    ),
    "step_place": N_("PLACE new presences:"),
    "step_pins": N_("ADD development pins:"),
    "step_colonies": N_("FOUND colonies:"),
    "step_remove": N_("REMOVE these presences (back to their stock):"),
    # TRANSLATORS: a heading of the report grouped by territory: the territory's name.
    "territory": NP_("report heading", "{territory}:"),
    "explore": N_("exploration"),
    "land": N_("landing"),
    "line_place": N_("PLACE {power} in {territory} ({how})"),
    "line_do_not_place": N_(
        "DO NOT PLACE {power} in {territory} ({how}): removed at once, {reason}; leave the pawn in stock"
    ),
    "line_add_pins": NN_(
        "ADD {count} PIN on {territory} (total {total}/{spaces})",
        "ADD {count} PINS on {territory} (total {total}/{spaces})",
        "count",
    ),
    "line_found_colony": N_("FOUND COLONY in {territory} ({powers})"),
    "line_remove": N_("REMOVE {power} from {territory}: {reason}"),
    "void": N_("VOID ORDERS (not executed):"),
    "void_line": N_('{power}: "{order}": {reason}'),
    "nothing": N_("Nothing changes on the table this round."),
    "next": N_("Next: round {round} ({year})."),
    "over": N_("GAME OVER. Count the score (tabletop africa score)."),
    "nobody": N_("nobody"),
    "scoring_note": N_(
        "Scoring follows a published summary of the rules and may differ from the rulebook of your copy of the game; check it before naming a winner."
    ),
    "betrayed": N_(
        "{power} allied with {other} but {other} declared war on {power} (two presences: the betrayed ally is removed)"
    ),
    "outnumbered": N_(
        "{wars} on {power} ({war_names}) against {alliances} ({alliance_names}) from the other powers present (three or more presences: more wars than alliances removes the presence)"
    ),  # parts: wars=REPORT['war_declarations'], alliances=REPORT['alliance_declarations']
    "outnumbered_no_ally": N_(
        "{wars} on {power} ({war_names}) against {alliances} from the other powers present (three or more presences: more wars than alliances removes the presence)"
    ),  # parts: wars=REPORT['war_declarations'], alliances=REPORT['alliance_declarations']
    "war_declarations": NN_(
        "{war_count} war declaration", "{war_count} war declarations", "war_count"
    ),
    "alliance_declarations": NN_(
        "{alliance_count} alliance", "{alliance_count} alliances", "alliance_count"
    ),
}
REPORT["outnumbered"] = REPORT["outnumbered"].with_parts(
    wars=REPORT["war_declarations"], alliances=REPORT["alliance_declarations"]
)
REPORT["outnumbered_no_ally"] = REPORT["outnumbered_no_ally"].with_parts(
    wars=REPORT["war_declarations"], alliances=REPORT["alliance_declarations"]
)

VOID: dict[str, Msg] = {
    "unknown_territory": N_('unknown territory "{text}"'),
    "unknown_power": N_('unknown power "{text}"'),
    "power_not_in_game": N_("{absent} does not play in this game"),
    "unknown_keyword": N_(
        'cannot read this line: "{text}" is not an order (develop, explore, hold, land, war, alliance)'
    ),
    "syntax": N_(
        'cannot read this line; write e.g. "Senegal: explore Guinea", "land: Morocco" or "war: Germany"'
    ),
    "no_header": N_("written before any [Power] header, so it belongs to no power"),
    "duplicate_sheet": N_("second order sheet for {power}; only the first sheet counts"),
    "not_neighbour": N_("{target} is not a neighbour of {source}"),
    "no_presence": N_("{power} has no presence in {territory}"),
    "colony_closed": N_("{territory} is a colony, closed to explorations and landings"),
    "duplicate_order": N_(
        "second order for the presence in {territory}; a presence takes one order per round and the first one written counts"
    ),
    "second_landing": N_(
        "second landing; a power lands at most once per round and the first one written counts"
    ),
    "not_coastal": N_("{territory} is not coastal; a landing needs a coastal territory"),
    "already_present": N_(
        "{power} already has a presence in {territory}; one presence per power per territory"
    ),
    "territory_full": NN_(
        "the {spaces} development space of {territory} is already filled",
        "all {spaces} development spaces of {territory} are already filled",
        "spaces",
    ),
    "no_pin_left": N_(
        "no development pin left: all {total} pins are on the board (the last pins go to territories in alphabetical order)"
    ),
    "no_pawn_left": N_("{power} has no presence pawn left in stock"),
    "self_relation": N_("{power} cannot declare a relation toward itself"),
    "contradictory_relation": N_(
        "{power} wrote both war and alliance toward {other}; an unreadable relation counts as alliance"
    ),
    # TRANSLATORS: {occupants} lists the powers present; the form follows how many they are.
    "landing_occupied_start": NN_(
        "{territory} is not empty ({occupants} present at the start of the round); a landing needs a territory empty of any presence",
        "{territory} is not empty ({occupants} present at the start of the round); a landing needs a territory empty of any presence",
        "occupants_count",
    ),
    "landing_occupied_reading": NN_(
        "{territory} is not empty ({occupants} present when this sheet was read); a landing needs a territory empty of any presence",
        "{territory} is not empty ({occupants} present when this sheet was read); a landing needs a territory empty of any presence",
        "occupants_count",
    ),
    "no_pawn_left_explore": N_(
        "{power} has no presence pawn left in stock (explorations are carried out in alphabetical order of their targets)"
    ),
    "did_you_mean": N_("{reason} (did you mean {suggestion}?)"),
}

SCORE: dict[str, Msg] = {
    "rule_points": N_(
        "Points scoring: colony held alone 8, shared colony 3 each, 1 per alliance declared in the last round."
    ),
    "rule_colonies": N_("Colony scoring: most colonies wins."),
    "col_power": NP_("score table", "Power"),
    "col_points": NP_("score table", "Points"),
    "col_colonies": NP_("score table", "Colonies"),
    "col_alone": NP_("score table", "alone"),
    "col_shared": NP_("score table", "shared"),
    "col_alliances": NP_("score table", "alliances"),
    "col_presences": NP_("score table", "presences"),
    "winner": N_("Winner: {leaders}"),
    "leading": N_("Leading: {leaders}"),
}
