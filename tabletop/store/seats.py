"""Tables with secret seats: each player seals their orders from their own device.

A table is opened on a game (Africa 1880: one seat per power; Massai: one per player). The host
(the shared screen) and every seat get a token of 192 random bits (``secrets.token_urlsafe(24)``)
and each seat a short code to type instead; the database keeps only their SHA-256 hashes, and
each seat's token and code sealed under the host token (so the shared screen can show the links
again, and nobody else can). Tokens are compared with :func:`hmac.compare_digest`. Wrong tokens
are counted per table in the database: after :data:`FREE_FAILURES` the table refuses every
token for a growing while (1 s, 2 s, 4 s ... :data:`MAX_LOCK_SECONDS`), across processes.

What a seat may see is decided in the core (``tabletop.games.*.observe``); the queries for one
seat name that seat in their ``WHERE`` and never read another seat's row.

>>> import tempfile
>>> from tabletop.games.africa1880.gamefile import example_game
>>> from tabletop.store import open_store
>>> store = open_store(tempfile.mkdtemp() + "/tabletop.db")
>>> tables = Tables(store)
>>> new = tables.open_table(store.create_game(example_game()).game_id)
>>> france = new.seat("France")
>>> tables.seal(new.table_id, france.token, "Algeria: develop").round
4
>>> status = tables.status(new.table_id)
>>> status.sealed, len(status.waiting)
(['France'], 3)
>>> store.close()
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.games.africa1880 import observe as africa_observe
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError
from tabletop.games.africa1880.report import Report as AfricaReport
from tabletop.games.massai import observe as massai_observe
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import format_action
from tabletop.store import kinds
from tabletop.store.errors import GameNotFound, StaleGameError, StoreError
from tabletop.store.schema import games, history
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import secrets as kept_secrets
from tabletop.store.schema import tables as tables_table
from tabletop.store.store import Snapshot, Store, _dumps
from tabletop.store.tokens import (
    CODE_ALPHABET,
    CODE_LENGTH,
    FREE_FAILURES,
    MAX_LOCK_SECONDS,
    lock_wait,
    normalize_code,
)
from tabletop.store.tokens import aware as _aware
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import new_code as _new_code
from tabletop.store.tokens import new_token as _new_token
from tabletop.store.tokens import utc_now as _now

__all__ = [
    "CODE_ALPHABET",
    "FREE_FAILURES",
    "MAX_LOCK_SECONDS",
    "HOST",
    "BadToken",
    "IssuedSeat",
    "NewTable",
    "RevokedToken",
    "RoundAlreadyResolved",
    "SealReceipt",
    "SealRefused",
    "SeatAccess",
    "SeatError",
    "SeatsMissing",
    "TableNotFound",
    "TableStatus",
    "Tables",
    "TooManyAttempts",
    "draft_key",
    "normalize_code",
    "seat_url",
    "host_url",
]

#: The name of the host (the shared screen) in a :class:`SeatAccess`.
HOST = "host"
#: Revoked token and code hashes kept per seat (to say "revoked" rather than "wrong").
OLD_HASHES_KEPT = 20
#: One seat's sheet: the round's sheets together stay under the notation's limit.
MAX_SEAT_SHEET_CHARS = MAX_SHEET_CHARS // 8
#: Default port of ``tabletop serve``.
DEFAULT_PORT = 8866


class SeatError(StoreError):
    """A refusal about a table or a seat (one line for a person)."""


class TableNotFound(SeatError):
    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"there is no table {table_id} in this database")


class BadToken(SeatError):
    """A token (or code) that opens nothing at this table."""


class RevokedToken(BadToken):
    """A token the host replaced (a lost phone): the seat needs its new link."""


class TooManyAttempts(SeatError):
    """Too many wrong tokens at this table lately; ``retry_after`` seconds to wait."""

    def __init__(self, table_id: int, retry_after: float) -> None:
        self.retry_after = retry_after
        super().__init__(
            f"too many wrong links for table {table_id}: "
            f"try again in {max(1, round(retry_after))} s"
        )


class SealRefused(SeatError):
    """A sheet or secret that cannot be sealed (another power's header, not this seat's turn,
    over the size limit, a game over)."""


class SeatsMissing(SeatError):
    """Resolving refused while seats have not sealed (``missing``); ``force`` overrides."""

    def __init__(self, table_id: int, missing: list[str]) -> None:
        self.missing = missing
        super().__init__(
            f"table {table_id}: waiting for {', '.join(missing)}; resolve with force to treat "
            "the missing sheets as the rules say (all hold, all alliance)"
        )


class RoundAlreadyResolved(SeatError):
    """The round named was resolved already (by another page or process): nothing changed."""


def _pad(host_token: str, table_id: int, seat: str, generation: int, size: int) -> bytes:
    # A key stream for one (table, seat, generation) from the host token: the links of a table
    # are readable by the holder of its host token only.
    message = f"{table_id}:{seat}:{generation}".encode()
    return hmac.new(host_token.encode(), message, hashlib.sha512).digest()[:size]


def _seal_link(host_token: str, table_id: int, seat: str, gen: int, token: str, code: str) -> str:
    data = f"{token} {code}".encode()
    pad = _pad(host_token, table_id, seat, gen, len(data))
    return base64.urlsafe_b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()


def _open_link(host_token: str, table_id: int, seat: str, gen: int, sealed: str) -> tuple[str, str]:
    data = base64.urlsafe_b64decode(sealed.encode())
    pad = _pad(host_token, table_id, seat, gen, len(data))
    token, code = bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode().split(" ")
    return token, code


def draft_key(table_id: int, seat: str) -> str:
    """The row name of a seat's unsealed draft in the ``secrets`` table (never a player's name:
    the game pages' own kept secrets use those)."""
    return f"table {table_id}: {seat}"


def _draft_credential(credential: str) -> str:
    # A code typed in any case or with dashes is the same code.
    credential = str(credential).strip()
    return normalize_code(credential) if len(credential) <= CODE_LENGTH + 4 else credential


def _draft_keys(credential: str, nonce: bytes) -> tuple[bytes, bytes]:
    # An encryption key and a MAC key from the seat's own credential: the draft is readable
    # with that seat's link (or code) only, not by the host, not by anyone reading the database.
    root = hmac.new(credential.encode(), b"tabletop seat draft" + nonce, hashlib.sha512).digest()
    return root[:32], root[32:]


def _keystream(key: bytes, size: int) -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < size:
        out += hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1
    return bytes(out[:size])


def _seal_draft(credential: str, round_: int, text: str) -> str:
    nonce = secrets.token_bytes(16)
    enc_key, mac_key = _draft_keys(credential, nonce)
    data = text.encode("utf-8")
    cipher = bytes(a ^ b for a, b in zip(data, _keystream(enc_key, len(data)), strict=True))
    mac = hmac.new(mac_key, round_.to_bytes(8, "big") + cipher, hashlib.sha256).hexdigest()
    return json.dumps(
        {
            "round": round_,
            "nonce": base64.b64encode(nonce).decode(),
            "data": base64.b64encode(cipher).decode(),
            "mac": mac,
        }
    )


def _open_draft(credential: str, round_: int, payload: str) -> str | None:
    try:
        doc = json.loads(payload)
        if not isinstance(doc, dict) or doc.get("round") != round_:
            return None  # a draft of a round already resolved
        nonce = base64.b64decode(doc["nonce"])
        cipher = base64.b64decode(doc["data"])
        enc_key, mac_key = _draft_keys(credential, nonce)
        mac = hmac.new(mac_key, round_.to_bytes(8, "big") + cipher, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, str(doc["mac"])):
            return None  # kept under another credential (the code, or a revoked link)
        data = bytes(a ^ b for a, b in zip(cipher, _keystream(enc_key, len(cipher)), strict=True))
        return data.decode("utf-8")
    except (ValueError, KeyError, TypeError):
        return None


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


def _round_of(game: Any) -> int:
    # The key sheets are sealed under: Africa's round to play; Massai's number of actions.
    return kinds.round_of(game)


def _game_over(game: Any) -> bool:
    if isinstance(game, Game):
        return bool(game.state.game_over)
    return str(game.state.phase) == "over"


def _expected_seats(game: Any, names: list[str]) -> list[str]:
    """The seats that have something to seal now (Africa: every power, unless the game is over;
    Massai: the players who have a secret to choose)."""
    if _game_over(game):
        return []
    if isinstance(game, Game):
        return list(names)
    state = game.state
    return [n for i, n in enumerate(names) if massai_observe.secret_for(state, i) is not None]


class Tables:
    """Tables and seats over a :class:`~tabletop.store.Store` (same database, same rules)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ opening
    def open_table(self, game_id: int) -> NewTable:
        """Open a table on game ``game_id``: a host token and a token and a code per seat."""
        snap = self.store.load(game_id)
        names = kinds.players_of(snap.game)
        host_token = _new_token()
        now = _now()
        issued: list[IssuedSeat] = []
        with self.store._write() as connection:
            inserted = connection.execute(
                tables_table.insert().values(
                    game_id=game_id, host_hash=_hash(host_token), created=now, failures=0
                )
            ).inserted_primary_key
            assert inserted is not None
            table_id = int(inserted[0])
            for position, name in enumerate(names):
                token, code = _new_token(), _new_code()
                connection.execute(
                    seats_table.insert().values(
                        table_id=table_id,
                        seat=name,
                        position=position,
                        token_hash=_hash(token),
                        code_hash=_hash(code),
                        sealed_link=_seal_link(host_token, table_id, name, 1, token, code),
                        generation=1,
                        old_hashes="[]",
                        rev=0,
                    )
                )
                issued.append(IssuedSeat(name, token, code))
        return NewTable(
            table_id, game_id, snap.kind, _round_of(snap.game), host_token, tuple(issued)
        )

    def table_game(self, table_id: int) -> int:
        """The game a table plays (public: the table's number is on the shared screen)."""
        with self.store._read() as connection:
            return self._table_row(connection, table_id).game_id

    def _table_row(self, connection: Connection, table_id: int) -> Any:
        row = connection.execute(
            sa.select(
                tables_table.c.id,
                tables_table.c.game_id,
                tables_table.c.host_hash,
                tables_table.c.failures,
                tables_table.c.locked_until,
            ).where(tables_table.c.id == table_id)
        ).one_or_none()
        if row is None:
            raise TableNotFound(table_id)
        return row

    # ------------------------------------------------------------------ tokens
    def authenticate(self, table_id: int, credential: str, host: bool = False) -> SeatAccess:
        """Who ``credential`` (a token, or a seat's short code) opens ``table_id`` for.

        ``host=True`` accepts the host token only. Wrong tokens are counted (in the database)
        and, after :data:`FREE_FAILURES`, lock the table's tokens out for a growing while.
        Raises :class:`BadToken`, :class:`RevokedToken`, :class:`TooManyAttempts`,
        :class:`TableNotFound`.
        """
        credential = str(credential).strip()
        hashes = {_hash(credential)}
        if not host and len(credential) <= CODE_LENGTH + 4:
            hashes.add(_hash(normalize_code(credential)))
        now = _now()
        failure: SeatError | None = None
        access: SeatAccess | None = None
        with self.store._write() as connection:
            table = self._table_row(connection, table_id)
            locked = _aware(table.locked_until)
            if locked is not None and locked > now:
                raise TooManyAttempts(table_id, (locked - now).total_seconds())
            kind = connection.execute(
                sa.select(games.c.kind).where(games.c.id == table.game_id)
            ).scalar_one()
            # Constant-time comparison of the hashes (no early exit on the first match).
            if any([hmac.compare_digest(table.host_hash, h) for h in hashes]):
                access = SeatAccess(table_id, table.game_id, kind, HOST)
            elif not host:
                access = self._seat_access(connection, table, kind, hashes)
            if access is None:
                if self._revoked(connection, table_id, hashes):
                    failure = RevokedToken(
                        f"this link to table {table_id} was replaced by the host (a new link was "
                        "issued for this seat): ask the host for the new link"
                    )
                else:
                    what = "host token" if host else "link or code"
                    failure = BadToken(
                        f"this {what} does not open table {table_id} (wrong, mistyped or from "
                        "another table)"
                    )
                    failures = table.failures + 1
                    values: dict[str, Any] = {"failures": failures}
                    wait = lock_wait(failures)
                    if wait is not None:
                        values["locked_until"] = now + timedelta(seconds=wait)
                    connection.execute(
                        tables_table.update().where(tables_table.c.id == table_id).values(**values)
                    )
            elif table.failures or table.locked_until is not None:
                connection.execute(
                    tables_table.update()
                    .where(tables_table.c.id == table_id)
                    .values(failures=0, locked_until=None)
                )
        if failure is not None:
            raise failure  # after the commit: the failure is counted
        assert access is not None
        return access

    def _seat_access(
        self, connection: Connection, table: Any, kind: str, hashes: set[str]
    ) -> SeatAccess | None:
        # Only the row whose token or code matches is read; then compared in constant time.
        conditions = [seats_table.c.token_hash.in_(hashes), seats_table.c.code_hash.in_(hashes)]
        row = connection.execute(
            sa.select(seats_table.c.seat, seats_table.c.token_hash, seats_table.c.code_hash)
            .where(seats_table.c.table_id == table.id, sa.or_(*conditions))
            .limit(1)
        ).one_or_none()
        if row is None:
            return None
        matches = [
            hmac.compare_digest(stored, h)
            for stored in (row.token_hash, row.code_hash)
            for h in hashes
        ]
        return SeatAccess(table.id, table.game_id, kind, row.seat) if any(matches) else None

    def _revoked(self, connection: Connection, table_id: int, hashes: set[str]) -> bool:
        # Hex digests only: safe inside LIKE.
        found = connection.execute(
            sa.select(seats_table.c.seat).where(
                seats_table.c.table_id == table_id,
                sa.or_(*[seats_table.c.old_hashes.like(f'%"{h}"%') for h in hashes]),
            )
        ).first()
        return found is not None

    def host_links(self, table_id: int, host_token: str) -> list[IssuedSeat]:
        """Every seat's token and code again, for the shared screen (host token only)."""
        self.authenticate(table_id, host_token, host=True)
        with self.store._read() as connection:
            rows = connection.execute(
                sa.select(seats_table.c.seat, seats_table.c.generation, seats_table.c.sealed_link)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.position)
            ).all()
        out = []
        for row in rows:
            token, code = _open_link(
                host_token, table_id, row.seat, row.generation, row.sealed_link
            )
            out.append(IssuedSeat(row.seat, token, code))
        return out

    def revoke(self, table_id: int, host_token: str, seat: str) -> IssuedSeat:
        """Replace ``seat``'s token and code (a lost phone); the old ones are refused from now
        on, with a message saying so. Its sealed sheet stays."""
        self.authenticate(table_id, host_token, host=True)
        with self.store._write() as connection:
            row = connection.execute(
                sa.select(seats_table).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == seat
                )
            ).one_or_none()
            if row is None:
                names = connection.execute(
                    sa.select(seats_table.c.seat)
                    .where(seats_table.c.table_id == table_id)
                    .order_by(seats_table.c.position)
                ).scalars()
                raise SeatError(
                    f"table {table_id} has no seat {seat!r} (its seats: {', '.join(names)})"
                )
            token, code = _new_token(), _new_code()
            generation = row.generation + 1
            old = [row.token_hash, row.code_hash, *json.loads(row.old_hashes)][:OLD_HASHES_KEPT]
            connection.execute(
                seats_table.update()
                .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
                .values(
                    token_hash=_hash(token),
                    code_hash=_hash(code),
                    generation=generation,
                    sealed_link=_seal_link(host_token, table_id, seat, generation, token, code),
                    old_hashes=json.dumps(old),
                )
            )
        return IssuedSeat(seat, token, code)

    # ------------------------------------------------------------------ sealing
    def seal(self, table_id: int, token: str, text: str) -> SealReceipt:
        """Seal the sheet (Africa) or the secret (Massai) of the seat ``token`` opens, for the
        current round; sealing again replaces it, until the round is resolved."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise SealRefused("the host token seals nothing: use the seat's own link")
        snap = self.store.load(access.game_id)
        game = snap.game
        if _game_over(game):
            raise SealRefused(f"table {table_id}: the game is over, there is nothing to seal")
        names = kinds.players_of(game)
        if isinstance(game, Game):
            if len(text) > MAX_SEAT_SHEET_CHARS:
                raise SealRefused(
                    f"this sheet is {len(text):,} characters long; one seat's sheet is at most "
                    f"{MAX_SEAT_SHEET_CHARS:,} characters"
                )
            assert game.board is not None
            try:
                sealed = africa_observe.seat_sheet(text, access.seat, game.board, game.state.powers)
            except (africa_observe.SheetHeaderError, SheetTooLongError) as error:
                raise SealRefused(str(error)) from None
        else:
            try:
                sealed = massai_observe.check_secret(
                    game.state, names.index(access.seat), str(text)
                )
            except massai_observe.SecretError as error:
                raise SealRefused(str(error)) from None
        round_ = _round_of(game)
        now = _now()
        with self.store._write() as connection:
            # Taking the game's row orders this seal against a resolution of the same round.
            self.store._bump_aux(connection, access.game_id)
            version = connection.execute(
                sa.select(games.c.version).where(games.c.id == access.game_id)
            ).scalar_one()
            if version != snap.version:
                raise RoundAlreadyResolved(
                    f"table {table_id}: the game changed while sealing (round resolved?): "
                    "nothing was sealed; look at the table and seal again"
                )
            result = connection.execute(
                seats_table.update()
                .where(
                    seats_table.c.table_id == table_id,
                    seats_table.c.seat == access.seat,
                    seats_table.c.token_hash.in_(
                        [_hash(token.strip()), _hash(normalize_code(token))]
                    )
                    | seats_table.c.code_hash.in_(
                        [_hash(token.strip()), _hash(normalize_code(token))]
                    ),
                )
                .values(sealed_round=round_, sheet=sealed, sealed_at=now, rev=seats_table.c.rev + 1)
            )
            if result.rowcount != 1:
                raise RevokedToken(
                    f"this link to table {table_id} was replaced by the host meanwhile: "
                    "nothing was sealed"
                )
            rev = connection.execute(
                sa.select(seats_table.c.rev).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == access.seat
                )
            ).scalar_one()
            self.store._notify(connection, access.game_id)
        return SealReceipt(access.seat, round_, rev, now)

    # ------------------------------------------------------------------ drafts
    def save_draft(self, table_id: int, token: str, text: str) -> None:
        """Keep the seat's unsealed draft for the current round (a reload gets it back).

        Kept encrypted under the seat's own token (or code) in the ``secrets`` table, under a
        row name of its own (:func:`draft_key`): only that seat reads it back; the shared
        screen's pages and the dashboards never see it. No page is woken for a draft.
        """
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        if len(text) > MAX_SEAT_SHEET_CHARS:
            raise SealRefused(
                f"this sheet is {len(text):,} characters long; one seat's sheet is at most "
                f"{MAX_SEAT_SHEET_CHARS:,} characters"
            )
        round_ = _round_of(self.store.load(access.game_id).game)
        payload = _seal_draft(_draft_credential(token), round_, text)
        key = (
            kept_secrets.c.game_id == access.game_id,
            kept_secrets.c.seat == draft_key(table_id, access.seat),
        )
        with self.store._write() as connection:
            found = connection.execute(sa.select(kept_secrets.c.seat).where(*key)).first()
            if found is None:
                connection.execute(
                    kept_secrets.insert().values(
                        game_id=access.game_id,
                        seat=draft_key(table_id, access.seat),
                        payload=payload,
                        updated=_now(),
                    )
                )
            else:
                connection.execute(
                    kept_secrets.update().where(*key).values(payload=payload, updated=_now())
                )

    def draft(self, table_id: int, token: str) -> str | None:
        """The seat's unsealed draft of the current round, or ``None`` (none kept, a round
        since resolved, or kept under another credential of that seat)."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        round_ = _round_of(self.store.load(access.game_id).game)
        with self.store._read() as connection:
            payload = connection.execute(
                sa.select(kept_secrets.c.payload).where(
                    kept_secrets.c.game_id == access.game_id,
                    kept_secrets.c.seat == draft_key(table_id, access.seat),
                )
            ).scalar_one_or_none()
        if payload is None:
            return None
        return _open_draft(_draft_credential(token), round_, payload)

    # ------------------------------------------------------------------ looking
    def status(self, table_id: int) -> TableStatus:
        """Who has sealed for the current round and who is awaited; never what was sealed."""
        with self.store._read() as connection:
            table = self._table_row(connection, table_id)
        snap = self.store.load(table.game_id)
        round_ = _round_of(snap.game)
        with self.store._read() as connection:
            rows = connection.execute(
                # The sheet column is not even read.
                sa.select(seats_table.c.seat, seats_table.c.sealed_round, seats_table.c.sealed_at)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.position)
            ).all()
        expected = _expected_seats(snap.game, [r.seat for r in rows])
        sealed = [r.seat for r in rows if r.sealed_round == round_ and r.seat in expected]
        return TableStatus(
            table_id=table_id,
            game_id=table.game_id,
            kind=snap.kind,
            round=round_,
            version=snap.version,
            sealed=sealed,
            waiting=[s for s in expected if s not in sealed],
            game_over=_game_over(snap.game),
            sealed_at={
                r.seat: _aware(r.sealed_at)  # type: ignore[misc]
                for r in rows
                if r.seat in sealed and r.sealed_at is not None
            },
        )

    def _own_sheet(self, connection: Connection, table_id: int, seat: str) -> Any:
        # The one query reading sealed contents for a seat: its own row, by the WHERE clause.
        return connection.execute(
            sa.select(seats_table.c.sheet, seats_table.c.sealed_round).where(
                seats_table.c.table_id == table_id, seats_table.c.seat == seat
            )
        ).one()

    def seat_view(self, table_id: int, token: str) -> dict[str, Any]:
        """What the seat ``token`` opens may see (see ``tabletop.games.*.observe``): the public
        position, its own sealed sheet for the current round, the last public report."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        snap = self.store.load(access.game_id)
        round_ = _round_of(snap.game)
        with self.store._read() as connection:
            row = self._own_sheet(connection, table_id, access.seat)
        own = row.sheet if row.sealed_round == round_ else None
        view = self._observe(snap, access.seat, own)
        view["table"] = table_id
        view["game"] = access.game_id  # public: for the page's GameWatcher
        view["sealed"] = own is not None
        return view

    def _observe(self, snap: Snapshot, seat: str, own: str | None) -> dict[str, Any]:
        game = snap.game
        if isinstance(game, Game):
            assert game.board is not None
            last = game.history[-1].report if game.history else None
            return africa_observe.seat_view(game.state, game.board, seat, own, last)
        player = kinds.players_of(game).index(seat)
        last_action = format_action(game.actions[-1]) if game.actions else None
        return massai_observe.seat_view(game.state, player, own, last_action)

    def public_view(self, table_id: int) -> dict[str, Any]:
        """The shared screen's view: the public position and who has sealed (no contents)."""
        status = self.status(table_id)
        snap = self.store.load(status.game_id)
        game = snap.game
        if isinstance(game, Game):
            assert game.board is not None
            public = africa_observe.public_position(game.state, game.board)
            last = game.history[-1].report if game.history else None
        else:
            public = massai_observe.public_position(game.state)
            last = None
        return {"status": status.to_json(), "public": public, "last_report": last}

    # ------------------------------------------------------------------ resolving
    def resolve(
        self,
        table_id: int,
        host_token: str,
        force: bool = False,
        round: int | None = None,
    ) -> tuple[Snapshot, Any]:
        """Resolve the current round (``round``: the one the host saw) with the sealed sheets.

        Refused while seats are missing unless ``force`` (Africa: a missing sheet holds
        everywhere and allies everyone); refused for a round already resolved (nothing
        changes). Reading the sheets and keeping the result is one transaction on the version
        read, so under any concurrency exactly one resolution of a round happens. Returns the
        new snapshot and the report (Africa: its ``Report``; Massai: the last action's).
        """
        access = self.authenticate(table_id, host_token, host=True)
        game_id = access.game_id
        snap = self.store.load(game_id)
        current = _round_of(snap.game)
        if round is not None and round != current:
            raise RoundAlreadyResolved(
                f"table {table_id}: round {round} is already resolved (now at {current}); "
                "nothing changed"
            )
        game = snap.game
        if _game_over(game):
            raise SeatError(f"table {table_id}: the game is over, there is nothing to resolve")
        with self.store._write() as connection:
            try:
                row = self.store._bump(connection, game_id, snap.version)
            except StaleGameError:
                raise RoundAlreadyResolved(
                    f"table {table_id}: round {current} was resolved meanwhile (on another "
                    "page); nothing changed"
                ) from None
            sealed_rows = connection.execute(
                sa.select(seats_table.c.seat, seats_table.c.sheet)
                .where(seats_table.c.table_id == table_id, seats_table.c.sealed_round == current)
                .order_by(seats_table.c.position)
            ).all()
            sealed = {r.seat: r.sheet for r in sealed_rows}
            names = kinds.players_of(game)
            if isinstance(game, Game):
                missing = [p for p in names if p not in sealed]
                if missing and not force:
                    raise SeatsMissing(table_id, missing)
                sheets = africa_observe.combine_sheets(sealed, game.state.powers)
                try:
                    report: Any = game.apply(sheets)
                except SheetTooLongError as error:
                    raise SealRefused(str(error)) from None
                assert isinstance(report, AfricaReport)
                action, detail = "resolve", sheets
                report_json: dict[str, Any] | None = report.to_dict(include_state=False)
                new_game: Any = game
            else:
                by_player = {names.index(s): t for s, t in sealed.items()}
                missing = [
                    n
                    for i, n in enumerate(names)
                    if massai_observe.secret_for(game.state, i) is not None and i not in by_player
                ]
                if missing and not force:
                    raise SeatsMissing(table_id, missing)
                try:
                    actions = massai_observe.actions_from_secrets(game.state, by_player, force)
                except massai_observe.SecretError as error:
                    raise SeatError(f"table {table_id}: {error}") from None
                record: GameRecord = game
                for item in actions:
                    record, report = record.play(item)
                    if not report.ok:
                        raise SeatError(f"table {table_id}: refused: {report.message}")
                action, detail = "play", "; ".join(format_action(a) for a in actions)
                report_json, new_game = None, record
            seq = row.head_seq
            connection.execute(
                history.insert().values(
                    game_id=game_id,
                    seq=seq,
                    action=action,
                    detail=detail,
                    report=None if report_json is None else _dumps(report_json),
                    actor=f"table {table_id}",
                    at=row.updated,
                    step=kinds.step_of(new_game),
                    parent_seq=seq - 1,
                    returns_to=None,
                    undoes=None,
                    state=_dumps(kinds.doc_of(new_game)),
                )
            )
            self.store._notify(connection, game_id)
            info = self.store._info(connection, game_id)
        self.store._remember((game_id, info.created, seq), new_game)
        return Snapshot(info, new_game, seq), report

    def export(self, table_id: int) -> dict[str, Any]:
        """The table's game as a game file (``tabletop africa/massai`` read it)."""
        return self.store.export_game(self.table_game(table_id))

    def tables_of(self, game_id: int) -> list[int]:
        """The tables opened on a game, newest first."""
        with self.store._read() as connection:
            if (
                connection.execute(sa.select(games.c.id).where(games.c.id == game_id)).first()
                is None
            ):
                raise GameNotFound(game_id)
            return list(
                connection.execute(
                    sa.select(tables_table.c.id)
                    .where(tables_table.c.game_id == game_id)
                    .order_by(tables_table.c.id.desc())
                ).scalars()
            )
