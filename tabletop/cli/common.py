"""Helpers shared by the sub-commands: one clear line on failure, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn


class CliError(Exception):
    """A refusal to show to the person as one line (bad file, bad argument, illegal action)."""


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors fit on one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")
