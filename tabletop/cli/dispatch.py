"""The ``tabletop`` command: the parser of every sub-command family, and the dispatch that turns
any failure into one line for a person (exit status 1 for a refusal, 2 for bad usage, 3 for a
bug).

A family's module (and what it imports: a game's rules, the database, Voilà) is imported only
when the command names that family: ``tabletop --help`` lists the families from
:data:`FAMILIES` alone, and ``tabletop massai show`` never imports the Africa 1880 rules.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Sequence
from typing import Any

from tabletop.cli.common import CliError, OneLineParser

#: Each family of sub-commands and its line in ``tabletop --help``, in the order listed. The
#: families' modules register the same lines (a test holds them equal).
FAMILIES: dict[str, str] = {
    "africa": "Africa 1880 adjudicator",
    "massai": "Massai (Sid Sackson)",
    "games": "the games kept in the database",
    "table": "a table with secret seats (phones)",
    "class": "a class playing a dilemma round after round (phones)",
    "serve": "serve the dashboards and seat pages with Voilà",
}


def build_parser(wanted: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the command. The families in ``wanted`` (default: every family) register
    their sub-commands, importing their modules; the others are listed by name and help line
    only, which is all ``tabletop --help`` or a usage error needs."""
    parser = OneLineParser(
        prog="tabletop",
        description="Table-side assistant for Africa 1880 and Massai.",
    )
    # The metavar names the two games, so a bare `tabletop` says what it expects; `games` (the
    # database) is listed by --help.
    families = parser.add_subparsers(dest="game", metavar="{africa,massai}", required=True)
    chosen = FAMILIES if wanted is None else wanted
    commands: dict[str, Any] = {}
    for name, help_line in FAMILIES.items():
        if name not in chosen:
            families.add_parser(name, help=help_line)
        elif name == "serve":  # a family of its own, without sub-commands
            from tabletop.cli import serve

            serve.register(families)
        else:
            family = families.add_parser(name, help=help_line)
            commands[name] = family.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _register_commands(commands)
    return parser


def _scratch_commands() -> Any:
    """Sub-command parsers of no command: where the game theory registers its command of a
    game not asked for (thrown away with them)."""
    return OneLineParser(prog="tabletop").add_subparsers()


def _register_commands(commands: dict[str, Any]) -> None:
    """Each family in ``commands`` (its sub-command parsers by name) registers its commands."""
    if "africa" in commands:
        from tabletop.cli import africa

        africa.register(commands["africa"])
    if "massai" in commands:
        from tabletop.cli import massai

        massai.register(commands["massai"])
    if "africa" in commands or "massai" in commands:
        from tabletop.cli import analysis  # `africa equilibria`, `massai attack-game`

        analysis.register(
            commands.get("africa") or _scratch_commands(),
            commands.get("massai") or _scratch_commands(),
        )
    if "games" in commands:
        from tabletop.cli import games

        games.register(commands["games"])
    if "table" in commands:
        from tabletop.cli import table

        table.register(commands["table"])
    if "class" in commands:
        from tabletop.cli import classroom

        classroom.register(commands["class"])


def wanted_families(argv: Sequence[str]) -> tuple[str, ...]:
    """The family the command line names (its first word), or none (``--help``, a typo)."""
    return (argv[0],) if argv and argv[0] in FAMILIES else ()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 refused input, 2 bad usage)."""
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(wanted_families(words))
    args = parser.parse_args(words)
    try:
        return int(args.handler(args) or 0)
    except CliError as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error worth a message.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as error:  # last resort: one line for a person, the traceback on request
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        print(
            f"tabletop: internal error: {error!r} (set TABLETOP_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 3
