"""What the browser tests and the page benchmarks share: free ports, a server's readiness, its
kernels, a clean stop, and Debian's Chromium with the flags it needs here.

Tests in this folder import it as ``harness`` (pytest puts the folder on ``sys.path``); the
scripts in ``benchmarks/`` add the folder to ``sys.path`` themselves.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
VENV_PYTHON = REPO_ROOT / ".venv" / "bin" / "python"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's browser; a test never downloads one
# As root Chromium needs --no-sandbox; the rest keeps it off the network it cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# How long a page assertion waits by default: one that holds returns as soon as it does, so only
# a failing one waits this long; a loaded machine may take seconds to show what is sure to come.
EXPECT_TIMEOUT_MS = 30_000
NO_CHROMIUM = (
    f"{CHROMIUM} is missing: install Debian's chromium package "
    "(apt-get install chromium); the browser tests never download a browser"
)


def readme_voila_flags() -> list[str]:
    """The Voilà options of the README's first command (the one serving the dashboard), other
    than the browser and the port: the tests and the page benchmarks serve with exactly these."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    first = block.strip().splitlines()[0]
    words = first.split("bin/voila ", 1)[1].split()
    return [w for w in words if w.startswith("--") and w != "--no-browser" and "--port" not in w]


def pool_filled(log: str) -> int:
    """How many times a Voilà server's ``log`` says it filled a kernel pool: each preheated
    page ready for a visitor (one at the start, one more after each visit takes one)."""
    return log.count("is filled")


def tt(name: str) -> str:
    """CSS selector of a widget tagged with ``add_class("tt-<name>")``."""
    return f".tt-{name}"


def free_port(ip: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on at the moment."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((ip, 0))
        return int(sock.getsockname()[1])


def answers(port: int, path: str = "/api/status", host: str = "127.0.0.1") -> bool:
    """True once an HTTP server answers on ``port``. The default path is an API one: GET / on a
    Voila server would start a kernel."""
    try:
        conn = http.client.HTTPConnection(host, port, timeout=2)
        conn.request("GET", path)
        status = conn.getresponse().status
        conn.close()
        return status < 500
    except OSError:
        return False


def wait_until_answers(
    port: int, proc: subprocess.Popen[Any], timeout: float, log: Callable[[], str] = str
) -> None:
    """Wait until the server ``proc`` answers on ``port``; RuntimeError (with ``log()``) if it
    exits or stays silent for ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not answers(port):
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}:\n{log()}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{log()}")
        time.sleep(0.1)


def wait_until(check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait until ``check()`` holds (looked at ten times a second); AssertionError naming
    ``what`` if it still does not after ``timeout`` seconds (a generous bound, not a goal)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not so after {timeout:.0f} s")
        time.sleep(0.1)


def sheet_kept(data_dir: str | Path, power: str, text: str) -> Callable[[], bool]:
    """A check: the Africa game changed last in the database of ``data_dir`` holds ``power``'s
    sheet typed as ``text`` for its current round (typing is written a moment after the last
    key)."""

    def check() -> bool:
        from tabletop.store import open_store

        store = open_store(Path(data_dir) / "tabletop.db")
        try:
            games = store.list_games("africa1880")
            if not games:
                return False
            game = store.load(games[0].id).game
            kept = store.drafts(games[0].id, game.state.round).get(power)
            return kept is not None and kept.text == text
        finally:
            store.close()

    return check


# An element's box once it (and its content's size) stands still for ``frames`` drawn frames
# of the browser (panels appear beside a canvas after it and move it); after 600 frames the
# last box is taken.
STILL_BOX = """(element, frames) => new Promise(done => {
  let last = '', still = 0, seen = 0;
  const look = () => {
    const r = element.getBoundingClientRect();
    const now = [r.x, r.y, r.width, r.height, element.scrollWidth, element.scrollHeight].join();
    still = now === last ? still + 1 : 0;
    last = now;
    seen += 1;
    if (still >= frames || seen > 600) done({x: r.x, y: r.y, width: r.width, height: r.height});
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def settled_box(locator: Any, frames: int = 10) -> dict[str, float]:
    """``locator``'s bounding box once it has stopped moving (see :data:`STILL_BOX`).

    Its page is brought to the front first, as a person looks at the phone they tap: a test plays
    several phones as tabs of one browser, and a tab behind the others draws no frame (each wait
    here, and each update of its widgets, would take seconds)."""
    locator.page.bring_to_front()
    box: dict[str, float] = locator.evaluate(STILL_BOX, frames)
    return box


def page_settled(page: Any, frames: int = 10) -> None:
    """Wait until the page's layout stands still (its body's box and content size, for
    ``frames`` frames)."""
    settled_box(page.locator("body"), frames)


def children(pid: int) -> list[int]:
    """Direct children of ``pid``: the kernels a Voila server started (in their own session)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # Field 4 (ppid) follows the ")" that closes the command name.
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 1 and fields[1] == str(pid):
            found.append(int(entry.name))
    return found


def page_kernel(channel_urls: list[str]) -> int:
    """The process id of the kernel behind a page, from the URL of its kernel websocket
    (``.../api/kernels/<id>/channels``): the kernel whose connection file is
    ``kernel-<id>.json``, the name Jupyter gives it."""
    kernel_ids = {url.split("/api/kernels/", 1)[1].split("/", 1)[0] for url in channel_urls}
    if len(kernel_ids) != 1:
        raise AssertionError(f"not one kernel websocket: {channel_urls}")
    wanted = f"kernel-{kernel_ids.pop()}.json"
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(word.decode(errors="replace").endswith(wanted) for word in words):
            return int(entry.name)
    raise AssertionError(f"no process runs the kernel {wanted}")


def kernel_channels(page: Any) -> list[str]:
    """The URLs of the kernel websockets ``page`` opens from now on (call before ``goto``)."""
    urls: list[str] = []
    page.on("websocket", lambda ws: urls.append(ws.url) if "/channels" in ws.url else None)
    return urls


@contextmanager
def kernel_stopped(channel_urls: list[str]) -> Iterator[None]:
    """The page's kernel stopped (SIGSTOP) for the block, as a slow server is: nothing it sends
    can be what the page shows meanwhile; it goes on where it was afterwards (SIGCONT)."""
    pid = page_kernel(channel_urls)
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has spent so far (from /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
    # utime and stime are fields 14 and 15 of stat, in clock ticks.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> dict[str, float]:
    """RSS and PSS of a process in MB (from smaps_rollup); empty once it has gone."""
    found: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("Rss", "Pss"):
                found[name.lower()] = int(value.split()[0]) / 1024
    except OSError:
        pass  # the process ended between listing and reading
    return found


def stop(proc: subprocess.Popen[Any], timeout: float = 10.0) -> None:
    """Stop a server started with ``start_new_session=True``, then any kernel it left."""
    if proc.poll() is not None:
        return
    kernels = children(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # Voila shuts its kernels down on SIGTERM
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=timeout)
    for kernel_pid in kernels:  # only the kernels this server started, if any survived
        try:
            os.kill(kernel_pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def launch_chromium(playwright: Any, **options: Any) -> Any:
    """Debian's Chromium, headless, through a running ``sync_playwright()``.

    RuntimeError when the browser is not installed (a test fails; it is never skipped)."""
    if not CHROMIUM.exists():
        raise RuntimeError(NO_CHROMIUM)
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, **options
    )


#: The owner's key of the ``tabletop serve`` servers the tests start.
OWNER_KEY = "test-owner-key-0123456789"


class TabletopServer:
    """``tabletop serve`` on a free port of 127.0.0.1, over ``db``, with the owner's key
    :data:`OWNER_KEY`; its output in ``log``. ``kernels()`` are the page kernels it runs."""

    def __init__(self, env: dict[str, str], db: Path, log: Path, *options: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        env = {**env, "TABLETOP_OWNER_KEY": OWNER_KEY, "PYTHONUNBUFFERED": "1"}
        argv = [str(VENV_PYTHON), "-m", "tabletop.cli", "serve", "--port", str(self.port)]
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                [*argv, "--db", str(db), *options],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
        self.owner_link = f"{self.base}/?key={OWNER_KEY}"
        wait_until(
            lambda: "Owner's link" in self.log_text() or self.process.poll() is not None,
            "the server's addresses",
            timeout=120,
        )
        if self.process.poll() is not None:
            raise RuntimeError(f"tabletop serve exited:\n{self.log_text()}")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def voila_pid(self) -> int | None:
        found = children(self.process.pid)
        return found[0] if found else None

    def kernels(self) -> list[int]:
        voila = self.voila_pid()
        return [] if voila is None else children(voila)

    def kernel_memory(self) -> float:
        """RSS of all its kernels, in MB."""
        return sum(memory(pid).get("rss", 0.0) for pid in self.kernels())

    def stop(self) -> None:
        kernels = self.kernels()
        stop(self.process)
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
