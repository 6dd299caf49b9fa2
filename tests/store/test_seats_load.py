"""Load test (bounded, loopback only, both backends): 6 tables x 6 seats sealing and resolving at
once from 6 processes, two rounds: nothing lost, each round resolved once, and the results are
those of ``tabletop africa resolve`` on the same sheets."""

from __future__ import annotations

import json
import multiprocessing
import traceback
from pathlib import Path
from typing import Any

from tabletop.cli import main
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.observe import combine_sheets
from tabletop.games.africa1880.powers import POWERS
from tabletop.store import GameArchive, open_store
from tabletop.store.seat_errors import RoundAlreadyResolved
from tabletop.store.seats import Tables

TABLES = 6
ROUNDS = 2
TIME_LIMIT = 120.0  # a hang guard per worker's answer, not a deadline


def sheet(game: Game, power: str) -> str:
    """A seat's sheet: develop everywhere; war on the next power in odd rounds (removals)."""
    state = game.state
    lines = [f"{t}: develop" for t in sorted(state.presences[power])]
    if state.round % 2:
        lines.append(f"war: {POWERS[(POWERS.index(power) + 1) % len(POWERS)]}")
    return "\n".join(lines) + "\n"  # no header: the seat's own power is implied


def _worker(
    url: str, seat_index: int, tables: list[dict[str, Any]], barrier: Any, out: Any
) -> None:
    try:
        _work(url, seat_index, tables, barrier, out)
    except BaseException as error:  # reported to the test, which fails with it
        barrier.abort()
        out.put((seat_index, "error", "".join(traceback.format_exception(error))))


def _work(url: str, seat_index: int, tables: list[dict[str, Any]], barrier: Any, out: Any) -> None:
    store = open_store(url)
    seats = Tables(store)
    sealed: list[tuple[int, str, int, str]] = []
    resolved: list[tuple[int, int, str]] = []
    for round_ in range(1, ROUNDS + 1):
        barrier.wait(TIME_LIMIT / 2)
        for table in tables:  # this process is one seat at every table
            power, token = table["seats"][seat_index]
            game = store.load(table["game"]).game
            assert isinstance(game, Game)
            text = sheet(game, power)
            receipt = seats.seal(table["id"], token, text)
            sealed.append((table["id"], power, receipt.round, text))
        barrier.wait(TIME_LIMIT / 2)
        for table in tables:  # and every process tries to resolve every table
            try:
                # The host names the round it saw: a round resolved meanwhile is refused.
                snap, report = seats.resolve(table["id"], table["host"], round=round_)
                resolved.append((table["id"], report.round, "resolved"))
            except RoundAlreadyResolved:
                resolved.append((table["id"], 0, "refused"))
    store.close()
    out.put((seat_index, sealed, resolved))


def test_six_tables_of_six_seats_at_once(db_url: str, tmp_path: Path, capsys: Any) -> None:
    store = open_store(db_url)
    seats = Tables(store)
    tables, before = [], {}
    for number in range(TABLES):
        snap = store.create_game(Game.new(POWERS), name=f"load {number}")
        new = seats.open_table(snap.game_id)
        tables.append(
            {
                "id": new.table_id,
                "game": snap.game_id,
                "host": new.host_token,
                "seats": [(s.seat, s.token) for s in new.seats],
            }
        )
        before[new.table_id] = GameArchive(store).export_game(snap.game_id)
    store.close()
    context = multiprocessing.get_context("fork")
    barrier, out = context.Barrier(len(POWERS)), context.Queue()
    workers = [
        context.Process(target=_worker, args=(db_url, i, tables, barrier, out))
        for i in range(len(POWERS))
    ]
    for worker in workers:
        worker.start()
    outcomes = [out.get(timeout=TIME_LIMIT) for _ in workers]
    errors = [o[2] for o in outcomes if o[1] == "error"]
    assert not errors, errors[0]
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    sealed = [s for o in outcomes for s in o[1]]
    resolved = [r for o in outcomes for r in o[2]]
    assert len(sealed) == TABLES * len(POWERS) * ROUNDS
    # Each round of each table resolved exactly once, the others refused.
    for table in tables:
        mine = [r for r in resolved if r[0] == table["id"]]
        assert sorted(r[1] for r in mine if r[2] == "resolved") == list(range(1, ROUNDS + 1))
        assert len([r for r in mine if r[2] == "refused"]) == (len(POWERS) - 1) * ROUNDS
    store = open_store(db_url)
    for table in tables:
        entries = store.history(table["game"])
        assert [e.action for e in entries] == ["new"] + ["resolve"] * ROUNDS
        game_file = tmp_path / f"table{table['id']}.json"
        game_file.write_text(json.dumps(before[table["id"]]), encoding="utf-8")
        for round_, entry in enumerate(entries[1:], start=1):
            # Nothing lost: the resolution read exactly the sheets every seat sealed.
            sent = {p: t for (tid, p, r, t) in sealed if tid == table["id"] and r == round_}
            assert len(sent) == len(POWERS)
            text = combine_sheets({p: f"[{p}]\n{t}" for p, t in sent.items()}, POWERS)
            assert entry.detail == text
            orders = tmp_path / f"orders{table['id']}-{round_}.txt"
            orders.write_text(text, encoding="utf-8")
            code = main(["africa", "resolve", str(game_file), str(orders), "--json", "--write"])
            printed = json.loads(capsys.readouterr().out)
            assert code == 0
            printed.pop("state"), printed.pop("instructions")
            assert printed == entry.report
        direct = json.loads(game_file.read_text(encoding="utf-8"))
        assert direct["state"] == GameArchive(store).export_game(table["game"])["state"]
    store.close()
