"""Crash safety: a child process resolving and undoing rounds of the real Africa core is killed
with SIGKILL at random moments, 50 times per backend. After each kill the database opens, its
newest state is the one before or after the interrupted change, no committed change is lost, the
history is whole, and no file is left behind."""

from __future__ import annotations

import multiprocessing
import os
import random
import select
import signal
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from tabletop.games.africa1880.execution import GameOverError
from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import NothingToRedo, NothingToUndo, kinds, open_store
from tests.store.helpers import check_history, doc_hash, sheets_for

KILLS = 50
#: Only turns a hang into a failure: a loaded machine is slower, never this slow.
HANG_SECONDS = 120


def _send(fd: int, *fields: object) -> None:
    # One write of a short line is atomic on a pipe: a kill never leaves half a message.
    os.write(fd, (" ".join(map(str, fields)) + "\n").encode())


def _child(url: str, game_id: int, fd: int, seed: int) -> None:
    """Loop resolutions, undos, redos and typed sheets until killed."""
    rng = random.Random(seed)
    store = open_store(url)
    _send(fd, "ready")
    while True:
        snap = store.load(game_id)
        roll = rng.random()
        op = (
            "resolve" if roll < 0.5 else "undo" if roll < 0.8 else "redo" if roll < 0.9 else "draft"
        )
        _send(fd, "begin", snap.version, op)
        try:
            if op == "resolve":
                new, _ = store.resolve_round(
                    game_id, sheets_for(snap.game), snap.version, actor="kill"
                )
            elif op == "undo":
                new = store.undo(game_id, snap.version, actor="kill")
            elif op == "redo":
                new = store.redo(game_id, snap.version, actor="kill")
            else:
                rnd = kinds.round_of(snap.game)
                rev = store.save_draft(game_id, rnd, "France", f"Algeria: develop # {seed}")
                _send(fd, "draft", rnd, rev)
                continue
        except (NothingToUndo, NothingToRedo, GameOverError):
            _send(fd, "nothing", snap.version)
            continue
        _send(fd, "commit", new.version, doc_hash(kinds.doc_of(new.game)))


def _messages(fd: int) -> list[list[str]]:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return [line.split() for line in b"".join(chunks).decode().splitlines()]


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.rglob("*")}


def test_kill_at_random_moments_loses_nothing(db_url: str, tmp_path: Path) -> None:
    is_sqlite = "://" not in db_url
    folder = Path(db_url).parent if is_sqlite else tmp_path
    store = open_store(db_url)
    game_id = store.create_game(example_game(), name="kill test").game_id
    known = store.current_version(game_id)  # the example's own rounds are not replayed
    store.close()
    commits: dict[int, str] = {}
    drafts_seen: dict[int, int] = {}
    context = multiprocessing.get_context("fork")
    rng = random.Random(1880)
    interrupted_after = interrupted_before = 0
    for kill in range(KILLS):
        read_fd, write_fd = os.pipe()
        os.set_blocking(read_fd, False)
        child = context.Process(target=_child, args=(db_url, game_id, write_fd, kill))
        child.start()
        os.close(write_fd)
        ready = False
        buffered: list[list[str]] = []
        while not ready:  # woken by each line the child writes; a hang fails after long
            readable, _, _ = select.select([read_fd], [], [], HANG_SECONDS)
            assert readable, "the child never opened the database"
            buffered += _messages(read_fd)
            ready = any(m[:1] == ["ready"] for m in buffered)
            assert ready or child.is_alive(), "the child ended before opening the database"
        time.sleep(rng.uniform(0.0, 0.35))  # the moment of the kill, drawn (nothing awaited)
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
        child.join(HANG_SECONDS)
        assert child.exitcode == -signal.SIGKILL
        messages = buffered + _messages(read_fd)
        os.close(read_fd)
        pending = False
        for message in messages:
            if message[0] == "begin":
                assert int(message[1]) == known, message
                pending = message[2] != "draft"
            elif message[0] == "commit":
                known = int(message[1])
                commits[known] = message[2]
                pending = False
            elif message[0] == "nothing":
                pending = False
            elif message[0] == "draft":
                drafts_seen[int(message[1])] = int(message[2])
                pending = False
        # The database opens, whole, at the state before or after the interrupted change.
        reopened = open_store(db_url)
        if is_sqlite:
            with reopened.engine.connect() as connection:
                assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        version = reopened.current_version(game_id)
        assert version == known or (pending and version == known + 1), (kill, version, known)
        if version == known + 1:
            interrupted_after += 1
        elif pending:
            interrupted_before += 1
        # Entries checked after earlier kills are checked again for wholeness, not replayed.
        entries = check_history(reopened, game_id, replay_from=min(known, version) + 1)
        known = version
        for seq, digest in commits.items():
            assert doc_hash(entries[seq - 1].state) == digest, f"committed entry {seq} lost"
        for rnd, rev in drafts_seen.items():
            assert reopened.drafts(game_id, rnd)["France"].rev >= rev
        reopened.close()
        if is_sqlite:
            # Closed cleanly by the last connection: only the database file itself remains.
            assert _files(folder) == {"tabletop.db"}, _files(folder)
        else:
            assert _files(folder) == set()
    assert len(commits) >= KILLS // 2, "too few changes happened between kills"
    final = open_store(db_url)
    history = final.history(game_id)
    actions = [e.action for e in history]
    assert actions.count("resolve") > 5 and actions.count("undo") > 5
    final.close()
    print(
        f"\n{KILLS} kills: {len(commits)} changes reported committed, {interrupted_after} kills "
        f"landed after a commit and before its report, {interrupted_before} during a change "
        f"that was then not there, {len(history)} history entries"
    )


@pytest.mark.parametrize("backend", ["sqlite"])
def test_sqlite_files_while_open_are_only_the_database_and_its_wal(
    tmp_path: Path, backend: str
) -> None:
    store = open_store(tmp_path / "tabletop.db")
    store.create_game(example_game())
    assert _files(tmp_path) <= {"tabletop.db", "tabletop.db-wal", "tabletop.db-shm"}
    with store.engine.connect() as connection:
        assert connection.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    store.close()
    assert _files(tmp_path) == {"tabletop.db"}
