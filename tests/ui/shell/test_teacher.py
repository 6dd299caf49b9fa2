"""The one teacher-view implementation both dashboards use."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from tabletop.ui.shell.teacher import TeacherView, installed

TEXTS = {
    ("teacher_view", "en"): "Teacher view",
    ("teacher_view", "fr"): "Vue enseignant",
    ("teacher_hide", "en"): "Hide the teacher view",
    ("teacher_hide", "fr"): "Masquer la vue enseignant",
    ("teacher_failed", "en"): "The teacher view could not analyse this position:",
    ("teacher_failed", "fr"): "La vue enseignant n'a pas pu analyser cette position :",
}


class Panel(widgets.VBox):
    def __init__(self, position: int, lang: str) -> None:
        super().__init__()
        self.position, self.lang, self.updates = position, lang, 0
        self.fail = False

    def update(self, position: int) -> None:
        if self.fail:
            raise RuntimeError("<b>no</b>")
        self.position = position
        self.updates += 1

    def set_lang(self, lang: str) -> None:
        self.lang = lang


class Page:
    """A stand-in page: a position and a language the view reads."""

    def __init__(self, **options: Any) -> None:
        self.position = 1
        self.lang = "en"
        self.built: list[Panel] = []
        self.view = TeacherView(
            self.factory,
            position=lambda: (self.position,),
            text=lambda key, lang: TEXTS[(key, lang)],
            lang=lambda: self.lang,
            **options,
        )

    def factory(self, position: int, lang: str = "en") -> Panel:
        panel = Panel(position, lang)
        self.built.append(panel)
        return panel


def test_nothing_is_built_until_shown_then_the_panel_follows_the_position() -> None:
    page = Page()
    assert page.view.box.layout.display == "none" and not page.built
    page.view.toggle.value = True
    assert page.view.box.layout.display is None
    (panel,) = page.built
    assert panel in page.view.box.children and panel.position == 1
    page.view.refresh()
    assert panel.updates == 0  # nothing changed
    page.position = 2
    page.view.mark_stale()
    page.view.refresh()
    assert panel.position == 2 and panel.updates == 1
    page.view.toggle.value = False
    assert page.view.box.layout.display == "none"


def test_language_follows_even_when_switched_while_hidden() -> None:
    page = Page(hide_button=True)
    page.view.toggle.value = True
    page.view.toggle.value = False
    page.lang = "fr"
    page.view.refresh()  # hidden: nothing sent
    assert page.built[0].lang == "en"
    page.view.toggle.value = True
    assert page.built[0].lang == "fr" and len(page.built) == 1
    assert page.view.toggle.description == "Vue enseignant"
    assert page.view.hide is not None and "Masquer" in page.view.hide.description


def test_a_failing_panel_is_reported_escaped_and_kept() -> None:
    page = Page()
    page.view.toggle.value = True
    panel = page.built[0]
    panel.fail = True
    page.view.mark_stale()
    page.view.refresh()
    assert "could not analyse" in page.view.error.value and "&lt;b&gt;" in page.view.error.value
    assert panel in page.view.box.children
    panel.fail = False
    page.view.refresh()  # still stale after the failure: told again
    assert page.view.error.value == "" and panel.updates == 1


def test_hide_button_and_note_and_css_prefix() -> None:
    page = Page(hide_button=True, css_prefix="tt-x", note=lambda: "secret <now>")
    assert "tt-x-teacher-toggle" in page.view.toggle._dom_classes
    assert "tt-x-teacher" in page.view.box._dom_classes
    page.view.toggle.value = True
    assert page.view.note is not None and page.view.note.value == "secret &lt;now&gt;"
    assert page.view.hide is not None
    page.view.hide.click()
    assert page.view.toggle.value is False


def test_without_a_factory_the_toggle_is_hidden() -> None:
    view = TeacherView(None, position=tuple, text=lambda k, lang: k, lang=lambda: "en")
    assert view.toggle.layout.display == "none"
    view.toggle.value = True
    assert view.box.layout.display == "none"


def test_installed_looks_without_importing() -> None:
    assert installed("tabletop.ui.analysis.africa_panel")
    assert not installed("tabletop.ui.no_such_module")
    assert not installed("no_such_package.module")
