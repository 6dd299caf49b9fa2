"""The ``tabletop`` command: the parser of every sub-command family, and the dispatch that turns
any failure into one line for a person (exit status 1 for a refusal, 2 for bad usage, 3 for a
bug)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tabletop.cli import africa, analysis, games, massai, serve, table
from tabletop.cli.common import CliError, OneLineParser


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command; each family registers its own sub-commands."""
    parser = OneLineParser(
        prog="tabletop",
        description="Table-side assistant for Africa 1880 and Massai.",
    )
    # The metavar names the two games, so a bare `tabletop` says what it expects; `games` (the
    # database) is listed by --help.
    families = parser.add_subparsers(dest="game", metavar="{africa,massai}", required=True)
    africa_parser = families.add_parser("africa", help="Africa 1880 adjudicator")
    africa_commands = africa_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    massai_parser = families.add_parser("massai", help="Massai (Sid Sackson)")
    massai_commands = massai_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    games_parser = families.add_parser("games", help="the games kept in the database")
    games_commands = games_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    table_parser = families.add_parser("table", help="a table with secret seats (phones)")
    table_commands = table_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    serve.register(families)
    africa.register(africa_commands)
    massai.register(massai_commands)
    analysis.register(africa_commands, massai_commands)
    games.register(games_commands)
    table.register(table_commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 refused input, 2 bad usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
