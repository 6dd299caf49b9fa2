"""Whether an action may be played: :func:`check` gives the refusal report of an illegal action
(the first problem found, with its code and sentence), or ``None``.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.legal import attackable_huts, isolated, move_problem
from tabletop.games.massai.reports import (
    PlayerRef,
    Refusal,
    Report,
    Sentence,
    listed,
    refuse,
    say,
)
from tabletop.games.massai.state import SETUP_HUTS, Phase, State


def check(state: State, action: Action) -> Report | None:
    """``None`` if ``action`` is legal in ``state``, else the refusal report."""
    if state.phase is Phase.OVER:
        return refuse(
            action,
            Refusal.GAME_OVER,
            say(Sentence.GAME_OVER, winner=PlayerRef(state.winner or 0)),
            winner=state.winner,
        )
    if action.player not in (0, 1):
        return refuse(action, Refusal.NO_SUCH_PLAYER, say(Sentence.NO_SUCH_PLAYER))
    if action.player != state.to_move:
        return refuse(
            action,
            Refusal.NOT_YOUR_TURN,
            say(
                Sentence.NOT_YOUR_TURN,
                player=PlayerRef(action.player),
                to_move=PlayerRef(state.to_move),
            ),
            player=action.player,
            to_move=state.to_move,
        )
    if isinstance(action, Setup):
        return _check_setup(state, action)
    if state.phase is Phase.SETUP:
        return refuse(
            action,
            Refusal.SETUP_FIRST,
            say(Sentence.SETUP_FIRST),
        )
    if isinstance(action, Build):
        return _check_build(state, action)
    if isinstance(action, Move):
        return _check_move(state, action)
    if isinstance(action, Attack):
        return _check_attack(state, action)
    return refuse(action, Refusal.UNKNOWN_ACTION, say(Sentence.UNKNOWN_ACTION, action=repr(action)))


def _off_board(state: State, action: Action, squares: Any) -> Report | None:
    outside = sorted(s for s in squares if not state.board.contains(s))
    if outside:
        return refuse(
            action,
            Refusal.OFF_BOARD,
            say(
                Sentence.OFF_BOARD,
                columns=state.options.columns,
                rows=state.options.rows,
                **listed(outside),
            ),
            squares=outside,
        )
    return None


def _check_setup(state: State, action: Setup) -> Report | None:
    if state.phase is not Phase.SETUP:
        return refuse(action, Refusal.SETUP_OVER, say(Sentence.SETUP_OVER))
    squares = action.squares
    if len(squares) != SETUP_HUTS:
        return refuse(
            action,
            Refusal.SETUP_COUNT,
            say(Sentence.SETUP_COUNT, huts=SETUP_HUTS, count=len(squares)),
            count=len(squares),
        )
    if len(set(squares)) != len(squares):
        doubled = sorted({s for s in squares if squares.count(s) > 1})
        return refuse(
            action,
            Refusal.SETUP_DUPLICATE,
            say(Sentence.SETUP_DUPLICATE, **listed(doubled)),
            squares=doubled,
        )
    refusal = _off_board(state, action, squares)
    if refusal:
        return refusal
    half = state.board.half(action.player)
    outside = sorted(s for s in squares if s not in half)
    if outside:
        rows = state.board.half_rows(action.player)
        return refuse(
            action,
            Refusal.NOT_OWN_HALF,
            say(
                Sentence.NOT_OWN_HALF,
                player=PlayerRef(action.player),
                first_row=rows[0],
                last_row=rows[-1],
                **listed(outside),
            ),
            squares=outside,
            first_row=rows[0],
            last_row=rows[-1],
        )
    alone = sorted(isolated(state, frozenset(squares)))
    if alone:
        return refuse(
            action,
            Refusal.SETUP_NOT_TOUCHING,
            say(Sentence.SETUP_NOT_TOUCHING, **listed(alone)),
            squares=alone,
        )
    return None


def _check_build(state: State, action: Build) -> Report | None:
    player = action.player
    if state.supply(player) == 0:
        return refuse(
            action,
            Refusal.NO_SUPPLY,
            say(Sentence.NO_SUPPLY),
        )
    refusal = _off_board(state, action, [action.square])
    if refusal:
        return refusal
    if state.owner(action.square) is not None:
        return refuse(
            action,
            Refusal.SQUARE_TAKEN,
            say(Sentence.SQUARE_TAKEN, square=action.square),
            square=action.square,
        )
    if not state.board.neighbours(action.square) & state.huts[player]:
        return refuse(
            action,
            Refusal.NOT_TOUCHING,
            say(Sentence.NOT_TOUCHING, square=action.square, player=PlayerRef(player)),
            square=action.square,
        )
    return None


def _check_move(state: State, action: Move) -> Report | None:
    player = action.player
    if state.supply(player) > 0:
        return refuse(
            action,
            Refusal.MOVE_TOO_EARLY,
            say(Sentence.MOVE_TOO_EARLY, supply=state.supply(player)),
            supply=state.supply(player),
        )
    refusal = _off_board(state, action, [action.origin, action.destination])
    if refusal:
        return refusal
    if action.origin not in state.huts[player]:
        return refuse(
            action,
            Refusal.NOT_OWN_HUT,
            say(Sentence.NOT_OWN_HUT, player=PlayerRef(player), square=action.origin),
            square=action.origin,
        )
    if state.owner(action.destination) is not None:
        return refuse(
            action,
            Refusal.SQUARE_TAKEN,
            say(Sentence.SQUARE_TAKEN, square=action.destination),
            square=action.destination,
        )
    problem = move_problem(state, player, action.origin, action.destination)
    if problem is Refusal.NOT_TOUCHING:
        return refuse(
            action,
            Refusal.NOT_TOUCHING,
            say(Sentence.NOT_TOUCHING_MOVE, square=action.destination, player=PlayerRef(player)),
            square=action.destination,
        )
    if problem is Refusal.MOVE_ISOLATES:
        after = (state.huts[player] - {action.origin}) | {action.destination}
        alone = sorted(isolated(state, after))
        return refuse(
            action,
            Refusal.MOVE_ISOLATES,
            say(
                Sentence.MOVE_ISOLATES,
                origin=action.origin,
                squares=", ".join(alone),
                player=PlayerRef(player),
            ),
            squares=alone,
        )
    return None


def _check_attack(state: State, action: Attack) -> Report | None:
    attacker = action.player
    defender = other(attacker)
    refusal = _off_board(state, action, [action.target, *action.guards])
    if refusal:
        return refusal
    targets = attackable_huts(state, attacker)
    if action.target not in state.huts[defender]:
        return refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            say(Sentence.TARGET_NOT_HUT, square=action.target, player=PlayerRef(defender)),
            square=action.target,
        )
    if action.target not in targets:
        return refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            say(Sentence.TARGET_NOT_ATTACKABLE, square=action.target, player=PlayerRef(attacker)),
            square=action.target,
        )
    guards = action.guards
    if len(set(guards)) != len(guards):
        doubled = sorted({s for s in guards if guards.count(s) > 1})
        return refuse(
            action,
            Refusal.GUARD_DUPLICATE,
            say(Sentence.GUARD_DUPLICATE, **listed(doubled)),
            squares=doubled,
        )
    allowed = state.options.guards_for(len(targets))
    if len(guards) > allowed:
        return refuse(
            action,
            Refusal.TOO_MANY_GUARDS,
            say(
                Sentence.TOO_MANY_GUARDS,
                attack_points=len(targets),
                allowed=allowed,
                count=len(guards),
            ),
            attack_points=len(targets),
            allowed=allowed,
            count=len(guards),
        )
    wrong = sorted(g for g in guards if g not in targets)
    if wrong:
        return refuse(
            action,
            Refusal.GUARD_NOT_ATTACKABLE,
            say(Sentence.GUARD_NOT_ATTACKABLE, player=PlayerRef(defender), **listed(wrong)),
            squares=wrong,
        )
    return None
