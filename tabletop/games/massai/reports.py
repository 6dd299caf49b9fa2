"""What an action did or why it was refused: the refusal codes, the sentences kept as data (a
:class:`Sentence` code and the values it quotes, rendered in a language only when shown), the
report of an action and of an attack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.enums import TextEnum
from tabletop.games.massai.actions import Action
from tabletop.games.massai.board import other
from tabletop.games.massai.state import WinReason
from tabletop.i18n.keys import text
from tabletop.i18n.messages import N_

#: The code of a report whose action was played.
OK = "ok"


class Refusal(TextEnum):
    """Why an action is refused: stable codes (the interface phrases them in each language).

    A member is its string value (``Refusal.SQUARE_TAKEN == "square-taken"``).
    """

    GAME_OVER = "game-over"
    GUARD_DUPLICATE = "guard-duplicate"
    GUARD_NOT_ATTACKABLE = "guard-not-attackable"
    MOVE_ISOLATES = "move-isolates"
    MOVE_TOO_EARLY = "move-too-early"
    NO_SUCH_PLAYER = "no-such-player"
    NO_SUPPLY = "no-supply"
    NOT_OWN_HALF = "not-own-half"
    NOT_OWN_HUT = "not-own-hut"
    NOT_TOUCHING = "not-touching"
    NOT_YOUR_TURN = "not-your-turn"
    OFF_BOARD = "off-board"
    SETUP_COUNT = "setup-count"
    SETUP_DUPLICATE = "setup-duplicate"
    SETUP_FIRST = "setup-first"
    SETUP_NOT_TOUCHING = "setup-not-touching"
    SETUP_OVER = "setup-over"
    SQUARE_TAKEN = "square-taken"
    TARGET_NOT_ATTACKABLE = "target-not-attackable"
    TOO_MANY_GUARDS = "too-many-guards"
    UNKNOWN_ACTION = "unknown-action"


def player_name(player: int, lang: str = "en") -> str:
    """The name people see: ``Player 1`` (light huts, row-1 bank) or ``Player 2`` (dark huts)."""
    return text("massai_rules", "player_name", lang, number=player + 1)


class Sentence(TextEnum):
    """The sentences a report is made of: each code is the key of its message in the
    ``massai_rules`` table of :mod:`tabletop.i18n.keys`, where the words of every language are.
    """

    GAME_OVER = "game-over"
    NO_SUCH_PLAYER = "no-such-player"
    NOT_YOUR_TURN = "not-your-turn"
    SETUP_FIRST = "setup-first"
    UNKNOWN_ACTION = "unknown-action"
    OFF_BOARD = "off-board"
    SETUP_OVER = "setup-over"
    SETUP_COUNT = "setup-count"
    SETUP_DUPLICATE = "setup-duplicate"
    NOT_OWN_HALF = "not-own-half"
    SETUP_NOT_TOUCHING = "setup-not-touching"
    NO_SUPPLY = "no-supply"
    SQUARE_TAKEN = "square-taken"
    NOT_TOUCHING = "not-touching"
    NOT_TOUCHING_MOVE = "not-touching-move"
    MOVE_TOO_EARLY = "move-too-early"
    NOT_OWN_HUT = "not-own-hut"
    MOVE_ISOLATES = "move-isolates"
    TARGET_NOT_HUT = "target-not-hut"
    TARGET_NOT_ATTACKABLE = "target-not-attackable"
    GUARD_DUPLICATE = "guard-duplicate"
    TOO_MANY_GUARDS = "too-many-guards"
    GUARD_NOT_ATTACKABLE = "guard-not-attackable"
    SETUP_CHOSEN = "setup_chosen"
    SETUPS_REVEALED = "setups_revealed"
    BUILDS = "builds"
    MOVES = "moves"
    ATTACKS = "attacks"
    ATTACKS_NO_GUARD = "attacks_no_guard"
    GUARDED = "guarded"
    LOSES = "loses"
    BECOMES = "becomes"
    REMOVED_NO_SUPPLY = "removed_no_supply"
    ISOLATED = "isolated"
    WINS = "wins"
    HOW_CONNECTION = "how_connection"
    HOW_ELIMINATION = "how_elimination"


@dataclass(frozen=True)
class PlayerRef:
    """A player named in a sentence, named in the reader's language when shown."""

    number: int

    def render(self, lang: str = "en") -> str:
        """``Player 1``, ``Joueur 1``, …"""
        return player_name(self.number, lang)


@dataclass(frozen=True)
class SquareList:
    """Squares named in a sentence, shown in alphabetical order (or "none" when empty).

    >>> SquareList.of(["c2", "a1"]).render(), SquareList.of([]).render("fr")
    ('a1, c2', 'aucune')
    """

    squares: tuple[str, ...]

    @classmethod
    def of(cls, squares: Iterable[str]) -> SquareList:
        """The list of ``squares`` in alphabetical order."""
        return cls(tuple(sorted(squares)))

    def render(self, lang: str = "en") -> str:
        """The squares separated by commas, or the word for none."""
        return ", ".join(self.squares) if self.squares else _NONE.render(lang)


@dataclass(frozen=True)
class SquaresByPlayer:
    """The squares of each player named in a sentence: ``Player 1 a1, b2; Player 2 c3``."""

    groups: tuple[tuple[int, tuple[str, ...]], ...]

    def render(self, lang: str = "en") -> str:
        """Each player's name and squares, groups separated by semicolons."""
        return "; ".join(
            f"{player_name(p, lang)} {SquareList.of(squares).render(lang)}"
            for p, squares in self.groups
        )


_NONE = N_("none")


@dataclass(frozen=True)
class Said:
    """One sentence of a report, kept as data: its code and the values it quotes. The words are
    made only when it is shown, in the reader's language (:meth:`render`).

    >>> said = say(Sentence.BUILDS, player=PlayerRef(0), square="c3")
    >>> said.code
    <Sentence.BUILDS: 'builds'>
    >>> said.render(), said.render("fr")
    ('Player 1 builds a hut on c3.', 'Joueur 1 construit une hutte en c3.')
    """

    code: Sentence
    values: tuple[tuple[str, SaidValue], ...] = ()

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang``, its values (names, lists, nested sentences) in ``lang`` too."""
        shown = {
            name: value if isinstance(value, int | str) else value.render(lang)
            for name, value in self.values
        }
        return text("massai_rules", str(self.code), lang, **shown)

    def __str__(self) -> str:
        return self.render("en")


#: What a sentence may quote: numbers and plain words as they are, the rest rendered when shown.
SaidValue = int | str | PlayerRef | SquareList | SquaresByPlayer | Said


def say(code: Sentence, **values: SaidValue) -> Said:
    """The sentence ``code`` quoting ``values``, as data (rendered by :meth:`Said.render`)."""
    return Said(code, tuple(values.items()))


def listed(squares: Sequence[str]) -> dict[str, SaidValue]:
    """The values of a sentence about a list of squares: the list and the count that makes the
    verb agree (``c1 is`` but ``c1, c2 are``)."""
    return {"squares": ", ".join(squares), "count": len(squares)}


@dataclass(frozen=True)
class AttackOutcome:
    """What an attack did, for reports and for highlighting the consequences on a board."""

    attacker: int
    target: str
    guards: tuple[str, ...]
    attack_points: int
    guards_allowed: int
    guarded: bool
    replaced: bool
    #: Huts removed because they touch the target: defender's if unguarded, attacker's if guarded.
    removed_touching: tuple[tuple[int, str], ...]
    #: Huts of either player removed afterwards because they touch no hut of their own colour.
    removed_isolated: tuple[tuple[int, str], ...]

    @property
    def defender(self) -> int:
        """The attacked player."""
        return other(self.attacker)


@dataclass(frozen=True)
class Report:
    """What an action did (``ok``) or why it was refused (``ok=False``), in data.

    ``code`` is ``"ok"`` or a refusal code; ``params`` holds the values a refusal is about.
    ``said`` is what happened as sentences kept as data; :meth:`text` says them in any language
    with a catalog, and :attr:`message` in English.
    """

    action: Action
    ok: bool
    code: Refusal | str
    params: dict[str, Any] = field(default_factory=dict)
    placed: tuple[tuple[int, str], ...] = ()
    removed: tuple[tuple[int, str], ...] = ()
    attack: AttackOutcome | None = None
    winner: int | None = None
    win_reason: WinReason | None = None
    said: tuple[Said, ...] = ()

    def text(self, lang: str = "en") -> str:
        """What happened, or why the action was refused, in ``lang``."""
        return " ".join(said.render(lang) for said in self.said)

    @property
    def message(self) -> str:
        """:meth:`text` in English (for logs, errors and the command line's default)."""
        return self.text("en")


class IllegalAction(ValueError):
    """Raised by ``apply_or_raise`` for a refused action; carries the refusal ``report``."""

    def __init__(self, report: Report) -> None:
        super().__init__(report.message)
        self.report = report


def refuse(action: Action, code: Refusal, said: Said, **params: Any) -> Report:
    """The report refusing ``action``: its code, its sentence and the values it is about."""
    return Report(action=action, ok=False, code=code, params=params, said=(said,))
