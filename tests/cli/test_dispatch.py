"""The ``tabletop`` dispatcher: usage errors and unexpected failures reach a person as one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

import tabletop.cli.dispatch as cli
from tabletop.cli.common import CliError, OneLineParser


@pytest.mark.parametrize(
    "argv",
    [["bogus"], ["africa"], ["africa", "score", "game.json", "--bogus"], ["massai", "play"]],
)
def test_usage_errors_are_one_line_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "error:" in err and "Traceback" not in err


def _parser_with(handler: Callable[[argparse.Namespace], int]) -> OneLineParser:
    parser = OneLineParser(prog="tabletop")
    parser.set_defaults(handler=handler)
    return parser


def test_a_refusal_prints_one_line_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(args: argparse.Namespace) -> int:
        raise CliError("game.json: not a game file")

    monkeypatch.setattr(cli, "build_parser", lambda wanted=None: _parser_with(refuse))
    assert cli.main([]) == 1
    assert capsys.readouterr().err == "tabletop: game.json: not a game file\n"


def test_an_unexpected_error_is_one_line_unless_debugging(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crash(args: argparse.Namespace) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "build_parser", lambda wanted=None: _parser_with(crash))
    monkeypatch.delenv("TABLETOP_DEBUG", raising=False)
    assert cli.main([]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "boom" in err and "Traceback" not in err
    monkeypatch.setenv("TABLETOP_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main([])


def test_a_bare_command_names_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main([])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "{africa,massai}" in err and err.count("\n") == 1, err
