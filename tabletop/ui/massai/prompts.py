"""The Massai page's words for where the game stands: the stage's instruction, the history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.massai.actions import Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.state import State
from tabletop.ui.massai.texts import player_label, t

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


def stage_prompt(ctl: MassaiController) -> str:
    """The big instruction line for the current stage, in the page language."""
    lang, state, stage = ctl.lang, ctl.state, ctl.stage
    name = player_label(ctl.chooser, lang)
    opponent = player_label(other(ctl.chooser), lang)
    if stage == "setup-wait":
        return t("prompt_setup_wait", lang, player=name, other=opponent)
    if stage == "setup-entry":
        rows = state.board.half_rows(state.to_move)
        return t(
            "prompt_setup_entry",
            lang,
            player=name,
            first=rows[0],
            last=rows[-1],
            count=len(ctl.selection),
        )
    if stage == "play":
        if state.supply(state.to_move) > 0:
            return t("prompt_build", lang, player=name)
        if ctl.selection:
            return t("prompt_move_to", lang, player=name, origin=ctl.selection[0])
        return t("prompt_move_from", lang, player=name)
    if stage == "attack-wait":
        return t("prompt_attack_wait", lang, player=name, other=opponent)
    if stage == "attack-target":
        chosen = ctl.selection[0] if ctl.selection else "—"
        return t("prompt_attack_target", lang, player=name, other=opponent, chosen=chosen)
    if stage == "guards-wait":
        return t("prompt_guards_wait", lang, player=name, attacker=opponent)
    if stage == "guards":
        points, allowed = ctl.attack_numbers()
        return t(
            "prompt_guards",
            lang,
            player=name,
            points=points,
            allowed=allowed,
            count=len(ctl.selection),
        )
    if stage == "reveal":
        return t("prompt_reveal", lang)
    winner = state.winner if state.winner is not None else 0
    return t(
        "prompt_over",
        lang,
        player=player_label(winner, lang),
        how=t(f"how_{state.win_reason}", lang),
    )


def history_lines(record: GameRecord, state: State, lang: str) -> list[str]:
    """One line per action, a still secret setup shown without its squares."""
    lines = []
    pending = state.pending_setup is not None
    for number, action in enumerate(record.actions, start=1):
        name = player_label(action.player, lang)
        if isinstance(action, Setup) and pending and number == len(record.actions):
            text = t("secret_setup", lang)
        else:
            text = format_action(action, lang)
        lines.append(f"{number}. " + t("player_action", lang, player=name, action=text))
    return lines


# --- the page's words about the games database ---------------------------------------------
# key -> (English, French, German). Kept here, beside the page's other words, until the
# interface texts move to the catalogs. Placeholders use str.format names; ``player`` is a
# player number (0 or 1), named in the page language when the text is shown.
_STORE_TEXTS: dict[str, tuple[str, str, str]] = {
    "db_stale": (
        "This game changed on another page: it now shows the game as it is; your action was "
        "not applied.",
        "Cette partie a changé sur une autre page : elle montre maintenant la partie telle "
        "qu'elle est ; votre action n'a pas été appliquée.",
        "Diese Partie wurde auf einer anderen Seite geändert: Sie sehen jetzt den aktuellen "
        "Stand; Ihre Aktion wurde nicht ausgeführt.",
    ),
    "db_remote_change": (
        "Another page changed this game: {what}.",
        "Une autre page a changé cette partie : {what}.",
        "Eine andere Seite hat diese Partie geändert: {what}.",
    ),
    "db_remote_back": (
        "an action was taken back",
        "une action a été annulée",
        "ein Zug wurde zurückgenommen",
    ),
    "db_remote_attack": (
        "{player} locked an attack target on another page ✓ (kept hidden).",
        "{player} a verrouillé une cible d'attaque sur une autre page ✓ (gardée secrète).",
        "{player} hat auf einer anderen Seite ein Angriffsziel festgelegt ✓ (bleibt geheim).",
    ),
    "db_remote_cancel": (
        "The attack was cancelled on another page.",
        "L'attaque a été annulée sur une autre page.",
        "Der Angriff wurde auf einer anderen Seite abgebrochen.",
    ),
    "db_setup_locked": (
        "{player}'s setup is locked in ✓ (hidden until both setups are chosen).",
        "L'installation de {player} est verrouillée ✓ (cachée jusqu'à ce que les deux soient "
        "choisies).",
        "Die Aufstellung von {player} ist festgelegt ✓ (verborgen, bis beide gewählt sind).",
    ),
    "db_attack_locked": (
        "{player}'s attack target is locked in ✓ (hidden until the guards are chosen).",
        "La cible d'attaque de {player} est verrouillée ✓ (cachée jusqu'au choix des gardes).",
        "Das Angriffsziel von {player} ist festgelegt ✓ (verborgen, bis die Wachen gewählt sind).",
    ),
    "db_attack_lost": (
        "The attack target {player} locked in could not be kept: {reason}. {player}, announce "
        "the attack again if you still want it.",
        "La cible d'attaque verrouillée par {player} n'a pas pu être gardée : {reason}. "
        "{player}, annoncez de nouveau l'attaque si vous la voulez toujours.",
        "Das von {player} festgelegte Angriffsziel konnte nicht behalten werden: {reason}. "
        "{player}, kündigen Sie den Angriff erneut an, wenn Sie ihn noch wollen.",
    ),
    "db_reason_changed": (
        "the game changed since it was locked (an action was played or taken back)",
        "la partie a changé depuis (une action a été jouée ou annulée)",
        "die Partie hat sich seitdem geändert (ein Zug wurde gespielt oder zurückgenommen)",
    ),
    "db_reason_unreadable": (
        "the kept choice could not be read",
        "le choix gardé est illisible",
        "die gespeicherte Wahl ist unlesbar",
    ),
    "db_reason_target": (
        "the chosen hut can no longer be attacked",
        "la hutte choisie ne peut plus être attaquée",
        "die gewählte Hütte kann nicht mehr angegriffen werden",
    ),
    "db_new_game": (
        "New game started; the previous game stays in the games list.",
        "Nouvelle partie commencée ; la partie précédente reste dans la liste des parties.",
        "Neue Partie begonnen; die vorige Partie bleibt in der Liste der Partien.",
    ),
    "db_opened": (
        "Game “{name}” opened.",
        "Partie « {name} » ouverte.",
        "Partie „{name}“ geöffnet.",
    ),
    "db_imported": (
        "“{name}” imported as a new game.",
        "« {name} » importée comme nouvelle partie.",
        "„{name}“ als neue Partie importiert.",
    ),
    "db_import_refused": (
        "File refused: {error}. The game on the page is unchanged.",
        "Fichier refusé : {error}. La partie affichée n'est pas modifiée.",
        "Datei abgelehnt: {error}. Die angezeigte Partie bleibt unverändert.",
    ),
    "db_import_africa": (
        "{name} is an Africa 1880 game: import it on the Africa 1880 page",
        "{name} est une partie d'Afrique 1880 : importez-la sur la page Afrique 1880",
        "{name} ist eine Partie Afrika 1880: importieren Sie sie auf der Seite Afrika 1880",
    ),
    "db_redone": ("Restored: {what}.", "Rétabli : {what}.", "Wiederhergestellt: {what}."),
    "db_nothing_to_redo": ("Nothing to redo.", "Rien à rétablir.", "Nichts wiederherzustellen."),
    "db_failed": (
        "The games database could not be used: {error}. Nothing was changed.",
        "La base des parties n'a pas pu être utilisée : {error}. Rien n'a été changé.",
        "Die Datenbank der Partien konnte nicht benutzt werden: {error}. Nichts wurde geändert.",
    ),
    "db_unavailable": (
        "The games database cannot be opened: {error}. This game is not kept: it is lost when "
        "the page closes.",
        "La base des parties ne peut pas être ouverte : {error}. Cette partie n'est pas "
        "gardée : elle sera perdue à la fermeture de la page.",
        "Die Datenbank der Partien kann nicht geöffnet werden: {error}. Diese Partie wird "
        "nicht behalten: Sie geht beim Schließen der Seite verloren.",
    ),
    "db_deleted": (
        "This game was deleted on another page: go back to the games list.",
        "Cette partie a été supprimée sur une autre page : revenez à la liste des parties.",
        "Diese Partie wurde auf einer anderen Seite gelöscht: Gehen Sie zur Liste der Partien.",
    ),
    "db_kept_in": (
        "Kept in the games database ({where}) as “{name}”: every action is an entry of its "
        "history.",
        "Gardée dans la base des parties ({where}) sous le nom « {name} » : chaque action est "
        "une entrée de son historique.",
        "In der Datenbank der Partien ({where}) als „{name}“ gespeichert: Jeder Zug ist ein "
        "Eintrag ihres Verlaufs.",
    ),
    "db_not_kept": (
        "Not kept: the games database could not be opened.",
        "Non gardée : la base des parties n'a pas pu être ouverte.",
        "Nicht gespeichert: Die Datenbank der Partien konnte nicht geöffnet werden.",
    ),
    "db_autosaves": (
        "Games kept before the database was used were added to the list: {names}.",
        "Les parties gardées avant la base ont été ajoutées à la liste : {names}.",
        "Die vor der Datenbank gespeicherten Partien wurden der Liste hinzugefügt: {names}.",
    ),
    "redo": ("↷ Redo", "↷ Rétablir", "↷ Wiederherstellen"),
    "all_games": ("☰ All games", "☰ Toutes les parties", "☰ Alle Partien"),
    "upload": (
        "Upload a game file (.json)",
        "Charger un fichier de partie (.json)",
        "Partiedatei hochladen (.json)",
    ),
}
_STORE_LANGS = {"en": 0, "fr": 1, "de": 2}


def _french(text: str) -> str:
    """French typography: a no-break space before : ; ! ? and inside « » (as the other words)."""
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


def is_store_text(key: str) -> bool:
    """Whether ``key`` is one of the database texts of this module."""
    return key in _STORE_TEXTS


def store_text_keys() -> tuple[str, ...]:
    """Every database text key (for tests and translators)."""
    return tuple(_STORE_TEXTS)


def store_text(key: str, lang: str = "en", **values: Any) -> str:
    """The database text ``key`` in ``lang`` (English when the language is not there).

    An ``int`` ``player`` value is named in ``lang`` (``Player 1 (light)``); a ``reason`` or
    ``what`` value that is itself a key of these texts is put in ``lang`` as well.

    >>> store_text("redo", "de")
    '↷ Wiederherstellen'
    >>> store_text("db_attack_locked", "en", player=0)
    "Player 1 (light)'s attack target is locked in ✓ (hidden until the guards are chosen)."
    """
    filled = dict(values)
    if isinstance(filled.get("player"), int):
        filled["player"] = player_label(filled["player"], lang)
    for name in ("reason", "what"):
        value = filled.get(name)
        if isinstance(value, str) and value in _STORE_TEXTS:
            filled[name] = store_text(value, lang)
    line = _STORE_TEXTS[key][_STORE_LANGS.get(lang, 0)]
    if lang == "fr":
        line = _french(line)
    return line.format(**filled) if filled else line
