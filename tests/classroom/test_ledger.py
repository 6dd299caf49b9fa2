"""The class game's bookkeeping: joins, late joiners, dropouts, stand-ins, payoffs, export."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.classroom.games import preset
from tabletop.classroom.ledger import ClassError, ClassLedger, clean_nickname


def _class(n: int, key: str = "africa-two-full", rounds: int = 5, **kw: object) -> tuple:
    ledger = ClassLedger.new(key, rounds=rounds, seed=11, **kw)  # type: ignore[arg-type]
    return ledger, [ledger.join(f"Student {k}") for k in range(n)]


def test_nicknames_are_checked_and_unique() -> None:
    ledger, _ = _class(1)
    assert clean_nickname("  Zoé   M. ") == "Zoé M."
    for bad, message in [
        ("", "choose a nickname"),
        ("x" * 25, "at most 24"),
        ("a\x00b", "letters"),
    ]:
        with pytest.raises(ClassError, match=message):
            ledger.join(bad)
    with pytest.raises(ClassError, match="taken"):
        ledger.join("student 0")


def test_a_round_pays_each_seat_by_the_rules() -> None:
    ledger, ids = _class(4)
    record = ledger.open_round()
    for group in record.groups:
        first, second = group
        ledger.submit(first, "war")
        ledger.submit(second, "war")
        ledger.submit(second, "alliance")  # a changed mind: the last choice counts
    outcomes = ledger.close_round()
    game = preset("africa-two-full")
    assert len(outcomes) == 4 and not any(o.by_computer for o in outcomes)
    for o in outcomes:
        expected = game.payoff(("war", "alliance"))[0 if o.action == "war" else 1]
        assert o.payoff == expected
    assert sum(ledger.totals().values()) == sum(o.payoff for o in outcomes)


def test_late_joiner_waits_and_a_dropout_is_played_by_the_computer() -> None:
    ledger, (a, b, c) = _class(3)
    record = ledger.open_round()
    late = ledger.join("Late")
    with pytest.raises(ClassError, match="from the next one"):
        ledger.submit(late, "war")
    assert ledger.seat_of(late) is None
    computer_partner = next(s for g in record.groups if None in g for s in g if s)
    ledger.submit(computer_partner, "alliance")
    others = [s for s in (a, b, c) if s != computer_partner]
    ledger.submit(others[0], "war")
    ledger.leave(others[1])  # gone before choosing: nobody waits for them
    assert ledger.waiting_for() == []
    with pytest.raises(ClassError, match="computer plays your seat"):
        ledger.submit(others[1], "war")
    outcomes = {o.student: o for o in ledger.close_round()}
    assert outcomes[others[1]].by_computer and outcomes[others[1]].nickname.endswith("(computer)")
    assert outcomes[None].by_computer  # the seat nobody had
    assert not outcomes[computer_partner].by_computer
    # The next round seats the late joiner and not the one who left.
    record = ledger.open_round()
    seated = {s for g in record.groups for s in g if s}
    assert late in seated and others[1] not in seated
    # A reload of the one who left brings them back for the round after.
    assert ledger.rejoin(others[1]) == "Student " + str((a, b, c).index(others[1]))


def test_rounds_open_and_close_in_order() -> None:
    ledger, _ = _class(2, rounds=1)
    with pytest.raises(ClassError, match="no round is open"):
        ledger.close_round()
    ledger.open_round()
    with pytest.raises(ClassError, match="still open"):
        ledger.open_round()
    ledger.close_round()
    assert ledger.finished
    with pytest.raises(ClassError, match="over after its 1 rounds"):
        ledger.open_round()


def test_the_computer_plays_the_equilibrium_mix_in_the_long_run() -> None:
    # Massai, three huts: nobody submits, so every seat is the computer's; 20 ledgers x 100 rounds.
    game = preset("massai-three-huts")
    counts: Counter[str] = Counter()
    n = 0
    for seed in range(20):
        ledger = ClassLedger.new("massai-three-huts", rounds=100, seed=seed)
        ledger.join("A")
        ledger.join("B")
        for _ in range(100):
            ledger.open_round()
            for o in ledger.close_round():
                if o.role == "attacker":
                    counts[o.action] += 1
                    n += 1
    for target, p in game.prediction.mix[0].items():
        spread = 4 * (p * (1 - p) / n) ** 0.5  # four standard deviations
        assert abs(counts[target] / n - p) < spread, (target, counts[target] / n, p)


def test_csv_holds_exactly_what_was_submitted() -> None:
    ledger, ids = _class(4, key="massai-two-huts", rounds=2)
    submitted = {}
    for number in (1, 2):
        record = ledger.open_round()
        for group in record.groups:
            attacker, defender = group
            ledger.submit(attacker, "d4")
            ledger.submit(defender, "c4")
            submitted[(number, attacker)] = "d4"
            submitted[(number, defender)] = "c4"
        ledger.close_round()
    rows = list(csv.DictReader(io.StringIO(ledger.csv_text())))
    assert len(rows) == 8
    assert {(int(r["round"]), r["student"]): r["action"] for r in rows} == submitted
    assert all(r["by_computer"] == "0" for r in rows)
    assert sum(float(r["payoff"]) for r in rows) == 0.0  # zero-sum


actions = st.sampled_from(["join", "leave", "rejoin", "submit", "open", "close"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(actions, st.integers(0, 9), st.integers(0, 3)), max_size=60))
def test_any_sequence_keeps_the_books_straight(steps: list[tuple[str, int, int]]) -> None:
    ledger = ClassLedger.new("africa-three-full", rounds=6, seed=5)
    ids: list[str] = []
    for kind, who, choice in steps:
        try:
            if kind == "join":
                ids.append(ledger.join(f"s{len(ids)}"))
            elif ids and kind == "leave":
                ledger.leave(ids[who % len(ids)])
            elif ids and kind == "rejoin":
                ledger.rejoin(ids[who % len(ids)])
            elif ids and kind == "submit":
                sid = ids[who % len(ids)]
                seat = ledger.seat_of(sid)
                role = seat[1] if seat else 0
                ledger.submit(sid, ledger.game.actions[role][choice])
            elif kind == "open":
                ledger.open_round()
            elif kind == "close":
                ledger.close_round()
        except ClassError:
            pass
    for record in ledger.history:
        seats = [s for g in record.groups for s in g if s is not None]
        assert len(seats) == len(set(seats))  # nobody seated twice
        if record.closed:
            assert len(record.outcomes) == 3 * len(record.groups)
            for o in record.outcomes:
                human = o.student in record.choices and o.student not in record.left
                assert o.by_computer == (not human)
    total = ledger.totals()
    assert sum(total.values()) == pytest.approx(
        sum(o.payoff for o in ledger.outcomes() if o.student is not None)
    )
    again = ClassLedger.from_json(json.loads(json.dumps(ledger.to_json())))
    assert again.to_json() == ledger.to_json()


def test_a_damaged_save_is_refused() -> None:
    with pytest.raises(ClassError, match="not a saved class game"):
        ClassLedger.from_json({"format": "other"})
    ledger, _ = _class(2)
    data = ledger.to_json()
    del data["students"]
    with pytest.raises(ClassError, match="damaged"):
        ClassLedger.from_json(data)
