"""What the parts of the teacher's screen (:class:`~tabletop.ui.classroom.teacher.TeacherPage`)
share: the attributes the page sets, declared once so that each part can be checked on its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n import Translator
from tabletop.store.classroom import Classes
from tabletop.ui.classroom.common import Ticker


class TeacherPart:
    """The page's state (set by :class:`~tabletop.ui.classroom.teacher.TeacherPage`)."""

    classes: Classes | None
    class_id: int | None
    host_token: str | None
    lang: str
    t: Translator
    base_url: str
    join_token: str | None
    code: str | None
    view: dict[str, Any] | None
    deadline: float | None
    ticker: Ticker
    body: widgets.VBox
    message: widgets.HTML
    preset: widgets.Dropdown
    rounds: widgets.BoundedIntText
    matching: widgets.Dropdown
    partners: widgets.SelectMultiple
    partners_note: widgets.HTML
    confirm: widgets.HBox
    timer: widgets.BoundedIntText
    results: widgets.VBox
    export: widgets.HTML

    if TYPE_CHECKING:
        # Kept by the page or by another part; declared for the type checker only.
        def _build(self) -> None: ...

        def refresh(self) -> None: ...

        def say(self, text: str, kind: str = "ok") -> None: ...
