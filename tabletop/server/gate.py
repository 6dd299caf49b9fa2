"""Who may open which page of a served notebooks folder: the rules, without any web server.

The server's owner holds a key (printed as a link when the server starts); with it every page
opens. Without it a visitor opens only what a link entitles them to:

- ``seat.ipynb?table=T&token=X``: X is a seat's token or short code of table T;
- ``table.ipynb?table=T&token=X``: X is table T's host token (a new table is opened by the
  owner only: the table page hands out tokens);
- ``student.ipynb?class=C&join=X`` or ``&student=X``: X is class C's join link or code, or a
  student's own token;
- ``classroom.ipynb?class=C&token=X``: X is class C's teacher token;
- ``reveal.ipynb?game=G&pass=X``: X is the reveal pass the owner's dashboard gave out.

Every other page, the folder listing and the contents API are the owner's. A wrong credential
is counted against the client that sent it (:class:`tabletop.serving.Guesses`); once a client
has spent its tries it is refused for a while, and nobody else is.

>>> checks = FixedChecks(seats={(3, "s3cret")})
>>> gate = Gate("the-owner-key-of-this-server", checks)
>>> gate.page("seat.ipynb", {"table": "3", "token": "s3cret"}, "10.0.0.9", False).allowed
True
>>> gate.page("africa1880.ipynb", {}, "10.0.0.9", False).status
403
>>> gate.page("africa1880.ipynb", {}, "10.0.0.9", True).allowed
True
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tabletop.serving import Guesses

__all__ = [
    "CODE_FORMS",
    "Checks",
    "FixedChecks",
    "Gate",
    "Verdict",
]

#: The pages a visitor may reach with a number and a short code typed by hand: the gate shows
#: a small form (no kernel is started for it) instead of a refusal when the link has neither.
CODE_FORMS = {"seat.ipynb": ("table", "token"), "student.ipynb": ("class", "join")}


class Checks(Protocol):
    """The credential checks the gate asks of the games database (True: it opens that)."""

    def seat(self, table_id: int, credential: str) -> bool: ...

    def table_host(self, table_id: int, credential: str) -> bool: ...

    def class_join(self, class_id: int, credential: str) -> bool: ...

    def student(self, class_id: int, credential: str) -> bool: ...

    def class_host(self, class_id: int, credential: str) -> bool: ...

    def reveal(self, game_id: int, credential: str) -> bool: ...


@dataclass
class FixedChecks:
    """:class:`Checks` from fixed sets of (id, credential) pairs (examples and tests of the
    rules; the server uses the database)."""

    seats: set[tuple[int, str]] = field(default_factory=set)
    hosts: set[tuple[int, str]] = field(default_factory=set)
    joins: set[tuple[int, str]] = field(default_factory=set)
    students: set[tuple[int, str]] = field(default_factory=set)
    teachers: set[tuple[int, str]] = field(default_factory=set)
    reveals: set[tuple[int, str]] = field(default_factory=set)

    def seat(self, table_id: int, credential: str) -> bool:
        return (table_id, credential) in self.seats

    def table_host(self, table_id: int, credential: str) -> bool:
        return (table_id, credential) in self.hosts

    def class_join(self, class_id: int, credential: str) -> bool:
        return (class_id, credential) in self.joins

    def student(self, class_id: int, credential: str) -> bool:
        return (class_id, credential) in self.students

    def class_host(self, class_id: int, credential: str) -> bool:
        return (class_id, credential) in self.teachers

    def reveal(self, game_id: int, credential: str) -> bool:
        return (game_id, credential) in self.reveals


@dataclass(frozen=True)
class Verdict:
    """What the server answers: ``allowed``, or a status and one line saying why."""

    status: int = 200
    message: str = ""
    #: Seconds after which trying again may succeed (a refused guesser, a busy server).
    retry_after: float | None = None
    #: The page to offer instead (a code form), when the link had no credential at all.
    form: tuple[str, str] | None = None

    @property
    def allowed(self) -> bool:
        return self.status == 200


ALLOWED = Verdict()
OWNER_ONLY = Verdict(
    403,
    "This page is the server owner's: open it with the link the server printed when it started.",
)

# What each page needs: the name of its number, the names of its credentials, whose link it is.
_RULES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "seat.ipynb": ("table", ("token",), "a seat"),
    "table.ipynb": ("table", ("token",), "the host of a table"),
    "student.ipynb": ("class", ("join", "student"), "a student of a class"),
    "classroom.ipynb": ("class", ("token",), "the teacher of a class"),
    "reveal.ipynb": ("game", ("pass",), "the reveal of a game"),
}


class Gate:
    """The rules of :mod:`tabletop.server.gate` over ``checks``, counting wrong credentials
    per client in ``guesses``."""

    def __init__(self, owner_key: str, checks: Checks, guesses: Guesses | None = None) -> None:
        if len(owner_key) < 16:
            raise ValueError("the owner key must have at least 16 characters")
        self.owner_key = owner_key
        self.checks = checks
        self.guesses = guesses or Guesses()

    def refused_for_now(self, client: str) -> Verdict | None:
        """The refusal of a client that has spent its tries, else ``None``."""
        wait = self.guesses.wait(client)
        if wait is None:
            return None
        return Verdict(
            429,
            f"Too many wrong links or codes from this device: try again in {wait:.0f} s.",
            retry_after=wait,
        )

    def owner_key_ok(self, key: str, client: str) -> Verdict:
        """Whether ``key`` is the owner's key (a wrong one counts as a guess)."""
        refused = self.refused_for_now(client)
        if refused is not None:
            return refused
        if hmac.compare_digest(key.encode(), self.owner_key.encode()):
            return ALLOWED
        self.guesses.wrong(client)
        return Verdict(403, "This is not the key of this server: use the link it printed.")

    def owner_only(self, owner: bool) -> Verdict:
        """The folder listing, the contents API and the dashboards."""
        return ALLOWED if owner else OWNER_ONLY

    def page(self, notebook: str, query: Mapping[str, str], client: str, owner: bool) -> Verdict:
        """Whether ``client`` (the owner or not) may open ``notebook`` with ``query``."""
        if owner:
            return ALLOWED
        rule = _RULES.get(notebook)
        if rule is None:
            return OWNER_ONLY
        id_name, credential_names, who = rule
        given = [(name, query[name].strip()) for name in credential_names if query.get(name)]
        if not given or not query.get(id_name):
            if notebook in CODE_FORMS:
                return Verdict(401, "", form=CODE_FORMS[notebook])
            return Verdict(403, f"This page opens with the link given to {who}.")
        refused = self.refused_for_now(client)
        if refused is not None:
            return refused
        number = query[id_name].strip()
        if not number.isdigit() or len(number) > 12:
            self.guesses.wrong(client)
            return Verdict(403, f"“{number[:20]}” is not a number: check the link.")
        if any(self._check(notebook, name, int(number), value) for name, value in given):
            return ALLOWED
        self.guesses.wrong(client)
        return Verdict(
            403,
            f"This link or code does not open {who} ({id_name} {number}): it is wrong, or it "
            "was replaced. Ask for a new one.",
        )

    def _check(self, notebook: str, name: str, number: int, value: str) -> bool:
        if notebook == "seat.ipynb":
            return self.checks.seat(number, value)
        if notebook == "table.ipynb":
            return self.checks.table_host(number, value)
        if notebook == "student.ipynb":
            if name == "join":
                return self.checks.class_join(number, value)
            return self.checks.student(number, value)
        if notebook == "classroom.ipynb":
            return self.checks.class_host(number, value)
        return self.checks.reveal(number, value)
