"""The one object holding an Africa 1880 game in the dashboard.

Widgets observe the controller's traits and call its intents (``new_game``, ``load_file``,
``set_order``, ``set_sheet_text``, ``resolve``, ``undo``, ``view_round`` ...). Every rule is
asked of the rules core: the typed notation (``parse_sheets`` / ``format_sheet``) keeps the
widgets and the text boxes in step, ``execute_orders`` finds void orders before resolving, and
``Game.apply`` / ``Game.undo`` play and take back rounds. After every change of the game it is
saved at once (atomically) to the autosave file, so a closed tab or a crash loses nothing.

The draft of each power's order sheet is kept as text (without its ``[Power]`` header): that
text is the single source of truth, and the widgets show what the core reads in it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import traitlets

from tabletop.games.africa1880.adjudicate import (
    AfterOrders,
    GameOverError,
    execute_orders,
    resolve,
    score,
)
from tabletop.games.africa1880.board import Board, BoardError, board_from_dict, load_geometry
from tabletop.games.africa1880.gamefile import (
    Game,
    GameFileError,
    NothingToUndo,
    example_game,
    example_orders,
    game_from_dict,
    load_game,
    save_game,
)
from tabletop.games.africa1880.notation import format_sheet, parse_sheets
from tabletop.games.africa1880.orders import (
    Develop,
    Explore,
    Hold,
    Landing,
    OrderSheet,
    VoidOrder,
    relations_from_sheets,
)
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import (
    GameState,
    Options,
    Relations,
    StateError,
    lookup_power,
    normalize_name,
)
from tabletop.ui.africa_map import Changes, changes_from_report
from tabletop.ui.i18n import power_name, t

AUTOSAVE_NAME = "africa1880-autosave.json"
DRAFTS_FORMAT = "tabletop.africa1880.drafts"
KINDS = ("hold", "develop", "explore")


def data_dir() -> Path:
    """Where the dashboard keeps its files: ``$TABLETOP_DATA_DIR`` or ~/.local/share/tabletop."""
    configured = os.environ.get("TABLETOP_DATA_DIR")
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "tabletop"


def default_autosave_path() -> Path:
    """The autosave game file of the dashboard."""
    return data_dir() / AUTOSAVE_NAME


def drafts_path_for(game_path: str | os.PathLike[str]) -> Path:
    """Where the typed order sheets of the game saved at ``game_path`` are kept between visits."""
    path = Path(game_path)
    return path.with_name(path.stem + ".drafts.json")


@dataclass(frozen=True)
class Check:
    """One line of the live checks of a sheet: a void order or a presence without an order."""

    power: str
    kind: str  # "void" or "no_order"
    text: str
    territory: str | None = None


@dataclass(frozen=True)
class RoundView:
    """What to show for one round: the state drawn, the report (None before any), the highlights."""

    state: GameState
    report: Report | None
    changes: Changes
    index: int  # history index of the round shown, -1 for the current position


def _is_header(line: str) -> bool:
    """True for a line the notation reads as a sheet header (``[Power]``, ``Power:``, ``Power``)."""
    text = line.split("#", 1)[0].strip()
    if text.startswith("["):
        return True
    bare = text.rstrip(":").strip()
    if not bare or ":" in bare or any(arrow in bare for arrow in ("->", "=>", "→", "⟶")):
        return False
    try:
        lookup_power(bare)
    except ValueError:
        return False
    return True


def _sort_names(names: Iterable[str]) -> list[str]:
    return sorted(names, key=normalize_name)


class AfricaController(traitlets.HasTraits):
    """Holds the game, the draft order sheets and what the page shows; widgets observe it."""

    lang = traitlets.Unicode("en")
    #: Bumped whenever the game itself changes (new game, file, resolution, undo).
    revision = traitlets.Int(0)
    #: Bumped whenever a draft order sheet changes.
    drafts_revision = traitlets.Int(0)
    #: -1 shows the current position (with the last round's changes); k shows history round k.
    view_index = traitlets.Int(-1)
    message = traitlets.Unicode("")
    message_kind = traitlets.Unicode("ok")
    #: True while an autosaved game is offered for continuing.
    offer_continue = traitlets.Bool(False)

    def __init__(
        self,
        game: Game | None = None,
        autosave_path: str | os.PathLike[str] | None = None,
        lang: str = "en",
        board_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        super().__init__()
        self.autosave_path = Path(autosave_path) if autosave_path else default_autosave_path()
        self.board_dir = Path(board_dir) if board_dir else self.autosave_path.parent / "boards"
        self.game: Game = game if game is not None else example_game()
        self._example_drafts = game is None
        self.board: Board = self.game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.drafts: dict[str, str] = {}
        self.last_report: Report | None = None
        self.saved_game: Game | None = None
        self._pending_explore: set[tuple[str, str]] = set()
        self._parsed: dict[str, Any] = {}
        self._checks_cache: tuple[int, list[Check]] | None = None
        self._reset_drafts(self._split_sheets(example_orders()) if self._example_drafts else None)
        self.lang = lang
        self.drafts_path = drafts_path_for(self.autosave_path)
        self._drafts_blocked = False  # set when that path holds a file that is not ours
        self._drafts_ours = False  # set once the file there is known to be ours
        self._look_for_autosave()

    # ----------------------------------------------------------------- state access
    @property
    def state(self) -> GameState:
        """The current position (the round to be played next)."""
        return self.game.state

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    def say(self, text: str, kind: str = "ok") -> None:
        """Show a message in the page (kind: ok, warn, error)."""
        self.message_kind = kind
        self.message = text

    # ----------------------------------------------------------------- drafts
    def _blank_sheet(self, power: str) -> OrderSheet:
        return OrderSheet(power)

    def _sheet_body(self, sheet: OrderSheet, lang: str | None = None) -> str:
        """The sheet's text without its header line (the box is already under the power's tab)."""
        text = format_sheet(sheet, self.board, self.powers, lang=lang or self.lang)
        return text.split("\n", 1)[1] if "\n" in text else ""

    def _reset_drafts(self, texts: Mapping[str, str] | None = None) -> None:
        """Fresh drafts: empty sheets, or the bodies found in ``texts`` (after an undo)."""
        self.drafts = {}
        self._pending_explore = set()
        for power in self.powers:
            self.drafts[power] = (texts or {}).get(power) or self._sheet_body(
                self._blank_sheet(power)
            )
        self._parsed = {}
        self._checks_cache = None
        self.drafts_revision += 1

    def _box_text(self, power: str) -> tuple[str, list[str]]:
        """``power``'s draft ready for the core, and the header lines found in it.

        A header line (``[Germany]``, ``Germany:``) inside one power's box would hand the
        following lines to another sheet; it is commented out and reported instead.
        """
        lines = []
        headers = []
        for line in self.drafts.get(power, "").splitlines():
            if _is_header(line):
                headers.append(line.strip())
                lines.append("# " + line)
            else:
                lines.append(line)
        return "\n".join(lines), headers

    def _parse(self, power: str) -> Any:
        """The core's reading of one power's draft (cached until the draft changes)."""
        cached = self._parsed.get(power)
        text = self.drafts.get(power, "")
        if cached is not None and cached[0] == text:
            return cached[1]
        body, _ = self._box_text(power)
        result = parse_sheets(f"[{power}]\n{body}", self.board, self.powers)
        self._parsed[power] = (text, result)
        return result

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self._parse(power).sheets.get(power) or self._blank_sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return {power: self.sheet(power) for power in self.powers}

    def _set_draft(self, power: str, text: str) -> None:
        if self.drafts.get(power) == text:
            return
        self.drafts[power] = text
        self._checks_cache = None
        self.drafts_revision += 1
        self._save_drafts()

    def _write_sheet(self, sheet: OrderSheet) -> None:
        self._set_draft(sheet.power, self._sheet_body(sheet))

    def _check_power(self, power: str) -> None:
        if power not in self.powers:
            raise ValueError(f"{power} does not play in this game")

    def set_sheet_text(self, power: str, text: str) -> None:
        """Intent: the person typed ``text`` in ``power``'s box (the widgets follow)."""
        self._check_power(power)
        self._set_draft(power, text)

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``.

        kind is "" when no order is written; an explore chosen without a target yet gives
        ("explore", "").
        """
        for order in self.sheet(power).orders:
            if order.source == territory:
                return (order.kind, order.target if isinstance(order, Explore) else "")
        if (power, territory) in self._pending_explore:
            return ("explore", "")
        return ("", "")

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        """Intent: the order for ``power``'s presence in ``territory`` (kind "" removes it)."""
        self._check_power(power)
        if kind not in ("", *KINDS):
            raise ValueError(f"unknown order kind {kind!r}")
        sheet = self.sheet(power)
        kept = [o for o in sheet.orders if o.source != territory]
        self._pending_explore.discard((power, territory))
        new_order: Any = None
        if kind == "hold":
            new_order = Hold(power, territory)
        elif kind == "develop":
            new_order = Develop(power, territory)
        elif kind == "explore":
            if target:
                new_order = Explore(power, territory, target)
            else:  # chosen in the menu, target still to pick: no order yet, but show it
                self._pending_explore.add((power, territory))
        # Keep the sheet in the order of the presences so the text reads like the table.
        orders = kept + ([new_order] if new_order is not None else [])
        rank = {name: i for i, name in enumerate(self.presences_of(power))}
        orders.sort(key=lambda o: rank.get(o.source, len(rank)))
        self._write_sheet(replace(sheet, orders=tuple(orders)))
        if kind == "explore" and not target:
            self._checks_cache = None
            self.drafts_revision += 1

    def set_landing(self, power: str, target: str | None) -> None:
        """Intent: ``power`` lands on ``target`` (None or "" for no landing)."""
        self._check_power(power)
        sheet = self.sheet(power)
        landing = Landing(power, target) if target else None
        self._write_sheet(replace(sheet, landing=landing))

    def relation(self, declarer: str, toward: str) -> str:
        """ "war" or "alliance" as written on ``declarer``'s sheet toward ``toward``."""
        return "war" if toward in self.sheet(declarer).wars else "alliance"

    def set_relation(self, declarer: str, toward: str, relation: str) -> None:
        """Intent: ``declarer`` declares ``relation`` ("war"/"alliance") toward ``toward``."""
        self._check_power(declarer)
        self._check_power(toward)
        if declarer == toward:
            raise ValueError("a power declares no relation toward itself")
        if relation not in ("war", "alliance"):
            raise ValueError(f"a relation is war or alliance, not {relation!r}")
        sheet = self.sheet(declarer)
        wars = set(sheet.wars)
        if relation == "war":
            wars.add(toward)
        else:
            wars.discard(toward)
        self._write_sheet(replace(sheet, wars=frozenset(wars)))

    # ----------------------------------------------------------------- legal choices
    def presences_of(self, power: str) -> list[str]:
        """``power``'s presences, in alphabetical order."""
        return _sort_names(self.state.presences.get(power, ()))

    def explore_targets(self, territory: str) -> list[str]:
        """Legal exploration targets from ``territory``: its neighbours that are not colonies."""
        return _sort_names(
            n for n in self.board[territory].neighbours if n not in self.state.colonies
        )

    def landing_targets(self) -> list[str]:
        """Coastal territories empty of any presence at the start of the round."""
        occupied = set(self.state.occupancy())
        return _sort_names(
            n
            for n in self.board.coastal_names()
            if n not in occupied and n not in self.state.colonies
        )

    # ----------------------------------------------------------------- live checks
    def _combined_text(self) -> str:
        """All drafts as one typed text, each under its header (headers inside boxes disarmed)."""
        parts = []
        for power in self.powers:
            body, _ = self._box_text(power)
            parts.append(f"[{power}]\n{body}".rstrip() + "\n")
        return "\n".join(parts)

    def checks(self) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        if self._checks_cache is not None and self._checks_cache[0] == self.drafts_revision:
            return self._checks_cache[1]
        out: list[Check] = []
        if not self.state.game_over:
            voids: list[VoidOrder] = []
            for power in self.powers:
                voids.extend(self._parse(power).errors)
                for header in self._box_text(power)[1]:
                    out.append(
                        Check(power, "void", t("misplaced_header", self.lang, header=header))
                    )
            after = execute_orders(self.state, self.board, self.sheets())
            voids.extend(after.void_orders)
            for void in voids:
                power = void.power if void.power in self.powers else None
                out.append(
                    Check(
                        power or "",
                        "void",
                        t(
                            "void_order",
                            self.lang,
                            order=void.order_text,
                            reason=void.text(self.lang),
                        ),
                    )
                )
            for power in self.powers:
                ordered = {o.source for o in self.sheet(power).orders}
                for territory in self.presences_of(power):
                    if territory not in ordered:
                        out.append(
                            Check(
                                power,
                                "no_order",
                                t("no_order", self.lang, territory=territory),
                                territory,
                            )
                        )
        self._checks_cache = (self.drafts_revision, out)
        return out

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        if self.state.game_over:
            return None
        return execute_orders(self.state, self.board, self.sheets())

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return relations_from_sheets(self.sheets(), self.powers)

    def checks_for(self, power: str) -> list[Check]:
        """The live checks of one power's sheet."""
        return [c for c in self.checks() if c.power == power]

    # ----------------------------------------------------------------- rounds
    def resolve(self) -> Report | None:
        """Intent: resolve the round with the drafts; saves the game; returns the report."""
        if self.state.game_over:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        year = self.state.year
        try:
            report = self.game.apply(self._combined_text())
        except GameOverError:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        self.last_report = report
        self.view_index = -1
        self._reset_drafts()
        self._changed()
        self._autosave(t("resolved", self.lang, year=year))
        return report

    def undo(self) -> bool:
        """Intent: take back the last resolution; the drafts get back the sheets it used."""
        if not self.game.history:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        entry = self.game.history[-1]
        try:
            self.game.undo()
        except NothingToUndo:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        self.last_report = self._replay(len(self.game.history) - 1)
        self.view_index = -1
        self._reset_drafts(self._split_sheets(entry.sheets_text))
        self._changed()
        self._autosave(t("undone", self.lang, year=entry.state.year))
        return True

    def _split_sheets(self, text: str) -> dict[str, str]:
        """Per-power draft bodies from a history entry's typed sheets."""
        out: dict[str, list[str]] = {}
        current: str | None = None
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith("[") and stripped.endswith("]"):
                try:
                    name = lookup_power(stripped.strip("[] "))
                except ValueError:
                    name = ""
                current = name if name in self.powers else None
                if current is not None:
                    out.setdefault(current, [])
                continue
            if current is not None:
                out[current].append(line)
        return {p: "\n".join(lines).strip("\n") + "\n" for p, lines in out.items()}

    def _replay(self, index: int) -> Report | None:
        """The full report of history round ``index``, recomputed (resolution is pure)."""
        if index < 0 or index >= len(self.game.history):
            return None
        entry = self.game.history[index]
        try:
            _, report = resolve(entry.state, self.board, entry.sheets_text)
        except (GameOverError, ValueError):
            return None
        return report

    def history_years(self) -> list[int]:
        """Years of the resolved rounds, oldest first."""
        return [entry.state.year for entry in self.game.history]

    def view_round(self, index: int | None) -> None:
        """Intent: show history round ``index`` (None or -1: the current position)."""
        if index is None or index < 0:
            self.view_index = -1
            return
        if index >= len(self.game.history):
            raise ValueError(f"no resolved round {index}")
        self.view_index = index

    def round_view(self) -> RoundView:
        """The state, report and highlights for the round being viewed."""
        index = self.view_index
        if index < 0 or index >= len(self.game.history):
            report = self.last_report
            if report is None and self.game.history:
                report = self._replay(len(self.game.history) - 1)
                self.last_report = report
            return RoundView(self.state, report, changes_from_report(report), -1)
        report = self._replay(index)
        after = (
            self.game.history[index + 1].state if index + 1 < len(self.game.history) else self.state
        )
        return RoundView(after, report, changes_from_report(report), index)

    def scores(self) -> Score:
        """The score of the current position (the game's scoring option)."""
        return score(self.state)

    # ----------------------------------------------------------------- games and files
    def _install(self, game: Game, message: str) -> None:
        self.game = game
        self.board = game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.last_report = None
        self.view_index = -1
        self._reset_drafts()
        self._changed()
        self.say(message, "ok")

    def _changed(self) -> None:
        self._checks_cache = None
        self.revision += 1

    def new_game(
        self,
        powers: Iterable[str],
        start: str = "historical",
        placements: Mapping[str, str] | None = None,
        board: Board | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> bool:
        """Intent: start a new game; on any problem the message lists them and nothing changes."""
        try:
            opts = Options.from_dict(dict(options or {}))
            board_name = None
            if board is not None and board.source not in ("default",):
                board_name = str(self._store_board(board))
            game = Game.new(list(powers), board, start, placements, opts, board_name)
        except (StateError, BoardError, GameFileError, ValueError) as error:
            problems = getattr(error, "problems", None) or [str(error)]
            self.say(t("new_game_error", self.lang) + " " + "; ".join(problems), "error")
            return False
        self._install(game, t("game_started", self.lang))
        self._autosave(t("game_started", self.lang))
        return True

    def _store_board(self, board: Board) -> Path:
        """Keep an uploaded board next to the autosave, so the saved game can find its map."""
        from tabletop.fileio import atomic_write_json

        slug = "".join(ch if ch.isalnum() else "-" for ch in normalize_name(board.name))[:40]
        path = self.board_dir / f"{slug or 'board'}.json"
        atomic_write_json(path, board.to_dict())
        return path

    def read_board(self, data: bytes, name: str = "board.json") -> Board | None:
        """Read an uploaded board file; on a problem, say every problem and return None."""
        try:
            raw = json.loads(bytes(data).decode("utf-8"))
            board = board_from_dict(raw, source=name)
        except UnicodeDecodeError:
            self.say(
                t("board_error", self.lang) + " " + t("not_utf8", self.lang, name=name), "error"
            )
            return None
        except json.JSONDecodeError as error:
            not_json = t("not_json", self.lang, name=name, line=error.lineno, error=error.msg)
            self.say(t("board_error", self.lang) + " " + not_json, "error")
            return None
        except BoardError as error:
            self.say(t("board_error", self.lang) + " " + "; ".join(error.problems), "error")
            return None
        self.say(t("board_loaded", self.lang, name=board.name), "ok")
        return board

    def load_example(self) -> None:
        """Intent: open the bundled example game in progress, with its typed sheets ready."""
        self._install(example_game(), t("example_loaded", self.lang))
        self._reset_drafts(self._split_sheets(example_orders()))

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file; a bad file is refused and the game is kept."""
        try:
            text = bytes(data).decode("utf-8")
            game = game_from_dict(json.loads(text), source=name)
        except UnicodeDecodeError:
            return self._refuse(t("not_utf8", self.lang, name=name))
        except json.JSONDecodeError as error:
            return self._refuse(
                t("not_json", self.lang, name=name, line=error.lineno, error=error.msg)
            )
        except (GameFileError, StateError, BoardError) as error:
            return self._refuse(str(error))
        self._install(game, t("file_loaded", self.lang, name=name))
        self._autosave(t("file_loaded", self.lang, name=name))
        return True

    def _refuse(self, error: str) -> bool:
        self.say(t("file_refused", self.lang, error=error), "error")
        return False

    def game_bytes(self) -> bytes:
        """The current game as a game file (for the download link)."""
        return (json.dumps(self.game.to_dict(), ensure_ascii=False, indent=2) + "\n").encode()

    def file_name(self) -> str:
        """A name for the downloaded game file."""
        return f"africa1880-{self.state.year}.json"

    # ----------------------------------------------------------------- autosave
    def _autosave(self, done: str) -> None:
        try:
            save_game(self.game, self.autosave_path)
        except GameFileError as error:
            self.say(done + " " + t("autosave_failed", self.lang, error=str(error)), "error")
            return
        self.saved_game = None
        self.offer_continue = False
        self.say(done, "ok")

    def _look_for_autosave(self) -> None:
        if not self.autosave_path.exists():
            return
        try:
            self.saved_game = load_game(self.autosave_path)
        except GameFileError:
            self.saved_game = None
            return
        self.offer_continue = True

    def saved_summary(self) -> str:
        """The sentence offering to continue the autosaved game."""
        game = self.saved_game
        if game is None:
            return ""
        powers = ", ".join(power_name(p, self.lang) for p in game.state.powers)
        return t("continue_prompt", self.lang, year=game.state.year, powers=powers)

    def continue_saved(self) -> bool:
        """Intent: continue the autosaved game."""
        if self.saved_game is None:
            return False
        game, self.saved_game = self.saved_game, None
        self.offer_continue = False
        self._install(game, t("continued", self.lang))
        self.last_report = self._replay(len(game.history) - 1)
        self.restore_drafts()
        return True

    # ----------------------------------------------------------------- typed sheets kept
    def _drafts_key(self) -> dict[str, Any]:
        """What identifies the position the drafts were typed for."""
        state = self.state
        return {
            "powers": list(state.powers),
            "year": state.year,
            "round": state.round,
            "history": len(self.game.history),
        }

    def _read_drafts_file(self) -> dict[str, Any] | None:
        """The drafts file's content when it is ours; None when missing or not ours."""
        try:
            raw = json.loads(self.drafts_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            self._drafts_blocked = True
            return None
        if not isinstance(raw, dict) or raw.get("format") != DRAFTS_FORMAT:
            self._drafts_blocked = True
            return None
        return raw

    def _save_drafts(self) -> None:
        """Keep the typed sheets, so a closed tab or a restarted kernel loses none of them."""
        if self._drafts_blocked or self.offer_continue:
            return  # while a saved game is offered, its typed sheets are still to be restored
        if not self._drafts_ours and self.drafts_path.exists() and self._read_drafts_file() is None:
            return  # a file that is not ours is never overwritten
        from tabletop.fileio import atomic_write_json

        data = {"format": DRAFTS_FORMAT, **self._drafts_key(), "drafts": dict(self.drafts)}
        try:
            atomic_write_json(self.drafts_path, data)
            self._drafts_ours = True
        except OSError as error:
            self._drafts_blocked = True  # said once; the game itself is still saved
            self.say(t("autosave_failed", self.lang, error=str(error)), "warn")

    def restore_drafts(self) -> bool:
        """Intent: take back the sheets typed for this very position before a reload."""
        raw = self._read_drafts_file()
        if raw is None or any(raw.get(k) != v for k, v in self._drafts_key().items()):
            return False
        drafts = raw.get("drafts")
        if not isinstance(drafts, dict):
            return False
        texts = {p: v for p, v in drafts.items() if p in self.powers and isinstance(v, str)}
        self._reset_drafts(texts)
        return True

    def decline_saved(self) -> None:
        """Intent: keep the game shown; the autosave is replaced at the next resolution."""
        self.saved_game = None
        self.offer_continue = False

    # ----------------------------------------------------------------- language
    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        # Rewrite a draft with the new keywords only when it is exactly what the menus wrote in
        # the old language: text a person typed (comments, own wording) is kept as typed.
        for power in list(self.drafts):
            sheet = self.sheet(power)
            written = self._sheet_body(sheet, change["old"])
            if self.drafts[power].strip() == written.strip():
                self.drafts[power] = self._sheet_body(sheet)
        self._parsed = {}
        self._checks_cache = None
        self.drafts_revision += 1
