"""Random Africa 1880 positions and the brute-force relations game (for the model tests)."""

from __future__ import annotations

from hypothesis import strategies as st

from tabletop.analysis.africa_diplomacy import DiplomacyGame
from tabletop.analysis.examples import random_africa_position
from tabletop.games.africa1880 import Relations


def wars_of(game, choice) -> Relations:
    """Relations of a profile of the brute-force normal-form game (one war set per power)."""
    return Relations(
        (power, target)
        for power, label in zip(game.players, choice, strict=True)
        if label.startswith("war: ")
        for target in label[len("war: ") :].split(", ")
    )


def wars_of_one(power: str, label: str) -> Relations:
    if not label.startswith("war: "):
        return Relations()
    return Relations((power, q) for q in label[len("war: ") :].split(", "))


def brute_equilibria(after, **options) -> set[Relations]:
    game = DiplomacyGame(after, **options).normal_form()
    return {wars_of(game, game.label(p)) for p in game.pure_nash_equilibria()}


positions = st.builds(
    random_africa_position,
    seed=st.integers(0, 10**6),
    powers=st.just(3),
    presences_per_power=st.integers(3, 14),
    full_share=st.sampled_from([0.2, 0.5, 0.8]),
    colonies=st.integers(0, 2),
)
