"""The Africa map as text, for a screen reader (which cannot enter the canvas) or anyone who
would rather read: one table row per territory with its development spaces filled, the powers
present, its colony and what the map marks this round.

The table is written from the same :class:`~tabletop.ui.africa1880.map.layout.MapModel` the
canvas is drawn from (``AfricaMapView.set_model`` hands it to both), so it follows the round
shown, the board and the page's language, and says what the drawing shows and nothing else.
Powers are named in words, never by their colour.
"""

from __future__ import annotations

import html

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.board_names import normalize_name
from tabletop.i18n.formatting import format_list
from tabletop.i18n.messages import N_, NN_, Msg
from tabletop.ui.africa1880.map.layout import MapModel, TerritoryView
from tabletop.ui.africa1880.texts import power_name

TEXT_VIEW_TEXTS: dict[str, Msg] = {
    "switch": N_("Map as text"),
    "caption": N_("The map as text"),
    "caption_title": N_("The map as text: {title}"),
    "territory": N_("Territory"),
    "coast": N_("Coast"),
    "development": N_("Development spaces filled"),
    "presences": N_("Presences"),
    "colony": N_("Colony"),
    "marks": N_("Marked on the map"),
    "coastal": N_("coastal"),
    "inland": N_("inland"),
    "filled": N_("{pins} of {spaces}"),
    # TRANSLATORS: the number of presences in a territory, then the powers present.
    "present": N_("{count}: {powers}"),
    "nobody": N_("none"),
    "colony_of": N_("colony of {power}"),
    "colony_shared": N_("colony shared by {powers}"),
    "colony_alone": N_("colony"),
    "no_colony": N_("no"),
    "new": N_("new: {powers}"),
    "removed": N_("removed: {powers}"),
    "pins_added": NN_("{n} pin added", "{n} pins added"),
    "colony_founded": N_("colony founded"),
    # TRANSLATORS: a territory the reveal's current step is about (outlined on the map).
    "this_step": N_("this step"),
}

TEXT_VIEW_CSS = """
.tt-map-table { border-collapse: collapse; font-size: 0.9em; width: 100%; }
.tt-map-table caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
.tt-map-table th, .tt-map-table td {
  border: 1px solid #9fb8c9; padding: 0.15em 0.4em; text-align: left; vertical-align: top;
  word-break: normal; overflow-wrap: break-word;
}
.tt-map-table thead th { background: #eef3f7; }
"""


def text_view_text(key: str, lang: str = "en", **values: object) -> str:
    """The text view's text ``key`` in ``lang`` with ``values`` filled in."""
    return TEXT_VIEW_TEXTS[key].render(lang, **values)


def _powers(powers: tuple[str, ...], lang: str) -> str:
    return ", ".join(power_name(p, lang) for p in powers)


def presences_text(view: TerritoryView, lang: str) -> str:
    """How many presences ``view`` holds and whose ("2: France, Germany"), or "none"."""
    if not view.presences:
        return text_view_text("nobody", lang)
    powers = _powers(view.presences, lang)
    return text_view_text("present", lang, count=len(view.presences), powers=powers)


def colony_text(view: TerritoryView, lang: str) -> str:
    """Whose colony ``view`` is (the powers present share it), or "no"."""
    if not view.colony:
        return text_view_text("no_colony", lang)
    if len(view.presences) == 1:
        return text_view_text("colony_of", lang, power=power_name(view.presences[0], lang))
    if view.presences:
        names = [power_name(p, lang) for p in view.presences]
        return text_view_text("colony_shared", lang, powers=format_list(names, lang))
    return text_view_text("colony_alone", lang)


def marks_text(view: TerritoryView, lang: str) -> list[str]:
    """What the map marks on ``view`` (the step shown is about it, new and removed presences,
    pins added, a new colony), one text each."""
    parts = [text_view_text("this_step", lang)] if view.highlighted else []
    if view.new:
        parts.append(text_view_text("new", lang, powers=_powers(view.new, lang)))
    if view.removed:
        parts.append(text_view_text("removed", lang, powers=_powers(view.removed, lang)))
    if view.pins_added:
        parts.append(text_view_text("pins_added", lang, n=view.pins_added))
    if view.new_colony:
        parts.append(text_view_text("colony_founded", lang))
    return parts


def _marked(view: TerritoryView) -> bool:
    return bool(view.highlighted or view.new or view.removed or view.pins_added or view.new_colony)


def row_cells(view: TerritoryView, lang: str, marks: bool) -> list[list[str]]:
    """The texts of ``view``'s row, cell by cell (a cell's texts go on lines of their own):
    name, coast, spaces filled, presences, colony (and marks)."""
    cells = [
        view.display_name or view.name,
        text_view_text("coastal" if view.coastal else "inland", lang),
        text_view_text("filled", lang, pins=view.pins, spaces=view.spaces),
        presences_text(view, lang),
        colony_text(view, lang),
    ]
    return [[c] for c in cells] + ([marks_text(view, lang)] if marks else [])


def map_table_html(model: MapModel) -> str:
    """The map as an HTML table: a caption (the map's title), a header row, a row per
    territory in the alphabetical order of its name in the model's language."""
    lang = model.lang
    views = sorted(
        model.territories.values(), key=lambda v: normalize_name(v.display_name or v.name)
    )
    marks = any(_marked(v) for v in views)
    heads = ["territory", "coast", "development", "presences", "colony"]
    heads += ["marks"] if marks else []
    caption = (
        text_view_text("caption_title", lang, title=model.title)
        if model.title
        else text_view_text("caption", lang)
    )
    head = "".join(f'<th scope="col">{html.escape(text_view_text(k, lang))}</th>' for k in heads)
    rows = []
    for view in views:
        (name,), *rest = row_cells(view, lang, marks)
        cells = "".join(f"<td>{'<br>'.join(map(html.escape, c))}</td>" for c in rest)
        rows.append(
            f'<tr data-territory="{html.escape(view.name)}">'
            f'<th scope="row">{html.escape(name)}</th>{cells}</tr>'
        )
    return (
        f'<table class="tt-map-table" lang="{html.escape(lang)}">'
        f"<caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


class MapTextView(widgets.VBox):
    """A "Map as text" switch and, while it is on, the table of the model last shown."""

    def __init__(self) -> None:
        self.switch = widgets.Checkbox(value=False, indent=False)
        self.switch.add_class("tt-map-text-switch")
        self.table = widgets.HTML()
        self.table.add_class("tt-map-text")
        self.table.layout.display = "none"
        self.model: MapModel | None = None
        self.switch.observe(lambda _c: self.refresh(), names="value")
        super().__init__([self.switch, self.table])
        self.add_class("tt-map-text-view")
        self.refresh()

    def show(self, model: MapModel) -> None:
        """Say ``model`` (the one the canvas draws) from now on."""
        self.model = model
        self.refresh()

    def refresh(self) -> None:
        """The switch's words in the model's language; the table while the switch is on (none
        is sent while it is off: a phone need not load it)."""
        lang = self.model.lang if self.model is not None else "en"
        self.switch.description = text_view_text("switch", lang)
        if self.switch.value and self.model is not None:
            self.table.value = f"<style>{TEXT_VIEW_CSS}</style>{map_table_html(self.model)}"
            self.table.layout.display = None
        else:
            self.table.value = ""
            self.table.layout.display = "none"
