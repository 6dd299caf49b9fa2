"""The Massai page (``MASSAI``) and its database part: games kept, reloads, conflicts (``MASSAI_STORE``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

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
