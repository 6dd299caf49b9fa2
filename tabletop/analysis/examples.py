"""Small ready-made positions for lessons, tests and benchmarks (deterministic from a seed)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.games.africa1880 import POWERS, AfterOrders, GameState, execute_orders, load_board
from tabletop.games.massai import Options as MassaiOptions
from tabletop.games.massai import Phase
from tabletop.games.massai import State as MassaiState


def africa_position(
    presences: dict[str, Sequence[str]],
    full: Sequence[str] = (),
    colonies: Sequence[str] = (),
    round_number: int = 3,
) -> AfterOrders:
    """A position after phase 3 with the given presences; ``full`` territories have every
    development space filled (ready to become colonies), the others none.

    >>> after = africa_position({"France": ["Egypt"], "Italy": ["Egypt"]}, full=["Egypt"])
    >>> after.contested, after.colony_candidates
    ((('Egypt', ('France', 'Italy')),), ('Egypt',))
    """
    board = load_board()
    development = {t: board[t].spaces for t in (*full, *colonies)}
    state = GameState(
        powers=tuple(presences),
        presences={p: frozenset(ts) for p, ts in presences.items()},
        development=development,
        colonies=frozenset(colonies),
        round=round_number,
    )
    return execute_orders(state, board, {})


def random_africa_position(
    seed: int,
    powers: int = 3,
    presences_per_power: int = 6,
    full_share: float = 0.4,
    colonies: int = 2,
    round_number: int = 3,
) -> AfterOrders:
    """A random position after phase 3: each power present on ``presences_per_power`` random
    territories, about ``full_share`` of the territories fully developed, a few old colonies."""
    rng = random.Random(seed)
    board = load_board()
    names = list(board.names)
    chosen = sorted(rng.sample(POWERS, powers))
    presence = {p: frozenset(rng.sample(names, presences_per_power)) for p in chosen}
    development = {}
    for territory in names:
        spaces = board[territory].spaces
        development[territory] = spaces if rng.random() < full_share else rng.randint(0, spaces - 1)
    occupied_full = sorted(
        t
        for t in names
        if development[t] == board[t].spaces and any(t in ts for ts in presence.values())
    )
    old = frozenset(rng.sample(occupied_full, min(colonies, len(occupied_full))))
    state = GameState(
        powers=tuple(chosen),
        presences=presence,
        development=development,
        colonies=old,
        round=round_number,
    )
    return execute_orders(state, board, {})


def late_game_position(seed: int, candidates: int = 5, max_holders: int = 4) -> AfterOrders:
    """A crowded six-power position of round 7 (12 to 16 presences each).

    About 60% of the territories are fully developed; all but ``candidates`` of the occupied full
    ones are already colonies (a full territory at peace becomes one at once), and the remaining
    candidates hold at most ``max_holders`` powers (with 6, the first candidate holds all six).

    >>> after = late_game_position(0, max_holders=6)
    >>> max(len(after.occupancy[t]) for t in after.colony_candidates)
    6
    """
    rng = random.Random(seed)
    board = load_board()
    names = list(board.names)
    presence = {p: set(rng.sample(names, rng.randint(12, 16))) for p in POWERS}
    development = {}
    for territory in names:
        spaces = board[territory].spaces
        development[territory] = spaces if rng.random() < 0.6 else rng.randint(0, spaces - 1)
    occupied_full = sorted(
        t
        for t in names
        if development[t] == board[t].spaces and any(t in ts for ts in presence.values())
    )
    chosen = rng.sample(occupied_full, min(candidates, len(occupied_full)))
    open_ones = set(chosen)
    for territory in chosen:  # a list: the same order in every process (a set would not be)
        holders = [p for p in POWERS if territory in presence[p]]
        for power in rng.sample(holders, max(0, len(holders) - max_holders)):
            presence[power].discard(territory)
    if max_holders >= len(POWERS) and chosen:
        for power in POWERS:  # the first candidate is crowded by every power
            presence[power].add(chosen[0])
    state = GameState(
        powers=POWERS,
        presences={p: frozenset(ts) for p, ts in presence.items()},
        development=development,
        colonies=frozenset(t for t in occupied_full if t not in open_ones),
        round=7,
    )
    return execute_orders(state, board, {})


def massai_position(
    light: Sequence[str], dark: Sequence[str], to_move: int = 0, **options: Any
) -> MassaiState:
    """A Massai position in play with the given huts (light = player 1, dark = player 2)."""
    return MassaiState(
        options=MassaiOptions(**options),
        huts=(frozenset(light), frozenset(dark)),
        to_move=to_move,
        phase=Phase.PLAY,
    )
