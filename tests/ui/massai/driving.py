"""Driving the Massai page in tests as a person would: clicks (and taps) on squares, buttons."""

from __future__ import annotations

from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView


def click(view: MassaiView, square: str) -> None:
    """A mouse press in the middle of ``square``, as the canvas reports it."""
    x, y = view.geometry.center(square)
    view.on_mouse_down(x, y)


def visible(widget) -> bool:
    return widget.layout.display != "none"


def secret_setup(view: MassaiView, squares: str) -> None:
    view.start_button.click()
    for square in squares.split():
        click(view, square)
    view.confirm_button.click()


def setups(view: MassaiView) -> None:
    secret_setup(view, "c1 d1 e1 d2 e2")
    secret_setup(view, "c6 d6 e6 d5 e5")
    view.continue_button.click()


def attack(view: MassaiView, target: str, guards: str) -> None:
    """An attack; with no guard allowed it is chosen openly (no look-away, no guards)."""
    view.attack_button.click()
    if view.controller.stage == "attack-target":
        assert not guards, "no guard is allowed against this attack"
        click(view, target)
        view.confirm_button.click()
        return
    view.start_button.click()
    click(view, target)
    view.confirm_button.click()
    view.start_button.click()
    for square in guards.split():
        click(view, square)
    view.confirm_button.click()


def page_on(store: Store, game_id: int | None = None) -> MassaiView:
    view = MassaiView(MassaiController(store, game_id))
    view.redraw()
    return view


def actions(store: Store, game_id: int) -> list[str]:
    return [entry.action for entry in store.history(game_id)]


def to_play(view: MassaiView) -> None:
    """Setups, then two builds each: d4 (Player 2) touches d3 and c4 can be attacked."""
    setups(view)
    for square in ("d3", "d4", "e3", "c4"):
        click(view, square)
