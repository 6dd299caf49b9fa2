"""The typed order-sheet notation: :func:`parse_sheets` and its inverse :func:`format_sheets`.

One sheet per power, opened by a header line with the power's name in English, French or German::

    [France]
    Algeria: develop            # développe, developper; entwickeln, entwickle
    Senegal: explore Guinea     # Senegal -> Guinea ; explorer ; erkunden, erkunde
    Tunisia: hold               # rien, tenir ; halten, halte, nichts
    land: Morocco               # débarque, débarquement ; landen, Landung
    war: Germany, Italy         # guerre ; Krieg
    alliance: Belgium           # Bündnis (Buendnis); relations not written are alliances

Names are matched without regard to case, accents, hyphens or apostrophes, through the board's
aliases (and its French and German names); a German umlaut may also be typed as two letters
(``Buendnis``, ``Aegypten``) and ``ß`` as ``ss`` (``Grossbritannien``). ``#`` starts a comment. A
header may also be written ``France:`` or ``France`` alone on a line, and an order may follow
``[France]`` on the same line. Power lists take commas, ``and``/``et``/``und`` or plain spaces; a
full stop or semicolon ending a line is ignored. Every line that cannot be used becomes a
:class:`VoidOrder` with a reason code, and nothing is guessed. Decisions: when a presence gets two
orders, or a power writes two landings or two sheets, the first one written counts and the later
ones are void; a power written both under war and alliance counts as alliance (an unreadable
relation).

Bounded work: reading is linear in the length of the text (each line is cut into words once;
multi-word power names are matched longest first over at most :data:`MAX_NAME_WORDS` words). A
text longer than :data:`MAX_SHEET_CHARS` characters is refused with :class:`SheetTooLongError`,
the only exception :func:`parse_sheets` raises. "Did you mean" suggestions are computed for the
first :data:`MAX_SUGGESTIONS` distinct unknown names of a text, each at most
:data:`MAX_SUGGESTION_CHARS` long; a quoted text in a reason is cut at :data:`MAX_QUOTE_CHARS`.

This module reads whole texts (headers, sheets); its parts have modules of their own:
:mod:`~tabletop.games.africa1880.notation_words` (keywords per language, name lookups, void
reasons), :mod:`~tabletop.games.africa1880.notation_lines` (one order line) and
:mod:`~tabletop.games.africa1880.notation_format` (writing sheets, re-exported here).

>>> from tabletop.games.africa1880.board_files import load_board
>>> result = parse_sheets("[France]\\nAlgérie: développe\\nguerre: Allemagne", load_board())
>>> result.sheets["France"].orders, sorted(result.sheets["France"].wars)
((Develop(power='France', territory='Algeria'),), ['Germany'])
>>> result = parse_sheets("[Frankreich]\\nAlgeria: entwickeln\\nKrieg: Deutschland", load_board())
>>> result.sheets["France"].orders, sorted(result.sheets["France"].wars)
((Develop(power='France', territory='Algeria'),), ['Germany'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.notation_lines import _Line, _SheetBuilder
from tabletop.games.africa1880.notation_words import (
    _ARROW,
    _quote,
    _Reader,
)
from tabletop.games.africa1880.orders import (
    DUPLICATE_SHEET,
    NO_HEADER,
    NOT_PLAYING,
    UNKNOWN_POWER,
    OrderSheet,
    VoidOrder,
)
from tabletop.games.africa1880.powers import POWERS, sort_powers

__all__ = [
    "MAX_SHEET_CHARS",
    "MAX_SHOWN_PROBLEMS",
    "ParseResult",
    "SheetTooLongError",
    "parse_sheets",
]

MAX_SHEET_CHARS = 65_536
"""The longest text :func:`parse_sheets` reads (64 KB of characters: a six-power round takes
about 5,000); a longer one is refused whole with :class:`SheetTooLongError`."""

MAX_SHOWN_PROBLEMS = 50
"""How many void lines :meth:`ParseResult.shown_void` gives a page before "and N more"."""


class SheetTooLongError(ValueError):
    """A typed text longer than :data:`MAX_SHEET_CHARS`: nothing of it is read.

    ``length`` and ``limit`` are the two numbers of the message, for a page to say it in its
    language.
    """

    def __init__(self, length: int, limit: int = MAX_SHEET_CHARS) -> None:
        self.length = length
        self.limit = limit
        super().__init__(
            f"the order sheets are {length:,} characters long; at most {limit:,} characters "
            f"({limit // 1024} KB) are read: shorten the text"
        )


@dataclass
class ParseResult:
    """What :func:`parse_sheets` read.

    ``sheets``: one :class:`OrderSheet` per power that has a sheet (a power without one holds
    everywhere and allies everyone). ``void``: every void line in text order. ``errors``: the void
    lines that belong to no playing power's sheet (text before any header, sheets of unknown or
    absent powers, second sheets); they are also in ``void``.
    """

    sheets: dict[str, OrderSheet] = field(default_factory=dict)
    void: list[VoidOrder] = field(default_factory=list)
    errors: list[VoidOrder] = field(default_factory=list)
    powers: tuple[str, ...] = POWERS

    @property
    def missing(self) -> tuple[str, ...]:
        """Playing powers without a sheet."""
        return tuple(p for p in self.powers if p not in self.sheets)

    def shown_void(self, limit: int = MAX_SHOWN_PROBLEMS) -> tuple[list[VoidOrder], int]:
        """The first ``limit`` void lines and how many more there are (for "and N more")."""
        limit = max(0, limit)
        return self.void[:limit], max(0, len(self.void) - limit)


def _strip_comment(line: str) -> str:
    # A full stop or semicolon at the end of a line is punctuation, not part of a name.
    return line.split("#", 1)[0].strip().rstrip(".;").strip()


def _split_header(line: str) -> tuple[str | None, str]:
    """``("France", rest)`` for ``[France] rest``; ``(None, line)`` for any other line."""
    if not line.startswith("["):
        return None, line
    close = line.find("]")
    if close == -1:
        return line.strip("[ \t"), ""
    return line[1:close].strip(), line[close + 1 :].strip()


def parse_sheets(text: str, board: Board, powers: Iterable[str] | None = None) -> ParseResult:
    """Read the typed order sheets of a round.

    ``powers`` are the powers playing (default: all six); sheets of other powers are void. Any
    text up to :data:`MAX_SHEET_CHARS` characters is read, in time linear in its length, and
    never raises; a longer one raises :class:`SheetTooLongError` (a ``ValueError``).
    """
    text = str(text)
    if len(text) > MAX_SHEET_CHARS:
        raise SheetTooLongError(len(text))
    playing = sort_powers(powers if powers is not None else POWERS)
    reader = _Reader(board)
    result = ParseResult(powers=playing)
    builders: dict[str, _SheetBuilder] = {}
    current: _SheetBuilder | None = None
    # When the current header cannot be used: (power or None, code, details) for its lines.
    refused: tuple[str | None, str, dict] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        header, rest = _split_header(line)
        if header is None:
            bare = line.rstrip(":").strip()
            if bare and ":" not in bare and reader.power(bare) and _ARROW.search(bare) is None:
                header, rest = bare, ""
        if header is not None:
            current, refused = None, None
            power = reader.power(header)
            if power is None:
                error = reader.unknown_power(header)
                details = {"text": _quote(error.text), "suggestion": error.suggestion}
                refused = (None, UNKNOWN_POWER, details)
            elif power not in playing:
                refused = (power, NOT_PLAYING, {})
            elif power in builders:
                refused = (power, DUPLICATE_SHEET, {})
            else:
                current = builders[power] = _SheetBuilder(power)
            if refused is not None:
                who, code, details = refused
                item = reader.void(who, line, code, number, **details)
                result.void.append(item)
                result.errors.append(item)
                continue
            if not rest:
                continue
            line = rest  # "[France] Algeria: develop": the order after the header counts
        if current is None:
            if refused is None:
                item = reader.void(None, line, NO_HEADER, number)
            else:
                who, code, details = refused
                item = reader.void(who, line, code, number, **details)
            result.void.append(item)
            result.errors.append(item)
            continue
        before = len(current.void)
        _Line(line, number, current, reader, playing).parse()
        result.void.extend(current.void[before:])
    result.sheets = {p: builders[p].build() for p in playing if p in builders}
    return result
