"""The upgrade to schema 5 (both backends), from a schema-4 database holding plain SHA-256
hashes, a sealed sheet in plain text, links sealed the schema-4 way, a seat's schema-4 draft,
a dashboard's typed sheet and a secret choice in plain text: the same tokens and codes still
open, the texts are encrypted in place, the old draft is gone."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import kinds, open_store
from tabletop.store.classroom import Classes, choice_context
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import check_and_upgrade, class_choices, metadata
from tabletop.store.schema import seats as seats_table
from tabletop.store.seat_errors import RevokedToken
from tabletop.store.seats import Tables
from tabletop.store.server_secret import open_at_rest

SHEET = "Algeria: develop  # tapir-dolomite-3817"
TYPED = "Congo: develop  # manatee-basalt-2290"
CHOICE = "quoll-slate-6054"
OLD_DRAFT_SEAT = "France"
HOST = "H" * 31 + "4"
TEACHER, JOIN, CLASS_CODE, STUDENT = "T" * 32, "J" * 32, "K7QX2P", "S" * 32
ACTION = "wombat-gabbro-1142"  # a student's choice kept in an open round


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _old_link(table_id: int, seat: str, token: str, code: str) -> str:
    """A link sealed as schema 4 did (an HMAC-SHA-512 pad of the host token)."""
    data = f"{token} {code}".encode()
    pad = hmac.new(HOST.encode(), f"{table_id}:{seat}:1".encode(), hashlib.sha512).digest()
    return base64.urlsafe_b64encode(
        bytes(a ^ b for a, b in zip(data, pad[: len(data)], strict=True))
    ).decode()


def _schema_4_database(url: str) -> dict[str, Any]:
    """A database at schema 4 with a table (its seats' secrets known here) and a class game."""
    engine = create_engine(resolve_url(url))
    assert check_and_upgrade(engine, url, target=4) == 0
    game = example_game()
    now = datetime.now(timezone.utc)
    seats = {
        p: (f"{p[:4].lower()}{'t' * 28}", f"C{k}D{k}E{k}") for k, p in enumerate(game.state.powers)
    }
    # The tables as schema 4 has them (no column of schema 5 named).
    new = {"public_key", "key_by_host", "key_by_server"}
    t = {
        name: sa.table(name, *(sa.column(c.name) for c in table.columns if c.name not in new))
        for name, table in metadata.tables.items()
    }
    with engine.begin() as connection:
        game_id = connection.execute(
            t["games"]
            .insert()
            .values(
                name="Old",
                kind="africa1880",
                players=json.dumps(kinds.players_of(game)),
                options=json.dumps(kinds.options_of(game)),
                board=None,
                created=now,
                updated=now,
                version=1,
                head_seq=1,
                aux_version=0,
            )
            .returning(t["games"].c.id)
        ).scalar_one()
        connection.execute(
            t["history"]
            .insert()
            .values(
                game_id=game_id,
                seq=1,
                action="import",
                actor="table",
                at=now,
                step=3,
                state=json.dumps(game.to_dict()),
            )
        )
        table_id = connection.execute(
            t["tables"]
            .insert()
            .values(
                game_id=game_id, host_hash=_sha(HOST), created=now, failures=7, locked_until=now
            )
            .returning(t["tables"].c.id)
        ).scalar_one()
        sealed = kinds.kind_for(game).check_secret(game, "France", SHEET)
        for position, (seat, (token, code)) in enumerate(seats.items()):
            connection.execute(
                t["seats"]
                .insert()
                .values(
                    table_id=table_id,
                    seat=seat,
                    position=position,
                    token_hash=_sha(token),
                    code_hash=_sha(code),
                    sealed_link=_old_link(table_id, seat, token, code),
                    generation=1,
                    old_hashes=json.dumps([_sha("revoked" + seat)]),
                    sealed_round=4 if seat == "France" else None,
                    sheet=sealed if seat == "France" else None,
                    sealed_at=now if seat == "France" else None,
                    rev=1,
                )
            )
        connection.execute(
            t["drafts"]
            .insert()
            .values(
                game_id=game_id,
                round=4,
                seat="Belgium",
                text=TYPED,
                actor="table",
                updated=now,
                rev=1,
            )
        )
        connection.execute(
            t["secrets"].insert(),
            [
                {
                    "game_id": game_id,
                    "seat": "Alice",
                    "payload": json.dumps({"setup": CHOICE}),
                    "updated": now,
                },
                {
                    "game_id": game_id,
                    "seat": f"table {table_id}: {OLD_DRAFT_SEAT}",
                    "payload": json.dumps(
                        {"round": 4, "nonce": "AAAA", "data": "AAAA", "mac": "0"}
                    ),
                    "updated": now,
                },
            ],
        )
        class_id = connection.execute(
            t["class_games"]
            .insert()
            .values(
                host_hash=_sha(TEACHER),
                join_hash=_sha(JOIN),
                code_hash=_sha(CLASS_CODE),
                created=now,
                ledger=json.dumps({}),
                rev=0,
                failures=9,
                locked_until=now,
            )
            .returning(t["class_games"].c.id)
        ).scalar_one()
        connection.execute(
            t["class_students"]
            .insert()
            .values(
                class_id=class_id,
                student="s1",
                token_hash=_sha(STUDENT),
                nickname="Ana",
                nickname_key="ana",
                joined=now,
                seen=now,
                gone=False,
            )
        )
        connection.execute(
            t["class_choices"]
            .insert()
            .values(class_id=class_id, round=1, student="s1", action=ACTION, submitted=now)
        )
    engine.dispose()
    return {"game": game_id, "table": table_id, "seats": seats, "class": class_id}


def _dump(url: str) -> str:
    engine = create_engine(resolve_url(url))
    with engine.connect() as connection:
        found = sa.MetaData()
        found.reflect(connection)  # the tables as they are (schema 4 or 5)
        values = [
            str(v)
            for table in found.sorted_tables
            for row in connection.execute(sa.select(table))
            for v in row
        ]
    engine.dispose()
    return "\n".join(values)


def test_a_schema_4_database_is_converted(db_url: str) -> None:
    old = _schema_4_database(db_url)
    assert all(m in _dump(db_url) for m in ("tapir", "manatee", "quoll", "wombat"))
    store = open_store(db_url)
    assert store.upgraded_from == 4
    tables = Tables(store)
    table_id, seats = old["table"], old["seats"]
    # The same tokens and codes open; a revoked one is still known as revoked.
    for seat, (token, code) in seats.items():
        assert tables.authenticate(table_id, token).seat == seat
        assert tables.authenticate(table_id, code.lower()).seat == seat
    with pytest.raises(RevokedToken):
        tables.authenticate(table_id, "revokedFrance")
    assert tables.authenticate(table_id, HOST, host=True).is_host
    # Texts: encrypted in place, readable to their holders.
    assert store.drafts(old["game"], 4)["Belgium"].text == TYPED
    assert store.secrets(old["game"]) == {"Alice": {"setup": CHOICE}}  # the old draft is gone
    assert tables.draft(table_id, seats[OLD_DRAFT_SEAT][0]) is None
    dump = _dump(db_url)
    assert not [m for m in ("tapir", "manatee", "quoll", "wombat") if m in dump]
    assert not [h for h in (_sha(HOST), _sha(TEACHER), _sha(CLASS_CODE)) if h in dump]
    france = tables.seat_view(table_id, seats["France"][0])
    assert france["sealed"] and "tapir" in json.dumps(france)
    # The links: read the schema-4 way once with the host token, then sealed anew.
    links = tables.host_links(table_id, HOST)
    assert [(s.seat, s.token, s.code) for s in links] == [(p, *seats[p]) for p in seats]
    with store.engine.connect() as connection:
        kept = connection.execute(sa.select(seats_table.c.sealed_link)).scalars().all()
    assert len(kept) == len(seats) and all(k.startswith("x1.") for k in kept)
    assert tables.host_links(table_id, HOST) == links
    # The class game's credentials open as before; nothing is locked any more.
    classes = Classes(store)
    assert classes.verify(old["class"], TEACHER, "host")
    assert classes.verify(old["class"], CLASS_CODE.lower(), "join")
    assert classes.verify(old["class"], JOIN, "join")
    assert classes.verify(old["class"], STUDENT, "student")
    with store.reading() as connection:
        kept = connection.execute(sa.select(class_choices.c.action)).scalar_one()
    assert open_at_rest(kept, choice_context(old["class"], 1, "s1")) == ACTION
    # The plain sealed sheet is resolved from its encrypted form.
    snap, _ = tables.resolve(table_id, HOST, force=True, round=4)
    assert snap.version == 2
    store.close()


def test_the_sqlite_file_keeps_no_old_plain_text(tmp_path: Path) -> None:
    url = str(tmp_path / "old.db")
    _schema_4_database(url)
    open_store(url).close()
    data = b"".join(f.read_bytes() for f in tmp_path.glob("old.db*"))
    assert not [m for m in (b"tapir", b"manatee", b"quoll", b"wombat") if m in data]
