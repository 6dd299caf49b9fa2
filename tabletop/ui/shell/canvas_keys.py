"""Tab leaves a canvas: ipycanvas takes every key pressed on its canvas, Tab included, so a
keyboard user who reached (or clicked) a canvas could not move on (a keyboard trap).
``CanvasKeys`` is an invisible ``anywidget`` (``canvas_keys.js``) that lets Tab and Shift+Tab
pressed on any canvas of the page do what they do elsewhere; the canvas keeps its other keys.
"""

from __future__ import annotations

from pathlib import Path

import anywidget

__all__ = ["CanvasKeys"]

_HERE = Path(__file__).resolve().parent


class CanvasKeys(anywidget.AnyWidget):  # type: ignore[misc]
    """Put it anywhere on a page with canvases that take keys (it shows nothing)."""

    _esm = (_HERE / "canvas_keys.js").read_text(encoding="utf-8")

    def __init__(self) -> None:
        super().__init__()
        self.add_class("tt-canvas-keys")
        self.layout.display = "none"
