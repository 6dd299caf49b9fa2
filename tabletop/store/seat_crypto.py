"""The secrets a table keeps readable to one holder only: each seat's link sealed under the host
token (the shared screen shows the links again, nobody else can), and a seat's unsealed draft
encrypted under that seat's own link or code (HMAC-SHA-512 key streams, HMAC-SHA-256 tags)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets

from tabletop.store.tokens import CODE_LENGTH, normalize_code


def _pad(host_token: str, table_id: int, seat: str, generation: int, size: int) -> bytes:
    # A key stream for one (table, seat, generation) from the host token: the links of a table
    # are readable by the holder of its host token only.
    message = f"{table_id}:{seat}:{generation}".encode()
    return hmac.new(host_token.encode(), message, hashlib.sha512).digest()[:size]


def seal_link(host_token: str, table_id: int, seat: str, gen: int, token: str, code: str) -> str:
    """A seat's token and code sealed under the host token (for generation ``gen`` of its link)."""
    data = f"{token} {code}".encode()
    pad = _pad(host_token, table_id, seat, gen, len(data))
    return base64.urlsafe_b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()


def open_link(host_token: str, table_id: int, seat: str, gen: int, sealed: str) -> tuple[str, str]:
    """The token and code :func:`seal_link` sealed (only the right host token gives them)."""
    data = base64.urlsafe_b64decode(sealed.encode())
    pad = _pad(host_token, table_id, seat, gen, len(data))
    token, code = bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode().split(" ")
    return token, code


def draft_key(table_id: int, seat: str) -> str:
    """The row name of a seat's unsealed draft in the ``secrets`` table (never a player's name:
    the game pages' own kept secrets use those)."""
    return f"table {table_id}: {seat}"


def draft_credential(credential: str) -> str:
    """The credential a draft is kept under: a code typed in any case or with dashes is the
    same code; a token is itself."""
    credential = str(credential).strip()
    return normalize_code(credential) if len(credential) <= CODE_LENGTH + 4 else credential


def _draft_keys(credential: str, nonce: bytes) -> tuple[bytes, bytes]:
    # An encryption key and a MAC key from the seat's own credential: the draft is readable
    # with that seat's link (or code) only, not by the host, not by anyone reading the database.
    root = hmac.new(credential.encode(), b"tabletop seat draft" + nonce, hashlib.sha512).digest()
    return root[:32], root[32:]


def _keystream(key: bytes, size: int) -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < size:
        out += hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1
    return bytes(out[:size])


def seal_draft(credential: str, round_: int, text: str) -> str:
    """A seat's draft for ``round_``, encrypted and authenticated under its own credential."""
    nonce = secrets.token_bytes(16)
    enc_key, mac_key = _draft_keys(credential, nonce)
    data = text.encode("utf-8")
    cipher = bytes(a ^ b for a, b in zip(data, _keystream(enc_key, len(data)), strict=True))
    mac = hmac.new(mac_key, round_.to_bytes(8, "big") + cipher, hashlib.sha256).hexdigest()
    return json.dumps(
        {
            "round": round_,
            "nonce": base64.b64encode(nonce).decode(),
            "data": base64.b64encode(cipher).decode(),
            "mac": mac,
        }
    )


def open_draft(credential: str, round_: int, payload: str) -> str | None:
    """The draft :func:`seal_draft` kept, or ``None`` (another round, another credential,
    a damaged payload)."""
    try:
        doc = json.loads(payload)
        if not isinstance(doc, dict) or doc.get("round") != round_:
            return None  # a draft of a round already resolved
        nonce = base64.b64decode(doc["nonce"])
        cipher = base64.b64decode(doc["data"])
        enc_key, mac_key = _draft_keys(credential, nonce)
        mac = hmac.new(mac_key, round_.to_bytes(8, "big") + cipher, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, str(doc["mac"])):
            return None  # kept under another credential (the code, or a revoked link)
        data = bytes(a ^ b for a, b in zip(cipher, _keystream(enc_key, len(cipher)), strict=True))
        return data.decode("utf-8")
    except (ValueError, KeyError, TypeError):
        return None
