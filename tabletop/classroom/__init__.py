"""Classroom play: a class plays a game's dilemma round after round, against the theory.

The rules of the class (no widget imports): :mod:`.games` (the stage games and their
prediction), :mod:`.matching` (who plays with whom each round), :mod:`.ledger` (rounds,
submissions, stand-in computer players, payoffs and the CSV export).
"""
