"""Seed the gettext catalogs from the (English, French) tables the code had before the catalogs.

One-off migration tool, kept so the seeding can be checked and re-run: it reads the tuple tables
at a fixed git revision (``--rev``, default the last one before the texts moved) with ``ast``, so
nothing is retyped by hand, and the French texts written inline in the code (report reasons,
score table, command line) from the INLINE list below, copied with named placeholders.
Running it again keeps every translation already in a catalog, and refuses to replace a keys.py
edited by hand since (``--force`` does).

It writes ``tabletop/i18n/keys.py`` (table key -> marked message, the layer the pages' ``t(key)``
calls go through), runs the extract/update steps of tools/i18n_update.py, fills every empty
French msgstr from the tables, and compiles. German is translated by hand in de's .po; running
the seed again keeps every translation already in a catalog.

    .venv/bin/python tools/i18n_seed.py            # keys.py, catalogs, French, compile
    .venv/bin/python tools/i18n_seed.py --check    # only list the tables' collisions
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

REV = "879d568"  # the last commit with every table in its old place


@dataclass
class Entry:
    """One text: where it comes from (table, key), English and French, optional plural."""

    table: str
    key: str
    en: str
    fr: str
    en_plural: str | None = None
    fr_plural: str | None = None
    count: str | int | None = None
    context: str | None = None
    parts: tuple[tuple[str, str], ...] = ()  # (placeholder, key of another entry in the table)


def _source(path: str, rev: str) -> ast.Module:
    text = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return ast.parse(text, filename=path)


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level NAME = "string" assignments (the reason codes)."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    out[target.id] = node.value.value
    return out


def _table(path: str, name: str, rev: str) -> object:
    """The literal value assigned to ``name`` at module level of ``path`` (names resolved)."""
    tree = _source(path, rev)
    names = _constants(tree)
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):

            class Resolve(ast.NodeTransformer):
                def visit_Name(self, n: ast.Name) -> ast.AST:  # noqa: N802 (ast API)
                    return ast.copy_location(ast.Constant(names[n.id]), n)

            return ast.literal_eval(Resolve().visit(value))
    raise LookupError(f"{name} not found in {path} at {rev}")


def _pairs(table: str, path: str, name: str, rev: str) -> list[Entry]:
    pairs = _table(path, name, rev)
    assert isinstance(pairs, dict)
    return [Entry(table, key, en, fr) for key, (en, fr) in pairs.items()]


def _by_lang(table: str, path: str, name: str, rev: str) -> list[Entry]:
    texts = _table(path, name, rev)
    assert isinstance(texts, dict)
    return [Entry(table, key, en, texts["fr"][key]) for key, en in texts["en"].items()]


def _drop(entries: list[Entry], *keys: str) -> None:
    for key in keys:
        entries[:] = [e for e in entries if e.key != key]


def _get(entries: list[Entry], key: str) -> Entry:
    return next(e for e in entries if e.key == key)


def _pluralize(
    entries: list[Entry], one: str, many: str, count: str = "n", many_count: str | int = 2
) -> None:
    """Join a singular/plural pair of keys into one plural message under both keys; a literal
    "1" in the singular becomes the count's placeholder. The old singular key stands for 1; the
    plural key reads the number from ``many_count`` (a placeholder), or stands for 2."""
    a, b = _get(entries, one), _get(entries, many)
    placeholder = "{" + count + "}"
    for e in (a, b):
        e.en, e.en_plural = a.en.replace("1", placeholder, 1) if placeholder in b.en else a.en, b.en
        e.fr, e.fr_plural = a.fr.replace("1", placeholder, 1) if placeholder in b.fr else a.fr, b.fr
    a.count, b.count = 1, many_count


def _s_forms(entry: Entry, count: str) -> None:
    """``PIN{s}`` / ``ordre(s)``: the singular and plural texts of a "(s)" message."""

    def forms(text: str) -> tuple[str, str]:
        return (
            text.replace("{s}", "").replace("(s)", ""),
            text.replace("{s}", "S").replace("(s)", "s"),
        )

    entry.en, entry.en_plural = forms(entry.en)
    entry.fr, entry.fr_plural = forms(entry.fr)
    entry.count = count


# Texts written inline in the code at REV (f-strings and if/else), copied with named
# placeholders: (table, key, English, French[, English plural, French plural, count]).
# An English-only text of the same place got its French here too (marked "new French").
INLINE: list[tuple[str, ...]] = [
    # africa1880/report.py removal_reason
    (
        "report",
        "betrayed",
        "{power} allied with {other} but {other} declared war on {power} "
        "(two presences: the betrayed ally is removed)",
        "{power} a déclaré l'alliance avec {other} mais {other} lui a déclaré la guerre "
        "(deux présences : l'allié trahi est retiré)",
    ),
    (
        "report",
        "outnumbered",
        "{wars} on {power} ({war_names}) against {alliances} ({alliance_names}) from the other "
        "powers present (three or more presences: more wars than alliances removes the presence)",
        "{power} reçoit {wars} ({war_names}) et seulement {alliances} ({alliance_names}) des "
        "autres pays présents (trois présences ou plus : plus de guerres que d'alliances retire "
        "la présence)",
    ),
    (
        "report",
        "outnumbered_no_ally",
        "{wars} on {power} ({war_names}) against {alliances} from the other powers present "
        "(three or more presences: more wars than alliances removes the presence)",
        "{power} reçoit {wars} ({war_names}) et seulement {alliances} des autres pays présents "
        "(trois présences ou plus : plus de guerres que d'alliances retire la présence)",
    ),
    (
        "report",
        "war_declarations",
        "{war_count} war declaration",
        "{war_count} déclaration de guerre",
        "{war_count} war declarations",
        "{war_count} déclarations de guerre",
        "war_count",
    ),
    (
        "report",
        "alliance_declarations",
        "{alliance_count} alliance",
        "{alliance_count} d'alliance",
        "{alliance_count} alliances",
        "{alliance_count} d'alliance",
        "alliance_count",
    ),
    # africa1880/report.py format_score
    (
        "score",
        "rule_points",
        "Points scoring: colony held alone 8, shared colony 3 each, 1 per alliance declared in "
        "the last round.",
        "Décompte aux points : colonie seul 8, colonie partagée 3, alliance déclarée au dernier "
        "tour 1.",
    ),
    (
        "score",
        "rule_colonies",
        "Colony scoring: most colonies wins.",
        "Décompte aux colonies : le plus de colonies gagne.",
    ),
    ("score", "col_power", "Power", "Puissance"),
    ("score", "col_points", "Points", "Points"),
    ("score", "col_colonies", "Colonies", "Colonies"),
    ("score", "col_alone", "alone", "seul"),
    ("score", "col_shared", "shared", "partagées"),
    ("score", "col_alliances", "alliances", "alliances"),
    ("score", "col_presences", "presences", "présences"),
    ("score", "winner", "Winner: {leaders}", "Vainqueur : {leaders}"),
    ("score", "leading", "Leading: {leaders}", "En tête : {leaders}"),
    # africa1880/orders.py void_order suffix, and the fragments adjudicate.py passes in
    (
        "void",
        "did_you_mean",
        "{reason} (did you mean {suggestion}?)",
        "{reason} (vouliez-vous dire {suggestion} ?)",
    ),
    # cli/africa.py check and resolve (undo: new French)
    (
        "cli",
        "sheets_read",
        "Round {round} ({year}): {count} sheet read.",
        "Tour {round} ({year}) : {count} fiche lue.",
        "Round {round} ({year}): {count} sheets read.",
        "Tour {round} ({year}) : {count} fiches lues.",
        "count",
    ),
    (
        "cli",
        "no_sheet",
        "No sheet for {power}: its presences hold, alliance toward everyone.",
        "Pas de fiche pour {power} : ses présences ne font rien, alliance avec tous.",
    ),
    ("cli", "all_executable", "Every order can be executed.", "Tous les ordres sont exécutables."),
    ("cli", "void_count", "Void orders ({count}):", "Ordres nuls ({count}) :"),
    ("cli", "void_line", '{power}: "{order}": {reason}', "{power} : « {order} » : {reason}"),
    (
        "cli",
        "void_line_at",
        '{power} (line {line}): "{order}": {reason}',
        "{power} (ligne {line}) : « {order} » : {reason}",
    ),
    ("cli", "saved", "Saved in {path}.", "Enregistré dans {path}."),
    (
        "cli",
        "undone",
        "Undone: back to round {round} ({year}), before its orders were resolved.",
        "Annulé : retour au tour {round} ({year}), avant la résolution de ses ordres.",
    ),
    # cli/africa.py new, board and errors (English only there: new French)
    (
        "cli",
        "new_game",
        "New Africa 1880 game in {path}: {count} powers, round 1 ({year}).",
        "Nouvelle partie d'Africa 1880 dans {path} : {count} puissances, tour 1 ({year}).",
    ),
    (
        "cli",
        "starting_presences",
        "Starting presences: {starts}.",
        "Présences de départ : {starts}.",
    ),
    ("cli", "power_in", "{power} in {territory}", "{power} en {territory}"),
    (
        "cli",
        "board_summary",
        "{name}: {count} territories, {spaces} development spaces",
        "{name} : {count} territoires, {spaces} cases de développement",
    ),
    ("cli", "board_coast", "coast", "côte"),
    ("cli", "board_inland", "inland", "intérieur"),
    (
        "cli",
        "board_spaces",
        "{spaces} space",
        "{spaces} case",
        "{spaces} spaces",
        "{spaces} cases",
        "spaces",
    ),
    ("cli", "board_no_neighbour", "(none)", "(aucun)"),
    (
        "cli",
        "over_no_check",
        "{game}: the game is over; there is no round to check",
        "{game} : la partie est finie ; il n'y a pas de tour à vérifier",
    ),
    (
        "cli",
        "over_no_resolve",
        "{game}: the game is over; nothing left to resolve (tabletop africa undo steps back one "
        "round)",
        "{game} : la partie est finie ; plus rien à résoudre (tabletop africa undo revient d'un "
        "tour)",
    ),
    (
        "cli",
        "exists",
        "{path} already exists (use --force to replace it)",
        "{path} existe déjà (--force le remplace)",
    ),
    (
        "cli",
        "place_syntax",
        '--place: "{item}" should read POWER=TERRITORY',
        "--place : « {item} » doit s'écrire PUISSANCE=TERRITOIRE",
    ),
    (
        "cli",
        "free_start_needs_place",
        'a free start needs --place with one coastal territory per power, e.g. --place "{example}"',
        "un départ libre demande --place avec un territoire côtier par puissance, par exemple "
        "--place « {example} »",
    ),
    # cli/massai.py (English only there: new French)
    (
        "massai_cli",
        "new_game",
        "New Massai game in {path}: {player}, enter your secret setup.",
        "Nouvelle partie de Massaï dans {path} : {player}, entrez votre installation secrète.",
    ),
    ("massai_cli", "refused", "refused: {message}", "refusé : {message}"),
    (
        "massai_cli",
        "next_setup",
        "Next: {player}, enter your secret setup (five huts in your half).",
        "Ensuite : {player}, entrez votre installation secrète (cinq huttes dans votre moitié).",
    ),
    ("massai_cli", "has_won", "{player} has won.", "{player} a gagné."),
    ("massai_cli", "next_build", "Next: {player} to build.", "Ensuite : {player} construit."),
    ("massai_cli", "next_move", "Next: {player} to move.", "Ensuite : {player} déplace."),
    (
        "massai_cli",
        "next_build_or_attack",
        "Next: {player} to build, or attack ({points_text}, {allowed_text} allowed).",
        "Ensuite : {player} construit, ou attaque ({points_text}, {allowed_text} permis).",
    ),
    (
        "massai_cli",
        "next_move_or_attack",
        "Next: {player} to move, or attack ({points_text}, {allowed_text} allowed).",
        "Ensuite : {player} déplace, ou attaque ({points_text}, {allowed_text} permis).",
    ),
    (
        "massai_cli",
        "attack_points",
        "{attack_points} attack point",
        "{attack_points} point d'attaque",
        "{attack_points} attack points",
        "{attack_points} points d'attaque",
        "attack_points",
    ),
    (
        "massai_cli",
        "guards_allowed",
        "{allowed} guard",
        "{allowed} garde",
        "{allowed} guards",
        "{allowed} gardes",
        "allowed",
    ),
    (
        "massai_cli",
        "supply_line",
        "{player} ({mark}): {board} on the board, {supply} in supply",
        "{player} ({mark}) : {board} sur le plateau, {supply} en réserve",
    ),
    (
        "massai_cli",
        "secret_setup_entered",
        "{player} has entered a secret setup (hidden).",
        "{player} a entré une installation secrète (cachée).",
    ),
    (
        "massai_cli",
        "winner_connection",
        "Winner: {player} (joined the two banks).",
        "Vainqueur : {player} (a relié les deux rives).",
    ),
    (
        "massai_cli",
        "winner_elimination",
        "Winner: {player} (left no enemy hut).",
        "Vainqueur : {player} (plus aucune hutte adverse).",
    ),
    ("massai_cli", "undone", "Undone: {player}'s {action}.", "Annulé : {action} de {player}."),
    (
        "massai_cli",
        "undone_setup",
        "Undone: {player}'s secret setup.",
        "Annulé : l'installation secrète de {player}.",
    ),
    (
        "massai_cli",
        "nothing_to_undo",
        "nothing to undo: no action has been played yet",
        "rien à annuler : aucune action n'a encore été jouée",
    ),
    (
        "massai_cli",
        "exists",
        "{path} already exists (use --force to replace it)",
        "{path} existe déjà (--force le remplace)",
    ),
    # games/massai/rules.py (English only there: new French; the pages' shorter refusals are in
    # the massai table)
    ("massai_rules", "player_name", "Player {number}", "Joueur {number}"),
    (
        "massai_rules",
        "game-over",
        "The game is over: {winner} has won.",
        "La partie est terminée : {winner} a gagné.",
    ),
    (
        "massai_rules",
        "no-such-player",
        "There are only players 1 and 2.",
        "Il n'y a que les joueurs 1 et 2.",
    ),
    (
        "massai_rules",
        "not-your-turn",
        "It is not {player}'s turn: {to_move} is to play.",
        "Ce n'est pas le tour de {player} : {to_move} doit jouer.",
    ),
    (
        "massai_rules",
        "setup-first",
        "The game starts with the secret setups of five huts each.",
        "La partie commence par les installations secrètes de cinq huttes chacune.",
    ),
    ("massai_rules", "unknown-action", "Unknown action {action}.", "Action inconnue {action}."),
    (
        "massai_rules",
        "off-board",
        "{squares} is not on the {columns}×{rows} board.",
        "{squares} n'est pas sur le plateau de {columns}×{rows}.",
        "{squares} are not on the {columns}×{rows} board.",
        "{squares} ne sont pas sur le plateau de {columns}×{rows}.",
        "count",
    ),
    (
        "massai_rules",
        "setup-over",
        "The setup is over: both setups are on the board.",
        "L'installation est terminée : les deux installations sont sur le plateau.",
    ),
    (
        "massai_rules",
        "setup-count",
        "A setup has exactly {huts} huts, not {count}.",
        "Une installation compte exactement {huts} huttes, pas {count}.",
    ),
    (
        "massai_rules",
        "setup-duplicate",
        "Each setup hut needs its own square: {squares} is named twice.",
        "Chaque hutte de départ a sa propre case : {squares} est nommée deux fois.",
        "Each setup hut needs its own square: {squares} are named twice.",
        "Chaque hutte de départ a sa propre case : {squares} sont nommées deux fois.",
        "count",
    ),
    (
        "massai_rules",
        "not-own-half",
        "{squares} is not in {player}'s half (rows {first_row}–{last_row}).",
        "{squares} n'est pas dans la moitié de {player} (rangées {first_row} à {last_row}).",
        "{squares} are not in {player}'s half (rows {first_row}–{last_row}).",
        "{squares} ne sont pas dans la moitié de {player} (rangées {first_row} à {last_row}).",
        "count",
    ),
    (
        "massai_rules",
        "setup-not-touching",
        "Every setup hut must touch another of the five: {squares} touches none.",
        "Chaque hutte de départ doit en toucher une autre des cinq : {squares} n'en touche aucune.",
        "Every setup hut must touch another of the five: {squares} touch none.",
        "Chaque hutte de départ doit en toucher une autre des cinq : {squares} n'en touchent "
        "aucune.",
        "count",
    ),
    (
        "massai_rules",
        "no-supply",
        "No hut left in supply: all 15 are on the board, so move one instead.",
        "Plus de hutte en réserve : les 15 sont sur le plateau, déplacez-en une.",
    ),
    ("massai_rules", "square-taken", "{square} is taken.", "{square} est occupée."),
    (
        "massai_rules",
        "not-touching",
        "{square} touches none of {player}'s huts.",
        "{square} ne touche aucune hutte de {player}.",
    ),
    (
        "massai_rules",
        "not-touching-move",
        "{square} would touch none of {player}'s other huts.",
        "{square} ne toucherait aucune autre hutte de {player}.",
    ),
    (
        "massai_rules",
        "move-too-early",
        "Huts move only once all 15 are on the board ({supply} still in supply): build instead.",
        "On ne déplace qu'une fois les 15 huttes posées ({supply} encore en réserve) : "
        "construisez.",
    ),
    (
        "massai_rules",
        "not-own-hut",
        "There is no hut of {player} on {square}.",
        "Il n'y a pas de hutte de {player} en {square}.",
    ),
    (
        "massai_rules",
        "move-isolates",
        "Moving {origin} would leave {squares} touching none of {player}'s huts.",
        "Déplacer {origin} laisserait {squares} sans aucune hutte voisine de {player}.",
    ),
    (
        "massai_rules",
        "target-not-hut",
        "{square} is not a hut of {player}.",
        "{square} n'est pas une hutte de {player}.",
    ),
    (
        "massai_rules",
        "target-not-attackable",
        "{square} touches none of {player}'s huts, so it cannot be attacked.",
        "{square} ne touche aucune hutte de {player} : elle ne peut pas être attaquée.",
    ),
    (
        "massai_rules",
        "guard-duplicate",
        "A hut takes one guard at most: {squares} is named twice.",
        "Une hutte reçoit un garde au plus : {squares} est nommée deux fois.",
        "A hut takes one guard at most: {squares} are named twice.",
        "Une hutte reçoit un garde au plus : {squares} sont nommées deux fois.",
        "count",
    ),
    (
        "massai_rules",
        "too-many-guards",
        "{points_text} allow {allowed_text}, not {count}.",
        "{points_text} permettent {allowed_text}, pas {count}.",
    ),
    (
        "massai_rules",
        "attack_points",
        "{attack_points} attack point",
        "{attack_points} point d'attaque",
        "{attack_points} attack points",
        "{attack_points} points d'attaque",
        "attack_points",
    ),
    (
        "massai_rules",
        "guards_allowed",
        "{allowed} guard",
        "{allowed} garde",
        "{allowed} guards",
        "{allowed} gardes",
        "allowed",
    ),
    (
        "massai_rules",
        "guard-not-attackable",
        "Guards go only on {player}'s huts that could be attacked; {squares} is not one.",
        "Les gardes ne vont que sur les huttes de {player} qui pourraient être attaquées ; "
        "{squares} n'en est pas une.",
        "Guards go only on {player}'s huts that could be attacked; {squares} are not.",
        "Les gardes ne vont que sur les huttes de {player} qui pourraient être attaquées ; "
        "{squares} n'en sont pas.",
        "count",
    ),
    ("massai_rules", "wins", "{player} wins: {how}.", "{player} gagne : {how}."),
    (
        "massai_rules",
        "how_connection",
        "their huts join the two banks",
        "ses huttes relient les deux rives",
    ),
    ("massai_rules", "how_elimination", "{loser} has no hut left", "{loser} n'a plus de hutte"),
    (
        "massai_rules",
        "attacks",
        "{player} attacks {target} ({points_text}, {allowed_text} allowed; guards on {guards}).",
        "{player} attaque {target} ({points_text}, {allowed_text} permis ; gardes sur {guards}).",
    ),
    (
        "massai_rules",
        "attacks_no_guard",
        "{player} attacks {target} ({points_text}, {allowed_text} allowed; no guard).",
        "{player} attaque {target} ({points_text}, {allowed_text} permis ; aucun garde).",
    ),
    (
        "massai_rules",
        "guarded",
        "{target} was guarded and stays;",
        "{target} était gardée et reste ;",
    ),
    (
        "massai_rules",
        "loses",
        "{player} loses the huts touching it: {lost}.",
        "{player} perd les huttes qui la touchent : {lost}.",
    ),
    (
        "massai_rules",
        "becomes",
        "{target} was not guarded: it becomes a hut of {attacker};",
        "{target} n'était pas gardée : elle devient une hutte de {attacker} ;",
    ),
    (
        "massai_rules",
        "removed_no_supply",
        "{target} was not guarded: it is removed ({attacker} has no hut in supply to put there);",
        "{target} n'était pas gardée : elle est retirée ({attacker} n'a plus de hutte en réserve "
        "pour l'y mettre) ;",
    ),
    # ui/analysis_lesson.py (English only there: new French)
    ("lesson", "pareto_star", "★ Pareto optimal", "★ optimal au sens de Pareto"),
    ("lesson", "not_pareto", "(not Pareto optimal)", "(pas optimal au sens de Pareto)"),
    ("lesson", "pure_equilibria", "Pure Nash equilibria:", "Équilibres de Nash purs :"),
    (
        "lesson",
        "egypt_full",
        "Egypt fully developed (colony possible)",
        "Égypte entièrement développée (colonie possible)",
    ),
    ("lesson", "colony_weight", "Colony weight", "Poids d'une colonie"),
    ("lesson", "payoff", "Payoff", "Gain"),
    ("lesson", "position", "Position", "Position"),
    ("lesson", "guards", "Guards", "Gardes"),
    (
        "lesson",
        "declared_relations",
        "<b>Declared relations</b> (press to declare war):",
        "<b>Relations déclarées</b> (appuyez pour déclarer la guerre) :",
    ),
    (
        "lesson",
        "preset_congo",
        "Three powers in Congo (not full)",
        "Trois puissances au Congo (pas plein)",
    ),
    (
        "lesson",
        "preset_congo_full",
        "Three powers in a full Congo",
        "Trois puissances dans un Congo plein",
    ),
    (
        "lesson",
        "preset_ring",
        "A ring of two-power territories, Kamerun full",
        "Un anneau de territoires à deux puissances, Cameroun plein",
    ),
    ("lesson", "preset_two_huts", "Two attackable huts", "Deux huttes attaquables"),
    ("lesson", "preset_three_huts", "Three attackable huts", "Trois huttes attaquables"),
    (
        "lesson",
        "preset_wide",
        "A wide front: six attackable huts",
        "Un large front : six huttes attaquables",
    ),
    ("lesson", "table_default", "default: min(4, points - 1)", "par défaut : min(4, points - 1)"),
    ("lesson", "table_stingy", "stingy: one guard fewer", "avare : un garde de moins"),
    ("lesson", "table_generous", "generous: as many as points", "généreuse : autant que de points"),
    # the separator of tabletop.i18n.colon / label_value
    ("punctuation", "label_value", "{label}: {value}", "{label} : {value}"),
]

# Adjudicate.py's fragments of two reasons, at REV: each variant becomes a whole sentence.
_WHEN = {
    "landing_occupied_start": ("at the start of the round", "au début du tour"),
    "landing_occupied_reading": ("when this sheet was read", "à la lecture de cette fiche"),
}
_ALPHABETICAL = (
    " (explorations are carried out in alphabetical order of their targets)",
    " (les explorations sont exécutées dans l'ordre alphabétique des territoires visés)",
)


def collect(rev: str = REV) -> list[Entry]:
    """Every text, table by table, with the old keys."""
    africa = _pairs("africa", "tabletop/ui/i18n.py", "_TEXTS", rev)
    terms = _table("tabletop/ui/i18n.py", "GAME_TERMS_FR", rev)
    assert isinstance(terms, dict)
    africa_terms = [Entry("terms", key, key, fr) for key, fr in terms.items()]
    massai = _pairs("massai", "tabletop/ui/massai_i18n.py", "_TEXTS", rev)
    analysis = _by_lang("analysis", "tabletop/ui/analysis_panels.py", "TEXTS", rev)
    report = _by_lang("report", "tabletop/games/africa1880/report.py", "_TEXT", rev)
    for name in ("SCORING_NOTE", "SCORING_NOTE_FR"):
        assert isinstance(_table("tabletop/games/africa1880/report.py", name, rev), str)
    report.append(
        Entry(
            "report",
            "scoring_note",
            str(_table("tabletop/games/africa1880/report.py", "SCORING_NOTE", rev)),
            str(_table("tabletop/games/africa1880/report.py", "SCORING_NOTE_FR", rev)),
        )
    )
    void = _pairs("void", "tabletop/games/africa1880/orders.py", "REASONS", rev)

    # Plurals: pairs of keys become one message; "(s)" and "{s}" texts get their two forms.
    _pluralize(analysis, "targets_one", "targets_many", many_count="n")
    _pluralize(analysis, "guards_1", "guards_n", many_count="n")
    _pluralize(analysis, "count_one", "count_many", many_count="n")
    for key in ("x_setup-duplicate", "x_setup-not-touching", "x_guard-duplicate"):
        _pluralize(massai, key, f"{key}_many", "count")
    _s_forms(_get(report, "pins_line"), "added")
    # "{void} void order(s), {missing} presence(s) without an order": one frame, two plurals.
    summary = _get(africa, "summary_counts")
    summary.en = "Before resolving: {void_text}, {missing_text}."
    summary.fr = "Avant de résoudre : {void_text}, {missing_text}."
    summary.parts = (("void_text", "summary_void"), ("missing_text", "summary_missing"))
    africa.append(
        Entry(
            "africa",
            "summary_void",
            "{void} void order",
            "{void} ordre nul",
            "{void} void orders",
            "{void} ordres nuls",
            "void",
        )
    )
    africa.append(
        Entry(
            "africa",
            "summary_missing",
            "{missing} presence without an order",
            "{missing} présence sans ordre",
            "{missing} presences without an order",
            "{missing} présences sans ordre",
            "missing",
        )
    )
    # Reasons completed by a fragment in adjudicate.py become one sentence per variant.
    occupied = _get(void, "landing_occupied")
    for key, (when, when_fr) in _WHEN.items():
        void.append(
            Entry(
                "void",
                key,
                occupied.en.replace("{when}", when),
                occupied.fr.replace("{when_fr}", when_fr),
            )
        )
    pawn = _get(void, "no_pawn_left")
    void.append(
        Entry(
            "void",
            "no_pawn_left_explore",
            pawn.en.replace("{alphabetical}", _ALPHABETICAL[0]),
            pawn.fr.replace("{alphabetical_fr}", _ALPHABETICAL[1]),
        )
    )
    pawn.en, pawn.fr = (
        pawn.en.replace("{alphabetical}", ""),
        pawn.fr.replace("{alphabetical_fr}", ""),
    )
    _drop(void, "landing_occupied")

    inline = []
    for row in INLINE:
        table, key, en, fr, *plural = row
        entry = Entry(table, key, en, fr)
        if plural:
            entry.en_plural, entry.fr_plural, entry.count = plural
        inline.append(entry)
    for key in ("outnumbered", "outnumbered_no_ally"):
        e = next(x for x in inline if x.key == key)
        e.parts = (("wars", "war_declarations"), ("alliances", "alliance_declarations"))
    for table, key in (
        ("massai_rules", "too-many-guards"),
        ("massai_rules", "attacks"),
        ("massai_rules", "attacks_no_guard"),
        ("massai_cli", "next_build_or_attack"),
        ("massai_cli", "next_move_or_attack"),
    ):
        e = next(x for x in inline if x.table == table and x.key == key)
        e.parts = (("points_text", "attack_points"), ("allowed_text", "guards_allowed"))
    for e in inline:
        if e.table == "punctuation":
            e.context = "punctuation"  # as tabletop.i18n.formatting asks for it
    # The score columns share English words with other tables but are one table's headers.
    for e in inline:
        if e.table == "score" and e.key.startswith("col_"):
            e.context = "score table"
    return africa + africa_terms + massai + analysis + report + void + inline


def _french_plain(text: str) -> str:
    """Catalogs hold ordinary spaces; tabletop.i18n.typography puts the no-break ones back."""
    return text.replace("\u00a0", " ")


def assign_contexts(entries: list[Entry]) -> list[str]:
    """A msgctxt where equal English texts have different French ones (else they share one
    message). Returns the collisions, for the record."""
    by_id: dict[tuple[str | None, str, str | None], set[str]] = {}
    for e in entries:
        by_id.setdefault((e.context, e.en, e.en_plural), set()).add(_french_plain(e.fr))
    notes = []
    for (ctx, en, plural), french in by_id.items():
        if len(french) > 1:
            for e in entries:
                if (e.context, e.en, e.en_plural) == (ctx, en, plural):
                    e.context = f"{e.table}.{e.key}"
            notes.append(f"{en!r}: {sorted(french)}")
    return notes


def _marker(e: Entry) -> str:
    if e.en_plural is None:
        return f"NP_({e.context!r}, {e.en!r})" if e.context else f"N_({e.en!r})"
    if e.context:
        return f"NNP_({e.context!r}, {e.en!r}, {e.en_plural!r}, {e.count!r})"
    return f"NN_({e.en!r}, {e.en_plural!r}, {e.count!r})"


KEYS_HEADER = '''"""Table key -> message: what the pages' ``t(key, lang, **values)`` calls look up.

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
'''

KEYS_FOOTER = '''

def text(table: str, key: str, /, lang: str = "en", **values: Any) -> str:
    """The message ``key`` of ``table`` in ``lang``, with ``values`` filled in."""
    return TABLES[table][key].render(lang, **values)
'''


def write_keys(entries: list[Entry], path: Path) -> None:
    tables: dict[str, list[Entry]] = {}
    for e in entries:
        tables.setdefault(e.table, []).append(e)
    out = [KEYS_HEADER]
    for table, items in tables.items():
        out.append(f"\n{table.upper()}: dict[str, Msg] = {{")
        for e in items:
            value = _marker(e)
            if e.parts:
                parts = ", ".join(f"{name}={table.upper()}[{ref!r}]" for name, ref in e.parts)
                # parts refer to entries above in the same table: filled in after the dict
                out.append(f"    {e.key!r}: {value},  # parts: {parts}")
            else:
                out.append(f"    {e.key!r}: {value},")
        out.append("}")
        for e in items:
            if e.parts:
                parts = ", ".join(f"{name}={table.upper()}[{ref!r}]" for name, ref in e.parts)
                out.append(
                    f"{table.upper()}[{e.key!r}] = {table.upper()}[{e.key!r}].with_parts({parts})"
                )
    out.append("\n#: Every table by name.")
    out.append("TABLES: dict[str, dict[str, Msg]] = {")
    out.extend(f"    {table!r}: {table.upper()}," for table in tables)
    out.append("}")
    out.append(KEYS_FOOTER)
    path.write_text("\n".join(out), encoding="utf-8")


def fill_french(entries: list[Entry], po_path: Path) -> int:
    """Fill the empty French msgstrs of ``po_path`` from the tables; returns how many."""
    from babel.messages.pofile import read_po, write_po

    with po_path.open("rb") as f:
        catalog = read_po(f, locale="fr")
    filled = 0
    for e in entries:
        msgid: str | tuple[str, str] = e.en if e.en_plural is None else (e.en, e.en_plural)
        message = catalog.get(msgid, context=e.context)
        if message is None:
            raise LookupError(f"not extracted: {e.table}.{e.key} {e.en!r}")
        # pybabel update guesses a fuzzy translation from a similar text: the table knows better.
        guessed = message.fuzzy
        if e.en_plural is None:
            if not message.string or guessed:
                message.string = _french_plain(e.fr)
                filled += 1
        elif guessed or not any(message.string if isinstance(message.string, tuple) else ()):
            assert e.fr_plural is not None
            message.string = (_french_plain(e.fr), _french_plain(e.fr_plural))
            filled += 1
        message.flags.discard("fuzzy")
    with po_path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False)
    return filled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=REV, help=f"git revision of the old tables ({REV})")
    parser.add_argument("--check", action="store_true", help="only report collisions")
    parser.add_argument("--force", action="store_true", help="replace an edited keys.py")
    args = parser.parse_args(argv)
    entries = collect(args.rev)
    notes = assign_contexts(entries)
    print(f"{len(entries)} table entries; equal English, different French (msgctxt added):")
    for note in notes:
        print(f"  {note}")
    if args.check:
        return 0
    import i18n_update

    keys = ROOT / "tabletop" / "i18n" / "keys.py"
    before = keys.read_text(encoding="utf-8") if keys.exists() else None
    write_keys(entries, keys)
    for fix in (["check", "--fix", "-q"], ["format", "-q"]):
        subprocess.run([sys.executable, "-m", "ruff", *fix, str(keys)], cwd=ROOT, check=False)
    if before is not None and keys.read_text(encoding="utf-8") != before and not args.force:
        # keys.py is edited by hand once the pages use it: never lose those edits silently.
        keys.write_text(before, encoding="utf-8")
        print(f"{keys} was edited since it was seeded; kept as it is (--force replaces it)")
        return 1
    i18n_update.extract()
    i18n_update.update()
    filled = fill_french(entries, i18n_update.po_path("fr"))
    print(f"French: {filled} msgstr filled from the tables")
    i18n_update.compile_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
