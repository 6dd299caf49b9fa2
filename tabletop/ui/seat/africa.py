"""An Africa 1880 seat on a phone: its power's order sheet, its relations, the public map.

The sheet is the dashboard's own editor (:class:`~tabletop.ui.africa1880.sheet_editor.SheetEditor`,
the same legal-only menus and live checks), driven by :class:`SeatSheetModel`, which holds this
one power's draft only. The seat's kernel reads the public position (the game's state and its
history, revealed when each round was resolved) and its own seat's row: never another seat's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.instructions import table_instructions
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.report_text import instruction_text
from tabletop.games.africa1880.state import GameState
from tabletop.store.seat_errors import SealRefused, SeatError
from tabletop.ui.africa1880.choices import kind_key_labels, kind_keys_in
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.html import local_text, power_html, slug
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.africa1880.session import replay
from tabletop.ui.africa1880.sheet_editor import Filling, Shared, SheetEditor, SheetText
from tabletop.ui.africa1880.texts import power_name, t
from tabletop.ui.seat.common import clock_time, tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.order_keys import OrderKeys, order_keys_hint

if TYPE_CHECKING:
    from tabletop.ui.africa1880.map.view import AfricaMapView
    from tabletop.ui.seat.page import SeatPage

__all__ = ["AfricaSeat", "SealButton", "SeatSheetModel", "own_results_html", "sheet_body"]


def sheet_body(sealed: str | None, power: str) -> str:
    """A sealed sheet as the seat's box shows it: without its own ``[Power]`` header.

    >>> sheet_body("[France]\\nAlgeria: develop\\n", "France")
    'Algeria: develop\\n'
    """
    if not sealed:
        return ""
    first, _, rest = sealed.partition("\n")
    return rest if first.strip() == f"[{power}]" else sealed


class SeatSheetModel:
    """One power's draft sheet, with the intents the dashboard's sheet editor sends.

    Only ``power``'s sheet is written; the other powers' boxes stay empty (they are never known
    here). ``on_change()`` is called after every change of the draft, ``on_say(text, kind)``
    for a message.
    """

    def __init__(
        self,
        state: GameState,
        board: Board,
        power: str,
        lang: str,
        text: str,
        on_change: Callable[[], None],
        on_say: Callable[[str, str], None],
    ) -> None:
        self.state = state
        self.board = board
        self.power = power
        self.lang = lang
        self.on_change = on_change
        self.on_say = on_say
        self._drafts = Drafts(board, state, lang, {power: text} if text.strip() else None)

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    @property
    def drafts(self) -> dict[str, str]:
        return self._drafts.texts

    def text(self) -> str:
        """The draft as it will be sealed (a header typed inside the box disarmed)."""
        return self._drafts.box_text(self.power)[0]

    def say(self, text: str, kind: str = "ok") -> None:
        self.on_say(text, kind)

    def _mine(self, power: str) -> None:
        if power != self.power:
            raise ValueError(f"this seat writes {self.power}'s sheet only")

    def _too_long(self) -> bool:
        """Whether the draft is over the size limit: a tap then changes nothing (the text stays
        whole in the box) and the page says why."""
        length = self._drafts.too_long(self.power)
        if length:
            words = local_text("sheet_too_long", self.lang, length=length, limit=MAX_SHEET_CHARS)
            self.say(words, "error")
        return bool(length)

    def _changed(self, changed: bool) -> None:
        if changed:
            self.on_change()

    def sheet(self, power: str) -> OrderSheet:
        return self._drafts.sheet(power)

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        return self._drafts.order_of(power, territory)

    def set_sheet_text(self, power: str, text: str) -> None:
        self._mine(power)
        self._changed(self._drafts.set_text(power, text))

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        self._mine(power)
        if self._too_long():
            return
        changed = self._drafts.set_order(power, territory, kind, target, self.lang)
        self._changed(changed or (kind == "explore" and not target))

    def set_landing(self, power: str, target: str | None) -> None:
        self._mine(power)
        if self._too_long():
            return
        self._changed(self._drafts.set_landing(power, target, self.lang))

    def relation(self, declarer: str, toward: str) -> Relation:
        return self._drafts.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: Relation) -> None:
        self._mine(declarer)
        if self._too_long():
            return
        self._changed(self._drafts.set_relation(declarer, toward, relation, self.lang))

    def checks_for(self, power: str) -> list[Check]:
        return [c for c in self._drafts.checks(self.lang) if c.power == power]

    def new_position(self, state: GameState, board: Board, text: str) -> None:
        """The next round: this power's draft ``text`` on the new position."""
        self.state = state
        self.board = board
        self._drafts = Drafts(board, state, self.lang, {self.power: text} if text.strip() else None)


def own_results_html(
    report: Report,
    power: str,
    lang: str,
    board: Board | None,
    territories: frozenset[str] = frozenset(),
) -> str:
    """The lines of the round's report that concern ``power`` (its presences placed or removed,
    its colonies, the pins added where it was present: ``territories``), highlighted."""
    lines = [
        instruction_text(item, lang, board)
        for item in table_instructions(report)
        if item.power == power
        or power in item.powers
        or (item.power is None and item.territory in territories)
    ]
    voids = [v for v in report.void_orders if v.power == power]
    title = tr(lang).gettext("Your results ({power})", power=power_name(power, lang))
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    items += "".join(
        f'<li class="tt-msg-error">⚠ <code>{esc(v.order_text)}</code> — {esc(v.text(lang))}</li>'
        for v in voids
    )
    if not items:
        items = f"<li><i>{esc(tr(lang).gettext('Nothing changed for you this round.'))}</i></li>"
    return f'<div class="tt-own-results"><b>★ {esc(title)}</b><ul>{items}</ul></div>'


class SealButton(widgets.ToggleButton):  # type: ignore[misc]
    """*Seal my orders*: a tap flips its value in the browser, and a browser-side link copies it
    onto the sheet box's ``seal_request`` (:class:`~tabletop.ui.africa1880.sheet_editor.SheetText`).
    The request thus reaches the kernel with, or after, the box's last text, never before it.
    """

    value: bool
    text: SheetText

    def attach(self, text: SheetText) -> None:
        """Link this button to the sheet box ``text`` (once its widgets are built)."""
        self.text = text
        self.link = widgets.jsdlink((self, "value"), (text, "seal_request"))

    def click(self) -> None:
        """A tap, as the browser makes it (for a page driven without a browser)."""
        self.value = not self.value
        self.text.seal_request = self.value


class AfricaSeat(widgets.VBox):
    """The seat page's body for an Africa power (rebuilt at every new round)."""

    def __init__(self, page: SeatPage, view: dict[str, Any], game: Game, draft: str | None) -> None:
        super().__init__()
        self.add_class("tt-africa-seat")
        self.page = page
        self.lang = page.lang
        self.power = str(view["seat"])
        self.game = game
        assert game.board is not None
        self.board: Board = game.board
        self.filling = Filling()
        self.shared = Shared()
        self.view = view
        self.sealed_text: str | None = view.get("own_sheet")
        self.sealed_at = page.sealed_at
        text = draft if draft is not None else sheet_body(self.sealed_text, self.power)
        self.controller = SeatSheetModel(
            game.state, self.board, self.power, self.lang, text, self._draft_changed, self.say
        )
        self.heading = widgets.HTML()
        self.heading.add_class("tt-seat-heading")
        self.results = widgets.HTML()
        self.results.add_class("tt-seat-results")
        self.state_line = widgets.HTML()
        self.state_line.add_class("tt-sealed-state")
        self.message = widgets.HTML()
        self.message.add_class("tt-seat-message")
        self.editor = SheetEditor(
            self.controller,  # type: ignore[arg-type]
            self.power,
            self.shared,
            self.filling,
        )
        self.relations = widgets.VBox()
        self.relations.add_class("tt-relations")
        self.relation_buttons: dict[str, widgets.Button] = {}
        _ = tr(self.lang).gettext
        self.seal_button = SealButton(
            description=_("Seal my orders"), button_style="primary", layout={"width": "100%"}
        )
        self.seal_button.add_class("tt-seal")
        # A desktop's keys for the sheet's menus; Enter from the landing goes to Seal.
        self.order_keys = OrderKeys(kind_key_labels(), ".tt-seal")
        self.keys_hint = widgets.HTML(order_keys_hint(self.lang, kind_keys_in(self.lang)))
        self.keys_hint.add_class("tt-order-keys-line")
        self.map_view: AfricaMapView | None = None
        self.map_report: Report | None = None
        # The board is drawn when the player asks for it: the physical board is on the table,
        # and the canvas (numpy and Pillow with it) would double the phone page's kernel.
        self.map_button = widgets.ToggleButton(
            description=_("Show the board"), value=False, layout={"width": "100%"}
        )
        self.map_button.add_class("tt-show-map")
        self.map_button.observe(lambda _change: self._show_map(), names="value")
        self.map_heading = widgets.HTML("<h3>" + esc(_("The board now")) + "</h3>")
        self.map_box = widgets.VBox([self.map_button])
        self.map_box.add_class("tt-seat-map")
        self._build()
        self.seal_button.attach(self.editor.text)
        self.editor.text.observe(lambda _change: self.seal(), names="seal_request")

    def new_round(self, view: dict[str, Any], game: Game, draft: str | None) -> None:
        """The next round on the widgets already shown: only their values change, so a phone
        shows it as soon as the messages arrive (building the page anew took the browser
        seconds: about 130 widget views and a map canvas)."""
        assert game.board is not None
        self.view = view
        self.game = game
        self.board = game.board
        self.sealed_text = view.get("own_sheet")
        self.sealed_at = self.page.sealed_at
        text = draft if draft is not None else sheet_body(self.sealed_text, self.power)
        self.controller.new_position(game.state, self.board, text)
        self.message.value = ""
        with self.filling.during():
            self.editor.rebuild()
        self._build()

    # ----------------------------------------------------------------- building
    def _build(self) -> None:
        _ = tr(self.lang).gettext
        state = self.game.state
        self.heading.value = (
            f"<h2>{power_html(self.power, self.lang)}</h2>"
            + "<b>"
            + esc(_("Round {round} — {year}", round=state.round, year=state.year))
            + "</b>"
        )
        report = replay(self.game, self.board, len(self.game.history) - 1)
        if report is not None:
            self.results.value = (
                own_results_html(
                    report,
                    self.power,
                    self.lang,
                    self.board,
                    frozenset(self.game.history[-1].state.presences.get(self.power, ())),
                )
                + "<details><summary>"
                + esc(_("Table instructions of the last round"))
                + "</summary>"
                + report_html(report, self.lang, "power", self.board)
                + "</details>"
            )
        else:
            self.results.value = ""
        self.editor.activate()
        others = [other for other in state.powers if other != self.power]
        if list(self.relation_buttons) != others:  # the same powers every round of a game
            self._relation_buttons(others)
        self.map_report = report
        if self.map_button.value:
            self._show_map()
        parts: tuple[widgets.Widget, ...]
        if state.game_over:
            parts = (
                self.heading,
                self.results,
                widgets.HTML(f"<h3>{esc(t('game_over_resolve', self.lang))}</h3>"),
                self.map_box,
            )
        else:
            parts = (
                self.heading,
                self.results,
                self.state_line,
                self.keys_hint,
                self.editor,
                self.relations,
                self.seal_button,
                self.message,
                self.map_box,
                self.order_keys,
            )
        self.children = parts
        self._sync()

    def _show_map(self) -> None:
        """Draw the board now (or hide it), at the dashboard's size, whose layout ships
        ready-made (another size would be placed anew: seconds of CPU); the page scales it to
        the phone and offers zoom."""
        _ = tr(self.lang).gettext
        if not self.map_button.value:
            self.map_button.description = _("Show the board")
            self.map_box.children = (self.map_button,)
            return
        # Here only: the map's drawing code and canvas (see __init__).
        from tabletop.games.africa1880.geometry import load_geometry
        from tabletop.ui.africa1880.map.changes import changes_from_report
        from tabletop.ui.africa1880.map.layout import build_map_model
        from tabletop.ui.africa1880.map.view import AfricaMapView

        geometry = load_geometry(self.board)
        model = build_map_model(
            self.board,
            geometry,
            self.game.state,
            changes_from_report(self.map_report),
            self.lang,
        )
        if self.map_view is None:
            self.map_view = AfricaMapView(model)
        else:
            self.map_view.set_model(model)  # redrawn on the canvas already shown
        self.map_button.description = _("Hide the board")
        self.map_box.children = (
            self.map_button,
            self.map_heading,
            self.map_view,
        )

    def _relation_buttons(self, others: list[str]) -> None:
        _ = tr(self.lang).gettext
        buttons = []
        self.relation_buttons = {}
        for other in others:
            button = widgets.Button(layout={"width": "100%", "flex": "1 1 100%"})
            button.add_class("tt-rel")
            button.add_class(f"tt-rel-{slug(self.power)}-{slug(other)}")
            button.on_click(self._toggle(other))
            self.relation_buttons[other] = button
            buttons.append(button)
        title = widgets.HTML(
            "<h3>"
            + esc(_("Your relations"))
            + "</h3><small>"
            + esc(_("Tap a power to switch between alliance and war."))
            + "</small>"
        )
        self.relations.children = (
            title,
            widgets.HBox(buttons, layout={"flex_flow": "row wrap", "width": "100%"}),
        )

    def _toggle(self, other: str) -> Callable[[Any], None]:
        def handler(_button: Any) -> None:
            now = self.controller.relation(self.power, other)
            flipped = Relation.ALLIANCE if now is Relation.WAR else Relation.WAR
            self.controller.set_relation(self.power, other, flipped)

        return handler

    # ----------------------------------------------------------------- syncing
    def _sync(self) -> None:
        with self.filling.during():
            self.editor.sync()
        for other, button in self.relation_buttons.items():
            relation = self.controller.relation(self.power, other)
            war = relation is Relation.WAR
            # The word only here, where the button shows it.
            button.description = f"{power_name(other, self.lang)}: {t(relation.value, self.lang)}"
            button.style = self.shared.war_style if war else self.shared.alliance_style
            button.remove_class("tt-rel-alliance" if war else "tt-rel-war")
            button.add_class("tt-rel-war" if war else "tt-rel-alliance")
        self._state_line()

    def _state_line(self) -> None:
        _ = tr(self.lang).gettext
        if self.sealed_text is None:
            text = _("Not sealed yet: your orders are a draft, kept on this table only.")
            self.state_line.value = f'<span class="tt-status-waiting">✎ {esc(text)}</span>'
            return
        when = clock_time(self.sealed_at)
        said = _("Sealed at {time}", time=when) if when else _("Sealed")
        if sheet_body(self.sealed_text, self.power).strip() != self.controller.text().strip():
            more = _("changed since: seal again to replace it")
            self.state_line.value = (
                f'<span class="tt-status-waiting">🔒 {esc(said)} — {esc(more)}</span>'
            )
        else:
            more = _("you may still change it until the round is resolved")
            self.state_line.value = (
                f'<span class="tt-status-sealed">🔒 {esc(said)}</span> <small>({esc(more)})</small>'
            )

    def _draft_changed(self) -> None:
        self._sync()
        self.page.keep_draft(self.controller.text())

    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<span class="tt-msg-{kind}">{esc(text)}</span>'

    # ----------------------------------------------------------------- sealing
    def seal(self) -> None:
        """Seal the text the box shows as this seat's sheet (again: replaces it)."""
        _ = tr(self.lang).gettext
        self.controller.set_sheet_text(self.power, self.editor.text.value)
        text = self.controller.text()
        try:
            receipt = self.page.seal(text)
        except SealRefused as error:
            self.say(str(error), "error")
            return
        except SeatError as error:
            self.page.refuse(str(error))
            return
        self.sealed_text = f"[{self.power}]\n{text}"
        self.sealed_at = self.page.sealed_at = receipt.sealed_at
        self.say(_("Sealed at {time}", time=clock_time(receipt.sealed_at)), "ok")
        self.page.sealed()
        self._state_line()

    def seen(self, view: dict[str, Any], sealed_at: Any) -> None:
        """The same round, seen again (a seal from another device of this seat)."""
        own = view.get("own_sheet")
        if own != self.sealed_text:
            self.sealed_text = own
        self.sealed_at = sealed_at
        self._state_line()

    def close_seat(self) -> None:
        pass
