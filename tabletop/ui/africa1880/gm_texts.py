"""Texts of the game master's tools on the Africa page: what-if, correcting a round, printed
sheets, the projector link.

A marked table (``N_``) read from the gettext catalogs, like the page's other texts.

>>> gm_text("whatif_reset", "de")
'Neu mit den echten Bögen beginnen'
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n import N_, Msg
from tabletop.ui.africa1880.texts import power_name

GM_TEXTS: dict[str, Msg] = {
    # what if
    "tab_whatif": N_("What if"),
    "whatif_help": N_(
        "Change orders or relations on a copy of this round's sheets: only what would happen "
        "differently from the real sheets is shown, in words and on the map. Nothing here "
        "changes the game."
    ),
    "whatif_reset": N_("Start again from the real sheets"),
    "whatif_differences": N_("What would be different"),
    "whatif_map_title": N_("What if, {year}: the territories that differ are outlined"),
    "whatif_legend": N_(
        "The map shows the round as the changed sheets would end it. Outlined: the territories "
        "where it differs; crossed out: presences only the changed sheets remove; ringed: "
        "presences there only with the changed sheets."
    ),
    "whatif_over": N_("The game is over: there is no round left to try."),
    "whatif_best": N_("{power}'s sheet now declares its best response: {wars}."),
    "whatif_all_alliances": N_("alliance with everyone"),
    "whatif_war_on": N_("war on {powers}"),
    # correcting a resolved round
    "amend_button": N_("Correct this round's sheets"),
    "amend_title": N_("Correcting the sheets of {year}"),
    "amend_help": N_(
        "Change the sheets as they should have been, then preview: the round is resolved again "
        "and every later round replayed with its recorded sheets. Nothing is saved before "
        "Accept; Undo takes an accepted correction back."
    ),
    "amend_preview": N_("Preview the replay"),
    "amend_accept": N_("Accept the correction"),
    "amend_discard": N_("Discard"),
    "amend_no_round": N_("Select a resolved round first."),
    "amend_preview_first": N_("Preview the replay first: Accept records what the preview showed."),
    "amend_changed_since": N_(
        "The sheets changed since the preview: preview again before accepting."
    ),
    "amend_same": N_("These are the sheets recorded for {year}: nothing to correct."),
    "amend_refused": N_("The correction cannot be made: {error}"),
    "amend_accepted": N_(
        "Round {year} corrected and the later rounds replayed; the old rounds are kept in the "
        "history. Undo takes the correction back."
    ),
    "amend_discarded": N_("Correction discarded: nothing was changed."),
    "amend_undone": N_("Correction of {year} taken back."),
    "amend_undo": N_("Undo the correction of {year}"),
    # printed sheets and the projector
    "sheets_make": N_("Order sheets to print (PDF)"),
    "sheets_link": N_("Order sheets {year} (PDF)"),
    "sheets_failed": N_("The order sheets cannot be made: {error}"),
    "projector_link": N_("Show on the projector"),
}


def gm_text(key: str, lang: str = "en", **values: Any) -> str:
    """The text ``key`` of :data:`GM_TEXTS` in ``lang`` (``power`` values named in ``lang``)."""
    filled = {k: power_name(v, lang) if k == "power" else v for k, v in values.items()}
    return GM_TEXTS[key].render(lang, **filled)
