"""The Massai page's words for where the game stands: the stage's instruction, the history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.massai.actions import Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.state import State
from tabletop.i18n import available_languages
from tabletop.i18n.keys import MASSAI_STORE, text
from tabletop.ui.massai.report_text import describe
from tabletop.ui.massai.screen_texts import screen_text
from tabletop.ui.massai.stages import Stage
from tabletop.ui.massai.texts import player_label, t

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


def stage_prompt(ctl: MassaiController) -> str:
    """The big instruction line for the current stage, in the page language."""
    lang, state, stage = ctl.lang, ctl.state, ctl.stage
    if ctl.undo_question:
        return ctl.notice_text()  # the question both players answer
    name = player_label(ctl.chooser, lang)
    opponent = player_label(other(ctl.chooser), lang)
    if stage == Stage.SETUP_WAIT:
        return t("prompt_setup_wait", lang, player=name, other=opponent)
    if stage == Stage.SETUP_ENTRY:
        rows = state.board.half_rows(state.to_move)
        return t(
            "prompt_setup_entry",
            lang,
            player=name,
            first=rows[0],
            last=rows[-1],
            count=len(ctl.selection),
        )
    if stage == Stage.PLAY:
        if state.supply(state.to_move) > 0:
            return t("prompt_build", lang, player=name)
        if ctl.selection:
            return t("prompt_move_to", lang, player=name, origin=ctl.selection[0])
        return t("prompt_move_from", lang, player=name)
    if stage == Stage.ATTACK_WAIT:
        return t("prompt_attack_wait", lang, player=name, other=opponent)
    if stage == Stage.ATTACK_TARGET:
        chosen = ctl.selection[0] if ctl.selection else "—"
        if ctl.open_attack():
            points = ctl.attack_numbers()[0]
            return screen_text(
                "prompt_attack_open", lang, player=name, points=points, chosen=chosen
            )
        return t("prompt_attack_target", lang, player=name, other=opponent, chosen=chosen)
    if stage == Stage.GUARDS_WAIT:
        return t("prompt_guards_wait", lang, player=name, attacker=opponent)
    if stage == Stage.GUARDS:
        points, allowed = ctl.attack_numbers()
        return t(
            "prompt_guards",
            lang,
            player=name,
            points=points,
            allowed=allowed,
            count=len(ctl.selection),
        )
    if stage == Stage.REVEAL:
        # What happened, at the top of the page: the result must not fall below the fold.
        said = describe(ctl.last_report, lang) if ctl.last_report is not None else ""
        if state.phase == "over":
            return f"{_won(state, lang)} {said}".strip()
        return f"{said} {t('prompt_reveal', lang)}".strip()
    return _won(state, lang)


def _won(state: State, lang: str) -> str:
    winner = state.winner if state.winner is not None else 0
    return t(
        "prompt_over",
        lang,
        player=player_label(winner, lang),
        how=t(f"how_{state.win_reason}", lang),
    )


def prompt_tells_report(ctl: MassaiController) -> bool:
    """Whether the prompt already says the notice (the report of a reveal, an undo question):
    said once."""
    if ctl.undo_question:
        return True
    return ctl.stage == Stage.REVEAL and bool(ctl.notice) and ctl.notice[0] == "report"


def history_lines(record: GameRecord, state: State, lang: str) -> list[str]:
    """One line per action, a still secret setup shown without its squares."""
    lines = []
    pending = state.pending_setup is not None
    for number, action in enumerate(record.actions, start=1):
        name = player_label(action.player, lang)
        if isinstance(action, Setup) and pending and number == len(record.actions):
            text = t("secret_setup", lang)
        else:
            text = format_action(action, lang)
        lines.append(f"{number}. " + t("player_action", lang, player=name, action=text))
    return lines


# --- the page's words about the games database ---------------------------------------------
# Placeholders use str.format names; ``player`` is a player number (0 or 1), named in the page
# language when the text is shown. The texts are the ``massai_store`` catalog table.


def is_store_text(key: str) -> bool:
    """Whether ``key`` is one of the database texts of this module."""
    return key in MASSAI_STORE


def store_text_keys() -> tuple[str, ...]:
    """Every database text key (for tests and translators)."""
    return tuple(MASSAI_STORE)


def store_text(key: str, lang: str = "en", **values: Any) -> str:
    """The database text ``key`` in ``lang`` (English when the language is not there).

    An ``int`` ``player`` value is named in ``lang`` (``Player 1 (light)``); a ``reason`` or
    ``what`` value that is itself a key of these texts is put in ``lang`` as well.

    >>> store_text("redo", "de")
    '↷ Wiederherstellen'
    >>> store_text("db_attack_locked", "en", player=0)
    "Player 1 (light)'s attack target is locked in ✓ (hidden until the guards are chosen)."
    """
    if lang not in available_languages():
        lang = "en"
    filled = dict(values)
    if isinstance(filled.get("player"), int):
        filled["player"] = player_label(filled["player"], lang)
    for name in ("reason", "what"):
        value = filled.get(name)
        if isinstance(value, str) and value in MASSAI_STORE:
            filled[name] = store_text(value, lang)
    return text("massai_store", key, lang, **filled)
