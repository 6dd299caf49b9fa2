"""What a reader of the database alone learns (both backends): no draft, no sealed sheet, no
typed sheet, no secret choice, no token; with another server secret nothing opens; a seat's
credential opens neither another seat's draft nor any sealed sheet; wrong credentials lock
nobody out."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import BadClassToken
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import class_choices, metadata
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import secrets as kept_secrets
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_crypto import (
    TableKeys,
    draft_key,
    open_draft,
    open_sheet,
    table_private_key,
)
from tabletop.store.seat_errors import BadToken, UnreadableSecret
from tabletop.store.seats import Tables
from tabletop.store.server_secret import SECRET_FILE_VARIABLE, forget_server_secrets

DRAFT = "Algeria: develop  # pangolin-feldspar-4417"
SHEET = "Togo: develop  # narwhal-obsidian-9023"
TYPED = "Congo: develop  # axolotl-gneiss-5531"
CHOICE = "okapi-marble-6642"
MARKS = ("pangolin", "narwhal", "axolotl", "okapi")


def _everything(store: Store) -> dict[str, Any]:
    """A table with a draft (France) and a sealed sheet (Germany), a dashboard's typed sheet
    and a Massai page's secret choice."""
    tables = Tables(store)
    game_id = store.create_game(example_game()).game_id
    new = tables.open_table(game_id)
    tables.save_draft(new.table_id, new.seat("France").token, DRAFT)
    tables.seal(new.table_id, new.seat("Germany").token, SHEET)
    store.save_draft(game_id, 4, "Belgium", TYPED)
    massai = store.create_game(GameRecord.new()).game_id
    store.set_secret(massai, "Alice", {"setup": CHOICE})
    return {"tables": tables, "new": new, "game": game_id, "massai": massai}


def _all_columns(url: str) -> str:
    """Every value of every table of the database, read through SQLAlchemy."""
    engine = create_engine(resolve_url(url))
    values: list[str] = []
    with engine.connect() as connection:
        for table in metadata.sorted_tables:
            for row in connection.execute(sa.select(table)):
                values.extend(str(v) for v in row)
    engine.dispose()
    return "\n".join(values)


@pytest.fixture
def other_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], None]]:
    """Another server secret for the rest of the test (the session's one afterwards)."""

    def use_other() -> None:
        monkeypatch.setenv(SECRET_FILE_VARIABLE, str(tmp_path / "another-server.key"))
        forget_server_secrets()

    yield use_other
    monkeypatch.undo()
    forget_server_secrets()


def test_the_database_alone_holds_no_secret_text(db_url: str) -> None:
    store = open_store(db_url)
    made = _everything(store)
    new, tables = made["new"], made["tables"]
    # The holders read them back.
    assert tables.draft(new.table_id, new.seat("France").token) == DRAFT
    assert tables.seat_view(new.table_id, new.seat("Germany").token)["sealed"]
    assert store.drafts(made["game"], 4)["Belgium"].text == TYPED
    assert store.secrets(made["massai"]) == {"Alice": {"setup": CHOICE}}
    store.close()
    dump = _all_columns(db_url)
    credentials = [new.host_token] + [s.token for s in new.seats] + [s.code for s in new.seats]
    assert not [m for m in MARKS if m in dump]
    assert not [c for c in credentials if c in dump]
    if "://" not in db_url:  # SQLite: the bytes of its files (the database, any WAL left)
        files = list(Path(db_url).parent.glob(Path(db_url).name + "*"))
        data = b"".join(f.read_bytes() for f in files)
        assert not [m for m in MARKS if m.encode() in data]
        assert not [c for c in credentials if c.encode() in data]


def test_with_another_server_secret_nothing_opens(
    db_url: str, other_secret: Callable[[], None]
) -> None:
    store = open_store(db_url)
    made = _everything(store)
    new = made["new"]
    with store.engine.connect() as connection:
        table = connection.execute(sa.select(tables_table)).one()
        sheet = connection.execute(
            sa.select(seats_table.c.sheet).where(seats_table.c.seat == "Germany")
        ).scalar_one()
        draft = connection.execute(
            sa.select(kept_secrets.c.payload).where(
                kept_secrets.c.seat == draft_key(new.table_id, "France")
            )
        ).scalar_one()
    store.close()
    other_secret()
    store = open_store(db_url)
    tables = Tables(store)
    with pytest.raises(UnreadableSecret, match="another one"):
        tables.authenticate(new.table_id, new.seat("France").token)
    assert store.drafts(made["game"], 4) == {}
    assert store.secrets(made["massai"]) == {}
    keys = TableKeys(table.public_key, table.key_by_host, table.key_by_server)
    with pytest.raises(UnreadableSecret):
        table_private_key(new.table_id, keys)
    assert open_draft(new.seat("France").token, new.table_id, "France", 4, draft) is None
    # Only the host token still opens the table's key (no server secret needed for that one).
    private = table_private_key(new.table_id, keys, new.host_token)
    assert SHEET in open_sheet(private, new.table_id, "Germany", 4, sheet)
    store.close()


def test_a_seat_opens_its_own_draft_only_and_no_sealed_sheet(store: Store) -> None:
    made = _everything(store)
    tables, new = made["tables"], made["new"]
    france, germany = new.seat("France"), new.seat("Germany")
    assert tables.draft(new.table_id, germany.token) is None
    assert tables.draft(new.table_id, france.code) is None  # kept under France's link
    with pytest.raises(BadToken):
        tables.draft(new.table_id, france.token[::-1])
    view = tables.seat_view(new.table_id, france.token)
    assert "narwhal" not in json.dumps(view) and not view["sealed"]
    with store.engine.connect() as connection:
        table = connection.execute(sa.select(tables_table)).one()
        sheet = connection.execute(
            sa.select(seats_table.c.sheet).where(seats_table.c.seat == "Germany")
        ).scalar_one()
    keys = TableKeys(table.public_key, table.key_by_host, table.key_by_server)
    for credential in (france.token, france.code, germany.token, germany.code):
        with pytest.raises(UnreadableSecret):
            # A seat's credential is no host token: the table's key does not open with it.
            table_private_key(new.table_id, keys, credential)
    # The server's side opens it (the seat's own view, the resolution), for its own row only.
    private = table_private_key(new.table_id, keys)
    assert open_sheet(private, new.table_id, "Germany", 4, sheet).startswith("[Germany]")
    with pytest.raises(UnreadableSecret):
        open_sheet(private, new.table_id, "France", 4, sheet)


def test_wrong_credentials_lock_out_no_seat_no_host_no_student(store: Store) -> None:
    made = _everything(store)
    tables, new = made["tables"], made["new"]
    for guess in ["x" * 32] * 6 + ["ABCDEF", "zzz-zzz", "2345AB", "host", "", "K7QX2P"]:
        with pytest.raises(BadToken):
            tables.authenticate(new.table_id, guess)
    assert tables.authenticate(new.table_id, new.seat("France").token).seat == "France"
    last = new.seats[-1]
    assert tables.authenticate(new.table_id, last.code.lower()).seat == last.seat
    assert tables.authenticate(new.table_id, new.host_token, host=True).is_host
    classes = Classes(store)
    class_game = classes.create("africa-two-full", rounds=2, seed=1)
    for guess in ["WRONG1"] * 6 + ["y" * 32] * 6:
        with pytest.raises(BadClassToken):
            classes.join(class_game.class_id, guess, "Guesser")
        with pytest.raises(BadClassToken):
            classes.open_round(class_game.class_id, guess)
    students = [
        classes.join(class_game.class_id, class_game.code, f"Student {k}") for k in range(40)
    ]
    classes.open_round(class_game.class_id, class_game.host_token)
    for student in students:
        assert classes.student_view(class_game.class_id, student.token)["status"] == "choose"
    assert classes.verify(class_game.class_id, class_game.join_token, "join")
    assert not classes.verify(class_game.class_id, "WRONG1", "join")
    assert not classes.verify(class_game.class_id + 99, class_game.code, "join")


def test_a_students_choice_of_an_open_round_is_kept_encrypted(store: Store) -> None:
    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=2, seed=1)
    ana = classes.join(new.class_id, new.code, "Ana")
    classes.join(new.class_id, new.code, "Ben")
    classes.open_round(new.class_id, new.host_token)
    action = classes.student_view(new.class_id, ana.token)["actions"][0]
    classes.submit(new.class_id, ana.token, action)
    assert classes.student_view(new.class_id, ana.token)["choice"] == action
    with store.engine.connect() as connection:
        kept = connection.execute(sa.select(class_choices)).one()
    assert action not in kept.action and kept.action.startswith("srv1.")
    assert classes.teacher_view(new.class_id, new.host_token)["submitted"] == 1
