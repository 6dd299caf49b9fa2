"""Interface texts of the Africa 1880 dashboard, in English and French.

The French side uses the game's own words (présence, pion développement, fiche d'ordres,
débarquement, ambassade, colonie). Every key exists in both languages; a test checks it.

>>> t("resolve", "fr")
'Résoudre le tour'
>>> t("year_round", "en", year=1885, round=2, last=8)
'1885 — round 2 of 8'
"""

from __future__ import annotations

from tabletop.ui.shell import texts as shell_texts
from tabletop.ui.shell.texts import LANGS, check_lang

__all__ = ["GAME_TERMS_FR", "LANGS", "check_lang", "keys", "power_name", "t"]

# key -> (English, French). Placeholders use str.format names.
_TEXTS: dict[str, tuple[str, str]] = {
    # page and tabs
    "title": ("Africa 1880 — turn assistant", "Africa 1880 — assistant de tour"),
    "language": ("Language", "Langue"),
    "tab_orders": ("Order sheets", "Fiches d'ordres"),
    "tab_result": ("Resolution", "Résolution"),
    "tab_map": ("Map", "Carte"),
    "tab_history": ("Rounds", "Tours"),
    "tab_game": ("Game", "Partie"),
    "tab_timer": ("Diplomacy timer", "Minuteur de diplomatie"),
    "teacher_view": ("Teacher view", "Vue enseignant"),
    "teacher_hide": ("Hide the teacher view", "Masquer la vue enseignant"),
    "teacher_failed": (
        "The teacher view could not analyse this position:",
        "La vue enseignant n'a pas pu analyser cette position :",
    ),
    "year_round": ("{year} — round {round} of {last}", "{year} — tour {round} sur {last}"),
    "game_over": ("Game over", "Partie terminée"),
    "game_over_banner": (
        "Game over in {year}. Final scores: {scores}.",
        "Partie terminée en {year}. Scores finaux : {scores}.",
    ),
    "game_over_resolve": (
        "The game is over: there is nothing more to resolve. Undo the last resolution "
        "(Rounds tab) or start a new game (Game tab).",
        "La partie est finie : plus rien à résoudre. Annulez la dernière résolution "
        "(onglet Tours) ou commencez une nouvelle partie (onglet Partie).",
    ),
    # game menu
    "new_game": ("New game", "Nouvelle partie"),
    "start_new_game": ("Start the new game", "Commencer la partie"),
    "example_game": ("Open the example game", "Ouvrir la partie d'exemple"),
    "load_game": ("Open a game file", "Ouvrir un fichier de partie"),
    "save_game": ("Save (download)", "Enregistrer (télécharger)"),
    "download_link": ("Download {name}", "Télécharger {name}"),
    "powers": ("Powers (3 to 6)", "Puissances (3 à 6)"),
    "start_kind": ("Start", "Départ"),
    "start_historical": ("Historical starts", "Départs historiques"),
    "start_free": ("Free start (coastal)", "Départ libre (côtier)"),
    "first_presence": ("First presence", "Première présence"),
    "board_choice": ("Map", "Carte"),
    "board_default": ("Default map", "Carte par défaut"),
    "board_upload": ("Board file (JSON)", "Fichier de carte (JSON)"),
    "board_missing": (
        "upload a board file first, or choose the default map.",
        "chargez d'abord un fichier de carte, ou choisissez la carte par défaut.",
    ),
    "board_loaded": ("Map loaded: {name}", "Carte chargée : {name}"),
    "board_error": ("This board file was refused:", "Ce fichier de carte est refusé :"),
    "options": ("Rule options", "Options de règle"),
    "opt_landing_check": ("Landing check", "Contrôle du débarquement"),
    "opt_landing_start": ("Empty at start of round", "Vide au début du tour"),
    "opt_landing_reading": ("In reading order", "Dans l'ordre de lecture"),
    "opt_scoring": ("Scoring", "Décompte"),
    "opt_scoring_points": ("Points", "Points"),
    "opt_scoring_colonies": ("Most colonies", "Plus de colonies"),
    "new_game_error": ("The new game was refused:", "La nouvelle partie est refusée :"),
    "game_started": ("New game started.", "Nouvelle partie commencée."),
    "example_loaded": ("Example game opened.", "Partie d'exemple ouverte."),
    "file_loaded": ("Game file opened: {name}", "Fichier de partie ouvert : {name}"),
    "file_refused": (
        "This file was refused, the current game is kept: {error}",
        "Ce fichier est refusé, la partie en cours est conservée : {error}",
    ),
    "not_utf8": (
        "{name}: not a text file (not UTF-8)",
        "{name} : pas un fichier texte (pas UTF-8)",
    ),
    "not_json": (
        "{name}: not JSON (line {line}: {error})",
        "{name} : pas du JSON (ligne {line} : {error})",
    ),
    "continue_prompt": (
        "A game saved automatically was found ({year}, {powers}). Continue it?",
        "Une partie enregistrée automatiquement a été trouvée ({year}, {powers}). La continuer ?",
    ),
    "continue_yes": ("Continue the saved game", "Continuer la partie enregistrée"),
    "continue_no": ("Keep this one", "Garder celle-ci"),
    "continued": ("Saved game continued.", "Partie enregistrée reprise."),
    "autosaved": ("Saved automatically to {path}", "Enregistré automatiquement dans {path}"),
    "autosave_failed": (
        "Automatic save failed: {error}",
        "L'enregistrement automatique a échoué : {error}",
    ),
    # order sheets
    "presence": ("Presence", "Présence"),
    "order": ("Order", "Ordre"),
    "target": ("Target", "Cible"),
    "hold": ("hold", "rien"),
    "develop": ("develop", "développer"),
    "explore": ("explore", "explorer"),
    "no_target": ("— target —", "— cible —"),
    "landing": ("Landing", "Débarquement"),
    "no_landing": ("no landing", "pas de débarquement"),
    "stock": ("stock {n}", "stock {n}"),
    "no_presence": ("No presence on the map.", "Aucune présence sur la carte."),
    "diplomacy": ("Diplomacy", "Diplomatie"),
    "diplomacy_help": (
        "Row: the power declaring. Column: the power it declares toward. Click a cell to switch.",
        "Ligne : le pays qui déclare. Colonne : le pays visé. Cliquer une case pour changer.",
    ),
    "alliance": ("☮ alliance", "☮ alliance"),
    "war": ("⚔ war", "⚔ guerre"),
    "sheet_text": ("Order sheet as text", "Fiche d'ordres en texte"),
    "sheet_text_help": (
        "Type or paste the sheet; the widgets follow, and the other way round.",
        "Tapez ou collez la fiche ; les menus suivent, et inversement.",
    ),
    "checks": ("Checks", "Vérifications"),
    "checks_ok": ("No problem found.", "Aucun problème trouvé."),
    "void_order": ("Void: {order} — {reason}", "Nul : {order} — {reason}"),
    "no_order": (
        "No order for the presence in {territory} (it will hold).",
        "Pas d'ordre pour la présence en {territory} (elle ne fera rien).",
    ),
    "misplaced_header": (
        "“{header}” starts another power's sheet: write it in that power's tab (line ignored)",
        "« {header} » commence la fiche d'un autre pays : l'écrire dans son onglet (ligne ignorée)",
    ),
    "text_error": ("Not understood: {error}", "Non compris : {error}"),
    "resolve": ("Resolve the round", "Résoudre le tour"),
    "resolve_refused": ("Nothing to resolve: the game is over.", "Rien à résoudre : partie finie."),
    "resolved": ("Round {year} resolved.", "Tour {year} résolu."),
    # report
    "report_title": (
        "Round {year}: what to do on the board",
        "Tour {year} : à faire sur le plateau",
    ),
    "remove": ("Remove", "Retirer"),
    "place": ("Place", "Poser"),
    "pins": ("Development pins", "Pions développement"),
    "colonies_founded": ("Colonies founded", "Colonies fondées"),
    "void_orders": ("Void orders", "Ordres nuls"),
    "nothing": ("nothing", "rien"),
    "col_power": ("Power", "Pays"),
    "col_territory": ("Territory", "Territoire"),
    "col_reason": ("Why", "Pourquoi"),
    "col_by": ("How", "Comment"),
    "col_added": ("Pins added", "Pions posés"),
    "col_total": ("Now / spaces", "Total / cases"),
    "col_powers": ("Powers present", "Pays présents"),
    "col_order": ("Order", "Ordre"),
    "by_explore": ("exploration from {source}", "exploration depuis {source}"),
    "by_landing": ("landing", "débarquement"),
    "by_explore_short": ("exploration", "exploration"),
    "no_order_list": ("no order for {names}", "pas d'ordre pour {names}"),
    "summary_counts": (
        "Before resolving: {void} void order(s), {missing} presence(s) without an order.",
        "Avant de résoudre : {void} ordre(s) nul(s), {missing} présence(s) sans ordre.",
    ),
    "by_other": ("{by}", "{by}"),
    "no_report": ("No round resolved yet.", "Aucun tour résolu pour l'instant."),
    # rounds
    "history": ("Resolved rounds", "Tours résolus"),
    "view_round": ("View", "Voir"),
    "viewing_round": ("Showing round {year}", "Affichage du tour {year}"),
    "to_sheets": ("Order sheets", "Fiches d'ordres"),
    "view_current": ("Back to the current round", "Retour au tour en cours"),
    "undo": ("Undo the last resolution", "Annuler la dernière résolution"),
    "undo_round": ("Undo round {year}", "Annuler le tour {year}"),
    "undone": ("Round {year} undone.", "Tour {year} annulé."),
    "nothing_to_undo": ("Nothing to undo.", "Rien à annuler."),
    "scores": ("Scores", "Scores"),
    "col_points": ("Points", "Points"),
    "col_colonies": ("Colonies", "Colonies"),
    "col_presences": ("Presences", "Présences"),
    "col_stock": ("Stock", "Stock"),
    "scoring_note": (
        "Scoring follows a published summary and may differ from your rulebook.",
        "Le décompte suit un résumé publié et peut différer de votre livret de règles.",
    ),
    # map
    "map_title": ("Map", "Carte"),
    "legend": ("Legend", "Légende"),
    "legend_pin": ("pin", "pion"),
    "legend_space": ("empty space", "case vide"),
    "legend_colony": ("colony", "colonie"),
    "legend_removed": ("removed", "retirée"),
    "legend_new": ("new", "nouvelle"),
    "legend_pins_added": ("pins added", "pions posés"),
    "map_details_hint": (
        "Point at or click a territory for its details.",
        "Survolez ou cliquez un territoire pour ses détails.",
    ),
    "details": (
        "{territory}: {coast}; pins {pins}/{spaces}; presences: {presences}{colony}",
        "{territory} : {coast} ; pions {pins}/{spaces} ; présences : {presences}{colony}",
    ),
    "coastal": ("coastal", "côtier"),
    "inland": ("inland", "intérieur"),
    "is_colony": ("; colony", "; colonie"),
    "neighbours": ("neighbours: {names}", "voisins : {names}"),
    "no_geometry": (
        "This board has no drawing: territories are shown on a circle, lines join neighbours.",
        "Cette carte n'a pas de dessin : territoires en cercle, les traits relient les voisins.",
    ),
    "none": ("none", "aucune"),
}

#: English key -> French for the game's own words (used where the core gives English terms).
GAME_TERMS_FR: dict[str, str] = {
    "presence": "présence",
    "development pin": "pion développement",
    "landing": "débarquement",
    "exploration": "exploration",
    "colony": "colonie",
    "alliance": "alliance",
    "war": "guerre",
    "order sheet": "fiche d'ordres",
    "stock": "stock",
}


def t(key: str, lang: str = "en", **values: object) -> str:
    """The interface text ``key`` in ``lang`` ("en" or "fr"), with ``values`` filled in.

    Keys of the shared widgets (the timer) come from :mod:`tabletop.ui.shell.texts`.
    """
    pair = _TEXTS.get(key)
    if pair is None:
        return shell_texts.t(key, lang, **values)
    text = pair[1] if lang == "fr" else pair[0]
    return text.format(**values) if values else text


def keys() -> tuple[str, ...]:
    """Every text key (for tests and translators)."""
    return tuple(_TEXTS)


def power_name(power: str, lang: str = "en") -> str:
    """A power's name in the interface language (French names from the core)."""
    if lang != "fr":
        return power
    from tabletop.games.africa1880.state import POWER_NAMES_FR

    return POWER_NAMES_FR.get(power, power)
