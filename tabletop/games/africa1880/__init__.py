"""Africa 1880: the map, the game state, order sheets and their adjudication (no widgets here)."""

from tabletop.games.africa1880.board import (
    Board,
    BoardError,
    Geometry,
    Territory,
    UnknownTerritory,
    board_from_dict,
    load_board,
    load_geometry,
    normalize_name,
)

__all__ = [
    "Board",
    "BoardError",
    "Geometry",
    "Territory",
    "UnknownTerritory",
    "board_from_dict",
    "load_board",
    "load_geometry",
    "normalize_name",
]
