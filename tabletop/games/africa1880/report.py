"""What a resolved round did, as data (:class:`Report`) and as table instructions for people.

:func:`format_report` groups the instructions the way one applies them to the physical board:
first remove presences, then place new ones, then add development pins, then found colonies, and
last the list of void orders with their reasons. A presence that arrives and is removed in the same
round is marked on both lines so that nobody puts it on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.games.africa1880.orders import VoidOrder
from tabletop.games.africa1880.state import POWER_NAMES_FR, POWER_ORDER, power_name

if TYPE_CHECKING:  # only for annotations; the state module does not need this one
    from tabletop.games.africa1880.state import GameState

SCORING_NOTE = (
    "Scoring follows a published summary of the rules and may differ from the rulebook of your "
    "copy of the game; check it before naming a winner."
)
SCORING_NOTE_FR = (
    "Le décompte suit un résumé publié des règles et peut différer du livret de votre boîte ; "
    "vérifiez-le avant de désigner un vainqueur."
)


@dataclass(frozen=True)
class NewPresence:
    """A presence placed during phase 3, ``by`` ``"explore"`` or ``"land"``."""

    power: str
    territory: str
    by: str

    def to_dict(self) -> dict[str, str]:
        return {"power": self.power, "territory": self.territory, "by": self.by}


@dataclass(frozen=True)
class DevelopmentResult:
    """Pins added on one territory this round, the pins there after, and its spaces."""

    territory: str
    added: int
    total: int
    spaces: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "territory": self.territory,
            "added": self.added,
            "total": self.total,
            "spaces": self.spaces,
        }


@dataclass(frozen=True)
class Removal:
    """A presence removed in phase 4 (back to its power's stock), with the reason in plain words.

    ``war_from`` / ``alliance_from`` are the other powers present that declared war on / alliance
    with the removed power: the relations that decided.
    """

    power: str
    territory: str
    war_from: tuple[str, ...]
    alliance_from: tuple[str, ...]

    @property
    def reason(self) -> str:
        return removal_reason(self, "en")

    @property
    def reason_fr(self) -> str:
        return removal_reason(self, "fr")

    def to_dict(self) -> dict[str, str]:
        return {"power": self.power, "territory": self.territory, "reason": self.reason}


def _names(powers: tuple[str, ...], lang: str) -> str:
    names = [power_name(p, lang) for p in powers]
    if len(names) <= 1:
        return "".join(names)
    joiner = " et " if lang == "fr" else " and "
    return ", ".join(names[:-1]) + joiner + names[-1]


def removal_reason(removal: Removal, lang: str = "en") -> str:
    """The sentence naming the rule applied and the relations that removed the presence."""
    me = power_name(removal.power, lang)
    wars, allies = removal.war_from, removal.alliance_from
    if len(wars) + len(allies) == 1:
        other = power_name(wars[0], lang)
        if lang == "fr":
            return (
                f"{me} a déclaré l'alliance avec {other} mais {other} lui a déclaré la guerre "
                "(deux présences : l'allié trahi est retiré)"
            )
        return (
            f"{me} allied with {other} but {other} declared war on {me} "
            "(two presences: the betrayed ally is removed)"
        )
    if lang == "fr":
        text = f"{me} reçoit {len(wars)} déclaration(s) de guerre ({_names(wars, lang)})"
        text += f" et seulement {len(allies)} d'alliance"
        text += f" ({_names(allies, lang)})" if allies else ""
        return text + (
            " des autres pays présents (trois présences ou plus : plus de guerres que "
            "d'alliances retire la présence)"
        )
    text = f"{len(wars)} war declaration(s) on {me} ({_names(wars, lang)})"
    text += f" against {len(allies)} alliance(s)"
    text += f" ({_names(allies, lang)})" if allies else ""
    return text + (
        " from the other powers present (three or more presences: more wars than alliances "
        "removes the presence)"
    )


@dataclass(frozen=True)
class ColonyFounded:
    """A territory that became a colony this round, and the powers present in it."""

    territory: str
    powers: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"territory": self.territory, "powers": list(self.powers)}


REPORT_KEYS = (
    "round",
    "void_orders",
    "development",
    "new_presences",
    "removals",
    "colonies",
    "game_over",
    "state",
)


@dataclass(frozen=True)
class Report:
    """Everything a round did, in the order it is applied to the table.

    ``round``/``year`` are those of the round resolved; ``state`` is the state after it.
    """

    round: int
    year: int
    void_orders: tuple[VoidOrder, ...] = ()
    development: tuple[DevelopmentResult, ...] = ()
    new_presences: tuple[NewPresence, ...] = ()
    removals: tuple[Removal, ...] = ()
    colonies: tuple[ColonyFounded, ...] = ()
    game_over: bool = False
    state: GameState | None = field(default=None, compare=False)

    def to_dict(self, include_state: bool = True) -> dict[str, Any]:
        """The JSON form: exactly the keys of :data:`REPORT_KEYS` (``state`` optional)."""
        out: dict[str, Any] = {
            "round": self.round,
            "void_orders": [v.to_dict() for v in self.void_orders],
            "development": [d.to_dict() for d in self.development],
            "new_presences": [n.to_dict() for n in self.new_presences],
            "removals": [r.to_dict() for r in self.removals],
            "colonies": [c.to_dict() for c in self.colonies],
            "game_over": self.game_over,
        }
        if include_state:
            out["state"] = None if self.state is None else self.state.to_dict()
        return out


_TEXT = {
    "en": {
        "title": "Round {round} ({year}): what to do on the table",
        "remove": "REMOVE these presences (back to their stock):",
        "remove_line": "REMOVE {power} from {territory}: {reason}",
        "remove_new_line": (
            "REMOVE {power} from {territory} (arrived this round: do not place it): {reason}"
        ),
        "place_removed": (
            "(no pawn) {power} in {territory} ({how}): removed at once, see REMOVE; "
            "leave the pawn in stock"
        ),
        "explore": "exploration",
        "land": "landing",
        "place": "PLACE new presences:",
        "place_explore": "PLACE {power} in {territory} (exploration)",
        "place_land": "PLACE {power} in {territory} (landing)",
        "pins": "ADD development pins:",
        "pins_line": "ADD {added} PIN{s} on {territory} (total {total}/{spaces})",
        "colonies": "FOUND colonies:",
        "colony_line": "FOUND COLONY in {territory} ({powers})",
        "void": "VOID ORDERS (not executed):",
        "void_line": '{power}: "{order}": {reason}',
        "nothing": "Nothing changes on the table this round.",
        "next": "Next: round {round} ({year}).",
        "over": "GAME OVER. Count the score (tabletop africa score).",
        "nobody": "nobody",
    },
    "fr": {
        "title": "Tour {round} ({year}) : ce qu'il faut faire sur la table",
        "remove": "RETIRER ces présences (retour à la réserve) :",
        "remove_line": "RETIRER {power} du territoire {territory} : {reason}",
        "remove_new_line": (
            "RETIRER {power} du territoire {territory} (arrivée ce tour-ci : ne pas la poser) : "
            "{reason}"
        ),
        "place_removed": (
            "(pas de pion) {power} sur {territory} ({how}) : retirée aussitôt, voir RETIRER ; "
            "laissez le pion dans la réserve"
        ),
        "explore": "exploration",
        "land": "débarquement",
        "place": "POSER les nouvelles présences :",
        "place_explore": "POSER {power} sur {territory} (exploration)",
        "place_land": "POSER {power} sur {territory} (débarquement)",
        "pins": "AJOUTER des pions développement :",
        "pins_line": "AJOUTER {added} PION{s} sur {territory} (total {total}/{spaces})",
        "colonies": "FONDER les colonies :",
        "colony_line": "FONDER LA COLONIE sur {territory} ({powers})",
        "void": "ORDRES NULS (non exécutés) :",
        "void_line": "{power} : « {order} » : {reason}",
        "nothing": "Rien ne change sur la table ce tour-ci.",
        "next": "Ensuite : tour {round} ({year}).",
        "over": "FIN DE LA PARTIE. Faites le décompte (tabletop africa score).",
        "nobody": "personne",
    },
}


def void_orders_for_reading(void_orders: Iterable[VoidOrder]) -> list[VoidOrder]:
    """Void orders as a person checks them: lines that belong to no power first, then power by
    power (alphabetical), each in the order of its typed lines.

    The adjudicator lists reading problems before execution problems; this order lets a person
    go down each sheet once.
    """
    return sorted(
        void_orders,
        key=lambda v: (
            -1 if v.power is None else POWER_ORDER.get(v.power, 99),
            v.line is None,
            v.line or 0,
        ),
    )


def format_report(report: Report, lang: str = "en") -> str:
    """Plain-words table instructions, grouped: remove, place, add pins, found colonies, void.

    ``lang`` is ``"en"`` or ``"fr"``; territory names stay canonical so they match the board file
    (so the French lines say "sur Algeria", "du territoire Egypt": no article to agree with).
    """
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r}; use 'en' or 'fr'")
    text = _TEXT[lang]
    lines = [text["title"].format(round=report.round, year=report.year), ""]
    acted = False
    # A presence placed and removed in the same round never goes on the table: both lines say so,
    # since the removals are listed first.
    arrived = {(n.power, n.territory) for n in report.new_presences}
    removed = {(r.power, r.territory) for r in report.removals}
    if report.removals:
        acted = True
        lines.append(text["remove"])
        for removal in report.removals:
            reason = removal.reason_fr if lang == "fr" else removal.reason
            new = (removal.power, removal.territory) in arrived
            line = text["remove_new_line" if new else "remove_line"].format(
                power=power_name(removal.power, lang), territory=removal.territory, reason=reason
            )
            lines.append(f"  - {line}")
        lines.append("")
    if report.new_presences:
        acted = True
        lines.append(text["place"])
        for new in report.new_presences:
            key = "place_explore" if new.by == "explore" else "place_land"
            if (new.power, new.territory) in removed:
                key = "place_removed"
            line = text[key].format(
                power=power_name(new.power, lang),
                territory=new.territory,
                how=text["explore" if new.by == "explore" else "land"],
            )
            lines.append(f"  - {line}")
        lines.append("")
    if report.development:
        acted = True
        lines.append(text["pins"])
        for dev in report.development:
            line = text["pins_line"].format(
                added=dev.added,
                s="S" if dev.added > 1 else "",
                territory=dev.territory,
                total=dev.total,
                spaces=dev.spaces,
            )
            lines.append(f"  - {line}")
        lines.append("")
    if report.colonies:
        acted = True
        lines.append(text["colonies"])
        for colony in report.colonies:
            powers = ", ".join(power_name(p, lang) for p in colony.powers) or text["nobody"]
            lines.append(
                "  - " + text["colony_line"].format(territory=colony.territory, powers=powers)
            )
        lines.append("")
    if not acted:
        lines.extend([text["nothing"], ""])
    if report.void_orders:
        lines.append(text["void"])
        for void in void_orders_for_reading(report.void_orders):
            who = power_name(void.power, lang) if void.power else "?"
            lines.append(
                "  - "
                + text["void_line"].format(power=who, order=void.order_text, reason=void.text(lang))
            )
        lines.append("")
    if report.game_over:
        lines.append(text["over"])
    elif report.state is not None:
        lines.append(text["next"].format(round=report.state.round, year=report.state.year))
    return "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class PowerScore:
    """One power's score: points (points variant) and colony counts (both variants)."""

    power: str
    points: int
    colonies: int
    colonies_alone: int
    colonies_shared: int
    alliances: int
    presences: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "points": self.points,
            "colonies": self.colonies,
            "colonies_alone": self.colonies_alone,
            "colonies_shared": self.colonies_shared,
            "alliances": self.alliances,
            "presences": self.presences,
        }


@dataclass(frozen=True)
class Score:
    """The score of a position under the game's scoring option, best first."""

    scoring: str
    powers: tuple[PowerScore, ...]
    leaders: tuple[str, ...]
    game_over: bool
    note: str = SCORING_NOTE

    def by_power(self) -> Mapping[str, PowerScore]:
        return {p.power: p for p in self.powers}

    def to_dict(self) -> dict[str, Any]:
        return {
            "scoring": self.scoring,
            "game_over": self.game_over,
            "leaders": list(self.leaders),
            "powers": [p.to_dict() for p in self.powers],
            "note": self.note,
        }


def format_score(score: Score, lang: str = "en") -> str:
    """A small score table in plain words, with the note that scoring follows a summary."""
    fr = lang == "fr"
    if score.scoring == "points":
        rule = (
            "Décompte aux points : colonie seul 8, colonie partagée 3, alliance déclarée au "
            "dernier tour 1."
            if fr
            else "Points scoring: colony held alone 8, shared colony 3 each, 1 per alliance "
            "declared in the last round."
        )
    else:
        rule = (
            "Décompte aux colonies : le plus de colonies gagne."
            if fr
            else "Colony scoring: most colonies wins."
        )
    header = (
        f"{'Puissance' if fr else 'Power':<16}{'Points':>7}{'Colonies':>10}"
        f"{'seul' if fr else 'alone':>7}{'partagées' if fr else 'shared':>10}"
        f"{'alliances':>11}{'présences' if fr else 'presences':>11}"
    )
    lines = [rule, "", header]
    for p in score.powers:
        lines.append(
            f"{power_name(p.power, lang):<16}{p.points:>7}{p.colonies:>10}{p.colonies_alone:>7}"
            f"{p.colonies_shared:>10}{p.alliances:>11}{p.presences:>11}"
        )
    leaders = ", ".join(POWER_NAMES_FR.get(p, p) if fr else p for p in score.leaders)
    if score.game_over:
        lines += ["", (f"Vainqueur : {leaders}" if fr else f"Winner: {leaders}")]
    else:
        lines += ["", (f"En tête : {leaders}" if fr else f"Leading: {leaders}")]
    lines += ["", SCORING_NOTE_FR if fr else score.note]
    return "\n".join(lines) + "\n"
