"""The gate's rules (:mod:`tabletop.server.gate`) and the kernel caps
(:mod:`tabletop.server.kernels`), without a web server: who opens which page, what a guesser
gets, and that nobody else is ever locked out by someone's guesses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.server.gate import FixedChecks, Gate
from tabletop.server.kernels import KernelLedger
from tabletop.serving import Guesses

KEY = "the-owner-key-of-this-test"
CHECKS = FixedChecks(
    seats={(3, "seat-token"), (3, "K7QX2P")},
    hosts={(3, "host-token")},
    joins={(5, "join-token"), (5, "CLASS9")},
    students={(5, "student-token")},
    teachers={(5, "teacher-token")},
    reveals={(7, "reveal-pass")},
)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def gate(clock: Clock) -> Gate:
    return Gate(KEY, CHECKS, Guesses(clock=clock))


RIGHTFUL = [
    ("seat.ipynb", {"table": "3", "token": "seat-token"}),
    ("seat.ipynb", {"table": "3", "token": "K7QX2P"}),
    ("table.ipynb", {"table": "3", "token": "host-token"}),
    ("student.ipynb", {"class": "5", "join": "join-token"}),
    ("student.ipynb", {"class": "5", "join": "CLASS9"}),
    ("student.ipynb", {"class": "5", "student": "student-token"}),
    ("classroom.ipynb", {"class": "5", "token": "teacher-token"}),
    ("reveal.ipynb", {"game": "7", "pass": "reveal-pass"}),
]


@pytest.mark.parametrize(("notebook", "query"), RIGHTFUL)
def test_each_link_opens_its_own_page(gate: Gate, notebook: str, query: dict[str, str]) -> None:
    assert gate.page(notebook, query, "10.0.0.2", owner=False).allowed


@pytest.mark.parametrize(
    ("notebook", "query"),
    [
        ("seat.ipynb", {"table": "4", "token": "seat-token"}),  # another table's number
        ("seat.ipynb", {"table": "3", "token": "host-token"}),  # the host is not a seat
        ("table.ipynb", {"table": "3", "token": "seat-token"}),  # a seat is not the host
        ("table.ipynb", {"game": "1"}),  # opening a table hands out tokens: the owner's
        ("student.ipynb", {"class": "5", "join": "teacher-token"}),
        ("classroom.ipynb", {"class": "5", "token": "join-token"}),
        ("reveal.ipynb", {"game": "8", "pass": "reveal-pass"}),
        ("reveal.ipynb", {"game": "7"}),
        ("africa1880.ipynb", {}),
        ("massai.ipynb", {"game": "1"}),
        ("game_theory.ipynb", {}),
        ("classroom.ipynb", {}),
        ("unknown.ipynb", {"table": "3", "token": "seat-token"}),
    ],
)
def test_nothing_else_opens_without_the_owner(
    gate: Gate, notebook: str, query: dict[str, str]
) -> None:
    verdict = gate.page(notebook, query, "10.0.0.2", owner=False)
    assert verdict.status == 403 and verdict.message
    assert gate.page(notebook, query, "10.0.0.3", owner=True).allowed


def test_a_link_without_its_code_gets_the_form_for_it(gate: Gate) -> None:
    seat = gate.page("seat.ipynb", {}, "10.0.0.2", owner=False)
    assert not seat.allowed and seat.form == ("table", "token")
    student = gate.page("student.ipynb", {"class": "5"}, "10.0.0.2", owner=False)
    assert student.form == ("class", "join")
    # Asking for the form is no guess.
    assert gate.guesses.wait("10.0.0.2") is None


def test_twelve_wrong_guesses_refuse_the_guesser_only(gate: Gate, clock: Clock) -> None:
    guesser = "10.0.0.66"
    answers = [
        gate.page("seat.ipynb", {"table": "3", "token": f"WRONG{n}"}, guesser, False).status
        for n in range(12)
    ]
    assert answers[: Guesses.ALLOWED] == [403] * Guesses.ALLOWED
    assert answers[Guesses.ALLOWED :] == [429, 429]
    # The guesser is refused even with a right token while its tries are spent...
    refused = gate.page("seat.ipynb", {"table": "3", "token": "seat-token"}, guesser, False)
    assert refused.status == 429 and refused.retry_after and "try again" in refused.message
    # ...and everyone else gets in at once: the seat, the host, 40 students.
    for notebook, query in RIGHTFUL:
        assert gate.page(notebook, query, "10.0.0.2", owner=False).allowed
    for student in range(40):
        client = f"10.0.1.{student}"
        assert gate.page("student.ipynb", {"class": "5", "join": "CLASS9"}, client, False).allowed
    # The guesser's tries come back with time, one by one.
    clock.now += Guesses.REFILL
    assert gate.page("seat.ipynb", {"table": "3", "token": "seat-token"}, guesser, False).allowed
    assert gate.page("seat.ipynb", {"table": "3", "token": "nope"}, guesser, False).status == 403
    assert gate.page("seat.ipynb", {"table": "3", "token": "nope"}, guesser, False).status == 429


def test_wrong_owner_keys_are_guesses_too(gate: Gate) -> None:
    for _ in range(Guesses.ALLOWED):
        assert gate.owner_key_ok("not-the-key", "10.0.0.9").status == 403
    assert gate.owner_key_ok(KEY, "10.0.0.9").status == 429
    assert gate.owner_key_ok(KEY, "10.0.0.10").allowed


def test_a_number_that_is_not_one_is_refused_in_one_line(gate: Gate) -> None:
    verdict = gate.page("seat.ipynb", {"table": "3; drop", "token": "x"}, "10.0.0.2", False)
    assert verdict.status == 403 and "not a number" in verdict.message
    huge = gate.page("seat.ipynb", {"table": "9" * 40, "token": "x"}, "10.0.0.2", False)
    assert huge.status == 403


def test_a_short_owner_key_is_refused() -> None:
    with pytest.raises(ValueError):
        Gate("short", CHECKS)


@given(st.lists(st.sampled_from(["wrong", "wait", "right"]), max_size=60))
def test_guesses_never_give_more_than_allowed_plus_the_refill(steps: list[str]) -> None:
    clock = Clock()
    gate = Gate(KEY, CHECKS, Guesses(clock=clock))
    wrong_answered = 0
    for step in steps:
        if step == "wait":
            clock.now += Guesses.REFILL / 2
            continue
        token = "seat-token" if step == "right" else "bad"
        status = gate.page("seat.ipynb", {"table": "3", "token": token}, "g", False).status
        assert status in (200, 403, 429)
        assert (status == 200) <= (step == "right")
        wrong_answered += status == 403
    # Wrong tokens looked at: the free tries plus one per refill period that passed.
    assert wrong_answered <= Guesses.ALLOWED + clock.now / Guesses.REFILL


def test_a_flood_of_addresses_cannot_fill_the_memory() -> None:
    """The oldest clients are forgotten first (a spent one then starts afresh)."""
    clock = Clock()
    guesses = Guesses(clock=clock)
    for _ in range(Guesses.ALLOWED):
        guesses.wrong("first")
    assert guesses.wait("first") is not None
    for n in range(Guesses.REMEMBERED):
        guesses.wrong(f"client-{n}")
    assert guesses.wait("first") is None
    assert guesses.wait(f"client-{Guesses.REMEMBERED - 1}") is None  # one try spent of ten


def test_kernel_caps_per_server_and_per_client() -> None:
    ledger = KernelLedger(total=5, per_client=2)
    live: set[str] = {"pool-1"}
    for n in range(2):
        assert ledger.admit("phone", live).allowed
        ledger.started(f"k{n}", "phone")
        live.add(f"k{n}")
    busy = ledger.admit("phone", live)
    assert busy.status == 503 and "close one" in busy.message and busy.retry_after
    assert ledger.admit("laptop", live).allowed
    live |= {"x", "y"}
    full = ledger.admit("laptop", live)
    assert full.status == 503 and "busy" in full.message
    # A closed page frees its place.
    live -= {"k0", "x"}
    assert ledger.admit("phone", live).allowed
    assert ledger.of_client("phone", live) == 1
