"""Tables with secret seats (tabletop.store.seats), on both backends: tokens, no lock-out after
wrong ones, sealing, status without contents, what a seat sees, resolving exactly once."""

from __future__ import annotations

import hmac
import json
import multiprocessing
import re
import secrets
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.instructions import table_instructions
from tabletop.games.africa1880.observe import combine_sheets
from tabletop.games.africa1880.powers import lookup_power
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import Store, kinds, open_store
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_errors import (
    BadToken,
    NothingSealed,
    RevokedToken,
    RoundAlreadyResolved,
    SealRefused,
    SeatsMissing,
    TableNotFound,
)
from tabletop.store.seats import Tables
from tabletop.store.tokens import CODE_ALPHABET
from tests.store.helpers import EXAMPLE_SHEETS


def example_sheets() -> dict[str, str]:
    """The example round's sheet of each power, as its seat would type it."""
    blocks = re.split(r"\n(?=\[)", EXAMPLE_SHEETS)[1:]
    return {lookup_power(b.split("\n", 1)[0].strip("[]")): b for b in blocks}


def _table(store: Store) -> tuple[Tables, Any]:
    tables = Tables(store)
    return tables, tables.open_table(store.create_game(example_game()).game_id)


def test_tokens_are_long_random_and_only_their_hashes_are_kept(store: Store) -> None:
    tables, new = _table(store)
    tokens = [new.host_token] + [s.token for s in new.seats]
    codes = [s.code for s in new.seats]
    assert len(set(tokens)) == len(tokens) and all(len(t) == 32 for t in tokens)  # 192 bits
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    with store.engine.connect() as connection:
        dump = json.dumps(
            [
                [str(v) for v in row]
                for table in (tables_table, seats_table)
                for row in connection.execute(sa.select(table))
            ]
        )
    assert not any(t in dump for t in tokens) and not any(c in dump for c in codes)
    # The host can read the links again (the shared screen reloaded), nobody else.
    assert tables.host_links(new.table_id, new.host_token) == list(new.seats)
    with pytest.raises(BadToken):
        tables.host_links(new.table_id, new.seats[0].token)


def test_no_token_starts_with_a_dash(store: Store, monkeypatch: Any) -> None:
    # "--token -abc" reads as an option on a command line: such tokens are drawn again.
    drawn = iter(["-" + "a" * 31, "-" + "b" * 31] + ["c" * 31 + str(i % 10) for i in range(20)])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda size: next(drawn))
    _, new = _table(store)
    tokens = [new.host_token] + [s.token for s in new.seats]
    assert tokens and not any(t.startswith("-") for t in tokens)


def test_wrong_old_and_revoked_tokens_are_refused(store: Store, monkeypatch: Any) -> None:
    tables, new = _table(store)
    france = new.seat("France")
    calls: list[int] = []
    real = hmac.compare_digest

    def counting(a: Any, b: Any) -> bool:
        calls.append(1)
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", counting)
    assert tables.authenticate(new.table_id, france.token).seat == "France"
    assert calls, "tokens are compared with hmac.compare_digest"
    assert tables.authenticate(new.table_id, france.code.lower()).seat == "France"
    assert tables.authenticate(new.table_id, new.host_token).is_host
    with pytest.raises(BadToken, match="does not open table"):
        # One character changed (never to itself: the token is random and may end in any one).
        tables.authenticate(
            new.table_id, france.token[:-1] + ("y" if france.token[-1] == "x" else "x")
        )
    with pytest.raises(BadToken, match="does not open table"):
        tables.authenticate(new.table_id, france.token, host=True)  # a seat is not the host
    other = Tables(store).open_table(store.create_game(example_game()).game_id)
    with pytest.raises(BadToken):
        tables.authenticate(new.table_id, other.seat("France").token)
    reissued = tables.revoke(new.table_id, new.host_token, "France")
    for old in (france.token, france.code):
        with pytest.raises(RevokedToken, match="replaced by the host"):
            tables.seal(new.table_id, old, "Algeria: develop")
    assert tables.authenticate(new.table_id, reissued.token).seat == "France"
    with pytest.raises(BadToken):
        tables.revoke(new.table_id, france.token, "France")  # only the host revokes


def test_wrong_tokens_never_lock_the_table_out(db_url: str) -> None:
    store = open_store(db_url)
    tables, new = _table(store)
    for _ in range(12):
        with pytest.raises(BadToken):
            tables.authenticate(new.table_id, "guess")
    # Nothing kept in the database refuses the rightful seat, in this process or another.
    other = Tables(open_store(db_url))
    assert other.authenticate(new.table_id, new.seat("France").token).seat == "France"
    assert tables.authenticate(new.table_id, new.host_token).is_host
    other.store.close()
    store.close()


def test_sealing_again_replaces_and_headers_are_checked(store: Store) -> None:
    tables, new = _table(store)
    france = new.seat("France").token
    first = tables.seal(new.table_id, france, "Algeria: develop")
    second = tables.seal(new.table_id, france, "[France]\nTunisia: develop")
    assert (first.rev, second.rev, second.round) == (1, 2, 4)
    assert (first.replaced, second.replaced) == (False, True)
    assert tables.seat_view(new.table_id, france)["own_sheet"] == "[France]\nTunisia: develop\n"
    with pytest.raises(SealRefused, match="headed Germany, but this seat plays France"):
        tables.seal(new.table_id, france, "[Allemagne]\nTogo: develop")
    with pytest.raises(SealRefused, match="header naming no other power"):
        tables.seal(new.table_id, france, "[Italy]\nLibya: develop")
    with pytest.raises(SealRefused, match="at most"):
        tables.seal(new.table_id, france, "Algeria: develop\n" * 1000)
    with pytest.raises(SealRefused, match="host token seals nothing"):
        tables.seal(new.table_id, new.host_token, "Algeria: develop")
    # The refused ones changed nothing.
    assert tables.seat_view(new.table_id, france)["own_sheet"] == "[France]\nTunisia: develop\n"


def test_the_receipt_says_replaced_only_within_one_round(store: Store) -> None:
    tables, new = _table(store)
    france = new.seat("France").token
    assert not tables.seal(new.table_id, france, "Algeria: develop").replaced
    tables.resolve(new.table_id, new.host_token, force=True, round=4)
    # The seat's rev counts every round; the next round's first seal replaces nothing.
    first = tables.seal(new.table_id, france, "Algeria: develop")
    assert (first.round, first.rev, first.replaced) == (5, 2, False)
    again = tables.seal(new.table_id, france, "Algeria: develop")
    assert (again.round, again.rev, again.replaced) == (5, 3, True)
    # A new link for the seat keeps its sealed sheet: sealing with it replaces that one.
    reissued = tables.revoke(new.table_id, new.host_token, "France")
    assert tables.seal(new.table_id, reissued.token, "Algeria: develop").replaced


def test_status_names_who_sealed_never_what(store: Store) -> None:
    tables, new = _table(store)
    sheets = example_sheets()
    tables.seal(new.table_id, new.seat("France").token, sheets["France"])
    status = tables.status(new.table_id)
    assert status.sealed == ["France"]
    assert status.waiting == ["Belgium", "Germany", "Great Britain"]
    shown = json.dumps(status.to_json()) + json.dumps(tables.public_view(new.table_id))
    for line in sheets["France"].splitlines()[1:]:
        order = line.split("#")[0].strip()
        if order:
            assert order not in shown


def test_a_seat_sees_its_own_sheet_and_nothing_of_the_others(store: Store) -> None:
    tables, new = _table(store)
    sheets = example_sheets()
    for power, text in sheets.items():
        tables.seal(new.table_id, new.seat(power).token, text)
    statements: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, params: Any, *_rest: Any) -> None:
        statements.append((statement, params))

    sa.event.listen(store.engine, "before_cursor_execute", record)
    try:
        views = {p: tables.seat_view(new.table_id, new.seat(p).token) for p in sheets}
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", record)
    for power, view in views.items():
        shown = json.dumps(view, ensure_ascii=False)
        assert view["own_sheet"].startswith(sheets[power].split("\n", 1)[0])
        for other, text in sheets.items():
            if other == power:
                continue
            for line in text.splitlines()[1:]:
                order = line.split("#")[0].strip()
                if order and order not in sheets[power]:
                    assert order not in shown, (power, other, order)
    # Every query that reads sealed contents names one seat in its WHERE clause.
    reading = [(s, p) for s, p in statements if re.search(r"seats\.sheet", s)]
    assert reading and all("seats.seat =" in s for s, _ in reading)
    # After the reveal every seat sees the public report of the round.
    tables.resolve(new.table_id, new.host_token)
    after = tables.seat_view(new.table_id, new.seat("Belgium").token)
    assert after["own_sheet"] is None and after["round"] == 5
    assert after["last_report"]["round"] == 4 and after["last_report"]["removals"]


def test_resolve_is_the_same_as_resolving_the_sheets_and_refuses_twice(store: Store) -> None:
    tables, new = _table(store)
    sheets = example_sheets()
    for power in ("France", "Germany"):
        tables.seal(new.table_id, new.seat(power).token, sheets[power])
    with pytest.raises(SeatsMissing, match="waiting for Belgium, Great Britain") as refused:
        tables.resolve(new.table_id, new.host_token)
    assert refused.value.missing == ["Belgium", "Great Britain"]
    for power in ("Belgium", "Great Britain"):
        tables.seal(new.table_id, new.seat(power).token, sheets[power])
    with pytest.raises(BadToken):
        tables.resolve(new.table_id, new.seat("France").token)
    snap, report = tables.resolve(new.table_id, new.host_token, round=4)
    expected = example_game()
    expected_report = expected.apply(expected.read_sheets(EXAMPLE_SHEETS), EXAMPLE_SHEETS)
    assert report.to_dict() == expected_report.to_dict()
    assert table_instructions(report) == table_instructions(expected_report)
    assert snap.game.state.to_dict() == expected.state.to_dict()
    same = example_game()
    stored = store.history(snap.game_id)[-1].detail or ""
    same.apply(same.read_sheets(stored), stored)
    assert kinds.doc_of(snap.game) == kinds.doc_of(same)
    version = store.current_version(snap.game_id)
    with pytest.raises(RoundAlreadyResolved, match="round 4 is already resolved"):
        tables.resolve(new.table_id, new.host_token, round=4)
    assert store.current_version(snap.game_id) == version
    # Round 5 with nobody sealed: forced without naming the round, refused (it is most often a
    # second "resolve now" arriving late); named, force makes every power hold and ally everyone.
    with pytest.raises(NothingSealed, match="no seat has sealed round 5; nothing changed"):
        tables.resolve(new.table_id, new.host_token, force=True)
    assert store.current_version(snap.game_id) == version
    forced, forced_report = tables.resolve(new.table_id, new.host_token, force=True, round=5)
    assert isinstance(forced.game, Game) and forced.game.state.round == 6
    unsealed = Game(state=snap.game.state, board=snap.game.board)
    assert forced_report.to_dict() == unsealed.apply(unsealed.read_sheets(""), "").to_dict()
    assert store.history(snap.game_id)[-1].detail == ""


def test_combined_sheets_are_the_sealed_ones_in_the_order_of_powers(store: Store) -> None:
    tables, new = _table(store)
    tables.seal(new.table_id, new.seat("Germany").token, "Togo: develop")
    tables.seal(new.table_id, new.seat("Belgium").token, "Congo: develop")
    snap, _ = tables.resolve(new.table_id, new.host_token, force=True)
    detail = store.history(snap.game_id)[-1].detail
    expected = combine_sheets(
        {"Germany": "[Germany]\nTogo: develop\n", "Belgium": "[Belgium]\nCongo: develop\n"},
        ["Belgium", "France", "Germany", "Great Britain"],
    )
    assert detail == expected == "[Belgium]\nCongo: develop\n\n[Germany]\nTogo: develop\n"


def _resolver(
    url: str, table_id: int, token: str, barrier: Any, results: Any, forced: bool = False
) -> None:
    tables = Tables(open_store(url))
    barrier.wait()
    try:
        if forced:
            # "Resolve now" from the command line, no round named.
            snap, _ = tables.resolve(table_id, token, force=True)
        else:
            # The round the host saw: a process starting after another's resolution is refused.
            snap, _ = tables.resolve(table_id, token, round=4)
        results.put(("resolved", snap.version))
    except (RoundAlreadyResolved, NothingSealed):
        results.put(("refused", None))
    except Exception as error:  # reported, so the test fails at once with it
        results.put(("error", repr(error)))
    tables.store.close()


@pytest.mark.parametrize("forced", [False, True], ids=["round-named", "forced-no-round"])
def test_processes_resolving_at_once_resolve_the_round_once(db_url: str, forced: bool) -> None:
    store = open_store(db_url)
    tables, new = _table(store)
    for power, text in list(example_sheets().items())[: 1 if forced else None]:
        tables.seal(new.table_id, new.seat(power).token, text)
    version = store.current_version(new.game_id)
    store.close()
    context = multiprocessing.get_context("fork")
    count = 4
    barrier, results = context.Barrier(count), context.Queue()
    workers = [
        context.Process(
            target=_resolver,
            args=(db_url, new.table_id, new.host_token, barrier, results, forced),
        )
        for _ in range(count)
    ]
    for worker in workers:
        worker.start()
    outcomes = sorted(results.get(timeout=120) for _ in workers)
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    assert [o[0] for o in outcomes] == ["refused"] * (count - 1) + ["resolved"]
    store = open_store(db_url)
    assert store.current_version(new.game_id) == version + 1
    entries = store.history(new.game_id)
    assert len(entries) == version + 1 and entries[-1].action == "resolve"
    assert [e.step for e in entries].count(4) == 1  # round 4 resolved once
    store.close()


def test_a_seal_during_a_resolution_is_in_it_or_refused(store: Store) -> None:
    tables, new = _table(store)
    token = new.seat("France").token
    tables.seal(new.table_id, token, "Algeria: develop")
    snap = store.load(new.game_id)
    tables.resolve(new.table_id, new.host_token, force=True)
    # A seal prepared on the old version is refused, never filed under the resolved round.
    real_load = store.load
    store.load = lambda game_id: snap  # type: ignore[method-assign]
    try:
        with pytest.raises(RoundAlreadyResolved, match="nothing was sealed"):
            tables.seal(new.table_id, token, "Tunisia: develop")
    finally:
        store.load = real_load  # type: ignore[method-assign]
    assert tables.status(new.table_id).sealed == []


def test_massai_seats_seal_the_setups_and_an_attack(store: Store) -> None:
    tables = Tables(store)
    game_id = store.create_game(GameRecord.new()).game_id
    new = tables.open_table(game_id)
    one, two = new.seat("Player 1").token, new.seat("Player 2").token
    assert tables.status(new.table_id).waiting == ["Player 1", "Player 2"]
    with pytest.raises(SealRefused, match="not in Player 1's half"):
        tables.seal(new.table_id, one, "a6 b6 b5 c5 c6")
    tables.seal(new.table_id, one, "c3 d3 e3 d2 c2")
    view = tables.seat_view(new.table_id, two)
    assert "c3" not in json.dumps(view) and view["secret"] == "setup"
    with pytest.raises(SeatsMissing):
        tables.resolve(new.table_id, new.host_token)
    tables.seal(new.table_id, two, "c4 d4 e4 d5 c5")
    snap, _ = tables.resolve(new.table_id, new.host_token)
    assert isinstance(snap.game, GameRecord) and str(snap.game.state.phase) == "play"
    assert sorted(snap.game.state.huts[0]) == ["c2", "c3", "d2", "d3", "e3"]
    # Player 1 attacks in secret; Player 2 guards in secret; both revealed at once.
    assert tables.status(new.table_id).waiting == ["Player 1", "Player 2"]
    tables.seal(new.table_id, one, "d4")
    defender = tables.seat_view(new.table_id, two)
    assert "d4" not in json.dumps(defender.get("own_secret")) and defender["secret"] == "guards"
    tables.seal(new.table_id, two, "d4")
    snap, report = tables.resolve(new.table_id, new.host_token)
    assert report.attack is not None and report.attack.guarded
    assert store.history(game_id)[-1].detail == "attack d4 guards d4"


def test_deleting_the_game_deletes_its_tables(store: Store) -> None:
    tables, new = _table(store)
    assert tables.tables_of(new.game_id) == [new.table_id]
    store.delete_game(new.game_id, confirm=True)
    with store.engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(seats_table)).scalar() == 0
        assert (
            connection.execute(sa.select(sa.func.count()).select_from(tables_table)).scalar() == 0
        )
    with pytest.raises(TableNotFound, match="no table"):
        tables.status(new.table_id)
