"""Several processes resolve, undo, redo and type sheets on one game at once (both backends):
no lost update, each round resolved once from any state, the history whole and consistent."""

from __future__ import annotations

import multiprocessing
import random
from typing import Any

from tabletop.games.africa1880.execution import GameOverError
from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import NothingToRedo, NothingToUndo, StaleGameError, kinds, open_store
from tests.store.helpers import check_history, doc_hash, sheets_for

WORKERS = 4
OPS = 15


def _worker(url: str, game_id: int, number: int, barrier: Any, results: Any) -> None:
    rng = random.Random(number)
    store = open_store(url)
    commits: list[tuple[int, str, str]] = []
    stale = nothing = 0
    last_draft = ""
    drafts = 0
    barrier.wait()
    for op_number in range(OPS):
        snap = store.load(game_id)
        roll = rng.random()
        try:
            if roll < 0.45:
                new, _ = store.resolve_round(
                    game_id, sheets_for(snap.game), snap.version, actor=f"w{number}"
                )
                commits.append((new.version, doc_hash(kinds.doc_of(new.game)), "resolve"))
            elif roll < 0.7:
                new = store.undo(game_id, snap.version, actor=f"w{number}")
                commits.append((new.version, doc_hash(kinds.doc_of(new.game)), "undo"))
            elif roll < 0.8:
                new = store.redo(game_id, snap.version, actor=f"w{number}")
                commits.append((new.version, doc_hash(kinds.doc_of(new.game)), "redo"))
            else:
                last_draft = f"Algeria: develop  # worker {number}, op {op_number}"
                store.save_draft(game_id, 1, f"seat{number}", last_draft, actor=f"w{number}")
                drafts += 1
        except StaleGameError:
            stale += 1
        except (NothingToUndo, NothingToRedo, GameOverError):
            nothing += 1
    store.close()
    results.put((number, commits, stale, nothing, last_draft, drafts))


def test_processes_at_once_lose_no_update(db_url: str) -> None:
    store = open_store(db_url)
    game_id = store.create_game(example_game(), name="concurrency").game_id
    start_version = store.current_version(game_id)
    store.close()
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WORKERS)
    results = context.Queue()
    workers = [
        context.Process(target=_worker, args=(db_url, game_id, n, barrier, results))
        for n in range(WORKERS)
    ]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=240) for _ in workers]
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    store = open_store(db_url)
    entries = check_history(store, game_id, replay_from=start_version + 1)
    commits = [c for outcome in outcomes for c in outcome[1]]
    versions = [version for version, _, _ in commits]
    # No lost update: every change a process was told it made is there, under its own version,
    # and nothing else was added.
    assert len(set(versions)) == len(versions)
    assert store.current_version(game_id) == start_version + len(commits)
    for version, digest, action in commits:
        assert doc_hash(entries[version - 1].state) == digest
        assert entries[version - 1].action == action
    # Each round resolved once from a given state: no two resolutions share a parent state.
    parents = [e.parent_seq for e in entries[start_version:] if e.action == "resolve"]
    assert len(parents) == len(set(parents))
    # Typed sheets: each seat has its writer's last text and one revision per save.
    drafts = store.drafts(game_id, 1)
    for number, _commits, stale, nothing, last_draft, count in outcomes:
        if count:
            assert drafts[f"seat{number}"].text == last_draft
            assert drafts[f"seat{number}"].rev == count
        assert len(_commits) + stale + nothing + count == OPS
    assert sum(o[2] for o in outcomes) > 0, "the processes never met: not a concurrency test"
    store.close()
