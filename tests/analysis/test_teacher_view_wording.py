"""What a class reads on the teacher views and the lesson: claims that must match the game."""

from __future__ import annotations

from tabletop.analysis.normal_form import Game
from tabletop.ui.analysis_panels import dominance_sentence


def test_a_player_whose_choices_all_pay_the_same_is_told_so() -> None:
    # Every cell equal (the game score of a territory before the last round): nothing dominates,
    # but the best choice does not "depend on what the other does" either.
    flat = Game([[[0, 0], [0, 0]], [[0, 0], [0, 0]]], [["A", "W"], ["A", "W"]], ["Row", "Col"])
    for player in (0, 1):
        for lang in ("en", "fr"):
            text = dominance_sentence(flat, player, lang)
            assert "depend" not in text and "dépend" not in text
        assert "same payoff" in dominance_sentence(flat, player)
        assert "même gain" in dominance_sentence(flat, player, "fr")
    # Only one player indifferent: the other keeps its dominance sentence.
    half = Game([[[1, 1], [1, 1]], [[1, 0], [0, 1]]], [["A", "W"], ["A", "W"]], ["Row", "Col"])
    assert "same payoff" in dominance_sentence(half, 0)
    assert "depends on what the other does" in dominance_sentence(half, 1)
