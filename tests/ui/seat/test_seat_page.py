"""The seat page driven in-process against a real SQLite store: opening by link or code,
refusals in one line, the sheet's menus, sealing, the draft kept over a reload, a resolution,
and secrecy (no other seat's sealed sheet in a page's widget state before the reveal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.africa1880.relations import Relation
from tabletop.store.seats import Tables
from tabletop.ui.seat import SeatPage, seat_page
from tabletop.ui.seat.africa import AfricaSeat
from tabletop.ui.seat.common import parse_query, read_query
from tabletop.ui.seat.massai import MassaiSeat
from tests.ui.seat.helpers import africa_table, find, massai_table, new_store, page_text

SECRET = "# zebra-quartz-7781 secret note"


def refusal_text(page: SeatPage) -> str:
    boxes = find(page, "tt-refusal-box")
    assert boxes, "no refusal shown"
    return boxes[0].value


def test_a_seat_link_opens_the_power_sheet(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token)
    assert isinstance(page.part, AfricaSeat)
    part = page.part
    assert "France" in part.heading.value and "Round 4" in part.heading.value
    # the dashboard's own editor with the core's legal menus, one row per presence
    territories = [row.territory for row in part.editor.rows]
    assert "Algeria" in territories
    row = part.editor.rows[territories.index("Algeria")]
    assert [v for _, v in row.kind.options] == ["", "hold", "develop"]
    # Each menu's name for a screen reader (a label kept off the screen).
    assert row.kind.description == "Algeria: order"
    assert "tt-sr-label" in row.kind._dom_classes
    row.kind.value = "develop"
    assert "Algeria: develop" in part.controller.text()
    assert "tt-checks" in page_text(page)
    # relations toward every other power, switched by a tap
    assert set(part.relation_buttons) == {"Belgium", "Germany", "Great Britain"}
    part.relation_buttons["Germany"].click()
    assert "war: Germany" in part.controller.text()
    assert "tt-rel-war" in part.relation_buttons["Germany"]._dom_classes
    store.close()


def test_a_tap_declares_a_typed_relation_written_in_the_seat_language(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token, lang="fr")
    part = page.part
    assert part.controller.relation("France", "Germany") is Relation.ALLIANCE
    part.relation_buttons["Germany"].click()
    assert part.controller.relation("France", "Germany") is Relation.WAR
    assert part.controller.sheet("France").wars == frozenset({"Germany"})
    assert (
        "guerre" in part.controller.text()
        and "guerre" in part.relation_buttons["Germany"].description
    )
    part.relation_buttons["Germany"].click()  # a second tap: back to alliance, nothing written
    assert part.controller.relation("France", "Germany") is Relation.ALLIANCE
    assert "guerre" not in part.controller.text()
    with pytest.raises(ValueError, match="toward itself"):
        part.controller.set_relation("France", "France", Relation.WAR)
    with pytest.raises(ValueError, match="France's sheet only"):
        part.controller.set_relation("Germany", "France", Relation.WAR)
    store.close()


def test_seal_then_seal_again_replaces(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    page = SeatPage(tables, new.table_id, token)
    part = page.part
    part.editor.text.value = "Algeria: develop"
    part.seal_button.click()
    assert "Sealed at" in part.state_line.value
    assert tables.status(new.table_id).sealed == ["France"]
    part.editor.text.value = "Algeria: hold"
    assert "seal again" in part.state_line.value
    part.seal_button.click()
    view = tables.seat_view(new.table_id, token)
    assert "Algeria: hold" in view["own_sheet"] and "develop" not in view["own_sheet"]
    assert "Sealed at" in part.state_line.value and "seal again" not in part.state_line.value
    store.close()


def test_a_header_typed_in_the_box_is_disarmed_not_obeyed(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    page = SeatPage(tables, new.table_id, token)
    page.part.editor.text.value = "Algeria: develop\n[Germany]\nTogo: hold"
    assert "[Germany]" in page.part.editor.checks.value  # said in the live checks
    page.part.seal_button.click()
    sealed = tables.seat_view(new.table_id, token)["own_sheet"]
    assert sealed.startswith("[France]\n") and "# [Germany]" in sealed
    store.close()


def test_draft_survives_a_reload_and_only_for_that_seat(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    page = SeatPage(tables, new.table_id, token)
    page.part.editor.text.value = f"Algeria: develop\n{SECRET}"
    page.draft_saver.flush()
    again = SeatPage(tables, new.table_id, token)  # a reload: a new kernel, a new page
    assert SECRET in again.part.editor.text.value
    assert "Not sealed yet" in again.part.state_line.value
    # the draft is kept encrypted: not in the database as text, not for another seat
    with store.engine.connect() as connection:
        dump = "\n".join(connection.connection.driver_connection.iterdump())
    assert "zebra-quartz" not in dump
    other = SeatPage(tables, new.table_id, new.seat("Germany").token)
    assert "zebra-quartz" not in page_text(other)
    assert tables.draft(new.table_id, new.seat("Germany").token) is None
    store.close()


def test_a_sealed_sheet_comes_back_after_a_reload(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("Belgium").token
    tables.seal(new.table_id, token, "Congo: develop")
    page = SeatPage(tables, new.table_id, token)
    assert "Congo: develop" in page.part.editor.text.value
    assert "Sealed at" in page.part.state_line.value
    store.close()


@pytest.mark.parametrize("how", ["wrong", "revoked", "no-table", "host"])
def test_refusals_are_one_line(tmp_path: Path, how: str) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    table_id = new.table_id
    if how == "wrong":
        token = token[:-1] + ("A" if token[-1] != "A" else "B")
        expected = "does not open table"
    elif how == "revoked":
        tables.revoke(table_id, new.host_token, "France")
        expected = "replaced by the host"
    elif how == "no-table":
        table_id = 999
        expected = "there is no table 999"
    else:
        token = new.host_token
        expected = "not a seat"
    page = SeatPage(tables, table_id, token)
    text = refusal_text(page)
    assert expected in text and "Traceback" not in text
    assert page.part is None
    store.close()


def test_revoked_while_open_is_refused_at_the_next_change(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token)
    tables.revoke(new.table_id, new.host_token, "France")
    tables.seal(new.table_id, new.seat("Germany").token, "Togo: develop")  # wakes the page
    page.poll()
    assert "replaced by the host" in refusal_text(page)
    store.close()


def test_the_code_form_opens_the_seat(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables)
    assert page.part is None
    page.table_field.value = str(new.table_id)
    page.code_field.value = "nope"
    find(page, "tt-join")[0].click()
    assert "does not open" in page.join_message.value
    page.table_field.value = "seven"
    find(page, "tt-join")[0].click()
    assert "whole number" in page.join_message.value
    page.table_field.value = str(new.table_id)
    code = new.seat("Great Britain").code
    page.code_field.value = f"{code[:3].lower()}-{code[3:]}"
    find(page, "tt-join")[0].click()
    assert isinstance(page.part, AfricaSeat) and page.part.power == "Great Britain"
    page.part.editor.text.value = "Egypt: develop"
    page.part.seal_button.click()
    assert tables.status(new.table_id).sealed == ["Great Britain"]
    store.close()


def test_query_string(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("Germany").token
    monkeypatch.setenv("QUERY_STRING", f"table={new.table_id}&token={token}&lang=fr")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    query = read_query()
    assert query == {"table": str(new.table_id), "token": token, "lang": "fr"}
    page = seat_page(query, store=store)
    assert page.lang == "fr" and page.part.power == "Germany"
    assert "Sceller mes ordres" in page.part.seal_button.description
    bad = seat_page(parse_query("table=abc&token=x"), store=store)
    assert "names no table" in refusal_text(bad)
    form = seat_page(parse_query(f"table={new.table_id}"), store=store)
    assert form.table_field.value == str(new.table_id)
    store.close()


def test_secrecy_no_other_seats_sheet_before_the_reveal(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    france = SeatPage(tables, new.table_id, new.seat("France").token)
    germany = SeatPage(tables, new.table_id, new.seat("Germany").token)
    france.part.editor.text.value = f"Algeria: develop\n{SECRET}"
    france.part.seal_button.click()
    germany.poll()
    france.poll()
    assert "zebra-quartz" not in page_text(germany)
    germany.part.editor.text.value = "Togo: develop\n# walrus-ember-2290"
    germany.part.seal_button.click()
    france.poll()
    assert "walrus-ember" not in page_text(france)
    # after the reveal the sheets are public (the report names what each did)
    tables.resolve(new.table_id, new.host_token, force=True)
    germany.poll()
    assert "Round 5" in germany.part.heading.value
    assert "zebra-quartz" not in page_text(germany)  # comments are never shown
    store.close()


def test_after_resolution_results_and_the_next_round(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    page = SeatPage(tables, new.table_id, token)
    page.part.editor.text.value = "Algeria: develop"
    page.part.seal_button.click()
    page.part.editor.text.value = "Algeria: develop\n# a draft edit"
    page.draft_saver.flush()
    tables.resolve(new.table_id, new.host_token, force=True)
    page.poll()
    part = page.part
    assert "Round 5" in part.heading.value and "1900" in part.heading.value
    assert "tt-own-results" in part.results.value and "Algeria" in part.results.value
    assert "what to do on the board" in part.results.value  # the table instructions
    assert "a draft edit" not in part.editor.text.value  # last round's draft is gone
    assert "Not sealed yet" in part.state_line.value
    store.close()


def test_massai_setup_by_taps_then_attack(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    one = SeatPage(tables, new.table_id, new.seat(new.seats[0].seat).token)
    two = SeatPage(tables, new.table_id, new.seat(new.seats[1].seat).token)
    assert isinstance(one.part, MassaiSeat) and one.part.secret == "setup"
    for square in ("a1", "b1", "c1", "d1", "e1"):
        one.part.squares[square].click()
    assert one.part.selection == ["a1", "b1", "c1", "d1", "e1"]
    # Each square's name for a screen reader: coordinate, content, what the player chose.
    assert one.part.squares["a1"].tooltip == "a1 empty, chosen"
    assert one.part.squares["a2"].tooltip == "a2 empty"
    one.part.squares["f1"].click()  # a sixth: refused, said
    assert "at most" in one.part.message.value
    assert not one.part.seal_button.disabled
    one.part.seal_button.click()
    assert "Sealed" in one.part.state_line.value
    for square in ("a6", "b6", "c6", "d6", "e6"):
        two.part.squares[square].click()
    two.poll()
    # Player 2's page never holds Player 1's setup before both are revealed
    assert "a1 b1 c1" not in page_text(two)
    assert all(not b.description for s, b in two.part.squares.items() if s.endswith("1"))
    assert all(b.tooltip == f"{s} empty" for s, b in two.part.squares.items() if s.endswith("1"))
    two.part.seal_button.click()
    tables.resolve(new.table_id, new.host_token)
    one.poll()
    two.poll()
    assert one.part.squares["a1"].description and two.part.squares["a6"].description
    assert one.part.squares["a1"].tooltip.startswith("a1 light hut")
    assert two.part.squares["a6"].tooltip.startswith("a6 dark hut")
    assert one.part.secret == "target" and two.part.secret in ("guards", None)
    store.close()


def test_no_database_is_one_line(tmp_path: Path) -> None:
    page = SeatPage(None, 1, "x", store_error="cannot open the database here")
    assert "cannot open the database here" in refusal_text(page)


def test_seat_page_with_tables_of_another_store_sees_nothing(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    other = new_store(tmp_path / "other")
    page = SeatPage(Tables(other), new.table_id, new.seat("France").token)
    assert "no table" in refusal_text(page)
    store.close()
    other.close()


def test_massai_attack_target_and_guards_by_taps(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    tables.resolve(new.table_id, new.host_token)
    attacker = SeatPage(tables, new.table_id, first.token)
    defender = SeatPage(tables, new.table_id, second.token)
    assert attacker.part.secret == "target" and defender.part.secret == "guards"
    attacker.part.squares["c4"].click()
    attacker.part.squares["d4"].click()  # one target: the new tap replaces it
    assert attacker.part.selection == ["d4"]
    attacker.part.seal_button.click()
    defender.poll()
    assert "d4" not in defender.part.selection and "◎" not in page_text(defender)
    assert tables.draft(new.table_id, second.token) is None
    defender.part.squares["d4"].click()
    defender.part.squares["e4"].click()
    defender.part.seal_button.click()
    assert tables.status(new.table_id).complete
    _, report = tables.resolve(new.table_id, new.host_token)
    attacker.poll()
    defender.poll()
    assert attacker.view["last_action"] and "d4" in attacker.view["last_action"]
    store.close()
