"""The Massai board in words: what a screen reader says of each square, from the same
:class:`~tabletop.ui.massai.canvas.Scene` the canvas draws (so the words never say more, or
less, than the picture: a secret shows in neither outside its own entry).

A square is its coordinate and its content ("a5 empty", "a6 dark hut"), then what the scene
marks on it ("chosen", "can be chosen", "target", "guard", "removed", …), in the page language.

>>> from tabletop.games.massai.state import new_game
>>> scene = Scene(state=new_game())
>>> square_words(scene, "a5", "en")
'a5 empty'
>>> square_words(scene, "a5", "fr")
'a5 vide'
"""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.board import square_name
from tabletop.i18n import N_, Msg
from tabletop.ui.massai.squares import Scene, shown_chain

__all__ = ["BOARD_WORDS", "board_rows", "grid_label", "square_words"]

BOARD_WORDS: dict[str, Msg] = {
    "empty": N_("{square} empty"),
    "hut_0": N_("{square} light hut"),
    "hut_1": N_("{square} dark hut"),
    # TRANSLATORS: a square chosen in a secret setup, shown as a hut of the chooser.
    "setup_0": N_("{square} light hut chosen for the setup"),
    "setup_1": N_("{square} dark hut chosen for the setup"),
    "chosen": N_("chosen"),
    "choosable": N_("can be chosen"),
    "target": N_("attack target"),
    "guard": N_("guard"),
    "placed": N_("new hut"),
    "removed_0": N_("light hut removed"),
    "removed_1": N_("dark hut removed"),
    "moved_from": N_("the moved hut came from here"),
    "chain": N_("part of the winning chain"),
    "grid_label": N_(
        "Board: columns {first_column} to {last_column}, rows {first_row} to {last_row}, "
        "row 1 at the bottom. Arrow keys move from square to square; Enter or Space chooses "
        "the square."
    ),
}


def _w(key: str, lang: str, **values: Any) -> str:
    return BOARD_WORDS[key].render(lang, **values)


def _marks(scene: Scene, square: str, chain: tuple[str, ...]) -> list[str]:
    """The keys of what ``scene`` marks on ``square``, in a fixed order."""
    marks: list[str] = []
    if square in scene.selection and not scene.guards:
        marks.append("chosen")
    if square in scene.choosable:
        marks.append("choosable")
    if square == scene.target:
        marks.append("target")
    if square in scene.guards:
        marks.append("guard")
    if any(s == square for _, s in scene.placed):
        marks.append("placed")
    if scene.moved is not None and scene.moved[0] == square:
        marks.append("moved_from")
    if square in chain:
        marks.append("chain")
    return marks


def square_words(scene: Scene, square: str, lang: str = "en") -> str:
    """What a screen reader says of ``square`` in ``scene``: coordinate, content, marks."""
    state = scene.state
    owner = state.owner(square)
    if owner is not None:
        words = _w(f"hut_{owner}", lang, square=square)
    elif scene.selection_as_huts and square in scene.selection:
        words = _w(f"setup_{scene.selection_player}", lang, square=square)
    else:
        words = _w("empty", lang, square=square)
    marks = [_w(key, lang) for key in _marks(scene, square, shown_chain(state))]
    if scene.selection_as_huts:
        marks = [m for m in marks if m != _w("chosen", lang)]  # the words above say it
    # A removed hut leaves its square empty (a captured target holds the attacker's hut).
    marks += [_w(f"removed_{p}", lang) for p, s in scene.removed if s == square and owner is None]
    return ", ".join([words, *marks])


def board_rows(scene: Scene, lang: str = "en") -> list[list[dict[str, Any]]]:
    """The board as rows of cells, top row (the last row number) first, as the canvas shows it:
    each cell ``{"square", "words", "hut", "chosen"}`` (``hut``: -1 empty, 0 light, 1 dark)."""
    board = scene.state.board
    rows = []
    for row in reversed(range(board.rows)):
        cells = []
        for column in range(board.columns):
            square = square_name(column, row)
            owner = scene.state.owner(square)
            cells.append(
                {
                    "square": square,
                    "words": square_words(scene, square, lang),
                    "hut": -1 if owner is None else owner,
                    "chosen": square in scene.selection,
                }
            )
        rows.append(cells)
    return rows


def grid_label(scene: Scene, lang: str = "en") -> str:
    """The grid's name for a screen reader: its size, and how to move and choose."""
    board = scene.state.board
    return _w(
        "grid_label",
        lang,
        first_column="a",
        last_column=square_name(board.columns - 1, 0)[:-1],
        first_row=1,
        last_row=board.rows,
    )
