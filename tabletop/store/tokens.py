"""Secrets shared by the table seats and the class games: tokens, short codes, their hashes and
the lock-out after wrong ones. Only hashes are ever stored.

>>> normalize_code(" k7q-x2p ")
'K7QX2P'
>>> [lock_wait(n) for n in (5, 6, 7, 20)]
[None, 1.0, 2.0, 60.0]
"""

from __future__ import annotations

import hashlib
import secrets

#: Random bytes of every token (``secrets.token_urlsafe(24)``: 192 bits, 32 characters).
TOKEN_BYTES = 24
#: Letters and digits of the short codes: none that reads like another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Wrong tokens or codes accepted before every one is refused for a while.
FREE_FAILURES = 5
#: The longest lock-out after wrong tokens (it doubles from 1 s up to this).
MAX_LOCK_SECONDS = 60.0


def hash_secret(secret: str) -> str:
    """The SHA-256 kept in place of a token or code."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


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


def lock_wait(failures: int) -> float | None:
    """Seconds of lock-out after ``failures`` wrong attempts in a row (None: not locked)."""
    if failures <= FREE_FAILURES:
        return None
    return min(MAX_LOCK_SECONDS, 2.0 ** (failures - FREE_FAILURES - 1))
