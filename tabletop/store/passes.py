"""Reveal passes: the credential in a reveal link the owner gives out (a projector, a TV, a
player's phone after the game).

A pass is keyed with the server secret (outside the database) and names one game: it opens
that game's reveal page and nothing else, and nobody can make one without the secret.

>>> reveal_pass_ok(7, reveal_pass(7)), reveal_pass_ok(8, reveal_pass(7))
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from tabletop.store.server_secret import server_key

__all__ = ["reveal_pass", "reveal_pass_ok"]

#: Characters of a pass (128 bits).
PASS_LENGTH = 22


def reveal_pass(game_id: int) -> str:
    """The pass that opens game ``game_id``'s reveal page."""
    digest = hmac.new(
        server_key("reveal passes"), f"reveal {int(game_id)}".encode(), hashlib.sha256
    )
    return base64.urlsafe_b64encode(digest.digest()).decode("ascii")[:PASS_LENGTH]


def reveal_pass_ok(game_id: int, given: str) -> bool:
    """Whether ``given`` is game ``game_id``'s reveal pass (constant-time)."""
    return hmac.compare_digest(reveal_pass(game_id).encode(), str(given).strip().encode())
