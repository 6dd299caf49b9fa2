"""Memory of a page's kernel: every notebook of ``notebooks/`` served by Voilà, rendered once.

Each page visit of a Voilà server starts a kernel, so a kernel's memory is what a class of
phones costs the server. For each notebook this starts ``python -m voila --no-browser --port P
--Voila.ip=127.0.0.1 notebooks/NAME.ipynb`` with private HOME and Jupyter folders, asks for the
page once with a plain HTTP GET (a server without preheated kernels runs the notebook in a new
kernel while it answers), waits until the kernel is idle, then reads the kernel's memory from
``/proc/PID/smaps_rollup`` (RSS, and PSS, which shares the common libraries out) and asks the
kernel (through its connection file) which modules it has imported.

The seat, student, table, classroom and reveal pages are opened as their links open them, on a
temporary SQLite database made with the store's API (``$TABLETOP_DATABASE_URL``): an Africa
game with one resolved round at an open table (``seat.ipynb?table=ID&token=T``,
``table.ipynb?table=ID&token=HOST``, ``reveal.ipynb?game=ID``) and a class game with a student
and a round open (``student.ipynb?class=ID&student=T``, ``classroom.ipynb?class=ID&token=T``).
The other notebooks are opened bare.

    .venv/bin/python benchmarks/page_memory.py                  # every notebook
    .venv/bin/python benchmarks/page_memory.py seat student     # some of them
    .venv/bin/python benchmarks/page_memory.py --json
    .venv/bin/python benchmarks/page_memory.py --why seat       # who imports what, no server

``--why NAME`` runs the notebook's code with the same query string in a plain Python with
``-X importtime`` and prints, for each heavy library it loads, the chain of tabletop modules
that imported it first (the page's kernel runs the same code; the kernel itself adds about
55 MiB of ipykernel and ipywidgets). Goal (issue 19): the seat and student pages at most 90 MiB
RSS after rendering.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The browser tests' harness: free ports, readiness, kernels, memory, a clean stop.
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import (  # noqa: E402
    VENV_PYTHON,
    children,
    free_port,
    memory,
    stop,
    wait_until_answers,
)

NOTEBOOKS = ROOT / "notebooks"
EXAMPLE_SHEETS = ROOT / "examples" / "africa" / "orders_1895.txt"
#: The libraries a page should load only where it uses them.
HEAVY = (
    "scipy",
    "matplotlib",
    "numpy",
    "pandas",
    "PIL",
    "segno",
    "fpdf",
    "reportlab",
    "ipycanvas",
    "networkx",
    "sympy",
    "jsonschema",
    "cryptography",
    "sqlalchemy",
)
START_TIMEOUT_S = 120.0
RENDER_TIMEOUT_S = 300.0
# Asked of the kernel once its memory is read: its modules, by top-level package.
INTROSPECT = """
import json as _json, sys as _sys
_tops = {}
for _name in list(_sys.modules):
    _top = _name.split(".")[0]
    _tops[_top] = _tops.get(_top, 0) + 1
_refused = []
if "ipywidgets" in _sys.modules:
    for _widget in list(_sys.modules["ipywidgets"].Widget.widgets.values()):
        _value = getattr(_widget, "value", None)
        if isinstance(_value, str) and "<style" not in _value and (
            "tt-refusal" in _value or "tt-msg-error" in _value
        ):
            _refused.append(_value)
print("@@" + _json.dumps({"modules": len(_sys.modules), "tops": _tops, "refused": _refused}))
"""


# ---------------------------------------------------------------------- the database
def example_sheets() -> dict[str, str]:
    """The example round's sheets by power (the text each seat would seal)."""
    from tabletop.games.africa1880.powers import lookup_power

    blocks = re.split(r"\n(?=\[)", EXAMPLE_SHEETS.read_text(encoding="utf-8"))[1:]
    return {
        str(lookup_power(b.split("\n", 1)[0].strip().strip("[]"))): b.split("\n", 1)[1]
        for b in blocks
    }


def make_database(db: str) -> dict[str, str]:
    """A table whose first round is resolved, and a class playing its first round: the query
    string each page is opened with (notebook name -> query)."""
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.classroom import Classes
    from tabletop.store.seats import Tables

    store = open_store(db)
    try:
        tables = Tables(store)
        game = store.create_game(example_game(), name="page memory bench")
        table = tables.open_table(game.game_id)
        sheets = example_sheets()
        for seat in table.seats:
            if seat.seat in sheets:
                tables.seal(table.table_id, seat.token, sheets[seat.seat])
        tables.resolve(table.table_id, table.host_token, force=True)
        seat = table.seats[0]
        classes = Classes(store)
        new = classes.create("africa-two-full", rounds=3, seed=1)
        student = classes.join(new.class_id, new.code, "Ana")
        classes.join(new.class_id, new.code, "Ben")
        classes.open_round(new.class_id, new.host_token)
    finally:
        store.close()
    encode = urllib.parse.urlencode
    return {
        "seat": encode({"table": table.table_id, "token": seat.token}),
        "table": encode({"table": table.table_id, "token": table.host_token}),
        "reveal": encode({"game": game.game_id}),
        "student": encode({"class": new.class_id, "student": student.token}),
        "classroom": encode({"class": new.class_id, "token": new.host_token}),
    }


# ---------------------------------------------------------------------- a server, a page
def private_env(folder: Path, db: str) -> dict[str, str]:
    """The environment of a Jupyter process whose writable folders are all inside ``folder``."""
    env = dict(os.environ)
    for key in (
        "HOME",
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "IPYTHONDIR",
        "TABLETOP_DATA_DIR",
        "TMPDIR",
    ):
        (folder / key).mkdir(parents=True, exist_ok=True)
        env[key] = str(folder / key)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    env["TABLETOP_DATABASE_URL"] = f"sqlite:///{db}"
    env["PYTHONPATH"] = str(ROOT)  # the kernels import this tree's tabletop
    env["PYTHONUNBUFFERED"] = "1"
    return env


def cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
    except OSError:
        return -1
    return int(fields[11]) + int(fields[12])


def settle(pid: int, quiet_s: float = 1.0, timeout: float = 60.0) -> None:
    """Until the process has used no CPU for ``quiet_s`` (a page's last widgets are built)."""
    deadline = time.monotonic() + timeout
    last = -2
    while time.monotonic() < deadline:
        now = cpu_ticks(pid)
        if now == last:
            return
        last = now
        time.sleep(quiet_s)


@contextlib.contextmanager
def voila(notebook: Path, env: dict[str, str], log: Path) -> Iterator[tuple[Any, int]]:
    """A Voilà server on ``notebook`` (the process, its port), stopped on leaving."""
    port = free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [str(VENV_PYTHON), "-m", "voila", "--no-browser", f"--port={port}"]
            + ["--Voila.ip=127.0.0.1", str(notebook)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until_answers(port, process, START_TIMEOUT_S, lambda: log.read_text()[-3000:])
        yield process, port
    finally:
        stop(process)


def render(port: int, query: str) -> str:
    """The page, as a plain GET renders it (the notebook has run in a new kernel)."""
    url = f"http://127.0.0.1:{port}/" + (f"?{query}" if query else "")
    with urllib.request.urlopen(url, timeout=RENDER_TIMEOUT_S) as answer:
        return str(answer.read().decode("utf-8", errors="replace"))


def kernel_modules(folder: Path) -> dict[str, Any]:
    """What the kernel has imported (asked through its connection file, which Voilà writes in
    a folder of its own under ``$TMPDIR``), or {}."""
    from jupyter_client import BlockingKernelClient

    files = sorted(folder.rglob("kernel-*.json"))
    if len(files) != 1:
        return {}
    client = BlockingKernelClient(connection_file=str(files[0]))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=30)
        found: dict[str, Any] = {}

        def output(message: dict[str, Any]) -> None:
            text = message["content"].get("text", "")
            for line in text.splitlines():
                if line.startswith("@@"):
                    found.update(json.loads(line[2:]))

        client.execute_interactive(INTROSPECT, timeout=30, output_hook=output, store_history=False)
        return found
    finally:
        client.stop_channels()


def bare_notebook(folder: Path) -> Path:
    """A notebook showing one widget: what any page's kernel costs before tabletop."""
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": "import ipywidgets as widgets\n\nwidgets.Label('a bare kernel')",
    }
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "bare.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def measure(notebook: Path, query: str, db: str, folder: Path) -> dict[str, Any]:
    """Render ``notebook`` once on a server of its own; the kernel's memory and modules."""
    name = notebook.stem
    env = private_env(folder / name, db)
    with voila(notebook, env, folder / f"{name}.log") as (process, port):
        started = time.perf_counter()
        html = render(port, query)
        seconds = time.perf_counter() - started
        kernels = children(process.pid)
        if len(kernels) != 1:
            raise RuntimeError(f"{name}: {len(kernels)} kernels after one page")
        (kernel,) = kernels
        settle(kernel)
        figures = memory(kernel)
        modules = kernel_modules(folder / name)
    failed = "Traceback" in html or "There was an error when executing cell" in html
    refused = [re.sub("<[^>]+>", "", text).strip() for text in modules.get("refused", [])]
    tops: dict[str, int] = modules.get("tops", {})
    return {
        "page": name,
        "query": bool(query),
        "render_s": round(seconds, 2),
        "rss_mib": round(figures.get("rss", 0.0), 1),
        "pss_mib": round(figures.get("pss", 0.0), 1),
        "modules": modules.get("modules", 0),
        "heavy": [top for top in HEAVY if top in tops],
        "tops": tops,
        "error": failed,
        "refused": refused,  # what the page said instead of opening (it should say nothing)
    }


def added_packages(row: dict[str, Any], bare: dict[str, Any], count: int = 8) -> list[str]:
    """The page's biggest top-level packages (by modules) that a bare kernel does not load."""
    tops: dict[str, int] = row["tops"]
    extra = [top for top in tops if top not in bare["tops"]]
    return [f"{top} {tops[top]}" for top in sorted(extra, key=lambda top: -tops[top])[:count]]


# ---------------------------------------------------------------------- who imports what
def notebook_code(name: str) -> str:
    """The code cells of ``notebooks/NAME.ipynb``, joined."""
    cells = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


# Run before the notebook's code: the first import of each heavy library prints the tabletop
# lines that led to it (module-level imports and imports inside functions alike).
SPY = """
import json, sys, traceback
class _Spy:
    seen = set()
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in HEAVY and top not in self.seen:
            self.seen.add(top)
            lines = [
                f"{f.filename.split('/tabletop/', 1)[1]}:{f.lineno} ({f.name})"
                for f in traceback.extract_stack()[:-1]
                if "/tabletop/" in f.filename
            ]
            print("@@" + json.dumps([top, lines]), file=sys.stderr)
        return None
sys.meta_path.insert(0, _Spy())
"""


def first_imports(trace: str) -> dict[str, list[str]]:
    """Heavy library -> the tabletop lines (file:line (function)) that imported it first."""
    found: dict[str, list[str]] = {}
    for line in trace.splitlines():
        if line.startswith("@@"):
            top, lines = json.loads(line[2:])
            found[top] = lines
    return found


def why(name: str, db: str, query: str, folder: Path) -> dict[str, list[str]]:
    """Run the notebook's code in plain Python, same query string, watching its imports."""
    env = private_env(folder / f"why-{name}", db)
    env["QUERY_STRING"] = query
    code = f"HEAVY = {HEAVY!r}\n" + SPY + notebook_code(name)
    done = subprocess.run(
        [str(VENV_PYTHON), "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=RENDER_TIMEOUT_S,
        check=True,
    )
    return first_imports(done.stderr)


# ---------------------------------------------------------------------- main
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", help="notebook names (default: all of notebooks/)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--why", metavar="NAME", help="who imports the heavy libraries of NAME")
    args = parser.parse_args()
    names = args.pages or sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    with tempfile.TemporaryDirectory(prefix="page-memory-") as temp:
        folder = Path(temp)
        db = str(folder / "bench.db")
        # The database's tokens are keyed with the server secret: one file for every process.
        os.environ["TABLETOP_SECRET_FILE"] = str(folder / "server.key")
        queries = make_database(db)
        if args.why:
            chains = why(args.why, db, queries.get(args.why, ""), folder)
            for top, lines in chains.items():
                print(f"{top}:")
                for line in lines:
                    print(f"    {line}")
            if not chains:
                print("no heavy library")
            return 0
        bare = measure(bare_notebook(folder), "", db, folder)
        bare["page"] = "(bare)"
        rows = [
            measure(NOTEBOOKS / f"{name}.ipynb", queries.get(name, ""), db, folder)
            for name in names
        ]
    for row in rows:
        row["added"] = added_packages(row, bare)
    if args.json:
        print(json.dumps([bare, *rows], indent=2))
        return 0
    print(f"{'page':12} {'RSS MiB':>8} {'PSS MiB':>8} {'modules':>8}  heavy libraries loaded")
    for row in [bare, *rows]:
        flag = "  (THE PAGE SHOWED AN ERROR)" if row["error"] else ""
        flag += "".join(f"  (REFUSED: {text[:160]})" for text in row["refused"])
        print(
            f"{row['page']:12} {row['rss_mib']:>8.0f} {row['pss_mib']:>8.0f} "
            f"{row['modules']:>8}  {', '.join(row['heavy']) or '-'}{flag}"
        )
    print("biggest packages a bare kernel does not load (their modules):")
    for row in rows:
        print(f"  {row['page']:12} {', '.join(row['added'])}")
    print(f"{os.cpu_count()} CPUs; load average {[round(x, 2) for x in os.getloadavg()]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
