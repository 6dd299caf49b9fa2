"""The secrets a table keeps, readable to their holders only (the ``cryptography`` library).

- **Sealed sheets and seat links** are encrypted to the table's X25519 public key (kept on the
  table's row): an ephemeral X25519 key, HKDF-SHA256 of the shared secret, ChaCha20-Poly1305
  with a random nonce, the associated data naming the table, the seat and the round (or the
  link's generation), so a sealed text moved to another row or round does not open.
- **The table's private key** is kept wrapped twice (ChaCha20-Poly1305): under a key of the host
  token (scrypt, with a salt of its own) and under a key of the server secret (HKDF,
  :mod:`tabletop.store.server_secret`, outside the database). The host (resolving, the links
  again) or the owner's machine opens the sealed sheets; a seat's link opens none, and a reader
  of the database alone opens nothing. Tables of schema 4 get a key pair wrapped under the
  server secret only (their host token is not known to the migration).
- **A seat's unsealed draft** is encrypted under a key derived from that seat's own credential
  (its link, or its code) with scrypt (memory-hard: a 6-character code cannot be tried offline
  by the million) and the server secret together, a salt kept in the payload, the associated
  data naming the table, the seat and the round. Derived keys are kept in memory per
  (credential, salt): typing pays scrypt once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from tabletop.store.seat_errors import UnreadableSecret
from tabletop.store.server_secret import secret_path, server_key
from tabletop.store.tokens import CODE_LENGTH, normalize_code

__all__ = [
    "SALT_BYTES",
    "SCRYPT_N",
    "SCRYPT_P",
    "SCRYPT_R",
    "TableKeys",
    "credential_key",
    "draft_credential",
    "draft_key",
    "draft_salt",
    "new_table_keys",
    "open_draft",
    "open_legacy_link",
    "open_link",
    "open_sheet",
    "seal_draft",
    "seal_link",
    "seal_sheet",
    "table_private_key",
]

#: scrypt's cost: 2**14 blocks of 128 * r bytes, 16 MiB of memory per derivation.
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
_NONCE = 12
_KEY = 32
#: Derived keys kept in memory (credential and salt digested, never kept as such).
_CACHE_SIZE = 1024
_SEALED = "x1."  # ephemeral public key, nonce, ciphertext
_WRAPPED = "w1."  # [salt,] nonce, ciphertext

_cache_lock = threading.Lock()
_derived: OrderedDict[bytes, bytes] = OrderedDict()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text.encode("ascii"))


def credential_key(credential: str, salt: bytes) -> bytes:
    """scrypt (n=2**14, r=8, p=1: 16 MiB) of a credential with ``salt``; kept in memory per
    (credential, salt)."""
    digest = hashlib.sha256(salt + b"\0" + credential.encode("utf-8")).digest()
    with _cache_lock:
        found = _derived.get(digest)
        if found is not None:
            _derived.move_to_end(digest)
            return found
    derived = hashlib.scrypt(
        credential.encode("utf-8"),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        maxmem=64 * 1024 * 1024,
        dklen=_KEY,
    )
    with _cache_lock:
        _derived[digest] = derived
        while len(_derived) > _CACHE_SIZE:
            _derived.popitem(last=False)
    return derived


# ---------------------------------------------------------------------- the table's key pair
@dataclass(frozen=True)
class TableKeys:
    """A table's public key and its private key wrapped under the host token (``by_host``,
    ``None`` for a table of schema 4) and under the server secret (``by_server``)."""

    public: str
    by_host: str | None
    by_server: str


def _key_context(table_id: int) -> bytes:
    return f"tabletop table key|table {table_id}".encode()


def _wrap(key: bytes, private: bytes, table_id: int, salt: bytes = b"") -> str:
    nonce = secrets.token_bytes(_NONCE)
    sealed = ChaCha20Poly1305(key).encrypt(nonce, private, _key_context(table_id))
    return _WRAPPED + _b64(salt + nonce + sealed)


def new_table_keys(table_id: int, host_token: str | None) -> TableKeys:
    """A fresh key pair for ``table_id``: wrapped under ``host_token`` (when given) and under
    the server secret."""
    private = X25519PrivateKey.generate()
    raw = private.private_bytes_raw()
    by_host = None
    if host_token is not None:
        salt = secrets.token_bytes(SALT_BYTES)
        by_host = _wrap(credential_key(host_token, salt), raw, table_id, salt)
    by_server = _wrap(server_key("table keys"), raw, table_id)
    return TableKeys(_b64(private.public_key().public_bytes_raw()), by_host, by_server)


def table_private_key(
    table_id: int, keys: TableKeys, host_token: str | None = None
) -> X25519PrivateKey:
    """The table's private key: opened with the host token when given (and the table has that
    wrapping), else with the server secret. Raises :class:`UnreadableSecret`."""
    by_host = host_token is not None and keys.by_host is not None
    try:
        if by_host:
            data = _unb64(str(keys.by_host)[len(_WRAPPED) :])
            salt, rest = data[:SALT_BYTES], data[SALT_BYTES:]
            key = credential_key(str(host_token), salt)
        else:
            rest = _unb64(keys.by_server[len(_WRAPPED) :])
            key = server_key("table keys")
        raw = ChaCha20Poly1305(key).decrypt(rest[:_NONCE], rest[_NONCE:], _key_context(table_id))
        return X25519PrivateKey.from_private_bytes(raw)
    except (ValueError, TypeError, InvalidTag):
        if by_host:
            raise UnreadableSecret(
                f"the key of table {table_id} does not open with this host token"
            ) from None
        raise UnreadableSecret(
            f"the keys of table {table_id} do not open with the server secret {secret_path()}: "
            "this database was written with another one (every process using a database "
            "needs the same secret file, TABLETOP_SECRET_FILE)"
        ) from None


def _derive(shared: bytes, ephemeral: bytes, public: bytes) -> bytes:
    return HKDF(
        algorithm=hashes.SHA256(), length=_KEY, salt=ephemeral + public, info=b"tabletop sealed"
    ).derive(shared)


def _seal_to(public_b64: str, text: str, context: str) -> str:
    public = _unb64(public_b64)
    ephemeral = X25519PrivateKey.generate()
    ephemeral_public = ephemeral.public_key().public_bytes_raw()
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(public))
    key = _derive(shared, ephemeral_public, public)
    nonce = secrets.token_bytes(_NONCE)
    sealed = ChaCha20Poly1305(key).encrypt(nonce, text.encode("utf-8"), context.encode("utf-8"))
    return _SEALED + _b64(ephemeral_public + nonce + sealed)


def _open_from(private: X25519PrivateKey, payload: str, context: str) -> str | None:
    if not payload.startswith(_SEALED):
        return None
    try:
        data = _unb64(payload[len(_SEALED) :])
        ephemeral, nonce, sealed = data[:32], data[32 : 32 + _NONCE], data[32 + _NONCE :]
        public = private.public_key().public_bytes_raw()
        shared = private.exchange(X25519PublicKey.from_public_bytes(ephemeral))
        key = _derive(shared, ephemeral, public)
        opened = ChaCha20Poly1305(key).decrypt(nonce, sealed, context.encode("utf-8"))
        return opened.decode("utf-8")
    except (ValueError, InvalidTag, UnicodeError):
        return None


def _sheet_context(table_id: int, seat: str, round_: int) -> str:
    return f"tabletop sheet|table {table_id}|seat {seat}|round {round_}"


def seal_sheet(public: str, table_id: int, seat: str, round_: int, text: str) -> str:
    """A seat's sealed sheet (or secret) of ``round_``, encrypted to the table's public key."""
    return _seal_to(public, text, _sheet_context(table_id, seat, round_))


def open_sheet(
    private: X25519PrivateKey, table_id: int, seat: str, round_: int, payload: str
) -> str:
    """The sheet :func:`seal_sheet` kept for that seat and round (:class:`UnreadableSecret`
    when it does not open: another row's, another round's, damaged)."""
    opened = _open_from(private, payload, _sheet_context(table_id, seat, round_))
    if opened is None:
        raise UnreadableSecret(
            f"table {table_id}: the sealed sheet of {seat} for round {round_} does not open"
        )
    return opened


# ---------------------------------------------------------------------- the seats' links
def _link_context(table_id: int, seat: str, generation: int) -> str:
    return f"tabletop link|table {table_id}|seat {seat}|generation {generation}"


def seal_link(public: str, table_id: int, seat: str, gen: int, token: str, code: str) -> str:
    """A seat's token and code (generation ``gen`` of its link) encrypted to the table's key."""
    return _seal_to(public, f"{token} {code}", _link_context(table_id, seat, gen))


def open_link(
    private: X25519PrivateKey, table_id: int, seat: str, gen: int, sealed: str
) -> tuple[str, str] | None:
    """The token and code :func:`seal_link` sealed; ``None`` for a link of the schema-4 form
    (:func:`open_legacy_link` reads it)."""
    opened = _open_from(private, sealed, _link_context(table_id, seat, gen))
    if opened is None:
        if not sealed.startswith(_SEALED):
            return None
        raise UnreadableSecret(f"table {table_id}: the link of {seat} does not open")
    token, code = opened.split(" ")
    return token, code


def open_legacy_link(
    host_token: str, table_id: int, seat: str, gen: int, sealed: str
) -> tuple[str, str]:
    """A link sealed by schema 4 (XOR with an HMAC-SHA-512 pad of the host token): read once
    with the host token, then sealed again by :func:`seal_link`."""
    message = f"{table_id}:{seat}:{gen}".encode()
    data = base64.urlsafe_b64decode(sealed.encode())
    pad = hmac.new(host_token.encode(), message, hashlib.sha512).digest()[: len(data)]
    token, code = bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode().split(" ")
    return token, code


# ---------------------------------------------------------------------- a seat's draft
def draft_key(table_id: int, seat: str) -> str:
    """The row name of a seat's unsealed draft in the ``secrets`` table (never a player's name:
    the game pages' own kept secrets use those)."""
    return f"table {table_id}: {seat}"


def draft_credential(credential: str) -> str:
    """The credential a draft is kept under: a code typed in any case or with dashes is the
    same code; a token is itself."""
    credential = str(credential).strip()
    return normalize_code(credential) if len(credential) <= CODE_LENGTH + 4 else credential


def _draft_cipher(credential: str, salt: bytes) -> ChaCha20Poly1305:
    # The seat's credential (scrypt) and the server secret together: neither alone opens it.
    key = hmac.new(server_key("drafts"), credential_key(credential, salt), hashlib.sha256)
    return ChaCha20Poly1305(key.digest())


def _draft_context(table_id: int, seat: str, round_: int) -> bytes:
    return f"tabletop draft|table {table_id}|seat {seat}|round {round_}".encode()


def draft_salt(payload: str | None) -> bytes | None:
    """The salt of a kept draft (the next draft of that seat reuses it: no new scrypt)."""
    try:
        doc = json.loads(payload or "")
        salt = _unb64(str(doc["salt"])) if isinstance(doc, dict) and doc.get("v") == 2 else b""
    except (ValueError, KeyError, TypeError):
        return None
    return salt if len(salt) == SALT_BYTES else None


def seal_draft(
    credential: str, table_id: int, seat: str, round_: int, text: str, salt: bytes | None = None
) -> str:
    """A seat's draft for ``round_``, encrypted under its own credential and the server secret
    (``salt``: the one of its kept draft, else a new one)."""
    salt = salt or secrets.token_bytes(SALT_BYTES)
    nonce = secrets.token_bytes(_NONCE)
    sealed = _draft_cipher(credential, salt).encrypt(
        nonce, text.encode("utf-8"), _draft_context(table_id, seat, round_)
    )
    return json.dumps({"v": 2, "salt": _b64(salt), "data": _b64(nonce + sealed)})


def open_draft(credential: str, table_id: int, seat: str, round_: int, payload: str) -> str | None:
    """The draft :func:`seal_draft` kept, or ``None`` (another round, another credential,
    another server secret, a damaged payload)."""
    salt = draft_salt(payload)
    if salt is None:
        return None
    try:
        data = _unb64(str(json.loads(payload)["data"]))
        opened = _draft_cipher(credential, salt).decrypt(
            data[:_NONCE], data[_NONCE:], _draft_context(table_id, seat, round_)
        )
        return opened.decode("utf-8")
    except (ValueError, KeyError, TypeError, InvalidTag, UnicodeError):
        return None
