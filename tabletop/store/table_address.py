"""The address a table's links use, kept with the table (schema 7, ``tables.address``).

The host chooses or types on the shared screen the address phones open
(``http://192.168.1.5:8866``); it is kept so that reopening the shared screen shows the same
links and QR codes. Only the host token reads or changes it (the address is printed on the
screen for everyone, so it is kept in plain text). ``None`` forgets it: the page then uses the
server's own address again.

>>> import tempfile
>>> from tabletop.games.africa1880.gamefile import example_game
>>> from tabletop.store import open_store
>>> from tabletop.store.seats import Tables
>>> store = open_store(tempfile.mkdtemp() + "/tabletop.db")
>>> new = Tables(store).open_table(store.create_game(example_game()).game_id)
>>> addresses = TableAddress(store)
>>> addresses.get(new.table_id, new.host_token) is None
True
>>> addresses.keep(new.table_id, new.host_token, " http://192.168.1.5:8866/ ")
'http://192.168.1.5:8866'
>>> addresses.get(new.table_id, new.host_token)
'http://192.168.1.5:8866'
>>> store.close()
"""

from __future__ import annotations

from urllib.parse import urlsplit

import sqlalchemy as sa

from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_errors import SeatError, TableNotFound
from tabletop.store.seats import Tables
from tabletop.store.store import Store

__all__ = ["MAX_ADDRESS_CHARS", "TableAddress", "checked_address"]

#: The longest address kept.
MAX_ADDRESS_CHARS = 300


def checked_address(text: str) -> str:
    """``text`` as kept (spaces around and a final ``/`` dropped), or :class:`SeatError` in one
    line: an address is one line without spaces, ``http://`` or ``https://``, a host, an optional
    port, an optional path, and no query or fragment.

    >>> checked_address("https://club.example:8443/hub/")
    'https://club.example:8443/hub'
    >>> checked_address("192.168.1.5:8866")
    Traceback (most recent call last):
    ...
    tabletop.store.seat_errors.SeatError: an address starts with http:// or https:// (like http://192.168.1.5:8866)
    """
    address = str(text).strip().rstrip("/")
    if len(address) > MAX_ADDRESS_CHARS:
        raise SeatError(f"an address is at most {MAX_ADDRESS_CHARS} characters long")
    if any(ch.isspace() or not ch.isprintable() for ch in address):
        raise SeatError("an address is one line without spaces")
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not address.startswith(f"{parts.scheme}://"):
        raise SeatError("an address starts with http:// or https:// (like http://192.168.1.5:8866)")
    try:
        port = parts.port
    except ValueError:
        port = -1
    if not parts.hostname or port == -1 or parts.query or parts.fragment or "@" in parts.netloc:
        raise SeatError(f"{address[:80]!r} is not an address like http://192.168.1.5:8866")
    return address


class TableAddress:
    """The kept address of each table, over a :class:`~tabletop.store.store.Store` (the host's
    token checked by :meth:`Tables.authenticate`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, table_id: int, host_token: str) -> str | None:
        """The address the host kept for ``table_id``, or ``None``."""
        Tables(self.store).authenticate(table_id, host_token, host=True)
        with self.store.reading() as connection:
            kept = connection.execute(
                sa.select(tables_table.c.address).where(tables_table.c.id == table_id)
            ).scalar_one_or_none()
        return None if kept is None else str(kept)

    def keep(self, table_id: int, host_token: str, address: str | None) -> str | None:
        """Keep ``address`` (checked: :func:`checked_address`) for ``table_id``; ``None`` or an
        empty text forgets it. Returns what is kept."""
        kept = checked_address(address) if address and address.strip() else None
        Tables(self.store).authenticate(table_id, host_token, host=True)
        with self.store.writing() as connection:
            done = connection.execute(
                tables_table.update().where(tables_table.c.id == table_id).values(address=kept)
            )
            if done.rowcount != 1:
                raise TableNotFound(table_id)
        return kept
