"""The values the database hands out (a game's list entry, a history entry, a snapshot, the
counters, a typed sheet, a timer) and how they are read from rows.

>>> from datetime import datetime, timezone
>>> TimerState({"remaining": 30, "running": False}, datetime.now(timezone.utc), 1).remaining_now()
30.0
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, overload

import sqlalchemy as sa
from sqlalchemy.engine import Row

from tabletop.store.kinds import AnyGame
from tabletop.store.schema import games, history


def utc_now() -> datetime:
    """The time every row is written with: now, in UTC."""
    return datetime.now(timezone.utc)


@overload
def aware(value: datetime) -> datetime: ...
@overload
def aware(value: None) -> None: ...
def aware(value: datetime | None) -> datetime | None:
    """A stored time with its zone: SQLite gives naive datetimes back, all written in UTC."""
    if value is None:
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def dump_json(data: Any) -> str:
    """The compact JSON text kept in the database (states, reports, timers, secrets)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class GameInfo:
    """One game as a list shows it (no state read)."""

    id: int
    name: str
    kind: str
    players: list[str]
    created: datetime
    updated: datetime
    version: int
    aux_version: int
    head_seq: int
    step: int
    last_action: str
    options: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form (``tabletop games list --json``)."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "players": list(self.players),
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "version": self.version,
            "step": self.step,
            "last_action": self.last_action,
        }


@dataclass(frozen=True)
class Entry:
    """One entry of a game's history; ``state`` is its game-file JSON when it was read."""

    game_id: int
    seq: int
    action: str
    detail: str | None
    report: dict[str, Any] | None
    actor: str
    at: datetime
    step: int
    parent_seq: int | None
    returns_to: int | None
    undoes: int | None
    state: dict[str, Any] | None = None

    def to_json(self, with_state: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seq": self.seq,
            "action": self.action,
            "detail": self.detail,
            "report": self.report,
            "actor": self.actor,
            "at": self.at.isoformat(),
            "step": self.step,
            "parent_seq": self.parent_seq,
            "returns_to": self.returns_to,
            "undoes": self.undoes,
        }
        if with_state:
            data["state"] = self.state
        return data


@dataclass(frozen=True)
class Snapshot:
    """A game as read at one version: what a page shows and the version its next change names."""

    info: GameInfo
    game: AnyGame
    seq: int

    @property
    def game_id(self) -> int:
        return self.info.id

    @property
    def version(self) -> int:
        return self.info.version

    @property
    def kind(self) -> str:
        return self.info.kind


@dataclass(frozen=True)
class Versions:
    """The two counters of a game: ``version`` (its state) and ``aux_version`` (everything
    else a page shows: name, typed sheets, timer, secrets)."""

    version: int
    aux_version: int


@dataclass(frozen=True)
class Draft:
    """A typed sheet not resolved yet."""

    seat: str
    text: str
    actor: str
    updated: datetime
    rev: int


@dataclass(frozen=True)
class TimerState:
    """A timer as a page left it; ``remaining_now`` counts the time since, when it runs."""

    state: dict[str, Any]
    updated: datetime
    rev: int

    def remaining_now(self, now: float | None = None) -> float | None:
        """Seconds left now for a state holding ``remaining`` and ``running`` (else ``None``)."""
        remaining = self.state.get("remaining")
        if not isinstance(remaining, (int, float)):
            return None
        if not self.state.get("running"):
            return float(remaining)
        now = time.time() if now is None else now
        return max(0.0, float(remaining) - (now - self.updated.timestamp()))


def clean_name(name: str | None) -> str:
    """A game's name as kept: spaces collapsed, at most 200 characters."""
    return " ".join((name or "").split())[:200]


def info_query(with_state: bool = False) -> sa.Select[Any]:
    """The query of a game's list entry (``with_state``: also its board and newest state)."""
    head = history.alias("head")
    columns: list[Any] = [
        games.c.id,
        games.c.name,
        games.c.kind,
        games.c.players,
        games.c.options,
        games.c.created,
        games.c.updated,
        games.c.version,
        games.c.aux_version,
        games.c.head_seq,
        head.c.step,
        head.c.action,
    ]
    if with_state:
        columns += [games.c.board, head.c.state]
    return sa.select(*columns).join(
        head, sa.and_(head.c.game_id == games.c.id, head.c.seq == games.c.head_seq)
    )


def info_from(row: Row[Any]) -> GameInfo:
    """The list entry read by :func:`info_query`."""
    return GameInfo(
        id=row.id,
        name=row.name,
        kind=row.kind,
        players=json.loads(row.players),
        created=aware(row.created),
        updated=aware(row.updated),
        version=row.version,
        aux_version=row.aux_version,
        head_seq=row.head_seq,
        step=row.step,
        last_action=row.action,
        options=json.loads(row.options),
    )


def entry_from(row: Row[Any]) -> Entry:
    """A history entry from its row (with its state when the row has one)."""
    mapping = row._mapping
    state = mapping.get("state")
    report = mapping["report"]
    return Entry(
        game_id=mapping["game_id"],
        seq=mapping["seq"],
        action=mapping["action"],
        detail=mapping["detail"],
        report=None if report is None else json.loads(report),
        actor=mapping["actor"],
        at=aware(mapping["at"]),
        step=mapping["step"],
        parent_seq=mapping["parent_seq"],
        returns_to=mapping["returns_to"],
        undoes=mapping["undoes"],
        state=None if state is None else json.loads(state),
    )
