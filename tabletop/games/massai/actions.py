"""One small immutable type per kind of Massai action.

Every action names the ``player`` who takes it. Squares are kept in the order they were given so
that formatting and parsing round-trip exactly; the rules check duplicates.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Setup:
    """A player's secret choice of the five squares of their first huts, in their own half."""

    player: int
    squares: tuple[str, ...]


@dataclass(frozen=True)
class Build:
    """Place a hut from the supply on an empty square touching one of the player's huts."""

    player: int
    square: str


@dataclass(frozen=True)
class Move:
    """Move one hut (only once all 15 huts are on the board) to an empty square touching another."""

    player: int
    origin: str
    destination: str


@dataclass(frozen=True)
class Attack:
    """An attack with both secret choices: the attacker's target and the defender's guards."""

    player: int
    target: str
    guards: tuple[str, ...] = ()


Action = Setup | Build | Move | Attack
