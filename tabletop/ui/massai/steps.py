"""What the parts of a Massai page read of it, and the steps they may ask of it.

The page's controller (:class:`~tabletop.ui.massai.controller.MassaiController`) is the one
writer of what the page shows; its parts (:class:`~tabletop.ui.massai.entries.SecretEntry`,
:class:`~tabletop.ui.massai.playing.Plays`, :class:`~tabletop.ui.massai.keeping.GameKeeper`,
:class:`~tabletop.ui.massai.kept_secrets.KeptTarget`) see it only as a :class:`PageSteps`: the
fields they read, and one named step per change they may ask for. Each step changes the fields
it names and nothing else; the part says :meth:`PageSteps.changed` once its intent is done.
"""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.reports import Report
from tabletop.games.massai.state import State
from tabletop.ui.massai.stages import Stage

__all__ = ["PageSteps"]


class PageSteps(Protocol):
    """The page as its parts see it (read-only fields) and the steps they may ask of it."""

    # --- what the parts read ---------------------------------------------------------------
    @property
    def record(self) -> GameRecord: ...

    @property
    def state(self) -> State: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def selection(self) -> tuple[str, ...]: ...

    @property
    def target(self) -> str | None: ...

    @property
    def notice(self) -> tuple[Any, ...]: ...

    @property
    def undo_question(self) -> str: ...

    @property
    def lang(self) -> str: ...

    @property
    def game_id(self) -> int | None: ...

    @property
    def version(self) -> int: ...

    @property
    def deleted(self) -> bool: ...

    @property
    def kept(self) -> bool: ...

    def handover_ready(self) -> bool: ...

    def skip_handover(self) -> None: ...

    def open_attack(self) -> bool: ...

    # --- the entry shown -------------------------------------------------------------------
    def enter(self, stage: Stage) -> None:
        """The page moves to ``stage``."""

    def select(self, squares: tuple[str, ...]) -> None:
        """The squares clicked in the entry are now ``squares``."""

    def begin_attack(self) -> None:
        """An attack is announced: no square selected, no target yet."""

    def lock_target(self, target: str) -> None:
        """``target`` is locked in (hidden); the defender's guards wait."""

    def rest(self) -> None:
        """Back to the resting stage of the position, no entry under way."""

    def ask_undo(self, question: str) -> None:
        """An undo both players must agree to is asked (``""``: no question open)."""

    def say(self, notice: tuple[Any, ...]) -> None:
        """The notice shown becomes ``notice`` (``()``: none)."""

    def notify(self, key: str, **values: Any) -> None:
        """Show the notice ``key`` with ``values`` (the page changed)."""

    def refusal(self, code: str, **params: Any) -> None:
        """Show the rules core's refusal ``code`` (the page changed)."""

    # --- the game shown --------------------------------------------------------------------
    def take_record(self, record: GameRecord) -> None:
        """The game shown is now ``record``."""

    def played(self, report: Report) -> None:
        """An action was played: its report is the last one, the entry is over."""

    def after_return(self) -> None:
        """Back to the resting stage with nothing selected (after undo, redo, a reload)."""

    # --- where the game is kept --------------------------------------------------------------
    def kept_at(self, game_id: int) -> None:
        """The game shown is game ``game_id`` of the database (not deleted)."""

    def kept_as(
        self, version: int, aux_version: int, name: str, can_undo: bool, can_redo: bool
    ) -> None:
        """The database has the game shown at ``version`` (its secrets at ``aux_version``)."""

    def kept_aside(self, aux_version: int) -> None:
        """What is kept beside the game (its secrets) is now at ``aux_version``."""

    def mark_deleted(self) -> None:
        """The game shown was deleted on another page."""

    def changed(self) -> None:
        """The page changed (views redraw once per intent)."""
