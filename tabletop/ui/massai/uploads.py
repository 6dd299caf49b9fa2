"""The one-file upload of a game file, shared by the games list and the game view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]


def upload_widget(on_file: Callable[[bytes, str], None], css_class: str) -> widgets.FileUpload:
    """A one-file ``.json`` upload that hands ``(content, file name)`` to ``on_file``."""
    upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
    upload.add_class(css_class)
    # The page's style draws the button's title instead of its own text, so no "(0)" shows.
    upload.add_class("tt-upload")
    upload.tooltip = upload.description
    upload.observe(lambda change: setattr(upload, "tooltip", change["new"]), names="description")

    def changed(change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0]
        on_file(bytes(first["content"]), str(first.get("name") or "upload.json"))
        try:
            upload.value = ()  # the same file may be uploaded again
        except Exception:  # older front ends refuse a cleared value; the import is done anyway
            pass

    upload.observe(changed, names="value")
    return upload
