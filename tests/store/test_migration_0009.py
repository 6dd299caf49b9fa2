"""Schema 9 (the teacher's message) on both backends: a schema-8 database gains the message
columns and keeps its class games and students; going down drops them and keeps those too."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command

from tabletop.store import open_store
from tabletop.store.classroom import Classes
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import alembic_config


def _columns_and_version(db_url: str) -> tuple[set[str], str]:
    engine = create_engine(resolve_url(db_url))
    with engine.connect() as connection:
        names = {c["name"] for c in sa.inspect(connection).get_columns("class_games")}
        version = connection.execute(
            sa.text("SELECT value FROM tabletop_meta WHERE key = 'schema_version'")
        ).scalar_one()
    engine.dispose()
    return names, version


def test_schema_9_goes_down_to_8_and_up_again_keeping_the_class(db_url: str) -> None:
    store = open_store(db_url)
    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=2, seed=1)
    ana = classes.join(new.class_id, new.code, "Ana")
    classes.send_message(new.class_id, new.host_token, "Hello")
    store.close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0008")
    engine.dispose()
    names, version = _columns_and_version(db_url)
    assert version == "8" and not {"message", "message_at"} & names
    store = open_store(db_url)
    try:
        assert store.upgraded_from == 8
        classes = Classes(store)
        view = classes.student_view(new.class_id, ana.token)
        assert view["nickname"] == "Ana" and view["message"] is None
        classes.send_message(new.class_id, new.host_token, "Again")
        assert classes.student_view(new.class_id, ana.token)["message"]["text"] == "Again"
    finally:
        store.close()
    names, version = _columns_and_version(db_url)
    assert {"message", "message_at"} <= names and int(version) >= 9
