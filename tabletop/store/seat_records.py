"""The values tables and seats hand out (``IssuedSeat``, ``NewTable``, ``SeatAccess``,
``SealReceipt``, ``TableStatus``) and the links of the seat pages and of the shared screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
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
    """A sheet or secret sealed: for which seat, which round (Massai: action count), which rev."""

    seat: str
    round: int
    rev: int
    sealed_at: datetime


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
