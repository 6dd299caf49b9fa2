"""massai/reports.py: refusal sentences agree in number with what they name."""

from __future__ import annotations

import pickle

import pytest

from tabletop.games.massai.actions import Setup
from tabletop.games.massai.reports import PlayerRef, Said, Sentence
from tabletop.games.massai.rules import apply
from tabletop.games.massai.state import OptionsError, new_game, parse_guard_table

# --- setup ---------------------------------------------------------------------------------


def test_refusals_agree_with_one_or_several_squares() -> None:
    # "c1, c2 is not in ..." read wrong; the verb follows the number of squares named.
    state = new_game()
    report = apply(state, Setup(0, ("a1", "b1", "a4", "b4", "c4")))[1]
    assert report.code == "not-own-half"
    assert "a4, b4, c4 are not in Player 1's half" in report.message
    report = apply(state, Setup(0, ("a1", "b1", "c1", "d1", "a3")))[1]
    assert "a3 is not" not in report.message and report.code == "setup-not-touching"
    assert "a3 touches none." in report.message
    report = apply(state, Setup(0, ("a1", "b1", "h1", "h3", "e2")))[1]
    assert "e2, h1, h3 touch none." in report.message
    report = apply(state, Setup(0, ("a1", "b1", "c1", "i1", "j1")))[1]
    assert "i1, j1 are not on the 8×6 board." in report.message


def test_guard_table_refusal_says_attack_point_in_the_singular_for_one() -> None:
    with pytest.raises(OptionsError, match="entry for 1 attack point must be 0 to 5"):
        parse_guard_table("0,9")
    with pytest.raises(OptionsError, match="entry for 2 attack points must be 0 to 5"):
        parse_guard_table("0,0,9")


def test_a_sentence_is_data_worded_only_when_shown() -> None:
    # A report keeps what it says as a code and values; the words come from the catalogs.
    report = apply(new_game(), Setup(0, ("a1", "b1", "a4", "b4", "c4")))[1]
    (said,) = report.said
    assert not isinstance(said, str) and isinstance(said, Said)
    assert said.code is Sentence.NOT_OWN_HALF
    assert dict(said.values)["player"] == PlayerRef(0)
    assert said.render() == report.message == str(said)
    assert "Joueur 1" in report.text("fr") and "Player" not in report.text("fr")
    assert pickle.loads(pickle.dumps(report)) == report
