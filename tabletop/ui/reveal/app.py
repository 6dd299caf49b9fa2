"""The reveal of one game, one step at a time: which game, and the view that shows it.

``reveal_app()`` shows the last resolved round of a game (``$TABLETOP_REVEAL_GAME``: a game
file, or ``db:ID`` for a game of the database; else the bundled example game) one step at a time;
``whole_game=True`` (or ``$TABLETOP_REVEAL_ALL=1``) goes through every round, a slideshow of the
game's history. A Massai game shows its last attack: the target, the guards, then the removals.
"""

from __future__ import annotations

import os
from typing import Any

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.kind import AFRICA1880
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.registry import KINDS
from tabletop.ui.reveal.africa_map import AfricaMap
from tabletop.ui.reveal.massai_board import MassaiBoard
from tabletop.ui.reveal.massai_steps import attack_steps
from tabletop.ui.reveal.steps import game_steps, round_steps
from tabletop.ui.reveal.view import RevealView

__all__ = ["game_from_env", "reveal_app", "reveal_view"]


def game_from_env() -> Game | GameRecord:
    """The game named by ``$TABLETOP_REVEAL_GAME`` (a file, or ``db:ID``), else the example."""
    ref = os.environ.get("TABLETOP_REVEAL_GAME", "")
    if not ref:
        return example_game()
    if ref.startswith("db:"):
        from tabletop.store import open_store

        game: Game | GameRecord = open_store().load(int(ref[3:])).game
        return game
    with open(ref, encoding="utf-8") as file:
        head = file.read(4096)
    # The file's "format" is near its start; a file naming none is read as an Africa game.
    kind = next((k for k in KINDS.all_kinds() if k.file_format in head), AFRICA1880)
    opened: Game | GameRecord = kind.open_file(ref)
    return opened


def reveal_view(game: Game | GameRecord, lang: str = "en", whole_game: bool = False) -> RevealView:
    """The reveal of an Africa game's last round (or of every round), or of a Massai game's last
    attack."""
    if isinstance(game, GameRecord):
        state = game.state
        return RevealView(
            attack_steps(game, None, lang),
            MassaiBoard(state.board.columns, state.board.rows),
            lang,
        )
    assert game.board is not None
    steps = game_steps(game, lang) if whole_game else round_steps(game, None, lang)
    return RevealView(steps, AfricaMap(game.board), lang)


def reveal_app(
    game: Game | GameRecord | None = None,
    lang: str | None = None,
    whole_game: bool | None = None,
) -> Any:
    """The page's root widget (what the notebook displays)."""
    if game is None:
        game = game_from_env()
    if lang is None:
        lang = os.environ.get("TABLETOP_LANG", "en")
    if whole_game is None:
        whole_game = os.environ.get("TABLETOP_REVEAL_ALL") == "1"
    return reveal_view(game, lang, whole_game).root
