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

:class:`Tables` puts together its parts, one job each:

- :mod:`tabletop.store.seat_base`: the store, a table's row, who a token opens it for (and the
  lock-out after wrong tokens);
- :mod:`tabletop.store.seat_links`: opening a table, the links shown again, new links;
- :mod:`tabletop.store.seat_sealing`: sealing a sheet or secret, and a seat's draft;
- :mod:`tabletop.store.seat_views`: who has sealed, a seat's view, the shared screen's view;
- :mod:`tabletop.store.seat_resolving`: resolving a round, the export, a game's tables;
- :mod:`tabletop.store.seat_records`: the values handed out, and the page links;
- :mod:`tabletop.store.seat_crypto`: the sealed links and the encrypted drafts;
- :mod:`tabletop.store.seat_errors`: the refusals.

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

from tabletop.store.seat_links import TableLinks
from tabletop.store.seat_resolving import TableResolving
from tabletop.store.seat_sealing import TableSealing
from tabletop.store.seat_views import TableViews

__all__ = [
    "Tables",
]


class Tables(TableLinks, TableSealing, TableViews, TableResolving):
    """Tables and seats over a :class:`~tabletop.store.Store` (same database, same rules).

    Opening and links, sealing and drafts, looking and resolving are its parts (see the module's
    description); this class only puts them together.
    """
