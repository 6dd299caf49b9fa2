"""Interface texts of the Massai page, in English and French, and reports phrased in both.

The French side uses the game's own words (architecte, hutte, garde, rive, points d'attaque).
Every key exists in both languages; a test checks it.

>>> t("attack", "fr")
'Attaquer'
>>> player_label(1, "en")
'Player 2 (dark)'
"""

from __future__ import annotations

from typing import Any

LANGS: tuple[str, ...] = ("en", "fr")

# key -> (English, French); placeholders use str.format names.
_TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Massai — table assistant", "Massaï — assistant de table"),
    "language": ("Language", "Langue"),
    "player_0": ("Player 1 (light)", "Joueur 1 (clair)"),
    "player_1": ("Player 2 (dark)", "Joueur 2 (foncé)"),
    "status_turn": ("{player} to play", "À {player} de jouer"),
    "status_setup": ("Secret setup: {player}", "Installation secrète : {player}"),
    "status_over": ("Game over", "Partie terminée"),
    "supply_line": (
        "{player}: {board} on the board, {supply} in supply",
        "{player} : {board} sur le plateau, {supply} en réserve",
    ),
    "options_line": (
        "Touching: {adjacency}. Guard table (guards for 0, 1, 2… attack points): {table}",
        "Contact : {adjacency}. Table des gardes (gardes pour 0, 1, 2… points d'attaque) : {table}",
    ),
    "adjacency_8": ("sides and corners", "côtés et coins"),
    "adjacency_4": ("sides only", "côtés seulement"),
    # prompts, stage by stage
    "prompt_setup_wait": (
        "{player}: choose your five first huts in secret. {other}, please look away. "
        "{player}, press “Start my secret choice”.",
        "{player} : choisissez en secret vos cinq premières huttes. {other}, détournez le "
        "regard. {player}, appuyez sur « Commencer mon choix secret ».",
    ),
    "prompt_setup_entry": (
        "{player}: click five squares of your half (rows {first}–{last}); each hut must touch "
        "another. Chosen: {count}/5. Then confirm.",
        "{player} : cliquez cinq cases de votre moitié (rangées {first} à {last}) ; chaque "
        "hutte doit en toucher une autre. Choisies : {count}/5. Puis confirmez.",
    ),
    "prompt_build": (
        "{player}: click an empty square touching one of your huts to build, or attack.",
        "{player} : cliquez une case libre touchant une de vos huttes pour construire, ou "
        "attaquez.",
    ),
    "prompt_move_from": (
        "{player}: all 15 huts are out. Click one of your huts to move it, or attack.",
        "{player} : vos 15 huttes sont posées. Cliquez une de vos huttes pour la déplacer, ou "
        "attaquez.",
    ),
    "prompt_move_to": (
        "{player}: click the empty square where the hut from {origin} goes.",
        "{player} : cliquez la case libre où va la hutte de {origin}.",
    ),
    "prompt_attack_wait": (
        "{player} attacks. {other}, please look away. {player}, press “Start my secret choice”.",
        "{player} attaque. {other}, détournez le regard. {player}, appuyez sur « Commencer mon "
        "choix secret ».",
    ),
    "prompt_attack_target": (
        "{player}: click the hut of {other} you attack (outlined in orange), then confirm. "
        "Target: {chosen}.",
        "{player} : cliquez la hutte de {other} que vous attaquez (cerclée d'orange), puis "
        "confirmez. Cible : {chosen}.",
    ),
    "prompt_guards_wait": (
        "Choice locked ✓. {attacker}, please look away. {player}, press “Start my secret "
        "choice” to place your guards.",
        "Choix verrouillé ✓. {attacker}, détournez le regard. {player}, appuyez sur « Commencer "
        "mon choix secret » pour placer vos gardes.",
    ),
    "prompt_guards": (
        "{player}: attack points {points} — you may guard up to {allowed} of your huts "
        "outlined in orange. Guarded: {count}/{allowed}. Then confirm.",
        "{player} : points d'attaque {points} — vous pouvez garder jusqu'à {allowed} de vos "
        "huttes cerclées d'orange. Gardées : {count}/{allowed}. Puis confirmez.",
    ),
    "prompt_reveal": (
        "Both choices are revealed. Look at the board, then press “Continue”.",
        "Les deux choix sont dévoilés. Regardez le plateau, puis appuyez sur « Continuer ».",
    ),
    "prompt_over": ("{player} wins! {how}", "{player} gagne ! {how}"),
    "how_connection": (
        "Their huts join the two banks.",
        "Ses huttes relient les deux rives.",
    ),
    "how_elimination": (
        "No hut of the opponent is left.",
        "Il ne reste plus aucune hutte adverse.",
    ),
    "locked": ("Choice locked ✓", "Choix verrouillé ✓"),
    # buttons
    "start_secret": ("Start my secret choice", "Commencer mon choix secret"),
    "confirm": ("Confirm ✓", "Confirmer ✓"),
    "clear": ("Clear", "Effacer"),
    "attack": ("Attack", "Attaquer"),
    "cancel": ("Cancel", "Annuler"),
    "continue": ("Continue", "Continuer"),
    "undo": ("↶ Undo", "↶ Annuler le dernier coup"),
    "new_game": ("Start a new game", "Commencer une nouvelle partie"),
    "new_game_title": ("New game and options", "Nouvelle partie et options"),
    "adjacency": ("Touching", "Contact"),
    "guard_table": ("Guard table", "Table des gardes"),
    "history": ("History", "Historique"),
    "history_empty": ("No action yet.", "Aucune action pour l'instant."),
    "secret_setup": ("secret setup", "installation secrète"),
    "player_action": ("{player}: {action}", "{player} : {action}"),
    "legend": (
        "Orange ring: may be chosen · Blue: your choice · Red ring: attack target · "
        "Yellow dot: guard · Red cross: removed hut · Green ring: new hut",
        "Cercle orange : peut être choisie · Bleu : votre choix · Cercle rouge : cible de "
        "l'attaque · Point jaune : garde · Croix rouge : hutte retirée · Cercle vert : "
        "nouvelle hutte",
    ),
    "legend_chain": (
        " · Gold outline: the chain of huts joining the two banks",
        " · Contour doré\u00a0: la chaîne de huttes qui relie les deux rives",
    ),
    # notices
    "notice_no_attack": (
        "{player} has no hut touching a hut of {other}: no attack is possible.",
        "{player} n'a aucune hutte touchant une hutte de {other} : pas d'attaque possible.",
    ),
    "notice_choose_target": ("Choose one target first.", "Choisissez d'abord une cible."),
    "notice_not_own_hut": (
        "{square} is not one of your huts.",
        "{square} n'est pas une de vos huttes.",
    ),
    "notice_setup_full": (
        "Five squares are chosen already: click one to remove it.",
        "Cinq cases sont déjà choisies : cliquez-en une pour l'enlever.",
    ),
    "notice_start_first": (
        "Press “Start my secret choice” first.",
        "Appuyez d'abord sur « Commencer mon choix secret ».",
    ),
    "notice_press_continue": (
        "Press “Continue” first.",
        "Appuyez d'abord sur « Continuer ».",
    ),
    "notice_new_game": ("New game started.", "Nouvelle partie commencée."),
    "notice_undone": ("Undone: {what}.", "Annulé : {what}."),
    "notice_nothing_to_undo": ("Nothing to undo.", "Rien à annuler."),
    "notice_entry_cancelled": ("Secret choice cancelled.", "Choix secret annulé."),
    # The rule in words, in both languages (the core's reason exists in English only).
    "notice_bad_guard_table": (
        "Guard table refused: “{table}”. Write whole numbers from 0 to 5 separated by commas, one "
        "per number of attack points starting at 0, like 0,0,1,2,3,4.",
        "Table des gardes refusée : « {table} ». Écrivez des nombres entiers de 0 à 5 séparés par "
        "des virgules, un par nombre de points d'attaque à partir de 0, comme 0,0,1,2,3,4.",
    ),
    "notice_file_unreadable": (
        "{path} could not be read ({error}). It is left as it is; this game is saved in {new}.",
        "{path} est illisible ({error}). Il n'est pas modifié ; cette partie est enregistrée "
        "dans {new}.",
    ),
    "notice_save_failed": (
        "Could not save the game to {path}: {error}",
        "Impossible d'enregistrer la partie dans {path} : {error}",
    ),
    "notice_loaded": ("Game continued from {path}.", "Partie reprise depuis {path}."),
    "saved_in": ("Saved automatically in {path}", "Enregistrée automatiquement dans {path}"),
    "not_saved": ("Not saved to a file.", "Non enregistrée dans un fichier."),
    # reports of accepted actions
    "r_setup_secret": (
        "{player} has chosen a secret setup.",
        "{player} a fait son installation secrète.",
    ),
    "r_setup_reveal": (
        "Both setups are revealed: {p0} on {s0}; {p1} on {s1}. {first} plays first.",
        "Les deux installations sont dévoilées : {p0} sur {s0} ; {p1} sur {s1}. {first} commence.",
    ),
    "r_build": ("{player} builds a hut on {square}.", "{player} construit une hutte en {square}."),
    "r_move": (
        "{player} moves the hut on {origin} to {destination}.",
        "{player} déplace la hutte de {origin} en {destination}.",
    ),
    "r_attack": (
        "{player} attacks {target} — attack points: {points}, guards allowed: {allowed}, "
        "guarded huts: {guards}.",
        "{player} attaque {target} — points d'attaque : {points}, gardes permis : {allowed}, "
        "huttes gardées : {guards}.",
    ),
    "r_guarded": (
        "{target} was guarded and stays; {player} loses the huts touching it: {lost}.",
        "{target} était gardée et reste ; {player} perd les huttes qui la touchent : {lost}.",
    ),
    "r_replaced": (
        "{target} was not guarded: it becomes a hut of {attacker}; {player} loses the huts "
        "touching it: {lost}.",
        "{target} n'était pas gardée : elle devient une hutte de {attacker} ; {player} perd les "
        "huttes qui la touchent : {lost}.",
    ),
    "r_removed_only": (
        "{target} was not guarded: it is removed ({attacker} has no hut in supply); {player} "
        "loses the huts touching it: {lost}.",
        "{target} n'était pas gardée : elle est retirée ({attacker} n'a plus de hutte en "
        "réserve) ; {player} perd les huttes qui la touchent : {lost}.",
    ),
    "r_isolated": ("Isolated huts removed: {lost}.", "Huttes isolées retirées : {lost}."),
    "r_wins": ("{player} wins. {how}", "{player} gagne. {how}"),
    "none": ("none", "aucune"),
    # refusals (codes of tabletop.games.massai.rules)
    "x_game-over": ("The game is over.", "La partie est terminée."),
    "x_no-such-player": ("There are only two players.", "Il n'y a que deux joueurs."),
    "x_not-your-turn": ("It is not your turn.", "Ce n'est pas votre tour."),
    "x_setup-first": (
        "The game starts with the secret setups.",
        "La partie commence par les installations secrètes.",
    ),
    "x_setup-over": ("The setup is over.", "L'installation est terminée."),
    "x_off-board": ("{squares}: not on the board.", "{squares} : hors du plateau."),
    "x_setup-count": (
        "Choose exactly 5 squares (now {count}).",
        "Choisissez exactement 5 cases (maintenant {count}).",
    ),
    "x_setup-duplicate": ("{squares} is named twice.", "{squares} est nommée deux fois."),
    "x_setup-duplicate_many": (
        "{squares} are named twice.",
        "{squares} sont nommées deux fois.",
    ),
    "x_not-own-half": (
        "{squares}: not in your half (rows {first_row}–{last_row}).",
        "{squares} : hors de votre moitié (rangées {first_row} à {last_row}).",
    ),
    "x_setup-not-touching": (
        "Every setup hut must touch another of the five: {squares} touches none.",
        "Chaque hutte de départ doit en toucher une autre des cinq : {squares} n'en touche aucune.",
    ),
    "x_setup-not-touching_many": (
        "Every setup hut must touch another of the five: {squares} touch none.",
        "Chaque hutte de départ doit en toucher une autre des cinq : {squares} n'en touchent "
        "aucune.",
    ),
    "x_no-supply": (
        "No hut left in supply: move one instead.",
        "Plus de hutte en réserve : déplacez-en une.",
    ),
    "x_square-taken": ("{square} is taken.", "{square} est occupée."),
    "x_not-touching": (
        "{square} touches none of your huts.",
        "{square} ne touche aucune de vos huttes.",
    ),
    "x_move-too-early": (
        "Huts move only once all 15 are on the board.",
        "On ne déplace qu'une fois les 15 huttes posées.",
    ),
    "x_not-own-hut": ("{square} is not one of your huts.", "{square} n'est pas une de vos huttes."),
    "x_move-isolates": (
        "This move would leave {squares} touching none of your huts.",
        "Ce déplacement laisserait {squares} sans hutte amie voisine.",
    ),
    "x_target-not-attackable": (
        "{square} cannot be attacked: choose an opponent hut touching one of yours.",
        "{square} ne peut pas être attaquée : choisissez une hutte adverse touchant une des "
        "vôtres.",
    ),
    "x_guard-duplicate": ("{squares} is guarded twice.", "{squares} est gardée deux fois."),
    "x_guard-duplicate_many": (
        "{squares} are guarded twice.",
        "{squares} sont gardées deux fois.",
    ),
    "x_too-many-guards": (
        "Too many guards: attack points {attack_points}, guards allowed: {allowed}.",
        "Trop de gardes : points d'attaque {attack_points}, gardes permis : {allowed}.",
    ),
    "x_guard-not-attackable": (
        "Guards go only on your huts outlined in orange; not on {squares}.",
        "Les gardes ne vont que sur vos huttes cerclées d'orange ; pas sur {squares}.",
    ),
    "x_unknown-action": ("Unknown action.", "Action inconnue."),
    # teacher view
    "teacher_view": ("Teacher view", "Vue enseignant"),
    "teacher_secret_note": (
        "A secret choice is under way: the teacher view shows only the public position. "
        "The choices appear on the board when both are revealed.",
        "Un choix secret est en cours : la vue enseignant ne montre que la position publique. "
        "Les choix apparaissent sur le plateau quand les deux sont dévoilés.",
    ),
    "teacher_failed": (
        "The teacher view could not analyse this position:",
        "La vue enseignant n'a pas pu analyser cette position :",
    ),
}


def _french_spacing(text: str) -> str:
    """French typography: a no-break space before : ; ! ? and inside « », so that a narrow
    screen never starts a line with "»" or ":" (it did: "« Continuer" / "»." on two lines)."""
    for plain, fixed in (
        ("« ", "«\u00a0"),
        (" »", "\u00a0»"),
        (" :", "\u00a0:"),
        (" ;", "\u00a0;"),
        (" !", "\u00a0!"),
        (" ?", "\u00a0?"),
    ):
        text = text.replace(plain, fixed)
    return text


_TEXTS = {key: (english, _french_spacing(french)) for key, (english, french) in _TEXTS.items()}

#: Refusal codes the rules core can produce (a test checks each has a text).
REFUSAL_CODES: tuple[str, ...] = tuple(k[2:] for k in _TEXTS if k.startswith("x_"))


def t(key: str, lang: str = "en", **values: Any) -> str:
    """The interface text ``key`` in ``lang`` ("en" or "fr"), with ``values`` filled in."""
    pair = _TEXTS[key]
    text = pair[1] if lang == "fr" else pair[0]
    return text.format(**values) if values else text


def keys() -> tuple[str, ...]:
    """Every text key (for tests and translators)."""
    return tuple(_TEXTS)


def player_label(player: int, lang: str = "en") -> str:
    """``Player 1 (light)`` / ``Joueur 1 (clair)``."""
    return t(f"player_{player}", lang)
