"""Africa 1880 as a kind of game (:class:`~tabletop.games.kind.GameKind`): its game files, its
seats (the powers) and their sealed order sheets, what each seat may see, and the resolution.

A game's material is its board: a game keeps its map with it whatever happens to board files.

>>> from tabletop.games.africa1880.gamefile import example_game
>>> game = example_game()
>>> AFRICA1880.key, AFRICA1880.seats(game), AFRICA1880.secret_of(game, "France")
('africa1880', ['Belgium', 'France', 'Germany', 'Great Britain'], 'sheet')
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.games.africa1880 import observe
from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import (
    GAME_FORMAT,
    GAME_SCHEMA,
    Game,
    HistoryEntry,
    game_from_dict,
    load_game,
    save_game,
)
from tabletop.games.africa1880.notation import SheetTooLongError
from tabletop.games.africa1880.powers import power_name
from tabletop.games.kind import GameKind, NotResolvable, Resolution, SecretRefused, Stage

__all__ = ["AFRICA1880", "Africa1880Kind", "board_for"]


@functools.lru_cache(maxsize=1)
def _default_board() -> Board:
    return load_board()


@functools.lru_cache(maxsize=16)
def _kept_board(text: str) -> Board:
    try:
        return board_from_dict(json.loads(text), "the board kept with this game")
    except (BoardError, ValueError) as error:
        raise ValueError(" ".join(str(error).split())) from None


def board_for(material: str | None) -> Board:
    """The board of a game from its kept JSON (the bundled map for ``None``); boards read
    before are reused (they are immutable)."""
    return _default_board() if material is None else _kept_board(material)


class Africa1880Kind:
    """Africa 1880: powers seal order sheets; a round resolves them all at once."""

    key = "africa1880"
    name = "Africa 1880"
    file_format = GAME_FORMAT
    schema = GAME_SCHEMA
    game_type = Game
    step_action = "resolve"

    # ------------------------------------------------------------------ the game file
    def load(self, data: Any, source: str = "<data>", material: str | None = None) -> Game:
        """A game from its JSON; the board is ``material``'s (or the bundled map)."""
        return game_from_dict(data, source=source, board=board_for(material))

    def read_file(
        self, data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
    ) -> Game:
        """A game file's game with the board it carries (or names, when trusted)."""
        return game_from_dict(data, source=source, base_dir=base_dir, allow_paths=allow_paths)

    def dump(self, game: Game, with_material: bool = True) -> dict[str, Any]:
        """The game file's JSON; without its material, the ``"board"`` is left out."""
        data = game.to_dict()
        if not with_material:
            data.pop("board", None)
        return data

    def material_of(self, game: Game) -> str | None:
        """The board's data, as canonical JSON text."""
        assert game.board is not None
        return json.dumps(game.board.to_dict(), ensure_ascii=False, sort_keys=True)

    def with_material(self, data: dict[str, Any], material: str | None) -> dict[str, Any]:
        """The game file with its board put back (the bundled map for ``None``)."""
        if "board" in data:
            return data
        return {**data, "board": board_for(material).to_dict()}

    def open_file(self, path: str | os.PathLike[str]) -> Game:
        """A game file from the command line (it may name a board file next to it)."""
        return load_game(path)

    def save_file(self, game: Game, path: str | os.PathLike[str]) -> None:
        """Write the game file (never over a file that is not an Africa 1880 game)."""
        save_game(game, path)

    def copy(self, game: Game) -> Game:
        """A copy with its own history list (states and boards are immutable)."""
        return Game(state=game.state, history=list(game.history), board=game.board)

    # ------------------------------------------------------------------ where a game stands
    def progress(self, game: Game) -> int:
        """Rounds resolved."""
        return len(game.history)

    def sealing_round(self, game: Game) -> int:
        """The round to play."""
        return game.state.round

    def is_over(self, game: Game) -> bool:
        """True after the last round."""
        return bool(game.state.game_over)

    def summary(self, game: Game) -> str:
        """The round and its year."""
        state = game.state
        if state.game_over:
            return f"over after round {state.round} ({state.year})"
        return f"round {state.round} ({state.year})"

    def options(self, game: Game) -> dict[str, Any]:
        """The rule options as JSON."""
        return dict(game.state.options.to_dict())

    def stages(self, game: Game) -> list[Stage]:
        """The state before each resolved round, then the current one."""
        stages = []
        for index, entry in enumerate(game.history):
            before = Game(state=entry.state, history=game.history[:index], board=game.board)
            stages.append(self._stage(before, game.history[index - 1] if index else None))
        stages.append(self._stage(game, game.history[-1] if game.history else None))
        return stages

    # ------------------------------------------------------------------ seats and secrets
    def seats(self, game: Game) -> list[str]:
        """The powers playing."""
        return list(game.state.powers)

    def seat_name(self, seat: str, lang: str = "en") -> str:
        """The power's name in ``lang`` (``Allemagne`` for ``Germany`` in French)."""
        return power_name(seat, lang)

    def secret_of(self, game: Game, seat: str) -> str | None:
        """Every power seals a sheet each round, until the game is over."""
        return None if game.state.game_over or seat not in game.state.powers else "sheet"

    def check_secret(self, game: Game, seat: str, text: str) -> str:
        """The sheet as sealed, opened by the seat's own header (the orders are judged only at
        the resolution, exactly as typed on the shared screen)."""
        assert game.board is not None
        try:
            return observe.seat_sheet(text, seat, game.state.powers)
        except (observe.SheetHeaderError, SheetTooLongError) as error:
            raise SecretRefused(str(error)) from None

    def observe(self, game: Game, seat: str, own_secret: str | None) -> dict[str, Any]:
        """The seat's view (see :func:`~tabletop.games.africa1880.observe.seat_view`)."""
        assert game.board is not None
        last = game.history[-1].report if game.history else None
        return observe.seat_view(game.state, game.board, seat, own_secret, last)

    def observe_public(self, game: Game) -> tuple[dict[str, Any], Any]:
        """The public position and the last round's report."""
        assert game.board is not None
        last = game.history[-1].report if game.history else None
        return observe.public_position(game.state, game.board), None if last is None else dict(last)

    def resolve(self, game: Game, sealed: Mapping[str, str], force: bool = False) -> Resolution:
        """Resolve the round with every sealed sheet (with ``force``, a missing one holds)."""
        missing = [p for p in game.state.powers if p not in sealed]
        if missing and not force:
            raise NotResolvable("waiting for the sheets of " + ", ".join(missing))
        sheets = observe.combine_sheets(sealed, game.state.powers)
        try:
            report = game.apply(game.read_sheets(sheets), sheets)
        except SheetTooLongError as error:
            raise SecretRefused(str(error)) from None
        return Resolution(
            game, self.step_action, sheets, report, report.to_dict(include_state=False)
        )

    def _stage(self, game: Game, last: HistoryEntry | None) -> Stage:
        if last is None:
            return Stage(game)
        report = dict(last.report) if last.report else None
        return Stage(game, self.step_action, last.sheets_text, report)


#: The kind, declared once (registered by :mod:`tabletop.games.registry`).
AFRICA1880: GameKind[Game] = Africa1880Kind()
