"""Sealing: a seat seals its sheet (Africa) or secret (Massai) for the current round, and keeps
an unsealed draft that only that seat reads back."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.games.kind import SecretRefused
from tabletop.store import kinds
from tabletop.store.schema import games
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import secrets as kept_secrets
from tabletop.store.seat_base import TablesBase, _game_over, _round_of
from tabletop.store.seat_crypto import _draft_credential, _open_draft, _seal_draft, draft_key
from tabletop.store.seat_errors import BadToken, RevokedToken, RoundAlreadyResolved, SealRefused
from tabletop.store.seat_records import SealReceipt
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import normalize_code
from tabletop.store.tokens import utc_now as _now

#: One seat's sheet: the round's sheets together stay under the notation's limit.
MAX_SEAT_SHEET_CHARS = MAX_SHEET_CHARS // 8


class TableSealing(TablesBase):
    """What a seat does before the round is resolved: seal, and keep a draft."""

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
        if len(text) > MAX_SEAT_SHEET_CHARS:
            raise SealRefused(
                f"this sheet is {len(text):,} characters long; one seat's sheet is at most "
                f"{MAX_SEAT_SHEET_CHARS:,} characters"
            )
        try:
            sealed = kinds.kind_for(game).check_secret(game, access.seat, text)
        except SecretRefused as error:
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
