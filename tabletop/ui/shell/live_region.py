"""A polite live region: what a page says to a screen reader when something happens (a secret
locked in, a reveal, a result), without moving the focus (``live_region.js``, an
``anywidget`` whose script ships in the package).

The region is one element that stays in the page (``role="status"``, ``aria-live="polite"``):
screen readers announce a change of its text, and do not announce a region that was just
inserted, which is why an ``HTML`` widget whose value is replaced would not do. It is hidden
from sight: the page shows the same words elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

__all__ = ["LiveRegion"]

_HERE = Path(__file__).resolve().parent


class LiveRegion(anywidget.AnyWidget):  # type: ignore[misc]
    """``say(text)`` announces ``text`` (the same text again is announced again)."""

    _esm = (_HERE / "live_region.js").read_text(encoding="utf-8")

    text = traitlets.Unicode("").tag(sync=True)
    #: Bumped by every ``say``, so that a repeated text is announced again.
    serial = traitlets.Int(0).tag(sync=True)

    def __init__(self, css_class: str = "") -> None:
        super().__init__()
        self.add_class("tt-live-region")
        if css_class:
            self.add_class(css_class)

    def say(self, text: str) -> None:
        """Announce ``text`` (nothing for an empty text)."""
        if not text.strip():
            return
        with self.hold_sync():
            self.text = text
            self.serial += 1
