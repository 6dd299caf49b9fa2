"""Shared browser-test harness: a private Jupyter environment, a Voila server, Debian's Chromium.

Fixtures
--------
``jupyter_env``
    A dict of environment variables (a copy of ``os.environ``) whose HOME, Jupyter, IPython and
    ``TABLETOP_DATA_DIR`` folders all live in the test's tmp folder, so nothing touches ``~``.
``voila``
    Factory ``voila(notebook_name, env_overrides=None) -> base_url``. Starts
    ``.venv/bin/python -m voila --no-browser --port <free> --Voila.ip=127.0.0.1 notebooks/<name>``
    from the repository root (an absolute notebook path is accepted too), waits (60 s at most)
    until the server answers, stops it at teardown.
    ``voila.folder()`` serves the whole notebooks folder instead (pages that link to each other).
    ``voila.log_text(base_url)`` returns what that server printed (handy in assertion messages).
``browser``
    A Playwright persistent context on /usr/bin/chromium with a fresh user-data folder. If the
    browser is missing the test FAILS (continuous integration installs Debian's ``chromium``).
``page``
    The first page of ``browser``.
``wait_for_widgets``
    ``wait_for_widgets(page, selector=".widget-button", timeout_ms=60_000)`` waits until the
    selector is visible. Widgets tagged with ``widget.add_class("tt-name")`` are found with
    ``tt("name")`` (== ``".tt-name"``), the stable way to select them.

Every test under ``tests/e2e`` is marked ``browser`` automatically (explicit marks are welcome too).
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
VENV_PYTHON = REPO_ROOT / ".venv" / "bin" / "python"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VOILA_START_TIMEOUT_S = 60.0
# Screenshots go to a scratch folder so a test run never rewrites tracked files; to refresh the
# pictures in docs/, run the browser tests with TABLETOP_SCREENSHOTS=docs/screenshots.
SCREENSHOTS = Path(os.environ.get("TABLETOP_SCREENSHOTS", REPO_ROOT / "tests" / "artifacts"))


@pytest.fixture
def screenshot_path() -> Callable[[str], Path]:
    """Where a browser test saves its screenshot ``name`` (the folder is created)."""

    def where(name: str) -> Path:
        folder = SCREENSHOTS if SCREENSHOTS.is_absolute() else REPO_ROOT / SCREENSHOTS
        folder.mkdir(parents=True, exist_ok=True)
        return folder / name

    return where


def tt(name: str) -> str:
    """CSS selector of a widget tagged with ``add_class("tt-<name>")``."""
    return f".tt-{name}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of this folder as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def jupyter_env(tmp_path: Path) -> dict[str, str]:
    """Environment for a Jupyter process whose every writable folder is inside ``tmp_path``."""
    root = tmp_path / "jupyter-env"
    folders = {
        "HOME": root / "home",
        "JUPYTER_CONFIG_DIR": root / "jupyter-config",
        "JUPYTER_DATA_DIR": root / "jupyter-data",
        "JUPYTER_RUNTIME_DIR": root / "jupyter-runtime",
        "IPYTHONDIR": root / "ipython",
        "TABLETOP_DATA_DIR": root / "tabletop-data",
        "TMPDIR": root / "tmp",
    }
    env = dict(os.environ)
    for key, folder in folders.items():
        folder.mkdir(parents=True, exist_ok=True)
        env[key] = str(folder)
    # No stray platform dirs from the developer's machine.
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _answers(port: int) -> bool:
    """True once the HTTP server answers. Uses an API path: GET / would start a kernel."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/api/status")
        status = conn.getresponse().status
        conn.close()
        return status < 500
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    """Direct children of ``pid`` (the kernels Voila started, which run in their own session)."""
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


def _stop(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    if proc.poll() is not None:
        return
    kernels = _children(proc.pid)
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


class VoilaFactory:
    """Starts Voila servers for a test and stops them all at teardown."""

    def __init__(self, env: dict[str, str], log_dir: Path) -> None:
        self._env = env
        self._log_dir = log_dir
        self._servers: dict[str, tuple[subprocess.Popen, Path]] = {}

    def __call__(self, notebook_name: str, env_overrides: dict[str, str] | None = None) -> str:
        name = notebook_name if notebook_name.endswith(".ipynb") else notebook_name + ".ipynb"
        # A bare name is looked up in notebooks/; an absolute path (a test's own notebook) is kept.
        notebook = Path(name) if Path(name).is_absolute() else Path("notebooks") / name
        if not (REPO_ROOT / notebook).is_file():
            pytest.fail(f"notebook not found: {REPO_ROOT / notebook}")
        return self._start(str(notebook), env_overrides)

    def folder(self, env_overrides: dict[str, str] | None = None) -> str:
        """Voila on the whole notebooks folder: ``<base>voila/render/<name>.ipynb`` for each."""
        return self._start("notebooks", env_overrides)

    def _start(self, target: str, env_overrides: dict[str, str] | None) -> str:
        env = dict(self._env)
        env.update(env_overrides or {})
        port = _free_port()
        log_path = self._log_dir / f"voila-{port}.log"
        log = open(log_path, "wb")  # noqa: SIM115 - closed with the process
        cmd = [
            str(VENV_PYTHON),
            "-m",
            "voila",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            target,
        ]
        proc = subprocess.Popen(
            cmd,
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group, killed as a whole at teardown
        )
        log.close()
        base_url = f"http://127.0.0.1:{port}/"
        self._servers[base_url] = (proc, log_path)
        deadline = time.monotonic() + VOILA_START_TIMEOUT_S
        while not _answers(port):
            if proc.poll() is not None:
                pytest.fail(f"Voila exited with code {proc.returncode}:\n{self.log_text(base_url)}")
            if time.monotonic() > deadline:
                pytest.fail(
                    f"Voila did not answer within {VOILA_START_TIMEOUT_S:.0f} s:\n"
                    f"{self.log_text(base_url)}"
                )
            time.sleep(0.1)
        return base_url

    def log_text(self, base_url: str, tail: int = 4000) -> str:
        """The last ``tail`` characters Voila printed for the server at ``base_url``."""
        _, log_path = self._servers[base_url]
        try:
            return log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return "<no log>"

    def stop_all(self) -> None:
        for proc, _ in self._servers.values():
            _stop(proc)
        self._servers.clear()


@pytest.fixture
def voila(jupyter_env: dict[str, str], tmp_path: Path) -> Iterator[VoilaFactory]:
    """Factory fixture: ``voila("africa1880") -> "http://127.0.0.1:<port>/"``."""
    factory = VoilaFactory(jupyter_env, tmp_path)
    try:
        yield factory
    finally:
        factory.stop_all()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    """Playwright persistent context on Debian's Chromium (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package "
            "(apt-get install chromium); browser tests never download a browser"
        )
    from playwright.sync_api import sync_playwright

    user_data = tmp_path / "chromium-profile"
    user_data.mkdir()
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            user_data_dir=str(user_data),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser: object) -> object:
    """The persistent context's first page (a new one if it has none)."""
    pages = browser.pages  # type: ignore[attr-defined]
    return pages[0] if pages else browser.new_page()  # type: ignore[attr-defined]


def _wait_for_widgets(page: object, selector: str = ".widget-button", timeout_ms: int = 60_000):
    """Wait until ``selector`` is visible on ``page`` and return its locator."""
    locator = page.locator(selector).first  # type: ignore[attr-defined]
    locator.wait_for(state="visible", timeout=timeout_ms)
    return locator


@pytest.fixture
def wait_for_widgets() -> Callable[..., object]:
    """``wait_for_widgets(page, selector=".widget-button", timeout_ms=60_000) -> Locator``."""
    return _wait_for_widgets


def _settled_box(locator: object, tries: int = 30) -> dict[str, float]:
    """``locator``'s bounding box once it has stopped moving: panels beside a canvas appear
    after it (a round's report), which shrinks a canvas the page scales to fit."""
    box = locator.bounding_box()  # type: ignore[attr-defined]
    for _ in range(tries):
        locator.page.wait_for_timeout(150)  # type: ignore[attr-defined]
        again = locator.bounding_box()  # type: ignore[attr-defined]
        if again == box:
            break
        box = again
    assert box is not None, "the canvas is not on the page"
    return box


def _point_on_canvas(canvas: object, x: float, y: float, tap: bool = False) -> None:
    """Click (or tap) canvas pixel (x, y) of ``canvas``, whatever size the page shows it at.

    The pointer first rests on the point: what the page shows on hovering may move the canvas
    (a details line that grows), so the point is measured again before the click."""
    canvas.scroll_into_view_if_needed()  # type: ignore[attr-defined]
    position: dict[str, float] = {}
    for _ in range(2):
        box = _settled_box(canvas)
        width, height = canvas.evaluate("c => [c.width, c.height]")  # type: ignore[attr-defined]
        position = {"x": x * box["width"] / width, "y": y * box["height"] / height}
        if not tap:
            canvas.hover(position=position)  # type: ignore[attr-defined]
    if tap:
        canvas.tap(position=position)  # type: ignore[attr-defined]
    else:
        canvas.click(position=position)  # type: ignore[attr-defined]


@pytest.fixture
def point_on_canvas() -> Callable[..., None]:
    """``point_on_canvas(canvas_locator, x, y, tap=False)``: click or tap a canvas pixel once
    the canvas stands still."""
    return _point_on_canvas
