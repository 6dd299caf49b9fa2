"""Massai rules: legality helpers and the pure ``apply(state, action) -> (state, report)``.

An illegal action is never an exception: ``apply`` returns the state unchanged and a report with
``ok=False``, a reason ``code`` and a sentence for people. Decisions where the published rules are
silent (see docs/massai.md):

* the first player starts the play once both setups are revealed;
* an unguarded target becomes an attacker hut only if the attacker still has a hut in supply;
* removed huts go back to their owner's supply;
* a defender may use fewer guards than allowed;
* if both players meet a winning condition after the same action (only possible from positions
  that ordinary play cannot reach), the player who took the action wins;
* no pass: in play a player always has a build, a move or an attack (argued in the docs,
  checked by a property test with ``has_legal_action``).

This module resolves actions; the rest has modules of its own:
:mod:`~tabletop.games.massai.reports` (refusal codes, sentences, reports),
:mod:`~tabletop.games.massai.legal` (the legal choices of a position) and
:mod:`~tabletop.games.massai.checks` (:func:`check`, why an action is refused).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.checks import check
from tabletop.games.massai.legal import (
    attack_points,
)
from tabletop.games.massai.reports import (
    OK,
    AttackOutcome,
    IllegalAction,
    PlayerRef,
    Report,
    Said,
    SaidValue,
    Sentence,
    SquareList,
    SquaresByPlayer,
    say,
)
from tabletop.games.massai.state import Phase, State, WinReason

__all__ = [
    "apply",
    "apply_or_raise",
    "resolve_attack",
    "winning_chain",
]


def _winner(state: State, actor: int) -> tuple[int | None, WinReason | None]:
    """Who wins in ``state`` (checked for both players) and why; the actor wins a tie."""
    board = state.board
    reasons: dict[int, WinReason] = {}
    for player in (0, 1):
        if board.joins_banks(state.huts[player]):
            reasons[player] = WinReason.CONNECTION
        elif not state.huts[other(player)]:
            reasons[player] = WinReason.ELIMINATION
    if not reasons:
        return None, None
    winner = actor if actor in reasons else next(iter(reasons))
    return winner, reasons[winner]


def winning_chain(state: State, player: int) -> tuple[str, ...]:
    """The squares of one chain of ``player``'s touching huts that joins the two banks.

    Touching follows the board's option (8 or 4), as for every other rule. The squares come in
    board order (row by row from row 1). When several chains join the banks, the one holding
    the square that comes first in board order is given; when none does, the tuple is empty.
    Works on any position, whether or not the game has been declared over.
    """
    board = state.board
    first, last = board.bank(1), board.bank(board.rows)
    joining = [g for g in board.groups(state.huts[player]) if g & first and g & last]
    if not joining:
        return ()
    order = {square: index for index, square in enumerate(board.squares)}
    chain = min(joining, key=lambda group: min(order[s] for s in group))
    return tuple(sorted(chain, key=order.__getitem__))


def _finish(
    before: State, after: State, action: Action, said: Said | list[Said], **extra: Any
) -> tuple[State, Report]:
    """Advance the turn, detect a winner, and build the success report."""
    said = [said] if isinstance(said, Said) else list(said)
    after = replace(after, turn=before.turn + 1)
    winner, reason = (None, None)
    if after.phase is Phase.PLAY:
        winner, reason = _winner(after, action.player)
    if winner is not None:
        after = replace(after, phase=Phase.OVER, winner=winner, win_reason=reason)
        how = (
            say(Sentence.HOW_CONNECTION)
            if reason is WinReason.CONNECTION
            else say(Sentence.HOW_ELIMINATION, loser=PlayerRef(other(winner)))
        )
        said.append(say(Sentence.WINS, player=PlayerRef(winner), how=how))
    report = Report(
        action=action,
        ok=True,
        code=OK,
        said=tuple(said),
        winner=winner,
        win_reason=reason,
        **extra,
    )
    return after, report


def apply(state: State, action: Action) -> tuple[State, Report]:
    """Play ``action`` in ``state``: ``(new state, report)``; a refusal leaves it unchanged."""
    refusal = check(state, action)
    if refusal is not None:
        return state, refusal
    player = action.player
    name = PlayerRef(player)
    if isinstance(action, Setup):
        squares = frozenset(action.squares)
        if state.pending_setup is None:
            after = replace(state, pending_setup=squares, to_move=other(player))
            return _finish(state, after, action, say(Sentence.SETUP_CHOSEN, player=name))
        first = state.pending_setup
        after = replace(
            state, huts=(first, squares), pending_setup=None, phase=Phase.PLAY, to_move=0
        )
        placed = tuple((0, s) for s in sorted(first)) + tuple((1, s) for s in sorted(squares))
        return _finish(
            state,
            after,
            action,
            say(
                Sentence.SETUPS_REVEALED,
                first=PlayerRef(0),
                first_squares=SquareList.of(first),
                second=PlayerRef(1),
                second_squares=SquareList.of(squares),
            ),
            placed=placed,
        )
    if isinstance(action, Build):
        after = state.with_huts(player, state.huts[player] | {action.square})
        after = replace(after, to_move=other(player))
        return _finish(
            state,
            after,
            action,
            say(Sentence.BUILDS, player=name, square=action.square),
            placed=((player, action.square),),
        )
    if isinstance(action, Move):
        huts = (state.huts[player] - {action.origin}) | {action.destination}
        after = replace(state.with_huts(player, huts), to_move=other(player))
        return _finish(
            state,
            after,
            action,
            say(Sentence.MOVES, player=name, origin=action.origin, destination=action.destination),
            placed=((player, action.destination),),
            removed=((player, action.origin),),
        )
    return _resolve(state, action)


def _resolve(state: State, action: Attack) -> tuple[State, Report]:
    """Reveal a legal attack and apply its consequences."""
    attacker, defender, target = action.player, other(action.player), action.target
    board = state.board
    points = attack_points(state, attacker)
    allowed = state.options.guards_for(points)
    guarded = target in action.guards
    huts = [set(state.huts[0]), set(state.huts[1])]
    removed_touching: list[tuple[int, str]] = []
    placed: list[tuple[int, str]] = []
    replaced = False
    if guarded:
        for hut in sorted(board.neighbours(target) & huts[attacker]):
            huts[attacker].discard(hut)
            removed_touching.append((attacker, hut))
    else:
        huts[defender].discard(target)
        # The supply check uses the count before the target is replaced.
        if state.supply(attacker) > 0:
            huts[attacker].add(target)
            placed.append((attacker, target))
            replaced = True
        for hut in sorted(board.neighbours(target) & huts[defender]):
            huts[defender].discard(hut)
            removed_touching.append((defender, hut))
    # Isolated huts of both colours go; removing an isolated hut never isolates another of its
    # colour (it touched none), so one pass is enough.
    removed_isolated: list[tuple[int, str]] = []
    for player in (attacker, defender):
        for hut in sorted(h for h in huts[player] if not board.neighbours(h) & huts[player]):
            removed_isolated.append((player, hut))
        huts[player] -= {h for p, h in removed_isolated if p == player}
    after = replace(state, huts=(frozenset(huts[0]), frozenset(huts[1])), to_move=defender)
    outcome = AttackOutcome(
        attacker=attacker,
        target=target,
        guards=action.guards,
        attack_points=points,
        guards_allowed=allowed,
        guarded=guarded,
        replaced=replaced,
        removed_touching=tuple(removed_touching),
        removed_isolated=tuple(removed_isolated),
    )
    attack: dict[str, SaidValue] = {
        "player": PlayerRef(attacker),
        "target": target,
        "attack_points": points,
        "allowed": allowed,
    }
    if action.guards:
        words = [say(Sentence.ATTACKS, guards=SquareList.of(action.guards), **attack)]
    else:
        words = [say(Sentence.ATTACKS_NO_GUARD, **attack)]
    lost = SquareList.of([h for _, h in removed_touching])
    if guarded:
        words.append(say(Sentence.GUARDED, target=target))
        words.append(say(Sentence.LOSES, player=PlayerRef(attacker), lost=lost))
    else:
        code = Sentence.BECOMES if replaced else Sentence.REMOVED_NO_SUPPLY
        words.append(say(code, target=target, attacker=PlayerRef(attacker)))
        words.append(say(Sentence.LOSES, player=PlayerRef(defender), lost=lost))
    if removed_isolated:
        by_player = SquaresByPlayer(
            tuple(
                (p, tuple(sorted(h for q, h in removed_isolated if q == p)))
                for p in (attacker, defender)
                if any(q == p for q, _ in removed_isolated)
            )
        )
        words.append(say(Sentence.ISOLATED, lost=by_player))
    removed = tuple(removed_touching) + tuple(removed_isolated)
    if not guarded:
        removed = ((defender, target),) + removed
    return _finish(
        state,
        after,
        action,
        words,
        placed=tuple(placed),
        removed=removed,
        attack=outcome,
        params={"target": target, "guarded": guarded},
    )


def resolve_attack(
    state: State, target: str, guards: tuple[str, ...] | list[str] | frozenset[str] = ()
) -> tuple[State, Report]:
    """Resolve an attack by the player to move on ``target`` against ``guards`` (pure).

    Usable on any position in play; an illegal attack gives the unchanged state and a refusal.
    """
    return apply(state, Attack(state.to_move, target, tuple(sorted(guards))))


def apply_or_raise(state: State, action: Action) -> tuple[State, Report]:
    """Like ``apply`` but raises ``IllegalAction`` (a ``ValueError``) for a refused action."""
    after, report = apply(state, action)
    if not report.ok:
        raise IllegalAction(report)
    return after, report
