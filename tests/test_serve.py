"""``tabletop serve``: the Voilà command line it builds, and a real start, answer and clean stop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tabletop.cli import build_parser
from tabletop.cli.serve import serve_env, voila_argv

ROOT = Path(__file__).resolve().parents[1]


def test_the_voila_command_line_has_the_options() -> None:
    argv = voila_argv(ROOT / "notebooks", 9001, "127.0.0.1", pool=7, cull_idle=900)
    assert argv[:3] == [sys.executable, "-m", "voila"] and argv[3] == str(ROOT / "notebooks")
    for option in (
        "--port=9001",
        "--Voila.ip=127.0.0.1",
        "--preheat_kernel=True",
        "--pool_size=7",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        "--no-browser",
        "--show_tracebacks=False",
    ):
        assert option in argv
    assert serve_env("postgresql+psycopg://x/y", {})["TABLETOP_DATABASE_URL"] == (
        "postgresql+psycopg://x/y"
    )
    assert "TABLETOP_DATABASE_URL" not in serve_env(None, {})


def test_the_options_parse() -> None:
    args = build_parser().parse_args(["serve", "--port", "9002", "--lan", "--pool", "3"])
    assert (args.port, args.lan, args.pool) == (9002, True, 3)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--port", "0"])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_starts_answers_and_stops_cleanly(tmp_path: Path) -> None:
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "hello.ipynb").write_text(
        json.dumps(
            {
                "cells": [
                    {"cell_type": "markdown", "metadata": {}, "source": ["hello"]},
                ],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        ),
        encoding="utf-8",
    )
    port = _free_port()
    db = tmp_path / "tabletop.db"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tabletop.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--pool",
            "1",
            "--notebooks",
            str(notebooks),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1"},
    )
    try:
        first = process.stdout.readline() if process.stdout else ""
        assert first.strip() == f"Shared screen: http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    status = answer.status
                    break
            except OSError:
                time.sleep(0.3)
        assert status == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert db.exists()  # --db was opened (and a bad URL would have been refused at once)


def test_a_bad_database_url_is_refused_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tabletop.cli", "serve", "--db", "mysql://nobody/x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
