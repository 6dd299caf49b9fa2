"""Massai (two architects, huts across a dry river bed): the pure rules core.

The public entry points::

    from tabletop.games.massai import (
        Options, State, new_game, Setup, Build, Move, Attack,
        apply, resolve_attack, attackable_huts, attack_points, guards_allowed,
        parse_action, format_action, GameRecord, load_game, save_game, winning_chain,
    )
"""

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import Board, make_board, other
from tabletop.games.massai.checks import check
from tabletop.games.massai.gamefile import (
    GameFileError,
    GameRecord,
    NothingToUndo,
    default_game_path,
    load_game,
    save_game,
)
from tabletop.games.massai.legal import (
    attack_points,
    attackable_huts,
    guards_allowed,
    has_legal_action,
    legal_builds,
    legal_moves,
    legal_setup_squares,
)
from tabletop.games.massai.notation import NotationError, format_action, parse_action
from tabletop.games.massai.reports import (
    OK,
    AttackOutcome,
    IllegalAction,
    Refusal,
    Report,
    Said,
    Sentence,
    player_name,
)
from tabletop.games.massai.rules import apply, apply_or_raise, resolve_attack, winning_chain
from tabletop.games.massai.state import (
    DEFAULT_GUARD_TABLE,
    HUTS_PER_PLAYER,
    SETUP_HUTS,
    Options,
    OptionsError,
    Phase,
    State,
    WinReason,
    new_game,
    parse_guard_table,
)

__all__ = [
    "Action",
    "Attack",
    "AttackOutcome",
    "Board",
    "Build",
    "DEFAULT_GUARD_TABLE",
    "GameFileError",
    "GameRecord",
    "HUTS_PER_PLAYER",
    "IllegalAction",
    "Move",
    "NotationError",
    "NothingToUndo",
    "OK",
    "Options",
    "OptionsError",
    "Phase",
    "Refusal",
    "Report",
    "SETUP_HUTS",
    "Said",
    "Sentence",
    "Setup",
    "State",
    "WinReason",
    "apply",
    "apply_or_raise",
    "attack_points",
    "attackable_huts",
    "check",
    "default_game_path",
    "format_action",
    "guards_allowed",
    "has_legal_action",
    "legal_builds",
    "legal_moves",
    "legal_setup_squares",
    "load_game",
    "make_board",
    "new_game",
    "other",
    "parse_action",
    "parse_guard_table",
    "player_name",
    "resolve_attack",
    "save_game",
    "winning_chain",
]
