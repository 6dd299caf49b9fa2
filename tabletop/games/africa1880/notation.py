"""The typed order-sheet notation: :func:`parse_sheets` and its inverse :func:`format_sheets`.

One sheet per power, opened by a header line with the power's name in English or French::

    [France]
    Algeria: develop            # développe, developper
    Senegal: explore Guinea     # Senegal -> Guinea ; explorer
    Tunisia: hold               # rien, tenir
    land: Morocco               # débarque, débarquement
    war: Germany, Italy         # guerre
    alliance: Belgium           # relations not written are alliances

Names are matched without regard to case, accents, hyphens or apostrophes, through the board's
aliases. ``#`` starts a comment. A header may also be written ``France:`` or ``France`` alone on a
line, and an order may follow ``[France]`` on the same line. Power lists take commas, ``and``/``et``
or plain spaces; a full stop or semicolon ending a line is ignored. Parsing never raises: every
line that cannot be used becomes a :class:`VoidOrder` with a reason code, and nothing is guessed.
Decisions: when a presence gets two orders, or a power writes two landings or two sheets, the first
one written counts and the later ones are void; a power written both under war and alliance counts
as alliance (an unreadable relation).

>>> from tabletop.games.africa1880.board import load_board
>>> result = parse_sheets("[France]\\nAlgérie: développe\\nguerre: Allemagne", load_board())
>>> result.sheets["France"].orders, sorted(result.sheets["France"].wars)
((Develop(power='France', territory='Algeria'),), ['Germany'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tabletop.games.africa1880.board import Board, UnknownTerritory
from tabletop.games.africa1880.orders import (
    CONTRADICTORY_RELATION,
    DUPLICATE_ORDER,
    DUPLICATE_SHEET,
    NO_HEADER,
    NOT_COASTAL,
    NOT_NEIGHBOUR,
    NOT_PLAYING,
    SECOND_LANDING,
    SELF_RELATION,
    SYNTAX,
    UNKNOWN_KEYWORD,
    UNKNOWN_POWER,
    UNKNOWN_TERRITORY,
    Develop,
    Explore,
    Hold,
    Landing,
    Order,
    OrderSheet,
    VoidOrder,
    order_text,
    void_order,
)
from tabletop.games.africa1880.state import (
    POWER_NAMES_FR,
    POWERS,
    UnknownPower,
    lookup_power,
    name_key,
    sort_powers,
)

__all__ = ["ParseResult", "format_sheet", "format_sheets", "parse_sheets"]

# Keywords after name_key (lower case, no accents); several spellings for fast typing.
DEVELOP_WORDS = frozenset(
    {"develop", "develops", "dev", "development", "developpe", "developper", "developpement"}
)
EXPLORE_WORDS = frozenset({"explore", "explores", "exp", "explorer", "exploration"})
HOLD_WORDS = frozenset(
    {"hold", "holds", "nothing", "do nothing", "none", "pass", "rien", "ne rien faire", "tenir"}
    | {"tient", "reste", "rester"}
)
LAND_WORDS = frozenset(
    {"land", "lands", "landing", "debarque", "debarquer", "debarquement", "debarquements"}
)
WAR_WORDS = frozenset({"war", "wars", "guerre", "guerres"})
ALLIANCE_WORDS = frozenset({"alliance", "alliances", "ally", "allies", "allie", "peace", "paix"})
NOBODY_WORDS = frozenset({"none", "nobody", "no one", "aucun", "aucune", "personne"})
TOWARD_WORDS = frozenset({"to", "toward", "towards", "vers", "en", "au", "a"})
_ARROW = re.compile(r"\s*(?:->|=>|→|⟶)\s*")
_LIST_SPLIT = re.compile(r"\s*(?:[,;/&+]|\band\b|\bet\b)\s*", re.IGNORECASE)

_KEYWORDS_FR = {"develop": "développe", "explore": "explore", "hold": "rien", "land": "débarque"}
_KEYWORDS_FR.update({"war": "guerre", "alliance": "alliance"})


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


class _SheetBuilder:
    """Collects one power's orders while its lines are read."""

    def __init__(self, power: str) -> None:
        self.power = power
        self.orders: list[Order] = []
        self.sources: set[str] = set()
        self.landing: Landing | None = None
        self.landing_written = False
        self.wars: set[str] = set()
        self.alliances: set[str] = set()
        self.contradicted: set[str] = set()
        self.void: list[VoidOrder] = []
        self.written: dict[Order | Landing, tuple[int, str]] = {}

    def build(self) -> OrderSheet:
        return OrderSheet(
            self.power,
            tuple(self.orders),
            self.landing,
            frozenset(self.wars),
            tuple(self.void),
            dict(self.written),
        )


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


def _is_power(text: str) -> str | None:
    try:
        return lookup_power(text)
    except UnknownPower:
        return None


def parse_sheets(text: str, board: Board, powers: Iterable[str] | None = None) -> ParseResult:
    """Read the typed order sheets of a round. Never raises on any text.

    ``powers`` are the powers playing (default: all six); sheets of other powers are void.
    """
    playing = sort_powers(powers if powers is not None else POWERS)
    result = ParseResult(powers=playing)
    builders: dict[str, _SheetBuilder] = {}
    current: _SheetBuilder | None = None
    # When the current header cannot be used: (power or None, code, details) for its lines.
    refused: tuple[str | None, str, dict] | None = None
    for number, raw in enumerate(str(text).splitlines(), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        header, rest = _split_header(line)
        if header is None:
            bare = line.rstrip(":").strip()
            if bare and ":" not in bare and _ARROW.search(bare) is None and _is_power(bare):
                header, rest = bare, ""
        if header is not None:
            current, refused = None, None
            try:
                power = lookup_power(header)
            except UnknownPower as error:
                refused = (None, UNKNOWN_POWER, {"text": header, "suggestion": error.suggestion})
            else:
                if power not in playing:
                    refused = (power, NOT_PLAYING, {})
                elif power in builders:
                    refused = (power, DUPLICATE_SHEET, {})
                else:
                    current = builders[power] = _SheetBuilder(power)
            if refused is not None:
                who, code, details = refused
                item = void_order(who, line, code, line=number, **details)
                result.void.append(item)
                result.errors.append(item)
                continue
            if not rest:
                continue
            line = rest  # "[France] Algeria: develop": the order after the header counts
        if current is None:
            if refused is None:
                item = void_order(None, line, NO_HEADER, line=number)
            else:
                who, code, details = refused
                item = void_order(who, line, code, line=number, **details)
            result.void.append(item)
            result.errors.append(item)
            continue
        before = len(current.void)
        _parse_line(line, number, current, board, playing)
        result.void.extend(current.void[before:])
    result.sheets = {p: builders[p].build() for p in playing if p in builders}
    return result


# Remembered board lookups, per board object (kept alive here, so ids cannot be reused).
_LOOKUPS: dict[int, tuple[Board, dict[str, str | UnknownTerritory]]] = {}


def _territory(text: str, board: Board) -> str:
    """Canonical name or UnknownTerritory (also for an empty name)."""
    cleaned = text.strip().strip(":").strip()
    if not cleaned:
        raise UnknownTerritory(text.strip(), None)
    entry = _LOOKUPS.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_LOOKUPS) >= 8:
            _LOOKUPS.clear()
        entry = _LOOKUPS[id(board)] = (board, {})
    cache = entry[1]
    found = cache.get(cleaned)
    if found is None:
        try:
            found = board.lookup(cleaned)
        except UnknownTerritory as error:
            found = error
        if len(cache) < 4096:
            cache[cleaned] = found
    if isinstance(found, UnknownTerritory):
        raise UnknownTerritory(found.text, found.suggestion)
    return found


def _void(sheet: _SheetBuilder, line: str, number: int, code: str, **details: object) -> None:
    sheet.void.append(void_order(sheet.power, line, code, line=number, **details))


def _unknown(sheet: _SheetBuilder, line: str, number: int, error: UnknownTerritory) -> None:
    _void(sheet, line, number, UNKNOWN_TERRITORY, text=error.text, suggestion=error.suggestion)


def _parse_line(
    line: str, number: int, sheet: _SheetBuilder, board: Board, playing: tuple[str, ...]
) -> None:
    arrow = _ARROW.search(line)
    if arrow is not None:
        left, right = line[: arrow.start()], line[arrow.end() :]
        left_words = name_key(left.replace(":", " ")).split()
        if left_words and left_words[-1] in EXPLORE_WORDS:
            left = " ".join(left.replace(":", " ").split()[:-1])
        right_words = right.split()
        while right_words and name_key(right_words[0]) in EXPLORE_WORDS | TOWARD_WORDS:
            right_words = right_words[1:]
        _explore(line, number, sheet, board, left, " ".join(right_words))
        return
    if ":" in line:
        head, rest = line.split(":", 1)
        head_key = name_key(head)
        rest = rest.strip()
        if head_key in LAND_WORDS:
            _landing(line, number, sheet, board, rest)
            return
        if head_key in WAR_WORDS or head_key in ALLIANCE_WORDS:
            _relations(line, number, sheet, playing, rest, war=head_key in WAR_WORDS)
            return
        rest_key = name_key(rest)
        if (rest_key in WAR_WORDS or rest_key in ALLIANCE_WORDS) and _is_power(head):
            _relations(line, number, sheet, playing, head, war=rest_key in WAR_WORDS)
            return
        _presence_order(line, number, sheet, board, head, rest)
        return
    words = line.split()
    first = name_key(words[0])
    rest = " ".join(words[1:])
    if first in LAND_WORDS:
        _landing(line, number, sheet, board, rest)
        return
    if first in WAR_WORDS or first in ALLIANCE_WORDS:
        _relations(line, number, sheet, playing, rest, war=first in WAR_WORDS)
        return
    verbs = DEVELOP_WORDS | EXPLORE_WORDS | HOLD_WORDS
    for index in range(1, len(words)):
        key = name_key(words[index])
        two = name_key(" ".join(words[index:]))
        if key in verbs or two in HOLD_WORDS:
            _presence_order(
                line, number, sheet, board, " ".join(words[:index]), " ".join(words[index:])
            )
            return
    _void(sheet, line, number, UNKNOWN_KEYWORD, text=line)


def _presence_order(
    line: str, number: int, sheet: _SheetBuilder, board: Board, head: str, rest: str
) -> None:
    rest_key = name_key(rest)
    words = rest.split()
    verb = name_key(words[0]) if words else ""
    if not rest_key:
        _void(sheet, line, number, SYNTAX)
        return
    if verb in EXPLORE_WORDS:
        target_words = words[1:]
        while target_words and name_key(target_words[0]) in TOWARD_WORDS:
            target_words = target_words[1:]
        _explore(line, number, sheet, board, head, " ".join(target_words))
        return
    if rest_key in DEVELOP_WORDS or rest_key in HOLD_WORDS:
        try:
            source = _territory(head, board)
        except UnknownTerritory as error:
            _unknown(sheet, line, number, error)
            return
        kind = Develop if rest_key in DEVELOP_WORDS else Hold
        _add_order(line, number, sheet, kind(sheet.power, source))
        return
    if verb in DEVELOP_WORDS or verb in HOLD_WORDS:
        _void(sheet, line, number, SYNTAX)  # a develop or hold followed by stray words
        return
    _void(sheet, line, number, UNKNOWN_KEYWORD, text=rest)


def _explore(
    line: str, number: int, sheet: _SheetBuilder, board: Board, source_text: str, target_text: str
) -> None:
    if not source_text.strip(" :") or not target_text.strip(" :"):
        _void(sheet, line, number, SYNTAX)
        return
    try:
        source = _territory(source_text, board)
    except UnknownTerritory as error:
        _unknown(sheet, line, number, error)
        return
    if source in sheet.sources:
        _void(sheet, line, number, DUPLICATE_ORDER, territory=source)
        return
    sheet.sources.add(source)  # even if the target is wrong: the first line written counts
    try:
        target = _territory(target_text, board)
    except UnknownTerritory as error:
        _unknown(sheet, line, number, error)
        return
    if target not in board.territories[source].neighbours:
        _void(sheet, line, number, NOT_NEIGHBOUR, source=source, target=target)
        return
    order = Explore(sheet.power, source, target)
    sheet.orders.append(order)
    sheet.written[order] = (number, line)
    sheet.written[order] = (number, line)


def _add_order(line: str, number: int, sheet: _SheetBuilder, order: Develop | Hold) -> None:
    if order.source in sheet.sources:
        _void(sheet, line, number, DUPLICATE_ORDER, territory=order.source)
        return
    sheet.sources.add(order.source)
    sheet.orders.append(order)
    sheet.written[order] = (number, line)


def _landing(line: str, number: int, sheet: _SheetBuilder, board: Board, rest: str) -> None:
    words = rest.split()
    while words and name_key(words[0]) in TOWARD_WORDS:
        words = words[1:]
    if not words:
        _void(sheet, line, number, SYNTAX)
        return
    if sheet.landing_written:
        _void(sheet, line, number, SECOND_LANDING)
        return
    sheet.landing_written = True
    try:
        target = _territory(" ".join(words), board)
    except UnknownTerritory as error:
        _unknown(sheet, line, number, error)
        return
    if not board.territories[target].coastal:
        _void(sheet, line, number, NOT_COASTAL, territory=target)
        return
    sheet.landing = Landing(sheet.power, target)
    sheet.written[sheet.landing] = (number, line)


def _relations(
    line: str, number: int, sheet: _SheetBuilder, playing: tuple[str, ...], rest: str, war: bool
) -> None:
    if name_key(rest) in NOBODY_WORDS:
        return
    names: list[str] = []
    for item in _LIST_SPLIT.split(rest):
        if not item.strip():
            continue
        try:
            names.append(lookup_power(item))
        except UnknownPower as error:
            spaced = _powers_by_words(item)  # "Germany Italy" written without a comma
            if spaced is None:
                _void(
                    sheet, line, number, UNKNOWN_POWER, text=error.text, suggestion=error.suggestion
                )
            else:
                names.extend(spaced)
    for other in names:
        if other == sheet.power:
            _void(sheet, line, number, SELF_RELATION)
            continue
        if other not in playing:
            _void(sheet, line, number, NOT_PLAYING, absent=other)
            continue
        opposite = sheet.alliances if war else sheet.wars
        if other in opposite or other in sheet.contradicted:
            sheet.contradicted.add(other)
            sheet.wars.discard(other)  # an unreadable relation counts as alliance
            _void(sheet, line, number, CONTRADICTORY_RELATION, other=other)
            continue
        (sheet.wars if war else sheet.alliances).add(other)


def _powers_by_words(text: str) -> list[str] | None:
    """Split "Germany Great Britain" into powers, longest names first; None if a word is left."""
    words = text.split()
    found = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            power = _is_power(" ".join(words[start:end]))
            if power is not None:
                found.append(power)
                start = end
                break
        else:
            return None
    return found or None


def _keyword(word: str, lang: str) -> str:
    return _KEYWORDS_FR[word] if lang == "fr" else word


def format_order(order: Order | Landing, lang: str = "en") -> str:
    """One order as a line of the notation (English, or French keywords with ``lang="fr"``)."""
    return order_text(order, _KEYWORDS_FR if lang == "fr" else None)


def format_sheet(
    sheet: OrderSheet,
    board: Board | None = None,
    powers: Iterable[str] | None = None,
    lang: str = "en",
) -> str:
    """The sheet as text that :func:`parse_sheets` reads back to an equal sheet.

    With ``powers``, an ``alliance:`` line lists the other powers explicitly. ``board`` is accepted
    for symmetry with parsing; canonical names are written as they are.
    """
    name = POWER_NAMES_FR.get(sheet.power, sheet.power) if lang == "fr" else sheet.power
    lines = [f"[{name}]"]
    lines.extend(format_order(order, lang) for order in sheet.orders)
    if sheet.landing is not None:
        lines.append(format_order(sheet.landing, lang))

    def names(items: Iterable[str]) -> str:
        return ", ".join(POWER_NAMES_FR.get(p, p) if lang == "fr" else p for p in items)

    if sheet.wars:
        lines.append(f"{_keyword('war', lang)}: {names(sort_powers(sheet.wars))}")
    if powers is not None:
        allies = [p for p in sort_powers(powers) if p != sheet.power and p not in sheet.wars]
        if allies:
            lines.append(f"{_keyword('alliance', lang)}: {names(allies)}")
    return "\n".join(lines) + "\n"


def format_sheets(
    sheets: Mapping[str, OrderSheet] | Iterable[OrderSheet],
    board: Board | None = None,
    powers: Iterable[str] | None = None,
    lang: str = "en",
) -> str:
    """All sheets, in alphabetical order of powers, separated by blank lines."""
    items = list(sheets.values()) if isinstance(sheets, Mapping) else list(sheets)
    order = {p: i for i, p in enumerate(sort_powers(s.power for s in items))}
    items.sort(key=lambda s: order[s.power])
    power_list = None if powers is None else tuple(powers)
    return "\n".join(format_sheet(s, board, power_list, lang) for s in items)
