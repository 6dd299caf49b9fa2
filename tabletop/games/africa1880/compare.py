"""What if: resolve the current round with two versions of the sheets and keep only the differences.

:func:`compare` resolves the round of ``state`` with sheets *A* (what was written) and sheets *B*
(the alternative: one relation or one order changed, a best response, ...) and returns a
:class:`Comparison`: how the two versions of the sheets differ, the report items found on one side
only (removals, new presences, pins, colonies, void orders, in the shapes of a round's report),
the territories concerned (for a map to highlight) and the scores that differ.
:func:`comparison_sentences` says it in words in any language with a catalog: "If Germany had
allied with France, France would keep its presence in Togo."

Nothing here writes a game; the two resolutions are the adjudicator's, so the differences are
exactly those of the rules.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.notation import ParseResult, parse_sheets
from tabletop.games.africa1880.notation_format import format_order
from tabletop.games.africa1880.orders import Hold, OrderSheet, VoidOrder
from tabletop.games.africa1880.powers import POWER_ORDER, name_key, power_name
from tabletop.games.africa1880.relations import Relation
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import GameState
from tabletop.i18n import format_list, translator

__all__ = ["COMPARED_KINDS", "Comparison", "compare", "comparison_sentences"]

#: The report lists compared, each as ``{"only_a": [...], "only_b": [...]}``.
COMPARED_KINDS = ("removals", "new_presences", "development", "colonies", "void_orders")

#: Above this many changed lines on the sheets the condition is said as "the other sheets".
MAX_CLAUSES = 3


@dataclass(frozen=True)
class Comparison:
    """Two resolutions of one round: ``a`` (the sheets written) and ``b`` (the alternative)."""

    state: GameState
    board: Board
    parsed_a: ParseResult
    parsed_b: ParseResult
    report_a: Report
    report_b: Report
    sheet_differences: tuple[dict[str, Any], ...]
    differences: Mapping[str, Mapping[str, list[dict[str, Any]]]]
    score_a: Score = field(repr=False)
    score_b: Score = field(repr=False)
    #: The positions after the round with each version (for a map of the what-if).
    after_a: GameState | None = field(default=None, repr=False, compare=False)
    after_b: GameState | None = field(default=None, repr=False, compare=False)

    @property
    def same(self) -> bool:
        """True when the two versions resolve the round identically (board, void orders and
        scores: alliances declared count in the points)."""
        return not self.score_differences() and not any(
            side for kind in self.differences.values() for side in kind.values()
        )

    @property
    def territories(self) -> tuple[str, ...]:
        """Every territory where the two resolutions differ (alphabetical)."""
        found = {
            item["territory"]
            for kind in ("removals", "new_presences", "development", "colonies")
            for side in self.differences[kind].values()
            for item in side
        }
        return tuple(sorted(found, key=lambda t: (name_key(t), t)))

    def score_differences(self) -> list[dict[str, Any]]:
        """``{"power", "a", "b"}`` for every power whose points (or colonies) differ."""
        key = "points" if self.score_a.scoring == "points" else "colonies"
        a, b = self.score_a.by_power(), self.score_b.by_power()
        return [
            {"power": p, "a": getattr(a[p], key), "b": getattr(b[p], key)}
            for p in self.state.powers
            if getattr(a[p], key) != getattr(b[p], key)
        ]

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The ``tabletop africa compare --json`` form; with ``lang``, the sentences too."""
        data: dict[str, Any] = {
            "round": self.state.year,
            "same": self.same,
            "sheet_differences": [dict(d) for d in self.sheet_differences],
            "differences": {
                kind: {"only_a": list(d["only_a"]), "only_b": list(d["only_b"])}
                for kind, d in self.differences.items()
            },
            "territories": list(self.territories),
            "score_differences": self.score_differences(),
        }
        if lang is not None:
            data["sentences"] = comparison_sentences(self, lang)
        return data


def _key(item: Mapping[str, Any]) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _void_item_key(item: Mapping[str, Any]) -> str:
    """A void order by what it means: its reason names the territories by their canonical
    names, whatever words the sheet was typed in (the order text is kept as typed)."""
    return _key({"power": item["power"], "code": item["code"], "reason": item["reason"]})


def _sides(
    a: Sequence[Mapping[str, Any]],
    b: Sequence[Mapping[str, Any]],
    key_of: Callable[[Mapping[str, Any]], str] = _key,
) -> dict[str, list[dict[str, Any]]]:
    """Items on one side only, counted as multisets, each side in its own order."""

    def only(
        first: Sequence[Mapping[str, Any]], second: Sequence[Mapping[str, Any]]
    ) -> list[dict[str, Any]]:
        left = Counter(key_of(i) for i in second)
        out: list[dict[str, Any]] = []
        for item in first:
            key = key_of(item)
            if left[key]:
                left[key] -= 1
            else:
                out.append(dict(item))
        return out

    return {"only_a": only(a, b), "only_b": only(b, a)}


def _items(report: Report) -> dict[str, list[dict[str, Any]]]:
    data = report.to_dict(include_state=False)
    out = {kind: data[kind] for kind in COMPARED_KINDS}
    # Reason codes as plain strings (the enum members are str subclasses).
    out["void_orders"] = [{**v, "code": str(v["code"])} for v in out["void_orders"]]
    return out


def _orders(sheet: OrderSheet | None) -> dict[str | None, str]:
    """Each presence's order (``None``: the landing); holding is the same as writing nothing.
    A second order for one presence is void, so the first one counts."""
    found: dict[str | None, str] = {}
    if sheet is None:
        return found
    for order in sheet.orders:
        if order.source not in found and not isinstance(order, Hold):
            found[order.source] = format_order(order)
        found.setdefault(order.source, "")
    if sheet.landing is not None:
        found[None] = format_order(sheet.landing)
    return {where: text for where, text in found.items() if text}


def _sheet_differences(state: GameState, a: ParseResult, b: ParseResult) -> list[dict[str, Any]]:
    """What the two versions of the sheets say differently: relations, then orders (one item
    per presence or landing whose order differs, ``None`` for holding or no landing)."""
    out: list[dict[str, Any]] = []
    for power in state.powers:
        sheet_a, sheet_b = a.sheets.get(power), b.sheets.get(power)
        for other in state.powers:
            if other == power:
                continue
            rel_a = sheet_a.relation(other) if sheet_a else Relation.ALLIANCE
            rel_b = sheet_b.relation(other) if sheet_b else Relation.ALLIANCE
            if rel_a != rel_b:
                out.append(
                    {
                        "power": power,
                        "kind": "relation",
                        "toward": other,
                        "a": str(rel_a),
                        "b": str(rel_b),
                    }
                )
    for power in state.powers:
        orders_a = _orders(a.sheets.get(power))
        orders_b = _orders(b.sheets.get(power))
        for where in [*orders_a, *(w for w in orders_b if w not in orders_a)]:
            if orders_a.get(where) != orders_b.get(where):
                out.append(
                    {
                        "power": power,
                        "kind": "order",
                        "territory": where,
                        "a": orders_a.get(where),
                        "b": orders_b.get(where),
                    }
                )
    return out


def compare(state: GameState, board: Board, sheets_a: str, sheets_b: str) -> Comparison:
    """Resolve the round of ``state`` with both typed versions of the sheets and compare.

    Raises :class:`~tabletop.games.africa1880.adjudicate.GameOverError` for a finished game and
    :class:`~tabletop.games.africa1880.notation.SheetTooLongError` for oversized sheets.
    """
    parsed_a = parse_sheets(sheets_a, board, state.powers)
    parsed_b = parse_sheets(sheets_b, board, state.powers)
    after_a, report_a = resolve(state, board, parsed_a)
    after_b, report_b = resolve(state, board, parsed_b)
    items_a, items_b = _items(report_a), _items(report_b)
    return Comparison(
        state=state,
        board=board,
        parsed_a=parsed_a,
        parsed_b=parsed_b,
        report_a=report_a,
        report_b=report_b,
        sheet_differences=tuple(_sheet_differences(state, parsed_a, parsed_b)),
        differences={
            kind: _sides(
                items_a[kind],
                items_b[kind],
                _void_item_key if kind == "void_orders" else _key,
            )
            for kind in COMPARED_KINDS
        },
        score_a=score(after_a),
        score_b=score(after_b),
        after_a=after_a,
        after_b=after_b,
    )


# ----------------------------------------------------------------------------- in words
def _condition(comparison: Comparison, lang: str) -> str:
    tr = translator(lang)
    clauses = []
    for diff in comparison.sheet_differences:
        power = power_name(diff["power"], lang)
        if diff["kind"] == "relation":
            other = power_name(diff["toward"], lang)
            if diff["b"] == "alliance":
                clauses.append(
                    tr.gettext("{power} had allied with {other}", power=power, other=other)
                )
            else:
                clauses.append(
                    tr.gettext("{power} had declared war on {other}", power=power, other=other)
                )
        elif diff["b"] is not None:
            clauses.append(
                tr.gettext("{power} had ordered “{order}”", power=power, order=diff["b"])
            )
        else:
            clauses.append(
                tr.gettext("{power} had not ordered “{order}”", power=power, order=diff["a"])
            )
    if not clauses:
        return tr.gettext("the sheets had been read as the other version")
    if len(clauses) > MAX_CLAUSES:
        return tr.ngettext(
            "the sheets had differed in {n} line",
            "the sheets had differed in {n} lines",
            len(clauses),
        )
    return format_list(clauses, lang)


def _consequences(comparison: Comparison, lang: str) -> list[str]:
    """What the change would do, in words: presences, pins and colonies, void orders, score."""
    return [
        *_presence_consequences(comparison, lang),
        *_board_consequences(comparison, lang),
        *_void_consequences(comparison, lang),
        *_score_consequences(comparison, lang),
    ]


def _where(comparison: Comparison, lang: str) -> Callable[[str], str]:
    board = comparison.board

    def where(name: str) -> str:
        return board.display_name(name, lang) if name in board else name

    return where


def _presence_consequences(comparison: Comparison, lang: str) -> list[str]:
    """Presences kept or lost in phase 4, placed or not in phase 3."""
    tr = translator(lang)
    diffs = comparison.differences
    where = _where(comparison, lang)
    out: list[str] = []
    for item in diffs["removals"]["only_a"]:
        out.append(
            tr.gettext(
                "{power} would keep its presence in {territory}",
                power=power_name(item["power"], lang),
                territory=where(item["territory"]),
            )
        )
    for item in diffs["removals"]["only_b"]:
        out.append(
            tr.gettext(
                "{power} would lose its presence in {territory}",
                power=power_name(item["power"], lang),
                territory=where(item["territory"]),
            )
        )
    for side, placed in (("only_b", True), ("only_a", False)):
        for item in diffs["new_presences"][side]:
            values = {
                "power": power_name(item["power"], lang),
                "territory": where(item["territory"]),
            }
            if item["by"] == "land":
                msg = (
                    tr.gettext("{power} would land in {territory}", **values)
                    if placed
                    else tr.gettext("{power} would not land in {territory}", **values)
                )
            else:
                msg = (
                    tr.gettext("{power} would explore {territory}", **values)
                    if placed
                    else tr.gettext("{power} would not explore {territory}", **values)
                )
            out.append(msg)
    return out


def _board_consequences(comparison: Comparison, lang: str) -> list[str]:
    """Pins added and colonies founded."""
    tr = translator(lang)
    diffs = comparison.differences
    where = _where(comparison, lang)
    out: list[str] = []
    pins_a = {d["territory"]: d["added"] for d in comparison.report_a.to_dict()["development"]}
    pins_b = {d["territory"]: d["added"] for d in comparison.report_b.to_dict()["development"]}
    for territory in sorted(set(pins_a) | set(pins_b), key=lambda t: (name_key(t), t)):
        a, b = pins_a.get(territory, 0), pins_b.get(territory, 0)
        if a != b:
            out.append(
                tr.ngettext(
                    "{territory} would get {n} pin instead of {a}",
                    "{territory} would get {n} pins instead of {a}",
                    b,
                    territory=where(territory),
                    a=a,
                )
            )
    for item in diffs["colonies"]["only_b"]:
        out.append(
            tr.gettext("{territory} would become a colony", territory=where(item["territory"]))
        )
    for item in diffs["colonies"]["only_a"]:
        out.append(
            tr.gettext("{territory} would not become a colony", territory=where(item["territory"]))
        )
    return out


def _void_consequences(comparison: Comparison, lang: str) -> list[str]:
    """Orders that would be void, or carried out, in version B."""
    tr = translator(lang)
    out: list[str] = []
    # Void orders differ on their own only where a power's sheet is the same in both versions
    # (otherwise the condition already says what changed on that sheet).
    changed_sheets = {d["power"] for d in comparison.sheet_differences if d["kind"] == "order"}
    void_b = [v for v in comparison.report_b.void_orders if v.power not in changed_sheets]
    void_a = [v for v in comparison.report_a.void_orders if v.power not in changed_sheets]
    keys_a = Counter(_void_key(v) for v in void_a)
    keys_b = Counter(_void_key(v) for v in void_b)
    for void in void_b:
        if keys_a[_void_key(void)]:
            keys_a[_void_key(void)] -= 1
            continue
        out.append(
            tr.gettext(
                "the order “{order}” of {power} would be void ({reason})",
                order=void.order_text,
                power=power_name(void.power, lang) if void.power else "?",
                reason=void.text(lang, comparison.board),
            )
        )
    for void in void_a:
        if keys_b[_void_key(void)]:
            keys_b[_void_key(void)] -= 1
            continue
        out.append(
            tr.gettext(
                "the order “{order}” of {power} would be carried out",
                order=void.order_text,
                power=power_name(void.power, lang) if void.power else "?",
            )
        )
    return out


def _score_consequences(comparison: Comparison, lang: str) -> list[str]:
    """Scores that would change."""
    tr = translator(lang)
    out: list[str] = []
    for row in sorted(comparison.score_differences(), key=lambda r: POWER_ORDER[r["power"]]):
        out.append(
            tr.ngettext(
                "{power} would score {n} point instead of {a}",
                "{power} would score {n} points instead of {a}",
                row["b"],
                power=power_name(row["power"], lang),
                a=row["a"],
            )
            if comparison.score_a.scoring == "points"
            else tr.ngettext(
                "{power} would have {n} colony instead of {a}",
                "{power} would have {n} colonies instead of {a}",
                row["b"],
                power=power_name(row["power"], lang),
                a=row["a"],
            )
        )
    return out


def _void_key(void: VoidOrder) -> tuple[Any, ...]:
    return (void.power, str(void.reason_code), str(void.reason))


def comparison_sentences(comparison: Comparison, lang: str = "en") -> list[str]:
    """The differences in words, one sentence each: "If <what B changes>, <what would happen>."

    None when the two versions resolve the round the same way (then one sentence says so)."""
    tr = translator(lang)
    consequences = _consequences(comparison, lang)
    if not consequences:
        return [tr.gettext("Both versions of the sheets give the same round.")]
    condition = _condition(comparison, lang)
    return [
        tr.gettext("If {condition}, {consequence}.", condition=condition, consequence=c)
        for c in consequences
    ]
