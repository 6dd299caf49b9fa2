"""A new game: the powers on their historical starts or on freely chosen coastal territories."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from tabletop.games.africa1880.board import Board, UnknownTerritory
from tabletop.games.africa1880.board_fit import check_state
from tabletop.games.africa1880.options import STARTS, Options, Start, StateError
from tabletop.games.africa1880.powers import (
    MAX_POWERS,
    MIN_POWERS,
    UnknownPower,
    lookup_power,
    sort_powers,
)
from tabletop.games.africa1880.state import GameState


def new_game(
    powers: Iterable[str],
    board: Board,
    start: Start | str = Start.HISTORICAL,
    placements: Mapping[str, str] | None = None,
    options: Options | None = None,
    board_name: str | None = None,
) -> GameState:
    """Set up a new game of 3 to 6 powers.

    ``start="historical"`` puts each power on its historical start from the board file;
    ``start="free"`` needs ``placements`` (power -> coastal territory, one distinct territory per
    power, as when players place their first presence in turn). Names may be written in English or
    French, any case. Every diplomatic token starts on alliance. Raises :class:`StateError` listing
    every problem.
    """
    problems: list[str] = []
    names = _power_names(powers, problems)
    if start in STARTS:
        start = Start(start)
        options = replace(options or Options(), start=start)
    else:
        problems.append(f"start must be one of {', '.join(STARTS)}, not {start!r}")
    starts: dict[str, str] = {}
    if start is Start.HISTORICAL:
        starts = _historical_starts(names, board, placements, problems)
    elif start is Start.FREE:
        starts = _free_starts(names, board, placements or {}, problems)
    if problems:
        raise StateError(problems)
    state = GameState(
        powers=tuple(names),
        presences={power: frozenset({starts[power]}) for power in names},
        board=board_name if board_name is not None else board.source,
        options=options or Options(),
    )
    return check_state(state, board)


def _power_names(powers: Iterable[str], problems: list[str]) -> list[str]:
    """The canonical names of the powers, with what is wrong with the list."""
    names: list[str] = []
    for text in powers:
        try:
            names.append(lookup_power(text))
        except UnknownPower as error:
            problems.append(str(error))
    if len(set(names)) != len(names):
        problems.append("a power is listed twice")
    if not problems and not MIN_POWERS <= len(names) <= MAX_POWERS:
        problems.append(f"a game has {MIN_POWERS} to {MAX_POWERS} powers, not {len(names)}")
    return names


def _historical_starts(
    names: list[str], board: Board, placements: Mapping[str, str] | None, problems: list[str]
) -> dict[str, str]:
    """Each power on the start the board file gives it."""
    if placements:
        problems.append("placements are only for a free start")
    starts: dict[str, str] = {}
    for power in names:
        if power not in board.historical_starts:
            problems.append(f"the board gives no historical start for {power}")
        else:
            starts[power] = board.historical_starts[power]
    return starts


def _free_starts(
    names: list[str], board: Board, placements: Mapping[str, str], problems: list[str]
) -> dict[str, str]:
    """Each power on the coastal territory chosen for it, one territory per power."""
    given: dict[str, str] = {}
    for key, territory in placements.items():
        try:
            power = lookup_power(key)
        except UnknownPower as error:
            problems.append(str(error))
            continue
        if power not in names:
            problems.append(f"{power} is not one of the game's powers")
            continue
        try:
            given[power] = board.lookup(territory)
        except UnknownTerritory as error:
            problems.append(f"{power}: {error}")
    for power in names:
        if power not in given:
            problems.append(f"a free start needs a coastal territory for {power}")
    taken: dict[str, str] = {}
    for power in sort_powers(given):
        territory = given[power]
        if not board[territory].coastal:
            problems.append(f"{power}: {territory} is not coastal")
        if territory in taken:
            problems.append(
                f"{power}: {territory} is already taken by {taken[territory]}; "
                "each power starts on its own territory"
            )
        taken[territory] = power
    return given
