"""The server secret: 32 random bytes kept in a file OUTSIDE the database.

Whoever reads the database alone (a copied SQLite file, a PostgreSQL dump) lacks this secret, so
they can neither test guesses of tokens and codes against the stored hashes (HMAC-SHA256 keyed
with it, :func:`keyed_hex`) nor open what is kept encrypted under it (:func:`seal_at_rest`: the
dashboard's typed sheets and secret choices; in :mod:`tabletop.store.seat_crypto`: a copy of each
table's private key). Every process sharing one database must use the same secret file (copy it
to each machine that serves the same PostgreSQL database).

The file is ``$TABLETOP_SECRET_FILE``, else ``$XDG_DATA_HOME/tabletop/server.key``, else
``~/.local/share/tabletop/server.key``. It is created on first use (mode 0600, its missing
folders 0700), atomically: two processes starting at once end up with the same secret. It is
read once per path and kept in memory. Losing it makes every token, code and kept secret of the
databases that used it unusable (new tables and class games must be opened).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import threading
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from tabletop.store.errors import StoreError

__all__ = [
    "SECRET_BYTES",
    "SECRET_FILE_VARIABLE",
    "ServerSecretError",
    "forget_server_secrets",
    "keyed_hex",
    "open_at_rest",
    "seal_at_rest",
    "secret_path",
    "server_key",
    "server_secret",
]

SECRET_FILE_VARIABLE = "TABLETOP_SECRET_FILE"
SECRET_BYTES = 32
#: The prefix of a text kept under the server secret (:func:`seal_at_rest`).
AT_REST_PREFIX = "srv1."
_NONCE_BYTES = 12

_lock = threading.Lock()
_secrets: dict[str, bytes] = {}
_keys: dict[tuple[bytes, str], bytes] = {}


class ServerSecretError(StoreError):
    """The server secret file cannot be read, created, or is not 32 bytes (one line)."""


def secret_path() -> Path:
    """``$TABLETOP_SECRET_FILE``, else ``$XDG_DATA_HOME/tabletop/server.key``, else
    ``~/.local/share/tabletop/server.key``."""
    configured = os.environ.get(SECRET_FILE_VARIABLE, "").strip()
    if configured:
        return Path(configured).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    base = Path(data_home).expanduser() if data_home else Path.home() / ".local" / "share"
    return base / "tabletop" / "server.key"


def server_secret(path: Path | None = None) -> bytes:
    """The 32 bytes of the server secret at ``path`` (default :func:`secret_path`), created
    there on first use; read once per path."""
    where = (path or secret_path()).absolute()
    key = str(where)
    found = _secrets.get(key)
    if found is not None:
        return found
    with _lock:
        found = _secrets.get(key)
        if found is None:
            found = _read_or_create(where)
            _secrets[key] = found
    return found


def forget_server_secrets() -> None:
    """Forget the secrets read so far (the next use reads the file again): for tests, and
    after the file was replaced on purpose."""
    with _lock:
        _secrets.clear()
        _keys.clear()


def _read_or_create(path: Path) -> bytes:
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    try:
        _create(path)
        return _read(path)
    except ServerSecretError:
        raise
    except OSError as error:
        raise ServerSecretError(
            f"cannot create the server secret {path}: {error.strerror or error} "
            f"(set {SECRET_FILE_VARIABLE} to a writable file)"
        ) from None


def _read(path: Path) -> bytes:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ServerSecretError(
            f"cannot read the server secret {path}: {error.strerror or error}"
        ) from None
    if len(data) != SECRET_BYTES:
        raise ServerSecretError(
            f"the server secret {path} holds {len(data)} bytes, not {SECRET_BYTES}: "
            "restore the right file (or move it away to start over: every token is then lost)"
        )
    return data


def _create(path: Path) -> None:
    """32 fresh bytes at ``path``, written beside it first and linked into place (never
    replacing a file another process created meanwhile)."""
    _make_folders(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(secrets.token_bytes(SECRET_BYTES))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process won: its secret is the one
    finally:
        temporary.unlink(missing_ok=True)


def _make_folders(folder: Path) -> None:
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        try:
            created.mkdir(mode=0o700)
        except FileExistsError:
            pass


def server_key(purpose: str) -> bytes:
    """A 32-byte key for one ``purpose`` derived from the server secret (HKDF-SHA256)."""
    secret = server_secret()
    found = _keys.get((secret, purpose))
    if found is None:
        found = HKDF(
            algorithm=hashes.SHA256(), length=32, salt=None, info=b"tabletop " + purpose.encode()
        ).derive(secret)
        _keys[(secret, purpose)] = found
    return found


def keyed_hex(text: str) -> str:
    """HMAC-SHA256 of ``text`` keyed with the server secret (hex): what the database keeps in
    place of a token or code (see :func:`tabletop.store.tokens.hash_secret`)."""
    return hmac.new(server_key("hashes"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def seal_at_rest(text: str, context: str) -> str:
    """``text`` encrypted under the server secret (ChaCha20-Poly1305, a fresh nonce), bound to
    ``context`` (which game, round and seat): it opens only with the same context."""
    nonce = secrets.token_bytes(_NONCE_BYTES)
    sealed = ChaCha20Poly1305(server_key("at rest")).encrypt(
        nonce, text.encode("utf-8"), context.encode("utf-8")
    )
    return AT_REST_PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode("ascii")


def open_at_rest(payload: str, context: str) -> str | None:
    """The text :func:`seal_at_rest` kept, or ``None`` (another context, another server secret,
    a damaged payload, not such a payload at all)."""
    if not payload.startswith(AT_REST_PREFIX):
        return None
    try:
        data = base64.urlsafe_b64decode(payload[len(AT_REST_PREFIX) :].encode("ascii"))
        nonce, sealed = data[:_NONCE_BYTES], data[_NONCE_BYTES:]
        opened = ChaCha20Poly1305(server_key("at rest")).decrypt(
            nonce, sealed, context.encode("utf-8")
        )
        return opened.decode("utf-8")
    except (ValueError, InvalidTag, UnicodeError):
        return None
