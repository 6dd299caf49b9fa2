"""The board editor's controller: the board being edited, its photo, where it is kept.

Only the controller writes its traits; the parts call its intents (``start_*``, ``tap``,
``set_*``, ``undo``, ``save``...) and redraw when ``revision`` changes. Every intent that fails
leaves the board as it was and says why in ``message``; no traceback reaches the page. Every
change is kept at once as work in progress (:meth:`Boards.save_work`), so a closed tab loses
nothing; the start choices then offer to continue it.
"""

from __future__ import annotations

import base64
import functools
import io
import json
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

import traitlets

from tabletop.fileio import FileFormatError, parse_json_bytes
from tabletop.games.africa1880.board_draft import BoardDraft, DraftError
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES
from tabletop.i18n.languages import Lang
from tabletop.store import Store, StoreError
from tabletop.ui.board_editor.scene import Mode
from tabletop.ui.board_editor.texts import t
from tabletop.ui.shell.traits import EnumTrait, MessageKind, page_lang

if TYPE_CHECKING:
    from tabletop.games.africa1880.tracing import Photo

__all__ = ["BoardEditorController", "Stage", "WORK_KEY", "PHOTO_KEY"]

#: Where the unfinished board is kept (the editor is the server owner's page: one at a time).
WORK_KEY = "board-editor"
#: Where its photo is kept, apart: written once per photo, not at every tap.
PHOTO_KEY = "board-editor-photo"
#: The longer side of the copy of a photo kept with a board (JPEG).
KEPT_PHOTO_SIDE = 1600

Point = tuple[float, float]
F = TypeVar("F", bound=Callable[..., Any])


class Stage(str, Enum):
    """Choosing how to start, or editing."""

    START = "start"
    EDIT = "edit"

    def __str__(self) -> str:
        return str(self.value)


def _guarded(method: F) -> F:
    """An intent whose refusal becomes the page's message (the board is left as it was)."""

    @functools.wraps(method)
    def run(self: BoardEditorController, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except DraftError as error:
            self.say(error.text(self.lang), MessageKind.ERROR)
        except (FileFormatError, StoreError, ValueError) as error:
            self.say(str(error), MessageKind.ERROR)
        return None

    return run  # type: ignore[return-value]


class BoardEditorController(traitlets.HasTraits):
    """The board being edited and the intents of the page."""

    lang = EnumTrait(Lang, default_value=Lang.EN)
    stage = EnumTrait(Stage, default_value=Stage.START)
    mode = EnumTrait(Mode, default_value=Mode.SELECT)
    #: The territory chosen (0: none).
    selected = traitlets.Int(0)
    #: Bumped whenever what the map or the panels show changes.
    revision = traitlets.Int(0)
    message = traitlets.Unicode("")
    message_kind = EnumTrait(MessageKind, default_value=MessageKind.OK)

    def __init__(self, store: Store | None = None, lang: str = "en", problem: str = "") -> None:
        super().__init__()
        self.lang = page_lang(lang)
        self.store = store
        self.draft: BoardDraft | None = None
        #: The photo (JPEG or PNG bytes, reduced) shown under the drawing, kept with the board.
        self.photo: bytes | None = None
        self.traced_photo: Photo | None = None
        self.board_id: int | None = None
        self.pending: tuple[Point, ...] = ()
        self.gap = 2
        self.smallest = 0.1
        self._kept: tuple[object, int | None] | None = None  # the state last kept
        if problem:
            self.say(t("store_missing", self.lang, error=problem), MessageKind.WARN)

    # ----------------------------------------------------------------- messages

    def say(self, text: str, kind: MessageKind = MessageKind.OK) -> None:
        """Show ``text`` on the page's message line."""
        self.message_kind = kind
        self.message = text

    def set_lang(self, lang: str) -> None:
        self.lang = page_lang(lang)
        self._changed(keep=False)

    def _boards(self) -> Any:
        if self.store is None:
            return None
        # Imported here: the page opens before the boards' table is first needed.
        from tabletop.store.boards import Boards

        return Boards(self.store)

    # ----------------------------------------------------------------- starting

    def _begin(
        self,
        draft: BoardDraft,
        photo: bytes | None,
        board_id: int | None = None,
        mode: Mode = Mode.SELECT,
    ) -> None:
        self.draft = draft
        self.photo = photo
        self.board_id = board_id
        self.pending = ()
        self.selected = 0
        self.mode = mode
        self.stage = Stage.EDIT
        self._keep_photo()
        self._changed()

    @_guarded
    def start_bundled(self) -> None:
        """Edit a copy of the bundled board."""
        self.traced_photo = None
        self._begin(BoardDraft.bundled(), None)
        self.say(t("done", self.lang))

    @_guarded
    def start_blank(self, width: float = 1000, height: float = 1000) -> None:
        """A blank board whose territories are drawn by hand."""
        self.traced_photo = None
        self._begin(BoardDraft.blank(width, height), None, mode=Mode.DRAW)
        self.say(t("hint_draw", self.lang))

    @_guarded
    def start_photo(self, data: bytes) -> None:
        """Find the territories of a photo of the board and edit what was found."""
        try:
            from tabletop.games.africa1880.tracing import PhotoError, TraceSettings, read_photo
        except ImportError:
            self.say(t("tracer_missing", self.lang), MessageKind.ERROR)
            return
        settings = TraceSettings(gap=self.gap, smallest=self.smallest)
        try:
            photo = read_photo(bytes(data), settings)
        except PhotoError as error:
            self.say(t("photo_bad", self.lang, error=str(error)), MessageKind.ERROR)
            return
        draft = self._traced(photo)
        if draft is None:
            return
        self.traced_photo = photo
        self._begin(draft, _kept_copy(photo))
        self.say(t("traced", self.lang, n=len(draft.ids())))

    def _traced(self, photo: Photo) -> BoardDraft | None:
        from tabletop.games.africa1880.tracing import (
            PhotoError,
            TraceSettings,
            proposed_board,
            trace,
        )

        try:
            regions = trace(photo, TraceSettings(gap=self.gap, smallest=self.smallest))
            return BoardDraft.from_tracing(proposed_board(regions))
        except PhotoError as error:
            self.say(t("photo_bad", self.lang, error=str(error)), MessageKind.ERROR)
            return None

    @_guarded
    def retrace(self, gap: int, smallest: float) -> None:
        """Find the territories again with other settings (one edit: undo brings back the
        previous ones); names already typed stay on the territories under them."""
        self.gap, self.smallest = int(gap), float(smallest)
        if self.traced_photo is None or self.draft is None:
            return
        draft = self._traced(self.traced_photo)
        if draft is None:
            return
        self.draft.replace_with(draft)
        self.selected = 0
        self.pending = ()
        self._changed()
        self.say(t("traced", self.lang, n=len(self.draft.ids())))

    @_guarded
    def open_file(self, data: bytes, name: str = "board.json") -> None:
        """Edit a board file (with its drawing when it has one)."""
        try:
            raw = parse_json_bytes(bytes(data), MAX_BOARD_BYTES)
        except FileFormatError as error:
            self.say(t("file_bad", self.lang, error=error.reason), MessageKind.ERROR)
            return
        try:
            draft = BoardDraft.from_board_file(raw, name)
        except FileFormatError as error:
            self.say(t("file_bad", self.lang, error=error.reason), MessageKind.ERROR)
            return
        self.traced_photo = None
        self._begin(draft, None)
        self.say(t("done", self.lang))

    def saved_boards(self) -> list[tuple[str, int]]:
        """(label, board id) of every saved board, the newest first."""
        boards = self._boards()
        if boards is None:
            return []
        try:
            return [(b.label(), b.board_id) for b in boards.list()]
        except StoreError:
            return []

    @_guarded
    def open_saved(self, board_id: int) -> None:
        """Edit the newest version of a saved board (saving makes its next version)."""
        boards = self._boards()
        if boards is None:
            return
        draft = BoardDraft.from_board_file(boards.get(board_id), f"board {board_id}")
        self.traced_photo = None
        self._begin(draft, boards.photo(board_id), board_id)
        self.say(t("done", self.lang))

    def work_name(self) -> str | None:
        """The name of the board kept unfinished, or None when there is none."""
        work = self._work()
        if work is None:
            return None
        name = str(work.get("draft", {}).get("name", "")).strip()
        return name or "…"

    def _work(self) -> dict[str, Any] | None:
        boards = self._boards()
        if boards is None:
            return None
        try:
            work: dict[str, Any] | None = boards.work(WORK_KEY)
        except StoreError:
            return None
        return work

    @_guarded
    def continue_work(self) -> None:
        """Go on with the board kept unfinished (its photo too)."""
        work = self._work()
        if work is None:
            return
        draft = BoardDraft.from_json(work.get("draft"))
        photo = None
        kept = self._boards().work(PHOTO_KEY)
        if kept is not None and isinstance(kept.get("photo"), str):
            photo = base64.b64decode(kept["photo"])
        board_id = work.get("board_id")
        self.traced_photo = None
        self.draft = draft
        self.photo = photo
        self.board_id = board_id if isinstance(board_id, int) else None
        self.pending = ()
        self.selected = 0
        self.stage = Stage.EDIT
        self._changed(keep=False)
        self.say(t("done", self.lang))

    def back_to_start(self) -> None:
        """Show the start choices again (the board stays kept as work in progress)."""
        self.pending = ()
        self.stage = Stage.START
        self.revision += 1

    # ----------------------------------------------------------------- keeping

    def _changed(self, keep: bool = True) -> None:
        self.revision += 1
        if keep:
            self._keep_work()

    def _keep_work(self) -> None:
        boards = self._boards()
        if boards is None or self.draft is None:
            return
        kept = (self.draft.state, self.board_id)
        if self._kept is not None and self._kept[0] is kept[0] and self._kept[1] == kept[1]:
            return  # a tap that only chose a territory: nothing new to keep
        try:
            boards.save_work(WORK_KEY, {"draft": self.draft.to_json(), "board_id": self.board_id})
            self._kept = kept
        except StoreError as error:
            self.say(t("not_saved", self.lang, error=str(error)), MessageKind.WARN)

    def _keep_photo(self) -> None:
        boards = self._boards()
        if boards is None:
            return
        try:
            if self.photo is None:
                boards.drop_work(PHOTO_KEY)
            else:
                encoded = base64.b64encode(self.photo).decode("ascii")
                boards.save_work(PHOTO_KEY, {"photo": encoded})
        except StoreError as error:
            self.say(t("not_saved", self.lang, error=str(error)), MessageKind.WARN)

    # ----------------------------------------------------------------- taps

    def set_mode(self, mode: Mode | str) -> None:
        """What taps do now (a cut or an outline being placed is dropped)."""
        self.mode = Mode(mode)
        self.pending = ()
        # Drawing keeps the territory chosen: its outline may be the one drawn again.
        if self.mode in (Mode.MERGE, Mode.BRIDGE, Mode.SPLIT):
            self.selected = 0
        self.revision += 1
        self.say(self.hint())

    def hint(self) -> str:
        """What the next tap does, in the page's language."""
        lang, draft = self.lang, self.draft
        chosen = draft.label(self.selected, lang) if draft and self.selected else ""
        if self.mode == Mode.MERGE:
            return t("hint_merge_second", lang, name=chosen) if chosen else t("hint_merge", lang)
        if self.mode == Mode.BRIDGE:
            return t("hint_bridge_second", lang, name=chosen) if chosen else t("hint_bridge", lang)
        if self.mode == Mode.SPLIT:
            return t("hint_split_second", lang) if self.pending else t("hint_split", lang)
        if self.mode == Mode.DRAW:
            if self.pending:
                return t("hint_draw_points", lang, n=len(self.pending))
            return t("hint_draw", lang)
        if self.mode == Mode.LINKS:
            return t("hint_links_of", lang, name=chosen) if chosen else t("hint_links", lang)
        return t("hint_select", lang)

    @_guarded
    def tap(self, x: float, y: float) -> None:
        """A click or a tap at (x, y) in the drawing's pixels, read in the current mode."""
        draft = self.draft
        if draft is None:
            return
        if self.mode == Mode.DRAW:
            self.pending = (*self.pending, (float(x), float(y)))
            self.revision += 1
            self.say(self.hint())
            return
        if self.mode == Mode.SPLIT:
            self._tap_split(draft, (float(x), float(y)))
            return
        tid = draft.at(x, y)
        if tid is None:
            return
        if self.mode == Mode.SELECT:
            self.selected = tid
        elif self.mode == Mode.MERGE:
            self._second_tap(tid, draft.merge)
        elif self.mode == Mode.BRIDGE:
            self._second_tap(tid, draft.toggle_bridge)
        elif self.mode == Mode.LINKS:
            # The chosen territory is the one whose neighbours are tapped on and off; tapping
            # it again lets it go, so that the next tap chooses another.
            if not self.selected:
                self.selected = tid
            elif self.selected == tid:
                self.selected = 0
            else:
                draft.toggle_link(self.selected, tid)
        self._changed()
        self.say(self.hint())

    def _second_tap(self, tid: int, edit: Callable[[int, int], None]) -> None:
        if not self.selected:
            self.selected = tid
            return
        first, self.selected = self.selected, 0
        if first != tid:
            edit(first, tid)

    def _tap_split(self, draft: BoardDraft, point: Point) -> None:
        if not self.pending:
            self.pending = (point,)
            self.revision += 1
            self.say(self.hint())
            return
        start, self.pending = self.pending[0], ()
        mid = ((start[0] + point[0]) / 2, (start[1] + point[1]) / 2)
        tid = draft.at(*mid)
        if tid is None:
            self.revision += 1
            raise DraftError("cut_misses")
        self.selected = draft.split(tid, start, point)
        self._changed()
        self.say(self.hint())

    @_guarded
    def close_outline(self) -> None:
        """Make the points placed in Draw mode a territory (selected, to be named)."""
        if self.draft is None:
            return
        points, self.pending = self.pending, ()
        self.revision += 1
        # Still drawing: the next outline can follow; the new territory is chosen, to be named.
        self.selected = self.draft.add_territory([points])
        self._changed()
        self.say(self.hint())

    @_guarded
    def replace_outline(self) -> None:
        """Make the points placed in Draw mode the chosen territory's outline (drawn again by
        hand where the photo was poor); its name and borders stay."""
        if self.draft is None or not self.selected:
            return
        points, self.pending = self.pending, ()
        self.revision += 1
        self.draft.set_outline(self.selected, [points])
        self._changed()
        self.say(self.hint())

    def cancel_pending(self) -> None:
        """Forget the points placed."""
        self.pending = ()
        self.revision += 1
        self.say(self.hint())

    def undo(self) -> None:
        if self.draft is not None and self.draft.can_undo:
            self.draft.undo()
            self._after_history()

    def redo(self) -> None:
        if self.draft is not None and self.draft.can_redo:
            self.draft.redo()
            self._after_history()

    def _after_history(self) -> None:
        assert self.draft is not None
        if self.selected not in self.draft.state.territories:
            self.selected = 0
        self.pending = ()
        self._changed()

    # ----------------------------------------------------------------- the selected territory

    def select(self, tid: int) -> None:
        """Choose a territory (0: none)."""
        if self.draft is not None and (tid == 0 or tid in self.draft.state.territories):
            self.selected = tid
            self.revision += 1

    def walk(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) territory of the walk "Territory 12 of 32"."""
        if self.draft is None or not self.draft.ids():
            return
        ids = self.draft.ids()
        if self.selected in ids:
            index = (ids.index(self.selected) + step) % len(ids)
        else:
            index = 0 if step >= 0 else len(ids) - 1
        self.selected = ids[index]
        self.revision += 1

    def _edit_selected(self, edit: Callable[[int], None]) -> None:
        if self.draft is None or not self.selected:
            return
        before = self.draft.state
        edit(self.selected)
        if self.draft.state is not before:
            self._changed()

    @_guarded
    def set_name(self, name: str) -> None:
        assert self.draft is not None
        self._edit_selected(lambda tid: self.draft.rename(tid, name))  # type: ignore[union-attr]

    @_guarded
    def set_other_names(self, fr: str, de: str) -> None:
        self._edit_selected(lambda tid: self.draft.set_names(tid, fr, de))  # type: ignore[union-attr]

    @_guarded
    def set_aliases(self, text: str) -> None:
        aliases = [a for a in text.split(",")]
        self._edit_selected(lambda tid: self.draft.set_aliases(tid, aliases))  # type: ignore[union-attr]

    @_guarded
    def set_spaces(self, spaces: int) -> None:
        self._edit_selected(lambda tid: self.draft.set_spaces(tid, int(spaces)))  # type: ignore[union-attr]

    @_guarded
    def set_coastal(self, coastal: bool) -> None:
        self._edit_selected(lambda tid: self.draft.set_coastal(tid, coastal))  # type: ignore[union-attr]

    @_guarded
    def confirm_selected(self, confirmed: bool = True) -> None:
        """The selected territory's neighbours are right; the walk goes on to the next one."""
        self._edit_selected(lambda tid: self.draft.confirm(tid, confirmed))  # type: ignore[union-attr]
        if confirmed:
            self.walk(1)

    @_guarded
    def erase_selected(self) -> None:
        self._edit_selected(lambda tid: self.draft.erase(tid))  # type: ignore[union-attr]
        self.selected = 0
        self.revision += 1

    @_guarded
    def set_start(self, power: str, tid: int | None) -> None:
        if self.draft is None:
            return
        before = self.draft.state
        self.draft.set_start(power, tid or None)
        if self.draft.state is not before:
            self._changed()

    @_guarded
    def set_board_name(self, name: str) -> None:
        if self.draft is None:
            return
        before = self.draft.state
        self.draft.set_board_name(name)
        if self.draft.state is not before:
            self._changed()

    # ----------------------------------------------------------------- saving

    def problems(self) -> list[str]:
        return [] if self.draft is None else self.draft.problems(self.lang)

    @_guarded
    def save(self) -> int | None:
        """Save the board as a new version (never over an older one); returns the version."""
        if self.draft is None:
            return None
        if self.draft.problems(self.lang):
            self.say(t("save_refused", self.lang), MessageKind.ERROR)
            return None
        boards = self._boards()
        if boards is None:
            self.say(t("not_saved", self.lang, error="no database"), MessageKind.ERROR)
            return None
        board = self.draft.to_board()
        saved = boards.save(board["name"], board, board_id=self.board_id, photo=self.photo)
        self.board_id = saved.board_id
        self._keep_work()
        self.say(t("saved", self.lang, version=saved.version))
        return int(saved.version)

    def export(self) -> tuple[str, bytes]:
        """The board file (with its drawing) to download: its file name and bytes."""
        assert self.draft is not None
        text = json.dumps(self.draft.to_board(), ensure_ascii=False, indent=1)
        slug = "".join(c if c.isalnum() else "-" for c in self.draft.state.name.lower())
        slug = "-".join(part for part in slug.split("-") if part)[:40] or "board"
        return f"{slug}.json", text.encode("utf-8")


def _kept_copy(photo: Photo) -> bytes:
    """The photo as kept with the board: its working pixels as a JPEG of moderate size."""
    from PIL import Image

    image = Image.fromarray(photo.pixels)
    image.thumbnail((KEPT_PHOTO_SIDE, KEPT_PHOTO_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=82)
    return out.getvalue()
