"""The command line of both games: ``tabletop africa`` (``CLI``) and ``tabletop massai`` (``MASSAI_CLI``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

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
