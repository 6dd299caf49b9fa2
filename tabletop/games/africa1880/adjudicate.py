"""Adjudication of an Africa 1880 round: phases 3 (orders), 4 (conflicts) and 5 (colonies).

The round is split in two pure steps so that the game-theory explorer can reuse the first:

* :func:`execute_orders` reads and executes the order sheets (develop, explore, land) and returns
  an :class:`AfterOrders`: the board after phase 3, with the new presences, the pins added and the
  void orders. It does not depend on the diplomatic relations.
* :func:`settle` takes that board and the round's :class:`Relations` and resolves conflicts and
  colonies. It only touches territories holding two or more presences and territories whose spaces
  are all filled, so it is cheap to call thousands of times with different relations.

:func:`resolve` composes the two and builds the next :class:`GameState` and the :class:`Report`.
Nothing here mutates its inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import settle
from tabletop.games.africa1880.execution import execute_orders, sheets_and_unread
from tabletop.games.africa1880.lazy_tuple import LazyTuple
from tabletop.games.africa1880.options import Scoring
from tabletop.games.africa1880.orders import OrderSheet, relations_from_sheets
from tabletop.games.africa1880.powers import POWER_ORDER, sort_powers
from tabletop.games.africa1880.report import SCORING_NOTE, ColonyFounded, PowerScore, Report, Score
from tabletop.games.africa1880.state import GameState

if TYPE_CHECKING:  # only for annotations: the notation imports no adjudicator
    from tabletop.games.africa1880.notation import ParseResult

__all__ = [
    "resolve",
    "score",
]


def resolve(
    state: GameState, board: Board | None, sheets: Mapping[str, OrderSheet] | ParseResult
) -> tuple[GameState, Report]:
    """Resolve one round (phases 3 to 5); returns the next state and the report. Pure.

    ``sheets`` maps each power to its :class:`OrderSheet`, or is what
    :func:`~tabletop.games.africa1880.notation.parse_sheets` read from typed sheets (text is
    parsed by the caller). Relations not written default to alliance; a missing sheet means every
    presence holds and alliance toward everyone.

    >>> from tabletop.games.africa1880.board_files import load_board
    >>> from tabletop.games.africa1880.notation import parse_sheets
    >>> from tabletop.games.africa1880.setup import new_game
    >>> board = load_board()
    >>> state = new_game(["France", "Germany", "Italy"], board)
    >>> typed = parse_sheets("[France]\\nAlgeria: explore Tunisia", board, state.powers)
    >>> new, report = resolve(state, board, typed)
    >>> [(n.power, n.territory, str(n.by)) for n in report.new_presences]
    [('France', 'Tunisia', 'explore')]
    >>> new.year, state.year
    (1885, 1880)
    """
    if board is None:
        board = load_board(state.board)
    after = execute_orders(state, board, sheets)
    by_power, _ = sheets_and_unread(sheets)
    relations = relations_from_sheets(by_power, state.powers)
    settlement = settle(after, relations)
    next_state = settlement.next_state()
    report = Report(
        round=state.round,
        year=state.year,
        void_orders=after.void_orders,
        development=after.development_added,
        new_presences=after.new_presences,
        # Made when read: the explorer resolves rounds by the thousand and reads the state only.
        removals=LazyTuple(lambda: settlement.removals, len(settlement.removed)),
        colonies=tuple(ColonyFounded(t, ps) for t, ps in settlement.founded),
        game_over=settlement.game_over,
        state=next_state,
    )
    return next_state, report


def score(state: GameState) -> Score:
    """Score a position with the game's scoring option.

    Both variants come from published summaries (see :data:`SCORING_NOTE`): ``"points"`` gives a
    colony held alone 8 points, a shared colony 3 points to each power present, and 1 point per
    alliance declared in the last round; ``"colonies"`` ranks by colonies where a power is present.
    """
    options = state.options
    occupancy = state.occupancy()
    relations = state.last_relations
    rows = []
    for power in state.powers:
        alone = shared = 0
        for colony in state.colonies:
            present = occupancy.get(colony, ())
            if power in present:
                if len(present) == 1:
                    alone += 1
                else:
                    shared += 1
        alliances = 0
        if relations is not None:
            alliances = sum(
                1 for other in state.powers if other != power and relations.alliance(power, other)
            )
        points = (
            alone * options.points_colony_alone
            + shared * options.points_colony_shared
            + alliances * options.points_alliance
        )
        rows.append(
            PowerScore(
                power=power,
                points=points,
                colonies=alone + shared,
                colonies_alone=alone,
                colonies_shared=shared,
                alliances=alliances,
                presences=len(state.presences[power]),
            )
        )
    if options.scoring is Scoring.POINTS:
        rows.sort(key=lambda r: (-r.points, -r.colonies, POWER_ORDER[r.power]))
        best = rows[0].points
        leaders = tuple(r.power for r in rows if r.points == best)
    else:
        rows.sort(key=lambda r: (-r.colonies, -r.points, POWER_ORDER[r.power]))
        best = rows[0].colonies
        leaders = tuple(r.power for r in rows if r.colonies == best)
    return Score(
        scoring=options.scoring,
        powers=tuple(rows),
        leaders=sort_powers(leaders),
        game_over=state.game_over,
        note=SCORING_NOTE,
    )
