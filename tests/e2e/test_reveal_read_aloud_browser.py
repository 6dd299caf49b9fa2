"""The reveal read aloud in Chromium: with the switch on, each step shown is handed to the
browser's speech synthesis as one utterance holding the step's displayed words, in the page's
language and at the chosen speed; with the switch off, nothing is spoken.

``speechSynthesis.speak`` is replaced before the page loads by a recorder of its calls (a test
cannot hear): what is recorded is what the page asked the browser to say.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tabletop.games.africa1880.gamefile import example_game
from tabletop.ui.reveal.steps import round_steps
from tabletop.ui.shell.read_aloud import READ_ALOUD_TEXTS

TIMEOUT = 30_000

pytestmark = pytest.mark.browser

#: Every utterance the page asks for, recorded (the browser's own object: its text and lang).
RECORD_SPEECH = """
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (utterance) => {
    window.__spoken.push({
      text: utterance.text, lang: utterance.lang, rate: utterance.rate,
      real: utterance instanceof SpeechSynthesisUtterance,
    });
  };
}
"""

#: The step as the page shows it: the title, then each line, one a line.
SHOWN = """() => [document.querySelector('.tt-reveal-title').innerText,
  ...Array.from(document.querySelectorAll('.tt-reveal-lines li'), (li) => li.innerText)
].join('\\n')"""


def spoken(page) -> list[dict]:
    return page.evaluate("() => window.__spoken")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_step_is_read_aloud_only_when_switched_on(voila, page, wait_for_widgets, lang) -> None:
    steps = round_steps(example_game(), lang=lang)
    page.add_init_script(RECORD_SPEECH)
    page.goto(voila("reveal") + f"?lang={lang}", timeout=120_000)
    wait_for_widgets(page, ".tt-reveal-next", timeout_ms=90_000)
    assert page.evaluate("() => typeof window.speechSynthesis === 'object'")
    title = page.locator(".tt-reveal-title")
    expect(title).to_have_text(steps[0].title, timeout=TIMEOUT)
    switch = page.get_by_role("switch", name=READ_ALOUD_TEXTS["switch"].render(lang))
    next_button = page.locator("button.tt-reveal-next, .tt-reveal-next button").first

    def go_next(index: int) -> None:
        expect(next_button).to_be_enabled(timeout=TIMEOUT)
        next_button.click()
        expect(title).to_have_text(steps[index].title, timeout=TIMEOUT)

    # The map takes the keys once clicked (→, ←…), but Tab leaves it for the buttons.
    canvas = page.locator("canvas.tt-reveal-map")
    canvas.click()
    expect(canvas).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") != "CANVAS"

    # Off by default: a step shown says nothing.
    expect(switch).not_to_be_checked(timeout=TIMEOUT)
    go_next(1)
    assert spoken(page) == []

    # On: the step shown is read at once, then each new step, in the page's language.
    switch.check()
    page.wait_for_function("() => window.__spoken.length === 1", timeout=TIMEOUT)
    go_next(2)
    page.wait_for_function("() => window.__spoken.length === 2", timeout=TIMEOUT)
    said = spoken(page)
    assert [s["text"] for s in said] == [steps[1].spoken(), steps[2].spoken()]
    assert said[1]["text"] == page.evaluate(SHOWN)  # the words on the screen, no other
    assert all(s["lang"] == lang and s["real"] for s in said)
    assert said[1]["rate"] == 1

    # A slower or faster voice: the speed chosen is the utterance's rate.
    page.locator("select.tt-read-aloud-speed").select_option("1.5")
    page.wait_for_function(
        "() => document.querySelector('select.tt-read-aloud-speed').value === '1.5'"
    )
    go_next(3)
    page.wait_for_function("() => window.__spoken.length === 3", timeout=TIMEOUT)
    assert spoken(page)[2] == {
        "text": steps[3].spoken(),
        "lang": lang,
        "rate": 1.5,
        "real": True,
    }

    # Off again: nothing more is spoken.
    switch.uncheck()
    expect(switch).not_to_be_checked()
    go_next(4)
    page.locator(".tt-reveal-back").first.click()
    expect(title).to_have_text(steps[3].title, timeout=TIMEOUT)
    assert len(spoken(page)) == 3
