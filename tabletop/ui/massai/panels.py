"""The texts around the Massai board, as HTML, and which buttons a stage shows.

Everything is computed from the controller, in its language; the view only puts the results in
its widgets (:meth:`~tabletop.ui.massai.view.MassaiView.render_panels`).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from tabletop.ui.massai.prompts import prompt_tells_report, store_text
from tabletop.ui.massai.scene import scene_for
from tabletop.ui.massai.screen_texts import screen_text
from tabletop.ui.massai.squares import shown_chain
from tabletop.ui.massai.stages import WAIT_STAGES, Stage
from tabletop.ui.massai.texts import player_label, t

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController

#: Notices shown big and green: a secret choice is locked in.
LOCKED_NOTICES = ("locked", "db_setup_locked", "db_attack_locked", "db_remote_attack")
#: The buttons' names (their CSS class is ``tt-massai-<name>``), in the order shown.
ACTION_BUTTONS = (
    "start",
    "confirm",
    "clear",
    "attack",
    "cancel",
    "continue",
    "undo",
    "redo",
    "undo-agree",
    "undo-keep",
)


def is_secret_wait(c: MassaiController) -> bool:
    """Whether the page asks a player to look away (the prompt is shown dark)."""
    return c.stage in WAIT_STAGES


def message_html(c: MassaiController) -> str:
    """The notice line (a locked-in choice big and green; a report the prompt says, not again)."""
    if prompt_tells_report(c):
        return ""
    notice = c.notice_text()
    if c.notice and c.notice[0] in LOCKED_NOTICES:
        return f'<div class="tt-massai-locked">{html.escape(notice)}</div>'
    return html.escape(notice)


def spoken_notice(c: MassaiController) -> str:
    """The notice as a screen reader hears it: "Choice locked ✓" names whose choice it was
    (the page shows it beside the prompt that names the next player; heard, it needs the name)."""
    if prompt_tells_report(c):
        return ""
    if c.notice and c.notice[0] == "locked":
        if c.stage == Stage.GUARDS_WAIT:
            return store_text("db_attack_locked", c.lang, player=c.state.to_move)
        if c.record.actions:
            return store_text("db_setup_locked", c.lang, player=c.record.actions[-1].player)
    return c.notice_text()


def status_html(c: MassaiController) -> str:
    """Whose turn it is, and each player's huts on the board and in supply."""
    lang, state = c.lang, c.state
    if state.phase == "setup":
        turn = t("status_setup", lang, player=player_label(state.to_move, lang))
    elif state.phase == "over":
        turn = t("status_over", lang)
    else:
        turn = t("status_turn", lang, player=player_label(state.to_move, lang))
    supplies = "".join(
        "<div>"
        + html.escape(
            t(
                "supply_line",
                lang,
                player=player_label(p, lang),
                board=len(state.huts[p]),
                supply=state.supply(p),
            )
        )
        + "</div>"
        for p in (0, 1)
    )
    return f"<h2>{html.escape(turn)}</h2>{supplies}"


def options_text(c: MassaiController) -> str:
    """The options of the game shown (adjacency, guard table), plain text."""
    options = c.state.options
    return t(
        "options_line",
        c.lang,
        adjacency=t(f"adjacency_{options.adjacency}", c.lang),
        table=", ".join(map(str, options.guard_table)),
    )


def legend_html(c: MassaiController) -> str:
    """What the marks on the board mean (the gold chain once a game is won by it, the dashed
    ring after a move)."""
    legend = t("legend", c.lang)
    if scene_for(c).moved is not None:
        legend += screen_text("legend_origin", c.lang)
    if shown_chain(c.state):
        legend += t("legend_chain", c.lang)
    return f"<small>{html.escape(legend)}</small>"


def history_html(c: MassaiController) -> str:
    """The numbered actions of the game (a still secret setup without its squares)."""
    lines = c.history_lines()
    if not lines:
        return html.escape(t("history_empty", c.lang))
    return (
        "<ol style='list-style:none;padding-left:0'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ol>"
    )


def shown_buttons(c: MassaiController) -> dict[str, bool]:
    """Which of :data:`ACTION_BUTTONS` the stage shows."""
    stage = c.stage
    if c.undo_question:
        # Only the answer: undo (both agree) or keep.
        return {name: name in ("undo-agree", "undo-keep") for name in ACTION_BUTTONS}
    resting = stage in (Stage.PLAY, Stage.OVER, Stage.SETUP_WAIT, Stage.REVEAL)
    return {
        "start": is_secret_wait(c),
        "confirm": stage in (Stage.SETUP_ENTRY, Stage.ATTACK_TARGET, Stage.GUARDS),
        "clear": stage in (Stage.SETUP_ENTRY, Stage.GUARDS) and bool(c.selection),
        "attack": stage == Stage.PLAY,
        # Not once the target is locked in: the defender may only clear their own guards.
        "cancel": stage in (Stage.ATTACK_WAIT, Stage.ATTACK_TARGET, Stage.SETUP_ENTRY)
        or (stage == Stage.PLAY and bool(c.selection)),
        "continue": stage == Stage.REVEAL,
        "undo": resting and bool(c.record.actions),
        "redo": resting and c.can_redo,
        "undo-agree": False,
        "undo-keep": False,
    }


def phones_html(c: MassaiController) -> str:
    """A "Play with phones" link to the shared screen's page for a game kept in the database
    (nothing when the game is kept nowhere or the table pages are not installed)."""
    if not c.kept or c.game_id is None:
        return ""
    try:
        from tabletop.ui.table.links import table_page_link
    except ImportError:
        return ""
    href = html.escape(table_page_link(c.game_id), quote=True)
    words = html.escape(screen_text("play_with_phones", c.lang))
    return f'<a class="tt-massai-phones-link" href="{href}" target="_blank">{words}</a>'
