"""The Massai page's teacher view, driven in Python: toggle, updates, language, and secrecy."""

from __future__ import annotations

import importlib.util

import ipywidgets as widgets
import pytest

from tabletop.store import Store
from tabletop.ui.massai.app import massai_app
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.teacher import public_position, teacher_panel_factory
from tabletop.ui.massai.view import MassaiView


class CountingFactory:
    """The real panel factory, counting how often it builds a panel."""

    def __init__(self) -> None:
        real = teacher_panel_factory()
        assert real is not None
        self.real = real
        self.built = 0

    def __call__(self, state, lang):
        self.built += 1
        return self.real(state, lang)


@pytest.fixture
def factory() -> CountingFactory:
    return CountingFactory()


@pytest.fixture
def view(store: Store, factory: CountingFactory) -> MassaiView:
    made = MassaiView(MassaiController(store), analysis=factory)
    made.redraw()
    return made


def click(view: MassaiView, square: str) -> None:
    x, y = view.geometry.center(square)
    view.on_mouse_down(x, y)


def secret_setup(view: MassaiView, squares: str) -> None:
    view.start_button.click()
    for square in squares.split():
        click(view, square)
    view.confirm_button.click()


def to_first_attack(view: MassaiView) -> None:
    """Both setups, then four builds: Player 1 to move, Player 2's c4 and d4 attackable."""
    secret_setup(view, "c1 d1 e1 d2 e2")
    secret_setup(view, "c6 d6 e6 d5 e5")
    view.continue_button.click()
    for square in ("d3", "d4", "e3", "c4"):
        click(view, square)


def texts(widget: widgets.Widget) -> list[str]:
    """Everything a person can read in ``widget``: HTML values, labels, menu entries."""
    found: list[str] = []
    if isinstance(widget, widgets.HTML):
        found.append(widget.value)
    if isinstance(widget, widgets.Dropdown):
        found.extend(label for label, _value in widget.options)
    description = getattr(widget, "description", "")
    if description:
        found.append(description)
    for child in getattr(widget, "children", ()):
        found.extend(texts(child))
    return found


def with_class(widget: widgets.Widget, css: str) -> list[widgets.Widget]:
    found = [widget] if css in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found.extend(with_class(child, css))
    return found


def test_toggle_builds_the_panel_lazily_then_shows_and_hides_it(
    view: MassaiView, factory: CountingFactory
) -> None:
    assert view.teacher.toggle.layout.display is None
    assert view.teacher.toggle.description == "Teacher view"
    assert view.teacher.box.layout.display == "none"
    to_first_attack(view)
    assert factory.built == 0 and view.teacher.panel is None  # nothing computed until asked
    view.teacher.toggle.value = True
    assert view.teacher.box.layout.display is None
    panel = view.teacher.panel
    assert factory.built == 1 and panel in view.teacher.box.children
    assert panel.game is not None and set(panel.game.targets) == {"c4", "d4"}
    view.teacher.toggle.value = False
    assert view.teacher.box.layout.display == "none"
    view.teacher.toggle.value = True
    assert factory.built == 1 and view.teacher.panel is panel


def test_the_page_factory_has_the_toggle(store: Store) -> None:
    root = massai_app(store=store, watch=False)
    (toggle,) = with_class(root, "tt-massai-teacher-toggle")
    assert toggle.layout.display is None
    (box,) = with_class(root, "tt-massai-teacher")
    assert box.layout.display == "none"


def test_no_toggle_when_the_panels_cannot_be_imported(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, *args, **kwargs):
        return None if name == "tabletop.ui.analysis.massai_panel" else real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert teacher_panel_factory() is None
    root = massai_app(store=store, watch=False)
    (toggle,) = with_class(root, "tt-massai-teacher-toggle")
    assert toggle.layout.display == "none"


def test_panel_follows_actions_undo_and_new_game(view: MassaiView) -> None:
    c = view.controller
    to_first_attack(view)
    view.teacher.toggle.value = True
    panel = view.teacher.panel
    assert panel.state is c.state and set(panel.game.targets) == {"c4", "d4"}
    click(view, "c3")  # Player 1 builds: c3 touches Player 2's c4 and d4 as well
    assert panel.state is c.state and panel.state.owner("c3") == 0
    assert panel.game.attacker == 1  # now Player 2 attacks
    assert set(panel.game.targets) == {"c3", "d3", "e3"}  # Player 1's huts touching c4, d4
    view.undo_button.click()
    assert panel.state is c.state and panel.state.owner("c3") is None
    assert panel.game.attacker == 0 and set(panel.game.targets) == {"c4", "d4"}
    view.new_box.selected_index = 0
    view.adjacency.value = 4
    view.new_button.click()
    assert c.state.phase == "setup"
    assert panel.state.options.adjacency == 4 and panel.game is None
    assert "setup phase" in panel.summary.value


def test_hidden_panel_catches_up_when_shown_again(view: MassaiView) -> None:
    c = view.controller
    to_first_attack(view)
    view.teacher.toggle.value = True
    view.teacher.toggle.value = False
    click(view, "c3")
    view.lang.value = "fr"
    panel = view.teacher.panel
    assert panel.state is not c.state and panel.lang == "en"  # hidden: left alone
    view.teacher.toggle.value = True
    assert panel.state is c.state and panel.lang == "fr"


def test_language_switch(view: MassaiView) -> None:
    to_first_attack(view)
    view.teacher.toggle.value = True
    panel = view.teacher.panel
    assert "The attack as a zero-sum game" in panel.title.value
    view.lang.value = "fr"
    assert view.teacher.toggle.description == "Vue enseignant"
    assert panel.lang == "fr"
    assert "L'attaque comme un jeu à somme nulle" in panel.title.value
    assert "Valeur pour l'attaquant" in panel.summary.value
    view.lang.value = "en"
    assert panel.lang == "en" and "Value for the attacker" in panel.summary.value


def test_a_language_chosen_before_the_first_showing_is_used(view: MassaiView) -> None:
    view.lang.value = "fr"
    view.teacher.toggle.value = True
    assert view.teacher.panel.lang == "fr"


def test_attack_target_and_guards_never_reach_the_panel(view: MassaiView) -> None:
    c = view.controller
    to_first_attack(view)
    view.teacher.toggle.value = True
    panel = view.teacher.panel
    public = texts(panel)
    assert view.teacher.note.value == ""
    position = c.state

    def still_public() -> None:
        # The panel still shows the position as it was before the attack was announced ...
        assert panel.state is position
        assert texts(panel) == public
        # ... and the page says why nothing more is shown.
        assert "only the public position" in view.teacher.note.value

    view.attack_button.click()
    still_public()
    view.start_button.click()
    click(view, "d4")
    assert c.selection == ("d4",)
    still_public()
    view.confirm_button.click()
    assert c.stage == "guards-wait"
    still_public()
    view.start_button.click()
    click(view, "c4")
    assert c.selection == ("c4",)
    still_public()
    # What the panel shows is the public game: both attackable huts alike, neither one singled
    # out as the target or as guarded.
    shown = " ".join(texts(panel))
    assert "attack c4" in shown and "attack d4" in shown
    assert "chosen" not in shown.lower() and "locked" not in shown.lower()
    assert panel.game.attack_probabilities.keys() == {"c4", "d4"}
    view.confirm_button.click()
    # Revealed and applied: the panel moves on to the new position.
    assert c.stage == "reveal" and panel.state is c.state
    assert view.teacher.note.value == ""


def test_a_confirmed_first_setup_stays_secret(view: MassaiView) -> None:
    c = view.controller
    view.teacher.toggle.value = True
    panel = view.teacher.panel
    secret_setup(view, "c1 d1 e1 d2 e2")
    assert c.state.pending_setup == frozenset({"c1", "d1", "e1", "d2", "e2"})
    assert panel.state.pending_setup is None and panel.state == public_position(c.state)
    shown = " ".join(texts(panel)) + view.teacher.note.value
    assert "○" not in shown and "●" not in shown  # no hut drawn on the panel's board
    assert "only the public position" in view.teacher.note.value
    view.start_button.click()
    for square in "c6 d6 e6 d5 e5".split():
        click(view, square)
    assert panel.state.pending_setup is None
    view.confirm_button.click()
    assert panel.state is c.state and panel.board.value.count("○") == 5


def test_a_failing_panel_never_stops_the_game(store: Store) -> None:
    def broken(state, lang):
        raise RuntimeError("no solver here")

    view = MassaiView(MassaiController(store), analysis=broken)
    view.teacher.toggle.value = True
    assert "no solver here" in view.teacher.error.value
    assert "could not analyse" in view.teacher.error.value
    secret_setup(view, "c1 d1 e1 d2 e2")
    assert view.controller.state.pending_setup is not None


def test_toggle_is_sized_to_its_words_in_both_languages(view: MassaiView) -> None:
    # A fixed button width cut the French label to "Vue enseig…"; the header wraps when narrow.
    view.controller.set_lang("fr")
    assert view.teacher.toggle.description == "Vue enseignant"
    assert view.teacher.toggle.layout.width == "auto"
    assert view.teacher.toggle.layout.min_width == "max-content"
    header = view.root.children[2]
    assert view.teacher.toggle in header.children[1].children
    assert header.layout.flex_flow == "row wrap"
