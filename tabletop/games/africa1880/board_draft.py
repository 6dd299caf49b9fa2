"""A board being edited: territories with their outlines, names, spaces, coasts and borders,
every edit undoable, every problem listed at once, written out as a board file with its drawing.

The board editor page keeps one :class:`BoardDraft`; this module knows no widget. Territories are
keyed by a stable number (their id), so a rename changes nothing else. Borders are kept as
unordered pairs, so a border is always seen from both sides: there is no way to make a one-way
neighbour. A land bridge is a border between two territories that do not touch (drawn dashed).

>>> draft = BoardDraft.blank(100, 100)
>>> a = draft.add_territory([[(0, 0), (50, 0), (50, 50), (0, 50)]])
>>> b = draft.add_territory([[(50, 0), (100, 0), (100, 50), (50, 50)]])
>>> draft.rename(a, "Egypt"); draft.rename(b, "Sudan"); draft.toggle_link(a, b)
>>> draft.at(20, 20) == a, draft.neighbours(b) == {a}
(True, True)
>>> draft.undo(); draft.neighbours(b)
frozenset()
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.games.africa1880.board import BOARD_FORMAT, BOARD_VERSION, Board, BoardError
from tabletop.games.africa1880.board_check import MAX_SPACES, MIN_SPACES, board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.geometry import Geometry, load_geometry
from tabletop.games.africa1880.powers import POWERS
from tabletop.i18n.keys.board_editor import BOARD_EDITOR

__all__ = [
    "BoardDraft",
    "DraftError",
    "DraftState",
    "DraftTerritory",
    "Progress",
    "WORK_FORMAT",
    "cut_ring",
    "inside_ring",
    "label_point",
    "ring_area",
]

Point = tuple[float, float]
Ring = tuple[Point, ...]
Pair = tuple[int, int]

#: The format of a draft kept as JSON (work in progress).
WORK_FORMAT = "tabletop.africa1880.board-draft"
#: Default development spaces of a territory found or drawn.
DEFAULT_SPACES = 2
# Placeholder names a tracing gives ("T1", "T2", ...): a territory still to be named.
_PLACEHOLDER = re.compile(r"^T\d+$")


class DraftError(ValueError):
    """An edit the draft refuses; ``code`` is the key of its sentence in ``BOARD_EDITOR``."""

    def __init__(self, code: str, **values: Any) -> None:
        self.code = code
        self.values = values
        super().__init__(BOARD_EDITOR[code].render("en", **values))

    def text(self, lang: str = "en") -> str:
        """The refusal in ``lang``."""
        return BOARD_EDITOR[self.code].render(lang, **self.values)


@dataclass(frozen=True)
class DraftTerritory:
    """One territory being edited; its outline is one or more rings in the drawing's pixels."""

    name: str = ""
    fr: str = ""
    de: str = ""
    aliases: tuple[str, ...] = ()
    spaces: int = DEFAULT_SPACES
    coastal: bool = False
    rings: tuple[Ring, ...] = ()
    label: Point = (0.0, 0.0)


@dataclass(frozen=True)
class DraftState:
    """The whole board at one moment (immutable: undo keeps the states themselves)."""

    name: str
    width: float
    height: float
    territories: Mapping[int, DraftTerritory]
    links: frozenset[Pair] = frozenset()
    bridges: frozenset[Pair] = frozenset()
    confirmed: frozenset[int] = frozenset()
    starts: Mapping[str, int] = field(default_factory=dict)
    next_id: int = 1


@dataclass(frozen=True)
class Progress:
    """The numbers of the progress line."""

    total: int
    named: int
    isolated: int
    confirmed: int

    def text(self, lang: str = "en") -> str:
        """ "23 of 32 named, 4 without neighbours, 10 confirmed"."""
        return BOARD_EDITOR["progress"].render(
            lang,
            named=self.named,
            total=self.total,
            isolated=self.isolated,
            confirmed=self.confirmed,
        )


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


# --------------------------------------------------------------------------- plane geometry


def ring_area(ring: Sequence[Point]) -> float:
    """The area enclosed by ``ring`` (shoelace formula, always positive)."""
    total = 0.0
    for i, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(i + 1) % len(ring)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def inside_ring(x: float, y: float, ring: Sequence[Point]) -> bool:
    """Whether (x, y) lies inside ``ring`` (even-odd ray casting)."""
    inside = False
    count = len(ring)
    for i in range(count):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % count]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def label_point(rings: Sequence[Ring]) -> Point:
    """A point inside the largest ring where a name can go: its centroid when that lies inside,
    else the middle of the widest inside stretch of the horizontal line through its middle."""
    ring = max(rings, key=ring_area)
    cx = sum(p[0] for p in ring) / len(ring)
    cy = sum(p[1] for p in ring) / len(ring)
    if inside_ring(cx, cy, ring):
        return (round(cx, 2), round(cy, 2))
    ys = sorted(p[1] for p in ring)
    y = (ys[0] + ys[-1]) / 2 + 1e-6
    crossings = []
    for i, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(i + 1) % len(ring)]
        if (y1 > y) != (y2 > y):
            crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    crossings.sort()
    spans = [(crossings[i], crossings[i + 1]) for i in range(0, len(crossings) - 1, 2)]
    if not spans:
        return (round(cx, 2), round(cy, 2))
    left, right = max(spans, key=lambda s: s[1] - s[0])
    return (round((left + right) / 2, 2), round(y, 2))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def cut_ring(ring: Ring, start: Point, end: Point) -> tuple[Ring, Ring] | None:
    """``ring`` cut in two by the line through ``start`` and ``end``, or None when that line
    does not cross it. Where the line crosses more than twice (a concave outline), the stretch
    inside the ring nearest to the middle of the two points is cut."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if dx == 0 and dy == 0:
        return None
    hits: list[tuple[float, int, Point]] = []  # (position along the line, edge, point)
    count = len(ring)
    for i in range(count):
        p, q = ring[i], ring[(i + 1) % count]
        side_p, side_q = _cross(start, end, p), _cross(start, end, q)
        if (side_p > 0) == (side_q > 0) or side_p == side_q:
            continue
        t = side_p / (side_p - side_q)
        point = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
        s = ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / (dx * dx + dy * dy)
        hits.append((s, i, point))
    hits.sort()
    best: tuple[float, int, int] | None = None
    for k in range(len(hits) - 1):
        (s1, _, p1), (s2, _, p2) = hits[k], hits[k + 1]
        mid = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
        if not inside_ring(mid[0], mid[1], ring):
            continue
        distance = abs((s1 + s2) / 2 - 0.5)
        if best is None or distance < best[0]:
            best = (distance, k, k + 1)
    if best is None:
        return None
    (_, e1, p1), (_, e2, p2) = hits[best[1]], hits[best[2]]
    if e1 > e2:
        (e1, p1), (e2, p2) = (e2, p2), (e1, p1)
    rounded1 = (round(p1[0], 2), round(p1[1], 2))
    rounded2 = (round(p2[0], 2), round(p2[1], 2))
    first = (rounded1, *ring[e1 + 1 : e2 + 1], rounded2)
    second = (rounded2, *ring[e2 + 1 :], *ring[: e1 + 1], rounded1)
    if min(ring_area(first), ring_area(second)) <= 1e-6:
        return None  # the line runs along the outline: nothing is cut
    return first, second


# --------------------------------------------------------------------------- the draft


class BoardDraft:
    """The board being edited, with its undo and redo.

    Every edit replaces :attr:`state` by a new :class:`DraftState` (an edit that changes nothing
    is not kept); :meth:`undo` gives back the previous state itself.
    """

    def __init__(self, state: DraftState) -> None:
        self._state = state
        self._undo: list[DraftState] = []
        self._redo: list[DraftState] = []
        self._boxes: dict[int, tuple[DraftTerritory, float, float, float, float]] = {}
        self._checked: tuple[object, list[str]] | None = None

    # ----------------------------------------------------------------- constructors

    @classmethod
    def blank(cls, width: float = 1000, height: float = 1000, name: str = "") -> BoardDraft:
        """An empty board over a blank canvas: territories are drawn by hand."""
        return cls(DraftState(name=name, width=float(width), height=float(height), territories={}))

    @classmethod
    def from_board(
        cls,
        board: Board,
        geometry: Geometry | None,
        drawing: Mapping[str, Any] | None = None,
        order: Sequence[str] = (),
    ) -> BoardDraft:
        """A draft of a checked board and its drawing (``geometry`` or a board file's
        ``drawing`` dict); territories without a drawing get none (they can be drawn). The walk
        follows ``order`` (names of the board), then the other names alphabetically."""
        width, height, shapes = 1000.0, 1000.0, {}
        if geometry is not None:
            width, height = geometry.width, geometry.height
            shapes = {
                name: (geometry.polygons[name], geometry.labels[name]) for name in geometry.polygons
            }
        elif drawing is not None:
            width, height, shapes = _read_drawing(drawing)
        territories: dict[int, DraftTerritory] = {}
        ids: dict[str, int] = {}
        listed = [board.lookup(name) for name in order if name in board]
        ordered = list(dict.fromkeys([*listed, *board.names]))
        for number, name in enumerate(ordered, start=1):
            territory = board.territories[name]
            rings, label = shapes.get(name, ((), (0.0, 0.0)))
            territories[number] = DraftTerritory(
                name=name,
                fr=territory.names.get("fr", ""),
                de=territory.names.get("de", ""),
                aliases=territory.aliases,
                spaces=territory.spaces,
                coastal=territory.coastal,
                rings=tuple(tuple((float(x), float(y)) for x, y in ring) for ring in rings),
                label=(float(label[0]), float(label[1])),
            )
            ids[name] = number
        links = frozenset(
            _pair(ids[name], ids[other])
            for name in board.names
            for other in board.territories[name].neighbours
        )
        starts = {power: ids[name] for power, name in board.historical_starts.items()}
        state = DraftState(
            name=board.name,
            width=float(width),
            height=float(height),
            territories=territories,
            links=links,
            starts=starts,
            next_id=len(territories) + 1,
        )
        draft = cls(state)
        draft._state = replace(state, bridges=draft._untouching(links))
        return draft

    @classmethod
    def bundled(cls) -> BoardDraft:
        """The bundled board with its drawing, to edit into one's own."""
        board = load_board()
        return cls.from_board(board, load_geometry(board))

    @classmethod
    def from_board_file(cls, data: object, source: str = "<file>") -> BoardDraft:
        """A draft of a board file (a dict read from JSON), with its ``"drawing"`` when it has
        one. Raises :class:`~tabletop.games.africa1880.board.BoardError` for a bad file."""
        board = board_from_dict(data, source)  # the drawing checked too
        listed = data.get("territories") if isinstance(data, dict) else None
        order = [
            entry["name"]
            for entry in (listed if isinstance(listed, list) else [])
            if isinstance(entry, dict) and isinstance(entry.get("name"), str)
        ]
        return cls.from_board(board, load_geometry(board), order=order)

    @classmethod
    def from_tracing(cls, proposed: Mapping[str, Any], name: str = "") -> BoardDraft:
        """A draft of what a tracing found (the board dict of ``tracing.proposed_board``): its
        placeholder names (``T1``...) are left for the author to replace, its proposed coasts
        and neighbours kept to be confirmed."""
        draft = cls.from_board_file(dict(proposed), "<tracing>")
        state = draft.state
        unnamed = {
            tid: replace(t, name="") if _PLACEHOLDER.match(t.name) else t
            for tid, t in state.territories.items()
        }
        draft._state = replace(state, territories=unnamed, name=name or state.name)
        return draft

    # ----------------------------------------------------------------- reading

    @property
    def state(self) -> DraftState:
        """The board now."""
        return self._state

    def ids(self) -> list[int]:
        """Territory ids in the order of the walk ("Territory 12 of 32")."""
        return sorted(self._state.territories)

    def territory(self, tid: int) -> DraftTerritory:
        """The territory ``tid``; :class:`DraftError` when there is none."""
        try:
            return self._state.territories[tid]
        except KeyError:
            raise DraftError("no_such") from None

    def number(self, tid: int) -> int:
        """The territory's place in the walk, from 1."""
        return self.ids().index(tid) + 1

    def label(self, tid: int, lang: str = "en") -> str:
        """The territory's name, or "territory 12" while it has none."""
        name = self.territory(tid).name.strip()
        if name:
            return name
        return BOARD_EDITOR["territory_number"].render(lang, number=self.number(tid))

    def neighbours(self, tid: int) -> frozenset[int]:
        """The territories sharing a border (or a land bridge) with ``tid``."""
        return frozenset(b if a == tid else a for a, b in self._state.links if tid in (a, b))

    def is_bridge(self, a: int, b: int) -> bool:
        """Whether the border between ``a`` and ``b`` is a land bridge."""
        return _pair(a, b) in self._state.bridges

    def at(self, x: float, y: float) -> int | None:
        """The territory drawn under (x, y) (the last drawn, where outlines overlap), or None."""
        for tid in sorted(self._state.territories, reverse=True):
            territory = self._state.territories[tid]
            box = self._box(tid, territory)
            if box is None or not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
                continue
            if any(inside_ring(x, y, ring) for ring in territory.rings):
                return tid
        return None

    def _box(self, tid: int, territory: DraftTerritory) -> tuple[float, float, float, float] | None:
        cached = self._boxes.get(tid)
        if cached is not None and cached[0] is territory:
            return cached[1:]
        if not territory.rings:
            return None
        xs = [p[0] for ring in territory.rings for p in ring]
        ys = [p[1] for ring in territory.rings for p in ring]
        self._boxes[tid] = (territory, min(xs), min(ys), max(xs), max(ys))
        return min(xs), min(ys), max(xs), max(ys)

    def progress(self) -> Progress:
        """How far the board is: territories named, without neighbours, confirmed."""
        state = self._state
        linked = {tid for pair in state.links for tid in pair}
        return Progress(
            total=len(state.territories),
            named=sum(1 for t in state.territories.values() if t.name.strip()),
            isolated=sum(1 for tid in state.territories if tid not in linked),
            confirmed=len(state.confirmed & set(state.territories)),
        )

    def suggestions(self, text: str = "", limit: int = 8) -> list[str]:
        """Names of the bundled board no territory has yet, those starting like ``text`` first."""
        used = {normalize_name(t.name) for t in self._state.territories.values() if t.name}
        free = [name for name in load_board().names if normalize_name(name) not in used]
        key = normalize_name(text)
        if key:
            free = [n for n in free if normalize_name(n).startswith(key)] + [
                n
                for n in free
                if key in normalize_name(n) and not normalize_name(n).startswith(key)
            ]
        return free[:limit]

    def problems(self, lang: str = "en") -> list[str]:
        """Every problem of the board at once: the board file's checks (names, neighbours,
        historical starts), then unnamed and isolated territories."""
        state = self._state
        found: list[str] = []
        if not state.territories:
            return [BOARD_EDITOR["no_territory"].render(lang)]
        for tid in self.ids():
            if not state.territories[tid].name.strip():
                found.append(BOARD_EDITOR["unnamed"].render(lang, number=self.number(tid)))
        found.extend(self._file_problems())
        # An island reached only by landings may have no neighbour; an inland territory may not.
        linked = {tid for pair in state.links for tid in pair}
        for tid in self.ids():
            territory = state.territories[tid]
            if tid not in linked and territory.name.strip() and not territory.coastal:
                found.append(BOARD_EDITOR["isolated"].render(lang, name=self.label(tid, lang)))
        return found

    def _file_problems(self) -> list[str]:
        """The board file's checks, run again only when what they read changed: a border
        tapped on or off changes nothing they can find while the names are distinct (borders
        are symmetric and between known territories by construction)."""
        state = self._state
        data = tuple(
            (tid, t.name, t.fr, t.de, t.aliases, t.spaces, t.coastal)
            for tid, t in sorted(state.territories.items())
        )
        keys = [normalize_name(t.name) for t in state.territories.values() if t.name.strip()]
        links = state.links if len(set(keys)) < len(keys) else None
        key = (state.name, data, tuple(sorted(state.starts.items())), links)
        if self._checked is not None and self._checked[0] == key:
            return self._checked[1]
        try:
            board_from_dict(self._board_dict(stand_in=True), state.name or "board")
            found: list[str] = []
        except BoardError as error:
            found = [p for p in error.problems if "unnamed territory #" not in p]
        self._checked = (key, found)
        return found

    # ----------------------------------------------------------------- writing out

    def _names(self, stand_in: bool) -> dict[int, str]:
        return {
            tid: t.name.strip() or (f"unnamed territory #{self.number(tid)}" if stand_in else "")
            for tid, t in self._state.territories.items()
        }

    def _board_dict(self, stand_in: bool) -> dict[str, Any]:
        state = self._state
        names = self._names(stand_in)
        territories = []
        for tid in self.ids():
            t = state.territories[tid]
            entry: dict[str, Any] = {"name": names[tid], "aliases": list(t.aliases)}
            display = {lang: text.strip() for lang, text in (("fr", t.fr), ("de", t.de))}
            display = {lang: text for lang, text in display.items() if text}
            if display:
                entry["names"] = display
            entry.update(
                coastal=t.coastal,
                spaces=t.spaces,
                neighbours=sorted(names[other] for other in self.neighbours(tid)),
            )
            territories.append(entry)
        return {
            "format": BOARD_FORMAT,
            "version": BOARD_VERSION,
            "name": state.name.strip() or "My board",
            "total_spaces": sum(t.spaces for t in state.territories.values()),
            "territories": territories,
            "historical_starts": {
                power: names[tid]
                for power, tid in sorted(state.starts.items())
                if tid in state.territories
            },
        }

    def drawing(self) -> dict[str, Any]:
        """The board's drawing as a board file carries it (territories by name)."""
        state = self._state
        names = self._names(stand_in=True)
        return {
            "width": state.width,
            "height": state.height,
            "territories": {
                names[tid]: {
                    "polygons": [[list(p) for p in ring] for ring in t.rings],
                    "label": list(t.label),
                }
                for tid, t in sorted(state.territories.items())
                if t.rings
            },
        }

    def to_board(self) -> dict[str, Any]:
        """The board file, with its drawing (``"drawing"``) when territories have outlines.
        Unnamed territories are written under a stand-in name (:meth:`problems` lists them)."""
        data = self._board_dict(stand_in=True)
        drawing = self.drawing()
        if drawing["territories"]:
            data["drawing"] = drawing
        return data

    def to_json(self) -> dict[str, Any]:
        """The draft as JSON data, to keep work in progress (:meth:`from_json` reads it back)."""
        state = self._state
        return {
            "format": WORK_FORMAT,
            "name": state.name,
            "width": state.width,
            "height": state.height,
            "next_id": state.next_id,
            "territories": {
                str(tid): {
                    "name": t.name,
                    "fr": t.fr,
                    "de": t.de,
                    "aliases": list(t.aliases),
                    "spaces": t.spaces,
                    "coastal": t.coastal,
                    "rings": [[list(p) for p in ring] for ring in t.rings],
                    "label": list(t.label),
                }
                for tid, t in sorted(state.territories.items())
            },
            "links": sorted(list(p) for p in state.links),
            "bridges": sorted(list(p) for p in state.bridges),
            "confirmed": sorted(state.confirmed),
            "starts": dict(sorted(state.starts.items())),
        }

    @classmethod
    def from_json(cls, data: object) -> BoardDraft:
        """A draft kept by :meth:`to_json`; :class:`DraftError` ("bad_work") when unreadable."""
        try:
            if not isinstance(data, dict) or data.get("format") != WORK_FORMAT:
                raise ValueError("not a board being edited")
            territories = {
                int(tid): DraftTerritory(
                    name=str(t["name"]),
                    fr=str(t["fr"]),
                    de=str(t["de"]),
                    aliases=tuple(str(a) for a in t["aliases"]),
                    spaces=int(t["spaces"]),
                    coastal=bool(t["coastal"]),
                    rings=tuple(
                        tuple((float(p[0]), float(p[1])) for p in ring) for ring in t["rings"]
                    ),
                    label=(float(t["label"][0]), float(t["label"][1])),
                )
                for tid, t in data["territories"].items()
            }
            state = DraftState(
                name=str(data["name"]),
                width=float(data["width"]),
                height=float(data["height"]),
                territories=territories,
                links=frozenset(_pair(int(a), int(b)) for a, b in data["links"]),
                bridges=frozenset(_pair(int(a), int(b)) for a, b in data["bridges"]),
                confirmed=frozenset(int(t) for t in data["confirmed"]),
                starts={str(p): int(t) for p, t in data["starts"].items()},
                next_id=int(data["next_id"]),
            )
        except (TypeError, KeyError, ValueError, IndexError, AttributeError) as error:
            raise DraftError("bad_work", error=str(error)[:200]) from None
        return cls(state)

    def to_text(self) -> str:
        """:meth:`to_board` as the text of a board file."""
        return json.dumps(self.to_board(), ensure_ascii=False, indent=1)

    # ----------------------------------------------------------------- undo

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        """Go back one edit (nothing when there is none)."""
        if self._undo:
            self._redo.append(self._state)
            self._state = self._undo.pop()

    def redo(self) -> None:
        """Make again the edit last undone (nothing when there is none)."""
        if self._redo:
            self._undo.append(self._state)
            self._state = self._redo.pop()

    def _apply(self, state: DraftState) -> None:
        if state == self._state:
            return
        self._undo.append(self._state)
        self._redo.clear()
        self._state = state

    def _edit(self, tid: int, **changes: Any) -> None:
        territory = self.territory(tid)
        new = replace(territory, **changes)
        if new != territory:
            territories = dict(self._state.territories)
            territories[tid] = new
            self._apply(replace(self._state, territories=territories))

    def replace_with(self, other: BoardDraft) -> None:
        """Take ``other``'s board as one edit (a new tracing of the photo): territories of
        ``other`` whose label lies in a territory of this board take its name, display names,
        aliases and spaces, so a retrace keeps what was already typed."""
        kept = dict(other.state.territories)
        for tid, territory in kept.items():
            if territory.name:
                continue
            old = self.at(*territory.label)
            if old is not None:
                before = self._state.territories[old]
                kept[tid] = replace(
                    territory,
                    name=before.name,
                    fr=before.fr,
                    de=before.de,
                    aliases=before.aliases,
                    spaces=before.spaces,
                )
        self._apply(replace(other.state, territories=kept, name=self._state.name))

    # ----------------------------------------------------------------- edits: a territory

    def set_board_name(self, name: str) -> None:
        """The board's title."""
        self._apply(replace(self._state, name=name[:200]))

    def rename(self, tid: int, name: str) -> None:
        """Name the territory (its English name, the one game files use)."""
        self._edit(tid, name=name.strip()[:100])

    def set_names(self, tid: int, fr: str = "", de: str = "") -> None:
        """Its French and German display names (empty: the English name is shown)."""
        self._edit(tid, fr=fr.strip()[:100], de=de.strip()[:100])

    def set_aliases(self, tid: int, aliases: Iterable[str]) -> None:
        """Other accepted spellings (empty ones dropped, each once)."""
        kept = tuple(dict.fromkeys(a.strip()[:100] for a in aliases if a.strip()))[:50]
        self._edit(tid, aliases=kept)

    def set_spaces(self, tid: int, spaces: int) -> None:
        """Its development spaces, 1 to 4."""
        if not MIN_SPACES <= spaces <= MAX_SPACES:
            raise DraftError("bad_spaces", spaces=spaces)
        self._edit(tid, spaces=spaces)

    def set_coastal(self, tid: int, coastal: bool) -> None:
        """Whether it touches the sea."""
        self._edit(tid, coastal=bool(coastal))

    def set_outline(self, tid: int, rings: Sequence[Sequence[Point]]) -> None:
        """Replace its outline (drawn by hand over a poor photo)."""
        clean = _clean_rings(rings)
        self._edit(tid, rings=clean, label=label_point(clean))

    # ----------------------------------------------------------------- edits: borders

    def toggle_link(self, a: int, b: int) -> None:
        """Make ``a`` and ``b`` neighbours, or no longer (always both ways)."""
        pair = self._link_pair(a, b)
        state = self._state
        if pair in state.links:
            self._apply(replace(state, links=state.links - {pair}, bridges=state.bridges - {pair}))
        else:
            self._apply(replace(state, links=state.links | {pair}))

    def toggle_bridge(self, a: int, b: int) -> None:
        """Join ``a`` and ``b`` by a land bridge (a border without touching), or remove it."""
        pair = self._link_pair(a, b)
        state = self._state
        if pair in state.bridges:
            self._apply(replace(state, links=state.links - {pair}, bridges=state.bridges - {pair}))
        else:
            self._apply(replace(state, links=state.links | {pair}, bridges=state.bridges | {pair}))

    def _link_pair(self, a: int, b: int) -> Pair:
        self.territory(a)
        self.territory(b)
        if a == b:
            raise DraftError("self_link")
        return _pair(a, b)

    def confirm(self, tid: int, confirmed: bool = True) -> None:
        """Mark the territory's neighbours as checked by the author (or not)."""
        self.territory(tid)
        state = self._state
        done = state.confirmed | {tid} if confirmed else state.confirmed - {tid}
        self._apply(replace(state, confirmed=done))

    def set_start(self, power: str, tid: int | None) -> None:
        """The historical starting territory of ``power`` (None: no start)."""
        if power not in POWERS:
            raise DraftError("unknown_power", power=power)
        starts = dict(self._state.starts)
        if tid is None:
            starts.pop(power, None)
        else:
            self.territory(tid)
            starts[power] = tid
        self._apply(replace(self._state, starts=starts))

    # ----------------------------------------------------------------- edits: outlines

    def add_territory(self, rings: Sequence[Sequence[Point]], name: str = "") -> int:
        """A new territory with the outline drawn (rings of 3+ points); returns its id."""
        clean = _clean_rings(rings)
        state = self._state
        tid = state.next_id
        territories = dict(state.territories)
        territories[tid] = DraftTerritory(name=name.strip(), rings=clean, label=label_point(clean))
        self._apply(replace(state, territories=territories, next_id=tid + 1))
        return tid

    def erase(self, tid: int) -> None:
        """Remove the territory, its borders and its starts."""
        self.territory(tid)
        state = self._state
        territories = {k: v for k, v in state.territories.items() if k != tid}
        self._apply(
            replace(
                state,
                territories=territories,
                links=frozenset(p for p in state.links if tid not in p),
                bridges=frozenset(p for p in state.bridges if tid not in p),
                confirmed=state.confirmed - {tid},
                starts={p: t for p, t in state.starts.items() if t != tid},
            )
        )

    def merge(self, keep: int, gone: int) -> None:
        """Make ``gone`` part of ``keep`` (one region the tracing cut in two): ``keep`` keeps
        its name and data and gains the other's outline and borders."""
        if keep == gone:
            raise DraftError("self_link")
        first, second = self.territory(keep), self.territory(gone)
        state = self._state
        rings = first.rings + second.rings
        label = first.label if _area(first) >= _area(second) else second.label
        territories = {k: v for k, v in state.territories.items() if k != gone}
        territories[keep] = replace(
            first, rings=rings, label=label, coastal=first.coastal or second.coastal
        )

        def moved(pairs: frozenset[Pair]) -> frozenset[Pair]:
            out = {_pair(keep if a == gone else a, keep if b == gone else b) for a, b in pairs}
            return frozenset(p for p in out if p[0] != p[1])

        self._apply(
            replace(
                state,
                territories=territories,
                links=moved(state.links),
                bridges=moved(state.bridges),
                confirmed=state.confirmed - {keep, gone},
                starts={p: keep if t == gone else t for p, t in state.starts.items()},
            )
        )

    def split(self, tid: int, start: Point, end: Point) -> int:
        """Cut the territory along the line through ``start`` and ``end`` (two taps on either
        side of it); the part away from its name becomes a new, unnamed territory bordering it
        and keeping its borders for the author to check. Returns the new territory's id."""
        territory = self.territory(tid)
        cuts = [(i, cut_ring(ring, start, end)) for i, ring in enumerate(territory.rings)]
        found = [(i, parts) for i, parts in cuts if parts is not None]
        if not found:
            raise DraftError("cut_misses")
        index, parts = found[0]
        first, second = parts
        if inside_ring(territory.label[0], territory.label[1], second):
            first, second = second, first
        others = territory.rings[:index] + territory.rings[index + 1 :]
        kept_rings = (first, *others)
        state = self._state
        new = state.next_id
        territories = dict(state.territories)
        territories[tid] = replace(territory, rings=kept_rings, label=label_point(kept_rings))
        territories[new] = DraftTerritory(
            coastal=territory.coastal, rings=(second,), label=label_point((second,))
        )
        copied = {_pair(new, b if a == tid else a) for a, b in state.links if tid in (a, b)}
        self._apply(
            replace(
                state,
                territories=territories,
                links=state.links | copied | {_pair(tid, new)},
                confirmed=state.confirmed - {tid},
                next_id=new + 1,
            )
        )
        return new

    # ----------------------------------------------------------------- helpers

    def _untouching(self, links: frozenset[Pair]) -> frozenset[Pair]:
        """The borders whose two outlines share no point: land bridges."""
        territories = self._state.territories
        found = set()
        for a, b in links:
            ra, rb = territories[a].rings, territories[b].rings
            if not ra or not rb:
                continue
            if not _near(ra, rb):
                found.add((a, b))
        return frozenset(found)


def _area(territory: DraftTerritory) -> float:
    return sum(ring_area(ring) for ring in territory.rings)


def _near(first: tuple[Ring, ...], second: tuple[Ring, ...], tolerance: float = 3.0) -> bool:
    """Whether some corner of one outline lies within ``tolerance`` of a corner of the other
    (outlines sharing a border share corners, up to the drawing's rounding)."""
    cells: set[tuple[int, int]] = set()
    for ring in first:
        for x, y in ring:
            cells.add((math.floor(x / tolerance), math.floor(y / tolerance)))
    for ring in second:
        for x, y in ring:
            cx, cy = math.floor(x / tolerance), math.floor(y / tolerance)
            if any((cx + i, cy + j) in cells for i in (-1, 0, 1) for j in (-1, 0, 1)):
                return True
    return False


def _clean_rings(rings: Sequence[Sequence[Point]]) -> tuple[Ring, ...]:
    clean = tuple(
        tuple((round(float(x), 2), round(float(y), 2)) for x, y in ring) for ring in rings
    )
    if not clean or any(len(ring) < 3 or ring_area(ring) == 0 for ring in clean):
        raise DraftError("outline_short")
    return clean


def _read_drawing(
    drawing: Mapping[str, Any],
) -> tuple[float, float, dict[str, tuple[tuple[Ring, ...], Point]]]:
    """Width, height and (rings, label) by territory name of a board file's ``"drawing"``."""
    width, height = float(drawing["width"]), float(drawing["height"])
    shapes: dict[str, tuple[tuple[Ring, ...], Point]] = {}
    for name, entry in dict(drawing["territories"]).items():
        rings = tuple(tuple((float(p[0]), float(p[1])) for p in ring) for ring in entry["polygons"])
        if not rings or any(len(ring) < 3 for ring in rings):
            raise ValueError(name)
        label = entry.get("label") or label_point(rings)
        shapes[name] = (rings, (float(label[0]), float(label[1])))
    return width, height, shapes
