"""Shared browser-test harness: a private Jupyter environment, a Voila server, Debian's Chromium.

Fixtures
--------
``jupyter_env``
    A dict of environment variables (a copy of ``os.environ``) whose HOME, Jupyter, IPython and
    ``TABLETOP_DATA_DIR`` folders all live in the test's tmp folder, so nothing touches ``~``.
``voila``
    Factory ``voila(notebook_name, env_overrides=None, flags=()) -> base_url``. Starts
    ``.venv/bin/python -m voila --no-browser --port <free> --Voila.ip=127.0.0.1 notebooks/<name>``
    from the repository root (an absolute notebook path is accepted too), waits (60 s at most)
    until the server answers, stops it at teardown.
    ``voila.folder()`` serves the whole notebooks folder instead (pages that link to each other).
    ``voila.log_text(base_url)`` returns what that server printed (handy in assertion messages).
    ``flags`` adds Voilà options (``harness.readme_voila_flags()``: the README's).
``notebooks_server``
    ``voila.folder()``: the seat page, the shared screen and the others on one server.
``patient_assertions``
    Playwright's ``expect`` waits the module's ``TIMEOUT`` during the test (``usefixtures``).
``browser``
    A Playwright persistent context on /usr/bin/chromium with a fresh user-data folder. If the
    browser is missing the test FAILS (continuous integration installs Debian's ``chromium``).
``chromium``
    Debian's Chromium launched as a plain browser, for tests that want several contexts
    (several phones). ``harness`` holds the helpers behind these fixtures.
``page``
    The first page of ``browser``.
``wait_for_widgets``
    ``wait_for_widgets(page, selector=".widget-button", timeout_ms=60_000)`` waits until the
    selector is visible. Widgets tagged with ``widget.add_class("tt-name")`` are found with
    ``tt("name")`` (== ``".tt-name"``), the stable way to select them.

Every test under ``tests/e2e`` is marked ``browser`` automatically (explicit marks are welcome too).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    NO_CHROMIUM,
    REPO_ROOT,
    VENV_PYTHON,
    free_port,
    launch_chromium,
    settled_box,
    stop,
    tt,
    wait_until_answers,
)

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "REPO_ROOT", "tt"]

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


class VoilaFactory:
    """Starts Voila servers for a test and stops them all at teardown."""

    def __init__(self, env: dict[str, str], log_dir: Path) -> None:
        self._env = env
        self._log_dir = log_dir
        self._servers: dict[str, tuple[subprocess.Popen, Path]] = {}

    def __call__(
        self,
        notebook_name: str,
        env_overrides: dict[str, str] | None = None,
        flags: Sequence[str] = (),
    ) -> str:
        """Serve one notebook; ``flags`` are Voilà options added to the command line."""
        name = notebook_name if notebook_name.endswith(".ipynb") else notebook_name + ".ipynb"
        # A bare name is looked up in notebooks/; an absolute path (a test's own notebook) is kept.
        notebook = Path(name) if Path(name).is_absolute() else Path("notebooks") / name
        if not (REPO_ROOT / notebook).is_file():
            pytest.fail(f"notebook not found: {REPO_ROOT / notebook}")
        return self._start(str(notebook), env_overrides, flags)

    def folder(self, env_overrides: dict[str, str] | None = None) -> str:
        """Voila on the whole notebooks folder: ``<base>voila/render/<name>.ipynb`` for each."""
        return self._start("notebooks", env_overrides)

    def _start(
        self, target: str, env_overrides: dict[str, str] | None, flags: Sequence[str] = ()
    ) -> str:
        env = dict(self._env)
        env.update(env_overrides or {})
        port = free_port()
        log_path = self._log_dir / f"voila-{port}.log"
        log = open(log_path, "wb")  # noqa: SIM115 - closed with the process
        cmd = [
            str(VENV_PYTHON),
            "-m",
            "voila",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            *flags,
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
        try:
            wait_until_answers(port, proc, VOILA_START_TIMEOUT_S, lambda: self.log_text(base_url))
        except RuntimeError as error:
            pytest.fail(f"Voila: {error}")
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
            stop(proc)
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
        pytest.fail(NO_CHROMIUM)
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
def chromium() -> Iterator[Any]:
    """Debian's Chromium as a Playwright browser: one context per device (``new_context``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            launched = launch_chromium(pw)
        except RuntimeError as error:
            pytest.fail(str(error))
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def notebooks_server(voila: VoilaFactory) -> str:
    """Voilà on the whole notebooks folder (the seat, the shared screen and the other pages)."""
    return voila.folder()


@pytest.fixture(autouse=True)
def assertions_wait_for_a_loaded_machine() -> Iterator[None]:
    """Playwright's ``expect`` waits up to ``EXPECT_TIMEOUT_MS`` unless told otherwise (its own
    default, 5 s, is a deadline a busy machine can miss)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    yield


@pytest.fixture
def patient_assertions(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's ``expect`` waits as long as the test module's ``TIMEOUT`` (a redraw after a
    resolution takes a while on a loaded machine), then the suite's default again. A module asks
    for it with ``pytestmark = pytest.mark.usefixtures("patient_assertions")``."""
    from playwright.sync_api import expect

    expect.set_options(timeout=request.module.TIMEOUT)
    yield
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


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


def _point_on_canvas(canvas: object, x: float, y: float, tap: bool = False) -> None:
    """Click (or tap) canvas pixel (x, y) of ``canvas``, whatever size the page shows it at.

    The pointer first rests on the point: what the page shows on hovering may move the canvas
    (a details line that grows), so the point is measured again before the click."""
    canvas.scroll_into_view_if_needed()  # type: ignore[attr-defined]
    position: dict[str, float] = {}
    for _ in range(2):
        box = settled_box(canvas)
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
