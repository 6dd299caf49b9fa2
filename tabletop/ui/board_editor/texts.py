"""The board editor's texts, from the catalogs (the ``BOARD_EDITOR`` table).

>>> t("undo", "en")
'Undo'
"""

from __future__ import annotations

from tabletop.i18n.keys.board_editor import BOARD_EDITOR

__all__ = ["t"]


def t(key: str, lang: str = "en", **values: object) -> str:
    """The text ``key`` in ``lang`` with ``values`` filled in."""
    return BOARD_EDITOR[key].render(lang, **values)
