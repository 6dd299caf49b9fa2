"""Settings shared by the whole suite."""

from hypothesis import settings

# Timing is measured by the benchmark scripts, not by tests: no per-example deadline, so a busy CI
# machine cannot turn a slow example into a failure. A failing example is printed for replay.
settings.register_profile("tabletop", deadline=None, print_blob=True)
settings.load_profile("tabletop")
