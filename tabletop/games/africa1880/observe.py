"""What one seat (one power) may see of an Africa 1880 game, and how its sealed sheet is read.

The observer is decided here, in the core, never by a page hiding what it received: a seat gets
the public position (presences, development pins, colonies, round, year, scores, last round's
relations, which were revealed when it was resolved), its own sealed sheet, and, once a round is
resolved, that round's public report. Nothing of another seat's sheet before the reveal.

>>> from tabletop.games.africa1880.gamefile import example_game
>>> game = example_game()
>>> text = seat_sheet("Algeria: develop", "France", game.state.powers)
>>> text.splitlines()[0]
'[France]'
>>> try:
...     seat_sheet("[Germany]\\nTogo: hold", "France", game.state.powers)
... except SheetHeaderError as error:
...     print(str(error)[:49])
this sheet is headed Germany, but this seat plays
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.games.africa1880.adjudicate import score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.notation import read_headers
from tabletop.games.africa1880.orders import DUPLICATE_SHEET, NOT_PLAYING, UNKNOWN_POWER
from tabletop.games.africa1880.powers import power_name, sort_powers
from tabletop.games.africa1880.state import GameState

__all__ = [
    "SheetHeaderError",
    "combine_sheets",
    "public_position",
    "seat_sheet",
    "seat_view",
]


class SheetHeaderError(ValueError):
    """A seat's sheet headed with another power's name (or a name that is no playing power)."""


def seat_sheet(text: str, power: str, powers: Iterable[str]) -> str:
    """The sheet ``power``'s seat sealed, as text opened by its own header ``[Power]``.

    The header may be left out; a header naming another power (or no playing power) raises
    :class:`SheetHeaderError`. Only the header lines are read here
    (:func:`~tabletop.games.africa1880.notation.read_headers`, the rule the full reading
    follows): the orders are judged at the resolution, where an unreadable line is a void order,
    exactly as on the shared screen. Raises ``SheetTooLongError`` (a ``ValueError``) for a text
    over the notation's limit.
    """
    playing = tuple(powers)
    headed = f"[{power}]\n{text}"
    headers = read_headers(headed, playing)
    others = sorted(h.power for h in headers if h.refused is None and h.power not in (None, power))
    if others:
        raise SheetHeaderError(
            f"this sheet is headed {power_name(others[0])}, but this seat plays "
            f"{power_name(power)}: write only {power_name(power)}'s orders "
            "(the header may be left out)"
        )
    for header in headers:
        if header.refused in (UNKNOWN_POWER, NOT_PLAYING):
            raise SheetHeaderError(
                f"line {header.number - 1}: {header.text!r} is a header naming "
                f"no other power this seat may write for; this seat plays {power_name(power)}"
            )
    if any(header.refused == DUPLICATE_SHEET for header in headers):
        # The text carries its own [Power] header: keep it as typed (text before it is void,
        # as it would be on the shared screen).
        return text if text.endswith("\n") else text + "\n"
    return headed if headed.endswith("\n") else headed + "\n"


def combine_sheets(sealed: Mapping[str, str], powers: Iterable[str]) -> str:
    """The round's sheets as one text, in the game's order of powers (missing ones left out:
    a power without a sheet holds everywhere and allies everyone)."""
    parts = [sealed[p].rstrip("\n") + "\n" for p in sort_powers(powers) if p in sealed]
    return "\n".join(parts)


def public_position(state: GameState, board: Board) -> dict[str, Any]:
    """What everyone at the table sees on the board (plain JSON)."""
    data = state.to_dict()
    return {
        "round": state.round,
        "year": state.year,
        "powers": list(state.powers),
        "presences": data["presences"],
        "development": data["development"],
        "colonies": data["colonies"],
        "stock": {p: state.stock(p) for p in state.powers},
        "last_relations": data["last_relations"],
        "game_over": state.game_over,
        "score": score(state).to_dict(),
        "board": board.name,
    }


def seat_view(
    state: GameState,
    board: Board,
    power: str,
    own_sheet: str | None,
    last_report: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything ``power``'s seat may see: the public position, its own sealed sheet for the
    current round (``None`` when not sealed) and the last resolved round's public report."""
    return {
        "kind": "africa1880",
        "seat": power,
        "round": state.round,
        "public": public_position(state, board),
        "own_sheet": own_sheet,
        "last_report": None if last_report is None else dict(last_report),
    }
