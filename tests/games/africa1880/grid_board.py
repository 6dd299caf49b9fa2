"""A board of our own making for tests: a grid of rectangular territories with its drawing, in
any coordinate box (photo pixels or a small one), the shape the tracer and the editor write."""

from __future__ import annotations

from typing import Any

#: Names that read like a board's (so a report or a PDF can be searched for them).
NAMES = (
    "Amberland", "Brightwater", "Cobalt Hills", "Dunmore", "Eastmarch", "Fernvale",
    "Greystone", "Highmoor", "Ironcoast", "Juniper Bay", "Kestrel Plain", "Lowfield",
    "Marshgate", "Northreach", "Oakridge", "Pinecrest", "Queensport", "Redcliff",
    "Saltmere", "Thornwood",
)  # fmt: skip

STARTS = ("Belgium", "France", "Germany", "Great Britain", "Italy", "Netherlands")


def grid_board(
    columns: int = 5,
    rows: int = 4,
    width: float = 4000.0,
    height: float = 3000.0,
    name: str = "Grid test board",
    names: tuple[str, ...] = NAMES,
) -> dict[str, Any]:
    """Board-file data: ``columns`` x ``rows`` rectangles inside a sea margin of the box
    ``width`` x ``height`` (y down), orthogonal neighbours (a corner is no border), the edge
    cells coastal, spaces 1-4, and historical starts on coastal cells."""
    margin_x, margin_y = width * 0.06, height * 0.06
    cell_w = (width - 2 * margin_x) / columns
    cell_h = (height - 2 * margin_y) / rows
    territories: list[dict[str, Any]] = []
    drawing: dict[str, Any] = {}
    label = {}
    for row in range(rows):
        for column in range(columns):
            label[(column, row)] = names[row * columns + column]
    for (column, row), title in label.items():
        x0, y0 = margin_x + column * cell_w, margin_y + row * cell_h
        ring = [
            [round(x0, 2), round(y0, 2)],
            [round(x0 + cell_w, 2), round(y0, 2)],
            [round(x0 + cell_w, 2), round(y0 + cell_h, 2)],
            [round(x0, 2), round(y0 + cell_h, 2)],
        ]
        drawing[title] = {
            "polygons": [ring],
            "label": [round(x0 + cell_w / 2, 2), round(y0 + cell_h / 2, 2)],
        }
        neighbours = [
            label[(c, r)]
            for c, r in ((column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1))
            if (c, r) in label
        ]
        coastal = column in (0, columns - 1) or row in (0, rows - 1)
        territories.append(
            {
                "name": title,
                "aliases": [],
                "coastal": coastal,
                "spaces": 1 + (row * columns + column) % 4,
                "neighbours": neighbours,
            }
        )
    coasts = [t["name"] for t in territories if t["coastal"]]
    return {
        "format": "tabletop.africa1880.board",
        "version": 1,
        "name": name,
        "total_spaces": sum(t["spaces"] for t in territories),
        "territories": territories,
        "historical_starts": dict(zip(STARTS, coasts[:: max(1, len(coasts) // 6)], strict=False)),
        "drawing": {
            "width": width,
            "height": height,
            "outline": [
                [margin_x, margin_y],
                [width - margin_x, margin_y],
                [width - margin_x, height - margin_y],
                [margin_x, height - margin_y],
            ],
            "territories": drawing,
        },
    }


#: A round of orders on :func:`grid_board` (France, Germany and Italy at their starts).
GRID_ORDERS = """[France]
Cobalt Hills: develop
[Germany]
Eastmarch: explore Juniper Bay
[Italy]
Oakridge: explore Thornwood
"""
