"""Typed Massai actions: ``parse_action`` / ``format_action``.

English and French keywords are both understood, in any case::

    setup a1 b1 b2 c2 c1          installer a1 b1 b2 c2 c1
    build c3                      construire c3
    move c3 d4                    déplacer c3 d4
    attack e4 guards d4 e5        attaquer e4 gardes d4 e5
    attack e4 guards -            attaquer e4            (no guard)

Errors are ``NotationError`` subclasses (all ``ValueError``) whose message quotes the input.

>>> format_action(parse_action("Attaquer E4 gardes d4, e5", player=0))
'attack e4 guards d4 e5'
"""

from __future__ import annotations

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import parse_square
from tabletop.games.massai.state import SETUP_HUTS

KEYWORDS: dict[str, str] = {
    "setup": "setup",
    "installer": "setup",
    "installation": "setup",
    "build": "build",
    "construire": "build",
    "move": "move",
    "déplacer": "move",
    "deplacer": "move",
    "attack": "attack",
    "attaquer": "attack",
}
GUARD_WORDS = frozenset({"guards", "guard", "gardes", "garde"})
NO_GUARD_WORDS = frozenset({"-", "none", "aucun", "aucune"})

_FRENCH = {"setup": "installer", "build": "construire", "move": "déplacer", "attack": "attaquer"}
_FRENCH_GUARDS = "gardes"


class NotationError(ValueError):
    """A typed action that cannot be read."""


class UnknownActionError(NotationError):
    """The first word is not an action keyword."""


class SquareSyntaxError(NotationError):
    """A word stands where a square name was expected."""


class ArityError(NotationError):
    """Too few or too many squares for this action."""


def _square(word: str, text: str) -> str:
    try:
        parse_square(word)
    except ValueError:
        raise SquareSyntaxError(
            f"{text.strip()!r}: {word!r} is not a square name (a letter then a number, like 'c4')"
        ) from None
    return word.lower()


def parse_action(text: str, player: int) -> Action:
    """Read one typed action taken by ``player``.

    The square names are checked for form only; whether they are on the board and legal is the
    rules' business (``rules.apply``).
    """
    words = text.replace(",", " ").split()
    if not words:
        raise UnknownActionError(f"{text!r}: empty action (try 'build c3')")
    head = words[0].lower()
    kind = KEYWORDS.get(head)
    if kind is None:
        raise UnknownActionError(
            f"{text.strip()!r}: unknown action {words[0]!r} "
            "(setup, build, move or attack; French: installer, construire, déplacer, attaquer)"
        )
    rest = words[1:]
    if kind == "setup":
        if len(rest) != SETUP_HUTS:
            raise ArityError(
                f"{text.strip()!r}: a setup names exactly {SETUP_HUTS} squares, not {len(rest)}"
            )
        return Setup(player, tuple(_square(w, text) for w in rest))
    if kind == "build":
        if len(rest) != 1:
            raise ArityError(f"{text.strip()!r}: 'build' takes exactly one square")
        return Build(player, _square(rest[0], text))
    if kind == "move":
        if len(rest) != 2:
            raise ArityError(f"{text.strip()!r}: 'move' takes two squares: from, to")
        return Move(player, _square(rest[0], text), _square(rest[1], text))
    # attack TARGET [guards SQ ... | guards -]
    if not rest:
        raise ArityError(f"{text.strip()!r}: 'attack' needs a target square")
    target = _square(rest[0], text)
    tail = rest[1:]
    if not tail:
        return Attack(player, target, ())
    if tail[0].lower() not in GUARD_WORDS:
        raise ArityError(
            f"{text.strip()!r}: after the target write 'guards' then the guarded squares "
            "(or 'guards -' for none)"
        )
    guard_words = tail[1:]
    if len(guard_words) == 1 and guard_words[0].lower() in NO_GUARD_WORDS:
        return Attack(player, target, ())
    return Attack(player, target, tuple(_square(w, text) for w in guard_words))


def format_action(action: Action, lang: str = "en") -> str:
    """The typed form of ``action`` (``lang`` "en" or "fr"); ``parse_action`` reads it back."""
    french = lang == "fr"
    kind = {Setup: "setup", Build: "build", Move: "move", Attack: "attack"}[type(action)]
    word = _FRENCH[kind] if french else kind
    if isinstance(action, Setup):
        return " ".join([word, *action.squares])
    if isinstance(action, Build):
        return f"{word} {action.square}"
    if isinstance(action, Move):
        return f"{word} {action.origin} {action.destination}"
    guards = " ".join(action.guards) if action.guards else "-"
    return f"{word} {action.target} {_FRENCH_GUARDS if french else 'guards'} {guards}"
