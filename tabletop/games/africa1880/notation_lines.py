"""Reading one order line of a sheet: presence orders, explorations, landings and relations,
collected per power into an :class:`~tabletop.games.africa1880.orders.OrderSheet`.
"""

from __future__ import annotations

from tabletop.games.africa1880.notation_words import (
    _ARROW,
    _HOLD_PHRASE_WORDS,
    _LIST_SPLIT,
    _TARGET_SKIP,
    _VERB_WORDS,
    ALLIANCE_WORDS,
    DEVELOP_WORDS,
    EXPLORE_WORDS,
    HOLD_WORDS,
    LAND_WORDS,
    NOBODY_WORDS,
    TOWARD_WORDS,
    WAR_WORDS,
    _key,
    _quote,
    _Reader,
    _Unknown,
)
from tabletop.games.africa1880.orders import (
    CONTRADICTORY_RELATION,
    DUPLICATE_ORDER,
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
)


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


class _Line:
    """One order line of a sheet, read once into words; each step below is linear in it."""

    def __init__(
        self,
        line: str,
        number: int,
        sheet: _SheetBuilder,
        reader: _Reader,
        playing: tuple[str, ...],
    ) -> None:
        self.line = line
        self.number = number
        self.sheet = sheet
        self.reader = reader
        self.board = reader.board
        self.playing = playing

    def void(self, code: str, suggestion: str | None = None, **details: object) -> None:
        sheet = self.sheet
        item = self.reader.void(sheet.power, self.line, code, self.number, suggestion, **details)
        sheet.void.append(item)

    def unknown(self, code: str, error: _Unknown) -> None:
        self.void(code, error.suggestion, text=_quote(error.text))

    def parse(self) -> None:
        line = self.line
        arrow = _ARROW.search(line)
        if arrow is not None:
            left, right = line[: arrow.start()], line[arrow.end() :]
            left_words = left.replace(":", " ").split()
            left_keys = _key(left.replace(":", " ")).split()
            if left_keys and left_keys[-1] in EXPLORE_WORDS:
                left = " ".join(left_words[:-1])
            right_words = right.split()
            skip = 0
            while skip < len(right_words) and _key(right_words[skip]) in _TARGET_SKIP:
                skip += 1
            self.explore(left, " ".join(right_words[skip:]))
            return
        if ":" in line:
            head, rest = line.split(":", 1)
            head_key = _key(head)
            rest = rest.strip()
            if head_key in LAND_WORDS:
                self.landing(rest)
                return
            if head_key in WAR_WORDS or head_key in ALLIANCE_WORDS:
                self.relations(rest, war=head_key in WAR_WORDS)
                return
            rest_key = _key(rest)
            if (rest_key in WAR_WORDS or rest_key in ALLIANCE_WORDS) and self.reader.power(head):
                self.relations(head, war=rest_key in WAR_WORDS)
                return
            self.presence_order(head, rest)
            return
        words = line.split()
        keys = [_key(word) for word in words]
        first = keys[0]
        if first in LAND_WORDS:
            self.landing(" ".join(words[1:]))
            return
        if first in WAR_WORDS or first in ALLIANCE_WORDS:
            self.relations(" ".join(words[1:]), war=first in WAR_WORDS)
            return
        index = self._verb_index(keys)
        if index is None:
            self.void(UNKNOWN_KEYWORD, text=_quote(line))
            return
        self.presence_order(" ".join(words[:index]), " ".join(words[index:]))

    @staticmethod
    def _verb_index(keys: list[str]) -> int | None:
        """The first word after the first that starts an order ("explore", or "do nothing" up
        to the end of the line), or None. Linear: the phrases at the end of the line are built
        back to front, for at most as many words as the longest hold phrase has."""
        if len(keys) < 2:
            return None
        phrases: dict[int, str] = {}
        phrase, count = "", 0
        for index in range(len(keys) - 1, 0, -1):
            if keys[index]:
                count += len(keys[index].split())
                if count > _HOLD_PHRASE_WORDS:
                    break
                phrase = f"{keys[index]} {phrase}" if phrase else keys[index]
            phrases[index] = phrase
        for index in range(1, len(keys)):
            if keys[index] in _VERB_WORDS or phrases.get(index) in HOLD_WORDS:
                return index
        return None

    def presence_order(self, head: str, rest: str) -> None:
        rest_key = _key(rest)
        words = rest.split()
        verb = _key(words[0]) if words else ""
        if not rest_key:
            self.void(SYNTAX)
            return
        if verb in EXPLORE_WORDS:
            skip = 1
            while skip < len(words) and _key(words[skip]) in TOWARD_WORDS:
                skip += 1
            self.explore(head, " ".join(words[skip:]))
            return
        if rest_key in DEVELOP_WORDS or rest_key in HOLD_WORDS:
            try:
                source = self.reader.territory(head)
            except _Unknown as error:
                self.unknown(UNKNOWN_TERRITORY, error)
                return
            kind = Develop if rest_key in DEVELOP_WORDS else Hold
            self.add_order(kind(self.sheet.power, source))
            return
        if verb in DEVELOP_WORDS or verb in HOLD_WORDS:
            self.void(SYNTAX)  # a develop or hold followed by stray words
            return
        self.void(UNKNOWN_KEYWORD, text=_quote(rest))

    def explore(self, source_text: str, target_text: str) -> None:
        sheet = self.sheet
        if not source_text.strip(" :") or not target_text.strip(" :"):
            self.void(SYNTAX)
            return
        try:
            source = self.reader.territory(source_text)
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if source in sheet.sources:
            self.void(DUPLICATE_ORDER, territory=source)
            return
        sheet.sources.add(source)  # even if the target is wrong: the first line written counts
        try:
            target = self.reader.territory(target_text)
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if target not in self.board.territories[source].neighbours:
            self.void(NOT_NEIGHBOUR, source=source, target=target)
            return
        order = Explore(sheet.power, source, target)
        sheet.orders.append(order)
        sheet.written[order] = (self.number, self.line)

    def add_order(self, order: Develop | Hold) -> None:
        sheet = self.sheet
        if order.source in sheet.sources:
            self.void(DUPLICATE_ORDER, territory=order.source)
            return
        sheet.sources.add(order.source)
        sheet.orders.append(order)
        sheet.written[order] = (self.number, self.line)

    def landing(self, rest: str) -> None:
        sheet = self.sheet
        words = rest.split()
        skip = 0
        while skip < len(words) and _key(words[skip]) in TOWARD_WORDS:
            skip += 1
        if skip == len(words):
            self.void(SYNTAX)
            return
        if sheet.landing_written:
            self.void(SECOND_LANDING)
            return
        sheet.landing_written = True
        try:
            target = self.reader.territory(" ".join(words[skip:]))
        except _Unknown as error:
            self.unknown(UNKNOWN_TERRITORY, error)
            return
        if not self.board.territories[target].coastal:
            self.void(NOT_COASTAL, territory=target)
            return
        sheet.landing = Landing(sheet.power, target)
        sheet.written[sheet.landing] = (self.number, self.line)

    def relations(self, rest: str, war: bool) -> None:
        sheet = self.sheet
        if _key(rest) in NOBODY_WORDS:
            return
        names: list[str] = []
        for item in _LIST_SPLIT.split(rest):
            if not item.strip():
                continue
            power = self.reader.power(item)
            if power is not None:
                names.append(power)
                continue
            spaced = self.reader.powers_by_words(item)  # "Germany Italy" written without a comma
            if spaced is None:
                self.unknown(UNKNOWN_POWER, self.reader.unknown_power(item))
            else:
                names.extend(spaced)
        for other in names:
            if other == sheet.power:
                self.void(SELF_RELATION)
                continue
            if other not in self.playing:
                self.void(NOT_PLAYING, absent=other)
                continue
            opposite = sheet.alliances if war else sheet.wars
            if other in opposite or other in sheet.contradicted:
                sheet.contradicted.add(other)
                sheet.wars.discard(other)  # an unreadable relation counts as alliance
                self.void(CONTRADICTORY_RELATION, other=other)
                continue
            (sheet.wars if war else sheet.alliances).add(other)
