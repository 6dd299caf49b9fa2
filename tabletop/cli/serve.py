"""``tabletop serve``: Voilà on the notebooks folder, ready for a table of phones, behind the
gate of :mod:`tabletop.server` (only the owner's key, or a link's own token or code, opens a
page; see ``docs/security.md``).

The owner's key is made for each run (or taken from ``$TABLETOP_OWNER_KEY``) and printed as a
link; it reaches the server through its environment, never its command line. Kernels are
preheated for the seat page and the shared screen (Voilà keeps a pool per notebook;
the pages read their table and token after ``voila.utils.wait_for_request()``), the other
dashboards start a kernel when opened, idle kernels are culled, and the server listens on
127.0.0.1 unless ``--lan`` (then on this machine's address on the local network, which the join
links of ``tabletop table new`` use). ``--db URL`` is passed to every kernel as
``TABLETOP_DATABASE_URL``; with PostgreSQL, several ``tabletop serve`` processes share the same
tables.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tabletop.cli.common import CliError
from tabletop.server.app import OWNER_KEY_VARIABLE
from tabletop.server.kernels import DEFAULT_PER_CLIENT, DEFAULT_TOTAL
from tabletop.serving import DEFAULT_PORT, lan_address

#: Preheated seat pages: the seats of the biggest table (six powers).
DEFAULT_POOL = 6
#: Preheated shared screens (one table at a time is the usual case; a second waits for a kernel).
SCREEN_POOL = 1
SEAT_NOTEBOOK = "seat.ipynb"
SCREEN_NOTEBOOK = "table.ipynb"
#: A kernel no page is connected to is shut down after this long unused (seconds): a tab
#: closed without its close request (a phone's battery, a lost network) ends within minutes.
DEFAULT_CULL_IDLE = 300
DEFAULT_CULL_INTERVAL = 30
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The pages' Voilà template: Voilà's lab template without its requests to a CDN (a table has
#: no internet). An installed package puts it in ``{sys.prefix}/share/jupyter``; a source
#: checkout (an editable install, which installs no data files) has it in :data:`TEMPLATES`.
TEMPLATE = "tabletop"
TEMPLATES = Path(__file__).resolve().parents[2] / "share" / "jupyter"


def register(families: Any) -> None:
    """Add the ``serve`` command (a family of its own, without sub-commands)."""
    parser: argparse.ArgumentParser = families.add_parser(
        "serve", help="serve the dashboards and seat pages with Voilà"
    )
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"default: {DEFAULT_PORT}")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database for every page (default: $TABLETOP_DATABASE_URL, else tabletop.db)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on this machine's local-network address (default: 127.0.0.1 only)",
    )
    parser.add_argument(
        "--pool",
        type=_count,
        default=DEFAULT_POOL,
        metavar="N",
        help=f"preheated kernels for the seat page (default: {DEFAULT_POOL}, a table of six); "
        f"the shared screen keeps {SCREEN_POOL}, the dashboards none",
    )
    parser.add_argument(
        "--cull-idle",
        type=_positive,
        default=DEFAULT_CULL_IDLE,
        metavar="SECONDS",
        help=f"shut down kernels idle this long (default: {DEFAULT_CULL_IDLE})",
    )
    parser.add_argument(
        "--cull-interval",
        type=_positive,
        default=DEFAULT_CULL_INTERVAL,
        metavar="SECONDS",
        help=f"how often to look for idle kernels (default: {DEFAULT_CULL_INTERVAL})",
    )
    parser.add_argument(
        "--max-kernels",
        type=_positive,
        default=DEFAULT_TOTAL,
        metavar="N",
        help=f"live kernels at most, pools included (default: {DEFAULT_TOTAL}); "
        "past it a page says the server is busy",
    )
    parser.add_argument(
        "--max-kernels-per-client",
        type=_positive,
        default=DEFAULT_PER_CLIENT,
        metavar="N",
        help=f"open pages at most per device (default: {DEFAULT_PER_CLIENT})",
    )
    parser.add_argument(
        "--certfile", type=Path, help="TLS certificate (PEM): serve over HTTPS (with --keyfile)"
    )
    parser.add_argument("--keyfile", type=Path, help="the certificate's private key (PEM)")
    parser.add_argument(
        "--notebooks", type=Path, default=NOTEBOOKS, help="the notebooks folder to serve"
    )
    parser.set_defaults(handler=cmd_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (0 or more)")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def kernel_pools(pool: int = DEFAULT_POOL) -> dict[str, dict[str, int]]:
    """Voilà's pool sizes per notebook (``VoilaKernelManager.kernel_pools_config``).

    Voilà's own ``--pool_size`` applies to every notebook of the folder (five notebooks x 7 was
    35 kernels); only the pages a table opens at once are preheated.
    """
    return {
        "default": {"pool_size": 0},
        SEAT_NOTEBOOK: {"pool_size": pool},
        SCREEN_NOTEBOOK: {"pool_size": SCREEN_POOL},
    }


def voila_argv(
    notebooks: Path,
    port: int,
    ip: str,
    pool: int = DEFAULT_POOL,
    cull_idle: int = DEFAULT_CULL_IDLE,
    cull_interval: int = DEFAULT_CULL_INTERVAL,
    max_kernels: int = DEFAULT_TOTAL,
    per_client: int = DEFAULT_PER_CLIENT,
    tls: tuple[Path, Path | None] | None = None,
) -> list[str]:
    """The server's command line (:mod:`tabletop.server`: Voilà behind the gate).

    With TLS nothing is preheated: a preheated kernel fetches its request from the server
    over a websocket that would have to trust the certificate.
    """
    if tls is not None:
        pool = 0
    argv = [
        sys.executable,
        "-m",
        "tabletop.server",
        str(notebooks),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        # Every page without a request leaving the machine (share/jupyter/voila/templates).
        f"--template={TEMPLATE}",
        # The printed addresses must be the served ones: no silent move to the next port.
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        "--pool_size=0",
        # One JSON value: traitlets' key=value form would make every pool size a string (it
        # logs the JSON form as deprecated, and reads it right).
        "--VoilaKernelManager.kernel_pools_config=" + json.dumps(kernel_pools(pool)),
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        # Kernels talk to the server over Unix sockets in the server's private folder, not TCP
        # ports any local account could reach.
        "--KernelManager.transport=ipc",
        # Voilà never sends tracebacks to pages, and refuses execute requests, by default.
        "--show_tracebacks=False",
        f"--TabletopVoila.max_kernels={max_kernels}",
        f"--TabletopVoila.max_kernels_per_client={per_client}",
    ]
    if tls is not None:
        certfile, keyfile = tls
        argv.append(f"--TabletopVoila.certfile={certfile}")
        if keyfile is not None:
            argv.append(f"--TabletopVoila.keyfile={keyfile}")
    return argv


def serve_env(
    db: str | None,
    base: dict[str, str] | None = None,
    ip: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    owner_key: str = "",
    scheme: str = "http",
) -> dict[str, str]:
    """The environment of the Voilà process, which its kernels inherit.

    The database URL is passed through. ``VOILA_APP_IP`` is where a preheated kernel's
    ``wait_for_request()`` fetches its request: Voilà never sets it and assumes 127.0.0.1, where
    nothing listens under ``--lan`` (the page then got no table and no token).
    ``TABLETOP_BASE_URL`` is the address this server prints, the shared screen's default for
    the seat links (a preheated kernel's ``VOILA_REQUEST_URL`` is an earlier request's, or none).
    The owner's key goes to the server only: its kernels (the pages) never see it.
    ``JUPYTER_PATH`` starts with :data:`TEMPLATES` in a source checkout, where Voilà finds the
    pages' template (an installed package has it in ``{sys.prefix}/share/jupyter``).
    """
    env = dict(os.environ if base is None else base)
    if db:
        env["TABLETOP_DATABASE_URL"] = db
    env["VOILA_APP_IP"] = ip
    env["TABLETOP_BASE_URL"] = f"{scheme}://{ip}:{port}"
    if (TEMPLATES / "voila" / "templates" / TEMPLATE).is_dir():  # a source checkout
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p
        )
    if owner_key:
        env[OWNER_KEY_VARIABLE] = owner_key
    return env


def addresses(
    ip: str, port: int, notebooks: Path, owner_key: str, scheme: str = "http"
) -> list[str]:
    """What to print: the owner's link, the shared screen's page, the base address for links,
    each page (which the owner's browser opens once it has used the owner's link)."""
    base = f"{scheme}://{ip}:{port}"
    pages = sorted(p.name for p in notebooks.glob("*.ipynb"))
    lines = [f"Owner's link (opens every page; keep it to yourself): {base}/?key={owner_key}"]
    lines.append(f"Shared screen: {base}/voila/render/{SCREEN_NOTEBOOK}?key={owner_key}")
    lines.append(f"Seat links: tabletop table new GAME --base-url {base}")
    lines.append("Pages (in a browser that has opened the owner's link):")
    lines += [f"  {name[: -len('.ipynb')]}: {base}/voila/render/{name}" for name in pages]
    return lines


def _port_taken(ip: str, port: int) -> bool:
    with socket.socket() as probe:
        # As Tornado binds: a port left in TIME_WAIT by an earlier server is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError:
            return True
    return False


def cmd_serve(args: argparse.Namespace) -> int:
    """Start Voilà and wait for it; Ctrl-C (or SIGTERM) stops it cleanly."""
    notebooks = Path(args.notebooks)
    if not notebooks.is_dir():
        raise CliError(f"{notebooks}: no such notebooks folder")
    ip = lan_address() if args.lan else "127.0.0.1"
    if args.db:
        from tabletop.cli.common import open_database

        open_database(args.db)  # a bad URL is refused now, in one line, not in every page
    if _port_taken(ip, args.port):
        raise CliError(f"port {args.port} on {ip} is in use: choose another with --port")
    tls = _tls(args.certfile, args.keyfile)
    scheme = "https" if tls else "http"
    owner_key = os.environ.get(OWNER_KEY_VARIABLE, "").strip() or secrets.token_urlsafe(24)
    if len(owner_key) < 16:
        raise CliError(f"${OWNER_KEY_VARIABLE} is too short: 16 characters at least")
    argv = voila_argv(
        notebooks,
        args.port,
        ip,
        args.pool,
        args.cull_idle,
        args.cull_interval,
        args.max_kernels,
        args.max_kernels_per_client,
        tls,
    )
    env = serve_env(args.db, ip=ip, port=args.port, owner_key=owner_key, scheme=scheme)
    try:
        child = subprocess.Popen(argv, env=env)
    except OSError as error:
        raise CliError(f"cannot start Voilà: {error.strerror or error}") from None
    stopping: list[bool] = []

    def stop(_signum: int, _frame: Any) -> None:
        stopping.append(True)
        child.terminate()

    previous = signal.signal(signal.SIGTERM, stop)
    started = False
    try:
        try:
            # The addresses are printed once they answer (a page opened at once then works).
            started = _until_listening(child, ip, args.port, stopping)
        except KeyboardInterrupt:
            stopping.append(True)
            child.terminate()
        if started:
            for line in addresses(ip, args.port, notebooks, owner_key, scheme):
                print(line, flush=True)
            if args.lan:
                print("Phones on this network can open these addresses.", flush=True)
            else:
                print(
                    "Only this machine can open these (--lan: phones on this network too).",
                    flush=True,
                )
        code = _wait(child, stopping)
    finally:
        signal.signal(signal.SIGTERM, previous)
    # Stopped on request (Ctrl-C or SIGTERM): a clean stop, whatever Voilà's own exit status.
    if stopping:
        return 0
    if not started:
        raise CliError(f"Voilà stopped while starting (exit status {code}; its messages are above)")
    return code


def _tls(certfile: Path | None, keyfile: Path | None) -> tuple[Path, Path | None] | None:
    """The certificate and key, checked now (a wrong file is refused in one line)."""
    if certfile is None:
        if keyfile is not None:
            raise CliError("--keyfile needs --certfile (the certificate it goes with)")
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except FileNotFoundError as error:
        raise CliError(f"{error.filename}: no such file") from None
    except (ssl.SSLError, OSError) as error:
        raise CliError(
            f"{certfile}: not a certificate and key this server can use ({error})"
        ) from None
    return certfile, keyfile


def _until_listening(
    child: subprocess.Popen[bytes], ip: str, port: int, stopping: list[bool], timeout: float = 300
) -> bool:
    """True once the server accepts connections; False if Voilà ended (or was stopped) first."""
    deadline = time.monotonic() + timeout
    while child.poll() is None and not stopping:
        try:
            with socket.create_connection((ip, port), timeout=1):
                return True
        except OSError:
            if time.monotonic() > deadline:
                return True  # slow, not failed: say where it will be
            time.sleep(0.2)
    return False


def _wait(child: subprocess.Popen[bytes], stopping: list[bool]) -> int:
    """Wait for Voilà; on Ctrl-C ask it to stop, and kill it if it does not within 20 s."""
    while True:
        try:
            return child.wait(timeout=20 if stopping else None)
        except KeyboardInterrupt:
            stopping.append(True)
            child.terminate()
        except subprocess.TimeoutExpired:
            child.kill()
