"""The Massai rules core's sentences: what an action did or why it was refused (``MASSAI_RULES``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

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
