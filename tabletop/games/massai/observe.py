"""What one Massai seat (one player) may see, which secret it is to choose, and how it is read.

Secrets: both setups (five squares each), the attacker's target and the defender's guards. The
public position hides a pending setup; a seat sees its own sealed secret and nothing of the
other's before both are revealed by playing them.

>>> from tabletop.games.massai.gamefile import GameRecord
>>> state = GameRecord.new().state
>>> secret_for(state, 0), secret_for(state, 1)
(<Secret.SETUP: 'setup'>, <Secret.SETUP: 'setup'>)
>>> check_secret(state, 1, "A6, b6 b5 c5 c6")
'a6 b6 b5 c5 c6'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tabletop.games.enums import TextEnum
from tabletop.games.massai.actions import Action, Attack, Setup
from tabletop.games.massai.checks import check
from tabletop.games.massai.legal import attackable_huts, guards_allowed
from tabletop.games.massai.notation import NO_GUARD_WORDS
from tabletop.games.massai.reports import player_name
from tabletop.games.massai.state import Phase, State

__all__ = [
    "Secret",
    "SecretError",
    "actions_from_secrets",
    "check_secret",
    "public_position",
    "secret_for",
    "seat_view",
]

#: A secret typed is a few squares; anything longer is not one.
MAX_SECRET_CHARS = 200


class Secret(TextEnum):
    """The kinds of secret a Massai seat chooses."""

    SETUP = "setup"
    TARGET = "target"
    GUARDS = "guards"


class SecretError(ValueError):
    """A secret that cannot be sealed now (wrong moment, unreadable, or against the rules)."""


def secret_for(state: State, player: int) -> Secret | None:
    """The secret ``player`` may seal now (``None``: nothing secret to choose)."""
    if state.phase is Phase.SETUP:
        if state.pending_setup is not None and player != state.to_move:
            return None  # this player's setup is already in, hidden
        return Secret.SETUP
    if state.phase is Phase.PLAY:
        if player == state.to_move:
            return Secret.TARGET
        return Secret.GUARDS if guards_allowed(state) > 0 else None
    return None


def _squares(text: str) -> tuple[str, ...]:
    if len(text) > MAX_SECRET_CHARS:
        raise SecretError(f"a secret is a few squares, not {len(text)} characters")
    words = [w.lower() for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) == 1 and words[0] in NO_GUARD_WORDS:
        return ()
    for word in words:
        if not re.fullmatch(r"[a-z][0-9]{1,2}", word):
            raise SecretError(f"{word!r} is not a square (write squares like a1 or e4)")
    return tuple(words)


def check_secret(state: State, player: int, text: str) -> str:
    """The secret ``player`` typed, checked against the rules, as squares separated by spaces.

    Raises :class:`SecretError` with the rules' sentence when it cannot be sealed.
    """
    kind = secret_for(state, player)
    if kind is None:
        raise SecretError(f"{player_name(player)} has no secret to choose now")
    squares = _squares(text)
    refusal = None
    if kind is Secret.SETUP:
        refusal = check(replace(state, to_move=player), Setup(player, squares))
    elif kind is Secret.TARGET:
        if len(squares) != 1:
            raise SecretError("an attack targets exactly one hut: write its square")
        refusal = check(state, Attack(player, squares[0], ()))
    else:
        allowed = guards_allowed(state)
        targets = attackable_huts(state)
        if len(squares) > allowed or len(set(squares)) != len(squares):
            raise SecretError(
                f"{allowed} guard(s) at most, each on its own hut; {len(squares)} written"
            )
        wrong = sorted(s for s in squares if s not in targets)
        if wrong:
            raise SecretError(
                f"guards go only on your huts that could be attacked; {', '.join(wrong)} "
                f"{'is' if len(wrong) == 1 else 'are'} not"
            )
    if refusal is not None:
        raise SecretError(refusal.message)
    return " ".join(squares)


def actions_from_secrets(
    state: State, sealed: Mapping[int, str], force: bool = False
) -> list[Action]:
    """The actions revealing the sealed secrets at once (setups: both, in turn order; an attack:
    target and guards). Missing guards count as none only with ``force``."""
    if state.phase is Phase.SETUP:
        needed = [p for p in (state.to_move, 1 - state.to_move) if secret_for(state, p)]
        missing = [p for p in needed if p not in sealed]
        if missing:
            raise SecretError(
                "waiting for the setup of " + " and ".join(player_name(p) for p in missing)
            )
        return [Setup(p, _squares(sealed[p])) for p in needed]
    if state.phase is Phase.PLAY:
        attacker, defender = state.to_move, 1 - state.to_move
        if attacker not in sealed:
            raise SecretError(
                f"{player_name(attacker)} has sealed no attack target (a build or a move is "
                "played openly on the shared screen)"
            )
        if secret_for(state, defender) is Secret.GUARDS and defender not in sealed and not force:
            raise SecretError(f"waiting for the guards of {player_name(defender)}")
        guards = _squares(sealed[defender]) if defender in sealed else ()
        return [Attack(attacker, _squares(sealed[attacker])[0], guards)]
    raise SecretError("the game is over: nothing to reveal")


def public_position(state: State) -> dict[str, Any]:
    """The board as everyone sees it (a pending setup shown only as ``"hidden"``)."""
    data = state.to_json(reveal_setup=False)
    data["attack_points"] = len(attackable_huts(state)) if state.phase is Phase.PLAY else 0
    data["guards_allowed"] = guards_allowed(state) if state.phase is Phase.PLAY else 0
    return data


def seat_view(
    state: State, player: int, own_secret: str | None, last_action: str | None = None
) -> dict[str, Any]:
    """Everything ``player``'s seat may see: the public board, the secret it is to choose now,
    its own sealed secret, and the last action played (public once played)."""
    kind = secret_for(state, player)
    return {
        "kind": "massai",
        "seat": player_name(player),
        "player": player,
        "public": public_position(state),
        "secret": None if kind is None else str(kind),
        "own_secret": own_secret,
        "last_action": last_action,
    }
