"""The typed order sheets of one position, and what the rules core reads in them.

The draft of each power's sheet is kept as text (without its ``[Power]`` header): that text is
the single source of truth, and the menus show what the core reads in it (``parse_sheets``). A
menu's choice or a relation's tap edits only the line concerned (the core's ``edit_sheet``):
every other line stays as typed, the lines the core cannot read included. ``execute_orders``
finds the void orders before the round is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import AfterOrders, execute_orders
from tabletop.games.africa1880.notation import (
    MAX_SHEET_CHARS,
    MAX_SHOWN_PROBLEMS,
    LandingChange,
    OrderChange,
    ParseResult,
    RelationChange,
    SheetChange,
    edit_sheet,
    is_header_line,
    parse_sheets,
)
from tabletop.games.africa1880.notation_format import format_sheet
from tabletop.games.africa1880.orders import (
    Explore,
    OrderSheet,
    VoidOrder,
    relations_from_sheets,
)
from tabletop.games.africa1880.relations import Relation, Relations
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.choices import presences_of
from tabletop.ui.africa1880.html import local_text
from tabletop.ui.africa1880.texts import t

__all__ = [
    "KINDS",
    "MAX_SHOWN_CHECKS",
    "Check",
    "Drafts",
    "is_header",
    "sheets_too_long",
]

KINDS = ("hold", "develop", "explore")

MAX_SHOWN_CHECKS = MAX_SHOWN_PROBLEMS
"""Checks listed on a page before "and N more" (the core's bound for shown problems)."""


@dataclass(frozen=True)
class Check:
    """One line of the live checks of a sheet: a void order or a presence without an order."""

    power: str
    kind: str  # "void" or "no_order"
    text: str
    territory: str | None = None


def is_header(line: str) -> bool:
    """True for a line the notation reads as a sheet header (``[Power]``, ``Power:``, ``Power``).

    >>> is_header("[Germany]"), is_header("Germany:"), is_header("Togo: develop")
    (True, True, False)
    """
    return is_header_line(line)


class Drafts:
    """Every power's draft sheet for one position (board and state), as typed text."""

    def __init__(
        self, board: Board, state: GameState, lang: str, texts: Mapping[str, str] | None = None
    ) -> None:
        self.board = board
        self.state = state
        self.texts: dict[str, str] = {}
        # Explore chosen in a menu whose target is still to pick: no order yet, but shown.
        self.pending_explore: set[tuple[str, str]] = set()
        self._parsed: dict[str, Any] = {}
        self._checks: list[Check] | None = None
        for power in self.powers:
            self.texts[power] = (texts or {}).get(power) or self.body(OrderSheet(power), lang)

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    def body(self, sheet: OrderSheet, lang: str) -> str:
        """The sheet's text without its header line (the box is already under the power's tab)."""
        text = format_sheet(sheet, self.board, self.powers, lang=lang)
        return text.split("\n", 1)[1] if "\n" in text else ""

    def box_text(self, power: str) -> tuple[str, list[str]]:
        """``power``'s draft ready for the core, and the header lines found in it.

        A header line (``[Germany]``, ``Germany:``) inside one power's box would hand the
        following lines to another sheet; it is commented out and reported instead. A draft over
        the size limit is not read at all, so it is given back as it is.
        """
        if self.too_long(power):
            return self.texts.get(power, ""), []
        lines = []
        headers = []
        for line in self.texts.get(power, "").splitlines():
            if is_header(line):
                headers.append(line.strip())
                lines.append("# " + line)
            else:
                lines.append(line)
        return "\n".join(lines), headers

    def too_long(self, power: str) -> int:
        """The length of ``power``'s draft when it is over the notation's limit
        (:data:`~tabletop.games.africa1880.notation.MAX_SHEET_CHARS`), else 0: such a draft is
        refused whole and not read (it stays in the box to be shortened)."""
        length = len(self.texts.get(power, ""))
        return length if length > MAX_SHEET_CHARS else 0

    def parse(self, power: str) -> Any:
        """The core's reading of one power's draft (cached until the draft changes).

        A draft over the size limit is not read: it gives no sheet (its check says why).
        """
        cached = self._parsed.get(power)
        text = self.texts.get(power, "")
        if cached is not None and cached[0] == text:
            return cached[1]
        if self.too_long(power):
            refused = ParseResult(powers=self.powers)
            self._parsed[power] = (text, refused)
            return refused
        body, _ = self.box_text(power)
        result = parse_sheets(f"[{power}]\n{body}", self.board, self.powers)
        self._parsed[power] = (text, result)
        return result

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self.parse(power).sheets.get(power) or OrderSheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return {power: self.sheet(power) for power in self.powers}

    def set_text(self, power: str, text: str) -> bool:
        """Replace ``power``'s draft; False when it was already that text."""
        if self.texts.get(power) == text:
            return False
        self.texts[power] = text
        self._checks = None
        return True

    def edit(self, power: str, change: SheetChange, lang: str) -> bool:
        """Apply a menu's or a tap's ``change`` to ``power``'s draft text with the core's
        :func:`~tabletop.games.africa1880.notation.edit_sheet`: only the line concerned changes,
        every other line stays as typed (unreadable ones too, with their warnings). False when
        the text stays the same, or when the draft is over the size limit (it is kept whole,
        and its check says why)."""
        if self.too_long(power):
            return False
        text = edit_sheet(self.texts.get(power, ""), power, change, self.board, self.powers, lang)
        return self.set_text(power, text)

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``.

        kind is "" when no order is written; an explore chosen without a target yet gives
        ("explore", "").
        """
        for order in self.sheet(power).orders:
            if order.source == territory:
                return (order.kind, order.target if isinstance(order, Explore) else "")
        if (power, territory) in self.pending_explore:
            return ("explore", "")
        return ("", "")

    def set_order(
        self, power: str, territory: str, kind: str, target: str = "", lang: str = "en"
    ) -> bool:
        """The order for ``power``'s presence in ``territory`` (kind "" removes it); an explore
        chosen without its target yet writes no order but is shown (:meth:`order_of`)."""
        if kind not in ("", *KINDS):
            raise ValueError(f"unknown order kind {kind!r}")
        if kind == "explore" and not target:
            self.pending_explore.add((power, territory))
            self._checks = None
        else:
            self.pending_explore.discard((power, territory))
        return self.edit(power, OrderChange(territory, kind, target), lang)

    def set_landing(self, power: str, target: str | None, lang: str = "en") -> bool:
        """``power`` lands on ``target`` (None or "" for no landing)."""
        return self.edit(power, LandingChange(target or None), lang)

    def relation(self, declarer: str, toward: str) -> Relation:
        """The relation written on ``declarer``'s sheet toward ``toward`` (alliance if none)."""
        return self.sheet(declarer).relation(toward)

    def set_relation(
        self, declarer: str, toward: str, relation: Relation, lang: str = "en"
    ) -> bool:
        """``declarer`` declares ``relation`` toward ``toward`` (a power declares nothing toward
        itself: ``ValueError``)."""
        return self.edit(declarer, RelationChange(toward, Relation(relation)), lang)

    def combined_text(self) -> str:
        """All drafts as one typed text, each under its header (headers inside boxes disarmed)."""
        parts = []
        for power in self.powers:
            body, _ = self.box_text(power)
            parts.append(f"[{power}]\n{body}".rstrip() + "\n")
        return "\n".join(parts)

    def checks(self, lang: str) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        if self._checks is not None:
            return self._checks
        out: list[Check] = []
        if not self.state.game_over:
            voids: list[VoidOrder] = []
            for power in self.powers:
                length = self.too_long(power)
                if length:
                    text = local_text("sheet_too_long", lang, length=length, limit=MAX_SHEET_CHARS)
                    out.append(Check(power, "void", text))
                    continue
                voids.extend(self.parse(power).errors)
                for header in self.box_text(power)[1]:
                    out.append(Check(power, "void", t("misplaced_header", lang, header=header)))
            after = execute_orders(self.state, self.board, self.sheets())
            voids.extend(after.void_orders)
            for void in voids:
                known = void.power if void.power in self.powers else ""
                text = t("void_order", lang, order=void.order_text, reason=void.text(lang))
                out.append(Check(known, "void", text))
            for power in self.powers:
                ordered = {o.source for o in self.sheet(power).orders}
                for territory in presences_of(self.state, power):
                    if territory not in ordered:
                        text = t("no_order", lang, territory=territory)
                        out.append(Check(power, "no_order", text, territory))
        self._checks = out
        return out

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        if self.state.game_over:
            return None
        return execute_orders(self.state, self.board, self.sheets())

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return relations_from_sheets(self.sheets(), self.powers)

    def relang(self, old: str, new: str) -> None:
        """Rewrite the drafts in ``new``'s keywords, only where every line is one the menus
        write in ``old``: text a person typed (comments, own wording) is kept as typed."""
        for power in list(self.texts):
            sheet = self.sheet(power)
            written = dict(
                zip(
                    self.body(sheet, old).splitlines(),
                    self.body(sheet, new).splitlines(),
                    strict=True,
                )
            )
            lines = self.texts[power].splitlines()
            if all(line in written for line in lines if line.strip()):
                text = "\n".join(written.get(line, line) for line in lines)
                self.texts[power] = text + "\n" if text else text
        self._parsed = {}
        self._checks = None


def sheets_too_long(texts: Mapping[str, str]) -> int:
    """The length of every box's text together, under its header, when the core would refuse
    to read it whole (over :data:`~tabletop.games.africa1880.notation.MAX_SHEET_CHARS`), else 0.

    >>> sheets_too_long({"France": "Algeria: develop"}), sheets_too_long({"France": "a" * 70_000})
    (0, 70011)
    """
    length = sum(len(f"[{power}]\n{text}\n\n") for power, text in texts.items())
    return length if length > MAX_SHEET_CHARS else 0
