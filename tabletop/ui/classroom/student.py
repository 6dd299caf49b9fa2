"""The student's page of a class game (``notebooks/student.ipynb``), phone first.

Opened from the class's link or QR code (``?class=ID&join=TOKEN``) or with the class number and
the typed code; the student picks a nickname and gets a personal link (``?class=ID&student=T``):
reloading it comes back to the same seat. Each round: the situation drawn as in the game, one
big button per choice (a tap chooses; another tap changes the choice until the round closes),
then the outcome, the payoff and the running total (a partner that was a stored choice of an
earlier class says so). The teacher's message to the room shows at the top, in a live region
(:mod:`~tabletop.ui.classroom.room_message`). The page asks only for its own student's view
(:meth:`Classes.student_view`): no other student's choice reaches it.
"""

from __future__ import annotations

import atexit
import logging
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.classroom.games import preset
from tabletop.classroom.ledger import MAX_NICKNAME, ClassError
from tabletop.store import Store, StoreError
from tabletop.store.classroom import Classes
from tabletop.ui.classroom.common import CLASS_CSS, action_label, page_request, situation_html
from tabletop.ui.classroom.room_message import RoomMessage
from tabletop.ui.seat.common import refusal, tr
from tabletop.ui.shell.bounded import CODE_LIMIT, bounded
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.style import style_widget

__all__ = ["StudentPage", "student_page"]

_log = logging.getLogger("tabletop.ui.classroom")
#: Seconds between two looks at the round (a tap is answered at once; this shows the others').
POLL_SECONDS = 1.5


class StudentPage(widgets.VBox):
    """One student's phone: join, then play round after round."""

    def __init__(
        self,
        classes: Classes | None,
        class_id: int | None,
        lang: str = "en",
        join: str | None = None,
        token: str | None = None,
        store_error: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("tt-class-page")
        self.add_class("tt-student-page")
        self.classes = classes
        self.class_id = class_id
        self.lang = lang
        self.t = tr(lang)
        self.join_credential = join
        self.token = token
        self.view: dict[str, Any] | None = None
        self.message = widgets.HTML()
        self.message.add_class("tt-student-message")
        self.body = widgets.VBox()
        # Made once and kept: a live region that is replaced is not read aloud.
        self.room = RoomMessage(self.t.gettext("Message from the teacher"))
        # The page's pulse comes from the browser (a Play widget ticking there), not from a
        # timer in the kernel: a closed page stops ticking, so the student is no longer "seen"
        # even if Voilà keeps the kernel for a while.
        self.beat = widgets.Play(
            interval=int(POLL_SECONDS * 1000),
            min=0,
            max=10**9,
            repeat=True,
            show_repeat=False,
            layout=widgets.Layout(display="none"),
        )
        self.beat.add_class("tt-beat")
        self.beat.observe(lambda _change: self.refresh(), names="value")
        self.children = (
            self.beat,
            style_widget(),
            widgets.HTML(f"<style>{CLASS_CSS}</style>"),
            self.room,
            self.body,
            self.message,
        )
        _ = self.t.gettext
        if classes is None:
            self._refuse(store_error or _("The class games cannot be opened here."))
        elif class_id is not None and class_id < 0:
            self._refuse(_("This link names no class game: open the whole link again."))
        elif token and class_id is None:
            self._refuse(_("This link is incomplete: open the whole link again."))
        elif token:
            self._follow()
        else:
            self._join_form()

    # ----------------------------------------------------------------- joining
    def _join_form(self) -> None:
        _ = self.t.gettext
        self.class_field = widgets.IntText(
            value=self.class_id or 0, description=_("Class"), layout=widgets.Layout(width="220px")
        )
        self.code_field = widgets.Text(placeholder=_("code, e.g. K7QX2P"), description=_("Code"))
        self.nickname = widgets.Text(placeholder=_("your nickname"), description=_("Nickname"))
        self.nickname.add_class("tt-nickname")
        self.code_bound = bounded(self.code_field, CODE_LIMIT, self.lang)
        self.nickname_bound = bounded(self.nickname, MAX_NICKNAME, self.lang)
        self.join_button = widgets.Button(description=_("Join the class"), button_style="primary")
        self.join_button.add_class("tt-join")
        self.join_button.on_click(lambda _b: self.join())
        title = _("Join the class game")
        fields: list[widgets.Widget] = [widgets.HTML(f"<h2>{esc(title)}</h2>")]
        if not self.join_credential:
            fields += [self.class_field, self.code_bound.box]
        fields += [
            self.nickname_bound.box,
            widgets.HTML(
                "<p>" + esc(_("Only your nickname is kept, and only for this class game.")) + "</p>"
            ),
            self.join_button,
        ]
        self.body.children = tuple(fields)

    def join(self) -> None:
        _ = self.t.gettext
        assert self.classes is not None
        class_id = self.class_id if self.join_credential else int(self.class_field.value or 0)
        credential = self.join_credential or self.code_field.value
        try:
            joined = self.classes.join(int(class_id or 0), credential, self.nickname.value)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
            return
        except Exception:
            _log.exception("joining a class failed")
            self.say(_("Joining failed: try again."), "error")
            return
        self.class_id, self.token = joined.class_id, joined.token
        self.say("")
        self._follow()

    def _follow(self) -> None:
        self.refresh()
        self.beat.playing = True
        # When the page closes, Voilà shuts its kernel down: say so, so the teacher does not
        # wait for this student (a reload opens a new page, seen again at once).
        atexit.register(self._left)

    def _left(self) -> None:
        if self.classes is not None and self.class_id is not None and self.token:
            try:
                self.classes.leave(self.class_id, self.token)
            except Exception:  # the kernel is stopping: nothing to tell anybody
                pass

    def personal_link(self) -> str:
        """This student's own address: reloading it comes back to the same seat."""
        query = {"class": self.class_id, "student": self.token}
        if self.lang != "en":
            query["lang"] = self.lang
        return "student.ipynb?" + urlencode(query)

    # ----------------------------------------------------------------- playing
    def refresh(self) -> None:
        """Ask for this student's view and redraw when it changed."""
        if self.classes is None or self.token is None or self.class_id is None:
            return
        try:
            view = self.classes.student_view(self.class_id, self.token)
        except ClassError as error:
            self.beat.playing = False
            self._refuse(str(error))
            return
        except StoreError as error:
            self.say(str(error), "error")  # the database is away: try again at the next tick
            return
        self.room.show(view.get("message"))
        if view != self.view:
            old = self.view
            self.view = view
            # A new message alone changes the banner, not the buttons under the thumb.
            if old is None or {**old, "message": None} != {**view, "message": None}:
                self._draw(view)

    def _draw(self, view: dict[str, Any]) -> None:
        _ = self.t.gettext
        game = preset(view["preset"])
        header = widgets.HTML(
            f"<h2>{esc(view['nickname'])}</h2><p class='tt-big'>"
            + esc(
                _("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
                if view["round"]
                else _("The class game starts soon.")
            )
            + " · "
            + esc(_("Your total:"))
            + f" <b class='tt-total'>{view['total']:g}</b></p>"
        )
        keep = widgets.HTML(
            '<p class="tt-link">'
            + esc(_("Your place (a reload comes back here):"))
            + f' <a class="tt-personal-link" href="{esc(self.personal_link())}">'
            + esc(_("my page"))
            + "</a></p>"
        )
        parts: list[widgets.Widget] = [header]
        last = view["last"]
        if last is not None:
            parts.append(self._result(last))
        status = view["status"]
        if status in ("choose", "submitted"):
            parts.append(widgets.HTML(situation_html(game, view["role"], self.t)))
            parts.append(
                widgets.HTML(
                    "<p class='tt-big'>" + esc(_("You play {role}.", role=view["role"])) + "</p>"
                )
            )
            parts += self._buttons(view)
        elif status == "waiting":
            words = (
                _("You play from the next round: wait for the teacher.")
                if view["round"]
                else _("You are in. Wait for the teacher to start the first round.")
            )
            parts.append(widgets.HTML(f"<p class='tt-warn tt-status'>{esc(words)}</p>"))
        elif status == "computer":
            parts.append(
                widgets.HTML(
                    "<p class='tt-warn tt-status'>"
                    + esc(_("The computer plays your seat this round; you play from the next."))
                    + "</p>"
                )
            )
        elif status == "finished":
            parts.append(
                widgets.HTML(
                    "<p class='tt-result tt-status'>"
                    + esc(
                        _(
                            "The class game is over. Your total: {total}.",
                            total=format(view["total"], "g"),
                        )
                    )
                    + "</p>"
                )
            )
        parts.append(keep)
        self.body.children = tuple(parts)

    def _buttons(self, view: dict[str, Any]) -> list[widgets.Widget]:
        _ = self.t.gettext
        chosen = view["choice"]
        buttons = []
        for action in view["actions"]:
            button = widgets.Button(
                description=action_label(action, self.t),
                button_style="success" if action == chosen else "",
                icon="check" if action == chosen else "",
                layout=widgets.Layout(width="100%", max_width="480px", height="auto"),
            )
            button.add_class("tt-choice")
            button.on_click(lambda _b, a=action: self.choose(a))
            buttons.append(button)
        state = (
            _(
                "Your choice: {action}. You may change it until the round closes.",
                action=action_label(chosen, self.t),
            )
            if chosen
            else _("Tap your choice.")
        )
        return [widgets.HTML(f"<p class='tt-big tt-status'>{esc(state)}</p>"), *buttons]

    def _result(self, last: dict[str, Any]) -> widgets.HTML:
        _ = self.t.gettext
        partners = ", ".join(self._partner(n, k) for n, k in _partners(last)) or "—"
        who = _(" (chosen by the computer)") if last["by_computer"] else ""
        text = _(
            "Round {round}: you played {action}{who} against {partners}; you earned {payoff}.",
            round=last["round"],
            action=action_label(last["action"], self.t),
            who=who,
            partners=partners,
            payoff=format(last["payoff"], "g"),
        )
        return widgets.HTML(f"<p class='tt-result tt-last'>{esc(text)}</p>")

    def _partner(self, name: str, kind: str) -> str:
        """A partner as the student reads it: a stored choice names its class and round."""
        if kind.startswith("stored:"):
            _, class_id, number = kind.split(":")
            return self.t.gettext(
                "a stored choice from class {class_id}, round {round}",
                class_id=class_id,
                round=number,
            )
        if kind == "computer" and name == "computer":
            return self.t.gettext("the computer")
        return name

    def choose(self, action: str) -> None:
        if self.classes is None or self.token is None or self.class_id is None:
            return
        try:
            self.classes.submit(self.class_id, self.token, action)
        except (ClassError, StoreError) as error:
            self.say(str(error), "error")
        except Exception:
            _log.exception("a choice could not be sent")
            self.say(self.t.gettext("Your choice could not be sent: tap it again."), "error")
        else:
            self.say("")
        self.refresh()

    # ----------------------------------------------------------------- words
    def say(self, text: str, kind: str = "ok") -> None:
        self.message.value = f'<p class="tt-msg-{kind} tt-big">{esc(text)}</p>' if text else ""

    def _refuse(self, text: str) -> None:
        self.body.children = (refusal(text),)

    def close(self) -> None:
        self.beat.playing = False
        super().close()


def _partners(last: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, kind) of each partner (results kept before kinds were recorded: students)."""
    kinds = list(last.get("partner_kinds") or [])
    names = list(last["partners"])
    kinds += ["student"] * (len(names) - len(kinds))
    return list(zip(names, kinds, strict=True))


def student_page(query: dict[str, str] | None = None, store: Store | None = None) -> StudentPage:
    """The student page for the request's query string (``class``, ``join`` or ``student``,
    ``lang``)."""
    request = page_request(query, store)
    return StudentPage(
        request.classes,
        request.class_id,
        lang=request.lang,
        join=request.query.get("join") or None,
        token=request.query.get("student") or None,
        store_error=request.store_error,
    )
