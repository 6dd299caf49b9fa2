"""The reveal's steps (pure data) and the page's controls, without a browser."""

from __future__ import annotations

import threading

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.ui.reveal import reveal_app, reveal_view
from tabletop.ui.reveal.steps import StepKind, game_steps, round_steps


def test_steps_follow_the_report_of_the_round() -> None:
    game = example_game()
    steps = round_steps(game)
    report = game.history[-1].report
    assert report is not None
    kinds = [s.kind for s in steps]
    # The table's order: title, placements power by power, pins, every colony, every conflict,
    # void orders, scores (tests/ui/reveal/test_steps.py: exactly the table instructions').
    order = [
        StepKind.TITLE,
        StepKind.PLACEMENTS,
        StepKind.PINS,
        StepKind.COLONY,
        StepKind.CONFLICT,
        StepKind.VOID,
        StepKind.SCORES,
    ]
    assert kinds == sorted(kinds, key=order.index)
    assert kinds[0] == StepKind.TITLE and kinds[-1] == StepKind.SCORES
    colonies = [s.marks.highlight for s in steps if s.kind == StepKind.COLONY]
    assert colonies == [(c["territory"],) for c in report["colonies"]]
    removed = {(r["power"], r["territory"]) for r in report["removals"]}
    conflict_steps = [s for s in steps if s.kind == StepKind.CONFLICT]
    assert set(steps[-2].marks.removed) == removed  # every removal is crossed out by the end
    for territory in {t for _, t in removed}:
        assert any(s.marks.highlight == (territory,) for s in conflict_steps)
    placed = {(n["power"], n["territory"]) for n in report["new_presences"]}
    shown = {
        (s.title.split(" places ")[0], t)
        for s in steps
        if s.kind == StepKind.PLACEMENTS
        for t in s.marks.highlight
    }
    assert shown == placed
    assert steps[-1].marks.presences == game.state.presences


def test_a_conflict_says_who_stays_and_who_is_removed() -> None:
    game = Game.new(["France", "Great Britain", "Germany"])
    text = "[France]\nAlgeria: explore Libya\n[Great Britain]\nEgypt: explore Libya\nwar: France"
    game.apply(game.read_sheets(text), text)
    conflict = next(s for s in round_steps(game) if s.kind == StepKind.CONFLICT)
    assert conflict.title == "Conflict in Libya: France and Great Britain"
    assert conflict.lines[0].startswith("France is removed: France allied with Great Britain")
    assert conflict.lines[1] == "Great Britain stays (war from: —; alliance from: France)"
    assert conflict.marks.removed == {("France", "Libya")}
    german = next(s for s in round_steps(game, lang="de") if s.kind == StepKind.CONFLICT)
    assert german.title == "Konflikt in Libyen: Frankreich und Großbritannien"


def test_the_whole_game_is_every_round_in_turn() -> None:
    game = example_game()
    steps = game_steps(game)
    titles = [s for s in steps if s.kind == StepKind.TITLE]
    assert [s.year for s in titles] == [e.state.year for e in game.history]
    assert len(steps) == sum(len(round_steps(game, i)) for i in range(len(game.history)))


def test_nothing_to_reveal_is_said() -> None:
    with pytest.raises(ValueError, match="no round has been resolved"):
        round_steps(Game.new(["France", "Germany", "Italy"]))


def test_keys_and_buttons_move_through_the_steps() -> None:
    view = reveal_view(example_game(), "fr")
    last = len(view.steps) - 1
    assert view.index == 0 and view.back_button.disabled
    view.key("ArrowRight")
    assert view.index == 1 and "POSER" in view.text.value  # the table's order: placing first
    view.key(" ")
    view.key("PageDown")  # a presenter's clicker
    assert view.index == 3
    view.key("ArrowLeft")
    view.key("PageUp")
    assert view.index == 1
    view.key("End")
    assert view.index == last and view.next_button.disabled
    view.next()
    assert view.index == last
    view.key("Home")
    assert view.index == 0
    view.next_button.click()
    assert view.index == 1
    view.back_button.click()
    assert view.index == 0
    assert "étape 1 sur" in view.count.value


def test_the_map_is_drawn_once_a_page_shows_it() -> None:
    view = reveal_view(example_game())
    assert view.draw_count == 0  # nobody looks yet: nothing sent
    view._on_client_ready()
    assert view.draw_count == 1
    view.key("ArrowRight")
    assert view.draw_count == 2


def test_auto_play_steps_on_and_stops_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.reveal import view as view_module

    monkeypatch.setattr(view_module, "AUTO_SECONDS", 0.01)
    view = reveal_view(example_game())
    view.key("End")
    view.key("Home")
    stopped = threading.Event()
    view.auto_button.observe(lambda change: stopped.set() if not change["new"] else None, "value")
    view.key("p")
    assert view.auto_button.value
    assert stopped.wait(120), "auto-play never stopped"  # the timer's thread steps on
    assert not view.auto_button.value and view.index == len(view.steps) - 1


def test_the_app_reads_the_game_from_the_environment(tmp_path, monkeypatch) -> None:
    from tabletop.games.africa1880.gamefile import save_game

    game = Game.new(["France", "Germany", "Italy"])
    game.apply(
        game.read_sheets("[France]\nAlgeria: explore Tunisia"), "[France]\nAlgeria: explore Tunisia"
    )
    path = tmp_path / "game.json"
    save_game(game, path)
    monkeypatch.setenv("TABLETOP_REVEAL_GAME", str(path))
    root = reveal_app()
    assert "tt-reveal" in root._dom_classes
    monkeypatch.setenv("TABLETOP_REVEAL_ALL", "1")
    assert reveal_app(lang="de") is not None


# ------------------------------------------------------------------------------ Massai
def _massai_attack():
    from tabletop.games.massai.gamefile import GameRecord
    from tabletop.games.massai.notation import parse_action

    record = GameRecord.new()
    for text in (
        "setup a1 b1 b2 c2 c1",
        "setup d6 e6 e5 f5 d5",
        "build c3",
        "build d4",
        "build d3",
        "attack c3 guards -",
    ):
        record, report = record.play(parse_action(text, record.state.to_move))
        assert report.ok, report.message
    return record


def test_a_massai_attack_is_revealed_target_guards_then_removals() -> None:
    from tabletop.ui.reveal.massai_steps import attack_steps

    record = _massai_attack()
    steps = attack_steps(record)
    assert [s.kind for s in steps] == ["attack", "target", "guards", "removals", "after"]
    assert steps[1].title == "Target: c3" and steps[1].marks.target == "c3"
    assert steps[2].title == "No guard"
    assert steps[2].lines == ("c3 was not guarded: it becomes a hut of Player 2;",)
    assert steps[3].marks.removed == {(0, "c3"), (0, "b2"), (0, "c2"), (0, "d3")}
    assert steps[3].marks.placed == {(1, "c3")}
    assert steps[-1].marks.huts == record.state.huts
    german = attack_steps(record, lang="de")
    assert german[1].title == "Ziel: c3" and german[0].label == "Massai, Aktion 6"


def test_the_massai_reveal_page_moves_with_the_keys(tmp_path, monkeypatch) -> None:
    from tabletop.games.massai.gamefile import save_game

    path = tmp_path / "massai.json"
    save_game(_massai_attack(), path)
    monkeypatch.setenv("TABLETOP_REVEAL_GAME", str(path))
    from tabletop.ui.reveal.app import game_from_env, reveal_view

    view = reveal_view(game_from_env(), "fr")
    view._on_client_ready()
    view.key("ArrowRight")
    assert "Cible" in view.text.value and "action 6" in view.count.value
    view.key("End")
    assert view.step.kind == "after" and view.draw_count == 3


def test_no_attack_no_massai_reveal() -> None:
    from tabletop.games.massai.gamefile import GameRecord
    from tabletop.ui.reveal.massai_steps import attack_steps

    with pytest.raises(ValueError, match="no attack"):
        attack_steps(GameRecord.new())
