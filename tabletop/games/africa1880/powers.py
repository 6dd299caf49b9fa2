"""The six colonial powers: their names in three languages, the spellings a sheet may use,
their fixed order and bit masks, and how a written name is looked up.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from tabletop.games.africa1880.board_names import close_matches, normalize_name

POWERS: tuple[str, ...] = ("Belgium", "France", "Germany", "Great Britain", "Italy", "Netherlands")
"""The six colonial powers, in the alphabetical order used wherever an order must be fixed."""

POWER_NAMES_FR: dict[str, str] = {
    "Belgium": "Belgique",
    "France": "France",
    "Germany": "Allemagne",
    "Great Britain": "Grande-Bretagne",
    "Italy": "Italie",
    "Netherlands": "Pays-Bas",
}

POWER_NAMES_DE: dict[str, str] = {
    "Belgium": "Belgien",
    "France": "Frankreich",
    "Germany": "Deutschland",
    "Great Britain": "Großbritannien",
    "Italy": "Italien",
    "Netherlands": "Niederlande",
}

# Other spellings people write on a sheet; matched after normalize_name (case, accents, hyphens).
_POWER_ALIASES: dict[str, tuple[str, ...]] = {
    "Belgium": ("Belgique",),
    "France": (),
    "Germany": ("Allemagne",),
    "Great Britain": (
        "Britain",
        "Grande-Bretagne",
        "Angleterre",
        "England",
        "United Kingdom",
        "Royaume-Uni",
        "UK",
        "GB",
        "Grossbritannien",  # the German name typed without ß (Swiss spelling, plain keyboards)
        "Britannien",
        "Vereinigtes Königreich",
    ),
    "Italy": ("Italie",),
    "Netherlands": (
        "The Netherlands",
        "Pays-Bas",
        "Les Pays-Bas",
        "Holland",
        "Hollande",
        "die Niederlande",
    ),
}

_POWER_NAMES: dict[str, dict[str, str]] = {"fr": POWER_NAMES_FR, "de": POWER_NAMES_DE}

#: Every spelling of a power that :func:`lookup_power` accepts, normalised -> the power.
POWER_SPELLINGS: dict[str, str] = {}
for _power in POWERS:
    for _spelling in (
        _power,
        POWER_NAMES_FR[_power],
        POWER_NAMES_DE[_power],
        *_POWER_ALIASES[_power],
    ):
        POWER_SPELLINGS[normalize_name(_spelling)] = _power


@functools.lru_cache(maxsize=8192)
def name_key(text: str) -> str:
    """:func:`normalize_name`, remembered: the same few names are compared over and over."""
    return normalize_name(text)


POWER_ORDER: dict[str, int] = {power: index for index, power in enumerate(POWERS)}
POWER_BITS: dict[str, int] = {power: 1 << index for index, power in enumerate(POWERS)}
#: The powers of each mask of :data:`POWER_BITS` (indexed by the mask), in the fixed order.
MASK_POWERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(power for power in POWERS if mask & POWER_BITS[power]) for mask in range(1 << len(POWERS))
)
#: The indices in :data:`POWERS` of the powers of each mask (indexed by the mask).
MASK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(POWER_ORDER[power] for power in powers) for powers in MASK_POWERS
)


#: A game has 3 to 6 powers.
MIN_POWERS, MAX_POWERS = 3, 6


class UnknownPower(ValueError):
    """A power name that matches none of the six powers (English, French or a known alias)."""

    def __init__(self, text: str, suggestion: str | None = None) -> None:
        self.text = text
        self.suggestion = suggestion
        hint = f"; did you mean {suggestion}?" if suggestion else ""
        super().__init__(f'unknown power "{text}"{hint}')


def lookup_power(text: str) -> str:
    """Return the canonical English name of a power written in English, French or German (or a
    known alias), whatever the case and accents.

    >>> lookup_power("grande-bretagne"), lookup_power("GROSSBRITANNIEN"), lookup_power("Belgien")
    ('Great Britain', 'Great Britain', 'Belgium')
    """
    key = name_key(str(text))
    if key in POWER_SPELLINGS:
        return POWER_SPELLINGS[key]
    close = close_matches(key, POWER_SPELLINGS, n=1)
    raise UnknownPower(str(text).strip(), POWER_SPELLINGS[close[0]] if close else None)


def power_name(power: str, lang: str = "en") -> str:
    """The name of a power in the interface language (``"en"``, ``"fr"`` or ``"de"``); a name
    or language it does not know is returned as given.

    >>> power_name("Germany", "fr"), power_name("Great Britain", "de"), power_name("Italy")
    ('Allemagne', 'Großbritannien', 'Italy')
    """
    names = _POWER_NAMES.get(lang)
    return names.get(power, power) if names is not None else power


def sort_powers(powers: Iterable[str]) -> tuple[str, ...]:
    """Powers in the fixed alphabetical order of :data:`POWERS` (unknown names last)."""
    return tuple(sorted(powers, key=lambda p: (POWER_ORDER.get(p, len(POWERS)), p)))
