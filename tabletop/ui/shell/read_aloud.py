"""Reading a page's steps aloud with the browser's own speech synthesis
(``window.speechSynthesis``: the text is spoken on the device, nothing leaves it), through
``read_aloud.js``, an ``anywidget`` whose script ships in the package.

The widget shows a switch (off by default) and a speed; the page gives it the text of each step
(``say``) and the language it is written in. While the switch is off nothing is spoken; turning
it on reads the step shown. A browser without speech synthesis shows the switch greyed out.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from tabletop.i18n import N_, Msg

__all__ = ["READ_ALOUD_TEXTS", "ReadAloud"]

_HERE = Path(__file__).resolve().parent

READ_ALOUD_TEXTS: dict[str, Msg] = {
    "switch": N_("Read aloud"),
    "speed": N_("Speed"),
    "unavailable": N_("This browser cannot read aloud."),
}

#: The speeds offered (the browser's ``rate``: 1 is the voice's normal speed).
SPEEDS = (0.75, 1.0, 1.25, 1.5)


class ReadAloud(anywidget.AnyWidget):  # type: ignore[misc]
    """A switch and a speed; ``say(text)`` speaks ``text`` in ``lang`` when the switch is on."""

    _esm = (_HERE / "read_aloud.js").read_text(encoding="utf-8")
    _css = (_HERE / "read_aloud.css").read_text(encoding="utf-8")

    text = traitlets.Unicode("").tag(sync=True)
    #: The text's language (a BCP 47 tag: ``en``, ``fr``, ``de``).
    lang = traitlets.Unicode("en").tag(sync=True)
    #: Bumped by every ``say``, so that a step shown again is spoken again.
    serial = traitlets.Int(0).tag(sync=True)
    #: The switch (set by the person, in the browser).
    enabled = traitlets.Bool(False).tag(sync=True)
    rate = traitlets.Float(1.0).tag(sync=True)
    speeds = traitlets.List(traitlets.Float(), default_value=list(SPEEDS)).tag(sync=True)
    #: The switch's and the speed's names, and the line shown without speech synthesis.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, lang: str = "en", css_class: str = "") -> None:
        super().__init__(lang=lang, labels=self.labels_in(lang))
        self.add_class("tt-read-aloud")
        if css_class:
            self.add_class(css_class)

    @staticmethod
    def labels_in(lang: str) -> dict[str, str]:
        """The widget's words in ``lang``."""
        return {key: message.render(lang) for key, message in READ_ALOUD_TEXTS.items()}

    def relabel(self, lang: str) -> None:
        """Speak and label in ``lang`` from now on."""
        with self.hold_sync():
            self.lang = lang
            self.labels = self.labels_in(lang)

    def say(self, text: str) -> None:
        """The step shown now is ``text``: spoken when the switch is on."""
        with self.hold_sync():
            self.text = text
            self.serial += 1
