"""Phases 4 and 5 of a round: conflicts on every territory at once, then colonies.

:func:`conflict_rule` says phase 4 in the rules' own words; :func:`settle` computes the same with
bit masks (a property test holds the two equal) and founds the colonies, giving a
:class:`Settlement`. It only touches territories holding two or more presences and territories
whose spaces are all filled, so it is cheap to call thousands of times with different relations.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING

from tabletop.games.africa1880.frozen_map import FrozenMap
from tabletop.games.africa1880.powers import MASK_INDICES, MASK_POWERS, POWER_BITS, POWER_ORDER
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.report import Removal
from tabletop.games.africa1880.state import GameState

if TYPE_CHECKING:
    import numpy as np

    from tabletop.games.africa1880.execution import AfterOrders


@cache
def _popcount() -> np.ndarray:
    """The number of powers in each mask of powers, a table indexed by the mask."""
    # numpy is imported by the first crowded territory, not by every page that loads a game.
    import numpy as np

    return np.array([bin(mask).count("1") for mask in range(1 << len(POWER_ORDER))])


#: Up to this many presences in crowded territories, phase 4 counts with plain integers (as
#: fast as numpy there, and no numpy to load); above, with numpy arrays (the analysis settles
#: the same contests thousands of times).
SMALL_CROWDS = 24


@dataclass(frozen=True, eq=False)
class _Crowds:
    """Every presence in a non-colony territory holding three or more, as parallel arrays."""

    #: (label, index of the power in POWERS, mask of the powers present there, others present)
    rows: tuple[tuple[tuple[str, str], int, int, int], ...]

    @classmethod
    def build(cls, contested: tuple[tuple[str, tuple[str, ...]], ...]) -> _Crowds:
        rows = tuple(
            ((power, territory), POWER_ORDER[power], mask, len(powers) - 1)
            for territory, powers in contested
            if len(powers) > 2
            for mask in (_mask(powers),)  # once per territory
            for power in powers
        )
        return cls(rows=rows)

    @cached_property
    def labels(self) -> tuple[tuple[str, str], ...]:
        """Each crowded presence as ``(power, territory)``, in the order of :attr:`rows`."""
        return tuple(row[0] for row in self.rows)

    @cached_property
    def power_index(self) -> np.ndarray:
        # Made when first needed (many crowded presences): a page that resolves one table
        # round needs no numpy.
        import numpy as np

        return np.array([row[1] for row in self.rows], dtype=np.int64)

    @cached_property
    def present(self) -> np.ndarray:
        import numpy as np

        return np.array([row[2] for row in self.rows], dtype=np.int64)

    @cached_property
    def others(self) -> np.ndarray:
        import numpy as np

        return np.array([row[3] for row in self.rows], dtype=np.int64)


#: The mask of each tuple of powers met so far: there are at most 63 sorted tuples of the six
#: powers (more only if unsorted tuples come, hence the cap on the size).
_MASKS: dict[tuple[str, ...], int] = {}


def _mask(powers: tuple[str, ...]) -> int:
    mask = _MASKS.get(powers)
    if mask is None:
        mask = 0
        for power in powers:
            mask |= POWER_BITS[power]
        if len(_MASKS) < 4096:
            _MASKS[powers] = mask
    return mask


@dataclass(frozen=True, eq=False)
class Contests:
    """What phases 4 and 5 look at on a board after phase 3, precomputed once so that
    :func:`settle` only does bit arithmetic for each set of relations.

    ``pairs``: ``(territory, (a, b), index of a, index of b)`` for each territory holding two
    presences (indices in :data:`POWERS`); ``crowds``: every presence in territories of three or
    more, as arrays; ``candidates``: ``(territory, powers, their indices, their bit mask)`` for each
    territory that may become a colony.
    """

    pairs: tuple[tuple[str, tuple[str, ...], int, int], ...]
    crowds: _Crowds
    candidates: tuple[tuple[str, tuple[str, ...], tuple[int, ...], int], ...]

    @classmethod
    def build(
        cls,
        occupancy: Mapping[str, tuple[str, ...]],
        contested: tuple[tuple[str, tuple[str, ...]], ...],
        colony_candidates: tuple[str, ...],
    ) -> Contests:
        """From the powers present in each territory, the contested territories (two presences
        or more, no colony) and the colony candidates."""
        return cls(
            pairs=tuple(
                (t, ps, POWER_ORDER[ps[0]], POWER_ORDER[ps[1]])
                for t, ps in contested
                if len(ps) == 2
            ),
            crowds=_Crowds.build(contested),
            candidates=tuple(
                (t, occupancy[t], tuple(POWER_ORDER[p] for p in occupancy[t]), _mask(occupancy[t]))
                for t in colony_candidates
            ),
        )


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
        attackers = self.relations.attacker_masks()
        masks = self.after.masks
        for power, territory in self.removed:
            # The others present, split by the relation each declared toward the removed power.
            others = masks[territory] & ~POWER_BITS[power]
            war = attackers[POWER_ORDER[power]] & others
            out.append(Removal(power, territory, MASK_POWERS[war], MASK_POWERS[others & ~war]))
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
        # The rules of phases 3 to 5 keep pawns and pins within the options: no checks again.
        return GameState.after_round(
            self.after.state,
            presences=self.presences,
            development=self.after.development,
            colonies=self.colonies,
            last_relations=self.relations,
            game_over=self.game_over,
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


def settle(after: AfterOrders, relations: Relations) -> Settlement:
    """Phases 4 and 5: conflicts on every territory at once, then colonies.

    Two presences: a power is removed when it declared alliance with the other and the other
    declared war on it. Three to six: a power is removed when more of the other powers present
    declared war on it than alliance with it (a tie stays). Colonies lose no presence. Then a
    territory with all spaces filled, a presence, and no war declared between the powers still
    present there becomes a colony.
    """
    if not relations.wars:  # nobody at war: nobody removed, every candidate qualifies
        removed: list[tuple[str, str]] = []
        founded = [(t, after.occupancy[t]) for t in after.colony_candidates]
    elif "contests" not in vars(after):
        # The first time a board is settled (a round resolved once): read straight from the
        # contested territories; the tables of :class:`Contests` pay only when settled again.
        by_index = relations.attacker_masks()
        removed = _removed_once(after.contested, after.masks, by_index)
        founded = _founded_once(after, removed, by_index)
    else:
        contests = after.contests
        # attackers[p]: mask of the powers at war with p; "& mask" keeps those present.
        by_index = relations.attacker_masks()
        removed = _removed(contests, relations, by_index)
        founded = _founded(contests.candidates, removed, by_index)
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


def _removed(
    contests: Contests, relations: Relations, by_index: list[int]
) -> list[tuple[str, str]]:
    """Phase 4 with bit masks: the ``(power, territory)`` presences to remove."""
    removed: list[tuple[str, str]] = []
    for territory, (a, b), ia, ib in contests.pairs:
        a_attacked = by_index[ia] >> ib & 1  # b declared war on a
        b_attacked = by_index[ib] >> ia & 1
        if a_attacked != b_attacked:  # only the betrayed ally goes; mutual war: both stay
            removed.append((a, territory) if a_attacked else (b, territory))
    crowds = contests.crowds
    if len(crowds.rows) > SMALL_CROWDS:
        # For every presence at once: wars declared on it by the others present, counted
        # with a popcount table, compared with the alliances (others - wars).
        wars_on = relations.attacker_array()[crowds.power_index] & crowds.present
        hits = (2 * _popcount()[wars_on] > crowds.others).nonzero()[0]
        labels = crowds.labels
        removed.extend(labels[i] for i in hits.tolist())
    else:
        # A table's round has a few crowded presences: plain integers, and no numpy to load
        # in a page that only shows the round (the same rule, tested equal).
        for label, index, present, others in crowds.rows:
            if 2 * (by_index[index] & present).bit_count() > others:
                removed.append(label)
    return removed


def _removed_once(
    contested: tuple[tuple[str, tuple[str, ...]], ...],
    masks: Mapping[str, int],
    by_index: list[int],
) -> list[tuple[str, str]]:
    """:func:`_removed` without the tables: the same presences, in the same order (the pairs'
    first, then the crowded ones, each in the order of ``contested``)."""
    removed: list[tuple[str, str]] = []
    crowded: list[tuple[str, str]] = []
    # The powers removed from a crowd depend only on who is there: each group judged once.
    losers: dict[int, int] = {}
    for territory, powers in contested:
        present = masks[territory]
        if len(powers) == 2:
            a, b = powers
            ia, ib = POWER_ORDER[a], POWER_ORDER[b]
            a_attacked = by_index[ia] >> ib & 1  # b declared war on a
            if a_attacked != by_index[ib] >> ia & 1:  # only the betrayed ally goes
                removed.append((a, territory) if a_attacked else (b, territory))
            continue
        lost = losers.get(present)
        if lost is None:
            lost, others = 0, len(powers) - 1
            for index in MASK_INDICES[present]:
                if 2 * (by_index[index] & present).bit_count() > others:
                    lost |= 1 << index
            losers[present] = lost
        if lost:
            crowded.extend([(power, territory) for power in MASK_POWERS[lost]])
    removed.extend(crowded)
    return removed


def _founded_once(
    after: AfterOrders, removed: list[tuple[str, str]], by_index: list[int]
) -> list[tuple[str, tuple[str, ...]]]:
    """:func:`_founded` without the tables: the same colonies, in the same order."""
    gone_from: dict[str, int] = {}  # the powers removed from each territory, as a mask
    for power, territory in removed:
        gone_from[territory] = gone_from.get(territory, 0) | POWER_BITS[power]
    masks = after.masks
    founded: list[tuple[str, tuple[str, ...]]] = []
    for territory in after.colony_candidates:
        # Phase 5 sees the board after the removals of phase 4.
        present = masks[territory] & ~gone_from.get(territory, 0)
        if not present:
            continue
        if present & (present - 1) and _war_among(MASK_INDICES[present], present, by_index):
            continue  # two powers or more, and a war declared between two of them
        founded.append((territory, MASK_POWERS[present]))
    return founded


def _war_among(indices: tuple[int, ...], present: int, by_index: list[int]) -> bool:
    """True when a power of ``indices`` was declared war on by another power ``present``."""
    for index in indices:  # a plain loop: this runs thousands of times per analysis
        if by_index[index] & present:
            return True
    return False


def _founded(
    candidates: Iterable[tuple[str, tuple[str, ...], tuple[int, ...], int]],
    removed: list[tuple[str, str]],
    by_index: list[int],
) -> list[tuple[str, tuple[str, ...]]]:
    """Phase 5 on the board after the removals: the colonies founded, with their powers."""
    gone_from: dict[str, list[str]] = {}
    for power, territory in removed:
        gone_from.setdefault(territory, []).append(power)
    founded: list[tuple[str, tuple[str, ...]]] = []
    for territory, powers, indices, present in candidates:
        gone = gone_from.get(territory)
        if gone:  # phase 5 sees the board after the removals of phase 4
            powers = tuple(p for p in powers if p not in gone)
            if not powers:
                continue
            indices = tuple(POWER_ORDER[p] for p in powers)
            present = _MASKS.get(powers) or _mask(powers)
        if len(indices) > 1 and _war_among(indices, present, by_index):
            continue
        founded.append((territory, powers))
    return founded
