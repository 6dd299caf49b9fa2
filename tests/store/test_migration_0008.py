"""Schema 8 (saved boards) on both backends: a schema-7 database gains the board tables and keeps
its games; going down drops them and keeps the games too."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import open_store
from tabletop.store.engine import create_engine, resolve_url
from tabletop.store.schema import alembic_config

BOARD_TABLES = {"boards", "board_versions", "board_photos", "board_work"}


def _tables_and_version(db_url: str) -> tuple[set[str], str]:
    engine = create_engine(resolve_url(db_url))
    with engine.connect() as connection:
        names = set(sa.inspect(connection).get_table_names())
        version = connection.execute(
            sa.text("SELECT value FROM tabletop_meta WHERE key = 'schema_version'")
        ).scalar_one()
    engine.dispose()
    return names, version


def test_schema_8_goes_down_to_7_and_up_again_keeping_the_games(db_url: str) -> None:
    store = open_store(db_url)
    game_id = store.create_game(example_game(), name="Before boards").game_id
    store.close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0007")
    engine.dispose()
    names, version = _tables_and_version(db_url)
    assert not names & BOARD_TABLES and version == "7" and "games" in names
    store = open_store(db_url)
    try:
        assert store.upgraded_from == 7
        assert store.info(game_id).name == "Before boards"
        assert store.load(game_id).game.to_dict() == example_game().to_dict()
    finally:
        store.close()
    names, version = _tables_and_version(db_url)
    assert BOARD_TABLES <= names and int(version) >= 8
