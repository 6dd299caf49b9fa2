"""Massai as a kind of game (:class:`~tabletop.games.kind.GameKind`): its game files, its two
seats and their secrets (the setups, the attacker's target, the defender's guards), what each
seat may see, and the reveal of the sealed secrets.

Massai keeps no material apart: its options describe its whole board.

>>> from tabletop.games.massai.gamefile import GameRecord
>>> record = GameRecord.new()
>>> MASSAI.key, MASSAI.seats(record), MASSAI.secret_of(record, "Player 2")
('massai', ['Player 1', 'Player 2'], 'setup')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.games.kind import GameKind, NotResolvable, Resolution, SecretRefused, Stage
from tabletop.games.massai import observe
from tabletop.games.massai.actions import Setup
from tabletop.games.massai.gamefile import FORMAT, GAME_SCHEMA, GameRecord, load_game, save_game
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.reports import player_name
from tabletop.games.massai.state import Phase

__all__ = ["MASSAI", "MassaiKind"]


class MassaiKind:
    """Massai: two players; open builds and moves, secret setups and attacks revealed at once."""

    key = "massai"
    name = "Massai"
    file_format = FORMAT
    schema = GAME_SCHEMA
    game_type = GameRecord
    step_action = "play"

    # ------------------------------------------------------------------ the game file
    def load(self, data: Any, source: str = "<data>", material: str | None = None) -> GameRecord:
        """A game from its JSON, its history replayed through the rules."""
        return GameRecord.from_json(data, source=source)

    def read_file(
        self, data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
    ) -> GameRecord:
        """A game file's game (a Massai file names no other file)."""
        return GameRecord.from_json(data, source=source)

    def dump(self, game: GameRecord, with_material: bool = True) -> dict[str, Any]:
        """The game file's JSON."""
        return game.to_json()

    def material_of(self, game: GameRecord) -> str | None:
        """Nothing is kept apart: the options are the board."""
        return None

    def with_material(self, data: dict[str, Any], material: str | None) -> dict[str, Any]:
        """The game file as it is."""
        return data

    def open_file(self, path: str | os.PathLike[str]) -> GameRecord:
        """A game file from the command line."""
        return load_game(path)

    def save_file(self, game: GameRecord, path: str | os.PathLike[str]) -> None:
        """Write the game file."""
        save_game(game, path)

    def copy(self, game: GameRecord) -> GameRecord:
        """The record itself (it is immutable)."""
        return game

    # ------------------------------------------------------------------ where a game stands
    def progress(self, game: GameRecord) -> int:
        """Actions played."""
        return len(game.actions)

    def sealing_round(self, game: GameRecord) -> int:
        """Actions played: each action has its own secrets."""
        return len(game.actions)

    def is_over(self, game: GameRecord) -> bool:
        """True once a player has won."""
        return game.state.phase is Phase.OVER

    def summary(self, game: GameRecord) -> str:
        """The phase, the actions played and who acts, or who won."""
        state = game.state
        if state.phase is Phase.OVER:
            return f"won by {player_name(state.winner or 0)} after {len(game.actions)} actions"
        return f"{state.phase}, {len(game.actions)} actions, {player_name(state.to_move)} to act"

    def options(self, game: GameRecord) -> dict[str, Any]:
        """The rule options as JSON."""
        return dict(game.options.to_json())

    def stages(self, game: GameRecord) -> list[Stage]:
        """The record before any action, then after each action."""
        stages = [Stage(GameRecord.new(game.options))]
        for number, action in enumerate(game.actions, start=1):
            before = GameRecord(
                options=game.options,
                actions=game.actions[:number],
                states=game.states[: number + 1],
                reports=game.reports[:number],
            )
            stages.append(Stage(before, self.step_action, format_action(action)))
        return stages

    # ------------------------------------------------------------------ seats and secrets
    def seats(self, game: GameRecord) -> list[str]:
        """``Player 1`` and ``Player 2``."""
        return [player_name(0), player_name(1)]

    def seat_name(self, seat: str, lang: str = "en") -> str:
        """``Joueur 1`` for ``Player 1`` in French; a name it does not know as given."""
        for player in (0, 1):
            if seat == player_name(player):
                return player_name(player, lang)
        return seat

    def secret_of(self, game: GameRecord, seat: str) -> str | None:
        """A setup, a target or guards, when the seat has one to choose now."""
        secret = observe.secret_for(game.state, self._player(game, seat))
        return None if secret is None else str(secret)

    def check_secret(self, game: GameRecord, seat: str, text: str) -> str:
        """The squares as sealed, checked against the rules."""
        try:
            return observe.check_secret(game.state, self._player(game, seat), str(text))
        except observe.SecretError as error:
            raise SecretRefused(str(error)) from None

    def observe(self, game: GameRecord, seat: str, own_secret: str | None) -> dict[str, Any]:
        """The seat's view (see :func:`~tabletop.games.massai.observe.seat_view`). The last
        action is public once played, except a first setup still pending: its squares stay
        secret until the second setup reveals both, and then both are the last action (as the
        history's detail writes them: ``setup a1 …; setup a6 …``)."""
        last_action = None
        if game.actions and game.state.pending_setup is None:
            last = game.actions[-1:]
            if isinstance(last[0], Setup) and len(game.actions) >= 2:
                last = tuple(a for a in game.actions[-2:] if isinstance(a, Setup))  # shown together
            last_action = "; ".join(format_action(a) for a in last)
        return observe.seat_view(game.state, self._player(game, seat), own_secret, last_action)

    def observe_public(self, game: GameRecord) -> tuple[dict[str, Any], Any]:
        """The public position (a pending setup hidden); the actions are public as played."""
        return observe.public_position(game.state), None

    def resolve(
        self, game: GameRecord, sealed: Mapping[str, str], force: bool = False
    ) -> Resolution:
        """Play the actions the sealed secrets make (both setups, or an attack and its guards)."""
        by_player = {self._player(game, seat): text for seat, text in sealed.items()}
        try:
            actions = observe.actions_from_secrets(game.state, by_player, force)
        except observe.SecretError as error:
            raise NotResolvable(str(error)) from None
        record, report = game, None
        for action in actions:
            record, report = record.play(action)
            if not report.ok:
                raise NotResolvable(f"refused: {report.message}")
        detail = "; ".join(format_action(a) for a in actions)
        return Resolution(record, self.step_action, detail, report)

    def _player(self, game: GameRecord, seat: str) -> int:
        return self.seats(game).index(seat)


#: The kind, declared once (registered by :mod:`tabletop.games.registry`).
MASSAI: GameKind[GameRecord] = MassaiKind()
