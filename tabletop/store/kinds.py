"""What the store needs to know about each kind of game, asked of the kinds' registry.

A state is kept as its game-file JSON (the kind's ``dump``) and read back with the kind's
``load``; the material a game keeps once (Africa's board) comes from the database (embedded JSON)
or the bundled map, never from a path stored in the database. A new kind registered in
:mod:`tabletop.games.registry` is kept like the others; the built-in kinds are named here only in
the type of their game objects and for a hand-written Africa state without a ``"format"`` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.fileio import FileFormatError
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.kind import GameKind, UnknownKind
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.registry import KINDS
from tabletop.store.errors import GameDataError

#: The game objects of the built-in kinds (a registered kind may add its own).
AnyGame = Game | GameRecord


@dataclass(frozen=True)
class Step:
    """One state of a game as it enters the history: its file JSON and how it was reached."""

    doc: dict[str, Any]
    action: str
    step: int
    detail: str | None = None
    report: dict[str, Any] | None = None


def kind_named(kind: str) -> GameKind[Any]:
    """The registered kind ``kind``; :class:`GameDataError` naming the known ones otherwise."""
    try:
        return KINDS.kind_named(kind)
    except UnknownKind as error:
        raise GameDataError(str(error)) from None


def kind_for(game: Any) -> GameKind[Any]:
    """The kind of a game object; :class:`GameDataError` for an object of no known kind."""
    try:
        return KINDS.kind_of(game)
    except UnknownKind:
        raise GameDataError(
            f"not a game of a kind the store keeps: {type(game).__name__}"
        ) from None


def known_kind(kind: object) -> bool:
    """True if ``kind`` is the key of a registered kind."""
    return kind in KINDS


def kind_name(kind: str) -> str:
    """The name people see for the kind ``kind`` (``"Africa 1880"``)."""
    return kind_named(kind).name


def check_kind(kind: str) -> str:
    """``kind`` if it is one the store keeps; :class:`GameDataError` otherwise."""
    return kind_named(kind).key


def kind_of_game(game: Any) -> str:
    """The key of a game object's kind (``"africa1880"``, ``"massai"``)."""
    return kind_for(game).key


def detect_kind(data: Any) -> str | None:
    """The kind of a game-file JSON object by its ``format`` key (``None`` when unknown)."""
    kind = KINDS.kind_of_file(data)
    return None if kind is None else kind.key


def board_json_of(game: Any) -> str | None:
    """The material a game keeps once whatever happens to files later (Africa: its board's
    data); ``None`` for a kind whose options say everything (Massai)."""
    return kind_for(game).material_of(game)


def load_doc(kind: str, doc: Any, board_json: str | None = None, source: str = "<db>") -> Any:
    """Build the game object from its game-file JSON; :class:`GameDataError` on any problem."""
    game_kind = kind_named(kind)
    try:
        return game_kind.load(doc, source=source, material=board_json)
    except (ValueError, FileFormatError) as error:
        raise GameDataError(" ".join(str(error).split())) from None


def doc_of(game: Any) -> dict[str, Any]:
    """The game-file JSON of a game object as the database keeps it in each history entry:
    without the material kept once per game (see :func:`file_doc`)."""
    return kind_for(game).dump(game, with_material=False)


def file_doc(doc: dict[str, Any], board_json: str | None) -> dict[str, Any]:
    """The game file of a stored entry: its JSON with the game's material put back."""
    kind = KINDS.kind_of_file(doc)
    return doc if kind is None else kind.with_material(doc, board_json)


def step_of(game: Any) -> int:
    """How far the game went: rounds resolved (Africa) or actions played (Massai)."""
    return kind_for(game).progress(game)


def round_of(game: Any) -> int:
    """The key typed sheets are kept under: Africa's round to play, Massai's action count."""
    return kind_for(game).sealing_round(game)


def game_over(game: Any) -> bool:
    """True once the game has ended."""
    return kind_for(game).is_over(game)


def players_of(game: Any) -> list[str]:
    """The seats of the game: Africa's powers, Massai's two players."""
    return kind_for(game).seats(game)


def options_of(game: Any) -> dict[str, Any]:
    """The rule options as JSON."""
    return kind_for(game).options(game)


def summary_of(game: Any) -> str:
    """A few words on where the game stands, for lists."""
    return kind_for(game).summary(game)


def copy_of(game: Any) -> Any:
    """A copy a caller may change (immutable games are their own copies)."""
    return kind_for(game).copy(game)


def read_game_file(
    data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
) -> Any:
    """A game from a game file's JSON (any kind). Only with ``allow_paths`` (a file found in
    the server's own data folder) may an Africa file name a board file relative to ``base_dir``;
    the board's data is then kept in the database. An upload must carry its board."""
    kind = KINDS.kind_of_file(data)
    if kind is None and isinstance(data, Mapping) and "format" not in data:
        # A hand-written bare Africa state; its loader says what is wrong.
        kind = kind_named("africa1880")
    if kind is None:
        names = " or ".join(k.name for k in KINDS.all_kinds())
        raise GameDataError(f'{source}: not a game file of {names} (no known "format" key)')
    try:
        return kind.read_file(data, source=source, base_dir=base_dir, allow_paths=allow_paths)
    except (ValueError, FileFormatError) as error:
        raise GameDataError(" ".join(str(error).split())) from None


def steps_of(game: Any, first_action: str = "import") -> list[Step]:
    """The states a game went through, oldest first (so undo works after an import)."""
    return [
        Step(doc_of(stage.game), stage.action or first_action, number, stage.detail, stage.report)
        for number, stage in enumerate(kind_for(game).stages(game))
    ]
