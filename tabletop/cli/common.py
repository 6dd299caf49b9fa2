"""Helpers shared by the sub-commands: one clear line on failure, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from tabletop.fileio import FileFormatError, read_text

#: Typed order sheets for six powers take a few kilobytes; a bigger file is not order sheets.
MAX_ORDERS_BYTES = 1024 * 1024


class CliError(Exception):
    """A refusal to show to the person as one line (bad file, bad argument, illegal action)."""


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors fit on one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def read_orders(source: str) -> str:
    """The typed order sheets from a file, or from standard input for ``-``; one-line refusals."""
    if source == "-":
        text = sys.stdin.read(MAX_ORDERS_BYTES + 1)
        if len(text) > MAX_ORDERS_BYTES:
            raise CliError("standard input: too large for order sheets (more than 1 MB)")
        return text
    try:
        return read_text(source, MAX_ORDERS_BYTES, "order sheets", "an orders file")
    except FileFormatError as error:
        raise CliError(str(error)) from None
