"""The typed order sheets of a position: what the menus, the text boxes and the diplomacy grid
read and write.

:class:`DraftSheets` holds the drafts (:class:`~tabletop.ui.africa1880.drafts.Drafts`) of the
position its owner shows and turns each intent into a change of them; it is given what it needs
(the game shown, the page's language, a way to say "the drafts changed", where the sheets are
kept and how to say a refusal), never its owner. The page's controller holds one and offers its
intents under the same names (a seat page's own model does too). The legal choices come from
:mod:`~tabletop.ui.africa1880.choices` (the rules core).

:class:`SheetIntents` offers the same intents to a model that *is* a set of sheets (the scratch
sheets of the what-if and of a correction), by forwarding each one to a :class:`DraftSheets`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.execution import AfterOrders
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation, Relations
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880 import choices
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.game_link import Refused

__all__ = ["DraftSheets", "SheetIntents", "SheetKeeper"]


class SheetKeeper(Protocol):
    """Where typed sheets are kept (:class:`~tabletop.ui.africa1880.kept_sheets.KeptSheets`,
    or nowhere for a scratch model)."""

    def touch(self) -> None: ...

    def write(self, round_: int, texts: Mapping[str, str], /) -> None: ...


class DraftSheets:
    """The draft sheets of the position shown: intents, reads, checks, menus, kept copies."""

    def __init__(
        self,
        drafts: Drafts,
        *,
        game: Callable[[], Game],
        lang: Callable[[], str],
        changed: Callable[[], None],
        keeper: SheetKeeper,
        say_refused: Callable[[Refused], None],
    ) -> None:
        """``game`` and ``lang`` read the game shown and the page's language now; ``changed``
        says that the drafts changed (the widgets follow); ``keeper`` keeps the typed sheets."""
        self.drafts = drafts
        self._game = game
        self._lang = lang
        self._changed = changed
        self.keeper = keeper
        self._say_refused = say_refused

    # ----------------------------------------------------------------- state access
    @property
    def board(self) -> Board:
        return self._game().board  # type: ignore[return-value]

    @property
    def state(self) -> GameState:
        """The current position (the round to be played next)."""
        return self._game().state

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    @property
    def texts(self) -> dict[str, str]:
        """Every power's draft sheet as typed text (without its header)."""
        return self.drafts.texts

    # ----------------------------------------------------------------- drafts
    def reset(self, texts: Mapping[str, str] | None = None) -> None:
        """Fresh drafts: empty sheets, or the bodies found in ``texts`` (after an undo)."""
        self.drafts = Drafts(self.board, self.state, self._lang(), texts)
        self._changed()

    def relang(self, old: str, new: str) -> None:
        """The page's language changed from ``old`` to ``new``."""
        self.drafts.relang(old, new)
        self._changed()

    def _written(self, changed: bool) -> None:
        if changed:
            self._changed()
            self.keeper.touch()

    def _check_power(self, power: str) -> None:
        if power not in self.powers:
            raise ValueError(f"{power} does not play in this game")

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self.drafts.sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return self.drafts.sheets()

    def combined_text(self) -> str:
        """Every draft sheet under its header: the typed text Resolve would read."""
        return self.drafts.combined_text()

    def set_sheet_text(self, power: str, text: str) -> None:
        """Intent: the person typed ``text`` in ``power``'s box (the widgets follow)."""
        self._check_power(power)
        self._written(self.drafts.set_text(power, text))

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``."""
        return self.drafts.order_of(power, territory)

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        """Intent: the order for ``power``'s presence in ``territory`` (kind "" removes it)."""
        self._check_power(power)
        self._written(self.drafts.set_order(power, territory, kind, target, self._lang()))
        if kind == "explore" and not target:
            self._changed()  # the menu shows "explore" without a written order

    def set_landing(self, power: str, target: str | None) -> None:
        """Intent: ``power`` lands on ``target`` (None or "" for no landing)."""
        self._check_power(power)
        self._written(self.drafts.set_landing(power, target, self._lang()))

    def relation(self, declarer: str, toward: str) -> Relation:
        """ "war" or "alliance" as written on ``declarer``'s sheet toward ``toward``."""
        return self.drafts.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: Relation | str) -> None:
        """Intent: ``declarer`` declares ``relation`` ("war"/"alliance") toward ``toward``."""
        self._check_power(declarer)
        self._check_power(toward)
        if declarer == toward:
            raise ValueError("a power declares no relation toward itself")
        self._written(self.drafts.set_relation(declarer, toward, Relation(relation), self._lang()))

    # ----------------------------------------------------------------- menus and checks
    def presences_of(self, power: str) -> list[str]:
        """``power``'s presences, in alphabetical order."""
        return choices.presences_of(self.state, power)

    def explore_targets(self, territory: str) -> list[str]:
        """Exploration targets from ``territory``: its neighbours that are not colonies."""
        return choices.explore_targets(self.board, self.state, territory)

    def landing_targets(self) -> list[str]:
        """Coastal territories empty of any presence at the start of the round."""
        return choices.landing_targets(self.board, self.state)

    def checks(self) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        return self.drafts.checks(self._lang())

    def checks_for(self, power: str) -> list[Check]:
        """The live checks of one power's sheet."""
        return [c for c in self.checks() if c.power == power]

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        return self.drafts.after_orders()

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return self.drafts.declared_relations()

    def flush(self) -> None:
        """Write the sheets changed since the last write (one entry per changed sheet)."""
        try:
            self.keeper.write(self.state.round, self.texts)
        except Refused as refusal:
            self._say_refused(refusal)


class SheetIntents:
    """The intents of :class:`DraftSheets`, for a model that is itself a set of sheets.

    Setting ``_drafts`` (a :class:`~tabletop.ui.africa1880.drafts.Drafts`) puts fresh
    :class:`DraftSheets` under the model; every intent is theirs.
    """

    if TYPE_CHECKING:  # provided by the model
        game: Game
        lang: str
        drafts_revision: int
        kept: SheetKeeper

        def say_refused(self, refusal: Refused) -> None: ...

    _book: DraftSheets

    @property
    def _drafts(self) -> Drafts:
        return self._book.drafts

    @_drafts.setter
    def _drafts(self, drafts: Drafts) -> None:
        self._book = DraftSheets(
            drafts,
            game=lambda: self.game,
            lang=lambda: self.lang,
            changed=self._bump_drafts,
            keeper=self.kept,
            say_refused=self.say_refused,
        )

    def _bump_drafts(self) -> None:
        self.drafts_revision += 1

    @property
    def state(self) -> GameState:
        """The current position (the round to be played next)."""
        return self.game.state

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    @property
    def drafts(self) -> dict[str, str]:
        """Every power's draft sheet as typed text (without its header)."""
        return self._book.texts

    def reset_drafts(self, texts: Mapping[str, str] | None = None) -> None:
        self._book.reset(texts)

    def sheet(self, power: str) -> OrderSheet:
        return self._book.sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        return self._book.sheets()

    def set_sheet_text(self, power: str, text: str) -> None:
        self._book.set_sheet_text(power, text)

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        return self._book.order_of(power, territory)

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        self._book.set_order(power, territory, kind, target)

    def set_landing(self, power: str, target: str | None) -> None:
        self._book.set_landing(power, target)

    def relation(self, declarer: str, toward: str) -> Relation:
        return self._book.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: Relation | str) -> None:
        self._book.set_relation(declarer, toward, relation)

    def presences_of(self, power: str) -> list[str]:
        return self._book.presences_of(power)

    def explore_targets(self, territory: str) -> list[str]:
        return self._book.explore_targets(territory)

    def landing_targets(self) -> list[str]:
        return self._book.landing_targets()

    def checks(self) -> list[Check]:
        return self._book.checks()

    def checks_for(self, power: str) -> list[Check]:
        return self._book.checks_for(power)

    def after_orders(self) -> AfterOrders | None:
        return self._book.after_orders()

    def declared_relations(self) -> Relations:
        return self._book.declared_relations()

    def flush_drafts(self) -> None:
        self._book.flush()
