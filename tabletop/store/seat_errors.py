"""The refusals of tables and seats: one line each for a person (all are :class:`SeatError`)."""

from __future__ import annotations

from tabletop.store.errors import StoreError


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
    """Too many wrong tokens from one client lately; ``retry_after`` seconds to wait. The store
    never raises it (it locks no table out: its rightful seats would be locked out too); the
    pages and the web server slow guessers per client."""

    def __init__(self, table_id: int, retry_after: float) -> None:
        self.retry_after = retry_after
        super().__init__(
            f"too many wrong links for table {table_id}: "
            f"try again in {max(1, round(retry_after))} s"
        )


class UnreadableSecret(SeatError):
    """A sealed sheet, link or table key that does not open: written with another server
    secret (``TABLETOP_SECRET_FILE``), or damaged."""


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


class NothingSealed(SeatError):
    """A forced resolution of a round nobody sealed, without naming the round: refused, since
    it is most often a second command arriving after the first one resolved the round."""

    def __init__(self, table_id: int, round_number: int) -> None:
        self.round = round_number
        super().__init__(
            f"table {table_id}: no seat has sealed round {round_number}; nothing changed "
            f"(name round {round_number} to resolve it with every sheet missing)"
        )


class RoundAlreadyResolved(SeatError):
    """The round named was resolved already (by another page or process): nothing changed."""
