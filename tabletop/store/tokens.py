"""Secrets shared by the table seats and the class games: tokens, short codes and their hashes.
Only hashes are ever stored: HMAC-SHA256, keyed with the server secret (kept outside the
database, :mod:`tabletop.store.server_secret`), of the secret's SHA-256, so that a reader of the
database alone cannot test guesses of a 6-character code against them.

Wrong tokens and codes are not counted here: guessers are slowed per client by the web server
(``tabletop.serving``), never by locking a table or a class out for its rightful players.

>>> normalize_code(" k7q-x2p ")
'K7QX2P'
"""

from __future__ import annotations

import hashlib
import secrets

from tabletop.store.server_secret import keyed_hex

#: Random bytes of every token (``secrets.token_urlsafe(24)``: 192 bits, 32 characters).
TOKEN_BYTES = 24
#: Letters and digits of the short codes: none that reads like another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def hash_secret(secret: str) -> str:
    """What the database keeps in place of a token or code: :func:`rehash` of its SHA-256."""
    return rehash(hashlib.sha256(secret.encode("utf-8")).hexdigest())


def rehash(sha256_hex: str) -> str:
    """HMAC-SHA256, keyed with the server secret, of a secret's SHA-256 hex digest (the form
    schema 4 kept): the migration to schema 5 converts stored hashes with it."""
    return keyed_hex(sha256_hex)


def normalize_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in the form it was issued."""
    return "".join(ch for ch in text.upper() if ch not in " -_\t")


def new_code() -> str:
    """A short code to type instead of a link."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh token (192 random bits, URL-safe)."""
    # A token that starts with "-" reads as an option on a command line (``--token -x…``).
    while True:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        if not token.startswith("-"):
            return token
