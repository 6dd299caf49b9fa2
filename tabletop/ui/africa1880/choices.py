"""What the sheet menus offer: the rules core's legal choices, never a rule of the page's own.

Every option comes from :func:`tabletop.games.africa1880.legal.legal_choices`. The core answers
for a choice written alone on a sheet; a menu is shown beside the rest of the sheet, so an
option is also left out when the core, executing the sheet as written with that option added,
voids more than without it (two explorations of one territory, the last pawn or the last pin
taken twice, a landing pushed out of stock). That is asked of the core by executing
(:func:`~tabletop.games.africa1880.adjudicate.execute_orders`, a few hundredths of a
millisecond a sheet), not decided here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.legal import (
    PowerChoices,
    PresenceChoices,
    legal_choices,
)
from tabletop.games.africa1880.legal import explore_targets as core_explore_targets
from tabletop.games.africa1880.legal import landing_targets as core_landing_targets
from tabletop.games.africa1880.orders import (
    Develop,
    Explore,
    Landing,
    Order,
    OrderKind,
    OrderSheet,
)
from tabletop.games.africa1880.powers import name_key
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.texts import LANGS

__all__ = [
    "KIND_KEYS",
    "explore_targets",
    "kind_key_labels",
    "kind_keys_in",
    "landing_targets",
    "menus",
    "presences_of",
    "sort_names",
]

#: The key that chooses each order kind in a sheet's order menu: the same letters in every
#: language (in German, "entwickeln" and "erkunden" both start with E).
KIND_KEYS: tuple[tuple[str, OrderKind], ...] = (
    ("h", OrderKind.HOLD),
    ("d", OrderKind.DEVELOP),
    ("e", OrderKind.EXPLORE),
)


def kind_key_labels() -> dict[str, list[str]]:
    """Each order key -> the label of its kind's option in every language of the pages.

    >>> kind_key_labels()["e"]
    ['erkunden', 'explore', 'explorer']
    """
    return {key: sorted({t(str(kind), lang) for lang in LANGS}) for key, kind in KIND_KEYS}


def kind_keys_in(lang: str) -> list[tuple[str, str]]:
    """(key, label in ``lang``) of each order kind, for the hint shown near a sheet.

    >>> kind_keys_in("fr")
    [('h', 'rien'), ('d', 'développer'), ('e', 'explorer')]
    """
    return [(key, t(str(kind), lang)) for key, kind in KIND_KEYS]


def sort_names(names: Iterable[str]) -> list[str]:
    """Names in the order the core's menus list them (case and accents ignored)."""
    return sorted(names, key=lambda name: (name_key(name), name))


def presences_of(state: GameState, power: str) -> list[str]:
    """``power``'s presences, in the order of the menus."""
    return sort_names(state.presences.get(power, ()))


def _voids(state: GameState, board: Board, sheet: OrderSheet) -> int:
    """How many of ``sheet``'s orders the core voids when it is the only sheet of the round."""
    after = execute_orders(state, board, {sheet.power: sheet})
    return sum(1 for void in after.void_orders if void.power == sheet.power)


def _without(sheet: OrderSheet, territory: str) -> OrderSheet:
    return replace(sheet, orders=tuple(o for o in sheet.orders if o.source != territory))


def _with(sheet: OrderSheet, order: Order) -> OrderSheet:
    return replace(sheet, orders=(*sheet.orders, order))


def menus(
    state: GameState, board: Board, power: str, sheet: OrderSheet | None = None
) -> PowerChoices:
    """Every menu of ``power``'s sheet: the core's :class:`PowerChoices`, narrowed by the rest of
    ``sheet`` (see the module's docstring). Without ``sheet``: the core's answer as it is.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.orders import Explore
    >>> from tabletop.games.africa1880.setup import new_game
    >>> board = load_board()
    >>> state = new_game(["France", "Germany", "Italy"], board)
    >>> menus(state, board, "France").presence("Algeria").explore_targets
    ('Libya', 'Morocco', 'Sahara', 'Tunisia')
    """
    core = legal_choices(state, board, power, sheet)
    if sheet is None or not core.presences:
        return core
    presences: list[PresenceChoices] = []
    for menu in core.presences:
        rest = _without(sheet, menu.territory)
        before = _voids(state, board, rest)
        kinds = [OrderKind.HOLD]
        if OrderKind.DEVELOP in menu.kinds:
            develop = _with(rest, Develop(power, menu.territory))
            if _voids(state, board, develop) <= before:
                kinds.append(OrderKind.DEVELOP)
        targets = tuple(
            target
            for target in menu.explore_targets
            if _voids(state, board, _with(rest, Explore(power, menu.territory, target))) <= before
        )
        if targets and OrderKind.EXPLORE in menu.kinds:
            kinds.append(OrderKind.EXPLORE)
        presences.append(PresenceChoices(menu.territory, tuple(kinds), targets))
    no_landing = replace(sheet, landing=None)
    before = _voids(state, board, no_landing)
    landings = tuple(
        target
        for target in core.landing_targets
        if _voids(state, board, replace(sheet, landing=Landing(power, target))) <= before
    )
    return replace(core, presences=tuple(presences), landing_targets=landings)


def explore_targets(
    board: Board, state: GameState, territory: str, power: str | None = None
) -> list[str]:
    """The core's exploration targets from ``power``'s presence in ``territory``.

    Without ``power``: the targets offered to any power present there (the older call).
    """
    powers = [power] if power else [p for p in state.powers if territory in state.presences[p]]
    targets: set[str] = set()
    for who in powers:
        targets.update(core_explore_targets(state, board, who, territory))
    return sort_names(targets)


def landing_targets(
    board: Board, state: GameState, power: str | None = None, sheet: OrderSheet | None = None
) -> list[str]:
    """The core's landing targets for ``power`` (with ``sheet``: see :func:`menus`).

    Without ``power``: the targets offered to any power of the game (the older call).
    """
    if power is not None:
        return list(
            menus(state, board, power, sheet).landing_targets
            if sheet
            else core_landing_targets(state, board, power)
        )
    targets: set[str] = set()
    for who in state.powers:
        targets.update(core_landing_targets(state, board, who))
    return sort_names(targets)
