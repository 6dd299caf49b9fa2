"""``tabletop serve``: the server's command line it builds, and real servers: a start, an answer
and a clean stop; a preheated seat page that gets its own request (``wait_for_request``), also
on the local-network address; idle kernels culled; a port in use refused in one line. (Who gets
in is tested in ``tests/server``.)"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from e2e.harness import children, free_port

from tabletop.cli.dispatch import build_parser
from tabletop.cli.serve import kernel_pools, serve_env, voila_argv
from tabletop.serving import lan_address

ROOT = Path(__file__).resolve().parents[2]
#: The owner's key the test servers get (``$TABLETOP_OWNER_KEY``).
OWNER_KEY = "test-owner-key-0123456789"
#: What only turns a hang into a failure: a loaded machine is slower, never this slow.
HANG_SECONDS = 120

#: A seat page in miniature: it waits for its request as notebooks/seat.ipynb does, then prints
#: what the kernel got (query string, its process, whether it was preheated).
PROBE_CELLS = [
    "import os, sys\nfrom tabletop.serving import wait_for_voila_request\n"
    "open('waiting-%d' % os.getpid(), 'w').close()\nwait_for_voila_request()\n",
    "env = os.environ.get\n"
    "print('QS=[%s] PID=%d PREHEAT=%s DB=[%s] BASE=[%s]' % (env('QUERY_STRING'),"
    " os.getpid(), env('VOILA_PREHEAT', 'False'), env('TABLETOP_DATABASE_URL'),"
    " env('TABLETOP_BASE_URL')))\n"
    "print('JUPYTER_SERVER=%s' % ('jupyter_server' in sys.modules))\n",
]
PROBE = re.compile(
    r"QS=\[(?P<qs>[^\]]*)\] PID=(?P<pid>\d+) "
    r"PREHEAT=(?P<preheat>\w+) DB=\[(?P<db>[^\]]*)\] BASE=\[(?P<base>[^\]]*)\]"
)


def _notebook(path: Path, sources: list[str]) -> None:
    cells = [
        {
            "cell_type": "code",
            "id": f"c{index}",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": source,
        }
        for index, source in enumerate(sources)
    ]
    path.write_text(
        json.dumps(
            {
                "cells": cells,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        ),
        encoding="utf-8",
    )


def _private_env(tmp_path: Path) -> dict[str, str]:
    """HOME and every Jupyter folder inside the test's folder."""
    env = dict(os.environ)
    for key in (
        "HOME",
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "IPYTHONDIR",
    ):
        folder = tmp_path / "env" / key.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[key] = str(folder)
    env.pop("JUPYTER_PATH", None)
    env.pop("TABLETOP_DATABASE_URL", None)
    env["PYTHONUNBUFFERED"] = "1"
    env["TABLETOP_OWNER_KEY"] = OWNER_KEY
    env["TABLETOP_SECRET_FILE"] = str(tmp_path / "env" / "server.key")
    return env


def _owner(base: str) -> urllib.request.OpenerDirector:
    """A client holding the owner's cookie (it opened the owner's link once)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    with opener.open(f"{base}/?key={OWNER_KEY}", timeout=HANG_SECONDS) as answer:
        assert answer.status == 200
    return opener


def _kernels(serve_pid: int) -> set[int]:
    """The kernel processes of the Voilà server that ``tabletop serve`` started."""
    return {kernel for voila in children(serve_pid) for kernel in children(voila)}


def _fetch(
    url: str, opener: urllib.request.OpenerDirector | None = None, timeout: float = HANG_SECONDS
) -> str:
    with (opener or urllib.request.build_opener()).open(url, timeout=timeout) as answer:
        assert answer.status == 200
        return str(answer.read().decode("utf-8"))


def _wait_until(check, timeout: float, what: str, log: Path | None = None) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.3)
    tail = log.read_text(errors="replace")[-3000:] if log else ""
    pytest.fail(f"{what} not within {timeout:.0f} s\n{tail}")


def _answers(url: str) -> bool:
    """The server answers (a refusal is an answer: the folder listing is the owner's)."""
    try:
        with urllib.request.urlopen(url, timeout=HANG_SECONDS) as answer:
            return bool(answer.status == 200)
    except urllib.error.HTTPError as error:
        return error.code == 403
    except OSError:
        return False


class Served:
    """A ``tabletop serve`` process writing to a log file; stopped (and its kernels) at the end."""

    def __init__(self, args: list[str], env: dict[str, str], log: Path) -> None:
        self.log = log  # Voilà's messages
        self.out = log.with_suffix(".out")  # what tabletop serve prints
        with open(log, "wb") as err, open(self.out, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tabletop.cli", "serve", *args],
                stdout=out,
                stderr=err,
                env=env,
                start_new_session=True,
            )

    def first_lines(self, count: int, timeout: float = 180) -> list[str]:
        """What ``tabletop serve`` printed (once the server answers)."""
        _wait_until(
            lambda: self.out.read_text().count("\n") >= count, timeout, "the addresses", self.log
        )
        return self.out.read_text().splitlines()[:count]

    def stop(self) -> int:
        kernels = _kernels(self.process.pid)
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=HANG_SECONDS)
        finally:
            self.kill(kernels)

    def kill(self, kernels: set[int] | None = None) -> None:
        kernels = kernels if kernels is not None else _kernels(self.process.pid)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(HANG_SECONDS)
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.fixture
def served(tmp_path: Path) -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for server in started:
        server.kill()


def test_the_voila_command_line_has_the_options() -> None:
    argv = voila_argv(ROOT / "notebooks", 9001, "127.0.0.1", pool=5, cull_idle=900)
    assert argv[:3] == [sys.executable, "-m", "tabletop.server"]
    assert argv[3] == str(ROOT / "notebooks")
    for option in (
        "--port=9001",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        "--pool_size=0",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_connected=False",
        "--KernelManager.transport=ipc",
        "--no-browser",
        "--show_tracebacks=False",
        "--TabletopVoila.max_kernels=40",
        "--TabletopVoila.max_kernels_per_client=8",
        "--template=tabletop",
    ):
        assert option in argv
    assert not [a for a in argv if "key" in a.lower()]  # the owner's key is never an argument
    pools = [a for a in argv if a.startswith("--VoilaKernelManager.kernel_pools_config=")]
    assert json.loads(pools[0].split("=", 1)[1]) == kernel_pools(5)
    assert kernel_pools(5) == {
        "default": {"pool_size": 0},
        "seat.ipynb": {"pool_size": 5},
        "table.ipynb": {"pool_size": 1},
    }
    env = serve_env("postgresql+psycopg://x/y", {}, ip="192.0.2.7", port=9003, owner_key="k" * 20)
    assert env == {
        "TABLETOP_DATABASE_URL": "postgresql+psycopg://x/y",
        "VOILA_APP_IP": "192.0.2.7",
        "TABLETOP_BASE_URL": "http://192.0.2.7:9003",
        "TABLETOP_OWNER_KEY": "k" * 20,
        "JUPYTER_PATH": str(ROOT / "share" / "jupyter"),  # the pages' template, in a checkout
    }
    assert "TABLETOP_DATABASE_URL" not in serve_env(None, {})
    # With TLS nothing is preheated (a preheated kernel could not trust the certificate).
    tls = voila_argv(ROOT / "notebooks", 9001, "127.0.0.1", tls=(Path("c.pem"), Path("k.pem")))
    assert "--TabletopVoila.certfile=c.pem" in tls and "--TabletopVoila.keyfile=k.pem" in tls
    pools = [a for a in tls if a.startswith("--VoilaKernelManager.kernel_pools_config=")]
    assert json.loads(pools[0].split("=", 1)[1]) == kernel_pools(0)


def test_the_options_parse() -> None:
    args = build_parser().parse_args(
        ["serve", "--port", "9002", "--lan", "--pool", "3", "--cull-interval", "5"]
    )
    assert (args.port, args.lan, args.pool, args.cull_interval) == (9002, True, 3, 5)
    assert build_parser().parse_args(["serve", "--pool", "0"]).pool == 0
    for bad in (["--port", "0"], ["--pool", "-1"], ["--cull-idle", "0"]):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", *bad])


def test_serve_starts_answers_and_stops_cleanly(tmp_path: Path, served: list[Served]) -> None:
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    _notebook(notebooks / "hello.ipynb", ["print('hello')"])
    port = free_port()
    db = tmp_path / "tabletop.db"
    server = Served(
        ["--port", str(port), "--db", str(db), "--pool", "1", "--notebooks", str(notebooks)],
        _private_env(tmp_path),
        tmp_path / "serve.log",
    )
    served.append(server)
    owner, screen, links, pages, page = server.first_lines(5)
    base = f"http://127.0.0.1:{port}"
    assert owner == f"Owner's link (opens every page; keep it to yourself): {base}/?key={OWNER_KEY}"
    assert screen == f"Shared screen: {base}/voila/render/table.ipynb?key={OWNER_KEY}"
    assert links == f"Seat links: tabletop table new GAME --base-url {base}"
    assert pages.startswith("Pages (")
    assert page == f"  hello: {base}/voila/render/hello.ipynb"
    # Printed once the server answers: the addresses work at once.
    assert _answers(f"http://127.0.0.1:{port}/")
    assert server.stop() == 0
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
    assert db.exists()  # --db was opened (and a bad URL would have been refused at once)


def test_a_preheated_seat_page_gets_its_request_and_idle_kernels_are_culled(
    tmp_path: Path, served: list[Served]
) -> None:
    """On the local-network address (``--lan``) when this machine has one, as phones use it."""
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    _notebook(notebooks / "seat.ipynb", PROBE_CELLS)
    _notebook(notebooks / "dashboard.ipynb", PROBE_CELLS)
    ip = lan_address()
    port = free_port(ip)
    db = tmp_path / "tabletop.db"
    server = Served(
        [
            "--lan",
            "--port",
            str(port),
            "--db",
            str(db),
            "--pool",
            "1",
            "--cull-idle",
            "4",
            "--cull-interval",
            "1",
            "--notebooks",
            str(notebooks),
        ],
        _private_env(tmp_path),
        tmp_path / "serve.log",
    )
    served.append(server)
    base = f"http://{ip}:{port}"
    assert server.first_lines(1) == [
        f"Owner's link (opens every page; keep it to yourself): {base}/?key={OWNER_KEY}"
    ]
    owner = _owner(base)
    _wait_until(
        lambda: "Kernel pool of seat.ipynb is filled" in server.log.read_text(),
        240,
        "the seat pool",
        server.log,
    )
    pool_kernel = _kernels(server.process.pid)
    assert len(pool_kernel) == 1  # the seat page's pool; the dashboard has none
    # The pool kernel has run the page up to wait_for_request() (and waits there).
    _wait_until(
        lambda: (notebooks / f"waiting-{min(pool_kernel)}").exists(),
        180,
        "the pool page",
        server.log,
    )

    seat_text = _fetch(f"{base}/voila/render/seat.ipynb?table=12&token=abc-DEF_9", owner)
    seat = PROBE.search(seat_text)
    assert seat, server.log.read_text()[-3000:]
    # The kernel that answers is the one that had run the page before it was asked for (its
    # file was there), and it still got this request's query.
    assert seat["preheat"] == "True" and {int(seat["pid"])} == pool_kernel
    assert seat["qs"] == "table=12&amp;token=abc-DEF_9"
    # Without Voilà's own helper: Jupyter's server never came into the page's kernel.
    assert "JUPYTER_SERVER=False" in seat_text
    assert seat["db"] == str(db) and seat["base"] == base

    dashboard = PROBE.search(_fetch(f"{base}/voila/render/dashboard.ipynb?game=3", owner))
    assert dashboard and dashboard["preheat"] == "False" and dashboard["qs"] == "game=3"

    # Both used kernels are idle (no browser holds them): culled; the refilled pool kernel stays.
    used = {int(seat["pid"]), int(dashboard["pid"])}
    _wait_until(
        lambda: not used & _kernels(server.process.pid), 180, "the idle kernels culled", server.log
    )
    assert "Culling 'idle' kernel" in server.log.read_text()
    _wait_until(
        lambda: len(_kernels(server.process.pid)) == 1, 180, "the pool refilled", server.log
    )
    assert server.stop() == 0


def test_a_port_in_use_is_refused_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=HANG_SECONDS,
            env=_private_env(tmp_path),
        )
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert f"port {port}" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_database_url_is_refused_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tabletop.cli", "serve", "--db", "mysql://nobody/x"],
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def _self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (PEM files), made with ``cryptography``."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    certfile, keyfile = folder / "cert.pem", folder / "key.pem"
    certfile.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    keyfile.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return certfile, keyfile


def test_serve_over_https_with_a_certificate_and_its_key(
    tmp_path: Path, served: list[Served]
) -> None:
    import ssl

    certfile, keyfile = _self_signed(tmp_path)
    port = free_port()
    server = Served(
        [
            "--port",
            str(port),
            "--db",
            str(tmp_path / "tabletop.db"),
            "--certfile",
            str(certfile),
            "--keyfile",
            str(keyfile),
        ],  # fmt: skip
        _private_env(tmp_path),
        tmp_path / "serve.log",
    )
    served.append(server)
    (owner,) = server.first_lines(1)
    base = f"https://127.0.0.1:{port}"
    assert owner.endswith(f"{base}/?key={OWNER_KEY}"), owner
    # A client trusting this certificate reaches the owner's pages over TLS ...
    trusting = ssl.create_default_context(cafile=str(certfile))
    opener = urllib.request.build_opener(
        urllib.request.HTTPSHandler(context=trusting),
        urllib.request.HTTPCookieProcessor(CookieJar()),
    )
    with opener.open(f"{base}/?key={OWNER_KEY}", timeout=HANG_SECONDS) as answer:
        assert answer.status == 200
    assert "Voil" in _fetch(f"{base}/voila/tree", opener)  # the owner's folder listing
    stranger = urllib.request.build_opener(urllib.request.HTTPSHandler(context=trusting))
    with pytest.raises(urllib.error.HTTPError) as refused:
        _fetch(f"{base}/voila/tree", stranger)
    assert refused.value.code == 403  # the gate holds over TLS too
    # ... and plain HTTP on the same port gets no page.
    with pytest.raises((OSError, urllib.error.URLError)):
        _fetch(f"http://127.0.0.1:{port}/voila/tree", timeout=10)
    assert server.stop() == 0


def test_a_file_that_is_not_a_certificate_is_refused_in_one_line(tmp_path: Path) -> None:
    certfile, keyfile = _self_signed(tmp_path)
    bad = tmp_path / "not-a-cert.pem"
    bad.write_text("-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n")
    for args in (["--certfile", str(bad), "--keyfile", str(keyfile)], ["--keyfile", str(keyfile)]):
        result = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(free_port()), *args],
            capture_output=True,
            text=True,
            timeout=HANG_SECONDS,
            env=_private_env(tmp_path),
        )
        assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr
    assert certfile.exists()
