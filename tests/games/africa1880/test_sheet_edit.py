"""Editing a sheet's text from a menu or a tap (``notation.edit_sheet``): only the line concerned
changes, every other line is kept as typed, the lines the core cannot read included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.notation import (
    MAX_SHEET_CHARS,
    LandingChange,
    OrderChange,
    RelationChange,
    SheetChange,
    SheetTooLongError,
    edit_sheet,
    parse_sheets,
)
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.relations import Relation

BOARD = load_board()
POWER = "France"
PLAYING = ("Belgium", "France", "Germany", "Italy")
OTHERS = tuple(p for p in PLAYING if p != POWER)
TERRITORIES = ("Algeria", "Tunisia", "Morocco", "Senegal", "Sahara")
COASTAL = tuple(sorted(n for n, t in BOARD.territories.items() if t.coastal))[:8]

# Lines the reader cannot use for anything (no order, landing or relation of the sheet): a grid
# or menu change must leave every one of them where it is, as typed.
JUNK = (
    "explore Mauretania",
    "Atlantis: develop",
    "Algeria: fly",
    "hello there",
    "war: Atlantis",
    "alliance: Narnia; Mordor",
    "# our plan: keep Algeria",
    "",
    "   ",
    "[Germany]",
    "land",
    "Narnia -> Mordor",
    "war: none",
    "développe tout",
)


def _readable(board: Board) -> list[str]:
    lines = []
    for name in TERRITORIES:
        lines += [f"{name}: develop", f"{name}: hold", f"{name}: rien"]
        lines += [f"{name}: explore {n}" for n in sorted(board.territories[name].neighbours)[:2]]
    lines += [f"land: {name}" for name in COASTAL[:3]]
    lines += ["land: Atlantis", "war: Germany", "war: Italy, Belgium", "guerre: Allemagne"]
    lines += ["alliance: Germany, Italy", "alliance: Belgium", "Italy: war", "war Germany Italy"]
    return lines


READABLE = _readable(BOARD)

changes: st.SearchStrategy[SheetChange] = st.one_of(
    st.builds(RelationChange, st.sampled_from(OTHERS), st.sampled_from(list(Relation))),
    st.builds(
        lambda name, kind, pick: OrderChange(
            name,
            kind,
            sorted(BOARD.territories[name].neighbours)[pick % 2] if kind == "explore" else "",
        ),
        st.sampled_from(TERRITORIES),
        st.sampled_from(["", "hold", "develop", "explore"]),
        st.integers(0, 1),
    ),
    st.builds(LandingChange, st.sampled_from([None, *COASTAL])),
)


def sheet_of(body: str) -> OrderSheet:
    """The sheet the core reads in ``body``, its header lines read as comments (as a box)."""
    lines = ["# " + line if line.startswith("[") else line for line in body.splitlines()]
    text = "\n".join([f"[{POWER}]", *lines])
    return parse_sheets(text, BOARD, PLAYING).sheets.get(POWER) or OrderSheet(POWER)


def junk_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line in JUNK]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(
        st.one_of(st.sampled_from(JUNK), st.sampled_from(READABLE)), min_size=0, max_size=14
    ),
    change=changes,
    lang=st.sampled_from(["en", "fr", "de"]),
)
def test_a_change_keeps_every_junk_line_and_reads_back_as_set(
    lines: list[str], change: SheetChange, lang: str
) -> None:
    body = "\n".join(lines) + ("\n" if lines else "")
    before = sheet_of(body)
    after_text = edit_sheet(body, POWER, change, BOARD, PLAYING, lang)
    after = sheet_of(after_text)
    # Every line the core cannot read is still there, verbatim and in the same order.
    assert junk_of(after_text) == junk_of(body)
    if isinstance(change, RelationChange):
        assert after.relation(change.toward) is change.relation
        for other in OTHERS:
            if other != change.toward:
                assert after.relation(other) is before.relation(other), other
        assert after.orders == before.orders and after.landing == before.landing
    elif isinstance(change, OrderChange):
        kept = [o for o in before.orders if o.source != change.territory]
        assert [o for o in after.orders if o.source != change.territory] == kept or not (
            change.kind
        )  # a removed line may let a later line about the same presence count
        if change.kind and (change.kind != "explore" or change.target):
            written = [o for o in after.orders if o.source == change.territory]
            assert [(o.kind, getattr(o, "target", "")) for o in written] == [
                (change.kind, change.target)
            ]
        assert after.wars == before.wars and after.landing == before.landing
    else:
        if change.target:
            assert after.landing is not None and after.landing.target == change.target
        assert after.orders == before.orders and after.wars == before.wars


def test_a_relation_tap_keeps_unreadable_lines_in_their_place() -> None:
    body = "Algeria: develop\nexplore Mauretania\nland: Atlantis\nalliance: Belgium, Germany\n"
    text = edit_sheet(body, POWER, RelationChange("Germany", Relation.WAR), BOARD, PLAYING)
    assert text == (
        "Algeria: develop\nexplore Mauretania\nland: Atlantis\nwar: Germany\nalliance: Belgium\n"
    )
    back = edit_sheet(text, POWER, RelationChange("Germany", Relation.ALLIANCE), BOARD, PLAYING)
    assert back == body  # the same tap again gives the same text back


def test_a_menu_replaces_only_the_line_of_its_presence() -> None:
    body = "Algeria: explore Atlantis  # to check\nexplore Mauretania\nTunisia: hold\n"
    text = edit_sheet(body, POWER, OrderChange("Algeria", "develop"), BOARD, PLAYING)
    assert text == "Algeria: develop  # to check\nexplore Mauretania\nTunisia: hold\n"
    text = edit_sheet(text, POWER, OrderChange("Morocco", "hold"), BOARD, PLAYING)
    assert text.splitlines()[2:4] == ["Morocco: hold", "Tunisia: hold"]  # in the menus' order
    text = edit_sheet(text, POWER, OrderChange("Tunisia", ""), BOARD, PLAYING)
    assert "Tunisia" not in text and "explore Mauretania" in text


def test_a_landing_is_replaced_added_or_taken_out_on_its_own_line() -> None:
    body = "# plan\nland: Atlantis\nwar: Germany"
    text = edit_sheet(body, POWER, LandingChange("Morocco"), BOARD, PLAYING, "fr")
    assert text == "# plan\ndébarque: Morocco\nwar: Germany"
    assert edit_sheet(text, POWER, LandingChange(None), BOARD, PLAYING) == "# plan\nwar: Germany"
    added = edit_sheet("Algeria: hold\nwar: Germany", POWER, LandingChange("Morocco"), BOARD)
    assert added == "Algeria: hold\nland: Morocco\nwar: Germany"


@pytest.mark.parametrize(
    ("body", "toward", "relation", "expected"),
    [
        ("Italy: war\n", "Italy", Relation.ALLIANCE, ""),
        ("Italy: war # revenge\n", "Italy", Relation.ALLIANCE, "# revenge\n"),
        (
            "war Germany Great Britain Italy\n",
            "Germany",
            Relation.ALLIANCE,
            "war Great Britain Italy\n",
        ),
        ("Krieg: Italien\n", "Germany", Relation.WAR, "Krieg: Deutschland, Italien\n"),
        ("war: Atlantis\n", "Germany", Relation.WAR, "war: Atlantis\nKrieg: Deutschland\n"),
        ("war: Germany, Atlantis.\n", "Germany", Relation.ALLIANCE, "war: Atlantis.\n"),
        # A power on both lists reads as alliance; a tap to war takes it off the alliance line.
        ("war: Germany\nalliance: Germany\n", "Germany", Relation.WAR, "war: Germany\n"),
    ],
)
def test_relation_lines_as_typed(body: str, toward: str, relation: Relation, expected: str) -> None:
    assert edit_sheet(body, POWER, RelationChange(toward, relation), BOARD, PLAYING, "de") == (
        expected
    )


def test_a_header_in_the_box_is_kept_and_read_as_a_comment() -> None:
    body = "[Germany]\nwar: Italy\n"
    text = edit_sheet(body, POWER, RelationChange("Belgium", Relation.WAR), BOARD, PLAYING)
    assert text == "[Germany]\nwar: Italy, Belgium\n" or text.startswith("[Germany]\n")
    assert sheet_of(text).wars == {"Italy", "Belgium"}


def test_bad_changes_and_long_texts_are_refused() -> None:
    with pytest.raises(ValueError, match="toward itself"):
        edit_sheet("", POWER, RelationChange(POWER, Relation.WAR), BOARD)
    with pytest.raises(ValueError, match="unknown order kind"):
        edit_sheet("", POWER, OrderChange("Algeria", "fly"), BOARD)
    with pytest.raises(SheetTooLongError):
        edit_sheet("x" * (MAX_SHEET_CHARS + 1), POWER, LandingChange(None), BOARD)
