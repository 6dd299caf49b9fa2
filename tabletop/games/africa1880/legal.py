"""The legal choices of a position: what every order-sheet menu may offer.

Each function answers one question a menu asks, for a power about to write its sheet, and offers
only what the adjudicator executes when the choice is the only one written on the sheet (a test
holds every offer against :func:`~tabletop.games.africa1880.adjudicate.execute_orders`). What
other sheets may do in the same round is not known when a sheet is written, so it is not taken
into account: two powers developing the last free space of a territory both see *develop*, and
the adjudicator serves them alphabetically. Names come back in alphabetical order (accents and
case ignored), as the menus list them.

>>> from tabletop.games.africa1880.board_files import load_board
>>> from tabletop.games.africa1880.setup import new_game
>>> board = load_board()
>>> state = new_game(["France", "Germany", "Italy"], board)
>>> [str(kind) for kind in presence_choices(state, board, "France", "Algeria")]
['hold', 'develop', 'explore']
>>> explore_targets(state, board, "France", "Algeria")
('Libya', 'Morocco', 'Sahara', 'Tunisia')
>>> relation_targets(state, "France")
('Germany', 'Italy')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.orders import Explore, OrderKind, OrderSheet
from tabletop.games.africa1880.powers import name_key
from tabletop.games.africa1880.relations import Relation
from tabletop.games.africa1880.state import GameState

__all__ = [
    "PowerChoices",
    "PresenceChoices",
    "RELATIONS",
    "can_develop",
    "explore_targets",
    "landing_targets",
    "legal_choices",
    "presence_choices",
    "relation_targets",
]

RELATIONS: tuple[Relation, ...] = (Relation.ALLIANCE, Relation.WAR)
"""What a power may declare toward each other power (alliance first: it is the default)."""


def _sorted(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=lambda name: (name_key(name), name)))


def _plays(state: GameState, power: str) -> bool:
    return not state.game_over and power in state.presences


def can_develop(state: GameState, board: Board, power: str, territory: str) -> bool:
    """True when ``power``'s presence in ``territory`` may develop: a free development space
    there and a pin left in the box (``options.total_pins``).

    A colony has every space filled, so it never develops.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.state import GameState
    >>> board = load_board()
    >>> full = GameState(("France",), {"France": {"Tunisia"}}, {"Tunisia": 3})
    >>> board["Tunisia"].spaces, can_develop(full, board, "France", "Tunisia")
    (3, False)
    """
    if not _plays(state, power) or territory not in state.presences[power]:
        return False
    if territory not in board.territories:
        return False
    free = board.territories[territory].spaces - state.pins(territory)
    return free > 0 and state.options.total_pins - state.pins_used() > 0


def explore_targets(state: GameState, board: Board, power: str, territory: str) -> tuple[str, ...]:
    """Where ``power``'s presence in ``territory`` may explore: the neighbours that are not
    colonies and where ``power`` has no presence yet; none when its stock is empty.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.state import GameState
    >>> board = load_board()
    >>> state = GameState(("France",), {"France": {"Algeria", "Tunisia"}})
    >>> "Tunisia" in explore_targets(state, board, "France", "Algeria")  # already present
    False
    """
    if not _plays(state, power) or territory not in state.presences[power]:
        return ()
    if territory not in board.territories or state.stock(power) <= 0:
        return ()
    mine = state.presences[power]
    colonies = state.colonies
    return _sorted(
        n for n in board.territories[territory].neighbours if n not in colonies and n not in mine
    )


def presence_choices(
    state: GameState, board: Board, power: str, territory: str
) -> tuple[OrderKind, ...]:
    """The orders ``power``'s presence in ``territory`` may take, in menu order: *hold* always,
    *develop* when :func:`can_develop`, *explore* when :func:`explore_targets` is not empty.

    Nothing when ``power`` has no presence there (or the game is over).
    """
    if not _plays(state, power) or territory not in state.presences[power]:
        return ()
    kinds = [OrderKind.HOLD]
    if can_develop(state, board, power, territory):
        kinds.append(OrderKind.DEVELOP)
    if explore_targets(state, board, power, territory):
        kinds.append(OrderKind.EXPLORE)
    return tuple(kinds)


def landing_targets(
    state: GameState, board: Board, power: str, sheet: OrderSheet | None = None
) -> tuple[str, ...]:
    """Where ``power`` may land this round: coastal territories, not colonies, empty of any
    presence at the start of the round, and only while a pawn is left in stock.

    Under both values of the ``landing_check`` option a landing target must be empty at the
    start of the round; with ``reading_order`` a presence arriving earlier in the round may still
    block it, which no menu can know in advance. With ``sheet`` (the rest of ``power``'s sheet
    as written so far) the targets of its own explorations are left out (one presence per power
    per territory), and so is every target when those explorations use the last pawns, since
    landings are executed after explorations.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.setup import new_game
    >>> board = load_board()
    >>> state = new_game(["France", "Germany", "Italy"], board)
    >>> targets = landing_targets(state, board, "France")
    >>> "Morocco" in targets, "Algeria" in targets, "Chad" in targets  # Chad is inland
    (True, False, False)
    """
    if not _plays(state, power):
        return ()
    stock = state.stock(power)
    exploring: set[str] = set()
    if sheet is not None:
        exploring = {
            o.target
            for o in sheet.orders
            if isinstance(o, Explore) and o.target in explore_targets(state, board, power, o.source)
        }
        stock -= len(exploring)
    if stock <= 0:
        return ()
    occupied = set(state.occupancy())
    colonies = state.colonies
    return _sorted(
        name
        for name in board.coastal_names()
        if name not in occupied and name not in colonies and name not in exploring
    )


def relation_targets(state: GameState, power: str) -> tuple[str, ...]:
    """The powers toward which ``power`` declares a relation: every other power of the game,
    in the fixed alphabetical order. Each may be set to one of :data:`RELATIONS`."""
    if power not in state.powers:
        return ()
    return tuple(p for p in state.powers if p != power)


@dataclass(frozen=True)
class PresenceChoices:
    """The menu of one presence: its ``territory``, the order ``kinds`` it may take, and the
    ``explore_targets`` (empty unless *explore* is among the kinds)."""

    territory: str
    kinds: tuple[OrderKind, ...]
    explore_targets: tuple[str, ...]


@dataclass(frozen=True)
class PowerChoices:
    """Every menu of one power's sheet: one :class:`PresenceChoices` per presence
    (alphabetical), the landing targets, and the powers toward which it declares relations."""

    power: str
    presences: tuple[PresenceChoices, ...]
    landing_targets: tuple[str, ...]
    relation_targets: tuple[str, ...]

    def presence(self, territory: str) -> PresenceChoices | None:
        """The menu of the presence in ``territory``, or ``None`` if there is none."""
        for choices in self.presences:
            if choices.territory == territory:
                return choices
        return None


def legal_choices(
    state: GameState, board: Board, power: str, sheet: OrderSheet | None = None
) -> PowerChoices:
    """All the menus of ``power``'s sheet at once (``sheet`` as for :func:`landing_targets`).

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.setup import new_game
    >>> board = load_board()
    >>> menus = legal_choices(new_game(["France", "Germany", "Italy"], board), board, "Italy")
    >>> menus.presences[0].territory, menus.presence("Somalia").explore_targets
    ('Somalia', ('Abyssinia', 'Sudan', 'Uganda', 'Zanzibar'))
    """
    presences: tuple[PresenceChoices, ...] = ()
    if _plays(state, power):
        presences = tuple(
            PresenceChoices(
                territory,
                presence_choices(state, board, power, territory),
                explore_targets(state, board, power, territory),
            )
            for territory in _sorted(state.presences[power])
        )
    return PowerChoices(
        power=power,
        presences=presences,
        landing_targets=landing_targets(state, board, power, sheet),
        relation_targets=relation_targets(state, power),
    )
