"""Unit tests of options.py: the rule options, their defaults, checks and enums."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.options import LandingCheck, Options, Scoring, Start, StateError


def test_options_defaults_and_round_trip() -> None:
    options = Options()
    assert (options.landing_check, options.scoring, options.start) == (
        "start_of_round",
        "points",
        "historical",
    )
    assert (options.stock, options.total_pins, options.last_round, options.colony_limit) == (
        22,
        88,
        8,
        21,
    )
    custom = Options(landing_check="reading_order", reading_order=("Italy", "France"))
    assert Options.from_dict(custom.to_dict()) == custom


def test_options_refuse_bad_values_listing_all() -> None:
    with pytest.raises(StateError) as caught:
        Options.from_dict({"landing_check": "never", "scoring": "money", "stock": 0, "x": 1})
    text = str(caught.value)
    for word in ("landing_check", "scoring", "stock", "options.x: unknown option"):
        assert word in text


def test_options_are_enums_with_the_same_text() -> None:
    import json

    options = Options(landing_check="reading_order", scoring="colonies", start="free")
    assert options.landing_check is LandingCheck.READING_ORDER
    assert options.scoring is Scoring.COLONIES and options.start is Start.FREE
    # Files keep the same text, and plain strings still compare equal.
    data = json.loads(json.dumps(options.to_dict()))
    assert (data["landing_check"], data["scoring"], data["start"]) == (
        "reading_order",
        "colonies",
        "free",
    )
    assert Options.from_dict(data) == options and options.landing_check == "reading_order"
    assert f"{options.scoring}" == "colonies" and str(options.start) == "free"
    assert Options().landing_check is LandingCheck.START_OF_ROUND
