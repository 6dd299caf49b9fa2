"""Game-theory sub-commands: ``tabletop africa equilibria`` and ``tabletop massai attack-game``.

The analysis modules (numpy, SciPy's solver) are imported by the handlers only, so that every
other ``tabletop`` command starts without loading them. The option choices and defaults below
repeat the analysis modules' constants; a test checks that they agree.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from tabletop.cli.common import CliError, load_game_ref, print_json, read_orders
from tabletop.games.africa1880 import power_name
from tabletop.games.africa1880.execution import GameOverError, execute_orders
from tabletop.games.africa1880.notation import SheetTooLongError, parse_sheets
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.i18n import (
    available_languages,
    format_decimal,
    format_number,
    format_percent,
    translator,
)

#: ``tabletop.analysis.africa_diplomacy``: PAYOFFS, DEFAULT_LIMIT, ELIMINATION_WORK.
PAYOFFS = ("presences", "score")
DEFAULT_LIMIT = 1000
ELIMINATION_WORK = 1.5e8
#: ``tabletop.analysis.massai_attack.EVALUATIONS``.
EVALUATIONS = ("difference", "removals")


def register(africa_subparsers: Any, massai_subparsers: Any) -> None:
    """Add ``africa equilibria`` and ``massai attack-game``."""
    eq = africa_subparsers.add_parser(
        "equilibria",
        help="pure Nash equilibria of the relations after the orders of a round",
        description="Execute the orders (phase 3) on a copy of the game, then analyse the "
        "relations as a game: every pure Nash equilibrium, free relations, best responses.",
    )
    eq.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    eq.add_argument("orders", metavar="ORDERS.txt", help="typed order sheets ('-' for stdin)")
    eq.add_argument("--json", action="store_true", help="print the analysis as JSON")
    eq.add_argument(
        "--payoff",
        choices=PAYOFFS,
        default="presences",
        help="presences kept plus weight per colony founded (default), or the game's score",
    )
    eq.add_argument(
        "--weight",
        type=float,
        default=2.0,
        help="value of a colony founded where a power is present (default: 2)",
    )
    eq.add_argument(
        "--limit",
        type=int,
        default=DEFAULT_LIMIT,
        help=f"list at most this many equilibria (default {DEFAULT_LIMIT})",
    )
    eq.add_argument(
        "--count-budget",
        type=float,
        default=ELIMINATION_WORK,
        help="work allowed for counting the equilibria of each group of linked relations, in "
        f"table-cell operations (default {ELIMINATION_WORK:g}; counted, not timed: the same "
        "answer on every machine); beyond it the count is estimated with a 95%% interval",
    )
    eq.add_argument(
        "--time-limit",
        type=float,
        default=0.0,
        help="wall-clock seconds after which the listing and the sampling stop early (default "
        "0: no limit); the output then says it was cut (cut_by_time_limit)",
    )
    _add_lang(eq)
    eq.set_defaults(handler=cmd_equilibria)

    ag = massai_subparsers.add_parser(
        "attack-game",
        help="the attack as a zero-sum game: optimal mixed strategies and value",
        description="Attacker's choices: the attackable huts; defender's: the allowed guard "
        "sets. Every pair is resolved by the rules; the payoff is the attacker's gain in huts.",
    )
    ag.add_argument("game", type=Path, metavar="GAME.json|db:ID")
    ag.add_argument("--json", action="store_true", help="print the solution as JSON")
    ag.add_argument(
        "--attacker",
        type=int,
        choices=(1, 2),
        help="attacking player (default: the player to move)",
    )
    ag.add_argument(
        "--evaluation",
        choices=EVALUATIONS,
        default="difference",
        help="difference: change in attacker huts minus change in defender huts (default); "
        "removals: defender huts removed minus attacker huts removed",
    )
    ag.add_argument(
        "--win-bonus",
        type=float,
        default=0.0,
        help="added when the attack wins the game (subtracted when it loses it)",
    )
    ag.add_argument(
        "--all-guard-sets",
        action="store_true",
        help="also list guard sets smaller than allowed (they are never better)",
    )
    _add_lang(ag)
    ag.set_defaults(handler=cmd_attack_game)


def _add_lang(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the text output (JSON keys and values stay as they are)."""
    languages = available_languages()
    parser.add_argument(
        "--lang",
        choices=languages,
        default="en",
        help=f"language of the text output ({', '.join(languages)}; default en)",
    )


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def cmd_equilibria(args: argparse.Namespace) -> int:
    """Analyse the relations game after phase 3 of the given orders."""
    from tabletop.analysis.africa_diplomacy import AnalysisError, analyse

    if args.limit < 0:
        raise CliError("--limit must be zero or more")
    if not math.isfinite(args.weight):
        raise CliError("--weight must be a finite number")
    if not args.count_budget >= 0:
        raise CliError("--count-budget must be zero or more")
    if not (math.isfinite(args.time_limit) and args.time_limit >= 0):
        raise CliError("--time-limit must be zero or more seconds")
    try:
        game = load_game_ref(args.game, "africa1880")
    except (ValueError, OSError) as error:  # bad file, bad board file: one line, no traceback
        raise CliError(_one_line(error)) from None
    text = read_orders(args.orders)
    state = game.state
    board = game.board
    assert board is not None  # a loaded game always has its board
    try:
        parsed = parse_sheets(text, board, state.powers)
    except SheetTooLongError as error:
        raise CliError(f"{args.orders}: {error}") from None
    try:
        after = execute_orders(state, board, parsed)
    except GameOverError:
        raise CliError(f"{args.game}: the game is over; there is no round to analyse") from None
    declared = relations_from_sheets(parsed.sheets, state.powers)
    try:
        result = analyse(
            after,
            declared,
            weight=args.weight,
            payoff=args.payoff,
            limit=args.limit,
            count_budget=args.count_budget,
            time_limit=args.time_limit or None,
        )
    except AnalysisError as error:
        raise CliError(_one_line(error)) from None
    if args.json:
        data = result.to_dict()
        data.update(_count_facts(result))
        data["round"] = state.round
        data["void_orders"] = len(after.void_orders)
        print_json(data)
        return 0
    _print_equilibria(result, args.lang)
    return 0


def _count_facts(result: Any) -> dict[str, Any]:
    """What the count of equilibria means, in the words the text output also uses.

    A listed equilibrium shows the free and indifferent relations at alliance; it stands for
    ``2 ** len(indifferent)`` equilibria (free relations are not counted at all).
    """
    per_listed = 2 ** len(result.indifferent)
    listed = len(result.equilibria)
    if result.note is not None:
        status, at_least = "not searched", None
    elif result.equilibrium_count is None:
        estimated = getattr(result, "count_kind", None) == "estimate"
        status, at_least = ("estimated" if estimated else "not counted"), listed * per_listed
    else:
        status, at_least = "exact", result.equilibrium_count
    return {
        "equilibrium_count_status": status,
        "equilibria_at_least": at_least,
        "equilibria_per_listed": per_listed,
        "free_and_indifferent_shown_as": "alliance",
    }


def _pairs(pairs: Any, lang: str) -> str:
    t = translator(lang)
    if not pairs:
        return t.gettext("none")
    return ", ".join(
        t.gettext(
            "{declarer} -> {toward}", declarer=power_name(a, lang), toward=power_name(b, lang)
        )
        for a, b in pairs
    )


def _wars(wars: dict[str, tuple[str, ...]], lang: str) -> str:
    t = translator(lang)
    parts = [
        t.gettext(
            "{power} at war with {targets}",
            power=power_name(p, lang),
            targets=", ".join(power_name(q, lang) for q in ts),
        )
        for p, ts in wars.items()
        if ts
    ]
    return "; ".join(parts) if parts else t.gettext("alliance everywhere")


def _print_equilibria(result: Any, lang: str = "en") -> None:
    t = translator(lang)
    if result.declared_is_equilibrium:
        print(t.gettext("The declared relations form a Nash equilibrium."))
    else:
        print(t.gettext("The declared relations do not form a Nash equilibrium."))
    for report in result.power_reports:
        values = {
            "power": power_name(report.power, lang),
            "payoff": format_decimal(report.declared_payoff, lang),
            "best": format_decimal(report.best_payoff, lang),
        }
        if report.declared_is_best_response:
            print(
                "  " + t.gettext("{power}: payoff {payoff} (best response; best {best})", **values)
            )
        else:
            print(
                "  "
                + t.gettext("{power}: payoff {payoff} (could do better; best {best})", **values)
            )
    if result.note is not None:
        why = result.note.removeprefix("equilibria not enumerated: ")
        print(t.gettext("Pure Nash equilibria: not searched: {why}.", why=why))
        print(t.gettext("Each power's payoff and best responses above are exact."))
        return
    print(
        t.gettext(
            "Free relations (change no payoff; not counted): {pairs}",
            pairs=_pairs(result.free, lang),
        )
    )
    print(
        t.gettext(
            "Indifferent relations (never change an equilibrium): {pairs}",
            pairs=_pairs(result.indifferent, lang),
        )
    )
    for line in _count_lines(result, lang):
        print(line)
    pareto = {
        True: " " + t.gettext("(Pareto optimal)"),
        False: "",
        None: " " + t.gettext("(Pareto: not decided)"),
    }
    for k, eq in enumerate(result.equilibria, start=1):
        print(f"  {k}. {_wars(dict(eq.wars), lang)}{pareto[eq.pareto_optimal]}")


def _count_lines(result: Any, lang: str = "en") -> list[str]:
    """The count of pure equilibria and what each listed one stands for, in plain words."""
    t = translator(lang)
    facts = _count_facts(result)
    listed = len(result.equilibria)
    k = len(result.indifferent)
    per = facts["equilibria_per_listed"]
    count = result.equilibrium_count
    if count is None:
        at_least = format_number(facts["equilibria_at_least"], lang)
        if k == 0:
            shown = t.gettext("at least {n} listed", n=at_least)
        else:
            shown = t.gettext("at least {n}", n=at_least)
        if facts["equilibrium_count_status"] == "estimated":
            low, high = result.count_interval
            lines = [
                t.gettext(
                    "Pure Nash equilibria: about {estimate} (confidence interval 95%: {low} to "
                    "{high}; estimated from a fixed sample of random profiles; {shown}).",
                    estimate=format_number(round(result.count_estimate), lang),
                    low=format_number(round(low), lang),
                    high=format_number(round(high), lang),
                    shown=shown,
                )
            ]
            lines.extend(_sample_lines(result, lang))
        else:
            lines = [
                t.gettext(
                    "Pure Nash equilibria: not counted within the work allowed; {shown}.",
                    shown=shown,
                )
            ]
    else:
        lines = [t.gettext("Pure Nash equilibria: {count}.", count=format_number(count, lang))]
    distinct = None if count is None else count // per
    if k and (listed or count):
        if distinct is None:
            detail = t.gettext(" ({listed} listed x {per})", listed=listed, per=per)
        else:
            detail = t.gettext(
                ", so {count} = {distinct} x {per}",
                count=format_number(count, lang),
                distinct=format_number(distinct, lang),
                per=format_number(per, lang),
            )
        lines.append(
            t.ngettext(
                "The {k} indifferent relation is shown at alliance below: each equilibrium "
                "listed stands for the 2^{k} = {per} ways of setting it{detail}.",
                "The {k} indifferent relations are shown at alliance below: each equilibrium "
                "listed stands for the 2^{k} = {per} ways of setting them{detail}.",
                k,
                k=k,
                per=per,
                detail=detail,
            )
        )
    if result.free:
        lines.append(t.gettext("Free relations are shown at alliance too; they are not counted."))
    if listed == 0:
        if distinct:
            lines.append(t.gettext("None is listed (--limit 0)."))
    elif result.complete:
        if listed > 1:
            lines.append(t.gettext("All {n} are listed:", n=listed))
        else:
            lines.append(t.gettext("It is listed:"))
    elif distinct is not None:
        lines.append(
            t.gettext(
                "The first {listed} of {distinct} are listed:",
                listed=listed,
                distinct=format_number(distinct, lang),
            )
        )
    else:
        lines.append(t.gettext("The first {listed} found are listed:", listed=listed))
    return lines


def _sample_lines(result: Any, lang: str) -> list[str]:
    """How an estimated count was found, said exactly: the sample behind each estimate."""
    t = translator(lang)
    samples = getattr(result, "count_samples", ())
    if not samples:
        return []
    parts = [
        t.gettext(
            "{hits} of {trials} uniformly random profiles of {n} relations were equilibria",
            hits=format_number(hits, lang),
            trials=format_number(trials, lang),
            n=n,
        )
        for n, trials, hits in samples
    ]
    return [
        t.gettext(
            "How it was estimated: {samples}; the count is that share of all their profiles "
            "(no exact method fitted in the time and work allowed).",
            samples="; ".join(parts),
        )
    ]


def cmd_attack_game(args: argparse.Namespace) -> int:
    """Solve the attack game of the current position of a Massai game file."""
    from tabletop.analysis.massai_attack import AttackGameError, attack_game

    if not math.isfinite(args.win_bonus):
        raise CliError("--win-bonus must be a finite number")
    try:
        record = load_game_ref(args.game, "massai")
    except (ValueError, OSError) as error:
        raise CliError(_one_line(error)) from None
    state = record.state
    # Said in words here: the analysis module names the phase ("in its over phase").
    if state.phase == "setup":
        raise CliError(
            f"{args.game}: no attack to analyse in the setup phase "
            "(both setups must be placed first)"
        )
    if state.phase == "over":
        winner = (state.winner or 0) + 1
        raise CliError(
            f"{args.game}: the game is over (Player {winner} has won); no attack to analyse"
        )
    attacker = None if args.attacker is None else args.attacker - 1
    try:
        game = attack_game(
            record.state,
            attacker=attacker,
            evaluation=args.evaluation,
            win_bonus=args.win_bonus,
            all_guard_sets=args.all_guard_sets,
        )
    except AttackGameError as error:
        raise CliError(f"{args.game}: {_one_line(error)}") from None
    if args.json:
        print_json(_attack_game_json(game))
        return 0
    _print_attack_game(game, args.lang)
    return 0


def _player(index: int) -> int:
    """A player as people and ``--attacker`` number them (the game file counts from 0)."""
    return index + 1


def _attack_game_json(game: Any) -> dict[str, Any]:
    """The solved game as JSON, with the players numbered 1 and 2 like ``--attacker``."""
    data = game.to_dict()
    data["attacker"] = _player(game.attacker)
    data["defender"] = _player(game.defender)
    data["attacker_name"] = f"Player {_player(game.attacker)}"
    data["defender_name"] = f"Player {_player(game.defender)}"
    data["guards_per_set"] = _guards_used(game)
    return data


#: Below this probability a strategy is treated as not played (solver round-off).
PLAYED = 1e-9
#: Largest payoff table printed in the text output (targets x guard sets).
TABLE_MAX = 8


def _guards_used(game: Any) -> int:
    return min(game.guards_allowed, len(game.targets))


def _percent(p: float, lang: str) -> str:
    """``41.7%`` right-aligned as before in English; the language's own form otherwise."""
    return f"{p:6.1%}" if lang == "en" else format_percent(p, lang).rjust(7)


def _guard_set(guards: tuple[str, ...], lang: str = "en") -> str:
    return "+".join(guards) if guards else translator(lang).gettext("no guard")


def _print_attack_game(game: Any, lang: str = "en") -> None:
    t = translator(lang)
    guards = _guards_used(game)
    if guards == 0:
        defends = t.gettext("no guard")
    elif len({len(s) for s in game.guard_sets}) > 1:
        defends = t.ngettext("up to {n} guard", "up to {n} guards", guards, n=guards)
    else:
        defends = t.ngettext("{n} guard", "{n} guards", guards, n=guards)
    print(
        t.gettext(
            "Player {attacker} attacks, Player {defender} defends with {defends} "
            "({allowed}, {targets}).",
            attacker=_player(game.attacker),
            defender=_player(game.defender),
            defends=defends,
            allowed=t.ngettext(
                "{n} guard allowed",
                "{n} guards allowed",
                game.guards_allowed,
                n=game.guards_allowed,
            ),
            targets=t.ngettext("{n} target", "{n} targets", len(game.targets), n=len(game.targets)),
        )
    )
    value = f"{game.value:.4g}" if lang == "en" else format_decimal(game.value, lang, 4)
    if game.win_bonus:
        bonus = f"{game.win_bonus:g}" if lang == "en" else format_decimal(game.win_bonus, lang)
        print(
            t.gettext(
                "Value for the attacker: {value} (evaluation: {evaluation}; win bonus {bonus}).",
                value=value,
                evaluation=game.evaluation,
                bonus=bonus,
            )
        )
    else:
        print(
            t.gettext(
                "Value for the attacker: {value} (evaluation: {evaluation}).",
                value=value,
                evaluation=game.evaluation,
            )
        )
    print(t.gettext("Attacker's targets (optimal probabilities):"))
    width = max(len(x) for x in game.targets)
    for target, p in game.attack_probabilities.items():
        print(f"  {target:<{width}}  {_percent(p, lang)}")
    played = [(s, p) for s, p in game.guard_set_probabilities.items() if p > PLAYED]
    rest = len(game.guard_sets) - len(played)
    print(t.gettext("Defender's guard sets (optimal probabilities):"))
    width = max(len(_guard_set(s, lang)) for s, _ in played)
    for guard_set, p in played:
        print(f"  {_guard_set(guard_set, lang):<{width}}  {_percent(p, lang)}")
    if rest:
        print(
            "  "
            + t.ngettext(
                "({n} other guard set with probability 0)",
                "({n} other guard sets with probability 0)",
                rest,
                n=rest,
            )
        )
    print(t.gettext("Chance that each hut is guarded:"))
    width = max(len(x) for x in game.targets)
    for hut, p in game.guard_probabilities.items():
        print(f"  {hut:<{width}}  {_percent(p, lang)}")
    rows, columns = game.matrix.shape
    if rows > TABLE_MAX or columns > TABLE_MAX:
        print(
            t.gettext(
                "Payoff table: {rows} targets x {sets} guard sets, too large to print here "
                "(see --json).",
                rows=rows,
                sets=len(game.guard_sets),
            )
        )
        return
    print(t.gettext("Payoff table (attacker's gain; rows: targets, columns: guard sets):"))
    heads = [_guard_set(s, lang) for s in game.guard_sets]
    cells = [
        [f"{v:g}" if lang == "en" else format_decimal(float(v), lang) for v in row]
        for row in game.matrix
    ]
    widths = [max(len(h), *(len(row[c]) for row in cells)) for c, h in enumerate(heads)]
    label = t.gettext("target")
    first = max(len(label), *(len(x) for x in game.targets))
    head = "  ".join(h.rjust(w) for h, w in zip(heads, widths, strict=True))
    print(f"  {label:<{first}}  {head}")
    for target, row in zip(game.targets, cells, strict=True):
        line = "  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True))
        print(f"  {target:<{first}}  {line}")
