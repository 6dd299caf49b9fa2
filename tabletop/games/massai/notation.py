"""Typed Massai actions: ``parse_action`` / ``format_action``.

English, French and German keywords are all understood, in any case::

    setup a1 b1 b2 c2 c1          installer a1 b1 b2 c2 c1        aufstellen a1 b1 b2 c2 c1
    build c3                      construire c3                   bauen c3
    move c3 d4                    déplacer c3 d4                  ziehen c3 d4
    attack e4 guards d4 e5        attaquer e4 gardes d4 e5        angreifen e4 wachen d4 e5
    attack e4 guards -            attaquer e4 (no guard)          angreifen e4 wachen keine

German choices: *aufstellen* (also *Aufstellung*, *Aufbau*) for the setup of the five huts,
*bauen* (*baue*) for building a hut, *ziehen* (*ziehe*, *bewegen*) for moving one, *angreifen*
(*Angriff*) for an attack, and *wachen* (*Wache*, *Wächter*) before the guarding huts, *keine*
for none. An umlaut may be typed as two letters (*Waechter*).

Errors are ``NotationError`` subclasses (all ``ValueError``) whose message quotes the input (a
long input is quoted cut, after :data:`MAX_QUOTE_CHARS` characters).

>>> format_action(parse_action("Attaquer E4 gardes d4, e5", player=0))
'attack e4 guards d4 e5'
>>> format_action(parse_action("Angriff e4 Wachen d4 e5", player=0), "de")
'angreifen e4 wachen d4 e5'
"""

from __future__ import annotations

from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import parse_square
from tabletop.games.massai.state import SETUP_HUTS

KEYWORDS: dict[str, str] = {
    "setup": "setup",
    "installer": "setup",
    "installation": "setup",
    "aufstellen": "setup",
    "aufstellung": "setup",
    "aufbau": "setup",
    "build": "build",
    "construire": "build",
    "bauen": "build",
    "baue": "build",
    "move": "move",
    "déplacer": "move",
    "deplacer": "move",
    "ziehen": "move",
    "ziehe": "move",
    "bewegen": "move",
    "attack": "attack",
    "attaquer": "attack",
    "angreifen": "attack",
    "angriff": "attack",
}
"""Every keyword read (lower case) -> the kind of action."""

GUARD_WORDS = frozenset(
    {"guards", "guard", "gardes", "garde", "wachen", "wache", "wächter", "waechter"}
)
NO_GUARD_WORDS = frozenset({"-", "none", "aucun", "aucune", "keine", "kein", "keiner"})

WORDS: dict[str, dict[str, str]] = {
    "en": {"setup": "setup", "build": "build", "move": "move", "attack": "attack"},
    "fr": {"setup": "installer", "build": "construire", "move": "déplacer", "attack": "attaquer"},
    "de": {"setup": "aufstellen", "build": "bauen", "move": "ziehen", "attack": "angreifen"},
}
"""The words :func:`format_action` writes, per interface language (English for any other)."""
GUARDS_WORD: dict[str, str] = {"en": "guards", "fr": "gardes", "de": "wachen"}

MAX_QUOTE_CHARS = 80
"""An input longer than this is quoted cut in an error message."""


def _quoted(text: str) -> str:
    text = text.strip()
    if len(text) > MAX_QUOTE_CHARS:
        text = text[: MAX_QUOTE_CHARS - 1] + "…"
    return repr(text)


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
            f"{_quoted(text)}: {_quoted(word)} is not a square name "
            "(a letter then a number, like 'c4')"
        ) from None
    return word.lower()


def parse_action(text: str, player: int) -> Action:
    """Read one typed action taken by ``player``.

    The square names are checked for form only; whether they are on the board and legal is the
    rules' business (``rules.apply``).
    """
    words = text.replace(",", " ").split()
    if not words:
        raise UnknownActionError(f"{_quoted(text)}: empty action (try 'build c3')")
    head = words[0].lower()
    kind = KEYWORDS.get(head)
    if kind is None:
        raise UnknownActionError(
            f"{_quoted(text)}: unknown action {_quoted(words[0])} (setup, build, move or "
            "attack; French: installer, construire, déplacer, attaquer; German: aufstellen, "
            "bauen, ziehen, angreifen)"
        )
    rest = words[1:]
    if kind == "setup":
        if len(rest) != SETUP_HUTS:
            raise ArityError(
                f"{_quoted(text)}: a setup names exactly {SETUP_HUTS} squares, not {len(rest)}"
            )
        return Setup(player, tuple(_square(w, text) for w in rest))
    if kind == "build":
        if len(rest) != 1:
            raise ArityError(f"{_quoted(text)}: 'build' takes exactly one square")
        return Build(player, _square(rest[0], text))
    if kind == "move":
        if len(rest) != 2:
            raise ArityError(f"{_quoted(text)}: 'move' takes two squares: from, to")
        return Move(player, _square(rest[0], text), _square(rest[1], text))
    # attack TARGET [guards SQ ... | guards -]
    if not rest:
        raise ArityError(f"{_quoted(text)}: 'attack' needs a target square")
    target = _square(rest[0], text)
    tail = rest[1:]
    if not tail:
        return Attack(player, target, ())
    if tail[0].lower() not in GUARD_WORDS:
        raise ArityError(
            f"{_quoted(text)}: after the target write 'guards' then the guarded squares "
            "(or 'guards -' for none)"
        )
    guard_words = tail[1:]
    if len(guard_words) == 1 and guard_words[0].lower() in NO_GUARD_WORDS:
        return Attack(player, target, ())
    return Attack(player, target, tuple(_square(w, text) for w in guard_words))


def format_action(action: Action, lang: str = "en") -> str:
    """The typed form of ``action`` in ``lang`` ("en", "fr" or "de"); ``parse_action`` reads it
    back.

    >>> format_action(Move(1, "c3", "d4"), "de")
    'ziehen c3 d4'
    """
    code = str(getattr(lang, "value", lang))
    words = WORDS.get(code, WORDS["en"])
    kind = {Setup: "setup", Build: "build", Move: "move", Attack: "attack"}[type(action)]
    word = words[kind]
    if isinstance(action, Setup):
        return " ".join([word, *action.squares])
    if isinstance(action, Build):
        return f"{word} {action.square}"
    if isinstance(action, Move):
        return f"{word} {action.origin} {action.destination}"
    guards = " ".join(action.guards) if action.guards else "-"
    return f"{word} {action.target} {GUARDS_WORD.get(code, 'guards')} {guards}"
