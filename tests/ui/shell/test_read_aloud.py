"""The reading-aloud widget, the live region and the canvases' Tab, without a browser: what
they send to it (the browser's side is tests/e2e/test_reveal_read_aloud_browser.py and
tests/e2e/test_massai_keyboard_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.ui.shell.canvas_keys import CanvasKeys
from tabletop.ui.shell.live_region import LiveRegion
from tabletop.ui.shell.read_aloud import READ_ALOUD_TEXTS, SPEEDS, ReadAloud

SHELL = Path(__file__).resolve().parents[3] / "tabletop" / "ui" / "shell"


def test_reading_aloud_is_off_until_switched_on() -> None:
    widget = ReadAloud("fr")
    assert widget.enabled is False
    assert widget.lang == "fr"
    assert widget.rate == 1.0 and 1.0 in SPEEDS


def test_each_step_said_is_a_new_message_even_the_same_text() -> None:
    widget = ReadAloud()
    widget.say("Resolution of 1885")
    first = widget.serial
    widget.say("Resolution of 1885")
    assert widget.serial == first + 1
    assert widget.text == "Resolution of 1885"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_switch_and_the_speed_are_named_in_the_page_language(lang: str) -> None:
    widget = ReadAloud(lang)
    assert widget.labels["switch"] == READ_ALOUD_TEXTS["switch"].render(lang)
    assert widget.labels["speed"] == READ_ALOUD_TEXTS["speed"].render(lang)
    widget.relabel("de")
    assert widget.lang == "de"
    assert widget.labels["switch"] == READ_ALOUD_TEXTS["switch"].render("de")


def test_the_words_are_translated() -> None:
    for message in READ_ALOUD_TEXTS.values():
        assert message.render("fr") != message.render("en")
        assert message.render("de") != message.render("en")


def test_a_live_region_says_each_new_text_and_nothing_for_an_empty_one() -> None:
    region = LiveRegion("tt-x")
    region.say("Player 1 (light)'s setup is locked in")
    serial = region.serial
    region.say("   ")
    assert region.serial == serial
    region.say("Player 1 (light)'s setup is locked in")
    assert region.serial == serial + 1


def test_the_scripts_speak_on_the_device_and_fetch_nothing() -> None:
    script = (SHELL / "read_aloud.js").read_text(encoding="utf-8")
    assert "speechSynthesis" in script and "SpeechSynthesisUtterance" in script
    for name in ("read_aloud.js", "live_region.js", "canvas_keys.js"):
        text = (SHELL / name).read_text(encoding="utf-8")
        assert "fetch(" not in text and "http" not in text and "import " not in text
    assert CanvasKeys().layout.display == "none"
