"""Every figure about the games in docs/game-theory.md, recomputed (the timings come from
benchmarks/analysis_bench.py, whose run the Speed section reports).

Each figure is computed here and looked for, formatted as the page writes it, in the page: a
figure that no longer holds makes its test fail.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tabletop.analysis.africa_diplomacy.alone import alone_count
from tabletop.analysis.africa_diplomacy.equilibria import DEFAULT_LIMIT, analyse
from tabletop.analysis.africa_diplomacy.results import DiplomacyAnalysis
from tabletop.analysis.examples import africa_position, late_game_position
from tabletop.analysis.factored.adaptive import (
    DENSE_CELLS,
    DENSE_PER_ELIMINATION,
    SAMPLE_TRIALS,
    SAMPLE_WORK,
)
from tabletop.analysis.factored.constraints import MAX_SCOPE, constraints_of, own_groups
from tabletop.analysis.factored.counting import ELIMINATION_WORK
from tabletop.analysis.factored.nash import BRUTE_WORK, LIST_WORK
from tabletop.analysis.factored.packed import MAX_WORDS, choose_block, packed_cost
from tabletop.games.africa1880 import POWERS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "game-theory.md").read_text(encoding="utf-8")
#: The page breaks lines anywhere: figures are looked for in its text with lines joined.
TEXT = " ".join(DOC.split())
PROFILES = 2.0**30


def said(phrase: str) -> bool:
    return " ".join(phrase.split()) in TEXT


def test_powers_alone_on_a_candidate() -> None:
    counts = [alone_count(k) for k in (3, 4, 5, 6)]
    assert said(f"{counts[0]:,}, {counts[1]:,} and {counts[2]:,} for three to five powers")
    assert said(f"**{counts[3]:,}** equilibria ({100 * counts[3] / PROFILES:.1f} % of the 2³⁰")


def test_the_limits_are_the_code_constants() -> None:
    assert math.log2(BRUTE_WORK) == 20 and said("below 2²⁰ cell operations")
    assert math.log2(DENSE_CELLS) == 26 and said("one byte each, at most 2²⁶")
    assert ELIMINATION_WORK == 1.5e8 and said("(default 1.5·10⁸), the dense method ten times")
    assert DENSE_PER_ELIMINATION == 10
    assert LIST_WORK == 3e7 and said("the listing 3·10⁷ row checks")
    assert SAMPLE_WORK == 2e8 and said("the sampling 2·10⁸ cell operations")
    assert SAMPLE_TRIALS == 65536 and said(f"{SAMPLE_TRIALS:,} uniformly random profiles")
    assert MAX_SCOPE == 20 and said("when it spans at most 20 relations")
    assert DEFAULT_LIMIT == 1000 and said("the first `limit` (default 1000)")


def test_the_sample_quoted_for_six_powers_and_angola() -> None:
    presences = {p: ["Congo"] for p in POWERS}
    presences["Belgium"].append("Angola")
    presences["France"].append("Angola")
    result = analyse(africa_position(presences, full=["Congo"]), limit=5)
    ((relations, drawn, hits),) = result.count_samples
    assert said(
        f"{hits:,} of {drawn:,} uniformly random profiles of {relations} relations were equilibria"
    )
    low, high = result.count_interval
    assert result.count_estimate is not None
    assert said(f"about {round(result.count_estimate / 1e6)} million")
    assert said(f"interval ±{round(100 * (high - low) / (high + low))} %")


@pytest.fixture(scope="module")
def crowded() -> list[DiplomacyAnalysis]:
    return [analyse(late_game_position(seed), limit=1) for seed in range(30)]


def test_crowded_positions_share_counted_exactly_and_their_equilibria(
    crowded: list[DiplomacyAnalysis],
) -> None:
    exact = [r for r in crowded if r.count_kind == "exact"]
    assert said(f"seeds 0–29) {len(exact)} are counted exactly")
    shares = [r.equilibrium_count * 2 ** len(r.free) / PROFILES for r in exact]
    assert said(f"equilibria are {100 * min(shares):.3g}–{100 * max(shares):.3g} % of the 2³⁰")
    widest = [r for r in crowded if max(len(c) for c in r.components) == 30]
    assert said("One of them has 30 linked relations")
    (other,) = widest
    assert other.game is not None
    found = constraints_of(own_groups(other.game))
    widths = [len(c.scope) for c in found]
    assert len(widths) == 6
    assert said(f"(six conditions over {min(widths)}–{max(widths)} of them each")
    assert said(f"the packed count fits the work: {other.equilibrium_count:,} equilibria")
    scope = tuple(sorted({v for c in found for v in c.scope}))
    planned = packed_cost(found, scope, choose_block(found, scope))
    assert said(f"plans about {planned / 1e8:.0f}·10⁸")
    assert planned <= ELIMINATION_WORK * DENSE_PER_ELIMINATION
    assert math.log2(MAX_WORDS) == 25 and said("the 2²⁵ words are combined")


def test_six_powers_on_one_candidate_among_other_places() -> None:
    results = [analyse(late_game_position(s, max_holders=6), limit=1) for s in range(10)]
    assert all(r.count_kind == "estimate" for r in results)
    shares = [r.count_estimate * 2 ** len(r.free) / PROFILES for r in results]
    widths = [(hi - lo) / (hi + lo) for lo, hi in (r.count_interval for r in results)]
    assert said(f"put {100 * min(shares):.2g}–{100 * max(shares):.2g} % of the profiles")
    assert said(f"±{100 * min(widths):.0f} % to ±{100 * max(widths):.0f} %")
    assert not said("0.1–2 %")
