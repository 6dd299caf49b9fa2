"""Tests of the game-agnostic factored-game solver, one module per solver module."""
