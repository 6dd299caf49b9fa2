"""The sealed links, sealed sheets and encrypted drafts of tabletop.store.seat_crypto, without a
database: each opens for its holders only (the host token or the server secret for what is
sealed to a table; the seat's own credential with the server secret for a draft), bound to its
table, seat and round."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from pathlib import Path

import pytest

from tabletop.store.seat_crypto import (
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    TableKeys,
    credential_key,
    draft_credential,
    draft_key,
    new_table_keys,
    open_draft,
    open_legacy_link,
    open_link,
    open_sheet,
    seal_draft,
    seal_link,
    seal_sheet,
    table_private_key,
)
from tabletop.store.seat_errors import UnreadableSecret
from tabletop.store.server_secret import SECRET_FILE_VARIABLE, forget_server_secrets

HOST = "h" * 32
TOKEN = "t" * 31 + "9"


def test_a_sealed_link_opens_with_the_host_token_or_the_server_secret() -> None:
    keys = new_table_keys(3, HOST)
    sealed = seal_link(keys.public, 3, "France", 1, TOKEN, "K7QX2P")
    assert TOKEN not in sealed and "K7QX2P" not in sealed
    by_host = table_private_key(3, keys, HOST)
    by_server = table_private_key(3, keys)
    for private in (by_host, by_server):
        assert open_link(private, 3, "France", 1, sealed) == (TOKEN, "K7QX2P")
    # Another seat, generation or table: the associated data differs, nothing opens.
    for seat, gen in (("Germany", 1), ("France", 2)):
        with pytest.raises(UnreadableSecret):
            open_link(by_host, 3, seat, gen, sealed)
    with pytest.raises(UnreadableSecret):
        table_private_key(4, keys, HOST)  # the wrapped key is bound to its table
    with pytest.raises(UnreadableSecret):
        table_private_key(3, keys, "x" * 32)  # another host token


def test_a_sealed_sheet_opens_for_its_seat_and_round_only() -> None:
    keys = new_table_keys(5, HOST)
    payload = seal_sheet(keys.public, 5, "France", 4, "Algeria: develop")
    assert "Algeria" not in payload
    private = table_private_key(5, keys, HOST)
    assert open_sheet(private, 5, "France", 4, payload) == "Algeria: develop"
    for seat, round_ in (("Germany", 4), ("France", 5)):
        with pytest.raises(UnreadableSecret):
            open_sheet(private, 5, seat, round_, payload)
    other = table_private_key(6, new_table_keys(6, HOST), HOST)
    with pytest.raises(UnreadableSecret):
        open_sheet(other, 5, "France", 4, payload)  # another table's key
    assert seal_sheet(keys.public, 5, "France", 4, "Algeria: develop") != payload


def test_a_table_of_the_migration_has_its_key_under_the_server_secret_only() -> None:
    keys = new_table_keys(8, None)
    assert keys.by_host is None
    # A host token given is not needed: the server secret opens it.
    assert table_private_key(8, keys, HOST).public_key().public_bytes_raw()


def test_another_server_secret_opens_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = new_table_keys(3, HOST)
    sheet = seal_sheet(keys.public, 3, "France", 4, "Algeria: develop")
    draft = seal_draft(TOKEN, 3, "France", 4, "Algeria: hold")
    monkeypatch.setenv(SECRET_FILE_VARIABLE, str(tmp_path / "other.key"))
    forget_server_secrets()
    try:
        with pytest.raises(UnreadableSecret, match="another one"):
            table_private_key(3, TableKeys(keys.public, None, keys.by_server))
        assert open_draft(TOKEN, 3, "France", 4, draft) is None
        # The host token still opens its own wrapping (it needs no server secret)...
        private = table_private_key(3, keys, HOST)
        assert open_sheet(private, 3, "France", 4, sheet) == "Algeria: develop"
    finally:
        monkeypatch.undo()
        forget_server_secrets()
    assert open_draft(TOKEN, 3, "France", 4, draft) == "Algeria: hold"


def test_the_links_of_schema_4_are_read_with_the_host_token() -> None:
    # The schema-4 form, written as schema 4 wrote it (an HMAC-SHA-512 pad of the host token).
    data = f"{TOKEN} K7QX2P".encode()
    pad = hmac.new(HOST.encode(), b"3:France:1", hashlib.sha512).digest()[: len(data)]
    old = base64.urlsafe_b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()
    private = table_private_key(3, new_table_keys(3, HOST), HOST)
    assert open_link(private, 3, "France", 1, old) is None  # not the new form
    assert open_legacy_link(HOST, 3, "France", 1, old) == (TOKEN, "K7QX2P")


def test_a_draft_opens_with_its_credential_table_seat_and_round_only() -> None:
    payload = seal_draft(TOKEN, 3, "France", 4, "Algeria: develop")
    assert "Algeria" not in payload
    assert open_draft(TOKEN, 3, "France", 4, payload) == "Algeria: develop"
    assert open_draft(TOKEN, 3, "France", 5, payload) is None  # a round since resolved
    assert open_draft(TOKEN, 3, "Germany", 4, payload) is None  # moved to another seat's row
    assert open_draft(TOKEN, 2, "France", 4, payload) is None
    assert open_draft("u" * 32, 3, "France", 4, payload) is None  # another seat's link
    # Two drafts of the same text differ (a fresh nonce each time).
    assert seal_draft(TOKEN, 3, "France", 4, "Algeria: develop") != payload


def test_a_changed_or_broken_draft_opens_to_nothing() -> None:
    doc = json.loads(seal_draft(TOKEN, 3, "France", 4, "Algeria: develop"))
    doc["data"] = doc["data"][::-1]
    assert open_draft(TOKEN, 3, "France", 4, json.dumps(doc)) is None
    old = '{"round": 4, "nonce": "AAAA", "data": "AAAA", "mac": "00"}'  # schema 4's form
    for broken in ("", "[]", "{}", '{"v": 2}', '{"v": 2, "salt": "AAAA"}', "not json", old):
        assert open_draft(TOKEN, 3, "France", 4, broken) is None


def test_a_code_is_the_same_credential_in_any_case_or_with_dashes() -> None:
    assert draft_credential(" k7q-x2p ") == draft_credential("K7QX2P") == "K7QX2P"
    assert draft_credential(TOKEN) == TOKEN  # a token is kept as it is
    payload = seal_draft(draft_credential("k7qx2p"), 1, "a1", 1, "a1 b1")
    assert open_draft(draft_credential("K7Q-X2P"), 1, "a1", 1, payload) == "a1 b1"


def test_draft_rows_never_take_a_players_name() -> None:
    assert draft_key(7, "France") == "table 7: France"


def test_credential_keys_are_memory_hard_and_kept_in_memory() -> None:
    # scrypt with 16 MiB per derivation (128 * r * n bytes): a 6-character code (31**6, about
    # 8.9e8 codes) costs an attacker 16 MiB and tens of milliseconds per guess.
    assert (SCRYPT_N, SCRYPT_R, SCRYPT_P) == (2**14, 8, 1)
    assert 128 * SCRYPT_R * SCRYPT_N == 16 * 1024 * 1024
    salt = b"s" * 16
    expected = hashlib.scrypt(b"K7QX2P", salt=salt, n=2**14, r=8, p=1, maxmem=2**26, dklen=32)
    started = time.thread_time()
    assert credential_key("K7QX2P", salt) == expected
    first = time.thread_time() - started
    started = time.thread_time()
    for _ in range(100):
        assert credential_key("K7QX2P", salt) == expected  # from memory
    again = time.thread_time() - started
    assert again < first  # a hundred cached keys cost less than one derivation
    with pytest.raises(ValueError, match="memory limit"):
        # Less memory than the derivation needs is refused: it is memory-hard.
        hashlib.scrypt(b"K7QX2P", salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=2**23)
