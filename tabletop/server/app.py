"""The web server of ``tabletop serve``: Voilà on the notebooks folder, behind a gate.

What it adds to Voilà (everything else is Voilà's own, unchanged):

- **the gate** (:mod:`tabletop.server.gate`) before a page's kernel starts: the owner's key
  (``?key=`` once, then a signed cookie), or the link's own credential; the folder listing and
  the contents API are the owner's;
- **caps on kernels** (:mod:`tabletop.server.kernels`): per server and per client, with a
  "busy, try again" page instead of a page that never shows;
- **closed tabs end their kernels**: Voilà's page sends its close request with the ``_xsrf``
  cookie it finds, which Voilà never set (every close was refused); the page sets it;
- optional **TLS** (``certfile``/``keyfile``).

Run as ``python -m tabletop.server NOTEBOOKS --port P ...`` (``tabletop serve`` builds that
command line); the owner's key comes from ``$TABLETOP_OWNER_KEY``, never from the command
line (which every user of the machine can read).
"""

from __future__ import annotations

import os
import secrets
import ssl
import tempfile
from contextvars import ContextVar
from typing import Any
from urllib.parse import parse_qs, urlencode

import tornado.ioloop
import tornado.web
from traitlets import Int, Unicode, default
from voila.app import Voila  # type: ignore[import-untyped]
from voila.tornado.contentshandler import VoilaContentsHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # type: ignore[import-untyped]

from tabletop.server.checks import StoreChecks
from tabletop.server.gate import Gate, Verdict
from tabletop.server.kernels import DEFAULT_PER_CLIENT, DEFAULT_TOTAL, KernelLedger
from tabletop.server.pages import busy_page, code_form, refusal_page

__all__ = ["OWNER_COOKIE", "OWNER_KEY_VARIABLE", "Guard", "TabletopVoila", "main"]

#: Where ``tabletop serve`` puts the owner's key for the server.
OWNER_KEY_VARIABLE = "TABLETOP_OWNER_KEY"
OWNER_COOKIE = "tabletop-owner"
#: The query value names kept from a request (a page reads no more).
MAX_FIELDS = 20
MAX_VALUE = 200
#: The longest folder the kernels' socket folders are made in (107 bytes for a whole path).
MAX_SOCKET_ROOT = 40

# The client a page kernel is being started for (set by the page's handler, read where the
# kernel manager starts or hands out a kernel).
_client: ContextVar[str | None] = ContextVar("tabletop_client", default=None)


class Guard:
    """What the handlers share: the gate, the kernel caps, this run's owner session."""

    def __init__(self, gate: Gate, ledger: KernelLedger, tls: bool) -> None:
        self.gate = gate
        self.ledger = ledger
        self.tls = tls
        # A signed cookie holding this value is the owner's (a new run, a new value).
        self.session = secrets.token_urlsafe(24)

    def is_owner(self, handler: tornado.web.RequestHandler) -> bool:
        value = handler.get_signed_cookie(OWNER_COOKIE, max_age_days=31)
        return value is not None and secrets.compare_digest(value, self.session.encode())

    def log_in(self, handler: tornado.web.RequestHandler) -> None:
        handler.set_signed_cookie(
            OWNER_COOKIE,
            self.session,
            expires_days=None,
            httponly=True,
            samesite="Lax",
            secure=self.tls,
        )


def _query(handler: tornado.web.RequestHandler) -> dict[str, str] | None:
    """The first value of each name of the request's query (``None``: too many names)."""
    try:
        found = parse_qs(handler.request.query or "", max_num_fields=MAX_FIELDS)
    except ValueError:
        return None
    return {name: values[0][:MAX_VALUE] for name, values in found.items() if values}


def _answer(handler: tornado.web.RequestHandler, verdict: Verdict, html: str) -> None:
    handler.set_status(verdict.status)
    if verdict.retry_after is not None:
        handler.set_header("Retry-After", str(int(verdict.retry_after) + 1))
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(html)


def _refuse(handler: tornado.web.RequestHandler, verdict: Verdict) -> None:
    if verdict.status == 503:
        _answer(handler, verdict, busy_page(verdict.message, verdict.retry_after or 15))
    else:
        _answer(handler, verdict, refusal_page(verdict.message))


def _owner_login(handler: tornado.web.RequestHandler, guard: Guard, query: dict[str, str]) -> bool:
    """Handle ``?key=``: the owner's cookie and the same address without the key (True), or a
    refusal (True); False when the request has no key."""
    key = query.pop("key", None)
    if key is None:
        return False
    verdict = guard.gate.owner_key_ok(key, handler.request.remote_ip or "?")
    if not verdict.allowed:
        _refuse(handler, verdict)
        return True
    guard.log_in(handler)
    # The key leaves the address bar and the browser's history at once.
    rest = urlencode(query)
    handler.redirect(handler.request.path + (f"?{rest}" if rest else ""))
    return True


class GuardedPage(TornadoVoilaHandler):  # type: ignore[misc]
    """``/voila/render/NOTEBOOK``: the gate and the caps first, then Voilà's page."""

    async def prepare(self, **kwargs: Any) -> None:
        await super().prepare(**kwargs)
        if self._finished:
            return
        guard: Guard = self.settings["tabletop_guard"]
        client = self.request.remote_ip or "?"
        query = _query(self)
        if query is None:
            _refuse(self, Verdict(400, "This address has too many parts: check the link."))
            return
        if _owner_login(self, guard, query):
            return
        notebook = self.path_args[0] if self.path_args else ""
        owner = guard.is_owner(self)
        loop = tornado.ioloop.IOLoop.current()
        verdict = await loop.run_in_executor(None, guard.gate.page, notebook, query, client, owner)
        if verdict.form is not None:
            _answer(self, Verdict(200), code_form(notebook, verdict.form))
            return
        if not verdict.allowed:
            if verdict.status == 403 and notebook in ("seat.ipynb", "student.ipynb"):
                fields = ("table", "token") if notebook == "seat.ipynb" else ("class", "join")
                _answer(self, verdict, code_form(notebook, fields, verdict.message))
            else:
                _refuse(self, verdict)
            return
        verdict = guard.ledger.admit(client, set(self.kernel_manager.list_kernel_ids()))
        if not verdict.allowed:
            _refuse(self, verdict)
            return
        _client.set(client)
        # Voilà's page sends this cookie back with its close request (a tab closed, a page
        # reloaded): without it the request is refused and the kernel lives on.
        self.xsrf_token  # noqa: B018


class GuardedTree(TornadoVoilaTreeHandler):  # type: ignore[misc]
    """The folder listing: the owner's."""

    async def prepare(self, **kwargs: Any) -> None:
        await super().prepare(**kwargs)
        if self._finished:
            return
        guard: Guard = self.settings["tabletop_guard"]
        query = _query(self) or {}
        if _owner_login(self, guard, query):
            return
        verdict = guard.gate.owner_only(guard.is_owner(self))
        if not verdict.allowed:
            _refuse(self, verdict)


class GuardedContents(VoilaContentsHandler):  # type: ignore[misc]
    """The contents API behind the listing: the owner's."""

    async def prepare(self, **kwargs: Any) -> None:
        await super().prepare(**kwargs)
        if self._finished:
            return
        guard: Guard = self.settings["tabletop_guard"]
        if not guard.is_owner(self):
            raise tornado.web.HTTPError(403)


_GUARDED = {
    TornadoVoilaHandler: GuardedPage,
    TornadoVoilaTreeHandler: GuardedTree,
    VoilaContentsHandler: GuardedContents,
}


class TabletopVoila(Voila):  # type: ignore[misc]
    """Voilà with the gate, the kernel caps, working close requests and optional TLS."""

    name = "tabletop-server"
    max_kernels = Int(DEFAULT_TOTAL, config=True, help="live kernels at most (pools included)")
    max_kernels_per_client = Int(
        DEFAULT_PER_CLIENT, config=True, help="live page kernels at most per client address"
    )
    certfile = Unicode("", config=True, help="TLS certificate (PEM); with keyfile: HTTPS")
    keyfile = Unicode("", config=True, help="TLS private key (PEM)")

    @default("connection_dir_root")
    def _short_connection_dir_root(self) -> str:
        # Kernels talk over Unix sockets named after their connection files, and a socket's
        # path is limited to 107 bytes: a long $TMPDIR would leave kernels unable to start.
        root = tempfile.gettempdir()
        if len(root) > MAX_SOCKET_ROOT and os.access("/tmp", os.W_OK):
            root = "/tmp"
        return root

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        key = os.environ.get(OWNER_KEY_VARIABLE, "")
        if not key:
            key = secrets.token_urlsafe(24)
            self.log.warning("No %s: this run's owner key is %s", OWNER_KEY_VARIABLE, key)
        gate = Gate(key, StoreChecks())
        ledger = KernelLedger(self.max_kernels, self.max_kernels_per_client)
        self.guard = Guard(gate, ledger, tls=bool(self.certfile))
        settings["tabletop_guard"] = self.guard
        _follow_kernels(self.kernel_manager, ledger)
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = super().init_handlers()
        guarded = []
        for entry in handlers:
            pattern, handler, *rest = entry
            guarded.append((pattern, _GUARDED.get(handler, handler), *rest))
        return guarded

    def listen(self) -> None:
        """Listen on the one configured port (with TLS when asked) and run until stopped."""
        options = None
        if self.certfile:
            options = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            options.load_cert_chain(self.certfile, self.keyfile or None)
        try:
            self.app.listen(self.port, self.ip, ssl_options=options)
        except OSError as error:
            self.log.critical("cannot listen on %s:%s: %s", self.ip, self.port, error)
            self.exit(1)
        self.log.info("Voilà is running at: %s", self.display_url)
        self.ioloop = tornado.ioloop.IOLoop.current()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:
            self.log.info("Stopping...")
        finally:
            self.stop()


def _follow_kernels(manager: Any, ledger: KernelLedger) -> None:
    """Count every kernel started or handed out for a page against its client.

    The kernel manager starts kernels for pages (``start_kernel``) and hands out preheated ones
    (``get_rendered_notebook``); refilling a pool is nobody's page, so it runs with no client.
    """
    start_kernel = manager.start_kernel

    async def started_for_client(*args: Any, **kwargs: Any) -> str:
        kernel_id: str = await start_kernel(*args, **kwargs)
        client = _client.get()
        if client is not None:
            ledger.started(kernel_id, client)
        return kernel_id

    manager.start_kernel = started_for_client
    handed_out = getattr(manager, "get_rendered_notebook", None)
    fill = getattr(manager, "fill_if_needed", None)
    if handed_out is None or fill is None:
        return

    async def handed_to_client(*args: Any, **kwargs: Any) -> Any:
        found = await handed_out(*args, **kwargs)
        client = _client.get()
        if client is not None:
            ledger.started(found[2], client)
        return found

    def fill_for_nobody(*args: Any, **kwargs: Any) -> Any:
        token = _client.set(None)
        try:
            return fill(*args, **kwargs)
        finally:
            _client.reset(token)

    manager.get_rendered_notebook = handed_to_client
    manager.fill_if_needed = fill_for_nobody


def main() -> None:
    """``python -m tabletop.server``."""
    TabletopVoila.launch_instance()
