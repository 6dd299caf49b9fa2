"""The typed order sheets kept in the games database, so a reload or another page loses nothing.

Typing is written a moment after the last key (one entry per changed sheet, per pause); the
sheets typed on another page for the same round come back here unless a sheet is being typed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from tabletop.store import StoreError
from tabletop.ui.africa1880.game_link import GameLink, not_saved
from tabletop.ui.shell.store_link import Debouncer

__all__ = ["KeptSheets"]


class KeptSheets:
    """What the database has of the sheets of the round shown (texts and revisions)."""

    def __init__(self, link: GameLink, flush: Callable[[], None]) -> None:
        """``flush`` writes the sheets; it runs a moment after :meth:`touch`."""
        self.link = link
        self.saved: dict[str, str] = {}  # the sheets as the database has them
        self.revs: dict[str, int] = {}  # their revisions there
        self.round = 0  # the round they were typed for
        self.saver = Debouncer(flush, loop=link.loop)

    @property
    def pending(self) -> bool:
        """Whether typing waits to be written."""
        return self.saver.pending

    def touch(self) -> None:
        """Keep the typed sheets a moment after the last key pressed."""
        self.saver.touch()

    def write(self, round_: int, texts: Mapping[str, str]) -> None:
        """Write the sheets changed since the last write (``Refused`` on a problem)."""
        self.saver.pending = False
        link = self.link
        if link.store is None or link.game_id is None or link.gone:
            return
        if round_ != self.round:
            return  # typed for a position the page no longer shows
        for power, text in texts.items():
            if text == self.saved.get(power, ""):
                continue
            try:
                self.revs[power] = link.store.save_draft(
                    link.game_id, round_, power, text, actor=link.actor
                )
            except StoreError as error:
                raise not_saved(error, "warn") from error
            self.saved[power] = text

    def stored(self, round_: int, powers: Sequence[str]) -> dict[str, tuple[str, int]]:
        """The sheets kept for ``round_``: power → (text, revision)."""
        link = self.link
        if link.store is None or link.game_id is None:
            return {}
        try:
            kept = link.store.drafts(link.game_id, round_)
        except StoreError:
            return {}
        return {p: (d.text, d.rev) for p, d in kept.items() if p in powers}

    def load(
        self, round_: int, powers: Sequence[str], typed: Mapping[str, str] | None
    ) -> dict[str, str] | None:
        """The sheets of a position now shown: the ones kept for it, else ``typed``."""
        self.saver.pending = False
        kept = self.stored(round_, powers)
        self.round = round_
        self.saved = {p: text for p, (text, _rev) in kept.items()}
        self.revs = {p: rev for p, (_text, rev) in kept.items()}
        texts = dict(typed or {})
        texts.update({p: text for p, text in self.saved.items() if text.strip()})
        return texts or None

    def news(self, round_: int, powers: Sequence[str], texts: Mapping[str, str]) -> dict[str, str]:
        """The sheets another page typed for ``round_`` that differ from ``texts`` (none while
        a sheet is being typed here)."""
        if self.saver.pending:
            return {}
        news = {}
        for power, (text, rev) in self.stored(round_, powers).items():
            if rev > self.revs.get(power, 0) and text != texts.get(power, ""):
                news[power] = text
            self.revs[power] = rev
            self.saved[power] = text
        return news
