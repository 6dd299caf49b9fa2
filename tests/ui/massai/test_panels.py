"""The texts around the board and which buttons each stage shows."""

from __future__ import annotations

from tabletop.store import Store
from tabletop.ui.massai import panels
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView

from .driving import click, page_on, setups, to_play


def shown(c: MassaiController) -> list[str]:
    return [name for name, on in panels.shown_buttons(c).items() if on]


def test_each_stage_shows_its_buttons(store: Store) -> None:
    view = page_on(store)
    c = view.controller
    assert shown(c) == ["start"]
    view.start_button.click()
    assert shown(c) == ["confirm", "cancel"]
    click(view, "c1")
    assert shown(c) == ["confirm", "clear", "cancel"]
    view.controller.cancel()
    to_play(view)
    assert shown(c) == ["attack", "undo"]
    view.attack_button.click()
    assert shown(c) == ["start", "cancel"]
    view.start_button.click()
    click(view, "d4")
    view.confirm_button.click()
    assert shown(c) == ["start"]  # locked in: no cancel
    view.start_button.click()
    assert shown(c) == ["confirm"]
    click(view, "d4")
    assert shown(c) == ["confirm", "clear"]
    view.confirm_button.click()
    assert shown(c) == ["continue", "undo"]


def test_the_phones_link_opens_the_table_page_of_a_kept_game(store: Store) -> None:
    view = page_on(store)
    c = view.controller
    link = panels.phones_html(c)
    assert f'href="table.ipynb?game={c.game_id}"' in link and "Play with phones" in link
    assert view.phones.value == link
    c.set_lang("de")
    assert "Mit Handys spielen" in view.phones.value


def test_no_phones_link_for_a_game_kept_nowhere() -> None:
    view = MassaiView(MassaiController(None))
    assert view.phones.value == ""


def test_history_lists_every_action_and_the_box_keeps_the_newest_in_sight(
    view: MassaiView,
) -> None:
    from tabletop.ui.massai.style import MASSAI_CSS

    assert "No action yet" in panels.history_html(view.controller) or view.history.value
    setups(view)
    for square in ("d3", "d4", "e3"):
        click(view, square)
    items = view.history.value.count("<li>")
    assert items == 5 and view.history.value.index("build e3") > view.history.value.index("d4")
    # The scroll box is a reversed column: it stays scrolled to its end, the newest action.
    rule = MASSAI_CSS.split(".tt-massai-history", 1)[1].split("}", 1)[0]
    assert "column-reverse" in rule and "overflow-y: auto" in rule


def test_a_locked_notice_is_big_and_green(view: MassaiView) -> None:
    view.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        click(view, square)
    view.confirm_button.click()
    assert panels.message_html(view.controller).startswith('<div class="tt-massai-locked">')
