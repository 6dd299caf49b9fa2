"""What a round changed on the map (removals, new presences, pins, colonies), read from the
core's report: what the pages highlight.

Apart from the map's drawing and placing code, which needs numpy and Pillow: a page that keeps
a round's changes without drawing them (a phone's seat) loads neither.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Changes", "changes_from_report"]


@dataclass(frozen=True)
class Changes:
    """What a round changed, for highlighting: (power, territory) pairs and pins per territory."""

    removed: frozenset[tuple[str, str]] = frozenset()
    new: frozenset[tuple[str, str]] = frozenset()
    pins_added: Mapping[str, int] = field(default_factory=dict)
    colonies: frozenset[str] = frozenset()


def changes_from_report(report: Any) -> Changes:
    """Highlights of a round from the core's report (dict entries or attribute objects)."""
    if report is None:
        return Changes()

    def get(entry: Any, key: str) -> Any:
        return entry[key] if isinstance(entry, Mapping) else getattr(entry, key)

    def items(name: str) -> Iterable[Any]:
        return getattr(report, name, None) or ()

    return Changes(
        removed=frozenset((get(e, "power"), get(e, "territory")) for e in items("removals")),
        new=frozenset((get(e, "power"), get(e, "territory")) for e in items("new_presences")),
        pins_added={get(e, "territory"): int(get(e, "added")) for e in items("development")},
        colonies=frozenset(get(e, "territory") for e in items("colonies")),
    )
