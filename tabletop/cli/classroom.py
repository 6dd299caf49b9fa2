"""``tabletop class ...``: classroom play from the command line, every flow of the two pages.

The teacher's side: ``games`` lists the games a class can play, ``new`` creates a class game and
prints its number, join code, join link and the teacher's credential (``earlier`` lists the
earlier classes whose stored choices can be its partners); ``status`` says the round, who has
chosen (never what) and the closed rounds' counts; ``next`` closes the open round and opens the
next; ``qre`` prints the prediction, the class's frequencies and the fitted QRE of every game;
``export`` writes the CSV of every seat and round; ``message`` shows a line on every phone,
``standins`` adds stand-in students for a rehearsal, ``rejoin`` gives a student a new link to
their seat; ``delete`` removes the class game. The student's side: ``join`` gives a student their
token, ``show`` what their phone shows, ``play`` makes their choice.

The teacher's credential is ``--token`` or ``$TABLETOP_CLASS_TOKEN``, a student's ``--token`` or
``$TABLETOP_STUDENT_TOKEN`` (a command line is visible to the other users of the machine, the
environment is not). The database is ``--db URL``, else ``$TABLETOP_DATABASE_URL``, else the
SQLite file of the data folder; every process sharing it must share the server secret too.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import CliError, open_database, print_json
from tabletop.serving import DEFAULT_PORT

#: Where the teacher's credential is read when ``--token`` is not given.
TEACHER_TOKEN_VARIABLE = "TABLETOP_CLASS_TOKEN"
#: Where a student's credential is read when ``--token`` is not given.
STUDENT_TOKEN_VARIABLE = "TABLETOP_STUDENT_TOKEN"
VISIBLE = "a token on the command line is visible to the other users of this machine"
#: How stand-in students choose (:class:`tabletop.classroom.standins.Strategy`; a test holds
#: them equal, and this module loads no class game for ``--help``).
STRATEGIES = ("uniform", "nash", "best-response")


def register(subparsers: Any) -> None:
    """Add ``games``, ``new``, ``earlier``, ``join``, ``play``, ``show``, ``status``, ``next``,
    ``export``, ``message``, ``standins``, ``rejoin`` and ``delete``."""

    def add(name: str, database: bool = True, **kwargs: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = subparsers.add_parser(name, **kwargs)
        if database:
            parser.add_argument(
                "--db",
                metavar="URL",
                help="database: a SQLite file or postgresql+psycopg://... "
                "(default: $TABLETOP_DATABASE_URL, else tabletop.db in the data folder)",
            )
        return parser

    def class_id(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("id", type=_class_id, metavar="CLASS", help="the class game's number")

    def teacher(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--token",
            help=f"the teacher's token (default: ${TEACHER_TOKEN_VARIABLE}; {VISIBLE})",
        )

    def as_json(parser: argparse.ArgumentParser, what: str) -> None:
        parser.add_argument("--json", action="store_true", help=f"print {what} as JSON")

    def base_url(parser: argparse.ArgumentParser, servers: bool = False) -> None:
        parser.add_argument(
            "--base-url",
            metavar="URL",
            action="append" if servers else "store",
            help=f"address the phones use (default: http://<this machine's LAN address>:"
            f"{DEFAULT_PORT}, as `tabletop serve --lan` prints it)"
            + (
                "; once per server of a class split over several servers on one database: "
                "a join link for each"
                if servers
                else ""
            ),
        )

    games = add("games", database=False, help="the games a class can play (GAME of `new`)")
    as_json(games, "the list")
    games.set_defaults(handler=cmd_games)

    new = add("new", help="create a class game: its join code and link, the teacher's token")
    new.add_argument("preset", metavar="GAME", help="the game (tabletop class games)")
    new.add_argument("--rounds", type=_rounds, default=5, metavar="N", help="rounds (default 5)")
    new.add_argument(
        "--matching",
        choices=("random", "fixed"),
        default="random",
        help="new random groups each round, or fixed groups whose sides turn (default random)",
    )
    new.add_argument(
        "--seed", type=int, metavar="N", help="draw the same groups and computer choices again"
    )
    new.add_argument(
        "--partners-from",
        type=_class_id,
        action="append",
        default=[],
        metavar="CLASS",
        help="an earlier class game of the same game whose stored choices fill the seats nobody "
        "sits in (a class of any size, or one student, plays at once); repeat for several "
        "(tabletop class earlier GAME lists them)",
    )
    as_json(new, "the class game")
    base_url(new, servers=True)
    new.set_defaults(handler=cmd_new)

    earlier = add("earlier", help="earlier class games of GAME whose choices can be partners")
    earlier.add_argument("preset", metavar="GAME", help="the game (tabletop class games)")
    as_json(earlier, "the list")
    earlier.set_defaults(handler=cmd_earlier)

    join = add("join", help="a student joins with the class's code (or link token) and a nickname")
    class_id(join)
    join.add_argument("code", metavar="CODE", help="the six-letter code, or the join link's token")
    join.add_argument("nickname", metavar="NICKNAME", help="the name shown to the class")
    as_json(join, "the student's pass")
    base_url(join)
    join.set_defaults(handler=cmd_join)

    play = add("play", help="a student's choice for the open round (replaces an earlier one)")
    class_id(play)
    play.add_argument(
        "--token", help=f"the student's token (default: ${STUDENT_TOKEN_VARIABLE}; {VISIBLE})"
    )
    play.add_argument(
        "choice", metavar="CHOICE", help="an action of the student's side, or its number (1, 2...)"
    )
    as_json(play, "the student's view after the choice")
    play.set_defaults(handler=cmd_play)

    show = add("show", help="what a student's phone shows: round, side, choices, results")
    class_id(show)
    show.add_argument(
        "--token", help=f"the student's token (default: ${STUDENT_TOKEN_VARIABLE}; {VISIBLE})"
    )
    as_json(show, "the student's view")
    show.set_defaults(handler=cmd_show)

    status = add("status", help="the round, who has chosen (never what) and the results so far")
    class_id(status)
    teacher(status)
    as_json(status, "what the teacher's screen shows")
    status.set_defaults(handler=cmd_status)

    following = add(
        "next",
        help="close the open round (the computer plays for the missing) and open the next one",
    )
    class_id(following)
    teacher(following)
    as_json(following, "what was closed and opened")
    following.set_defaults(handler=cmd_next)

    qre = add(
        "qre",
        help="the prediction, the class's frequencies and the logit QRE fitted to them "
        "(lambda by maximum likelihood, log-likelihoods against uniform play and Nash)",
    )
    class_id(qre)
    teacher(qre)
    as_json(qre, "the theory (with the learning paths round by round)")
    qre.set_defaults(handler=cmd_qre)

    export = add("export", help="write every seat of every closed round as CSV")
    class_id(export)
    teacher(export)
    export.add_argument("-o", "--output", required=True, metavar="FILE.csv", help="'-': stdout")
    export.add_argument("--force", action="store_true", help="replace an existing file")
    export.add_argument(
        "--standins", action="store_true", help="with the stand-ins' seats (left out by default)"
    )
    export.add_argument(
        "--table",
        choices=("choices", "qre"),
        default="choices",
        help="choices: a row per seat and round (default); qre: the fitted QRE, a row per side "
        "and action",
    )
    export.set_defaults(handler=cmd_export)

    message = add("message", help="show a message on every student's phone ('' takes it off)")
    class_id(message)
    teacher(message)
    message.add_argument(
        "text",
        metavar="TEXT",
        help="plain text, at most 280 characters; an empty one ('') takes the message off",
    )
    message.set_defaults(handler=cmd_message)

    standins = add(
        "standins", help="add N stand-in students for a rehearsal (they sit from the next round)"
    )
    class_id(standins)
    teacher(standins)
    standins.add_argument("n", type=_count, metavar="N", help="how many (1 to 40)")
    standins.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default="uniform",
        help="how they choose: uniformly, as the prediction, or the best response to the last "
        "round (default uniform)",
    )
    standins.add_argument("--seed", type=int, metavar="N", help="draw the same choices again")
    as_json(standins, "their nicknames")
    standins.set_defaults(handler=cmd_standins)

    rejoin = add(
        "rejoin",
        help="a new link to a student's own seat (a phone that died); the old link stops working",
    )
    class_id(rejoin)
    teacher(rejoin)
    rejoin.add_argument("student", metavar="NICKNAME", help="the student's nickname (or id, s3)")
    as_json(rejoin, "the new link")
    base_url(rejoin)
    rejoin.set_defaults(handler=cmd_rejoin)

    delete = add("delete", help="delete the class game, every nickname and choice (export first)")
    class_id(delete)
    teacher(delete)
    delete.add_argument("--yes", action="store_true", help="confirm: the deletion cannot be undone")
    delete.set_defaults(handler=cmd_delete)


def _class_id(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a class game number")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of stand-ins")
    return int(text)


def _rounds(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of rounds")
    return int(text)


def _classes(args: argparse.Namespace) -> Any:
    from tabletop.store.classroom import Classes

    return Classes(open_database(args.db))


def _refused() -> tuple[type[Exception], ...]:
    """What the class games refuse with a line for a person (bad token, round closed...)."""
    from tabletop.classroom.ledger import ClassError
    from tabletop.store import StoreError

    return (ClassError, StoreError)


def _refuse(error: Exception) -> CliError:
    return CliError(" ".join(str(error).split()))


def _token(args: argparse.Namespace, variable: str, who: str) -> str:
    given = args.token if args.token is not None else os.environ.get(variable, "")
    if not given.strip():
        raise CliError(f"give {who} token with --token or ${variable}")
    return str(given)


def _teacher_token(args: argparse.Namespace) -> str:
    return _token(args, TEACHER_TOKEN_VARIABLE, "the teacher's")


def _base_urls(args: argparse.Namespace) -> list[str]:
    """The servers' addresses given (``--base-url``, once or once per server), else this
    machine's on the local network."""
    given = args.base_url
    if given:
        return [str(url) for url in ([given] if isinstance(given, str) else given)]
    from tabletop.cli.table import default_base_url

    return [default_base_url()]


# ---------------------------------------------------------------------------------- teacher
def cmd_games(args: argparse.Namespace) -> int:
    """The presets a class game is made of."""
    from tabletop.classroom.games import PRESETS

    if args.json:
        print_json([{"game": key, "description": text} for key, text in PRESETS.items()])
        return 0
    width = max(len(key) for key in PRESETS)
    for key, text in PRESETS.items():
        print(f"{key:{width}}  {text}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Create a class game; print its number, code, join link and the teacher's credential."""
    from tabletop.classroom.games import PRESETS
    from tabletop.store.classroom_records import student_url, teacher_url

    if args.preset not in PRESETS:
        raise CliError(
            f"unknown class game {args.preset!r}: choose one of {', '.join(PRESETS)} "
            "(tabletop class games)"
        )
    classes = _classes(args)
    try:
        new = classes.create(
            args.preset,
            rounds=args.rounds,
            matching=args.matching,
            seed=args.seed,
            partners_from=args.partners_from,
        )
    except _refused() as error:
        raise _refuse(error) from None
    bases = _base_urls(args)
    joins = [student_url(base, new.class_id, new.join_token) for base in bases]
    data = {
        "class": new.class_id,
        "game": args.preset,
        "rounds": args.rounds,
        "code": new.code,
        "join_token": new.join_token,
        "join_url": joins[0],
        # One per server when the class is split over several servers on one database.
        "join_urls": joins,
        "teacher_token": new.host_token,
        "teacher_url": teacher_url(bases[0], new.class_id, new.host_token),
        "partners_from": list(args.partners_from),
    }
    if args.json:
        print_json(data)
        return 0
    print(f"Class game {new.class_id}: {args.preset}, {args.rounds} rounds.")
    if args.partners_from:
        earlier = ", ".join(str(c) for c in args.partners_from)
        print(f"Seats nobody sits in are played by the stored choices of class game(s) {earlier}.")
    if len(joins) == 1:
        print(f"Students join at: {joins[0]}")
    else:
        print("Students join at (one link per server: give each group its own):")
        for k, url in enumerate(joins, 1):
            print(f"  group {k}: {url}")
    print(f"  (or open student.ipynb and type class {new.class_id}, code {new.code})")
    print(f"Teacher's screen (keep this link to yourself): {data['teacher_url']}")
    print(f"Teacher's token: {new.host_token}")
    print(f"  (export {TEACHER_TOKEN_VARIABLE}=<token> to leave it off the next commands)")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    """The teacher's screen in words: round, who is still choosing, the closed rounds' counts."""
    try:
        view = _classes(args).teacher_view(args.id, _teacher_token(args))
    except _refused() as error:
        raise _refuse(error) from None
    if args.json:
        print_json(view)
        return 0
    for line in status_lines(view):
        print(line)
    return 0


def status_lines(view: dict[str, Any]) -> list[str]:
    """The lines of ``tabletop class status`` for a teacher's view."""
    rounds, number = view["rounds"], view["round"]
    if view["finished"]:
        state = "over"
    elif view["open"]:
        state = f"round {number} of {rounds} open"
    elif number:
        state = f"round {number} of {rounds} closed"
    else:
        state = f"no round played yet ({rounds} rounds)"
    lines = [
        f"Class game {view['class']} ({view['preset']}): {state}.",
        f"Joined {view['joined']}, page open {view['present']}.",
    ]
    if view["open"]:
        lines.append(f"Chosen {view['submitted']} of {view['seated']} seated.")
        lines.append(f"Still choosing: {', '.join(view['waiting']) or 'nobody'}")
        if view["gone"]:
            lines.append(f"Page closed (the computer chooses for them): {', '.join(view['gone'])}")
    if view.get("standins"):
        lines.append(
            "Stand-ins: " + ", ".join(f"{name} ({how})" for name, how in view["standins"].items())
        )
    if view.get("partners_from"):
        earlier = ", ".join(str(c) for c in view["partners_from"])
        lines.append(f"Partners from the stored choices of class game(s) {earlier}.")
    if view.get("message"):
        lines.append(f"Message on the phones: {' / '.join(view['message']['text'].splitlines())}")
    for closed, counts in view["counts"].items():
        sides = "; ".join(
            f"{role}: " + ", ".join(f"{action} {n}" for action, n in chosen.items())
            for role, chosen in counts.items()
        )
        average = view["average_payoff"].get(closed)
        paid = "" if average is None else f" (average payoff {average:g})"
        lines.append(f"Round {closed}: {sides or 'every seat played by the computer'}{paid}")
    return lines


def cmd_next(args: argparse.Namespace) -> int:
    """Close the open round if there is one, then open the next unless the game is over."""
    classes = _classes(args)
    token = _teacher_token(args)
    done: dict[str, Any] = {"closed": None, "opened": None, "finished": False}
    lines: list[str] = []
    try:
        view = classes.teacher_view(args.id, token)
        if view["open"]:
            done["closed"] = classes.close_round(args.id, token)
            missing = len(view["waiting"]) + len(view["gone"])
            by_computer = f"; the computer chose for {missing} missing" if missing else ""
            lines.append(f"Round {view['round']} closed ({view['submitted']} chosen{by_computer}).")
            done["finished"] = view["round"] >= view["rounds"]
        else:
            done["finished"] = bool(view["finished"])
        if not done["finished"]:
            opened = classes.open_round(args.id, token)
            done["opened"] = opened
            lines.append(
                f"Round {opened['round']} of {view['rounds']} open: {opened['groups']} "
                f"group{'s' if opened['groups'] != 1 else ''}."
            )
        else:
            lines.append(
                f"The class game is over after its {view['rounds']} rounds "
                f"(tabletop class export {args.id} -o FILE.csv)."
            )
    except _refused() as error:
        # What was done stays done (a round closed); the refusal says what was not.
        for line in lines:
            print(line)
        raise _refuse(error) from None
    if args.json:
        print_json(done)
    else:
        for line in lines:
            print(line)
    return 0


def cmd_qre(args: argparse.Namespace) -> int:
    """What theory says beside what the class did: the prediction, the class's frequencies,
    the fitted logit QRE (lambda, its profile, the log-likelihoods and likelihood ratios)."""
    from tabletop.classroom.games import preset
    from tabletop.classroom.qre import QreError
    from tabletop.classroom.theory import class_theory

    try:
        view = _classes(args).teacher_view(args.id, _teacher_token(args))
    except _refused() as error:
        raise _refuse(error) from None
    try:
        theory = class_theory(preset(view["preset"]), view["counts"])
    except QreError as error:
        raise _refuse(error) from None
    rounds = sorted(int(n) for n in view["counts"])
    if args.json:
        print_json({"class": args.id, "rounds": rounds, **theory})
        return 0
    for line in theory_lines(args.id, rounds, theory):
        print(line)
    return 0


def theory_lines(class_id: int, rounds: list[int], theory: dict[str, Any]) -> list[str]:
    """The lines of ``tabletop class qre``: a table per side, then lambda and the likelihoods."""
    fit = theory["qre"]
    played = f"{len(rounds)} closed round{'s' if len(rounds) != 1 else ''}"
    lines = [f"Class game {class_id} ({theory['game']}): {played}."]
    if fit is None:
        lines.append("No student's choice yet: nothing to fit (the prediction is below).")
    for population in theory["populations"]:
        who = ", ".join(population["roles"])
        lines.append(f"{who}:" if population["name"] != "class" else f"{who} (pooled):")
        width = max(len(a) for a in population["actions"] + ["action"])
        lines.append(f"  {'action':{width}}  {'class':>6}  {'Nash':>6}  {'QRE':>6}")
        for j, action in enumerate(population["actions"]):
            share = population["class"]
            qre = population["qre"]
            lines.append(
                f"  {action:{width}}  {_share(share[j] if share else None)}  "
                f"{_share(population['prediction'][j])}  {_share(qre[j] if qre else None)}"
            )
    if fit is not None:
        lines.append(
            f"lambda = {fit['lambda']:.3g} ({_AT.get(fit['at'], fit['at'])}), from "
            f"{fit['choices']} choice{'s' if fit['choices'] != 1 else ''}."
        )
        lines.append(
            f"Log-likelihood: QRE {fit['log_likelihood']:.2f}, uniform play "
            f"{fit['log_likelihood_uniform']:.2f}, Nash {fit['log_likelihood_nash']:.2f}."
        )
        lines.append(
            f"Likelihood ratio against uniform play {fit['lr_uniform']:.2f} "
            f"({_p(fit['p_uniform'])}); against Nash {fit['lr_nash']:.2f} ({_p(fit['p_nash'])})."
        )
    return lines


#: What ``at`` of a fit says about where its lambda lies.
_AT = {
    "interior": "the best fit",
    "zero": "uniform play explains the choices best",
    "end": "the class played as Nash predicts: the end of the traced range",
    "flat": "the QRE is the same for every lambda in this game",
}


def _share(value: float | None) -> str:
    return f"{value:6.3f}" if value is not None else f"{'-':>6}"


def _p(value: float) -> str:
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def cmd_export(args: argparse.Namespace) -> int:
    """Write the CSV atomically; an existing file is replaced only with ``--force``."""
    from tabletop.fileio import atomic_write_text

    try:
        text = _classes(args).export_csv(
            args.id, _teacher_token(args), args.standins, table=args.table
        )
    except _refused() as error:
        raise _refuse(error) from None
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    path = Path(args.output)
    if path.exists() and not args.force:
        raise CliError(f"{path} already exists (use --force to replace it)")
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise CliError(f"{path}: cannot be written ({error.strerror or error})") from None
    rows = text.count("\n") - 1
    print(f"Class game {args.id}: {rows} row{'s' if rows != 1 else ''} written to {path}.")
    return 0


def cmd_earlier(args: argparse.Namespace) -> int:
    """The earlier class games of a game whose stored choices can be partners."""
    try:
        found = _classes(args).earlier_classes(args.preset)
    except _refused() as error:
        raise _refuse(error) from None
    rows = [
        {
            "class": c.class_id,
            "created": c.created.isoformat(),
            "rounds": c.rounds,
            "choices": c.choices,
        }
        for c in found
    ]
    if args.json:
        print_json(rows)
        return 0
    if not rows:
        print(f"No earlier class game of {args.preset} has stored choices.")
    for row in rows:
        print(
            f"Class game {row['class']} ({row['created'][:16].replace('T', ' ')}): "
            f"{row['rounds']} rounds closed, {row['choices']} choices"
        )
    return 0


def cmd_message(args: argparse.Namespace) -> int:
    """Show a message on every phone, or take it off."""
    clear = not args.text.strip()
    classes = _classes(args)
    token = _teacher_token(args)
    try:
        if clear:
            classes.clear_message(args.id, token)
        else:
            sent = classes.send_message(args.id, token, args.text)
    except _refused() as error:
        raise _refuse(error) from None
    if clear:
        print(f"Class game {args.id}: the message is off the phones.")
    else:
        print(f"Class game {args.id}: every phone shows {sent['text']!r}.")
    return 0


def cmd_standins(args: argparse.Namespace) -> int:
    """Add stand-in students for a rehearsal."""
    try:
        added = _classes(args).add_standins(
            args.id, _teacher_token(args), args.n, args.strategy, seed=args.seed
        )
    except _refused() as error:
        raise _refuse(error) from None
    if args.json:
        print_json({"class": args.id, "strategy": args.strategy, "standins": added})
        return 0
    print(
        f"Class game {args.id}: {', '.join(added)} added, playing {args.strategy} "
        "from the next round."
    )
    return 0


def cmd_rejoin(args: argparse.Namespace) -> int:
    """A new link to a student's own seat; their old link opens nothing from now on."""
    from tabletop.store.classroom_records import rejoin_url

    try:
        back = _classes(args).rejoin(args.id, _teacher_token(args), args.student)
    except _refused() as error:
        raise _refuse(error) from None
    url = rejoin_url(_base_urls(args)[0], back.class_id, back.token)
    if args.json:
        print_json(
            {
                "class": back.class_id,
                "student": back.student,
                "nickname": back.nickname,
                "token": back.token,
                "url": url,
            }
        )
        return 0
    print(f"New link for {back.nickname} (their seat, total and history): {url}")
    print("Their old link opens nothing from now on.")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    """Remove the class game (asks for ``--yes``)."""
    if not args.yes:
        raise CliError(
            f"deleting class game {args.id} removes every nickname and choice: "
            "add --yes (export it first)"
        )
    try:
        _classes(args).delete(args.id, _teacher_token(args))
    except _refused() as error:
        raise _refuse(error) from None
    print(f"Class game {args.id} deleted.")
    return 0


# ---------------------------------------------------------------------------------- students
def cmd_join(args: argparse.Namespace) -> int:
    """A student joins; print their token (their page's own link holds it)."""
    from tabletop.store.classroom_records import rejoin_url

    try:
        joined = _classes(args).join(args.id, args.code, args.nickname)
    except _refused() as error:
        raise _refuse(error) from None
    url = rejoin_url(_base_urls(args)[0], joined.class_id, joined.token)
    if args.json:
        print_json(
            {
                "class": joined.class_id,
                "student": joined.student,
                "nickname": joined.nickname,
                "token": joined.token,
                "url": url,
            }
        )
        return 0
    print(f"{joined.nickname} joined class game {joined.class_id}.")
    print(f"Student's token: {joined.token}")
    print(f"Their own page (keep it to yourself): {url}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """The student's choice for the open round: an action of their side (any case) or its
    number; refusals say why (no round open, not seated, not an action: the actions listed)."""
    classes = _classes(args)
    token = _token(args, STUDENT_TOKEN_VARIABLE, "the student's")
    try:
        before = classes.student_view(args.id, token)
        if before["status"] == "finished":
            raise CliError(f"class game {args.id} is over: no more choices")
        action = pick_action(before["actions"], args.choice)
        classes.submit(args.id, token, action)
        view = classes.student_view(args.id, token)
    except _refused() as error:
        raise _refuse(error) from None
    if args.json:
        print_json(view)
        return 0
    again = " (replacing the earlier one)" if before["choice"] not in (None, action) else ""
    print(
        f"{view['nickname']} ({view['role']}) chose {view['choice']} in round "
        f"{view['round']}{again}; another choice replaces it until the round closes."
    )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """The student's view in words (their own seat and results only)."""
    token = _token(args, STUDENT_TOKEN_VARIABLE, "the student's")
    try:
        view = _classes(args).student_view(args.id, token)
    except _refused() as error:
        raise _refuse(error) from None
    if args.json:
        print_json(view)
        return 0
    for line in student_lines(view):
        print(line)
    return 0


def student_lines(view: dict[str, Any]) -> list[str]:
    """The lines of ``tabletop class show`` for a student's view."""
    number, rounds = view["round"], view["rounds"]
    heading = f"round {number} of {rounds}" if number else f"the game starts soon ({rounds} rounds)"
    lines = [f"{view['nickname']}, class game {view['class']}: {heading}."]
    status = view["status"]
    if status in ("choose", "submitted"):
        numbered = ", ".join(f"{k} {a}" for k, a in enumerate(view["actions"], 1))
        lines.append(f"You play {view['role']}: {numbered}.")
        if view["choice"]:
            lines.append(
                f"Your choice: {view['choice']} (another replaces it until the round closes)."
            )
        else:
            lines.append("Choose (tabletop class play).")
    elif status == "waiting":
        lines.append("Waiting for the next round.")
    elif status == "computer":
        lines.append("The computer plays your seat this round: you play from the next one.")
    else:
        lines.append("The class game is over.")
    last = view["last"]
    if last:
        partners = ", ".join(last["partners"]) or "nobody"
        lines.append(
            f"Round {last['round']}: you ({last['role']}) chose {last['action']}, paid "
            f"{last['payoff']:g} (with {partners})."
        )
    lines.append(f"Your total: {view['total']:g}.")
    if view.get("message"):
        lines.append(
            f"Message from the teacher: {' / '.join(view['message']['text'].splitlines())}"
        )
    return lines


def pick_action(actions: list[str], choice: str) -> str:
    """The action ``choice`` names: itself, the same in another case, or its number from 1.
    Anything else is passed on as typed, for the class game to refuse with the list."""
    text = " ".join(choice.split())
    if text in actions:
        return text
    folded = [a for a in actions if a.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    if text.isdigit() and 1 <= int(text) <= len(actions):
        return actions[int(text) - 1]
    return choice
