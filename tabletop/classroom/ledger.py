"""The bookkeeping of a class game: students, rounds, submissions, stand-ins, payoffs, export.

:class:`ClassLedger` is plain data with rules, kept whole as JSON (:meth:`ClassLedger.to_json`),
so a database row can hold it and every change is one transaction on that row. It decides:

* a student joins with a nickname (the only thing stored about them) and gets an id; a reload
  comes back with that id to the same seat; a student who joins during a round waits for the next;
* a round opens with groups drawn by :mod:`.matching`; a seat without a student is played by the
  computer from the first moment, and the seat of a student who leaves during a round is played by
  the computer from then on (labelled as such in the results and the export);
* a student may change their choice until the round closes; closing fills every missing choice
  with the computer player's draw from the prediction's mix, then pays every seat;
* a seat nobody sits in may instead take a stored choice of an earlier class of the same game
  (the teacher names those classes: :attr:`ClassLedger.partners_from`), drawn from the class's
  seed and the round; a stored choice is never counted among this class's choices;
* stand-in students (:mod:`.standins`, for a rehearsal) sit like students and choose by their
  strategy when a round opens; they are marked in the results and left out of the export
  unless asked for.

>>> ledger = ClassLedger.new("africa-two-full", rounds=2, seed=7)
>>> ana, ben = ledger.join("Ana"), ledger.join("Ben")
>>> _ = ledger.open_round()
>>> ledger.submit(ana, "war"); ledger.submit(ben, "alliance")
>>> [(r.nickname, r.action, r.payoff) for r in ledger.close_round()]
[('Ana', 'war', 3.0), ('Ben', 'alliance', 0.0)]
"""

from __future__ import annotations

import csv
import io
import random
import unicodedata
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tabletop.classroom.games import ClassGameError, StageGame, preset
from tabletop.classroom.matching import Group, Matching, draw_groups, next_groups
from tabletop.classroom.standins import Standin, Strategy, standin_choice

#: Longest nickname (characters), so a list of 40 stays readable on a projector.
MAX_NICKNAME = 24
#: Longest message from the teacher to every phone (characters): a line or two on a phone.
MAX_MESSAGE = 280
FORMAT = "tabletop.classroom"
#: Columns of the CSV export, one row per seat and round.
CSV_COLUMNS = (
    "round",
    "group",
    "role",
    "student",
    "nickname",
    "by_computer",
    "action",
    "payoff",
    "partners",
    "standin",
    "stored_class",
    "stored_round",
)
#: What a partner was, in :attr:`Outcome.partner_kinds` (a stored one is ``stored:CLASS:ROUND``).
STUDENT, STANDIN, COMPUTER, STORED = "student", "standin", "computer", "stored"


class ClassError(ValueError):
    """A request the class game refuses (one line, for the page or the command line)."""


@dataclass(frozen=True)
class Outcome:
    """One seat's result in a closed round."""

    round: int
    group: int
    role: str
    student: str | None
    nickname: str
    by_computer: bool
    action: str
    payoff: float
    partners: tuple[str, ...]
    #: The seat was a stand-in student's (a rehearsal).
    standin: bool = False
    #: The seat took a stored choice of this earlier class and round (``by_computer`` too: it
    #: is not a choice of this class).
    stored_class: int | None = None
    stored_round: int | None = None
    #: What each partner was (same order as ``partners``): :data:`STUDENT`, :data:`STANDIN`,
    #: :data:`COMPUTER`, or ``stored:CLASS:ROUND``.
    partner_kinds: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """What this seat was, as :attr:`partner_kinds` names it."""
        if self.stored_class is not None:
            return f"{STORED}:{self.stored_class}:{self.stored_round}"
        if self.by_computer:
            return COMPUTER
        return STANDIN if self.standin else STUDENT


@dataclass(frozen=True)
class StoredChoice:
    """A choice a student of an earlier class made on a side, kept in that class's results."""

    class_id: int
    round: int
    role: str
    action: str


@dataclass
class RoundRecord:
    number: int
    groups: list[Group]
    #: student id -> chosen action (what the student submitted, last one wins)
    choices: dict[str, str] = field(default_factory=dict)
    #: students who left during this round: the computer plays their seat
    left: list[str] = field(default_factory=list)
    closed: bool = False
    outcomes: list[Outcome] = field(default_factory=list)


class ClassLedger:
    """Everything a class game knows; see the module's description for the rules it keeps."""

    def __init__(
        self,
        preset_key: str,
        rounds: int,
        matching: Matching = Matching.RANDOM,
        seed: int | None = None,
    ) -> None:
        if not 1 <= rounds <= 100:
            raise ClassError(f"a class game has 1 to 100 rounds, not {rounds}")
        self.preset_key = preset_key
        self.game: StageGame = preset(preset_key)
        self.rounds = rounds
        self.matching = Matching(matching)
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        #: student id -> nickname, in joining order
        self.students: dict[str, str] = {}
        self.present: set[str] = set()
        self.history: list[RoundRecord] = []
        #: Earlier class games of the same game whose stored choices fill the empty seats.
        self.partners_from: list[int] = []
        #: student id -> the stand-in's strategy and seed (a stand-in is a student too)
        self.standins: dict[str, Standin] = {}

    @classmethod
    def new(
        cls,
        preset_key: str,
        rounds: int,
        matching: Matching | str = Matching.RANDOM,
        seed: int | None = None,
        partners_from: Sequence[int] = (),
    ) -> ClassLedger:
        try:
            how = Matching(matching)
        except ValueError:
            raise ClassError(f"unknown matching {matching!r}: choose random or fixed") from None
        try:
            ledger = cls(preset_key, rounds, how, seed)
        except ClassGameError as error:
            raise ClassError(str(error)) from None
        ledger.partners_from = sorted({int(c) for c in partners_from})
        return ledger

    # -- students ------------------------------------------------------------------------------

    def join(self, nickname: str, sid: str | None = None) -> str:
        """A new student; returns their id (``sid`` when the caller numbers students itself)."""
        name = clean_nickname(nickname)
        if any(n.casefold() == name.casefold() for n in self.students.values()):
            raise ClassError(f"the nickname {name!r} is taken: choose another")
        sid = uuid.uuid4().hex if sid is None else sid
        if sid in self.students:
            raise ClassError(f"student {sid!r} has joined already")
        self.students[sid] = name
        self.present.add(sid)
        return sid

    def add_standin(self, nickname: str, strategy: Strategy | str, seed: int, sid: str) -> str:
        """A stand-in student (a rehearsal): joins as ``nickname`` and plays ``strategy``."""
        how = check_strategy(strategy)
        sid = self.join(nickname, sid)
        self.standins[sid] = Standin(how, int(seed))
        return sid

    def rejoin(self, sid: str) -> str:
        """A student coming back (a reload, or after leaving): their nickname."""
        if sid not in self.students:
            raise ClassError("this class game does not know you: join again with a nickname")
        self.present.add(sid)
        return self.students[sid]

    def leave(self, sid: str) -> None:
        """A student gone: the computer plays their seat for the rest of the round."""
        self._known(sid)
        self.present.discard(sid)
        current = self.current
        if current and not current.closed and self.seat_of(sid) and sid not in current.left:
            current.left.append(sid)

    def _known(self, sid: str) -> None:
        if sid not in self.students:
            raise ClassError("unknown student")

    # -- rounds ----------------------------------------------------------------------------------

    @property
    def current(self) -> RoundRecord | None:
        return self.history[-1] if self.history else None

    @property
    def finished(self) -> bool:
        return len(self.history) == self.rounds and bool(self.history[-1].closed)

    def open_round(self) -> RoundRecord:
        """The next round, with groups over the students present now."""
        current = self.current
        if current is not None and not current.closed:
            raise ClassError(f"round {current.number} is still open: close it first")
        if len(self.history) >= self.rounds:
            raise ClassError(f"the class game is over after its {self.rounds} rounds")
        students = [s for s in self.students if s in self.present]
        if not students:
            raise ClassError("nobody has joined yet")
        rng = self._rng("groups")
        size = self.game.group_size
        if self.matching is Matching.FIXED and current is not None:
            groups = next_groups(current.groups, students, size, rng)
        else:
            groups = draw_groups(students, size, rng)
        record = RoundRecord(len(self.history) + 1, groups)
        self.history.append(record)
        # The stand-ins choose at once, seeing only the rounds closed before this one.
        last = self.frequencies(current.number) if current is not None else []
        for group in groups:
            for role, sid in enumerate(group):
                if sid is not None and sid in self.standins:
                    standin = self.standins[sid]
                    rng = standin.rng(sid, record.number)
                    record.choices[sid] = standin_choice(
                        self.game, role, standin.strategy, rng, last
                    )
        return record

    def frequencies(self, number: int) -> list[dict[str, float]]:
        """Per side, the share of each action among the class's own choices in round
        ``number`` (what a best-responding stand-in answers)."""
        return [self.shares(number, role) for role in range(self.game.group_size)]

    def seat_of(self, sid: str) -> tuple[int, int] | None:
        """(group, role) of a student in the open round; None when they wait for the next."""
        current = self.current
        if current is None or current.closed:
            return None
        for g, group in enumerate(current.groups):
            if sid in group:
                return g, group.index(sid)
        return None

    def submit(self, sid: str, action: str) -> None:
        """A student's choice for the open round (they may change it until it closes)."""
        self._known(sid)
        current = self.current
        if current is None or current.closed:
            raise ClassError("no round is open: wait for the teacher's next round")
        seat = self.seat_of(sid)
        if seat is None:
            raise ClassError("you joined during this round: you play from the next one")
        if sid in current.left:
            raise ClassError("the computer plays your seat this round: you play from the next one")
        try:
            self.game.index(seat[1], action)
        except ClassGameError as error:
            raise ClassError(str(error)) from None
        current.choices[sid] = action

    def waiting_for(self) -> list[str]:
        """Students of the open round whose choice is still missing."""
        current = self.current
        if current is None or current.closed:
            return []
        return [
            s
            for group in current.groups
            for s in group
            if s is not None and s not in current.choices and s not in current.left
        ]

    def close_round(self, stored: Sequence[StoredChoice] = ()) -> list[Outcome]:
        """Close the open round: computers choose for every missing seat, every seat is paid.

        ``stored``: the choices of the earlier classes of :attr:`partners_from`; an empty seat
        (nobody in it) takes one of its side's, drawn from the class's seed and the round."""
        current = self.current
        if current is None or current.closed:
            raise ClassError("no round is open")
        rng = self._rng("computer", current.number)
        pick = self._rng("stored", current.number)
        pool: dict[str, list[StoredChoice]] = {}
        for choice in sorted(stored, key=lambda c: (c.class_id, c.round, c.role, c.action)):
            if choice.class_id in self.partners_from:
                pool.setdefault(choice.role, []).append(choice)
        mix = self.game.prediction.mix
        outcomes: list[Outcome] = []
        for g, group in enumerate(current.groups):
            profile: list[str] = []
            computer: list[bool] = []
            taken: list[StoredChoice | None] = []
            for role, sid in enumerate(group):
                human = sid is not None and sid not in current.left and sid in current.choices
                found = None
                if human and sid is not None:
                    profile.append(current.choices[sid])
                elif sid is None and pool.get(self.game.roles[role]):
                    found = pick.choice(pool[self.game.roles[role]])
                    profile.append(found.action)
                else:
                    actions, weights = zip(*mix[role].items(), strict=True)
                    profile.append(rng.choices(actions, weights)[0])
                computer.append(not human)
                taken.append(found)
            payoffs = self.game.payoff(profile)
            seats = [
                Outcome(
                    current.number,
                    g + 1,
                    self.game.roles[role],
                    sid,
                    self._label(sid, computer[role], kept),
                    computer[role],
                    profile[role],
                    payoffs[role],
                    (),
                    standin=sid is not None and sid in self.standins,
                    stored_class=None if kept is None else kept.class_id,
                    stored_round=None if kept is None else kept.round,
                )
                for role, (sid, kept) in enumerate(zip(group, taken, strict=True))
            ]
            for role, seat in enumerate(seats):
                others = [s for k, s in enumerate(seats) if k != role]
                outcomes.append(
                    replace(
                        seat,
                        partners=tuple(o.nickname for o in others),
                        partner_kinds=tuple(o.kind for o in others),
                    )
                )
        current.outcomes = outcomes
        current.closed = True
        return outcomes

    def _label(self, sid: str | None, by_computer: bool, stored: StoredChoice | None) -> str:
        if stored is not None:
            return f"stored choice (class {stored.class_id}, round {stored.round})"
        if sid is None:
            return "computer"
        name = self.students[sid]
        return f"{name} (computer)" if by_computer else name

    def _rng(self, purpose: str, number: int | None = None) -> random.Random:
        # One stream per purpose and round: replaying a saved ledger draws the same again.
        n = len(self.history) if number is None else number
        return random.Random(f"{self.seed}:{purpose}:{n}")

    # -- results -------------------------------------------------------------------------------

    def outcomes(self) -> Iterator[Outcome]:
        for record in self.history:
            yield from record.outcomes

    def totals(self) -> dict[str, float]:
        """Each student's running total (their own seats only, computer stand-ins included)."""
        total = dict.fromkeys(self.students, 0.0)
        for outcome in self.outcomes():
            if outcome.student is not None:
                total[outcome.student] += outcome.payoff
        return total

    def shares(self, number: int, role: int | None = None) -> dict[str, float]:
        """Share of each action among the students' own choices in a closed round."""
        record = self.history[number - 1]
        roles = range(self.game.group_size) if role is None else [role]
        counts: dict[str, int] = {}
        for r in roles:
            for action in self.game.actions[r]:
                counts.setdefault(action, 0)
        for outcome in record.outcomes:
            if not outcome.by_computer and (role is None or outcome.role == self.game.roles[role]):
                counts[outcome.action] = counts.get(outcome.action, 0) + 1
        total = sum(counts.values())
        return {a: (c / total if total else 0.0) for a, c in counts.items()}

    def stored_choices(self, class_id: int) -> list[StoredChoice]:
        """What this class (number ``class_id``) leaves to later classes as partners: its
        students' own choices in closed rounds, never the computer's, a stand-in's or a stored
        one."""
        return [
            StoredChoice(class_id, o.round, o.role, o.action)
            for o in self.outcomes()
            if o.student is not None and not o.by_computer and not o.standin
        ]

    def csv_text(self, include_standins: bool = False) -> str:
        """Every seat of every closed round, one row each (for a spreadsheet or pandas); the
        stand-ins' seats only when ``include_standins`` (a rehearsal is not data)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for o in self.outcomes():
            if o.standin and not include_standins:
                continue
            writer.writerow(
                [
                    o.round,
                    o.group,
                    o.role,
                    o.student or "",
                    o.nickname,
                    int(o.by_computer),
                    o.action,
                    f"{o.payoff:g}",
                    "; ".join(o.partners),
                    int(o.standin),
                    "" if o.stored_class is None else o.stored_class,
                    "" if o.stored_round is None else o.stored_round,
                ]
            )
        return out.getvalue()

    # -- persistence ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "preset": self.preset_key,
            "rounds": self.rounds,
            "matching": str(self.matching),
            "seed": self.seed,
            "partners_from": list(self.partners_from),
            "standins": {
                sid: {"strategy": str(s.strategy), "seed": s.seed}
                for sid, s in self.standins.items()
            },
            "students": dict(self.students),
            "present": sorted(self.present),
            "history": [
                {
                    "number": r.number,
                    "groups": [list(g) for g in r.groups],
                    "choices": dict(r.choices),
                    "left": list(r.left),
                    "closed": r.closed,
                    "outcomes": [
                        {
                            **asdict(o),
                            "partners": list(o.partners),
                            "partner_kinds": list(o.partner_kinds),
                        }
                        for o in r.outcomes
                    ],
                }
                for r in self.history
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClassLedger:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ClassError("this is not a saved class game")
        try:
            ledger = cls.new(
                data["preset"],
                int(data["rounds"]),
                data["matching"],
                data["seed"],
                data.get("partners_from", ()),
            )
            ledger.standins = {
                str(sid): Standin(check_strategy(s["strategy"]), int(s["seed"]))
                for sid, s in data.get("standins", {}).items()
            }
            ledger.students = {str(k): str(v) for k, v in data["students"].items()}
            ledger.present = set(data["present"]) & set(ledger.students)
            for r in data["history"]:
                record = RoundRecord(
                    int(r["number"]),
                    [tuple(g) for g in r["groups"]],
                    dict(r["choices"]),
                    list(r["left"]),
                    bool(r["closed"]),
                    [
                        Outcome(
                            **{
                                **o,
                                "partners": tuple(o["partners"]),
                                "partner_kinds": tuple(o.get("partner_kinds", ())),
                            }
                        )
                        for o in r["outcomes"]
                    ],
                )
                ledger.history.append(record)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ClassError(f"this saved class game is damaged ({error})") from None
        return ledger


def check_strategy(text: str) -> Strategy:
    """A stand-in strategy by its name (one line naming the three otherwise)."""
    try:
        return Strategy(str(text).strip().lower())
    except ValueError:
        known = ", ".join(str(s) for s in Strategy)
        raise ClassError(f"unknown stand-in strategy {text!r}: choose {known}") from None


def clean_nickname(text: str) -> str:
    """A nickname as shown: trimmed, inner spaces collapsed, printable, 1 to 24 characters."""
    name = " ".join(unicodedata.normalize("NFC", str(text)).split())
    if not name:
        raise ClassError("choose a nickname")
    if len(name) > MAX_NICKNAME:
        raise ClassError(f"a nickname has at most {MAX_NICKNAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ClassError("a nickname holds letters, digits, spaces and punctuation only")
    return name


def clean_message(text: str) -> str:
    r"""A teacher's message as every phone shows it: plain text, trimmed, at most
    :data:`MAX_MESSAGE` characters; line breaks kept (two at most in a row), other control
    characters refused.

    >>> clean_message("  Last round!\r\n\n\n\nThen we talk.  ")
    'Last round!\n\nThen we talk.'
    """
    plain = unicodedata.normalize("NFC", str(text)).replace("\r\n", "\n").replace("\r", "\n")
    kept = "\n".join(" ".join(line.split()) for line in plain.split("\n")).strip()
    while "\n\n\n" in kept:
        kept = kept.replace("\n\n\n", "\n\n")
    if not kept:
        raise ClassError("write a message first")
    if len(kept) > MAX_MESSAGE:
        raise ClassError(f"a message has at most {MAX_MESSAGE} characters, not {len(kept)}")
    if any(unicodedata.category(ch).startswith("C") for ch in kept if ch != "\n"):
        raise ClassError("a message is plain text: letters, digits, spaces and punctuation")
    return kept
