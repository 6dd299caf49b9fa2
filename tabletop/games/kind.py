"""The game-kind protocol: what the rest of the program may ask of a kind of game, and a registry.

Each game package declares its kind once, in its own ``kind.py`` (an object following
:class:`GameKind`): its key and name, its file format and JSON Schema, how a game is read from and
written to its game-file JSON, where a game stands, what each seat may see (an observer per seat,
as OpenSpiel has), what each seat chooses in secret, and how the sealed secrets are resolved. The
store, the command line and the pages ask a :class:`KindRegistry` about a game instead of testing
its class; :mod:`tabletop.games.registry` is the one place that registers the built-in kinds.

This module imports no game (the games import it), so a registry may hold any kind, a test's
toy one included.

>>> registry = KindRegistry()
>>> registry.kind_named("chess")
Traceback (most recent call last):
...
tabletop.games.kind.UnknownKind: unknown kind of game 'chess' (known: none)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "GameKind",
    "KindRegistry",
    "NotResolvable",
    "Resolution",
    "SecretRefused",
    "Stage",
    "UnknownKind",
]

GameT = TypeVar("GameT")


class UnknownKind(ValueError):
    """A kind of game no registered kind answers to; the message names the known ones."""


class SecretRefused(ValueError):
    """A seat's secret that cannot be sealed (unreadable, too long, against the rules, or
    nothing to choose now); the message is the reason, in one line."""


class NotResolvable(ValueError):
    """Sealed secrets that cannot be resolved now (one missing, or refused by the rules)."""


@dataclass(frozen=True)
class Stage:
    """One state a game went through: the game as it stood, and how it was reached from the
    stage before (``action`` ``None`` for the first stage, where the game was set up)."""

    game: Any
    action: str | None = None
    detail: str | None = None
    report: dict[str, Any] | None = None


@dataclass(frozen=True)
class Resolution:
    """What resolving the sealed secrets did: the game after, the history's action name and
    detail (the secrets revealed, as typed), the kind's report object, and the report as the
    history keeps it (``None`` when the game file itself holds it)."""

    game: Any
    action: str
    detail: str
    report: Any
    report_json: dict[str, Any] | None = None


@runtime_checkable
class GameKind(Protocol[GameT]):
    """What a kind of game says about itself and about its games (objects of ``game_type``).

    *Material* is data kept once per game, apart from the history of its states (Africa's map:
    a game keeps its board whatever happens to board files later); ``None`` for a kind whose
    options say everything.
    """

    @property
    def key(self) -> str:
        """The kind's key in files and the database: ``"africa1880"``, ``"massai"``."""

    @property
    def name(self) -> str:
        """The name people see: ``"Africa 1880"``."""

    @property
    def file_format(self) -> str:
        """The ``"format"`` value of the kind's game files."""

    @property
    def schema(self) -> Path:
        """The JSON Schema (draft 2020-12) of the kind's game files."""

    @property
    def game_type(self) -> type[GameT]:
        """The class of the kind's game objects."""

    @property
    def step_action(self) -> str:
        """What the history calls one step of the game: ``"resolve"`` (a round), ``"play"``."""

    # ------------------------------------------------------------------ the game file
    def load(self, data: Any, source: str = "<data>", material: str | None = None) -> GameT:
        """A game from its game-file JSON (no file is opened; ``material`` when the JSON was
        kept without it). Raises a ``ValueError`` naming ``source`` for a bad file."""

    def read_file(
        self, data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
    ) -> GameT:
        """A game from a game file's JSON; only with ``allow_paths`` (a trusted file) may it name
        other files, relative to ``base_dir``."""

    def dump(self, game: GameT, with_material: bool = True) -> dict[str, Any]:
        """The game-file JSON of ``game`` (without its material when asked)."""

    def material_of(self, game: GameT) -> str | None:
        """The game's material as JSON text (``None``: nothing kept apart)."""

    def with_material(self, data: dict[str, Any], material: str | None) -> dict[str, Any]:
        """A game file from JSON kept without its material: the material put back."""

    def open_file(self, path: str | os.PathLike[str]) -> GameT:
        """A game file named by the person running the program."""

    def save_file(self, game: GameT, path: str | os.PathLike[str]) -> None:
        """Write the game file atomically."""

    def copy(self, game: GameT) -> GameT:
        """A copy the caller may change (an immutable game is its own copy)."""

    # ------------------------------------------------------------------ where a game stands
    def progress(self, game: GameT) -> int:
        """How far the game went (rounds resolved, actions played): grows with every step."""

    def sealing_round(self, game: GameT) -> int:
        """The number the seats' secrets of the current step are sealed under."""

    def is_over(self, game: GameT) -> bool:
        """True once the game has ended."""

    def summary(self, game: GameT) -> str:
        """A few words on where the game stands, for lists."""

    def options(self, game: GameT) -> dict[str, Any]:
        """The game's rule options as JSON."""

    def stages(self, game: GameT) -> list[Stage]:
        """The states the game went through, oldest first, the current one last."""

    # ------------------------------------------------------------------ seats and secrets
    def seats(self, game: GameT) -> list[str]:
        """The seats of the game, in order (Africa's powers, Massai's two players)."""

    def seat_name(self, seat: str, lang: str = "en") -> str:
        """The name people see for ``seat`` in the interface language (the seat itself, as the
        database keeps it, is the English name)."""

    def secret_of(self, game: GameT, seat: str) -> str | None:
        """What ``seat`` chooses in secret now (``None``: nothing to seal)."""

    def check_secret(self, game: GameT, seat: str, text: str) -> str:
        """The secret ``seat`` typed, as it is sealed; :class:`SecretRefused` otherwise."""

    def observe(self, game: GameT, seat: str, own_secret: str | None) -> dict[str, Any]:
        """Everything ``seat`` may see: the public position, its own sealed secret, and what is
        public of the last step. Nothing of another seat's secret before it is revealed."""

    def observe_public(self, game: GameT) -> tuple[dict[str, Any], Any]:
        """What the shared screen shows: the public position and the last public report."""

    def resolve(self, game: GameT, sealed: Mapping[str, str], force: bool = False) -> Resolution:
        """Reveal the sealed secrets (seat -> secret) at once and apply them; a missing secret
        counts as none only with ``force``. Raises :class:`SecretRefused` for a secret that
        cannot be used and :class:`NotResolvable` when the step cannot be resolved now."""


class KindRegistry:
    """The kinds of game a program knows, by key; asks each game which kind it is."""

    def __init__(self, kinds: Iterable[GameKind[Any]] = ()) -> None:
        self._kinds: dict[str, GameKind[Any]] = {}
        for kind in kinds:
            self.register(kind)

    def register(self, kind: GameKind[Any]) -> GameKind[Any]:
        """Add ``kind``; a second kind with the same key, file format or game class is refused."""
        for known in self._kinds.values():
            if kind.key == known.key or kind.file_format == known.file_format:
                raise ValueError(f"a kind of game {known.key!r} is registered already")
            if kind.game_type is known.game_type:
                raise ValueError(f"{kind.game_type.__name__} games are {known.key!r} already")
        self._kinds[kind.key] = kind
        return kind

    def unregister(self, key: str) -> None:
        """Forget the kind ``key`` (a test's toy kind, once the test is over)."""
        self.kind_named(key)
        del self._kinds[key]

    def kind_named(self, key: str) -> GameKind[Any]:
        """The kind whose key is ``key``; :class:`UnknownKind` naming the known ones otherwise."""
        kind = self._kinds.get(key) if isinstance(key, str) else None
        if kind is None:
            known = ", ".join(self._kinds) or "none"
            raise UnknownKind(f"unknown kind of game {key!r} (known: {known})")
        return kind

    def kind_of(self, game: object) -> GameKind[Any]:
        """The kind of a game object; :class:`UnknownKind` for an object of no known kind."""
        for kind in self._kinds.values():
            if isinstance(game, kind.game_type):
                return kind
        raise UnknownKind(f"not a game of a kind this program knows: {type(game).__name__}")

    def kind_of_file(self, data: Any) -> GameKind[Any] | None:
        """The kind of a game-file JSON object by its ``"format"`` key (``None`` when unknown)."""
        if isinstance(data, Mapping):
            for kind in self._kinds.values():
                if data.get("format") == kind.file_format:
                    return kind
        return None

    def all_kinds(self) -> tuple[GameKind[Any], ...]:
        """Every registered kind, in the order of registration."""
        return tuple(self._kinds.values())

    def __contains__(self, key: object) -> bool:
        return key in self._kinds
