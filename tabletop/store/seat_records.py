"""The values tables and seats hand out (``IssuedSeat``, ``NewTable``, ``SeatAccess``,
``SealReceipt``, ``TableStatus``, the table's clock ``TableClock`` and what it reads at a moment,
``ClockReading``) and the links of the seat pages and of the shared screen."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

#: The name of the host (the shared screen) in a :class:`SeatAccess`.
HOST = "host"


def seat_url(base_url: str, table_id: int, token: str) -> str:
    """The join link of a seat (the seat page, ``notebooks/seat.ipynb``)."""
    return f"{base_url.rstrip('/')}/voila/render/seat.ipynb?table={table_id}&token={token}"


def host_url(base_url: str, table_id: int, token: str) -> str:
    """The shared screen's link (the table page, ``notebooks/table.ipynb``)."""
    return f"{base_url.rstrip('/')}/voila/render/table.ipynb?table={table_id}&token={token}"


@dataclass(frozen=True)
class IssuedSeat:
    """A seat's secrets as issued: only the host ever gets these back."""

    seat: str
    token: str
    code: str

    def to_json(self, table_id: int, base_url: str) -> dict[str, Any]:
        return {
            "power": self.seat,
            "token": self.token,
            "code": self.code,
            "url": seat_url(base_url, table_id, self.token),
        }


@dataclass(frozen=True)
class NewTable:
    """What opening a table gives the host: its token and every seat's link."""

    table_id: int
    game_id: int
    kind: str
    round: int
    host_token: str
    seats: tuple[IssuedSeat, ...]

    def seat(self, name: str) -> IssuedSeat:
        for item in self.seats:
            if item.seat == name:
                return item
        raise KeyError(name)

    def to_json(self, base_url: str) -> dict[str, Any]:
        """``tabletop table new --json``."""
        return {
            "table": self.table_id,
            "game": self.game_id,
            "kind": self.kind,
            "round": self.round,
            "host": {
                "token": self.host_token,
                "url": host_url(base_url, self.table_id, self.host_token),
            },
            "seats": [s.to_json(self.table_id, base_url) for s in self.seats],
        }


@dataclass(frozen=True)
class SeatAccess:
    """Who a token opened the table for: a seat, or the host (``seat == HOST``)."""

    table_id: int
    game_id: int
    kind: str
    seat: str

    @property
    def is_host(self) -> bool:
        return self.seat == HOST


@dataclass(frozen=True)
class SealReceipt:
    """A sheet or secret sealed: for which seat, which round (Massai: action count), which rev
    (the seat's count of seals, every round together), and whether it replaced one this seat had
    sealed for the same round."""

    seat: str
    round: int
    rev: int
    sealed_at: datetime
    #: True when this seat had already sealed this round: the earlier sheet is replaced.
    replaced: bool = False


@dataclass(frozen=True)
class TableStatus:
    """Who has sealed for the current round, never what."""

    table_id: int
    game_id: int
    kind: str
    round: int
    version: int
    sealed: list[str]
    waiting: list[str]
    game_over: bool = False
    sealed_at: dict[str, datetime] = field(default_factory=dict, compare=False)

    @property
    def complete(self) -> bool:
        return not self.waiting

    def to_json(self) -> dict[str, Any]:
        """``tabletop table status --json``."""
        return {
            "table": self.table_id,
            "game": self.game_id,
            "round": self.round,
            "sealed": list(self.sealed),
            "waiting": list(self.waiting),
            "game_over": self.game_over,
        }


#: The phases of a table's clock as kept: talking, then writing orders in silence; or paused.
NEGOTIATION = "negotiation"
WRITING = "writing"
PAUSED = "paused"
#: What a clock may read besides its phases: its time is up, or there is no clock.
TIME_UP = "up"
NO_CLOCK = "idle"
#: The lengths of a round's phases until the host sets others (seconds).
DEFAULT_NEGOTIATION_SECONDS = 8 * 60
DEFAULT_WRITING_SECONDS = 2 * 60
#: The longest phase, or extension, a clock takes (seconds).
MAX_CLOCK_SECONDS = 4 * 3600


@dataclass(frozen=True)
class ClockReading:
    """What a table's clock says at one moment.

    ``phase``: ``negotiation``, ``writing``, ``paused``, ``up`` or ``idle``; ``left``: the
    seconds left of that phase (of the phase paused, when paused); ``deadline``: when the phase
    shown ends (running phases only); ``paused``: the phase paused; ``then_writing``: the
    seconds of the silent writing window that follows the negotiation shown.
    """

    phase: str
    left: float = 0.0
    deadline: datetime | None = None
    paused: str | None = None
    then_writing: int = 0

    @property
    def running(self) -> bool:
        return self.phase in (NEGOTIATION, WRITING)


@dataclass(frozen=True)
class TableClock:
    """One table's clock as kept with the table: the only clock every page of the table shows.

    ``phase`` is the phase kept (``negotiation``, ``writing``, ``paused``; ``None``: no clock),
    ``deadline`` the end of the running phase as an absolute UTC time, ``left`` the seconds
    left when paused and ``paused`` the phase paused; ``negotiation`` and ``writing`` are the
    lengths of the phases (a writing window of 0: none). When the negotiation's deadline
    passes, the writing window runs on its own: ``deadline + writing`` is its end, so no one
    has to be there to start it. The changes are pure: each gives the new clock.

    >>> from datetime import timezone
    >>> t0 = datetime(2026, 1, 1, 20, 0, tzinfo=timezone.utc)
    >>> clock = TableClock().started(t0, round=4)
    >>> clock.reading(t0 + timedelta(seconds=30)).left
    450.0
    >>> reading = clock.reading(t0 + timedelta(minutes=9))
    >>> reading.phase, reading.left
    ('writing', 60.0)
    >>> clock.reading(t0 + timedelta(minutes=10)).phase
    'up'
    """

    phase: str | None = None
    deadline: datetime | None = None
    left: float | None = None
    paused: str | None = None
    negotiation: int = DEFAULT_NEGOTIATION_SECONDS
    writing: int = DEFAULT_WRITING_SECONDS
    round: int | None = None
    rev: int = 0

    def reading(self, now: datetime) -> ClockReading:
        """What the clock says at ``now``."""
        if self.phase == PAUSED:
            return ClockReading(PAUSED, float(self.left or 0.0), paused=self.paused)
        if self.phase not in (NEGOTIATION, WRITING) or self.deadline is None:
            return ClockReading(NO_CLOCK)
        end = self.deadline
        if now < end:
            then = self.writing if self.phase == NEGOTIATION else 0
            return ClockReading(self.phase, (end - now).total_seconds(), end, then_writing=then)
        if self.phase == NEGOTIATION and self.writing > 0:
            end = end + timedelta(seconds=self.writing)
            if now < end:
                return ClockReading(WRITING, (end - now).total_seconds(), end)
        return ClockReading(TIME_UP)

    def started(
        self, now: datetime, round: int, phase: str = NEGOTIATION, seconds: float | None = None
    ) -> TableClock:
        """The clock started afresh at ``now`` for ``round`` on ``phase`` (its full length, or
        ``seconds``)."""
        if seconds is None:
            seconds = self.negotiation if phase == NEGOTIATION else self.writing
        return replace(
            self,
            phase=phase,
            deadline=now + timedelta(seconds=seconds),
            left=None,
            paused=None,
            round=round,
        )

    def paused_at(self, now: datetime) -> TableClock:
        """Paused at ``now``, keeping the seconds left (unchanged unless a phase runs)."""
        reading = self.reading(now)
        if not reading.running:
            return self
        return replace(self, phase=PAUSED, deadline=None, left=reading.left, paused=reading.phase)

    def resumed_at(self, now: datetime) -> TableClock:
        """Running again from ``now`` with the seconds left when paused (else unchanged)."""
        if self.phase != PAUSED or self.paused is None:
            return self
        left = timedelta(seconds=float(self.left or 0.0))
        return replace(self, phase=self.paused, deadline=now + left, left=None, paused=None)

    def extended(self, now: datetime, seconds: float) -> TableClock:
        """``seconds`` more for the phase shown at ``now`` (paused: more time left). A clock
        whose time is up runs again for ``seconds`` in its last phase; no clock stays none."""
        reading = self.reading(now)
        more = timedelta(seconds=seconds)
        if reading.phase == PAUSED:
            return replace(self, left=reading.left + seconds)
        if reading.running and reading.deadline is not None:
            return replace(self, phase=reading.phase, deadline=reading.deadline + more)
        if reading.phase == TIME_UP:
            last = WRITING if self.phase == WRITING or self.writing > 0 else NEGOTIATION
            return replace(self, phase=last, deadline=now + more)
        return self

    def with_lengths(self, negotiation: int | None, writing: int | None) -> TableClock:
        """The lengths of the phases started from now on (``None``: unchanged)."""
        return replace(
            self,
            negotiation=self.negotiation if negotiation is None else negotiation,
            writing=self.writing if writing is None else writing,
        )

    def stopped(self) -> TableClock:
        """No clock (the lengths stay)."""
        return replace(self, phase=None, deadline=None, left=None, paused=None)

    def to_json(self, now: datetime) -> dict[str, Any]:
        """``tabletop table status --json``'s clock: as kept, and what it reads at ``now``."""
        reading = self.reading(now)
        return {
            "phase": reading.phase,
            "left": round(reading.left, 3),
            "deadline": None if reading.deadline is None else reading.deadline.isoformat(),
            "paused": reading.paused,
            "negotiation": self.negotiation,
            "writing": self.writing,
            "rev": self.rev,
        }
