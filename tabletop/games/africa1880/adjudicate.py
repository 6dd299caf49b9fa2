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

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from tabletop.games.africa1880.board import Board, load_board
from tabletop.games.africa1880.orders import (
    ALREADY_PRESENT,
    COLONY_CLOSED,
    DUPLICATE_ORDER,
    LANDING_OCCUPIED,
    NO_PAWN_LEFT,
    NO_PIN_LEFT,
    NO_PRESENCE,
    NOT_COASTAL,
    NOT_NEIGHBOUR,
    NOT_PLAYING,
    TERRITORY_FULL,
    UNKNOWN_TERRITORY,
    Develop,
    Explore,
    Hold,
    Landing,
    OrderKind,
    OrderSheet,
    VoidOrder,
    order_text,
    relations_from_sheets,
    void_order,
)
from tabletop.games.africa1880.report import (
    SCORING_NOTE,
    ColonyFounded,
    DevelopmentResult,
    NewPresence,
    PowerScore,
    Removal,
    Report,
    Score,
)
from tabletop.games.africa1880.state import (
    POWER_BITS,
    POWER_ORDER,
    FrozenMap,
    GameState,
    LandingCheck,
    Options,
    Relations,
    Scoring,
    name_key,
    sort_powers,
)

__all__ = [
    "AfterOrders",
    "GameOverError",
    "Settlement",
    "conflict_rule",
    "execute_orders",
    "resolve",
    "score",
    "settle",
]


class GameOverError(ValueError):
    """Raised when asked to resolve a round of a finished game."""


def _power_key(power: str) -> int:
    return POWER_ORDER[power]


@dataclass(frozen=True, eq=False)
class AfterOrders:
    """The board after phase 3, before conflicts: what :func:`settle` needs, precomputed.

    ``occupancy`` maps every occupied territory to its powers (alphabetical); ``contested`` lists
    the non-colony territories with two or more presences; ``colony_candidates`` the non-colony
    territories with all spaces filled and at least one presence; ``masks`` gives, for those
    territories, the bit mask of the powers present (see ``POWER_BITS``). Treat every field as
    read-only.
    """

    state: GameState
    board: Board
    presences: Mapping[str, frozenset[str]]
    development: Mapping[str, int]
    occupancy: Mapping[str, tuple[str, ...]]
    contested: tuple[tuple[str, tuple[str, ...]], ...]
    colony_candidates: tuple[str, ...]
    masks: Mapping[str, int]
    # Precomputed once so that settle() only does bit arithmetic: (territory, (a, b), a index,
    # b index) for two presences, and arrays over every presence in territories of three or more.
    pairs: tuple[tuple[str, tuple[str, ...], int, int], ...]
    crowds: _Crowds
    candidates: tuple[tuple[str, tuple[str, ...], tuple[int, ...], int], ...]
    new_presences: tuple[NewPresence, ...]
    development_added: tuple[DevelopmentResult, ...]
    void_orders: tuple[VoidOrder, ...]


@dataclass(frozen=True, eq=False)
class Settlement:
    """The outcome of phases 4 and 5 for one set of relations.

    ``removed`` holds ``(power, territory)`` pairs; ``founded`` holds ``(territory, powers)``.
    The richer views (reasons, final presences, next state) are computed on first use only.
    """

    after: AfterOrders
    relations: Relations
    removed: tuple[tuple[str, str], ...]
    founded: tuple[tuple[str, tuple[str, ...]], ...]
    game_over: bool

    @cached_property
    def removals(self) -> tuple[Removal, ...]:
        """Each removal with the powers whose relations decided it."""
        out = []
        wars = self.relations.wars
        for power, territory in self.removed:
            others = [q for q in self.after.occupancy[territory] if q != power]
            out.append(
                Removal(
                    power=power,
                    territory=territory,
                    war_from=tuple(q for q in others if (q, power) in wars),
                    alliance_from=tuple(q for q in others if (q, power) not in wars),
                )
            )
        return tuple(out)

    @cached_property
    def presences(self) -> Mapping[str, frozenset[str]]:
        """Each power's territories after phase 4."""
        if not self.removed:
            return self.after.presences
        lost: dict[str, set[str]] = {}
        for power, territory in self.removed:
            lost.setdefault(power, set()).add(territory)
        return FrozenMap(
            (p, ts - lost[p] if p in lost else ts) for p, ts in self.after.presences.items()
        )

    @cached_property
    def colonies(self) -> frozenset[str]:
        """Every colony after phase 5 (old and new)."""
        return self.after.state.colonies | {t for t, _ in self.founded}

    def presence_counts(self) -> dict[str, int]:
        """Presences of each power on the board after phase 4."""
        return {p: len(ts) for p, ts in self.presences.items()}

    def next_state(self) -> GameState:
        """The game state after this round."""
        state = self.after.state
        return GameState(
            powers=state.powers,
            presences=self.presences,
            development=self.after.development,
            colonies=self.colonies,
            round=state.round if self.game_over else state.round + 1,
            board=state.board,
            options=state.options,
            last_relations=self.relations,
            game_over=self.game_over,
        )


def _coerce_sheets(sheets: Any, board: Board, powers: tuple[str, ...]) -> tuple[dict, list]:
    """Accept a mapping power -> OrderSheet, a ParseResult or typed text; return (sheets, voids)."""
    if isinstance(sheets, str):
        from tabletop.games.africa1880.notation import (
            parse_sheets,
        )  # notation imports no adjudicator

        sheets = parse_sheets(sheets, board, powers)
    if sheets is None:
        return {}, []
    if hasattr(sheets, "sheets") and hasattr(sheets, "errors"):  # a ParseResult
        return dict(sheets.sheets), list(sheets.errors)
    if isinstance(sheets, Mapping):
        return dict(sheets), []
    out: dict[str, OrderSheet] = {}
    for sheet in sheets:  # an iterable of OrderSheet
        out.setdefault(sheet.power, sheet)
    return out, []


def _landing_occupants(
    target: str,
    options: Options,
    current: Mapping[str, set[str]],
    occupied_at_start: Mapping[str, list[str]],
) -> tuple[str, ...]:
    """Who makes a landing on ``target`` fail: present when the sheet is read, or at the start
    of the round, as the ``landing_check`` option says."""
    if options.landing_check is LandingCheck.READING_ORDER:
        return sort_powers(current.get(target, ()))
    return tuple(occupied_at_start.get(target, ()))


def execute_orders(state: GameState, board: Board | None, sheets: Any) -> AfterOrders:
    """Phase 3: execute every power's orders on ``state``; relations play no part here.

    ``sheets`` is a mapping power -> :class:`OrderSheet` (a missing sheet: every presence holds),
    a ``ParseResult`` or the typed text of the sheets. Develops fill spaces up to each territory's
    spaces and the game's pins (when pins run short, territories are served in alphabetical order,
    and powers within a territory in alphabetical order); explorations are cut off alphabetically by
    target when a power's stock runs out; landings come after explorations.
    """
    if state.game_over:
        raise GameOverError("the game is over; no further round can be resolved")
    if board is None:
        board = load_board(state.board)
    by_power, orphan_voids = _coerce_sheets(sheets, board, state.powers)
    territories = board.territories
    options = state.options
    colonies = state.colonies
    void: list[VoidOrder] = list(orphan_voids)

    start_presences = state.presences
    occupied_at_start: dict[str, list[str]] = {}
    for power in state.powers:
        for territory in start_presences[power]:
            occupied_at_start.setdefault(territory, []).append(power)

    develop_requests: dict[str, list[tuple[str, Develop]]] = {}
    explore_requests: dict[str, dict[str, list[Explore]]] = {}
    landings: dict[str, Landing] = {}
    for power in sorted(by_power, key=lambda p: (POWER_ORDER.get(p, 99), str(p))):
        sheet: OrderSheet = by_power[power]
        if power not in start_presences:
            void.extend(sheet.void)
            for order in (*sheet.orders, *((sheet.landing,) if sheet.landing else ())):
                void.append(_void(by_power, power, order, NOT_PLAYING))
            continue
        void.extend(sheet.void)
        mine = start_presences[power]
        seen: set[str] = set()
        for order in sheet.orders:
            source = order.source
            if source not in territories:
                void.append(_unknown(by_power, power, order, source, board))
                continue
            if source not in mine:
                void.append(_void(by_power, power, order, NO_PRESENCE, territory=source))
                continue
            if source in seen:
                void.append(_void(by_power, power, order, DUPLICATE_ORDER, territory=source))
                continue
            seen.add(source)
            if isinstance(order, Hold):
                continue
            if isinstance(order, Develop):
                develop_requests.setdefault(source, []).append((power, order))
                continue
            target = order.target
            if target not in territories:
                void.append(_unknown(by_power, power, order, target, board))
            elif target not in territories[source].neighbours:
                void.append(
                    _void(by_power, power, order, NOT_NEIGHBOUR, source=source, target=target)
                )
            elif target in colonies:
                void.append(_void(by_power, power, order, COLONY_CLOSED, territory=target))
            elif target in mine:
                void.append(_void(by_power, power, order, ALREADY_PRESENT, territory=target))
            else:
                explore_requests.setdefault(power, {}).setdefault(target, []).append(order)
        if sheet.landing is not None:
            landings[power] = sheet.landing

    # Develop: one pin per valid order, capped by free spaces and by the pins left in the box.
    development = dict(state.development)
    pins_left = options.total_pins - sum(development.values())
    development_added = []
    for territory in sorted(develop_requests, key=lambda t: (name_key(t), t)):
        spaces = territories[territory].spaces
        added = 0
        for power, order in develop_requests[territory]:
            if development.get(territory, 0) + added >= spaces:
                void.append(
                    _void(
                        by_power, power, order, TERRITORY_FULL, territory=territory, spaces=spaces
                    )
                )
            elif pins_left <= 0:
                void.append(_void(by_power, power, order, NO_PIN_LEFT, total=options.total_pins))
            else:
                added += 1
                pins_left -= 1
        if added:
            total = development.get(territory, 0) + added
            development[territory] = total
            development_added.append(DevelopmentResult(territory, added, total, spaces))

    # Explore: one presence per target, alphabetical by target until the stock runs out.
    presences = {p: set(ts) for p, ts in start_presences.items()}
    stock = {p: options.stock - len(ts) for p, ts in start_presences.items()}
    new_presences = []
    for power in state.powers:
        requests = explore_requests.get(power)
        if not requests:
            continue
        for target in sorted(requests, key=lambda t: (name_key(t), t)):
            if stock[power] > 0:
                stock[power] -= 1
                presences[power].add(target)
                new_presences.append(NewPresence(power, target, OrderKind.EXPLORE))
            else:
                for order in requests[target]:
                    void.append(
                        _void(
                            by_power,
                            power,
                            order,
                            NO_PAWN_LEFT,
                            explore=True,
                        )
                    )

    # Land: after explorations, one per power, on a coastal territory empty of any presence.
    if landings:
        current: dict[str, set[str]] = {}
        if options.landing_check is LandingCheck.READING_ORDER:
            for power in state.powers:
                for territory in presences[power]:
                    current.setdefault(territory, set()).add(power)
            listed = [p for p in options.reading_order if p in landings]
            order_of_reading = listed + [
                p for p in state.powers if p in landings and p not in listed
            ]
        else:
            order_of_reading = [p for p in state.powers if p in landings]
        for power in order_of_reading:
            landing = landings[power]
            target = landing.target
            if target not in territories:
                void.append(_unknown(by_power, power, landing, target, board))
            elif not territories[target].coastal:
                void.append(_void(by_power, power, landing, NOT_COASTAL, territory=target))
            elif target in colonies:
                void.append(_void(by_power, power, landing, COLONY_CLOSED, territory=target))
            elif occupants := _landing_occupants(target, options, current, occupied_at_start):
                void.append(
                    _void(
                        by_power,
                        power,
                        landing,
                        LANDING_OCCUPIED,
                        territory=target,
                        occupants=occupants,
                        landing_check=options.landing_check,
                    )
                )
            elif target in presences[power]:
                void.append(_void(by_power, power, landing, ALREADY_PRESENT, territory=target))
            elif stock[power] <= 0:
                void.append(_void(by_power, power, landing, NO_PAWN_LEFT))
            else:
                stock[power] -= 1
                presences[power].add(target)
                current.setdefault(target, set()).add(power)
                new_presences.append(NewPresence(power, target, OrderKind.LAND))

    # Grouped by power for the person placing pawns on the table.
    new_presences.sort(key=lambda n: (POWER_ORDER[n.power], name_key(n.territory)))
    occupancy_lists: dict[str, list[str]] = {}
    for power in state.powers:  # alphabetical, so each list comes out sorted
        for territory in presences[power]:
            occupancy_lists.setdefault(territory, []).append(power)
    occupancy = {t: tuple(ps) for t, ps in occupancy_lists.items()}
    contested = tuple(
        (t, occupancy[t]) for t in sorted(occupancy) if len(occupancy[t]) >= 2 and t not in colonies
    )
    candidates = tuple(
        t
        for t in sorted(development)
        if t not in colonies and t in occupancy and development[t] >= territories[t].spaces
    )
    masks = {t: _mask(occupancy[t]) for t in (*(t for t, _ in contested), *candidates)}
    return AfterOrders(
        state=state,
        board=board,
        presences=FrozenMap((p, frozenset(ts)) for p, ts in presences.items()),
        development=FrozenMap(development),
        occupancy=occupancy,
        contested=contested,
        colony_candidates=candidates,
        masks=masks,
        pairs=tuple(
            (t, ps, POWER_ORDER[ps[0]], POWER_ORDER[ps[1]]) for t, ps in contested if len(ps) == 2
        ),
        crowds=_Crowds.build(contested, masks),
        candidates=tuple(
            (t, occupancy[t], tuple(POWER_ORDER[p] for p in occupancy[t]), masks[t])
            for t in candidates
        ),
        new_presences=tuple(new_presences),
        development_added=tuple(development_added),
        void_orders=tuple(void),
    )


_POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << len(POWER_ORDER))])


@dataclass(frozen=True, eq=False)
class _Crowds:
    """Every presence in a non-colony territory holding three or more, as parallel arrays."""

    labels: tuple[tuple[str, str], ...]  # (power, territory)
    power_index: np.ndarray  # index of the power in POWERS
    present: np.ndarray  # mask of the powers present in that territory
    others: np.ndarray  # number of other powers present

    @classmethod
    def build(
        cls, contested: tuple[tuple[str, tuple[str, ...]], ...], masks: Mapping[str, int]
    ) -> _Crowds:
        rows = [
            ((power, territory), POWER_ORDER[power], masks[territory], len(powers) - 1)
            for territory, powers in contested
            if len(powers) > 2
            for power in powers
        ]
        return cls(
            labels=tuple(row[0] for row in rows),
            power_index=np.array([row[1] for row in rows], dtype=np.int64),
            present=np.array([row[2] for row in rows], dtype=np.int64),
            others=np.array([row[3] for row in rows], dtype=np.int64),
        )


def _void(
    by_power: Mapping[str, OrderSheet], power: str, order: Any, code: str, **details: Any
) -> VoidOrder:
    """A void order reported with the line number and the text the person typed, when known."""
    sheet = by_power.get(power)
    written = sheet.written.get(order) if sheet is not None else None
    if written is None:
        return void_order(power, order_text(order), code, **details)
    line, text = written
    return void_order(power, text, code, line=line, **details)


def _mask(powers: tuple[str, ...]) -> int:
    mask = 0
    for power in powers:
        mask |= POWER_BITS[power]
    return mask


def _unknown(
    by_power: Mapping[str, OrderSheet], power: str, order: Any, name: str, board: Board
) -> VoidOrder:
    return _void(
        by_power, power, order, UNKNOWN_TERRITORY, suggestion=board.suggest(name), text=name
    )


def conflict_rule(
    occupancy: Mapping[str, Iterable[str]],
    relations: Relations,
    colonies: Collection[str] = frozenset(),
) -> frozenset[tuple[str, str]]:
    """Phase 4 in the rules' own words: the ``(power, territory)`` presences to remove.

    This is the reference version, written to be read; :func:`settle` computes the same with bit
    masks (a property test holds the two equal on random positions). ``occupancy`` maps each
    territory to the powers present there after phase 3; every territory is judged on that board
    at once, so one territory's result never changes another's.

    >>> grid = Relations([("France", "Great Britain")])  # France declares war on Britain
    >>> sorted(conflict_rule({"Egypt": ("France", "Great Britain")}, grid))
    [('Great Britain', 'Egypt')]
    """
    removed = set()
    for territory, present in occupancy.items():
        powers = list(present)
        if territory in colonies:
            continue  # presences in a colony are never removed
        if len(powers) <= 1:
            continue  # one presence: it stays
        if len(powers) == 2:
            # Two presences, of A and B: A is removed if A declared alliance with B and B
            # declared war on A. In every other case both stay (mutual war: both stay).
            a, b = powers
            for me, other in ((a, b), (b, a)):
                if relations.alliance(me, other) and relations.war(other, me):
                    removed.add((me, territory))
            continue
        # Three to six presences: a power's presence is removed if, among the other powers
        # present there, more declared war on it than declared alliance with it. A tie stays.
        for me in powers:
            others = [p for p in powers if p != me]
            wars = sum(1 for other in others if relations.war(other, me))
            alliances = sum(1 for other in others if relations.alliance(other, me))
            if wars > alliances:
                removed.add((me, territory))
    return frozenset(removed)


def settle(after: AfterOrders, relations: Any) -> Settlement:
    """Phases 4 and 5: conflicts on every territory at once, then colonies.

    Two presences: a power is removed when it declared alliance with the other and the other
    declared war on it. Three to six: a power is removed when more of the other powers present
    declared war on it than alliance with it (a tie stays). Colonies lose no presence. Then a
    territory with all spaces filled, a presence, and no war declared between the powers still
    present there becomes a colony. ``relations`` is a :class:`Relations` (or anything
    :meth:`Relations.coerce` accepts).
    """
    if type(relations) is not Relations:
        relations = Relations.coerce(relations)
    removed: list[tuple[str, str]] = []
    founded: list[tuple[str, tuple[str, ...]]] = []
    if not relations.wars:  # nobody at war: nobody removed, every candidate qualifies
        founded = [(t, after.occupancy[t]) for t in after.colony_candidates]
    else:
        # attackers[p]: mask of the powers at war with p; "& mask" keeps those present.
        by_index = relations.attacker_masks()
        for territory, (a, b), ia, ib in after.pairs:
            a_attacked = by_index[ia] >> ib & 1  # b declared war on a
            b_attacked = by_index[ib] >> ia & 1
            if a_attacked != b_attacked:  # only the betrayed ally goes; mutual war: both stay
                removed.append((a, territory) if a_attacked else (b, territory))
        crowds = after.crowds
        if crowds.labels:
            # For every presence at once: wars declared on it by the others present, counted
            # with a popcount table, compared with the alliances (others - wars).
            wars_on = relations.attacker_array()[crowds.power_index] & crowds.present
            hits = np.flatnonzero(2 * _POPCOUNT[wars_on] > crowds.others)
            labels = crowds.labels
            removed.extend(labels[i] for i in hits.tolist())
        gone_from: dict[str, list[str]] = {}
        for power, territory in removed:
            gone_from.setdefault(territory, []).append(power)
        for territory, powers, indices, present in after.candidates:
            gone = gone_from.get(territory)
            if gone:  # phase 5 sees the board after the removals of phase 4
                powers = tuple(p for p in powers if p not in gone)
                if not powers:
                    continue
                indices = tuple(POWER_ORDER[p] for p in powers)
                present = _mask(powers)
            if len(indices) > 1:
                at_war = False
                for index in indices:
                    if by_index[index] & present:
                        at_war = True
                        break
                if at_war:
                    continue
            founded.append((territory, powers))
    state = after.state
    options = state.options
    game_over = (
        state.round >= options.last_round
        or len(state.colonies) + len(founded) >= options.colony_limit
    )
    return Settlement(
        after=after,
        relations=relations,
        removed=tuple(removed),
        founded=tuple(founded),
        game_over=game_over,
    )


def resolve(state: GameState, board: Board | None, sheets: Any) -> tuple[GameState, Report]:
    """Resolve one round (phases 3 to 5); returns the next state and the report. Pure.

    ``sheets``: a mapping power -> :class:`OrderSheet`, a ``ParseResult`` or the typed text of the
    order sheets. Relations not written default to alliance; a missing sheet means every presence
    holds and alliance toward everyone.

    >>> from tabletop.games.africa1880.board import load_board
    >>> from tabletop.games.africa1880.state import new_game
    >>> board = load_board()
    >>> state = new_game(["France", "Germany", "Italy"], board)
    >>> new, report = resolve(state, board, "[France]\\nAlgeria: explore Tunisia")
    >>> [(n.power, n.territory, str(n.by)) for n in report.new_presences]
    [('France', 'Tunisia', 'explore')]
    >>> new.year, state.year
    (1885, 1880)
    """
    if board is None:
        board = load_board(state.board)
    if isinstance(sheets, str):
        from tabletop.games.africa1880.notation import parse_sheets

        sheets = parse_sheets(sheets, board, state.powers)
    after = execute_orders(state, board, sheets)
    by_power, _ = _coerce_sheets(sheets, board, state.powers)
    relations = relations_from_sheets(by_power, state.powers)
    settlement = settle(after, relations)
    next_state = settlement.next_state()
    report = Report(
        round=state.round,
        year=state.year,
        void_orders=after.void_orders,
        development=after.development_added,
        new_presences=after.new_presences,
        removals=settlement.removals,
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
