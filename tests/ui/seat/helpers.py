"""What the seat and table page tests share: a store with a table, and every text a page holds."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import Store, open_store
from tabletop.store.seat_records import NewTable
from tabletop.store.seats import Tables


def new_store(tmp_path: Path) -> Store:
    return open_store(tmp_path / "tabletop.db")


def africa_table(store: Store) -> tuple[Tables, NewTable]:
    tables = Tables(store)
    game_id = store.create_game(example_game()).game_id
    return tables, tables.open_table(game_id)


def massai_table(store: Store) -> tuple[Tables, NewTable]:
    tables = Tables(store)
    game_id = store.create_game(GameRecord.new()).game_id
    return tables, tables.open_table(game_id)


def _strings(value: Any, seen: set[int], out: list[str]) -> None:
    if isinstance(value, widgets.Widget):
        if id(value) in seen:
            return
        seen.add(id(value))
        for name in value.keys:
            if name.startswith("_") and name not in ("_dom_classes", "_options_labels"):
                continue
            _strings(getattr(value, name), seen, out)
    elif isinstance(value, str):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _strings(item, seen, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strings(key, seen, out)
            _strings(item, seen, out)


def page_text(root: widgets.Widget) -> str:
    """Every string in the state of ``root``'s widget tree (what the browser may receive)."""
    out: list[str] = []
    _strings(root, set(), out)
    return "\n".join(out)


def find(root: widgets.Widget, css_class: str) -> list[widgets.Widget]:
    """The widgets under ``root`` tagged ``css_class``."""
    found: list[widgets.Widget] = []
    seen: set[int] = set()

    def walk(w: Any) -> None:
        if not isinstance(w, widgets.Widget) or id(w) in seen:
            return
        seen.add(id(w))
        if css_class in getattr(w, "_dom_classes", ()):
            found.append(w)
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(root)
    return found


def resolve_now(tables: Tables, new: NewTable) -> None:
    """The host's "Resolve now" of the round shown (a missing sheet holds)."""
    tables.resolve(
        new.table_id, new.host_token, force=True, round=tables.status(new.table_id).round
    )


@contextlib.contextmanager
def widgets_built() -> Iterator[list[widgets.Widget]]:
    """The widgets constructed inside the block (ipywidgets' construction callback)."""
    built: list[widgets.Widget] = []
    widgets.Widget.on_widget_constructed(built.append)
    try:
        yield built
    finally:
        widgets.Widget.on_widget_constructed(None)
