"""Drawing the Massai board on an ipycanvas ``Canvas``, and turning clicks and taps into squares.

``draw(canvas, geometry, scene)`` redraws everything from the scene (a plain description of what
to show), so a page that reconnects is redrawn the same way. Row 1 (Player 1's bank) is at the
bottom, like the board seen from Player 1's chair.

Letting a player click or tap squares (the game page and the phone seat page do the same)::

    geometry = geometry_for(state)
    canvas = make_canvas(geometry)
    taps = connect_squares(canvas, geometry, on_square)  # on_square(square: str) -> None
    canvas.on_client_ready(lambda: draw(canvas, taps.geometry, scene()))
    ...
    taps.geometry = geometry_for(new_state)  # when the board size changes

A mouse click and a finger's tap each call ``on_square`` once with the square's name (``"d4"``);
outside the grid, a drag or a two-finger touch, nothing is called. Browsers do not turn taps into
mouse events on the canvas (ipycanvas stops them), so taps come from its touch events; when a
browser sends both, the mouse event that follows a tap is ignored (see
:class:`~tabletop.ui.massai.taps.SquareTaps`, also importable from here).
"""

from __future__ import annotations

import math

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import Canvas, hold_canvas  # type: ignore[import-untyped]

from tabletop.games.massai.board import Board, parse_square
from tabletop.ui.massai.squares import Geometry, Scene, shown_chain

__all__ = [
    "board_box",
    "board_max_width",
    "board_min_width",
    "draw",
    "make_canvas",
    "size_canvas",
]

SAND = "#ecd9a8"
SAND_DARK = "#e0c98e"
GRID = "#8d6e3f"
BANK = ("#f7efd9", "#4e342e")
HUT_FILL = ("#fff8e1", "#5d3a1a")
HUT_EDGE = ("#6d4c41", "#1b0f06")
SELECT = "#1565c0"
CHOOSABLE = "#ef6c00"
TARGET = "#d50000"
GUARD = "#ffd600"
PLACED = "#2e7d32"
REMOVED = "#d50000"
CHAIN = "#ffb300"


#: Height of the page above and below the board that should stay in sight with it (header,
#: prompt, a row of buttons): on a short screen the board is narrowed to leave room for them.
ROOM_AROUND_BOARD = "230px"


def board_max_width(geometry: Geometry) -> str:
    """CSS: never wider than drawn, nor so tall that the prompt and buttons leave the screen."""
    ratio = geometry.width / geometry.height
    return f"min({geometry.width}px, calc((100vh - {ROOM_AROUND_BOARD}) * {ratio:.4f}))"


#: The least side of a square on the screen, in CSS pixels: a finger's target (44 px is the
#: common guideline; 2 px more so that a rounding never makes one smaller).
MIN_SQUARE_PX = 46


def board_min_width(geometry: Geometry) -> str:
    """CSS: never so narrow that a square is smaller than :data:`MIN_SQUARE_PX` (on a phone
    the board is then wider than the screen and scrolls sideways in :func:`board_box`)."""
    return f"{math.ceil(geometry.width * MIN_SQUARE_PX / geometry.cell)}px"


def size_canvas(canvas: Canvas, geometry: Geometry) -> None:
    """Give ``canvas`` the drawn size of ``geometry`` and its bounds on the screen."""
    canvas.width, canvas.height = geometry.width, geometry.height
    canvas.layout.max_width = board_max_width(geometry)
    canvas.layout.min_width = board_min_width(geometry)


def make_canvas(geometry: Geometry) -> Canvas:
    """A canvas sized for ``geometry`` that scales down on narrow (and on short) screens, down
    to squares of :data:`MIN_SQUARE_PX`."""
    canvas = Canvas(width=geometry.width, height=geometry.height)
    canvas.layout.width = "100%"
    canvas.layout.height = "auto"
    size_canvas(canvas, geometry)
    return canvas


def board_box(canvas: Canvas, *over: widgets.Widget) -> widgets.Box:
    """The box the board stands in: as wide as the page, scrolling sideways when the board is
    wider (a phone under about 420 px: its squares keep a finger's size). A tap's position is
    measured on the canvas itself, so a scrolled board still answers with the right square.
    ``over``: widgets laid over the canvas (the keyboard's grid), placed by their own style."""
    box = widgets.Box([canvas, *over], layout=widgets.Layout(width="100%", overflow="auto hidden"))
    box.add_class("tt-massai-board-box")
    return box


def _hut_path(canvas: Canvas, geometry: Geometry, square: str) -> None:
    """Trace a hut's outline: square walls under a pointed roof."""
    x, y = geometry.center(square)
    size = geometry.cell * 0.34
    canvas.begin_path()
    canvas.move_to(x - size, y + size)
    canvas.line_to(x - size, y - size * 0.1)
    canvas.line_to(x, y - size * 1.05)
    canvas.line_to(x + size, y - size * 0.1)
    canvas.line_to(x + size, y + size)
    canvas.close_path()


def _hut(canvas: Canvas, geometry: Geometry, square: str, player: int, alpha: float = 1.0) -> None:
    canvas.global_alpha = alpha
    canvas.fill_style = HUT_FILL[player]
    canvas.stroke_style = HUT_EDGE[player]
    canvas.line_width = 3
    _hut_path(canvas, geometry, square)
    canvas.fill()
    canvas.stroke()
    canvas.global_alpha = 1.0


def _ring(canvas: Canvas, geometry: Geometry, square: str, colour: str, width: float) -> None:
    x, y = geometry.center(square)
    canvas.stroke_style = colour
    canvas.line_width = width
    canvas.stroke_circle(x, y, geometry.cell * 0.44)


def _cross(canvas: Canvas, geometry: Geometry, square: str) -> None:
    x, y = geometry.center(square)
    d = geometry.cell * 0.32
    canvas.stroke_style = REMOVED
    canvas.line_width = 6
    canvas.stroke_line(x - d, y - d, x + d, y + d)
    canvas.stroke_line(x - d, y + d, x + d, y - d)


def _moved_from(canvas: Canvas, geometry: Geometry, origin: str, destination: str) -> None:
    """A dashed ring on the square a hut left, and a line to where it went."""
    x, y = geometry.center(origin)
    to_x, to_y = geometry.center(destination)
    canvas.set_line_dash([8, 6])
    _ring(canvas, geometry, origin, PLACED, 5)
    canvas.line_width = 3
    # The line runs from the origin's ring to the destination's ring, not across the huts.
    length = math.hypot(to_x - x, to_y - y) or 1.0
    gap = geometry.cell * 0.44
    ux, uy = (to_x - x) / length, (to_y - y) / length
    canvas.stroke_line(x + ux * gap, y + uy * gap, to_x - ux * gap, to_y - uy * gap)
    canvas.set_line_dash([])


def _board(canvas: Canvas, geometry: Geometry, board: Board) -> None:
    """The empty board: banks, squares, grid, the line between the halves, coordinates."""
    canvas.clear()
    canvas.fill_style = "#ffffff"
    canvas.fill_rect(0, 0, geometry.width, geometry.height)
    # The two banks, in the colour of the player whose bank it is.
    canvas.fill_style = BANK[0]
    canvas.fill_rect(0, geometry.height - geometry.margin, geometry.width, geometry.margin)
    canvas.fill_style = BANK[1]
    canvas.fill_rect(0, 0, geometry.width, geometry.margin)
    for square in board.squares:
        x, y = geometry.origin(square)
        column, row = parse_square(square)
        canvas.fill_style = SAND if (column + row) % 2 == 0 else SAND_DARK
        canvas.fill_rect(x, y, geometry.cell, geometry.cell)
    canvas.stroke_style = GRID
    canvas.line_width = 1
    for square in board.squares:
        x, y = geometry.origin(square)
        canvas.stroke_rect(x, y, geometry.cell, geometry.cell)
    # The line between the two halves.
    depth = board.rows // 2
    canvas.line_width = 3
    canvas.stroke_style = GRID
    y_half = geometry.margin + (board.rows - depth) * geometry.cell
    canvas.stroke_line(geometry.margin, y_half, geometry.width - geometry.margin, y_half)
    if board.rows % 2:
        y_other = geometry.margin + depth * geometry.cell
        canvas.stroke_line(geometry.margin, y_other, geometry.width - geometry.margin, y_other)
    _coordinates(canvas, geometry, board)


def _coordinates(canvas: Canvas, geometry: Geometry, board: Board) -> None:
    """Coordinates in the margins (white on the dark bank, dark on the light one)."""
    canvas.font = f"bold {int(geometry.margin * 0.55)}px sans-serif"
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    for column in range(board.columns):
        x = geometry.margin + (column + 0.5) * geometry.cell
        canvas.fill_style = "#ffffff"
        canvas.fill_text(chr(ord("a") + column), x, geometry.margin / 2)
        canvas.fill_style = "#3e2723"
        canvas.fill_text(chr(ord("a") + column), x, geometry.height - geometry.margin / 2)
    canvas.fill_style = "#3e2723"
    for row in range(board.rows):
        y = geometry.margin + (board.rows - 1 - row + 0.5) * geometry.cell
        canvas.fill_text(str(row + 1), geometry.margin / 2, y)
        canvas.fill_text(str(row + 1), geometry.width - geometry.margin / 2, y)


def _pieces(canvas: Canvas, geometry: Geometry, scene: Scene) -> None:
    """The choosable squares, the huts, and a winning chain outlined in gold."""
    state = scene.state
    for square in sorted(scene.choosable):
        _ring(canvas, geometry, square, CHOOSABLE, 3)
    for player in (0, 1):
        for square in sorted(state.huts[player]):
            _hut(canvas, geometry, square, player)
    # A thick gold outline on each hut of the chain that joined the banks and won the game.
    for square in shown_chain(state):
        canvas.stroke_style = CHAIN
        canvas.line_width = 7
        _hut_path(canvas, geometry, square)
        canvas.stroke()


def _marks(canvas: Canvas, geometry: Geometry, scene: Scene) -> None:
    """What the scene marks on the pieces: removals, placings, a move, the selection, the
    target and the guards."""
    for player, square in scene.removed:
        # A captured target now holds the attacker's hut: its rings tell the story.
        if scene.state.owner(square) is None:
            _hut(canvas, geometry, square, player, alpha=0.35)
            _cross(canvas, geometry, square)
    for _player, square in scene.placed:
        _ring(canvas, geometry, square, PLACED, 5)
    if scene.moved is not None:
        _moved_from(canvas, geometry, *scene.moved)
    for square in scene.selection:
        if scene.selection_as_huts:
            _hut(canvas, geometry, square, scene.selection_player, alpha=0.8)
        _ring(canvas, geometry, square, SELECT, 6)
    if scene.target is not None:
        _ring(canvas, geometry, scene.target, TARGET, 7)
    # Guard dots sized with the squares (about 12 px on 76 px squares), seen from the table.
    radius = geometry.cell * 0.16
    for square in scene.guards:
        x, y = geometry.center(square)
        canvas.fill_style = GUARD
        canvas.stroke_style = "#000000"
        canvas.line_width = 3
        canvas.fill_circle(x + geometry.cell * 0.28, y - geometry.cell * 0.28, radius)
        canvas.stroke_circle(x + geometry.cell * 0.28, y - geometry.cell * 0.28, radius)


def draw(canvas: Canvas, geometry: Geometry, scene: Scene) -> None:
    """Redraw the whole board for ``scene`` in one batch."""
    with hold_canvas():
        _board(canvas, geometry, scene.state.board)
        _pieces(canvas, geometry, scene)
        _marks(canvas, geometry, scene)
