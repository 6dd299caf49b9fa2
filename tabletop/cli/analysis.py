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

from tabletop.cli.common import CliError, print_json, read_orders
from tabletop.games.africa1880.adjudicate import GameOverError, execute_orders
from tabletop.games.africa1880.gamefile import load_game as load_africa_game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.games.massai.gamefile import load_game as load_massai_game

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
    eq.add_argument("game", type=Path, metavar="GAME.json")
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
        help=f"list at most this many equilibria (their count is exact; default {DEFAULT_LIMIT})",
    )
    eq.add_argument(
        "--count-budget",
        type=float,
        default=ELIMINATION_WORK,
        help="work allowed for counting every equilibrium in crowded positions, in table-cell "
        f"operations (default {ELIMINATION_WORK:g}); beyond it the count is reported as unknown",
    )
    eq.set_defaults(handler=cmd_equilibria)

    ag = massai_subparsers.add_parser(
        "attack-game",
        help="the attack as a zero-sum game: optimal mixed strategies and value",
        description="Attacker's choices: the attackable huts; defender's: the allowed guard "
        "sets. Every pair is resolved by the rules; the payoff is the attacker's gain in huts.",
    )
    ag.add_argument("game", type=Path, metavar="GAME.json")
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
    ag.set_defaults(handler=cmd_attack_game)


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
    try:
        game = load_africa_game(args.game)
    except (ValueError, OSError) as error:  # bad file, bad board file: one line, no traceback
        raise CliError(_one_line(error)) from None
    text = read_orders(args.orders)
    state = game.state
    parsed = parse_sheets(text, game.board, state.powers)
    try:
        after = execute_orders(state, game.board, parsed)
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
        )
    except AnalysisError as error:
        raise CliError(_one_line(error)) from None
    if args.json:
        data = result.to_dict()
        data["round"] = state.round
        data["void_orders"] = len(after.void_orders)
        print_json(data)
        return 0
    _print_equilibria(result)
    return 0


def _pairs(pairs: Any) -> str:
    return ", ".join(f"{a} -> {b}" for a, b in pairs) if pairs else "none"


def _wars(wars: dict[str, tuple[str, ...]]) -> str:
    parts = [f"{p} at war with {', '.join(ts)}" for p, ts in wars.items() if ts]
    return "; ".join(parts) if parts else "alliance everywhere"


def _print_equilibria(result: Any) -> None:
    declared = "form" if result.declared_is_equilibrium else "do not form"
    print(f"The declared relations {declared} a Nash equilibrium.")
    for report in result.power_reports:
        mark = "best response" if report.declared_is_best_response else "could do better"
        print(
            f"  {report.power}: payoff {report.declared_payoff:g} ({mark}; best "
            f"{report.best_payoff:g})"
        )
    if result.note:
        print(f"Note: {result.note}")
        return
    print(f"Free relations (change no payoff): {_pairs(result.free)}")
    print(f"Indifferent relations (never change an equilibrium): {_pairs(result.indifferent)}")
    shown = len(result.equilibria)
    more = "" if result.complete else f", first {shown} shown"
    count = result.equilibrium_count
    print(f"Pure Nash equilibria: {'too many to count' if count is None else count}{more}")
    for k, eq in enumerate(result.equilibria, start=1):
        pareto = {True: " (Pareto optimal)", False: "", None: " (Pareto: not decided)"}
        print(f"  {k}. {_wars(dict(eq.wars))}{pareto[eq.pareto_optimal]}")


def cmd_attack_game(args: argparse.Namespace) -> int:
    """Solve the attack game of the current position of a Massai game file."""
    from tabletop.analysis.massai_attack import AttackGameError, attack_game

    if not math.isfinite(args.win_bonus):
        raise CliError("--win-bonus must be a finite number")
    try:
        record = load_massai_game(args.game)
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
        data = game.to_dict()
        # People number the players 1 and 2; the JSON says both.
        data["attacker_name"] = f"Player {game.attacker + 1}"
        data["defender_name"] = f"Player {game.defender + 1}"
        print_json(data)
        return 0
    print(
        f"Player {game.attacker + 1} attacks, Player {game.defender + 1} defends with "
        f"{min(game.guards_allowed, len(game.targets))} guard(s). Value for the attacker: "
        f"{game.value:.4g} ({game.evaluation})."
    )
    print("Attack:")
    for target, p in game.attack_probabilities.items():
        print(f"  {target}: {p:.1%}")
    print("Guard (chance that each hut is guarded):")
    for hut, p in game.guard_probabilities.items():
        print(f"  {hut}: {p:.1%}")
    return 0
