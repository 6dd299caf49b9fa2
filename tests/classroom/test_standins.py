"""Stand-in students and stored partners in the ledger: the strategies they state, the marks
they carry, what the export and the class's frequencies leave out."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.classroom.games import StageGame, preset
from tabletop.classroom.ledger import ClassError, ClassLedger, StoredChoice
from tabletop.classroom.standins import Strategy


def _rehearsal(key: str, strategy: str, n: int, rounds: int, seed: int = 4) -> ClassLedger:
    ledger = ClassLedger.new(key, rounds=rounds, seed=9)
    for k in range(n):
        ledger.add_standin(f"Stand-in {k + 1}", strategy, seed, f"s{k + 1}")
    return ledger


def _play(ledger: ClassLedger) -> None:
    for _ in range(ledger.rounds):
        record = ledger.open_round()
        seated = {s for g in record.groups for s in g if s is not None}
        # Every stand-in chose as the round opened: nobody is waited for.
        assert set(record.choices) == seated and ledger.waiting_for() == []
        ledger.close_round()


def _by_role(ledger: ClassLedger) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    for o in ledger.outcomes():
        if o.standin:
            counts.setdefault(o.role, Counter())[o.action] += 1
    return counts


def test_uniform_stand_ins_use_every_action() -> None:
    ledger = _rehearsal("africa-three-full", "uniform", 3, rounds=60)
    _play(ledger)
    game = ledger.game
    counts = _by_role(ledger)
    for role, actions in zip(game.roles, game.actions, strict=True):
        assert set(counts[role]) == set(actions), role
    # Roughly even: 60 draws over at most 4 actions, none below a third of its fair share.
    for role, counter in counts.items():
        fair = sum(counter.values()) / len(counter)
        assert min(counter.values()) > fair / 3, (role, counter)


@pytest.mark.parametrize("key", ["massai-three-huts", "africa-two-full-score", "africa-two-full"])
def test_nash_stand_ins_stay_on_the_equilibrium_support(key: str) -> None:
    ledger = _rehearsal(key, "nash", 4, rounds=40)
    _play(ledger)
    game = ledger.game
    counts = _by_role(ledger)
    for r, role in enumerate(game.roles):
        support = {a for a, p in game.prediction.mix[r].items() if p > 1e-9}
        assert set(counts[role]) <= support
        # A support action of weight at least 10 % shows up in 80 draws.
        assert {a for a in support if game.prediction.mix[r][a] >= 0.1} <= set(counts[role])


def _expected(game: StageGame, role: int, shares: list[dict[str, float]]) -> np.ndarray:
    """Each action's expected payoff against the others' shares (an independent computation:
    the full payoff tensor contracted with every other side's distribution)."""
    tensor = np.asarray(game.payoffs[role], dtype=float)
    for k in reversed(range(game.group_size)):
        if k == role:
            continue
        dist = np.array([shares[k].get(a, 0.0) for a in game.actions[k]])
        dist = dist / dist.sum() if dist.sum() > 0 else np.full(len(dist), 1 / len(dist))
        tensor = np.tensordot(tensor, dist, axes=([k], [0]))
    return tensor


@pytest.mark.parametrize("key", ["africa-two-full-score", "massai-two-huts", "africa-three-full"])
def test_best_response_stand_ins_answer_the_last_round(key: str) -> None:
    ledger = _rehearsal(key, "best-response", 5, rounds=12)
    ledger.join("Ana", "h1")  # a student who always plays the first action moves the frequencies
    game = ledger.game
    for number in range(1, ledger.rounds + 1):
        record = ledger.open_round()
        for group in record.groups:
            for role, sid in enumerate(group):
                if sid == "h1":
                    ledger.submit(sid, game.actions[role][0])
        for group in record.groups:
            for role, sid in enumerate(group):
                if sid is None or sid == "h1":
                    continue
                if number == 1:
                    last: list[dict[str, float]] = [
                        {} for _ in game.roles
                    ]  # nothing yet: against uniform play
                else:
                    last = [ledger.shares(number - 1, k) for k in range(game.group_size)]
                values = _expected(game, role, last)
                chosen = game.actions[role].index(record.choices[sid])
                assert values[chosen] >= values.max() - 1e-9, (number, sid, values)
        ledger.close_round()


def test_stand_ins_are_marked_deterministic_and_left_out_of_the_export() -> None:
    def run() -> ClassLedger:
        ledger = _rehearsal("africa-two-full-score", "nash", 3, rounds=4, seed=21)
        ledger.join("Ana", "h1")
        _play_with(ledger, "h1", "war")
        return ledger

    first, second = run(), run()
    assert first.to_json() == second.to_json()  # the same seed draws the same
    outcomes = list(first.outcomes())
    assert {o.student for o in outcomes if o.standin} == {"s1", "s2", "s3"}
    assert not any(o.by_computer for o in outcomes if o.standin)
    # Partners say what they were.
    ana = [o for o in outcomes if o.student == "h1"]
    assert all(k in ("standin", "computer") for o in ana for k in o.partner_kinds)
    rows = list(csv.DictReader(io.StringIO(first.csv_text())))
    assert {r["student"] for r in rows} == {"h1"} and {r["standin"] for r in rows} == {"0"}
    everyone = list(csv.DictReader(io.StringIO(first.csv_text(include_standins=True))))
    assert {r["student"] for r in everyone if r["standin"] == "1"} == {"s1", "s2", "s3"}
    again = ClassLedger.from_json(json.loads(json.dumps(first.to_json())))
    assert again.standins == first.standins and again.to_json() == first.to_json()


def _play_with(ledger: ClassLedger, sid: str, action: str) -> None:
    for _ in range(ledger.rounds):
        ledger.open_round()
        ledger.submit(sid, action)
        ledger.close_round()


def test_an_unknown_strategy_is_refused_in_one_line() -> None:
    ledger = ClassLedger.new("africa-two-full", rounds=1, seed=1)
    with pytest.raises(ClassError, match="choose uniform, nash, best-response"):
        ledger.add_standin("Stand-in 1", "clever", 1, "s1")
    assert Strategy("best-response") is Strategy.BEST_RESPONSE


def _stored(key: str, class_id: int) -> list[StoredChoice]:
    """The stored choices of an earlier class of ``key`` (two students, three rounds)."""
    earlier = ClassLedger.new(key, rounds=3, seed=2)
    a, b = earlier.join("A"), earlier.join("B")
    for number in range(3):
        record = earlier.open_round()
        for group in record.groups:
            for role, sid in enumerate(group):
                if sid is not None:
                    actions = earlier.game.actions[role]
                    earlier.submit(sid, actions[(number + role) % len(actions)])
        earlier.close_round()
    assert {a, b}
    return earlier.stored_choices(class_id)


def test_a_class_of_one_plays_against_stored_choices() -> None:
    pool = _stored("massai-two-huts", 12)
    assert len(pool) == 6

    def run() -> ClassLedger:
        ledger = ClassLedger.new("massai-two-huts", rounds=6, seed=5, partners_from=[12])
        ana = ledger.join("Ana", "s1")
        for _ in range(6):
            record = ledger.open_round()
            (group,) = record.groups
            role = group.index(ana)
            ledger.submit(ana, ledger.game.actions[role][-1])
            ledger.close_round(pool)
        return ledger

    ledger = run()
    assert ledger.to_json() == run().to_json()  # the same class and round draw the same partner
    roles: Counter[str] = Counter()
    for record in ledger.history:
        mine = next(o for o in record.outcomes if o.student is not None)
        partner = next(o for o in record.outcomes if o.student is None)
        roles[mine.role] += 1
        assert partner.stored_class == 12 and partner.by_computer
        assert (12, partner.stored_round, partner.role, partner.action) in {
            (c.class_id, c.round, c.role, c.action) for c in pool
        }
        assert mine.partner_kinds == (f"stored:12:{partner.stored_round}",)
        assert mine.partners == (f"stored choice (class 12, round {partner.stored_round})",)
        assert (
            mine.payoff
            == ledger.game.payoff(
                [mine.action, partner.action]
                if mine.role == "attacker"
                else [partner.action, mine.action]
            )[0 if mine.role == "attacker" else 1]
        )
        # A stored choice is never one of this class's: the frequencies hold Ana's alone.
        shares = ledger.shares(record.number, ledger.game.roles.index(mine.role))
        assert shares[mine.action] == 1.0
    assert len(roles) == 2  # alone, Ana still plays both sides over the rounds
    # The stored partners are not students of this class: the export marks them.
    rows = list(csv.DictReader(io.StringIO(ledger.csv_text())))
    assert {r["stored_class"] for r in rows if r["student"] == ""} == {"12"}
    assert ledger.stored_choices(13) == [
        StoredChoice(13, o.round, o.role, o.action)
        for o in ledger.outcomes()
        if o.student is not None
    ]


def test_an_odd_class_uses_one_stored_partner_and_others_fall_back_to_the_computer() -> None:
    pool = _stored("africa-two-full", 7)
    ledger = ClassLedger.new("africa-two-full", rounds=2, seed=3, partners_from=[7])
    for name in ("Ana", "Ben", "Cy"):
        ledger.join(name)
    ledger.open_round()
    outcomes = ledger.close_round(pool)
    stored = [o for o in outcomes if o.stored_class is not None]
    assert len(stored) == 1 and len(outcomes) == 4
    # Without stored choices of the class named (another class's pool), the computer plays.
    ledger.open_round()
    outcomes = ledger.close_round([StoredChoice(99, 1, "France", "war")])
    assert [o.nickname for o in outcomes if o.student is None] == ["computer"]


def test_every_seat_is_paid_by_the_rules_with_stored_partners() -> None:
    pool = _stored("africa-three-full", 4)
    ledger = ClassLedger.new("africa-three-full", rounds=3, seed=8, partners_from=[4])
    ledger.join("Ana")
    game = preset("africa-three-full")
    for _ in range(3):
        ledger.open_round()
        outcomes = ledger.close_round(pool)
        assert sum(o.stored_class is not None for o in outcomes) == 2
        profile = [next(o.action for o in outcomes if o.role == r) for r in game.roles]
        assert [o.payoff for o in sorted(outcomes, key=lambda o: game.roles.index(o.role))] == list(
            game.payoff(profile)
        )


steps = st.lists(
    st.tuples(
        st.sampled_from(["join", "standin", "leave", "submit", "open", "close"]),
        st.integers(0, 9),
        st.integers(0, 3),
    ),
    max_size=50,
)


@settings(max_examples=50, deadline=None)
@given(steps, st.sampled_from(["africa-two-full-score", "africa-three-full", "massai-two-huts"]))
def test_stand_ins_and_stored_partners_keep_the_books_straight(
    plan: list[tuple[str, int, int]], key: str
) -> None:
    pool = _stored(key, 3)
    ledger = ClassLedger.new(key, rounds=5, seed=1, partners_from=[3])
    ids: list[str] = []
    strategies = ["uniform", "nash", "best-response"]
    for kind, who, choice in plan:
        try:
            if kind == "join":
                ids.append(ledger.join(f"p{len(ids)}", f"h{len(ids)}"))
            elif kind == "standin":
                sid = f"b{len(ids)}"
                ids.append(
                    ledger.add_standin(f"Stand-in {len(ids)}", strategies[choice % 3], who, sid)
                )
            elif ids and kind == "leave":
                ledger.leave(ids[who % len(ids)])
            elif ids and kind == "submit":
                sid = ids[who % len(ids)]
                seat = ledger.seat_of(sid)
                role = seat[1] if seat else 0
                actions = ledger.game.actions[role]
                ledger.submit(sid, actions[choice % len(actions)])
            elif kind == "open":
                ledger.open_round()
            elif kind == "close":
                ledger.close_round(pool)
        except ClassError:
            pass
    for record in ledger.history:
        if not record.closed:
            continue
        assert len(record.outcomes) == ledger.game.group_size * len(record.groups)
        for o in record.outcomes:
            assert o.standin == (o.student is not None and o.student.startswith("b"))
            if o.stored_class is not None:
                assert o.student is None and o.by_computer and o.stored_class == 3
        # The class's frequencies count its own choices only (stand-ins' among them).
        own = [o for o in record.outcomes if not o.by_computer]
        counted = Counter(o.action for o in own)
        shares = ledger.shares(record.number)
        if own:
            for action, share in shares.items():
                assert share == pytest.approx(counted[action] / len(own))
    again = ClassLedger.from_json(json.loads(json.dumps(ledger.to_json())))
    assert again.to_json() == ledger.to_json()
