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
from tabletop.games.africa1880.adjudicate import GameOverError, execute_orders
from tabletop.games.africa1880.notation import SheetTooLongError, parse_sheets
from tabletop.games.africa1880.orders import relations_from_sheets

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
        help="with --time-limit 0: work allowed for counting every equilibrium, in table-cell "
        f"operations (default {ELIMINATION_WORK:g}); beyond it the count is estimated",
    )
    eq.add_argument(
        "--time-limit",
        type=float,
        default=1.0,
        help="seconds allowed for an exact count (default 1); beyond it the count is estimated "
        "from random profiles with a 95%% interval (0: use --count-budget instead)",
    )
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
    _print_equilibria(result)
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
    if result.note is not None:
        why = result.note.removeprefix("equilibria not enumerated: ")
        print(f"Pure Nash equilibria: not searched: {why}.")
        print("Each power's payoff and best responses above are exact.")
        return
    print(f"Free relations (change no payoff; not counted): {_pairs(result.free)}")
    print(f"Indifferent relations (never change an equilibrium): {_pairs(result.indifferent)}")
    for line in _count_lines(result):
        print(line)
    pareto = {True: " (Pareto optimal)", False: "", None: " (Pareto: not decided)"}
    for k, eq in enumerate(result.equilibria, start=1):
        print(f"  {k}. {_wars(dict(eq.wars))}{pareto[eq.pareto_optimal]}")


def _count_lines(result: Any) -> list[str]:
    """The count of pure equilibria and what each listed one stands for, in plain words."""
    facts = _count_facts(result)
    listed = len(result.equilibria)
    k = len(result.indifferent)
    per = facts["equilibria_per_listed"]
    count = result.equilibrium_count
    if count is None:
        at_least = facts["equilibria_at_least"]
        shown = f"at least {at_least} listed" if k == 0 else f"at least {at_least}"
        if facts["equilibrium_count_status"] == "estimated":
            low, high = result.count_interval
            lines = [
                f"Pure Nash equilibria: about {result.count_estimate:,.0f} (95% interval "
                f"{low:,.0f} to {high:,.0f}, estimated from random profiles within the time "
                f"limit; {shown})."
            ]
        else:
            lines = [f"Pure Nash equilibria: not counted within the work allowed; {shown}."]
    else:
        lines = [f"Pure Nash equilibria: {count}."]
    distinct = None if count is None else count // per
    if k and (listed or count):
        relations = "relation is" if k == 1 else "relations are"
        lines.append(
            f"The {k} indifferent {relations} shown at alliance below: each equilibrium "
            f"listed stands for the 2^{k} = {per} ways of setting {'it' if k == 1 else 'them'}"
            + (f" ({listed} listed x {per})" if distinct is None else "")
            + ("" if distinct is None else f", so {count} = {distinct} x {per}")
            + "."
        )
    if result.free:
        lines.append("Free relations are shown at alliance too; they are not counted.")
    if listed == 0:
        if distinct:
            lines.append("None is listed (--limit 0).")
    elif result.complete:
        lines.append(f"All {listed} are listed:" if listed > 1 else "It is listed:")
    elif distinct is not None:
        lines.append(f"The first {listed} of {distinct} are listed:")
    else:
        lines.append(f"The first {listed} found are listed:")
    return lines


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
    _print_attack_game(game)
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


def _count(n: int, word: str) -> str:
    """``0 guards``, ``1 guard``, ``2 guards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _guard_set(guards: tuple[str, ...]) -> str:
    return "+".join(guards) if guards else "no guard"


def _print_attack_game(game: Any) -> None:
    guards = _guards_used(game)
    if guards == 0:
        defends = "no guard"
    else:
        up_to = "up to " if len({len(s) for s in game.guard_sets}) > 1 else ""
        defends = f"{up_to}{_count(guards, 'guard')}"
    print(
        f"Player {_player(game.attacker)} attacks, Player {_player(game.defender)} defends with "
        f"{defends} ({_count(game.guards_allowed, 'guard')} allowed, "
        f"{_count(len(game.targets), 'target')})."
    )
    bonus = f"; win bonus {game.win_bonus:g}" if game.win_bonus else ""
    print(f"Value for the attacker: {game.value:.4g} (evaluation: {game.evaluation}{bonus}).")
    print("Attacker's targets (optimal probabilities):")
    width = max(len(t) for t in game.targets)
    for target, p in game.attack_probabilities.items():
        print(f"  {target:<{width}}  {p:6.1%}")
    played = [(s, p) for s, p in game.guard_set_probabilities.items() if p > PLAYED]
    rest = len(game.guard_sets) - len(played)
    print("Defender's guard sets (optimal probabilities):")
    width = max(len(_guard_set(s)) for s, _ in played)
    for guard_set, p in played:
        print(f"  {_guard_set(guard_set):<{width}}  {p:6.1%}")
    if rest:
        print(f"  ({_count(rest, 'other guard set')} with probability 0)")
    print("Chance that each hut is guarded:")
    width = max(len(t) for t in game.targets)
    for hut, p in game.guard_probabilities.items():
        print(f"  {hut:<{width}}  {p:6.1%}")
    rows, columns = game.matrix.shape
    if rows > TABLE_MAX or columns > TABLE_MAX:
        print(
            f"Payoff table: {rows} targets x {len(game.guard_sets)} guard sets, too large to "
            "print here (see --json)."
        )
        return
    print("Payoff table (attacker's gain; rows: targets, columns: guard sets):")
    heads = [_guard_set(s) for s in game.guard_sets]
    cells = [[f"{v:g}" for v in row] for row in game.matrix]
    widths = [max(len(h), *(len(row[c]) for row in cells)) for c, h in enumerate(heads)]
    first = max(len("target"), *(len(t) for t in game.targets))
    head = "  ".join(h.rjust(w) for h, w in zip(heads, widths, strict=True))
    print(f"  {'target':<{first}}  {head}")
    for target, row in zip(game.targets, cells, strict=True):
        line = "  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True))
        print(f"  {target:<{first}}  {line}")
