"""Correct the sheets of a round already resolved, replay every later round, say what changed.

At a table someone finds in 1895 that a sheet of 1885 was typed wrong. :func:`amend` takes the
corrected sheets of that round, resolves it again from the state before it, then replays every
later round with the sheets recorded for it (``HistoryEntry.sheets_text``), and returns an
:class:`Amendment`: round by round what the new line does differently from the old one
(removals, new presences, pins, colonies: items added and items gone, in the same shapes as a
round's report), the later orders that became void because of the change, the scores before and
after, and the amended game. Nothing here changes the game it is given.

The old reports compared against are computed again from the recorded states and sheets, so a
difference is always one of the rules and never of a report written by an older program.

If the new line ends the game earlier (the 21st colony founded sooner), the rounds after the end
are not played: everything they did is *gone* and each of their orders is listed as void with the
code :data:`GAME_ENDED`.

Keeping the old branch in a game file: :meth:`Amendment.recorded` is the amended game whose
amended round carries, in its report, an ``"amendment"`` record holding the replaced sheets,
report, later rounds and final state (the game file schema leaves a report's keys open).
:func:`undo_amendment` puts that branch back exactly. In the database the history is
append-only already, so the amended game is appended as it is (:attr:`Amendment.game`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.gamefile import Game, HistoryEntry
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_order
from tabletop.games.africa1880.orders import VoidOrder
from tabletop.games.africa1880.powers import POWER_ORDER, power_name
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import GameState, state_from_dict
from tabletop.i18n import format_list, translator

__all__ = [
    "AMENDMENT_KEY",
    "CHANGE_KINDS",
    "GAME_ENDED",
    "Amendment",
    "AmendError",
    "AmendmentText",
    "RoundChange",
    "amend",
    "amendment_text",
    "find_round",
    "format_amendment",
    "latest_amendment",
    "undo_amendment",
]

#: The report key of an amended round that keeps the replaced branch (game files).
AMENDMENT_KEY = "amendment"
#: What a round's changes list, each as ``{"added": [...], "gone": [...]}`` report items.
CHANGE_KINDS = ("removals", "new_presences", "development", "colonies")
#: The code of an order whose round is no longer played (the game ended earlier).
GAME_ENDED = "game_ended"


class AmendError(ValueError):
    """A round that cannot be amended (not resolved yet, not a round of this game, ...)."""


@dataclass(frozen=True)
class RoundChange:
    """One round of the new line against the old: ``changes`` maps each of
    :data:`CHANGE_KINDS` to ``{"added": [...], "gone": [...]}`` (report items), ``now_void``
    lists the orders void now that were not before (``{"power", "order", "reason", "code"}``).
    ``played`` is false for a round the new line does not reach (the game ended before it)."""

    year: int
    changes: Mapping[str, Mapping[str, list[dict[str, Any]]]]
    now_void: tuple[dict[str, Any], ...]
    played: bool = True
    #: The void orders behind ``now_void`` (``None`` for a round not played), to say them in
    #: any language.
    voided: tuple[VoidOrder | None, ...] = field(default=(), compare=False, repr=False)

    @property
    def changed(self) -> bool:
        """True when this round does anything differently."""
        return bool(self.now_void) or any(
            side for kind in self.changes.values() for side in kind.values()
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.year,
            "changes": {
                kind: {"added": list(c["added"]), "gone": list(c["gone"])}
                for kind, c in self.changes.items()
            },
            "now_void": [dict(v) for v in self.now_void],
        }


@dataclass(frozen=True)
class Amendment:
    """The result of :func:`amend`: the old game (untouched), the amended one, and the changes."""

    year: int
    index: int
    rounds: tuple[RoundChange, ...]
    before: Game
    game: Game
    scores_before: Score
    scores_after: Score

    @property
    def changed(self) -> bool:
        """True when the amended line differs from the old one in any round or in the end."""
        return (
            any(r.changed for r in self.rounds)
            or self.game.state != self.before.state
            or len(self.game.history) != len(self.before.history)
        )

    @property
    def same_sheets(self) -> bool:
        """True when the amended round's sheets are exactly the recorded text."""
        return (
            self.game.history[self.index].sheets_text == self.before.history[self.index].sheets_text
        )

    def to_dict(self) -> dict[str, Any]:
        """The ``tabletop africa amend --json`` form."""
        return {
            "amended_round": self.year,
            "rounds": [r.to_dict() for r in self.rounds],
            "scores_before": self.scores_before.to_dict(),
            "scores_after": self.scores_after.to_dict(),
            "state": self.game.state.to_dict(),
        }

    def recorded(self) -> Game:
        """The amended game keeping the old branch in the amended round's report
        (:data:`AMENDMENT_KEY`), for a game file; :func:`undo_amendment` restores it."""
        old = self.before
        replaced = old.history[self.index]
        record = {
            "round": self.year,
            "rounds": len(self.game.history),
            "replaced": {
                "sheets_text": replaced.sheets_text,
                "report": None if replaced.report is None else _plain(replaced.report),
                "later": [entry.to_dict() for entry in old.history[self.index + 1 :]],
                "state": old.state.to_dict(),
            },
        }
        history = list(self.game.history)
        entry = history[self.index]
        report = dict(entry.report or {})
        report[AMENDMENT_KEY] = record
        history[self.index] = HistoryEntry(entry.state, entry.sheets_text, report)
        return Game(state=self.game.state, history=history, board=self.game.board, path=old.path)


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON copy (reports hold nested lists and dicts that must not be shared)."""
    copied: dict[str, Any] = json.loads(json.dumps(dict(data)))
    return copied


def find_round(game: Game, year: int) -> int:
    """The history index of the resolved round of ``year``; :class:`AmendError` otherwise."""
    for index, entry in enumerate(game.history):
        if entry.state.year == year:
            return index
    if year == game.state.year and not game.state.game_over:
        raise AmendError(
            f"round {year} is the current round, not resolved yet: resolve it instead of amending"
        )
    years = ", ".join(str(entry.state.year) for entry in game.history)
    if not years:
        raise AmendError(f"no round has been resolved in this game yet: {year} cannot be amended")
    raise AmendError(f"{year} is not a resolved round of this game (resolved: {years})")


def _key(item: Mapping[str, Any]) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _diff(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Items of ``new`` not in ``old`` (added) and of ``old`` not in ``new`` (gone), counted
    as multisets, each side in its own order."""
    old_left = Counter(_key(i) for i in old)
    new_left = Counter(_key(i) for i in new)
    added, gone = [], []
    for item in new:
        key = _key(item)
        if old_left[key]:
            old_left[key] -= 1
        else:
            added.append(dict(item))
    for item in old:
        key = _key(item)
        if new_left[key]:
            new_left[key] -= 1
        else:
            gone.append(dict(item))
    return {"added": added, "gone": gone}


def _void_key(item: Mapping[str, Any]) -> tuple[Any, ...]:
    return (item.get("power"), item.get("order"), str(item.get("code")))


def _now_void(old: Report | None, new: Report) -> list[tuple[dict[str, Any], VoidOrder]]:
    before = Counter(_void_key(v.to_dict()) for v in (old.void_orders if old else ()))
    out = []
    for void in new.void_orders:
        item = void.to_dict()
        item["code"] = str(item["code"])
        key = _void_key(item)
        if before[key]:
            before[key] -= 1
        else:
            out.append((item, void))
    return out


def _report_items(report: Report | None) -> dict[str, list[dict[str, Any]]]:
    if report is None:
        return {kind: [] for kind in CHANGE_KINDS}
    data = report.to_dict(include_state=False)
    return {kind: data[kind] for kind in CHANGE_KINDS}


def _resolve(state: GameState, board: Board, text: str) -> tuple[GameState, Report]:
    return resolve(state, board, parse_sheets(text, board, state.powers))


def _unplayed_orders(state: GameState, board: Board, text: str, ended: int) -> list[dict[str, str]]:
    """Every order of a round the new line no longer plays, as a void order."""
    parsed = parse_sheets(text, board, state.powers)
    reason = f"the game ended in {ended}: this round is not played"
    out = []
    for power, sheet in parsed.sheets.items():
        orders = [*sheet.orders, *((sheet.landing,) if sheet.landing else ())]
        for order in orders:
            out.append(
                {"power": power, "order": format_order(order), "reason": reason, "code": GAME_ENDED}
            )
    return out


def amend(game: Game, year: int, sheets: str) -> Amendment:
    """Resolve round ``year`` of ``game`` again with ``sheets`` and replay every later round.

    Raises :class:`AmendError` for a year that is not a resolved round and lets
    :class:`~tabletop.games.africa1880.notation.SheetTooLongError` through for oversized sheets.
    """
    board = game.board
    assert board is not None
    index = find_round(game, year)
    sheets = str(sheets)
    parse_sheets(sheets, board, game.history[index].state.powers)  # size check before any work
    history = list(game.history[:index])
    state = game.history[index].state
    rounds: list[RoundChange] = []
    ended: int | None = None
    for position, entry in enumerate(game.history[index:], start=index):
        text = sheets if position == index else entry.sheets_text
        _, old_report = _resolve(entry.state, board, entry.sheets_text)
        old_items = _report_items(old_report)
        if state.game_over:
            if ended is None:
                ended = state.year
            unplayed = _unplayed_orders(entry.state, board, entry.sheets_text, state.year)
            rounds.append(
                RoundChange(
                    entry.state.year,
                    {kind: {"added": [], "gone": list(old_items[kind])} for kind in CHANGE_KINDS},
                    tuple(unplayed),
                    played=False,
                    voided=(None,) * len(unplayed),
                )
            )
            continue
        new_state, new_report = _resolve(state, board, text)
        new_items = _report_items(new_report)
        void = _now_void(old_report, new_report)
        rounds.append(
            RoundChange(
                state.year,
                {kind: _diff(old_items[kind], new_items[kind]) for kind in CHANGE_KINDS},
                tuple(item for item, _ in void),
                voided=tuple(order for _, order in void),
            )
        )
        history.append(HistoryEntry(state, text, new_report.to_dict(include_state=False)))
        state = new_state
    amended = Game(state=state, history=history, board=board, path=game.path)
    return Amendment(
        year=year,
        index=index,
        rounds=tuple(rounds),
        before=game,
        game=amended,
        scores_before=score(game.state),
        scores_after=score(state),
    )


def latest_amendment(game: Game) -> int | None:
    """The history index of the last amendment recorded in ``game`` (or ``None``).

    Amending a round replays every later one with fresh reports, so the last amendment still
    in force is the one at the highest index."""
    for index in range(len(game.history) - 1, -1, -1):
        report = game.history[index].report
        if report is not None and isinstance(report.get(AMENDMENT_KEY), Mapping):
            return index
    return None


def _entries(raw: Iterable[Any], where: str) -> list[HistoryEntry]:
    out = []
    for number, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("state"), Mapping):
            raise AmendError(f"{where}[{number}] is not a history entry")
        report = item.get("report")
        out.append(
            HistoryEntry(
                state_from_dict(item["state"], f"{where}[{number}].state"),
                str(item.get("sheets_text", "")),
                report if isinstance(report, Mapping) else None,
            )
        )
    return out


def undo_amendment(game: Game) -> tuple[Game, int]:
    """The game as it was before its last recorded amendment, and the year amended.

    Refused (:class:`AmendError`) when there is none or when rounds were resolved or undone
    since (undo those first: the record describes the game as the amendment left it)."""
    index = latest_amendment(game)
    if index is None:
        raise AmendError("this game has no recorded amendment to undo")
    entry = game.history[index]
    assert entry.report is not None
    record = entry.report[AMENDMENT_KEY]
    year = record.get("round", entry.state.year)
    if record.get("rounds") != len(game.history):
        raise AmendError(
            f"rounds were resolved or taken back since {year} was amended: "
            "bring the game back to the rounds the amendment left first"
        )
    replaced = record.get("replaced")
    if not isinstance(replaced, Mapping) or not isinstance(replaced.get("state"), Mapping):
        raise AmendError(f"the amendment record of {year} is incomplete")
    try:
        report = replaced.get("report")
        restored = HistoryEntry(
            entry.state,
            str(replaced.get("sheets_text", "")),
            report if isinstance(report, Mapping) else None,
        )
        later = _entries(replaced.get("later", []), "amendment.replaced.later")
        state = state_from_dict(replaced["state"], "amendment.replaced.state")
    except ValueError as error:
        raise AmendError(f"the amendment record of {year} cannot be read: {error}") from None
    history = [*game.history[:index], restored, *later]
    return Game(state=state, history=history, board=game.board, path=game.path), int(year)


# ----------------------------------------------------------------------------- in words
def _item_line(kind: str, side: str, item: Mapping[str, Any], lang: str, board: Board) -> str:
    """One changed report item as a sentence of the amendment's summary."""
    tr = translator(lang)

    def where(name: str) -> str:
        return board.display_name(name, lang) if name in board else name

    if kind == "removals":
        values = {"power": power_name(item["power"], lang), "territory": where(item["territory"])}
        if side == "added":
            return tr.gettext("now removed: {power} in {territory}", **values)
        return tr.gettext("no longer removed: {power} in {territory}", **values)
    if kind == "new_presences":
        values = {"power": power_name(item["power"], lang), "territory": where(item["territory"])}
        if item.get("by") == "land":
            if side == "added":
                return tr.gettext("now lands: {power} in {territory}", **values)
            return tr.gettext("no longer lands: {power} in {territory}", **values)
        if side == "added":
            return tr.gettext("now explores: {power} into {territory}", **values)
        return tr.gettext("no longer explores: {power} into {territory}", **values)
    if kind == "development":
        values = {
            "territory": where(item["territory"]),
            "added": item["added"],
            "total": item["total"],
            "spaces": item["spaces"],
        }
        if side == "added":
            return tr.gettext("pins now added: {territory} +{added} ({total}/{spaces})", **values)
        return tr.gettext("pins no longer added: {territory} +{added} ({total}/{spaces})", **values)
    names = format_list((power_name(p, lang) for p in item.get("powers", ())), lang)
    values = {"territory": where(item["territory"]), "powers": names}
    if side == "added":
        return tr.gettext("colony now founded: {territory} ({powers})", **values)
    return tr.gettext("colony no longer founded: {territory} ({powers})", **values)


def _scores_line(score_: Score, lang: str) -> str:
    by_power = score_.by_power()
    key = "points" if score_.scoring == "points" else "colonies"
    return ", ".join(
        f"{power_name(p, lang)} {getattr(by_power[p], key)}"
        for p in sorted(by_power, key=lambda p: POWER_ORDER.get(p, 99))
    )


@dataclass(frozen=True)
class AmendmentText:
    """An amendment in words: its ``title``, per replayed round its heading and its items as
    ``(kind, sentence)`` (kind ``"change"`` or ``"void"``), and the lines of the scores."""

    title: str
    rounds: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    scores: tuple[str, ...]


def amendment_text(
    amendment: Amendment, lang: str = "en", board: Board | None = None
) -> AmendmentText:
    """The amendment's changes round by round, in words, in ``lang`` (for a page to lay out)."""
    tr = translator(lang)
    board = board or amendment.game.board
    assert board is not None
    title = tr.ngettext(
        "Round {year} amended: {n} round replayed.",
        "Round {year} amended: {n} rounds replayed.",
        len(amendment.rounds),
        year=amendment.year,
    )
    sections: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for change in amendment.rounds:
        if not change.played:
            head = tr.gettext(
                "{year}: not played any more (the game ends before it)", year=change.year
            )
        elif not change.changed:
            sections.append((tr.gettext("{year}: nothing changes", year=change.year), ()))
            continue
        else:
            head = tr.gettext("{year}:", year=change.year)
        items: list[tuple[str, str]] = []
        for kind in CHANGE_KINDS:
            for side in ("added", "gone"):
                for item in change.changes[kind][side]:
                    items.append(("change", _item_line(kind, side, item, lang, board)))
        for item, order in zip(change.now_void, change.voided, strict=True):
            reason = (
                order.text(lang, board)
                if order is not None
                else tr.gettext("the round is not played")
            )
            sentence = tr.gettext(
                "now void: [{power}] {order}: {reason}",
                power=power_name(item["power"], lang) if item["power"] else "?",
                order=item["order"],
                reason=reason,
            )
            items.append(("void", sentence))
        sections.append((head, tuple(items)))
    before = _scores_line(amendment.scores_before, lang)
    after = _scores_line(amendment.scores_after, lang)
    if before == after:
        scores: tuple[str, ...] = (tr.gettext("Scores unchanged: {scores}", scores=after),)
    else:
        scores = (
            tr.gettext("Scores before: {scores}", scores=before),
            tr.gettext("Scores after: {scores}", scores=after),
        )
    return AmendmentText(title, tuple(sections), scores)


def format_amendment(amendment: Amendment, lang: str = "en", board: Board | None = None) -> str:
    """The amendment's changes round by round, in words, in ``lang``."""
    words = amendment_text(amendment, lang, board)
    lines = [words.title]
    for head, items in words.rounds:
        lines.append("")
        lines.append(head)
        lines.extend("  " + sentence for _, sentence in items)
    lines.append("")
    lines.extend(words.scores)
    return "\n".join(lines) + "\n"
