"""The reveal read aloud: each step's spoken text is the step's title and lines, the words the
page shows, in the page's language; a new step is a new text to speak."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.reveal import reveal_view
from tabletop.ui.reveal.steps import round_steps


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_spoken_text_of_each_step_is_its_title_and_lines(lang: str) -> None:
    for step in round_steps(example_game(), lang=lang):
        assert step.spoken().split("\n") == [step.title, *step.lines]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_gives_each_step_to_the_reader_in_its_language(lang: str) -> None:
    view = reveal_view(example_game(), lang)
    assert view.read_aloud.lang == lang
    assert view.read_aloud.enabled is False  # off until someone switches it on
    said = []
    view.read_aloud.observe(lambda change: said.append(view.read_aloud.text), names="serial")
    assert view.read_aloud.text == view.steps[0].spoken()
    view.next()
    view.next()
    view.back()
    assert said == [view.steps[i].spoken() for i in (1, 2, 1)]
    view.next()  # no step past the last one: nothing new to say
    view.go(len(view.steps) - 1)
    count = len(said)
    view.next()
    assert len(said) == count
