"""What an action did or why it was refused: the refusal codes, the sentences kept as keys and
values (:class:`Said`, rendered in any language), the report of an action and of an attack.
"""

from __future__ import annotations

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


class Said(str):
    """One sentence of a report: the English text (a ``str``, as in ``Report.message``), carrying
    its key in the ``massai_rules`` table and its values, so :meth:`render` says it in any
    language (player names, square lists and nested sentences included)."""

    key: str
    values: tuple[tuple[str, Any], ...]

    def __new__(cls, key: str, values: tuple[tuple[str, Any], ...] = ()) -> Said:
        self = super().__new__(cls, _render_said(key, values, "en"))
        self.key, self.values = key, values
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle rebuild it from its parts
        return (Said, (self.key, self.values))

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return str(self) if lang == "en" else _render_said(self.key, self.values, lang)


class _Player(str):
    """A player's name (English as a ``str``), named again in the reader's language."""

    number: int

    def __new__(cls, number: int) -> _Player:
        self = super().__new__(cls, player_name(number))
        self.number = number
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Player, (self.number,))

    def render(self, lang: str) -> str:
        return player_name(self.number, lang)


class _Squares(str):
    """Squares in alphabetical order, or "none" in the reader's language."""

    squares: tuple[str, ...]

    def __new__(cls, squares: Any) -> _Squares:
        listed = tuple(sorted(squares))
        self = super().__new__(cls, ", ".join(listed) if listed else _NONE.render("en"))
        self.squares = listed
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Squares, (self.squares,))

    def render(self, lang: str) -> str:
        return ", ".join(self.squares) if self.squares else _NONE.render(lang)


class _ByPlayer(str):
    """Squares of each player: ``Player 1 a1, b2; Player 2 c3``."""

    groups: tuple[tuple[int, tuple[str, ...]], ...]

    def __new__(cls, groups: tuple[tuple[int, tuple[str, ...]], ...]) -> _ByPlayer:
        self = super().__new__(cls, _by_player(groups, "en"))
        self.groups = groups
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_ByPlayer, (self.groups,))

    def render(self, lang: str) -> str:
        return _by_player(self.groups, lang)


def _by_player(groups: tuple[tuple[int, tuple[str, ...]], ...], lang: str) -> str:
    return "; ".join(
        f"{player_name(p, lang)} {_Squares(squares).render(lang)}" for p, squares in groups
    )


_NONE = N_("none")


def _render_said(key: str, values: tuple[tuple[str, Any], ...], lang: str) -> str:
    shown = {
        name: value.render(lang)
        if isinstance(value, Said | _Player | _Squares | _ByPlayer)
        else value
        for name, value in values
    }
    return text("massai_rules", key, lang, **shown)


def _say(key: str, **values: Any) -> Said:
    """The sentence ``key`` of the rules' messages: English as a ``str``, in any language with
    :meth:`Said.render` (``Report.text``)."""
    return Said(key, tuple(values.items()))


def _player(player: int) -> _Player:
    return _Player(player)


def _listed(squares: Any) -> dict[str, Any]:
    """The values of a sentence about a list of squares: the list and the count that makes the
    verb agree (``c1 is`` but ``c1, c2 are``)."""
    return {"squares": ", ".join(squares), "count": len(squares)}


def _squares(squares: Any) -> _Squares:
    return _Squares(squares)


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
    """What an action did (``ok``) or why it was refused (``ok=False``), in data and in words.

    ``code`` is ``"ok"`` or a refusal code; ``params`` holds the values quoted by ``message``
    so that an interface can phrase the same sentence in another language. ``message`` is
    English; ``said`` keeps its sentences with their keys and values, and :meth:`text` says the
    same message in any language with a catalog.
    """

    action: Action
    ok: bool
    code: Refusal | str
    message: str
    params: dict[str, Any] = field(default_factory=dict)
    placed: tuple[tuple[int, str], ...] = ()
    removed: tuple[tuple[int, str], ...] = ()
    attack: AttackOutcome | None = None
    winner: int | None = None
    win_reason: WinReason | None = None
    said: tuple[Said, ...] = field(default=(), compare=False, repr=False)

    def text(self, lang: str = "en") -> str:
        """``message`` in ``lang`` (``message`` itself in English, or when the report was
        built without its sentences)."""
        if lang == "en" or not self.said:
            return self.message
        return " ".join(said.render(lang) for said in self.said)


class IllegalAction(ValueError):
    """Raised by ``apply_or_raise`` for a refused action; carries the refusal ``report``."""

    def __init__(self, report: Report) -> None:
        super().__init__(report.message)
        self.report = report


def _refuse(action: Action, code: Refusal, message: Said, **params: Any) -> Report:
    return Report(
        action=action, ok=False, code=code, message=message, params=params, said=(message,)
    )
