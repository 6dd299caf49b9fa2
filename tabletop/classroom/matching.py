"""Who plays with whom in a round of a class game.

A group has one seat per role of the stage game; a seat a student cannot fill (the class is not a
multiple of the group size, or a student left) is played by the computer, or by a stored choice
of an earlier class when the teacher chose some (:meth:`.ledger.ClassLedger.close_round`), so no
student ever waits for a partner who is not there.

>>> import random
>>> draw_groups(["ana", "ben", "cy"], 2, random.Random(1))
[('ben', 'cy'), ('ana', None)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.games.enums import TextEnum

#: A seat of a group: a student's id, or None for a computer player.
Seat = str | None
Group = tuple[Seat, ...]


class Matching(TextEnum):
    """How groups are formed each round."""

    #: New groups and roles drawn at random every round.
    RANDOM = "random"
    #: The same groups all game; roles turn round by round (everyone plays every side).
    FIXED = "fixed"


def draw_groups(students: Sequence[str], size: int, rng: random.Random) -> list[Group]:
    """Random groups of ``size`` seats over ``students``; the last group is completed by empty
    seats (``None``), placed at random in it.

    The seat order inside a group is the role order (seat 0 plays role 0).
    """
    if size < 1:
        raise ValueError("a group has at least one seat")
    order = list(students)
    rng.shuffle(order)
    groups: list[Group] = []
    for start in range(0, len(order), size):
        chunk: list[Seat] = list(order[start : start + size])
        if len(chunk) < size:
            # The empty seats (a computer's or a stored partner's) go anywhere in the group: a
            # class of one, or the odd one out, plays every side over the rounds.
            chunk += [None] * (size - len(chunk))
            rng.shuffle(chunk)
        groups.append(tuple(chunk))
    return groups


def next_groups(
    previous: Sequence[Group],
    students: Sequence[str],
    size: int,
    rng: random.Random,
) -> list[Group]:
    """Fixed groups for the next round: the same partners, roles turned by one seat.

    A student who left is replaced by a computer in their group; a student who is not in any group
    yet (joined late) takes a computer's seat where there is one, else joins a new group.
    """
    present = set(students)
    placed: set[str] = set()
    groups: list[list[Seat]] = []
    for old in previous:
        seats = [s if s in present else None for s in old]
        placed.update(s for s in seats if s is not None)
        if any(s is not None for s in seats):
            groups.append(seats)
    waiting = [s for s in students if s not in placed]
    rng.shuffle(waiting)
    for group in groups:
        for k, seat in enumerate(group):
            if seat is None and waiting:
                group[k] = waiting.pop()
    groups += [list(g) for g in draw_groups(waiting, size, rng)]
    turned = [tuple(g[-1:] + g[:-1]) for g in groups]
    return [g for g in turned if any(s is not None for s in g)]
