"""The sealed links and the encrypted drafts of tabletop.store.seat_crypto, without a database:
each opens for its one holder only, and a draft only for its round."""

from __future__ import annotations

import json

from tabletop.store.seat_crypto import (
    draft_credential,
    draft_key,
    open_draft,
    open_link,
    seal_draft,
    seal_link,
)

HOST = "h" * 32
TOKEN = "t" * 31 + "9"


def test_a_sealed_link_opens_with_its_host_token_only() -> None:
    sealed = seal_link(HOST, 3, "France", 1, TOKEN, "K7QX2P")
    assert TOKEN not in sealed and "K7QX2P" not in sealed
    assert open_link(HOST, 3, "France", 1, sealed) == (TOKEN, "K7QX2P")
    # Another host token, seat or generation gives another key stream: not the link.
    for args in ((("x" * 32), 3, "France", 1), (HOST, 3, "Germany", 1), (HOST, 3, "France", 2)):
        try:
            opened = open_link(*args, sealed)
        except (UnicodeDecodeError, ValueError):
            continue
        assert opened != (TOKEN, "K7QX2P")


def test_a_draft_opens_with_its_credential_and_round_only() -> None:
    payload = seal_draft(TOKEN, 4, "Algeria: develop")
    assert "Algeria" not in payload
    assert open_draft(TOKEN, 4, payload) == "Algeria: develop"
    assert open_draft(TOKEN, 5, payload) is None  # a round since resolved
    assert open_draft("u" * 32, 4, payload) is None  # another seat's (or a revoked) link
    # Two drafts of the same text differ (a fresh nonce each time).
    assert seal_draft(TOKEN, 4, "Algeria: develop") != payload


def test_a_changed_or_broken_draft_opens_to_nothing() -> None:
    doc = json.loads(seal_draft(TOKEN, 4, "Algeria: develop"))
    doc["data"] = doc["data"][::-1]
    assert open_draft(TOKEN, 4, json.dumps(doc)) is None
    for broken in ("", "[]", "{}", '{"round": 4}', "not json"):
        assert open_draft(TOKEN, 4, broken) is None


def test_a_code_is_the_same_credential_in_any_case_or_with_dashes() -> None:
    assert draft_credential(" k7q-x2p ") == draft_credential("K7QX2P") == "K7QX2P"
    assert draft_credential(TOKEN) == TOKEN  # a token is kept as it is
    payload = seal_draft(draft_credential("k7qx2p"), 1, "a1 b1")
    assert open_draft(draft_credential("K7Q-X2P"), 1, payload) == "a1 b1"


def test_draft_rows_never_take_a_players_name() -> None:
    assert draft_key(7, "France") == "table 7: France"
