"""What the class pages share: a ticker in the kernel's loop, the situation drawn as in the game,
and the plots of the class's choices beside the prediction (matplotlib, as inline SVG).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.classroom.games import StageGame
from tabletop.games.africa1880.palette import letter_colour, power_colour, power_letters
from tabletop.i18n import Translator, format_percent
from tabletop.store import Store
from tabletop.store.classroom import Classes
from tabletop.ui.seat.common import lang_of, read_query
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.store_link import open_page_store

_log = logging.getLogger("tabletop.ui.classroom")

CLASS_CSS = """
.tt-class-page { max-width: 100vw; overflow-x: hidden; box-sizing: border-box; padding: 4px; }
.tt-class-page .widget-button { min-height: 52px; font-size: 19px; }
.tt-class-page .widget-text input { min-height: 44px; font-size: 18px; }
.tt-class-page .tt-choice { width: 100%; max-width: 480px; }
.tt-class-page .tt-big { font-size: 22px; }
.tt-class-page .tt-counts { font-size: 24px; font-weight: bold; }
.tt-class-page .tt-situation { max-width: 100%; }
.tt-class-page .tt-situation svg { max-width: 100%; height: auto; }
.tt-class-page .tt-plot svg { max-width: 100%; height: auto; }
.tt-class-page .tt-qr svg { width: 220px; height: 220px; }
.tt-class-page .tt-code { font-family: monospace; font-size: 34px; letter-spacing: 4px;
  font-weight: bold; }
.tt-class-page .tt-link { overflow-wrap: anywhere; font-size: 14px; }
.tt-class-page .tt-result { background: #e8f5e9; border: 2px solid #2e7d32; border-radius: 8px;
  padding: 6px 12px; font-size: 19px; }
.tt-class-page .tt-warn { background: #fff3e0; border: 2px solid #ef6c00; border-radius: 8px;
  padding: 6px 12px; font-size: 18px; }
"""


@dataclass(frozen=True)
class PageRequest:
    """What a class page's address gives: the request's query, the class number and the store."""

    query: dict[str, str]
    class_id: int | None
    classes: Classes | None
    store_error: str | None
    lang: str


def page_request(query: dict[str, str] | None, store: Store | None) -> PageRequest:
    """Read the request (Voilà's query string unless given) and open the store (unless given).

    A ``class`` that is not a number becomes -1: it names no class, and the page says so."""
    query = read_query() if query is None else query
    error = None
    if store is None:
        store, error, _ = open_page_store()
    try:
        class_id: int | None = int(query["class"]) if "class" in query else None
    except ValueError:
        class_id = -1
    classes = Classes(store) if store is not None else None
    return PageRequest(query, class_id, classes, error, lang_of(query))


class Ticker:
    """Calls ``tick`` every ``seconds`` in the kernel's loop (nothing without a loop: tests call
    the page's ``refresh`` themselves). A failing tick is logged, never shown, never fatal."""

    def __init__(self, seconds: float, tick: Callable[[], Any]) -> None:
        self.seconds = seconds
        self.tick = tick
        self._handle: asyncio.TimerHandle | None = None
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None

    def start(self) -> None:
        if self._loop is not None and self._handle is None:
            self._handle = self._loop.call_later(self.seconds, self._run)

    def _run(self) -> None:
        self._handle = None
        try:
            self.tick()
        except Exception:
            _log.exception("a class page could not refresh")
        self.start()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def situation_html(game: StageGame, role: str | None, t: Translator) -> str:
    """The position the students play, drawn as on the board (SVG), with one line of words."""
    if game.zero_sum:
        return _massai_svg(game, role, t)
    return _territory_svg(game, role, t)


def _territory_svg(game: StageGame, role: str | None, t: Translator) -> str:
    full = "full" in game.key
    territory = "Congo" if "three" in game.key else "Egypt"
    spaces = 5 if territory == "Congo" else 4
    width = 360
    boxes = "".join(
        f'<rect x="{20 + k * 34}" y="60" width="28" height="28" rx="3" '
        f'fill="{"#8d6e63" if full else "#fff"}" stroke="#5d4037" stroke-width="2"/>'
        for k in range(spaces)
    )
    pawns = ""
    for k, power in enumerate(game.roles):
        x = 40 + k * 110
        ring = ' stroke="#000" stroke-width="4"' if power == role else ""
        pawns += (
            f'<circle cx="{x}" cy="130" r="18" fill="{power_colour(power)}"{ring}/>'
            f'<text x="{x}" y="135" font-size="13" font-weight="bold" text-anchor="middle" '
            f'fill="{letter_colour(power)}">{esc(power_letters(power))}</text>'
            f'<text x="{x}" y="170" font-size="15" text-anchor="middle">{esc(power)}</text>'
        )
    svg = (
        f'<svg viewBox="0 0 {width} 185" width="{width}" role="img" '
        f'aria-label="{esc(territory)}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect x="2" y="2" width="{width - 4}" height="181" rx="14" fill="#f1e3c6" '
        'stroke="#795548" stroke-width="3"/>'
        f'<text x="20" y="40" font-size="22" font-weight="bold">{esc(territory)}</text>'
        f"{boxes}{pawns}</svg>"
    )
    words = (
        t.gettext(
            "{territory} is fully developed: if no power there declares war on another, it "
            "becomes a colony of the powers present.",
            territory=territory,
        )
        if full
        else t.gettext(
            "{territory} is not fully developed: no colony this round; a war removes the "
            "presence it targets.",
            territory=territory,
        )
    )
    return f'<div class="tt-situation">{svg}<p>{esc(words)}</p></div>'


def _massai_svg(game: StageGame, role: str | None, t: Translator) -> str:
    light, dark = _massai_huts(game.key)
    size, cols, rows = 40, 8, 6
    cells = []
    targets = set(game.actions[0])
    for r in range(rows):
        for c in range(cols):
            name = f"{'abcdefgh'[c]}{r + 1}"
            x, y = 24 + c * size, 8 + (rows - 1 - r) * size
            fill = "#ffe082" if name in targets else "#efebe9"
            cells.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" '
                'stroke="#8d6e63"/>'
            )
            if name in light or name in dark:
                colour = "#fafafa" if name in light else "#3e2723"
                cells.append(
                    f'<polygon points="{x + 8},{y + 30} {x + 20},{y + 8} {x + 32},{y + 30}" '
                    f'fill="{colour}" stroke="#3e2723" stroke-width="2"/>'
                )
            cells.append(
                f'<text x="{x + 3}" y="{y + 38}" font-size="10" fill="#5d4037">{name}</text>'
            )
    svg = (
        f'<svg viewBox="0 0 {cols * size + 32} {rows * size + 16}" width="{cols * size + 32}" '
        'role="img" aria-label="Massai" xmlns="http://www.w3.org/2000/svg">'
        + "".join(cells)
        + "</svg>"
    )
    if role == "attacker":
        words = t.gettext(
            "You attack with the light huts: choose the dark hut you attack (yellow squares)."
        )
    elif role == "defender":
        words = t.gettext(
            "You defend the dark huts: choose where your guards stand (the attacker picks one "
            "of the yellow squares)."
        )
    else:
        words = t.gettext("Light attacks one of the dark huts on yellow squares; dark guards.")
    return f'<div class="tt-situation">{svg}<p>{esc(words)}</p></div>'


def _massai_huts(key: str) -> tuple[set[str], set[str]]:
    if key == "massai-two-huts":
        return {"c2", "c3"}, {"c4", "d4", "e4", "e5"}
    return {"c2", "c3", "d3"}, {"c4", "d4", "e4", "d5", "e5"}


def action_label(action: str, t: Translator) -> str:
    """An action as a button shows it."""
    if action == "alliance":
        return t.gettext("Alliance with everyone")
    if action == "war":
        return t.gettext("War")
    if action.startswith("war: "):
        return t.gettext("War on {powers}", powers=action.split(": ", 1)[1])
    return action


def shares_plot(
    title: str,
    actions: Sequence[str],
    shares_by_round: Mapping[int, Mapping[str, float]],
    predicted: Mapping[str, float],
    t: Translator,
) -> str:
    """Grouped bars: each round's share of every action among the students, and the prediction
    (the computer's equilibrium mix) as the last group; an inline SVG readable on a projector."""
    import matplotlib

    matplotlib.use("Agg")  # no display in a kernel; SVG text only
    from matplotlib.figure import Figure

    groups = [str(n) for n in sorted(shares_by_round)] + [t.gettext("theory")]
    figure = Figure(figsize=(7.5, 3.6))
    axes = figure.subplots()
    width = 0.8 / max(1, len(actions))
    for k, action in enumerate(actions):
        values = [shares_by_round[n].get(action, 0.0) for n in sorted(shares_by_round)]
        values.append(predicted.get(action, 0.0))
        positions = [g + (k - (len(actions) - 1) / 2) * width for g in range(len(groups))]
        axes.bar(positions, values, width=width * 0.95, label=action_label(action, t))
    axes.set_xticks(range(len(groups)), groups, fontsize=13)
    axes.set_ylim(0, 1)
    axes.set_ylabel(t.gettext("share"), fontsize=13)
    axes.set_xlabel(t.gettext("round"), fontsize=13)
    axes.set_title(title, fontsize=15)
    axes.legend(fontsize=11, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    figure.tight_layout()
    out = io.StringIO()
    figure.savefig(out, format="svg")
    svg = out.getvalue()
    return f'<div class="tt-plot">{svg[svg.index("<svg") :]}</div>'


def mix_words(mix: Mapping[str, float], t: Translator) -> str:
    """``war 80 %, alliance 20 %`` in the page's language."""
    return ", ".join(
        f"{action_label(a, t)} {format_percent(p, t.lang)}"
        for a, p in sorted(mix.items(), key=lambda item: -item[1])
    )
