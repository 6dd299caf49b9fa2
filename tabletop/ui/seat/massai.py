"""A Massai seat on a phone: the public board as large squares to tap, and the secret to seal.

The board is built from the public position only (a pending setup is hidden there): this
kernel never holds the other player's secret. Squares are big buttons (a tap is a click on a
phone), row 1 (Player 1's bank) at the bottom as on the shared screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.massai import observe
from tabletop.games.massai.board import square_name
from tabletop.games.massai.legal import attackable_huts, guards_allowed
from tabletop.games.massai.state import Options, Phase, State
from tabletop.store.seat_errors import SealRefused, SeatError
from tabletop.ui.massai.board_words import BOARD_WORDS
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.seat.page import SeatPage

__all__ = ["MassaiSeat", "public_state"]

SETUP_SQUARES = 5
HUT = ("⌂", "▲")


def public_state(public: dict[str, Any]) -> State:
    """The public position as a :class:`State` (a hidden pending setup left out)."""
    return State(
        options=Options.from_json(public["options"]),
        huts=(frozenset(public["huts"][0]), frozenset(public["huts"][1])),
        to_move=int(public["to_move"]),
        phase=Phase(public["phase"]),
        winner=public.get("winner"),
        win_reason=public.get("win_reason"),
        pending_setup=None,
        turn=int(public.get("turn", 0)),
    )


def _coordinate(text: str) -> widgets.HTML:
    """A row's number or a column's letter beside the grid of squares."""
    label = widgets.HTML(f"<b>{esc(text)}</b>")
    label.add_class("tt-massai-coord")
    return label


class MassaiSeat(widgets.VBox):
    """The board and this player's secret (setup squares, attack target or guards)."""

    def __init__(self, page: SeatPage, view: dict[str, Any], draft: str | None) -> None:
        super().__init__()
        self.add_class("tt-massai-seat")
        self.page = page
        self.lang = page.lang
        self.view = view
        self.player = int(view["player"])
        self.state = public_state(view["public"])
        self.secret: str | None = view.get("secret")
        self.sealed_secret: str | None = view.get("own_secret")
        start = draft if draft is not None else (self.sealed_secret or "")
        self.selection: list[str] = [s for s in start.split() if s]
        self.squares: dict[str, widgets.Button] = {}
        _ = tr(self.lang).gettext
        self.heading = widgets.HTML()
        self.heading.add_class("tt-seat-heading")
        self.help = widgets.HTML()
        self.state_line = widgets.HTML()
        self.state_line.add_class("tt-sealed-state")
        self.message = widgets.HTML()
        self.message.add_class("tt-seat-message")
        self.grid = widgets.GridBox()
        self.grid.add_class("tt-massai-grid")
        self.seal_button = widgets.Button(
            description=_("Seal"), button_style="primary", layout={"width": "100%"}
        )
        self.seal_button.add_class("tt-seal")
        self.seal_button.on_click(lambda _b: self.seal())
        self._build()

    def new_round(self, view: dict[str, Any], draft: str | None) -> None:
        """The next action on the widgets already shown (only their values change, so a phone
        shows it at once)."""
        self.view = view
        self.state = public_state(view["public"])
        self.secret = view.get("secret")
        self.sealed_secret = view.get("own_secret")
        start = draft if draft is not None else (self.sealed_secret or "")
        self.selection = [s for s in start.split() if s]
        self.message.value = ""
        self._build()

    def arrived_said(self) -> str:
        """What the page's live region says when a resolution arrives: what was revealed in
        the words of the heading's "Last action" line ("Resolved: attack c3 guards -."), and
        the game's end as the help line says it; "" while no action is public."""
        last = self.view.get("last_action")
        if not last:
            return ""
        _ = tr(self.lang).gettext
        said = _("Resolved: {action}.", action=last)
        if self.state.phase is Phase.OVER:
            said += " " + _("The game is over.")
        return said

    def _build(self) -> None:
        _ = tr(self.lang).gettext
        name = _("Player {n}", n=self.player + 1)
        last = self.view.get("last_action")
        self.heading.value = f"<h2>{esc(name)} {HUT[self.player]}</h2>" + (
            "<small>" + esc(_("Last action: {action}", action=last)) + "</small>" if last else ""
        )
        board = self.state.board
        if len(self.squares) != board.rows * board.columns:  # built once: the board keeps its size
            self._squares()
        parts: list[widgets.Widget] = [self.heading, self.help, self.grid, self.state_line]
        if self.secret is not None:
            parts += [self.seal_button]
        parts.append(self.message)
        self.children = tuple(parts)
        self._sync()

    def _squares(self) -> None:
        board = self.state.board
        self.squares = {}
        # Coordinates as on the printed board: the row's number before it, letters under it.
        children: list[widgets.Widget] = []
        for row in reversed(range(board.rows)):
            children.append(_coordinate(str(row + 1)))
            for column in range(board.columns):
                square = square_name(column, row)
                button = widgets.Button(layout={"width": "auto", "height": "52px"})
                button.add_class("tt-square")
                button.add_class(f"tt-square-{square}")
                button.on_click(self._tapped(square))
                self.squares[square] = button
                children.append(button)
        children.append(_coordinate(""))
        children += [_coordinate(square_name(c, 0)[:-1]) for c in range(board.columns)]
        self.grid.children = tuple(children)
        # Squares keep a finger's size (46 px): a narrower phone scrolls the grid sideways.
        self.grid.layout.grid_template_columns = f"1.3em repeat({board.columns}, minmax(46px, 1fr))"
        self.grid.layout.grid_gap = "3px"
        self.grid.layout.width = "100%"

    def _tapped(self, square: str) -> Any:
        def handler(_button: Any) -> None:
            self.tap(square)

        return handler

    def limit(self) -> int:
        """How many squares the secret of now takes."""
        if self.secret == "setup":
            return SETUP_SQUARES
        if self.secret == "target":
            return 1
        if self.secret == "guards":
            return guards_allowed(self.state)
        return 0

    def tap(self, square: str) -> None:
        """A square tapped: chosen, or no longer chosen (one target: the new one replaces)."""
        if self.secret is None:
            return
        if square in self.selection:
            self.selection.remove(square)
        elif self.limit() == 1:
            self.selection = [square]
        elif len(self.selection) < self.limit():
            self.selection.append(square)
        else:
            self.say(
                tr(self.lang).gettext("{n} squares at most: tap one to free it", n=self.limit()),
                "warn",
            )
            return
        self.message.value = ""
        self._sync()
        self.page.keep_draft(" ".join(self.selection))

    def _problem(self) -> str | None:
        text = " ".join(self.selection)
        if self.secret == "guards" and not self.selection:
            text = "none"
        try:
            observe.check_secret(self.state, self.player, text)
        except observe.SecretError as error:
            return str(error)
        return None

    def _sync(self) -> None:
        _ = tr(self.lang).gettext
        chosen = set(self.selection)
        targets = attackable_huts(self.state) if self.state.phase is Phase.PLAY else frozenset()
        for square, button in self.squares.items():
            owner = self.state.owner(square)
            button.description = HUT[owner] if owner is not None else ""
            # Its name for a screen reader (and a hover): "a6 dark hut", "a5 empty, chosen".
            content = "empty" if owner is None else f"hut_{owner}"
            words = [BOARD_WORDS[content].render(self.lang, square=square)]
            if square in chosen:
                button.button_style = "danger" if self.secret == "target" else "info"
                button.description = (
                    "◎" if self.secret == "target" else ("🛡" if self.secret == "guards" else "⌂")
                )
                button.add_class("tt-chosen")
                mark = {"target": "target", "guards": "guard"}.get(self.secret or "", "chosen")
                words.append(BOARD_WORDS[mark].render(self.lang))
            else:
                button.button_style = "warning" if square in targets and self.secret else ""
                button.remove_class("tt-chosen")
            button.tooltip = ", ".join(words)
        helps = {
            "setup": _("Tap the five squares of your setup (your half, touching)."),
            "target": _("Tap the hut you attack."),
            "guards": _("Tap your huts to guard ({n} at most).", n=guards_allowed(self.state)),
        }
        if self.secret is None:
            if self.state.phase is Phase.OVER:
                text = _("The game is over.")
            else:
                text = _("Nothing secret to choose now: wait for the shared screen.")
        else:
            text = helps.get(self.secret, "")
        self.help.value = f"<p><b>{esc(text)}</b></p>"
        if self.secret is None:
            self.state_line.value = ""
            return
        if self.sealed_secret is not None:
            same = self.sealed_secret.split() == self.selection
            said = _("Sealed") if same else _("Sealed — changed since: seal again to replace it")
            css = "tt-status-sealed" if same else "tt-status-waiting"
            self.state_line.value = f'<span class="{css}">🔒 {esc(said)}</span>'
        else:
            said = _("Not sealed yet.")
            self.state_line.value = f'<span class="tt-status-waiting">✎ {esc(said)}</span>'
        self.seal_button.disabled = self._problem() is not None

    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<span class="tt-msg-{kind}">{esc(text)}</span>'

    def seal(self) -> None:
        """Seal the squares chosen (again: replaces)."""
        problem = self._problem()
        if problem is not None:
            self.say(problem, "error")
            return
        text = " ".join(self.selection) or "none"
        try:
            receipt = self.page.seal(text)
        except SealRefused as error:
            self.say(str(error), "error")
            return
        except SeatError as error:
            self.page.refuse(str(error))
            return
        self.sealed_secret = " ".join(self.selection)
        self.page.sealed_at = receipt.sealed_at
        self.page.sealed()
        self.say(tr(self.lang).gettext("Sealed"), "ok")
        self._sync()

    def seen(self, view: dict[str, Any], sealed_at: Any) -> None:
        own = view.get("own_secret")
        if own != self.sealed_secret:
            self.sealed_secret = own
            self._sync()

    def close_seat(self) -> None:
        pass
