"""The teacher's message on a student's phone: a banner that stays in the page and is a polite
live region, so a screen reader reads each new message without the focus moving.

The banner is one element created once (an ``anywidget``): its words are set as text
(``textContent``), never as HTML, so a message is shown exactly as typed and cannot add markup
to the page; an ``HTML`` widget whose value is replaced would also replace its live region, and
screen readers do not read a region that was just inserted. Hidden while there is no message.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["RoomMessage"]

_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tt-room-message";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.setAttribute("aria-atomic", "true");
  const head = document.createElement("div");
  head.className = "tt-room-message-head";
  const words = document.createElement("div");
  words.className = "tt-room-message-text";
  box.append(head, words);
  el.append(box);
  function show() {
    const text = model.get("text") || "";
    let when = "";
    const at = model.get("at");
    if (at) {
      const date = new Date(at);
      if (!isNaN(date)) {
        when = " · " + date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      }
    }
    head.textContent = text ? (model.get("label") || "") + when : "";
    words.textContent = text;
    box.style.display = text ? "" : "none";
  }
  show();
  model.on("change:text", show);
  model.on("change:at", show);
  return () => {
    model.off("change:text", show);
    model.off("change:at", show);
  };
}
export default { render };
"""

_CSS = """
.tt-room-message { background: #e3f2fd; border: 3px solid #1565c0; border-radius: 10px;
  padding: 8px 14px; margin: 6px 0; font-size: 21px; }
.tt-room-message-head { font-size: 15px; color: #0d47a1; font-weight: bold; }
.tt-room-message-text { white-space: pre-line; overflow-wrap: anywhere; }
"""


class RoomMessage(anywidget.AnyWidget):  # type: ignore[misc]
    """``show(message)`` puts the teacher's message (``{"text", "at"}``) or none on the phone."""

    _esm = _ESM
    _css = _CSS

    #: The message as typed (plain text; shown as text, never as HTML).
    text = traitlets.Unicode("").tag(sync=True)
    #: When it was sent (ISO 8601, UTC), shown in the phone's own time.
    at = traitlets.Unicode("").tag(sync=True)
    #: The banner's title in the page's language ("Message from the teacher").
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, label: str) -> None:
        super().__init__(label=label)
        self.add_class("tt-room-message-box")

    def show(self, message: dict[str, str] | None) -> None:
        """The message to show (``None``: no banner); nothing is sent when it is the same."""
        text, at = (message["text"], message.get("at", "")) if message else ("", "")
        if (text, at) != (self.text, self.at):
            with self.hold_sync():
                self.text, self.at = text, at
