"""Over-long input is refused in the browser, before anything is sent: on a phone's seat page a
megabyte put into the sheet box leaves the box's text exactly as it was, the message shows
beside the box while the page's kernel is stopped (so it is the browser's own work, at once on
any machine), and no websocket frame carries the megabyte to the kernel; the join form's code
field refuses a character past its limit and a long paste the same way, and takes input again
once there is room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import kernel_channels, kernel_stopped
from playwright.sync_api import expect

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
TIMEOUT = 120_000  # a shared, loaded machine: Voilà may take a while per page
# expect() waits as long as page actions here (conftest.patient_assertions).
pytestmark = pytest.mark.usefixtures("patient_assertions")
TYPED = "Algeria: develop\nexplore Mauretania\n"
MARK = "# typed after the refusal"
BIG = ("explore Mauretania " * 60 + "\n") * 900  # about 1 MB, 900 lines
LARGEST_FRAME = 100_000

# A paste as the page receives it (the clipboard's text in the event); whether the page let it
# through (a paste nobody refused is not cancelled).
PASTE = """(field, text) => {
  field.focus();
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const paste = new ClipboardEvent('paste',
    {clipboardData: data, bubbles: true, cancelable: true, composed: true});
  return field.dispatchEvent(paste);
}"""


def _size(payload: object) -> int:
    return len(payload) if isinstance(payload, bytes) else len(str(payload).encode("utf-8"))


def _text(payload: object) -> str:
    if isinstance(payload, bytes):
        return payload.decode("utf-8", errors="replace")
    return str(payload)


@pytest.mark.browser
@pytest.mark.timeout(900)
def test_over_long_input_is_refused_in_the_browser_and_never_sent(
    voila, jupyter_env: dict[str, str], chromium
) -> None:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
    from tabletop.store import open_store
    from tabletop.store.seat_records import seat_url
    from tabletop.store.seats import Tables
    from tabletop.ui.shell.bounded import CODE_LIMIT
    from tabletop.ui.shell.input_limit import limit_class

    store = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    tables = Tables(store)
    new = tables.open_table(store.create_game(example_game()).game_id)
    base = voila.folder()

    # ------------------------------------------------------------ the seat's sheet box
    phone = chromium.new_context(**PHONE)
    phone.set_default_timeout(TIMEOUT)
    seat = phone.new_page()
    sent: list[Any] = []  # every frame the page sends, as it goes
    sockets: list[Any] = []

    def watch(ws: Any) -> None:
        sockets.append(ws)
        ws.on("framesent", lambda payload: sent.append(payload))

    seat.on("websocket", watch)
    seat.goto(seat_url(base, new.table_id, new.seat("France").token), wait_until="commit")
    seat.locator(".tt-seal").wait_for(state="visible")
    box = seat.locator(".tt-text textarea")
    box.fill(TYPED)
    expect(seat.locator(".tt-checks")).to_contain_text("Mauretania")  # the kernel read it
    says = seat.locator(f".{limit_class(MAX_SHEET_CHARS)} .tt-limit-says")
    expect(says).to_be_empty()

    # Text put in through the browser's own editing (as a keyboard's or a phone's input does),
    # with the page's kernel stopped: the message is the browser's own work, no round trip.
    box.press("ControlOrMeta+End")
    with kernel_stopped([ws.url for ws in sockets if "/channels" in ws.url]):
        seat.keyboard.insert_text(BIG)
        expect(says).to_contain_text(str(MAX_SHEET_CHARS))
        expect(says).to_contain_text("nothing was added")
        assert box.input_value() == TYPED  # kept exactly: nothing cut, nothing added
        # A paste of the same megabyte: refused too.
        assert box.evaluate(PASTE, BIG) is False
        assert box.input_value() == TYPED

    # A short line typed afterwards goes in and is sent (the message goes away): every frame
    # sent up to it is small.
    channels = [ws for ws in sockets if "/channels" in ws.url and not ws.is_closed()]
    assert len(channels) == 1, [ws.url for ws in sockets]
    box.press("ControlOrMeta+End")
    with channels[0].expect_event(
        "framesent", predicate=lambda payload: MARK in _text(payload), timeout=TIMEOUT
    ):
        seat.keyboard.insert_text(MARK)
    expect(says).to_be_empty()
    assert box.input_value() == TYPED + MARK
    largest = max(_size(frame) for frame in sent)
    assert largest < LARGEST_FRAME, f"a frame of {largest} bytes was sent to the kernel"

    # ------------------------------------------------------------ the join form's code field
    join = phone.new_page()
    join_channels = kernel_channels(join)
    join.goto(
        f"{base.rstrip('/')}/voila/render/seat.ipynb?table={new.table_id}", wait_until="commit"
    )
    code = join.locator(".tt-join-code input")
    code.wait_for(state="visible")
    full = "A" * CODE_LIMIT
    code.fill(full)
    says = join.locator(f".{limit_class(CODE_LIMIT)} .tt-limit-says")
    expect(says).to_be_empty()
    code.press("End")
    with kernel_stopped(join_channels):  # the browser's own work here too
        join.keyboard.insert_text("B")  # one character past the limit
        expect(says).to_contain_text(str(CODE_LIMIT))
        assert code.input_value() == full
        assert code.evaluate(PASTE, "C" * 10_000) is False  # a long paste
        assert code.input_value() == full
    # With room again (one character deleted), a character goes in and the message goes away.
    code.press("Backspace")
    join.keyboard.insert_text("D")
    expect(says).to_be_empty()
    assert code.input_value() == "A" * (CODE_LIMIT - 1) + "D"
    phone.close()
    store.close()
