"""Tables with secret seats: each player seals their orders from their own device.

A table is opened on a game (Africa 1880: one seat per power; Massai: one per player). The host
(the shared screen) and every seat get a token of 192 random bits (``secrets.token_urlsafe(24)``)
and each seat a short code to type instead; the database keeps only their hashes, keyed with
the server secret kept outside it (:mod:`tabletop.store.tokens`). Hashes are compared with
:func:`hmac.compare_digest`. A wrong token is refused, and nothing more: no table is locked out
(that would lock its rightful seats out too); guessers are slowed per client by the web server.

The sealed sheets and each seat's token and code are encrypted to the table's public key; its
private key opens with the host token or the server secret only (the host resolves the round and
shows the links again; a seat reads its own sealed sheet through the store, never another's).
A seat's unsealed draft is encrypted under that seat's own credential and the server secret.
A reader of the database alone reads none of them (:mod:`tabletop.store.seat_crypto`).

What a seat may see is decided in the core (``tabletop.games.*.observe``); the queries for one
seat name that seat in their ``WHERE`` and never read another seat's row.

:class:`Tables` works on a :class:`~tabletop.store.store.Store` through its public methods: a
round is resolved as one :meth:`~tabletop.store.store.Store.change` of the game, a seal is
counted as an :meth:`~tabletop.store.store.Store.aux_change`. Beside it:
:mod:`tabletop.store.seat_records` (the values handed out, the page links),
:mod:`tabletop.store.seat_crypto` (the sealed links, the encrypted drafts),
:mod:`tabletop.store.seat_errors` (the refusals).

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

import hmac
import json
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.games.kind import NotResolvable, SecretRefused
from tabletop.store import kinds
from tabletop.store.archive import GameArchive
from tabletop.store.errors import GameNotFound, StaleGameError
from tabletop.store.records import Snapshot, aware, utc_now
from tabletop.store.schema import games
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import secrets as kept_secrets
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_crypto import (
    TableKeys,
    draft_credential,
    draft_key,
    draft_salt,
    new_table_keys,
    open_draft,
    open_legacy_link,
    open_link,
    open_sheet,
    seal_draft,
    seal_link,
    seal_sheet,
    table_private_key,
)
from tabletop.store.seat_errors import (
    BadToken,
    NothingSealed,
    RevokedToken,
    RoundAlreadyResolved,
    SealRefused,
    SeatError,
    SeatsMissing,
    TableNotFound,
)
from tabletop.store.seat_records import (
    HOST,
    MAX_CLOCK_SECONDS,
    NEGOTIATION,
    WRITING,
    IssuedSeat,
    NewTable,
    SealReceipt,
    SeatAccess,
    TableClock,
    TableStatus,
)
from tabletop.store.store import Store
from tabletop.store.tokens import (
    CODE_LENGTH,
    hash_secret,
    new_code,
    new_token,
    normalize_code,
)

__all__ = [
    "MAX_SEAT_SHEET_CHARS",
    "OLD_HASHES_KEPT",
    "Tables",
]

#: One seat's sheet: the round's sheets together stay under the notation's limit.
MAX_SEAT_SHEET_CHARS = MAX_SHEET_CHARS // 8
#: Revoked token and code hashes kept per seat (to say "revoked" rather than "wrong").
OLD_HASHES_KEPT = 20


def _expected_seats(game: Any, names: list[str]) -> list[str]:
    """The seats that have something to seal now (Africa: every power, unless the game is over;
    Massai: the players who have a secret to choose)."""
    if kinds.game_over(game):
        return []
    kind = kinds.kind_for(game)
    return [n for n in names if kind.secret_of(game, n) is not None]


class Tables:
    """Tables and seats over a :class:`~tabletop.store.store.Store` (same database, same rules):
    opening and links, sealing and drafts, looking, resolving."""

    def __init__(self, store: Store, now: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        #: The time the table's clock is read and changed at (tests give their own).
        self.now = now

    def table_game(self, table_id: int) -> int:
        """The game a table plays (public: the table's number is on the shared screen)."""
        with self.store.reading() as connection:
            return int(self._table_row(connection, table_id).game_id)

    def _table_row(self, connection: Connection, table_id: int) -> Any:
        row = connection.execute(
            sa.select(
                tables_table.c.id,
                tables_table.c.game_id,
                tables_table.c.host_hash,
                tables_table.c.public_key,
                tables_table.c.key_by_host,
                tables_table.c.key_by_server,
            ).where(tables_table.c.id == table_id)
        ).one_or_none()
        if row is None:
            raise TableNotFound(table_id)
        return row

    def _keys(self, connection: Connection, table_id: int) -> TableKeys:
        row = self._table_row(connection, table_id)
        return TableKeys(row.public_key, row.key_by_host, row.key_by_server)

    # ------------------------------------------------------------------ tokens
    def authenticate(self, table_id: int, credential: str, host: bool = False) -> SeatAccess:
        """Who ``credential`` (a token, or a seat's short code) opens ``table_id`` for.

        ``host=True`` accepts the host token only. Nothing is counted and nothing is locked: a
        wrong credential is refused, the right one always opens. Raises :class:`BadToken`,
        :class:`RevokedToken`, :class:`TableNotFound`, and :class:`UnreadableSecret` when the
        table was opened under another server secret (every hash is then wrong).
        """
        credential = str(credential).strip()
        hashes = {hash_secret(credential)}
        if not host and len(credential) <= CODE_LENGTH + 4:
            hashes.add(hash_secret(normalize_code(credential)))
        with self.store.reading() as connection:
            table = self._table_row(connection, table_id)
            kind = connection.execute(
                sa.select(games.c.kind).where(games.c.id == table.game_id)
            ).scalar_one()
            # Constant-time comparison of the hashes (no early exit on the first match).
            if any([hmac.compare_digest(table.host_hash, h) for h in hashes]):
                return SeatAccess(table_id, table.game_id, kind, HOST)
            if not host:
                access = self._seat_access(connection, table, kind, hashes)
                if access is not None:
                    return access
            raise self._refusal(connection, table, hashes, host)

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

    def _refusal(
        self, connection: Connection, table: Any, hashes: set[str], host: bool
    ) -> SeatError:
        """Why a credential opens nothing: a replaced link, a wrong one, or a server secret
        that is not the one this table was opened with (every hash then differs)."""
        table_id = table.id
        if self._revoked(connection, table_id, hashes):
            return RevokedToken(
                f"this link to table {table_id} was replaced by the host (a new link was "
                "issued for this seat): ask the host for the new link"
            )
        # Raises UnreadableSecret when this process has another server secret than the table.
        table_private_key(table_id, TableKeys(table.public_key, None, table.key_by_server))
        what = "host token" if host else "link or code"
        return BadToken(
            f"this {what} does not open table {table_id} (wrong, mistyped or from another table)"
        )

    def _revoked(self, connection: Connection, table_id: int, hashes: set[str]) -> bool:
        # Hex digests only: safe inside LIKE.
        found = connection.execute(
            sa.select(seats_table.c.seat).where(
                seats_table.c.table_id == table_id,
                sa.or_(*[seats_table.c.old_hashes.like(f'%"{h}"%') for h in hashes]),
            )
        ).first()
        return found is not None

    # ------------------------------------------------------------------ opening and links
    def open_table(self, game_id: int) -> NewTable:
        """Open a table on game ``game_id``: a host token and a token and a code per seat."""
        snap = self.store.load(game_id)
        names = kinds.players_of(snap.game)
        host_token = new_token()
        now = utc_now()
        issued: list[IssuedSeat] = []
        with self.store.writing() as connection:
            inserted = connection.execute(
                tables_table.insert().values(
                    game_id=game_id, host_hash=hash_secret(host_token), created=now
                )
            ).inserted_primary_key
            assert inserted is not None
            table_id = int(inserted[0])
            keys = new_table_keys(table_id, host_token)
            connection.execute(
                tables_table.update()
                .where(tables_table.c.id == table_id)
                .values(
                    public_key=keys.public,
                    key_by_host=keys.by_host,
                    key_by_server=keys.by_server,
                )
            )
            for position, name in enumerate(names):
                token, code = new_token(), new_code()
                connection.execute(
                    seats_table.insert().values(
                        table_id=table_id,
                        seat=name,
                        position=position,
                        token_hash=hash_secret(token),
                        code_hash=hash_secret(code),
                        sealed_link=seal_link(keys.public, table_id, name, 1, token, code),
                        generation=1,
                        old_hashes="[]",
                        rev=0,
                    )
                )
                issued.append(IssuedSeat(name, token, code))
        return NewTable(
            table_id, game_id, snap.kind, kinds.round_of(snap.game), host_token, tuple(issued)
        )

    def host_links(self, table_id: int, host_token: str) -> list[IssuedSeat]:
        """Every seat's token and code again, for the shared screen (host token only). A link
        of the schema-4 form is read with the host token and sealed again in the new one."""
        self.authenticate(table_id, host_token, host=True)
        with self.store.reading() as connection:
            keys = self._keys(connection, table_id)
            rows = connection.execute(
                sa.select(seats_table.c.seat, seats_table.c.generation, seats_table.c.sealed_link)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.position)
            ).all()
        private = table_private_key(table_id, keys, host_token)
        out = []
        for row in rows:
            opened = open_link(private, table_id, row.seat, row.generation, row.sealed_link)
            if opened is None:
                opened = open_legacy_link(
                    host_token, table_id, row.seat, row.generation, row.sealed_link
                )
                self._reseal_link(table_id, keys, row, *opened)
            out.append(IssuedSeat(row.seat, *opened))
        return out

    def _reseal_link(self, table_id: int, keys: TableKeys, row: Any, token: str, code: str) -> None:
        sealed = seal_link(keys.public, table_id, row.seat, row.generation, token, code)
        with self.store.writing() as connection:
            connection.execute(
                seats_table.update()
                .where(
                    seats_table.c.table_id == table_id,
                    seats_table.c.seat == row.seat,
                    seats_table.c.sealed_link == row.sealed_link,  # not revoked meanwhile
                )
                .values(sealed_link=sealed)
            )

    def revoke(self, table_id: int, host_token: str, seat: str) -> IssuedSeat:
        """Replace ``seat``'s token and code (a lost phone); the old ones are refused from now
        on, with a message saying so. Its sealed sheet stays."""
        self.authenticate(table_id, host_token, host=True)
        with self.store.writing() as connection:
            keys = self._keys(connection, table_id)
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
            token, code = new_token(), new_code()
            generation = row.generation + 1
            old = [row.token_hash, row.code_hash, *json.loads(row.old_hashes)][:OLD_HASHES_KEPT]
            connection.execute(
                seats_table.update()
                .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
                .values(
                    token_hash=hash_secret(token),
                    code_hash=hash_secret(code),
                    generation=generation,
                    sealed_link=seal_link(keys.public, table_id, seat, generation, token, code),
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
        if kinds.game_over(game):
            raise SealRefused(f"table {table_id}: the game is over, there is nothing to seal")
        _check_length(text)
        try:
            sealed = kinds.kind_for(game).check_secret(game, access.seat, text)
        except SecretRefused as error:
            raise SealRefused(str(error)) from None
        round_ = kinds.round_of(game)
        now = utc_now()
        hashes = [hash_secret(token.strip()), hash_secret(normalize_code(token))]
        # Counting the change takes the game's row: this seal is ordered against a resolution.
        with self.store.aux_change(access.game_id) as connection:
            public = self._keys(connection, table_id).public
            sheet = seal_sheet(public, table_id, access.seat, round_, sealed)
            version = connection.execute(
                sa.select(games.c.version).where(games.c.id == access.game_id)
            ).scalar_one()
            if version != snap.version:
                raise RoundAlreadyResolved(
                    f"table {table_id}: the game changed while sealing (round resolved?): "
                    "nothing was sealed; look at the table and seal again"
                )
            # Read under the game's row taken above: a seal at the same time is ordered with it.
            before = connection.execute(
                sa.select(seats_table.c.sealed_round, seats_table.c.sheet).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == access.seat
                )
            ).first()
            replaced = (
                before is not None and before.sealed_round == round_ and before.sheet is not None
            )
            result = connection.execute(
                seats_table.update()
                .where(
                    seats_table.c.table_id == table_id,
                    seats_table.c.seat == access.seat,
                    seats_table.c.token_hash.in_(hashes) | seats_table.c.code_hash.in_(hashes),
                )
                .values(sealed_round=round_, sheet=sheet, sealed_at=now, rev=seats_table.c.rev + 1)
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
        return SealReceipt(access.seat, round_, rev, now, replaced)

    def save_draft(self, table_id: int, token: str, text: str) -> None:
        """Keep the seat's unsealed draft for the current round (a reload gets it back).

        Kept encrypted under the seat's own token (or code) and the server secret in the
        ``secrets`` table, under a row name of its own (:func:`draft_key`): only that seat reads
        it back; the shared screen's pages and the dashboards never see it. The salt of the
        kept draft is reused (its key is in memory: no scrypt at each save). No page is woken
        for a draft.
        """
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        _check_length(text)
        round_ = kinds.round_of(self.store.load(access.game_id).game)
        key = (
            kept_secrets.c.game_id == access.game_id,
            kept_secrets.c.seat == draft_key(table_id, access.seat),
        )
        with self.store.reading() as connection:
            kept = connection.execute(sa.select(kept_secrets.c.payload).where(*key)).first()
        salt = draft_salt(kept.payload) if kept is not None else None
        payload = seal_draft(draft_credential(token), table_id, access.seat, round_, text, salt)
        with self.store.writing() as connection:
            found = connection.execute(sa.select(kept_secrets.c.seat).where(*key)).first()
            if found is None:
                connection.execute(
                    kept_secrets.insert().values(
                        game_id=access.game_id,
                        seat=draft_key(table_id, access.seat),
                        payload=payload,
                        updated=utc_now(),
                    )
                )
            else:
                connection.execute(
                    kept_secrets.update().where(*key).values(payload=payload, updated=utc_now())
                )

    def draft(self, table_id: int, token: str) -> str | None:
        """The seat's unsealed draft of the current round, or ``None`` (none kept, a round
        since resolved, or kept under another credential of that seat)."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        round_ = kinds.round_of(self.store.load(access.game_id).game)
        with self.store.reading() as connection:
            payload = connection.execute(
                sa.select(kept_secrets.c.payload).where(
                    kept_secrets.c.game_id == access.game_id,
                    kept_secrets.c.seat == draft_key(table_id, access.seat),
                )
            ).scalar_one_or_none()
        if payload is None:
            return None
        return open_draft(draft_credential(token), table_id, access.seat, round_, payload)

    # ------------------------------------------------------------------ looking
    def status(self, table_id: int) -> TableStatus:
        """Who has sealed for the current round and who is awaited; never what was sealed."""
        with self.store.reading() as connection:
            table = self._table_row(connection, table_id)
        snap = self.store.load(table.game_id)
        round_ = kinds.round_of(snap.game)
        with self.store.reading() as connection:
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
            game_over=kinds.game_over(snap.game),
            sealed_at={
                r.seat: aware(r.sealed_at)
                for r in rows
                if r.seat in sealed and r.sealed_at is not None
            },
        )

    def seat_view(self, table_id: int, token: str) -> dict[str, Any]:
        """What the seat ``token`` opens may see (see ``tabletop.games.*.observe``): the public
        position, its own sealed sheet for the current round, the last public report."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        snap = self.store.load(access.game_id)
        round_ = kinds.round_of(snap.game)
        with self.store.reading() as connection:
            # The one query reading sealed contents for a seat: its own row, by the WHERE clause.
            row = connection.execute(
                sa.select(seats_table.c.sheet, seats_table.c.sealed_round).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == access.seat
                )
            ).one()
            keys = self._keys(connection, table_id)
        own = None
        if row.sealed_round == round_ and row.sheet is not None:
            # Opened on the server's side (the seat's link does not open the table's key).
            private = table_private_key(table_id, keys)
            own = open_sheet(private, table_id, access.seat, round_, row.sheet)
        view: dict[str, Any] = kinds.kind_for(snap.game).observe(snap.game, access.seat, own)
        view["table"] = table_id
        view["game"] = access.game_id  # public: for the page's GameWatcher
        view["sealed"] = own is not None
        return view

    def public_view(self, table_id: int) -> dict[str, Any]:
        """The shared screen's view: the public position and who has sealed (no contents)."""
        status = self.status(table_id)
        snap = self.store.load(status.game_id)
        game = snap.game
        public, last = kinds.kind_for(game).observe_public(game)
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

        Refused while seats are missing unless ``force`` (Africa: a missing sheet holds everywhere
        and allies everyone); refused for a round already resolved (nothing changes). Reading the
        sheets and keeping the result is one change of the game on the version read, so under any
        concurrency exactly one resolution of a round happens. A forced resolution without
        ``round`` is refused for a round nobody has sealed (:class:`NothingSealed`): several sent
        at once resolve one round, not one each. Returns the new snapshot and the report (Africa:
        its ``Report``; Massai: the last action's).
        """
        access = self.authenticate(table_id, host_token, host=True)
        with self.store.reading() as connection:
            private = table_private_key(table_id, self._keys(connection, table_id), host_token)
        snap = self.store.load(access.game_id)
        current = kinds.round_of(snap.game)
        if round is not None and round != current:
            raise RoundAlreadyResolved(
                f"table {table_id}: round {round} is already resolved (now at {current}); "
                "nothing changed"
            )
        game = snap.game
        if kinds.game_over(game):
            raise SeatError(f"table {table_id}: the game is over, there is nothing to resolve")
        try:
            with self.store.change(access.game_id, snap.version) as change:
                sealed_rows = change.connection.execute(
                    sa.select(seats_table.c.seat, seats_table.c.sheet)
                    .where(
                        seats_table.c.table_id == table_id, seats_table.c.sealed_round == current
                    )
                    .order_by(seats_table.c.position)
                ).all()
                if force and round is None and not sealed_rows:
                    # Several "resolve now" without a round, sent at once, resolve one round:
                    # the later ones find the next round with nothing sealed.
                    raise NothingSealed(table_id, current)
                sealed = {
                    r.seat: open_sheet(private, table_id, r.seat, current, r.sheet)
                    for r in sealed_rows
                }
                done = _resolved(table_id, game, sealed, force)
                change.append(
                    done.game, done.action, f"table {table_id}", done.detail, done.report_json
                )
        except StaleGameError:
            raise RoundAlreadyResolved(
                f"table {table_id}: round {current} was resolved meanwhile (on another "
                "page); nothing changed"
            ) from None
        assert change.snapshot is not None
        return change.snapshot, done.report

    # ------------------------------------------------------------------ the clock
    def clock(self, table_id: int) -> TableClock:
        """The table's clock (public, as who has sealed is): no clock when none was started
        for the current round (a round resolved since shows no clock)."""
        with self.store.reading() as connection:
            row = self._clock_row(connection, table_id)
        return self._current_clock(row, kinds.round_of(self.store.load(row.game_id).game))

    def start_clock(
        self,
        table_id: int,
        host_token: str,
        phase: str = NEGOTIATION,
        seconds: float | None = None,
    ) -> TableClock:
        """Start the clock afresh on ``phase`` (the negotiation, which the writing window
        follows, or the writing window alone) for its full length or ``seconds``; host only."""
        if phase not in (NEGOTIATION, WRITING):
            raise SeatError(f"a clock starts on {NEGOTIATION!r} or {WRITING!r}, not {phase!r}")
        if seconds is not None:
            seconds = _clock_seconds(seconds, "a phase", least=1)
        return self._change_clock(
            table_id, host_token, lambda c, now, r: c.started(now, r, phase, seconds)
        )

    def pause_clock(self, table_id: int, host_token: str) -> TableClock:
        """Pause the running phase, keeping its seconds left; host only."""
        return self._change_clock(table_id, host_token, lambda c, now, _r: c.paused_at(now))

    def resume_clock(self, table_id: int, host_token: str) -> TableClock:
        """Run the paused phase again from now; host only."""
        return self._change_clock(table_id, host_token, lambda c, now, _r: c.resumed_at(now))

    def extend_clock(self, table_id: int, host_token: str, seconds: float) -> TableClock:
        """``seconds`` more for the phase running (or paused, or just over); host only."""
        seconds = _clock_seconds(seconds, "an extension", least=1)
        return self._change_clock(table_id, host_token, lambda c, now, _r: c.extended(now, seconds))

    def stop_clock(self, table_id: int, host_token: str) -> TableClock:
        """No clock any more (the lengths stay); host only."""
        return self._change_clock(table_id, host_token, lambda c, _now, _r: c.stopped())

    def set_clock_lengths(
        self,
        table_id: int,
        host_token: str,
        negotiation: float | None = None,
        writing: float | None = None,
    ) -> TableClock:
        """The lengths of the next phases started (seconds; a writing window of 0: none);
        a running phase keeps its deadline (the writing window after a running negotiation
        takes the new length). Host only."""
        talk = (
            None
            if negotiation is None
            else round(_clock_seconds(negotiation, "a negotiation", least=1))
        )
        window = (
            None if writing is None else round(_clock_seconds(writing, "a writing window", least=0))
        )
        return self._change_clock(
            table_id, host_token, lambda c, _now, _r: c.with_lengths(talk, window)
        )

    def _clock_row(self, connection: Connection, table_id: int) -> Any:
        row = connection.execute(
            sa.select(
                tables_table.c.game_id,
                tables_table.c.clock_phase,
                tables_table.c.clock_deadline,
                tables_table.c.clock_left,
                tables_table.c.clock_paused,
                tables_table.c.clock_negotiation,
                tables_table.c.clock_writing,
                tables_table.c.clock_round,
                tables_table.c.clock_rev,
            ).where(tables_table.c.id == table_id)
        ).one_or_none()
        if row is None:
            raise TableNotFound(table_id)
        return row

    @staticmethod
    def _current_clock(row: Any, round_: int) -> TableClock:
        clock = TableClock(
            phase=row.clock_phase,
            deadline=aware(row.clock_deadline),
            left=row.clock_left,
            paused=row.clock_paused,
            negotiation=row.clock_negotiation,
            writing=row.clock_writing,
            round=row.clock_round,
            rev=row.clock_rev,
        )
        return clock if clock.round == round_ else clock.stopped()

    def _change_clock(
        self,
        table_id: int,
        host_token: str,
        change: Callable[[TableClock, datetime, int], TableClock],
    ) -> TableClock:
        """Change the clock as one counted change of the game (every page watching it sees
        it); the host token only."""
        access = self.authenticate(table_id, host_token, host=True)
        with self.store.aux_change(access.game_id) as connection:
            # Read under the game's row, which a resolution takes too: the round is current.
            round_ = kinds.round_of(self.store.load(access.game_id).game)
            now = self.now()
            old = self._current_clock(self._clock_row(connection, table_id), round_)
            new = replace(change(old, now, round_), rev=old.rev + 1)
            connection.execute(
                tables_table.update()
                .where(tables_table.c.id == table_id)
                .values(
                    clock_phase=new.phase,
                    clock_deadline=new.deadline,
                    clock_left=new.left,
                    clock_paused=new.paused,
                    clock_negotiation=new.negotiation,
                    clock_writing=new.writing,
                    clock_round=new.round,
                    clock_rev=new.rev,
                )
            )
        return new

    # ------------------------------------------------------------------ the rest
    def export(self, table_id: int) -> dict[str, Any]:
        """The table's game as a game file (``tabletop africa/massai`` read it)."""
        return GameArchive(self.store).export_game(self.table_game(table_id))

    def tables_of(self, game_id: int) -> list[int]:
        """The tables opened on a game, newest first."""
        with self.store.reading() as connection:
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


def _check_length(text: str) -> None:
    if len(text) > MAX_SEAT_SHEET_CHARS:
        raise SealRefused(
            f"this sheet is {len(text):,} characters long; one seat's sheet is at most "
            f"{MAX_SEAT_SHEET_CHARS:,} characters"
        )


def _clock_seconds(seconds: float, what: str, least: int) -> float:
    """``seconds`` as a clock takes them, or a one-line refusal."""
    try:
        value = float(seconds)
    except (TypeError, ValueError):
        raise SeatError(f"{what} is a number of seconds, not {seconds!r}") from None
    if not least <= value <= MAX_CLOCK_SECONDS:  # NaN is refused here too
        raise SeatError(f"{what} lasts from {least} to {MAX_CLOCK_SECONDS} seconds, not {value:g}")
    return value


def _resolved(table_id: int, game: Any, sealed: dict[str, str], force: bool) -> Any:
    """The round played with the sealed sheets (``force``: the missing ones as the rules say)."""
    kind = kinds.kind_for(game)
    missing = [
        seat
        for seat in kinds.players_of(game)
        if kind.secret_of(game, seat) is not None and seat not in sealed
    ]
    if missing and not force:
        raise SeatsMissing(table_id, missing)
    try:
        return kind.resolve(game, sealed, force)
    except SecretRefused as error:
        raise SealRefused(str(error)) from None
    except NotResolvable as error:
        raise SeatError(f"table {table_id}: {error}") from None
