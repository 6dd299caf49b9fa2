"""The rules of Africa 1880 on one page, for the print-and-play kit, in the reader's language.

A reminder for the table, not the rulebook: the turn, the orders, the conflicts, the colonies and
the score as this program adjudicates them (its default options).
"""

from __future__ import annotations

from tabletop.games.africa1880.options import Options
from tabletop.i18n import translator
from tabletop.printing.pdf import SheetPDF

__all__ = ["rules_page", "rules_title"]


def rules_title(lang: str) -> str:
    """The summary's title in ``lang``."""
    return translator(lang).gettext("Africa 1880 — the rules on one page")


def _sections(lang: str) -> list[tuple[str, list[str]]]:
    tr = translator(lang)
    rules = Options()  # the numbers of the default rules
    return [
        (
            tr.gettext("The game"),
            [
                tr.gettext(
                    "Three to six players each lead a colonial power. Everyone writes orders in "
                    "secret, then all the orders are carried out at the same time."
                ),
                tr.gettext(
                    "Each power starts with one presence: on its historical territory, or on a "
                    "coastal territory chosen in turn. Every relation starts as an alliance."
                ),
            ],
        ),
        (
            tr.gettext("A round"),
            [
                tr.gettext(
                    "A game has {rounds} rounds, {first} to {last}, {step} years apart. Each "
                    "round: 1. talk freely (about eight minutes); 2. write the orders in secret; "
                    "3. carry out the orders; 4. settle the conflicts; 5. found the colonies.",
                    rounds=rules.last_round,
                    first=rules.first_year,
                    last=rules.first_year + (rules.last_round - 1) * rules.years_per_round,
                    step=rules.years_per_round,
                ),
            ],
        ),
        (
            tr.gettext("Orders"),
            [
                tr.gettext(
                    "Each presence gets one order: develop (a pin on a free space of its "
                    "territory), explore a neighbouring territory (a new presence there; the "
                    "explorer stays) or nothing (hold)."
                ),
                tr.gettext(
                    "A power may land once per round on a coastal territory where nobody is "
                    "present, and it declares alliance or war toward each other power."
                ),
                tr.gettext(
                    "An order that cannot be carried out does nothing; a relation left out is an "
                    "alliance. A power has {stock} pawns and at most one presence per territory; "
                    "short of pawns, its explorations go in alphabetical order of their targets, "
                    "and landings come after explorations.",
                    stock=rules.stock,
                ),
            ],
        ),
        (
            tr.gettext("Conflicts"),
            [
                tr.gettext(
                    "Every territory at once. Two powers: a power that declared alliance toward a "
                    "power that declared war on it loses its presence; mutual war leaves both."
                ),
                tr.gettext(
                    "Three or more: a presence goes when more of the other powers there declared "
                    "war on it than alliance; a tie stays. Presences in a colony always stay."
                ),
            ],
        ),
        (
            tr.gettext("Colonies"),
            [
                tr.gettext(
                    "A territory becomes a colony when all its development spaces hold a pin, "
                    "someone is present, and no power there declared war on another power there "
                    "this round. Nobody may explore into a colony."
                ),
            ],
        ),
        (
            tr.gettext("End and score"),
            [
                tr.gettext(
                    "The game ends after the last round, or after the round in which colony "
                    "number {limit} is founded.",
                    limit=rules.colony_limit,
                ),
                tr.gettext(
                    "A colony held alone scores {alone} points; a shared colony {shared} points "
                    "to each power present; each alliance declared in the last round {alliance} "
                    "point. (Option: the most colonies wins.) Rulebooks differ here: agree before "
                    "you start.",
                    alone=rules.points_colony_alone,
                    shared=rules.points_colony_shared,
                    alliance=rules.points_alliance,
                ),
            ],
        ),
    ]


def rules_page(pdf: SheetPDF, lang: str) -> None:
    """The one-page summary, on a new page of ``pdf``."""
    pdf.running_header = translator(lang).gettext("Africa 1880 · print-and-play kit")
    pdf.add_page()
    pdf.text_line(rules_title(lang), 16, bold=True, height=9)
    for heading, paragraphs in _sections(lang):
        pdf.heading(heading)
        for paragraph in paragraphs:
            pdf.text_line(paragraph, 10, height=5)
            pdf.ln(1)
