"""The server secret file (tabletop.store.server_secret): where it is, made once with mode 0600
in folders of mode 0700, the same for processes starting at once, read once per path, refused in
one line when unreadable or of the wrong size; and what it keys (hashes, texts at rest)."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import stat
from pathlib import Path

import pytest

from tabletop.store.server_secret import (
    SECRET_BYTES,
    SECRET_FILE_VARIABLE,
    ServerSecretError,
    forget_server_secrets,
    open_at_rest,
    seal_at_rest,
    secret_path,
    server_secret,
)
from tabletop.store.tokens import hash_secret, rehash


def test_where_the_secret_file_is(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(SECRET_FILE_VARIABLE, str(tmp_path / "k"))
    assert secret_path() == tmp_path / "k"
    monkeypatch.delenv(SECRET_FILE_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert secret_path() == tmp_path / "xdg" / "tabletop" / "server.key"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert secret_path() == tmp_path / "home" / ".local" / "share" / "tabletop" / "server.key"


def test_made_once_private_and_read_once(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "server.key"
    secret = server_secret(path)
    assert len(secret) == SECRET_BYTES and path.read_bytes() == secret
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir()] == ["server.key"]  # no temporary left
    path.write_bytes(b"x" * SECRET_BYTES)
    assert server_secret(path) == secret  # kept in memory: read once per path


def _child(path: str, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    out.put(server_secret(Path(path)))


def test_processes_starting_at_once_share_one_secret(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    path = tmp_path / "shared" / "server.key"
    children = [context.Process(target=_child, args=(str(path), out)) for _ in range(4)]
    for child in children:
        child.start()
    seen = {out.get(timeout=60) for _ in children}
    for child in children:
        child.join(timeout=60)
    assert seen == {path.read_bytes()}


def test_a_damaged_or_unreadable_secret_is_one_line(tmp_path: Path) -> None:
    short = tmp_path / "short.key"
    short.write_bytes(b"abc")
    with pytest.raises(ServerSecretError, match="holds 3 bytes, not 32") as caught:
        server_secret(short)
    assert "\n" not in str(caught.value)
    folder = tmp_path / "a-file"
    folder.write_text("not a folder")
    with pytest.raises(ServerSecretError, match="cannot") as caught:
        server_secret(folder / "server.key")
    assert "\n" not in str(caught.value)
    if os.geteuid() != 0:  # root reads any file
        locked = tmp_path / "locked.key"
        locked.write_bytes(b"k" * SECRET_BYTES)
        locked.chmod(0)
        with pytest.raises(ServerSecretError, match="cannot read"):
            server_secret(locked)


def test_hashes_and_texts_depend_on_the_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code_hash = hash_secret("K7QX2P")
    assert code_hash == rehash(hashlib.sha256(b"K7QX2P").hexdigest()) and len(code_hash) == 64
    kept = seal_at_rest("Algeria: develop", "game 1|round 4|seat France")
    assert "Algeria" not in kept
    assert open_at_rest(kept, "game 1|round 4|seat France") == "Algeria: develop"
    assert open_at_rest(kept, "game 1|round 4|seat Germany") is None
    assert open_at_rest("Algeria: develop", "game 1|round 4|seat France") is None
    monkeypatch.setenv(SECRET_FILE_VARIABLE, str(tmp_path / "other.key"))
    forget_server_secrets()
    try:
        assert hash_secret("K7QX2P") != code_hash
        assert open_at_rest(kept, "game 1|round 4|seat France") is None
    finally:
        monkeypatch.undo()
        forget_server_secrets()
    assert hash_secret("K7QX2P") == code_hash
