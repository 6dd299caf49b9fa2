"""Massai (two architects, huts across a dry river bed): the pure rules core.

The public entry points::

    from tabletop.games.massai import (
        Options, State, new_game, Setup, Build, Move, Attack,
        apply, resolve_attack, attackable_huts, attack_points, guards_allowed,
        parse_action, format_action, GameRecord, load_game, save_game, winning_chain,
    )
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
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

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "Action": "tabletop.games.massai.actions",
        "Attack": "tabletop.games.massai.actions",
        "Build": "tabletop.games.massai.actions",
        "Move": "tabletop.games.massai.actions",
        "Setup": "tabletop.games.massai.actions",
        "Board": "tabletop.games.massai.board",
        "make_board": "tabletop.games.massai.board",
        "other": "tabletop.games.massai.board",
        "check": "tabletop.games.massai.checks",
        "GameFileError": "tabletop.games.massai.gamefile",
        "GameRecord": "tabletop.games.massai.gamefile",
        "NothingToUndo": "tabletop.games.massai.gamefile",
        "default_game_path": "tabletop.games.massai.gamefile",
        "load_game": "tabletop.games.massai.gamefile",
        "save_game": "tabletop.games.massai.gamefile",
        "attack_points": "tabletop.games.massai.legal",
        "attackable_huts": "tabletop.games.massai.legal",
        "guards_allowed": "tabletop.games.massai.legal",
        "has_legal_action": "tabletop.games.massai.legal",
        "legal_builds": "tabletop.games.massai.legal",
        "legal_moves": "tabletop.games.massai.legal",
        "legal_setup_squares": "tabletop.games.massai.legal",
        "NotationError": "tabletop.games.massai.notation",
        "format_action": "tabletop.games.massai.notation",
        "parse_action": "tabletop.games.massai.notation",
        "OK": "tabletop.games.massai.reports",
        "AttackOutcome": "tabletop.games.massai.reports",
        "IllegalAction": "tabletop.games.massai.reports",
        "Refusal": "tabletop.games.massai.reports",
        "Report": "tabletop.games.massai.reports",
        "Said": "tabletop.games.massai.reports",
        "Sentence": "tabletop.games.massai.reports",
        "player_name": "tabletop.games.massai.reports",
        "apply": "tabletop.games.massai.rules",
        "apply_or_raise": "tabletop.games.massai.rules",
        "resolve_attack": "tabletop.games.massai.rules",
        "winning_chain": "tabletop.games.massai.rules",
        "DEFAULT_GUARD_TABLE": "tabletop.games.massai.state",
        "HUTS_PER_PLAYER": "tabletop.games.massai.state",
        "SETUP_HUTS": "tabletop.games.massai.state",
        "Options": "tabletop.games.massai.state",
        "OptionsError": "tabletop.games.massai.state",
        "Phase": "tabletop.games.massai.state",
        "State": "tabletop.games.massai.state",
        "WinReason": "tabletop.games.massai.state",
        "new_game": "tabletop.games.massai.state",
        "parse_guard_table": "tabletop.games.massai.state",
    },
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
