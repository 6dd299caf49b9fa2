"""What the Africa 1880 pages say in their live region (:class:`~tabletop.ui.shell.live_region.
LiveRegion`) when a round is resolved: one short sentence a screen reader reads out without the
focus moving, the counts of the report (the report itself stays on the page).

The shared screen, the seat page and the dashboard say the same sentence, so a player hears the
same words wherever the round arrives. No widget here: the pages own their live regions.

>>> from tabletop.games.africa1880.report import Report
>>> resolution_said(Report(round=2, year=1885), "en")
'Round 1885 resolved: 0 presences removed, 0 colonies founded.'
>>> resolution_said(Report(round=2, year=1885, game_over=True), "de")
'Runde 1885 ausgewertet: 0 Präsenzen entfernt, 0 Kolonien gegründet. Die Partie ist beendet.'
"""

from __future__ import annotations

from tabletop.games.africa1880.report import Report
from tabletop.i18n import translator

__all__ = ["resolution_said", "round_arrived_said"]


def resolution_said(report: Report, lang: str) -> str:
    """ "Round 1885 resolved: 3 presences removed, 1 colony founded." (and the game's end)."""
    tr = translator(lang)
    removed = tr.ngettext("{n} presence removed", "{n} presences removed", len(report.removals))
    founded = tr.ngettext("{n} colony founded", "{n} colonies founded", len(report.colonies))
    said = tr.gettext(
        "Round {year} resolved: {removed}, {founded}.",
        year=report.year,
        removed=removed,
        founded=founded,
    )
    if report.game_over:
        said += " " + tr.gettext("The game is over.")
    return said


def round_arrived_said(report: Report, lang: str) -> str:
    """What a seat page says when the resolved round arrives: the resolution, then where the
    seat's own results are."""
    return translator(lang).gettext(
        "{resolution} Your results are below.", resolution=resolution_said(report, lang)
    )
