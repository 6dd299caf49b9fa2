"""Table key -> message: what the pages' ``t(key, lang, **values)`` calls look up.

Written by tools/i18n_seed.py from the old (English, French) tables; edit it by hand from now
on (the seed is a one-off). Each entry is a marked message (:mod:`tabletop.i18n.messages`), so
``pybabel extract`` finds every msgid here even before a module calls gettext itself. A table
per text family; a key keeps the name its old table gave it, so a call site changes only the
function behind ``t``:

>>> text("africa", "year_round", "de", year=1885, round=2, last=8)
'1885 — Runde 2 von 8'
>>> text("massai", "x_setup-duplicate_many", "fr", squares="c1, c2")
'c1, c2 sont nommées deux fois.'
"""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from typing import Any

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

AFRICA: dict[str, Msg] = {
    "title": N_("Africa 1880 — turn assistant"),
    "language": N_("Language"),
    "tab_orders": N_("Order sheets"),
    "tab_result": N_("Resolution"),
    "tab_map": N_("Map"),
    "tab_history": N_("Rounds"),
    "tab_game": N_("Game"),
    "tab_timer": N_("Diplomacy timer"),
    "teacher_view": N_("Teacher view"),
    "teacher_hide": N_("Hide the teacher view"),
    "teacher_failed": N_("The teacher view could not analyse this position:"),
    "year_round": N_("{year} — round {round} of {last}"),
    "game_over": N_("Game over"),
    "game_over_banner": N_("Game over in {year}. Final scores: {scores}."),
    "game_over_resolve": N_(
        "The game is over: there is nothing more to resolve. Undo the last resolution (Rounds tab) or start a new game (Game tab)."
    ),
    "new_game": N_("New game"),
    "start_new_game": N_("Start the new game"),
    "example_game": N_("Open the example game"),
    "load_game": N_("Open a game file"),
    "save_game": N_("Save (download)"),
    "download_link": N_("Download {name}"),
    "powers": N_("Powers (3 to 6)"),
    "start_kind": N_("Start"),
    "start_historical": N_("Historical starts"),
    "start_free": N_("Free start (coastal)"),
    "first_presence": N_("First presence"),
    "board_choice": N_("Map"),
    "board_default": N_("Default map"),
    "board_upload": N_("Board file (JSON)"),
    "board_missing": N_("upload a board file first, or choose the default map."),
    "board_loaded": N_("Map loaded: {name}"),
    "board_error": N_("This board file was refused:"),
    "options": N_("Rule options"),
    "opt_landing_check": N_("Landing check"),
    "opt_landing_start": N_("Empty at start of round"),
    "opt_landing_reading": N_("In reading order"),
    "opt_scoring": N_("Scoring"),
    "opt_scoring_points": N_("Points"),
    "opt_scoring_colonies": N_("Most colonies"),
    "new_game_error": N_("The new game was refused:"),
    "game_started": N_("New game started."),
    "example_loaded": N_("Example game opened."),
    "file_loaded": N_("Game file opened: {name}"),
    "file_refused": N_("This file was refused, the current game is kept: {error}"),
    "not_utf8": N_("{name}: not a text file (not UTF-8)"),
    "not_json": N_("{name}: not JSON (line {line}: {error})"),
    "autosaved": N_("Saved automatically to {path}"),
    "autosave_failed": N_("Automatic save failed: {error}"),
    "presence": N_("Presence"),
    "order": N_("Order"),
    "target": N_("Target"),
    "hold": N_("hold"),
    "develop": N_("develop"),
    "explore": N_("explore"),
    "no_target": N_("— target —"),
    "landing": N_("Landing"),
    "no_landing": N_("no landing"),
    "stock": N_("stock {n}"),
    "no_presence": N_("No presence on the map."),
    "diplomacy": N_("Diplomacy"),
    "diplomacy_help": N_(
        "Row: the power declaring. Column: the power it declares toward. Click a cell to switch."
    ),
    "alliance": N_("☮ alliance"),
    "war": N_("⚔ war"),
    "sheet_text": N_("Order sheet as text"),
    "sheet_text_help": N_("Type or paste the sheet; the widgets follow, and the other way round."),
    "checks": N_("Checks"),
    "checks_ok": N_("No problem found."),
    "void_order": N_("Void: {order} — {reason}"),
    "no_order": N_("No order for the presence in {territory} (it will hold)."),
    "misplaced_header": N_(
        "“{header}” starts another power's sheet: write it in that power's tab (line ignored)"
    ),
    "text_error": N_("Not understood: {error}"),
    "resolve": N_("Resolve the round"),
    "resolve_refused": N_("Nothing to resolve: the game is over."),
    "resolved": N_("Round {year} resolved."),
    "report_title": N_("Round {year}: what to do on the board"),
    "remove": N_("Remove"),
    "place": N_("Place"),
    "pins": N_("Development pins"),
    "colonies_founded": N_("Colonies founded"),
    "void_orders": N_("Void orders"),
    "nothing": N_("nothing"),
    "col_power": NP_("africa.col_power", "Power"),
    "col_territory": N_("Territory"),
    "col_reason": N_("Why"),
    "col_by": N_("How"),
    "col_added": N_("Pins added"),
    "col_total": N_("Now / spaces"),
    "col_powers": N_("Powers present"),
    "col_order": N_("Order"),
    "by_explore": N_("exploration from {source}"),
    "by_landing": N_("landing"),
    "by_explore_short": N_("exploration"),
    "no_order_list": N_("no order for {names}"),
    "summary_counts": N_(
        "Before resolving: {void_text}, {missing_text}."
    ),  # parts: void_text=AFRICA['summary_void'], missing_text=AFRICA['summary_missing']
    "by_other": N_("{by}"),
    "no_report": N_("No round resolved yet."),
    "history": N_("Resolved rounds"),
    "view_round": N_("View"),
    "viewing_round": N_("Showing round {year}"),
    "to_sheets": N_("Order sheets"),
    "view_current": N_("Back to the current round"),
    "undo": N_("Undo the last resolution"),
    "undo_round": N_("Undo round {year}"),
    "undone": N_("Round {year} undone."),
    "nothing_to_undo": N_("Nothing to undo."),
    "scores": N_("Scores"),
    "col_points": N_("Points"),
    "col_colonies": N_("Colonies"),
    "col_presences": N_("Presences"),
    "col_stock": N_("Stock"),
    "scoring_note": N_("Scoring follows a published summary and may differ from your rulebook."),
    "map_title": N_("Map"),
    "legend": N_("Legend"),
    "legend_pin": N_("pin"),
    "legend_space": N_("empty space"),
    "legend_colony": N_("colony"),
    "legend_removed": N_("removed"),
    "legend_new": N_("new"),
    "legend_pins_added": N_("pins added"),
    "map_details_hint": N_("Point at or click a territory for its details."),
    "details": N_("{territory}: {coast}; pins {pins}/{spaces}; presences: {presences}{colony}"),
    "coastal": N_("coastal"),
    "inland": N_("inland"),
    "is_colony": N_("; colony"),
    "neighbours": N_("neighbours: {names}"),
    "no_geometry": N_(
        "This board has no drawing: territories are shown on a circle, lines join neighbours."
    ),
    "timer_start": N_("▶ Start"),
    "timer_pause": N_("‖ Pause"),
    "timer_reset": N_("↺ Reset"),
    "timer_minutes": N_("Minutes"),
    "timer_done": N_("Time is up: write your orders!"),
    "none": N_("none"),
    "summary_void": NN_("{void} void order", "{void} void orders", "void"),
    "summary_missing": NN_(
        "{missing} presence without an order", "{missing} presences without an order", "missing"
    ),
    # The page's guards (size limits, refusals) and the switch of the report.
    "and_more": N_("… and {n} more"),
    "sheet_too_long": N_(
        "This sheet is {length} characters long; at most {limit} are read. It was not read: shorten the text (it is kept in the box)."
    ),
    "sheets_too_long": N_(
        "The order sheets are {length} characters long together; at most {limit} are read. Shorten them before resolving."
    ),
    "file_too_large": N_("{name}: {size} bytes; at most {limit} are read."),
    "unexpected_error": N_(
        "Something went wrong on the server; nothing was changed. (The error was logged.)"
    ),
    "group_by": N_("Instructions"),
    "group_by_power": N_("step by step"),
    "group_by_territory": N_("by territory"),
}
AFRICA["summary_counts"] = AFRICA["summary_counts"].with_parts(
    void_text=AFRICA["summary_void"], missing_text=AFRICA["summary_missing"]
)

TERMS: dict[str, Msg] = {
    "presence": N_("presence"),
    "development pin": N_("development pin"),
    "landing": N_("landing"),
    "exploration": N_("exploration"),
    "colony": N_("colony"),
    "alliance": N_("alliance"),
    "war": N_("war"),
    "order sheet": N_("order sheet"),
    "stock": N_("stock"),
}

MASSAI: dict[str, Msg] = {
    "title": N_("Massai — table assistant"),
    "language": N_("Language"),
    "player_0": N_("Player 1 (light)"),
    "player_1": N_("Player 2 (dark)"),
    "status_turn": N_("{player} to play"),
    "status_setup": N_("Secret setup: {player}"),
    "status_over": N_("Game over"),
    "supply_line": N_("{player}: {board} on the board, {supply} in supply"),
    "options_line": N_(
        "Touching: {adjacency}. Guard table (guards for 0, 1, 2… attack points): {table}"
    ),
    "adjacency_8": N_("sides and corners"),
    "adjacency_4": N_("sides only"),
    "prompt_setup_wait": N_(
        "{player}: choose your five first huts in secret. {other}, please look away. {player}, press “Start my secret choice”."
    ),
    "prompt_setup_entry": N_(
        "{player}: click five squares of your half (rows {first}–{last}); each hut must touch another. Chosen: {count}/5. Then confirm."
    ),
    "prompt_build": N_(
        "{player}: click an empty square touching one of your huts to build, or attack."
    ),
    "prompt_move_from": N_(
        "{player}: all 15 huts are out. Click one of your huts to move it, or attack."
    ),
    "prompt_move_to": N_("{player}: click the empty square where the hut from {origin} goes."),
    "prompt_attack_wait": N_(
        "{player} attacks. {other}, please look away. {player}, press “Start my secret choice”."
    ),
    "prompt_attack_target": N_(
        "{player}: click the hut of {other} you attack (outlined in orange), then confirm. Target: {chosen}."
    ),
    "prompt_guards_wait": N_(
        "Choice locked ✓. {attacker}, please look away. {player}, press “Start my secret choice” to place your guards."
    ),
    "prompt_guards": N_(
        "{player}: attack points {points} — you may guard up to {allowed} of your huts outlined in orange. Guarded: {count}/{allowed}. Then confirm."
    ),
    "prompt_reveal": N_("Both choices are revealed. Look at the board, then press “Continue”."),
    "prompt_over": N_("{player} wins! {how}"),
    "how_connection": N_("Their huts join the two banks."),
    "how_elimination": N_("No hut of the opponent is left."),
    "locked": N_("Choice locked ✓"),
    "start_secret": N_("Start my secret choice"),
    "confirm": N_("Confirm ✓"),
    "clear": N_("Clear"),
    "attack": NP_("massai.attack", "Attack"),
    "cancel": N_("Cancel"),
    "continue": N_("Continue"),
    "undo": N_("↶ Undo"),
    "new_game": N_("Start a new game"),
    "new_game_title": N_("New game and options"),
    "adjacency": N_("Touching"),
    "guard_table": N_("Guard table"),
    "history": N_("History"),
    "history_empty": N_("No action yet."),
    "secret_setup": N_("secret setup"),
    "player_action": N_("{player}: {action}"),
    "legend": N_(
        "Orange ring: may be chosen · Blue: your choice · Red ring: attack target · Yellow dot: guard · Red cross: removed hut · Green ring: new hut"
    ),
    "legend_chain": N_(" · Gold outline: the chain of huts joining the two banks"),
    "notice_no_attack": N_("{player} has no hut touching a hut of {other}: no attack is possible."),
    "notice_choose_target": N_("Choose one target first."),
    "notice_not_own_hut": N_("{square} is not one of your huts."),
    "notice_setup_full": N_("Five squares are chosen already: click one to remove it."),
    "notice_start_first": N_("Press “Start my secret choice” first."),
    "notice_press_continue": N_("Press “Continue” first."),
    "notice_new_game": N_("New game started."),
    "notice_undone": N_("Undone: {what}."),
    "notice_nothing_to_undo": N_("Nothing to undo."),
    "notice_entry_cancelled": N_("Secret choice cancelled."),
    "notice_bad_guard_table": N_(
        "Guard table refused: “{table}”. Write whole numbers from 0 to 5 separated by commas, one per number of attack points starting at 0, like 0,0,1,2,3,4."
    ),
    "r_setup_secret": N_("{player} has chosen a secret setup."),
    "r_setup_reveal": N_(
        "Both setups are revealed: {p0} on {s0}; {p1} on {s1}. {first} plays first."
    ),
    "r_build": N_("{player} builds a hut on {square}."),
    "r_move": N_("{player} moves the hut on {origin} to {destination}."),
    "r_attack": N_(
        "{player} attacks {target} — attack points: {points}, guards allowed: {allowed}, guarded huts: {guards}."
    ),
    "r_guarded": N_("{target} was guarded and stays; {player} loses the huts touching it: {lost}."),
    "r_replaced": N_(
        "{target} was not guarded: it becomes a hut of {attacker}; {player} loses the huts touching it: {lost}."
    ),
    "r_removed_only": N_(
        "{target} was not guarded: it is removed ({attacker} has no hut in supply); {player} loses the huts touching it: {lost}."
    ),
    "r_isolated": N_("Isolated huts removed: {lost}."),
    "r_wins": N_("{player} wins. {how}"),
    "none": N_("none"),
    "x_game-over": N_("The game is over."),
    "x_no-such-player": N_("There are only two players."),
    "x_not-your-turn": N_("It is not your turn."),
    "x_setup-first": N_("The game starts with the secret setups."),
    "x_setup-over": N_("The setup is over."),
    "x_off-board": N_("{squares}: not on the board."),
    "x_setup-count": N_("Choose exactly 5 squares (now {count})."),
    "x_setup-duplicate": NN_("{squares} is named twice.", "{squares} are named twice.", 1),
    "x_setup-duplicate_many": NN_("{squares} is named twice.", "{squares} are named twice.", 2),
    "x_not-own-half": N_("{squares}: not in your half (rows {first_row}–{last_row})."),
    "x_setup-not-touching": NN_(
        "Every setup hut must touch another of the five: {squares} touches none.",
        "Every setup hut must touch another of the five: {squares} touch none.",
        1,
    ),
    "x_setup-not-touching_many": NN_(
        "Every setup hut must touch another of the five: {squares} touches none.",
        "Every setup hut must touch another of the five: {squares} touch none.",
        2,
    ),
    "x_no-supply": N_("No hut left in supply: move one instead."),
    "x_square-taken": N_("{square} is taken."),
    "x_not-touching": N_("{square} touches none of your huts."),
    "x_move-too-early": N_("Huts move only once all 15 are on the board."),
    "x_not-own-hut": N_("{square} is not one of your huts."),
    "x_move-isolates": N_("This move would leave {squares} touching none of your huts."),
    "x_target-not-attackable": N_(
        "{square} cannot be attacked: choose an opponent hut touching one of yours."
    ),
    "x_guard-duplicate": NN_("{squares} is guarded twice.", "{squares} are guarded twice.", 1),
    "x_guard-duplicate_many": NN_("{squares} is guarded twice.", "{squares} are guarded twice.", 2),
    "x_too-many-guards": N_(
        "Too many guards: attack points {attack_points}, guards allowed: {allowed}."
    ),
    "x_guard-not-attackable": N_(
        "Guards go only on your huts outlined in orange; not on {squares}."
    ),
    "x_unknown-action": N_("Unknown action."),
    "teacher_view": N_("Teacher view"),
    "teacher_secret_note": N_(
        "A secret choice is under way: the teacher view shows only the public position. The choices appear on the board when both are revealed."
    ),
    "teacher_failed": N_("The teacher view could not analyse this position:"),
}

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
        "Estimated from random profiles within the time limit: about {estimate} pure Nash equilibrium (95 % interval: {low} to {high}).",
        "Estimated from random profiles within the time limit: about {estimate} pure Nash equilibria (95 % interval: {low} to {high}).",
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
    "territory_full": N_("all {spaces} development spaces of {territory} are already filled"),
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

CLI: dict[str, Msg] = {
    "sheets_read": NN_(
        "Round {round} ({year}): {count} sheet read.",
        "Round {round} ({year}): {count} sheets read.",
        "count",
    ),
    "no_sheet": N_("No sheet for {power}: its presences hold, alliance toward everyone."),
    "all_executable": N_("Every order can be executed."),
    "void_count": N_("Void orders ({count}):"),
    "void_line": N_('{power}: "{order}": {reason}'),
    "void_line_at": N_('{power} (line {line}): "{order}": {reason}'),
    "saved": N_("Saved in {path}."),
    "undone": N_("Undone: back to round {round} ({year}), before its orders were resolved."),
    "new_game": N_("New Africa 1880 game in {path}: {count} powers, round 1 ({year})."),
    "starting_presences": N_("Starting presences: {starts}."),
    "power_in": N_("{power} in {territory}"),
    "board_summary": N_("{name}: {count} territories, {spaces} development spaces"),
    "board_coast": N_("coast"),
    "board_inland": N_("inland"),
    "board_spaces": NN_("{spaces} space", "{spaces} spaces", "spaces"),
    "board_no_neighbour": N_("(none)"),
    "over_no_check": N_("{game}: the game is over; there is no round to check"),
    "over_no_resolve": N_(
        "{game}: the game is over; nothing left to resolve (tabletop africa undo steps back one round)"
    ),
    "exists": N_("{path} already exists (use --force to replace it)"),
    "place_syntax": N_('--place: "{item}" should read POWER=TERRITORY'),
    "free_start_needs_place": N_(
        'a free start needs --place with one coastal territory per power, e.g. --place "{example}"'
    ),
}

MASSAI_CLI: dict[str, Msg] = {
    "new_game": N_("New Massai game in {path}: {player}, enter your secret setup."),
    "refused": N_("refused: {message}"),
    "next_setup": N_("Next: {player}, enter your secret setup (five huts in your half)."),
    "has_won": N_("{player} has won."),
    "next_build": N_("Next: {player} to build."),
    "next_move": N_("Next: {player} to move."),
    "next_build_or_attack": N_(
        "Next: {player} to build, or attack ({points_text}, {allowed_text} allowed)."
    ),  # parts: points_text=MASSAI_CLI['attack_points'], allowed_text=MASSAI_CLI['guards_allowed']
    "next_move_or_attack": N_(
        "Next: {player} to move, or attack ({points_text}, {allowed_text} allowed)."
    ),  # parts: points_text=MASSAI_CLI['attack_points'], allowed_text=MASSAI_CLI['guards_allowed']
    "attack_points": NN_(
        "{attack_points} attack point", "{attack_points} attack points", "attack_points"
    ),
    "guards_allowed": NN_("{allowed} guard", "{allowed} guards", "allowed"),
    "supply_line": N_("{player} ({mark}): {board} on the board, {supply} in supply"),
    "secret_setup_entered": N_("{player} has entered a secret setup (hidden)."),
    "winner_connection": N_("Winner: {player} (joined the two banks)."),
    "winner_elimination": N_("Winner: {player} (left no enemy hut)."),
    "undone": N_("Undone: {player}'s {action}."),
    "undone_setup": N_("Undone: {player}'s secret setup."),
    "nothing_to_undo": N_("nothing to undo: no action has been played yet"),
    "exists": N_("{path} already exists (use --force to replace it)"),
}
MASSAI_CLI["next_build_or_attack"] = MASSAI_CLI["next_build_or_attack"].with_parts(
    points_text=MASSAI_CLI["attack_points"], allowed_text=MASSAI_CLI["guards_allowed"]
)
MASSAI_CLI["next_move_or_attack"] = MASSAI_CLI["next_move_or_attack"].with_parts(
    points_text=MASSAI_CLI["attack_points"], allowed_text=MASSAI_CLI["guards_allowed"]
)

MASSAI_RULES: dict[str, Msg] = {
    "player_name": N_("Player {number}"),
    "game-over": N_("The game is over: {winner} has won."),
    "no-such-player": N_("There are only players 1 and 2."),
    "not-your-turn": N_("It is not {player}'s turn: {to_move} is to play."),
    "setup-first": N_("The game starts with the secret setups of five huts each."),
    "unknown-action": N_("Unknown action {action}."),
    "off-board": NN_(
        "{squares} is not on the {columns}×{rows} board.",
        "{squares} are not on the {columns}×{rows} board.",
        "count",
    ),
    "setup-over": N_("The setup is over: both setups are on the board."),
    "setup-count": N_("A setup has exactly {huts} huts, not {count}."),
    "setup-duplicate": NN_(
        "Each setup hut needs its own square: {squares} is named twice.",
        "Each setup hut needs its own square: {squares} are named twice.",
        "count",
    ),
    "not-own-half": NN_(
        "{squares} is not in {player}'s half (rows {first_row}–{last_row}).",
        "{squares} are not in {player}'s half (rows {first_row}–{last_row}).",
        "count",
    ),
    "setup-not-touching": NN_(
        "Every setup hut must touch another of the five: {squares} touches none.",
        "Every setup hut must touch another of the five: {squares} touch none.",
        "count",
    ),
    "no-supply": N_("No hut left in supply: all 15 are on the board, so move one instead."),
    "square-taken": N_("{square} is taken."),
    "not-touching": N_("{square} touches none of {player}'s huts."),
    "not-touching-move": N_("{square} would touch none of {player}'s other huts."),
    "move-too-early": N_(
        "Huts move only once all 15 are on the board ({supply} still in supply): build instead."
    ),
    "not-own-hut": N_("There is no hut of {player} on {square}."),
    "move-isolates": N_("Moving {origin} would leave {squares} touching none of {player}'s huts."),
    "target-not-hut": N_("{square} is not a hut of {player}."),
    "target-not-attackable": N_(
        "{square} touches none of {player}'s huts, so it cannot be attacked."
    ),
    "guard-duplicate": NN_(
        "A hut takes one guard at most: {squares} is named twice.",
        "A hut takes one guard at most: {squares} are named twice.",
        "count",
    ),
    "too-many-guards": N_(
        "{points_text} allow {allowed_text}, not {count}."
    ),  # parts: points_text=MASSAI_RULES['attack_points'], allowed_text=MASSAI_RULES['guards_allowed']
    "attack_points": NN_(
        "{attack_points} attack point", "{attack_points} attack points", "attack_points"
    ),
    "guards_allowed": NN_("{allowed} guard", "{allowed} guards", "allowed"),
    "guard-not-attackable": NN_(
        "Guards go only on {player}'s huts that could be attacked; {squares} is not one.",
        "Guards go only on {player}'s huts that could be attacked; {squares} are not.",
        "count",
    ),
    "setup_chosen": N_("{player} has chosen a secret setup."),
    "setups_revealed": N_(
        "Both setups are revealed: {first} on {first_squares}; {second} on {second_squares}. {first} plays first."
    ),
    "builds": N_("{player} builds a hut on {square}."),
    "moves": N_("{player} moves the hut on {origin} to {destination}."),
    "isolated": N_("Isolated huts removed: {lost}."),
    "wins": N_("{player} wins: {how}."),
    "how_connection": N_("their huts join the two banks"),
    "how_elimination": N_("{loser} has no hut left"),
    "attacks": N_(
        "{player} attacks {target} ({points_text}, {allowed_text} allowed; guards on {guards})."
    ),  # parts: points_text=MASSAI_RULES['attack_points'], allowed_text=MASSAI_RULES['guards_allowed']
    "attacks_no_guard": N_(
        "{player} attacks {target} ({points_text}, {allowed_text} allowed; no guard)."
    ),  # parts: points_text=MASSAI_RULES['attack_points'], allowed_text=MASSAI_RULES['guards_allowed']
    "guarded": N_("{target} was guarded and stays;"),
    "loses": N_("{player} loses the huts touching it: {lost}."),
    "becomes": N_("{target} was not guarded: it becomes a hut of {attacker};"),
    "removed_no_supply": N_(
        "{target} was not guarded: it is removed ({attacker} has no hut in supply to put there);"
    ),
}
MASSAI_RULES["too-many-guards"] = MASSAI_RULES["too-many-guards"].with_parts(
    points_text=MASSAI_RULES["attack_points"], allowed_text=MASSAI_RULES["guards_allowed"]
)
MASSAI_RULES["attacks"] = MASSAI_RULES["attacks"].with_parts(
    points_text=MASSAI_RULES["attack_points"], allowed_text=MASSAI_RULES["guards_allowed"]
)
MASSAI_RULES["attacks_no_guard"] = MASSAI_RULES["attacks_no_guard"].with_parts(
    points_text=MASSAI_RULES["attack_points"], allowed_text=MASSAI_RULES["guards_allowed"]
)

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

GAMES_LIST: dict[str, Msg] = {
    "title": N_("Games"),
    "new_game": N_("＋ New game"),
    "none_yet": N_("No game yet."),
    "col_name": N_("Name"),
    "col_updated": N_("Last change"),
    "col_steps_africa1880": NP_("games list", "Rounds"),
    "col_steps_massai": NP_("games list", "Actions"),
    "col_players": N_("Players"),
    "open": N_("Open"),
    "rename": N_("Rename"),
    "duplicate": N_("Duplicate"),
    "export": N_("Export"),
    "delete": N_("Delete"),
    "save_name": N_("Save the name"),
    "cancel": NP_("games list", "Cancel"),
    "new_name": N_("New name"),
    "renamed": N_("Renamed to “{name}”."),
    "duplicated": N_("Copy made: “{name}”."),
    "deleted": N_("“{name}” deleted."),
    "export_game": N_("↓ Game file"),
    "export_history": N_("↓ Whole history"),
    "export_of": N_("Export of “{name}”:"),
    "confirm_delete": N_(
        "Delete “{name}” for good, with its whole history? This cannot be undone. Export it first:"
    ),
    "delete_yes": N_("Delete for good"),
    "failed": N_("Not done: {error}"),
    "empty_name": N_("A game's name cannot be empty."),
}

STORE: dict[str, Msg] = {
    "stale": N_(
        "This game changed on another page: here is its new state. Your action was not applied."
    ),
    "changed_elsewhere": N_("Another page changed this game: the page shows its new state."),
    "deleted_elsewhere": N_("This game was deleted on another page; nothing more is saved."),
    "no_database": N_(
        "The games database cannot be used ({error}): this page keeps its game only while it is open."
    ),
    "not_saved": N_("Not saved in the database: {error}"),
    "redo": N_("↷ Redo"),
    "redone": N_("Round {year} restored."),
    "nothing_to_redo": N_("Nothing to redo."),
    "games": N_("☰ Games"),
    "opened": N_("“{name}” opened."),
    # TRANSLATORS: the English keeps "game(s)" for any number; write the plural forms.
    "imported_saves": NN_(
        "{n} game(s) saved by earlier versions of this page were imported into the list.",
        "{n} game(s) saved by earlier versions of this page were imported into the list.",
        "n",
    ),
    "example_name": N_("Example game"),
}

MASSAI_STORE: dict[str, Msg] = {
    "db_stale": N_(
        "This game changed on another page: it now shows the game as it is; your action was not applied."
    ),
    "db_remote_change": N_("Another page changed this game: {what}."),
    "db_remote_back": N_("an action was taken back"),
    "db_remote_attack": N_("{player} locked an attack target on another page ✓ (kept hidden)."),
    "db_remote_cancel": N_("The attack was cancelled on another page."),
    "db_setup_locked": N_("{player}'s setup is locked in ✓ (hidden until both setups are chosen)."),
    "db_attack_locked": N_(
        "{player}'s attack target is locked in ✓ (hidden until the guards are chosen)."
    ),
    "db_attack_lost": N_(
        "The attack target {player} locked in could not be kept: {reason}. {player}, announce the attack again if you still want it."
    ),
    "db_reason_changed": N_(
        "the game changed since it was locked (an action was played or taken back)"
    ),
    "db_reason_unreadable": N_("the kept choice could not be read"),
    "db_reason_target": N_("the chosen hut can no longer be attacked"),
    "db_new_game": N_("New game started; the previous game stays in the games list."),
    "db_opened": N_("Game “{name}” opened."),
    "db_imported": N_("“{name}” imported as a new game."),
    "db_import_refused": N_("File refused: {error}. The game on the page is unchanged."),
    "db_import_africa": N_("{name} is an Africa 1880 game: import it on the Africa 1880 page"),
    "db_redone": N_("Restored: {what}."),
    "db_nothing_to_redo": N_("Nothing to redo."),
    "db_failed": N_("The games database could not be used: {error}. Nothing was changed."),
    "db_unavailable": N_(
        "The games database cannot be opened: {error}. This game is not kept: it is lost when the page closes."
    ),
    "db_deleted": N_("This game was deleted on another page: go back to the games list."),
    "db_kept_in": N_(
        "Kept in the games database ({where}) as “{name}”: every action is an entry of its history."
    ),
    "db_not_kept": N_("Not kept: the games database could not be opened."),
    "db_autosaves": N_("Games kept before the database was used were added to the list: {names}."),
    "redo": N_("↷ Redo"),
    "all_games": N_("☰ All games"),
    "upload": N_("Upload a game file (.json)"),
}

PUNCTUATION: dict[str, Msg] = {
    "label_value": NP_("punctuation", "{label}: {value}"),
}

#: Every table by name.
TABLES: dict[str, dict[str, Msg]] = {
    "africa": AFRICA,
    "terms": TERMS,
    "massai": MASSAI,
    "analysis": ANALYSIS,
    "report": REPORT,
    "void": VOID,
    "score": SCORE,
    "cli": CLI,
    "massai_cli": MASSAI_CLI,
    "massai_rules": MASSAI_RULES,
    "lesson": LESSON,
    "games_list": GAMES_LIST,
    "store": STORE,
    "massai_store": MASSAI_STORE,
    "punctuation": PUNCTUATION,
}


def text(table: str, key: str, /, lang: str = "en", **values: Any) -> str:
    """The message ``key`` of ``table`` in ``lang``, with ``values`` filled in."""
    return TABLES[table][key].render(lang, **values)
