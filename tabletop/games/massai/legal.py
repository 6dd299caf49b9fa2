"""The legal choices of a Massai position: attackable huts, attack points and guards allowed,
setup squares, builds, moves, and whether a player has any legal action.
"""

from __future__ import annotations

from tabletop.games.massai.board import other
from tabletop.games.massai.reports import Refusal
from tabletop.games.massai.state import Phase, State


def attackable_huts(state: State, attacker: int | None = None) -> frozenset[str]:
    """The defender's huts that touch at least one hut of ``attacker`` (default: player to move).

    Their number is the attack points of any attack the attacker may announce now.
    """
    attacker = state.to_move if attacker is None else attacker
    board, mine = state.board, state.huts[attacker]
    return frozenset(h for h in state.huts[other(attacker)] if board.neighbours(h) & mine)


def attack_points(state: State, attacker: int | None = None) -> int:
    """How many defender huts could be attacked now (the attack points)."""
    return len(attackable_huts(state, attacker))


def guards_allowed(state: State, attacker: int | None = None) -> int:
    """Guards the defender may place against an attack now, read from the guard table."""
    return state.options.guards_for(attack_points(state, attacker))


def legal_setup_squares(state: State, player: int) -> frozenset[str]:
    """Squares where ``player`` may put setup huts: their own half."""
    return state.board.half(player)


def legal_builds(state: State) -> frozenset[str]:
    """Empty squares where the player to move may build (none without a hut in supply)."""
    if state.phase is not Phase.PLAY or state.supply(state.to_move) == 0:
        return frozenset()
    board, mine, taken = state.board, state.huts[state.to_move], state.occupied()
    return frozenset(s for s in board.squares if s not in taken and board.neighbours(s) & mine)


def isolated(state: State, huts: frozenset[str]) -> frozenset[str]:
    """The huts among ``huts`` that touch none of the others."""
    board = state.board
    return frozenset(h for h in huts if not board.neighbours(h) & huts)


def move_problem(state: State, player: int, origin: str, destination: str) -> Refusal | None:
    """``None`` if the move keeps every hut of ``player`` touching another, else a refusal code."""
    after = (state.huts[player] - {origin}) | {destination}
    lonely = isolated(state, after)
    if destination in lonely:
        return Refusal.NOT_TOUCHING
    if lonely:
        return Refusal.MOVE_ISOLATES
    return None


def legal_moves(state: State) -> frozenset[tuple[str, str]]:
    """``(origin, destination)`` pairs the player to move may play (only with all 15 huts out)."""
    player = state.to_move
    if state.phase is not Phase.PLAY or state.supply(player) > 0:
        return frozenset()
    taken = state.occupied()
    empty = [s for s in state.board.squares if s not in taken]
    return frozenset(
        (origin, dest)
        for origin in state.huts[player]
        for dest in empty
        if move_problem(state, player, origin, dest) is None
    )


def has_legal_action(state: State) -> bool:
    """True if the player to move can build, move or attack."""
    if state.phase is not Phase.PLAY:
        return state.phase is Phase.SETUP
    return bool(legal_builds(state) or attackable_huts(state) or legal_moves(state))
