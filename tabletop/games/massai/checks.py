"""Whether an action may be played: :func:`check` gives the refusal report of an illegal action
(the first problem found, with its code and sentence), or ``None``.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.legal import _move_problem, attackable_huts, isolated
from tabletop.games.massai.reports import Refusal, Report, _listed, _player, _refuse, _say
from tabletop.games.massai.state import SETUP_HUTS, Phase, State


def check(state: State, action: Action) -> Report | None:
    """``None`` if ``action`` is legal in ``state``, else the refusal report."""
    if state.phase is Phase.OVER:
        return _refuse(
            action,
            Refusal.GAME_OVER,
            _say("game-over", winner=_player(state.winner or 0)),
            winner=state.winner,
        )
    if action.player not in (0, 1):
        return _refuse(action, Refusal.NO_SUCH_PLAYER, _say("no-such-player"))
    if action.player != state.to_move:
        return _refuse(
            action,
            Refusal.NOT_YOUR_TURN,
            _say(
                "not-your-turn",
                player=_player(action.player),
                to_move=_player(state.to_move),
            ),
            player=action.player,
            to_move=state.to_move,
        )
    if isinstance(action, Setup):
        return _check_setup(state, action)
    if state.phase is Phase.SETUP:
        return _refuse(
            action,
            Refusal.SETUP_FIRST,
            _say("setup-first"),
        )
    if isinstance(action, Build):
        return _check_build(state, action)
    if isinstance(action, Move):
        return _check_move(state, action)
    if isinstance(action, Attack):
        return _check_attack(state, action)
    return _refuse(action, Refusal.UNKNOWN_ACTION, _say("unknown-action", action=repr(action)))


def _off_board(state: State, action: Action, squares: Any) -> Report | None:
    outside = sorted(s for s in squares if not state.board.contains(s))
    if outside:
        return _refuse(
            action,
            Refusal.OFF_BOARD,
            _say(
                "off-board",
                columns=state.options.columns,
                rows=state.options.rows,
                **_listed(outside),
            ),
            squares=outside,
        )
    return None


def _check_setup(state: State, action: Setup) -> Report | None:
    if state.phase is not Phase.SETUP:
        return _refuse(action, Refusal.SETUP_OVER, _say("setup-over"))
    squares = action.squares
    if len(squares) != SETUP_HUTS:
        return _refuse(
            action,
            Refusal.SETUP_COUNT,
            _say("setup-count", huts=SETUP_HUTS, count=len(squares)),
            count=len(squares),
        )
    if len(set(squares)) != len(squares):
        doubled = sorted({s for s in squares if squares.count(s) > 1})
        return _refuse(
            action,
            Refusal.SETUP_DUPLICATE,
            _say("setup-duplicate", **_listed(doubled)),
            squares=doubled,
        )
    refusal = _off_board(state, action, squares)
    if refusal:
        return refusal
    half = state.board.half(action.player)
    outside = sorted(s for s in squares if s not in half)
    if outside:
        rows = state.board.half_rows(action.player)
        return _refuse(
            action,
            Refusal.NOT_OWN_HALF,
            _say(
                "not-own-half",
                player=_player(action.player),
                first_row=rows[0],
                last_row=rows[-1],
                **_listed(outside),
            ),
            squares=outside,
            first_row=rows[0],
            last_row=rows[-1],
        )
    alone = sorted(isolated(state, frozenset(squares)))
    if alone:
        return _refuse(
            action,
            Refusal.SETUP_NOT_TOUCHING,
            _say("setup-not-touching", **_listed(alone)),
            squares=alone,
        )
    return None


def _check_build(state: State, action: Build) -> Report | None:
    player = action.player
    if state.supply(player) == 0:
        return _refuse(
            action,
            Refusal.NO_SUPPLY,
            _say("no-supply"),
        )
    refusal = _off_board(state, action, [action.square])
    if refusal:
        return refusal
    if state.owner(action.square) is not None:
        return _refuse(
            action,
            Refusal.SQUARE_TAKEN,
            _say("square-taken", square=action.square),
            square=action.square,
        )
    if not state.board.neighbours(action.square) & state.huts[player]:
        return _refuse(
            action,
            Refusal.NOT_TOUCHING,
            _say("not-touching", square=action.square, player=_player(player)),
            square=action.square,
        )
    return None


def _check_move(state: State, action: Move) -> Report | None:
    player = action.player
    if state.supply(player) > 0:
        return _refuse(
            action,
            Refusal.MOVE_TOO_EARLY,
            _say("move-too-early", supply=state.supply(player)),
            supply=state.supply(player),
        )
    refusal = _off_board(state, action, [action.origin, action.destination])
    if refusal:
        return refusal
    if action.origin not in state.huts[player]:
        return _refuse(
            action,
            Refusal.NOT_OWN_HUT,
            _say("not-own-hut", player=_player(player), square=action.origin),
            square=action.origin,
        )
    if state.owner(action.destination) is not None:
        return _refuse(
            action,
            Refusal.SQUARE_TAKEN,
            _say("square-taken", square=action.destination),
            square=action.destination,
        )
    problem = _move_problem(state, player, action.origin, action.destination)
    if problem is Refusal.NOT_TOUCHING:
        return _refuse(
            action,
            Refusal.NOT_TOUCHING,
            _say("not-touching-move", square=action.destination, player=_player(player)),
            square=action.destination,
        )
    if problem is Refusal.MOVE_ISOLATES:
        after = (state.huts[player] - {action.origin}) | {action.destination}
        alone = sorted(isolated(state, after))
        return _refuse(
            action,
            Refusal.MOVE_ISOLATES,
            _say(
                "move-isolates",
                origin=action.origin,
                squares=", ".join(alone),
                player=_player(player),
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
        return _refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            _say("target-not-hut", square=action.target, player=_player(defender)),
            square=action.target,
        )
    if action.target not in targets:
        return _refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            _say("target-not-attackable", square=action.target, player=_player(attacker)),
            square=action.target,
        )
    guards = action.guards
    if len(set(guards)) != len(guards):
        doubled = sorted({s for s in guards if guards.count(s) > 1})
        return _refuse(
            action,
            Refusal.GUARD_DUPLICATE,
            _say("guard-duplicate", **_listed(doubled)),
            squares=doubled,
        )
    allowed = state.options.guards_for(len(targets))
    if len(guards) > allowed:
        return _refuse(
            action,
            Refusal.TOO_MANY_GUARDS,
            _say("too-many-guards", attack_points=len(targets), allowed=allowed, count=len(guards)),
            attack_points=len(targets),
            allowed=allowed,
            count=len(guards),
        )
    wrong = sorted(g for g in guards if g not in targets)
    if wrong:
        return _refuse(
            action,
            Refusal.GUARD_NOT_ATTACKABLE,
            _say("guard-not-attackable", player=_player(defender), **_listed(wrong)),
            squares=wrong,
        )
    return None
