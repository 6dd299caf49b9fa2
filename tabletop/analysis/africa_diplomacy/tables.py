"""The 2x2 game of every territory held by exactly two powers, from the rules core alone."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.analysis.africa_diplomacy.model import ALLIANCE, WAR, local_settlement
from tabletop.analysis.normal_form import Game
from tabletop.games.africa1880 import AfterOrders, Relations, settle


@dataclass(frozen=True)
class TerritoryTable:
    """The 2x2 game of a territory held by exactly two powers, from that territory alone.

    Rows: the first power's relation toward the second (alliance, war); columns: the second's.
    Payoffs: presence kept (1 or 0) plus the colony weight if a colony is founded there (with the
    score payoff: the colony points there plus the point of the alliance, if the power declared
    one to the other). Computed by the rules core on that territory.
    """

    territory: str
    powers: tuple[str, str]
    colony_candidate: bool
    game: Game

    def to_dict(self) -> dict[str, Any]:
        game = self.game
        first, second = self.powers
        return {
            "territory": self.territory,
            "powers": list(self.powers),
            "colony_candidate": self.colony_candidate,
            "payoffs": {
                f"{first} {a} / {second} {b}": [game.payoffs[0, r, c], game.payoffs[1, r, c]]
                for r, a in enumerate((ALLIANCE, WAR))
                for c, b in enumerate((ALLIANCE, WAR))
            },
            "equilibria": [list(game.label(p)) for p in game.pure_nash_equilibria()],
            "dominant": {power: _dominance_words(game, k) for k, power in enumerate(self.powers)},
        }


def _dominance_words(game: Game, player: int) -> tuple[str, str] | None:
    strict = game.dominant_strategies(player, strict=True)
    if strict and game.shape[player] > 1:
        return (game.strategies[player][strict[0]], "strict")
    weak = game.dominant_strategies(player, strict=False)
    if weak and game.shape[player] > 1:
        return (game.strategies[player][weak[0]], "weak")
    return None


def territory_tables(
    after: AfterOrders, weight: float = 2.0, payoff: str = "presences"
) -> tuple[TerritoryTable, ...]:
    """The 2x2 game of every non-colony territory held by exactly two powers (rules core).

    >>> from tabletop.analysis.examples import africa_position
    >>> after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    >>> (table,) = territory_tables(after)
    >>> table.territory, table.game.payoffs[0].tolist()  # France: war weakly dominates
    ('Egypt', [[3.0, 0.0], [3.0, 1.0]])
    """
    tables = []
    candidates = set(after.colony_candidates)
    options = after.state.options
    for territory, present in after.contested:
        if len(present) != 2:
            continue
        first, second = present
        local = local_settlement(after, territory)
        payoffs = np.zeros((2, 2, 2))
        for r, c in itertools.product((0, 1), repeat=2):
            wars = [(first, second)] * r + [(second, first)] * c
            settlement = settle(local, Relations(wars))
            gone = {p for p, t in settlement.removed if t == territory}
            founded = {p for t, ps in settlement.founded if t == territory for p in ps}
            for k, power in enumerate(present):
                if payoff == "presences":
                    value = (power not in gone) + weight * (power in founded)
                elif options.scoring == "colonies":
                    value = float(power in founded)
                else:
                    value = (
                        (
                            options.points_colony_alone
                            if len(founded) == 1
                            else options.points_colony_shared
                        )
                        if power in founded
                        else 0.0
                    )
                    # The score also counts a point for each alliance declared this round.
                    at_war = r if k == 0 else c
                    value += 0.0 if at_war else options.points_alliance
                payoffs[k, r, c] = value
        game = Game(payoffs, [(ALLIANCE, WAR), (ALLIANCE, WAR)], present)
        tables.append(TerritoryTable(territory, (first, second), territory in candidates, game))
    return tuple(tables)
