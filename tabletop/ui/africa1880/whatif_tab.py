"""The what-if tab, for the shared screen: change a copy of this round's sheets and see only
what would happen differently, in words and on the map.

The copy is typed in the page's own sheet editors and diplomacy grid (with their checks) on a
:class:`~tabletop.ui.africa1880.scratch_sheets.ScratchSheets`, which keeps nothing: the game, its
sheets and the database never see it. The differences are those of
:func:`tabletop.games.africa1880.compare.compare` (the real sheets as *A*, the copy as *B*),
said by :func:`~tabletop.games.africa1880.compare.comparison_sentences`; the map shows the round
as the copy would end it, the territories of :attr:`Comparison.territories` outlined.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.games.africa1880.compare import Comparison, compare, comparison_sentences
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError
from tabletop.games.africa1880.state import GameState
from tabletop.i18n import format_list
from tabletop.ui.africa1880.drafts import sheets_too_long
from tabletop.ui.africa1880.gm_texts import gm_text
from tabletop.ui.africa1880.html import controller_guard, local_text
from tabletop.ui.africa1880.map import AfricaMapView, Changes, build_map_model
from tabletop.ui.africa1880.scratch_sheets import ScratchSheets, SheetDesk
from tabletop.ui.africa1880.texts import power_name
from tabletop.ui.shell.html import esc

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController

#: The outline of a territory where the what-if differs (drawn over the round's marks).
OUTLINE = "#ff6f00"


class WhatIfMap(AfricaMapView):
    """The page's map widget, read-only, with the differing territories outlined."""

    def __init__(self) -> None:
        self.outlined: tuple[str, ...] = ()
        super().__init__()
        self.add_class("tt-whatif-map")

    def show(self, model: Any, outlined: Sequence[str]) -> None:
        self.outlined = tuple(outlined)
        self.set_model(model)

    def _redraw(self) -> None:
        super()._redraw()
        if self.model is None or not self.client_ready or not self.outlined:
            return
        layer = self.canvas[2]  # the map's layer of highlights
        layer.stroke_style = OUTLINE
        layer.line_width = 5.0
        for name in self.outlined:
            view = self.model.territories.get(name)
            for poly in view.polygons if view is not None else ():
                layer.stroke_polygon(list(poly))


def difference_marks(comparison: Comparison) -> Changes:
    """What the map marks: presences only the real sheets keep (crossed out), presences only the
    copy has (ringed), pins and colonies only the copy adds."""
    a, b = comparison.after_a, comparison.after_b
    assert a is not None and b is not None

    def pairs(state: GameState) -> set[tuple[str, str]]:
        return {(p, t) for p, ts in state.presences.items() for t in ts}

    pins = {
        name: count - a.development.get(name, 0)
        for name, count in b.development.items()
        if count > a.development.get(name, 0)
    }
    return Changes(
        removed=frozenset(pairs(a) - pairs(b)),
        new=frozenset(pairs(b) - pairs(a)),
        pins_added=pins,
        colonies=frozenset(set(b.colonies) - set(a.colonies)),
    )


class WhatIfTab(widgets.VBox):
    """A copy of the round's sheets, the sentences of the differences and the map."""

    def __init__(self, controller: AfricaController) -> None:
        self.controller = controller
        self.model: ScratchSheets | None = None
        self.desk: SheetDesk | None = None
        self.comparison: Comparison | None = None
        self._drawn: Any = None
        self._map: WhatIfMap | None = None
        self.built = False
        super().__init__()  # its widgets are made when the tab is first opened
        self.add_class("tt-whatif")

    def _build(self) -> None:
        if self.built:
            return
        self.built = True
        self.help = widgets.HTML()
        self.help.add_class("tt-whatif-help")
        self.note = widgets.HTML()
        self.note.add_class("tt-whatif-note")
        self.reset_button = widgets.Button(layout={"width": "auto"})
        self.reset_button.add_class("tt-whatif-reset")
        self.reset_button.on_click(controller_guard(self.controller)(lambda _b: self.start()))
        self.desk_box = widgets.VBox()
        self.heading = widgets.HTML()
        self.sentences = widgets.HTML()
        self.sentences.add_class("tt-whatif-sentences")
        self.legend = widgets.HTML()
        self.words = widgets.VBox([self.heading, self.sentences, self.legend])
        self.words.add_class("tt-report-col")
        self.result = widgets.HBox([self.words])
        self.result.add_class("tt-result")
        # What would be different first (what the room looks at), the copy of the sheets below.
        self.children = (self.help, self.reset_button, self.note, self.result, self.desk_box)
        self.relabel(self.controller.lang)

    @property
    def map_view(self) -> WhatIfMap:
        """The map (built when the tab is first opened: the page opens lighter)."""
        if self._map is None:
            self._map = WhatIfMap()
            self._map.add_class("tt-map-col")
            self.result.children = (self.words, self._map)
        return self._map

    # ----------------------------------------------------------------- intents
    def opened(self) -> None:
        """The tab is shown: a copy of the current round's sheets unless one is on it already."""
        ctl = self.controller
        self._build()
        if self.model is None or self.model.state is not ctl.state:
            self.start()
        else:
            self.refresh()

    def start(self) -> None:
        """A fresh copy of the real sheets of the current round (what was changed is dropped)."""
        ctl = self.controller
        self._build()
        self.note.value = ""
        if ctl.state.game_over:
            self.model = self.desk = None
            self.desk_box.children = ()
            self.comparison = None
            self.note.value = f'<p class="tt-msg-warn">{esc(gm_text("whatif_over", ctl.lang))}</p>'
            self.sentences.value = ""
            return
        self.model = ScratchSheets(ctl.state, ctl.board, ctl.lang, ctl.drafts, ctl.say)
        self.desk = SheetDesk(self.model, "whatif", self.refresh)
        self.desk_box.children = (self.desk,)
        self.refresh()

    def best_response(self, power: str, wars: Iterable[str]) -> None:
        """The copy of the real sheets with ``power`` declaring war on ``wars`` (its best
        response) and alliance toward every other power."""
        self.start()
        model = self.model
        if model is None:
            return
        wars = set(wars)
        with model.hold_trait_notifications():
            for other in model.powers:
                if other != power:
                    model.set_relation(power, other, "war" if other in wars else "alliance")
        lang = self.controller.lang
        named = format_list([power_name(p, lang) for p in model.powers if p in wars], lang)
        what = (
            gm_text("whatif_war_on", lang, powers=named)
            if wars
            else gm_text("whatif_all_alliances", lang)
        )
        note = esc(gm_text("whatif_best", lang, power=power, wars=what))
        self.note.value = f'<p class="tt-msg-ok tt-whatif-best">{note}</p>'
        if self.desk is not None:
            self.desk.show(power)
        self.refresh()

    # ----------------------------------------------------------------- drawing
    def relabel(self, lang: str) -> None:
        if not self.built:
            return
        self.help.value = f"<p>{esc(gm_text('whatif_help', lang))}</p>"
        self.reset_button.description = "↺ " + gm_text("whatif_reset", lang)
        self.heading.value = f"<h3>{esc(gm_text('whatif_differences', lang))}</h3>"
        self.legend.value = f"<p><small>{esc(gm_text('whatif_legend', lang))}</small></p>"
        if self.model is not None and self.model.lang != lang:
            self.model.lang = lang  # the desk rewrites its sheets and the checks follow
        else:
            self.refresh()

    def refresh(self) -> None:
        """Compare the copy with the real sheets and show only the differences."""
        ctl = self.controller
        model = self.model
        if model is None:
            return
        if model.state is not ctl.state:
            self.start()  # the game moved on (a resolution here or on another page)
            return
        lang = ctl.lang
        length = sheets_too_long(model.texts()) or sheets_too_long(ctl.drafts)
        try:
            if length:
                raise SheetTooLongError(length)
            comparison = compare(ctl.state, ctl.board, ctl.sheets_text(), model.combined_text())
        except SheetTooLongError:
            self.comparison = None
            text = local_text("sheets_too_long", lang, length=length, limit=MAX_SHEET_CHARS)
            self.sentences.value = f'<p class="tt-msg-error">{esc(text)}</p>'
            return
        self.comparison = comparison
        items = "".join(
            f'<li class="tt-whatif-sentence">{esc(s)}</li>'
            for s in comparison_sentences(comparison, lang)
        )
        cls = "tt-whatif-same" if comparison.same else "tt-whatif-differs"
        self.sentences.value = f'<ul class="{cls}">{items}</ul>'
        self._draw(comparison, lang)

    def _draw(self, comparison: Comparison, lang: str) -> None:
        ctl = self.controller
        marks = difference_marks(comparison)
        key = (comparison.territories, marks, lang, id(ctl.state))
        if key == self._drawn:
            return  # typing that changes no outcome leaves the map as it is
        self._drawn = key
        assert comparison.after_b is not None
        title = gm_text("whatif_map_title", lang, year=ctl.state.year)
        model = build_map_model(
            ctl.board, ctl.geometry, comparison.after_b, marks, lang, title=title
        )
        self.map_view.show(model, comparison.territories)
