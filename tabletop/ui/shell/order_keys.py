"""Entering an order sheet with the keyboard: ``OrderKeys`` is an invisible ``anywidget``
(``order_keys.js``) for a page with order sheets (class ``tt-sheet``: rows ``tt-row`` with an
order menu ``tt-kind``, and a ``tt-landing`` menu).

- In an order menu, one key per order kind chooses it (``kind_keys``: key -> the option's labels
  in every language, so the keys stay the same whatever the page's language).
- Enter in a row's menu goes to the next row's order menu, from the last row to the landing
  menu, and from there to the page's button ``finish`` (a CSS selector); Shift+Enter goes back.
- A territory menu keeps the browser's own type-ahead (its first letters choose the territory).

Only menus of a sheet are concerned: keys typed in a text box are never taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import anywidget
import traitlets

from tabletop.i18n import N_, Msg
from tabletop.ui.shell.html import esc

__all__ = ["CLEAR_KEYS", "ORDER_KEYS_TEXTS", "OrderKeys", "order_keys_hint"]

_HERE = Path(__file__).resolve().parent

#: Keys that set an order menu back to no order (its first option, ``NO_ORDER``).
CLEAR_KEYS = ("Delete", "Backspace")
NO_ORDER = "—"

ORDER_KEYS_TEXTS: dict[str, Msg] = {
    # TRANSLATORS: {kinds} is a list such as "H = hold, D = develop, E = explore"; the letters
    # stay the same in every language.
    "hint": N_(
        "Keyboard: in an order menu {kinds}, Delete = no order; in a territory menu type its"
        " first letters; Enter goes to the next presence, Shift+Enter back."
    ),
}


class OrderKeys(anywidget.AnyWidget):  # type: ignore[misc]
    """Put it once on a page with order sheets (it shows nothing)."""

    _esm = (_HERE / "order_keys.js").read_text(encoding="utf-8")
    _css = (_HERE / "order_keys.css").read_text(encoding="utf-8")

    #: A key as the browser names it (a letter in lower case, "Delete") -> the labels of the
    #: option it chooses, in every language.
    kind_keys = traitlets.Dict().tag(sync=True)
    #: CSS selector of the button Enter goes to from the landing menu.
    finish = traitlets.Unicode("").tag(sync=True)

    def __init__(self, kinds: Mapping[str, Iterable[str]], finish: str) -> None:
        """``kinds``: a letter -> the labels of its order kind's option (every language)."""
        keys: dict[str, list[str]] = {}
        for letter, labels in kinds.items():
            if len(letter) != 1 or letter.lower() in keys:
                raise ValueError(f"an order key is one letter, each once: {letter!r}")
            keys[letter.lower()] = sorted(set(labels))
        for key in CLEAR_KEYS:
            keys[key] = [NO_ORDER]
        super().__init__(kind_keys=keys, finish=finish)
        self.add_class("tt-order-keys")
        self.layout.display = "none"


def order_keys_hint(lang: str, kinds: Iterable[tuple[str, str]]) -> str:
    """The one-line hint shown near a sheet, as HTML: ``kinds`` are (letter, label in ``lang``).

    >>> order_keys_hint("en", [("H", "hold"), ("D", "develop")])[:60]
    '<small class="tt-order-keys-hint">Keyboard: in an order menu'
    """
    listed = ", ".join(f"{letter.upper()} = {label}" for letter, label in kinds)
    hint = ORDER_KEYS_TEXTS["hint"].render(lang, kinds=listed)
    return f'<small class="tt-order-keys-hint">{esc(hint)}</small>'
