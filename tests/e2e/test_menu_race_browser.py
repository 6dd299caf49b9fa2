"""A menu choice made while the kernel is behind is taken as chosen, in Chromium.

On the dashboard (the bundled example, Belgium's sheet): the landing menu leaves out the
targets of the sheet's own explorations, so choosing "explore Niger" for Kamerun takes Niger out
of the landing menu. With the page's kernel stopped (as a loaded server is slow), Kamerun's
target is set to Niger, then a landing listed after Niger is chosen: once the kernel goes on,
the sheet lands where the player chose, not on the entry that moved into that place. Niger
itself chosen that way is taken too, and shown marked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import kernel_channels, kernel_stopped, sheet_kept, wait_until
from playwright.sync_api import expect

NAVIGATION_TIMEOUT = 120_000
TIMEOUT = 30_000
BELGIUM = ".tt-sheet-belgium"


@pytest.mark.browser
def test_a_landing_chosen_while_the_kernel_is_behind_is_the_one_chosen(
    voila, page, wait_for_widgets, jupyter_env
) -> None:
    channels = kernel_channels(page)
    base_url = voila("africa1880")
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)
    page.goto(base_url)
    wait_for_widgets(page, ".tt-resolve", timeout_ms=60_000)
    expect(page.locator(".tt-year-label")).to_contain_text("1895", timeout=TIMEOUT)
    kamerun = page.locator(".tt-row-belgium-kamerun")
    kamerun.wait_for(state="visible", timeout=TIMEOUT)
    kamerun.locator(".tt-kind select").select_option("explore")
    target = kamerun.locator(".tt-target select")
    expect(target).to_be_enabled(timeout=TIMEOUT)  # the kernel has the kind
    landing = page.locator(f"{BELGIUM} .tt-landing select")
    offered = landing.evaluate("el => [...el.options].map(o => o.value)")
    assert "Niger" in offered, offered
    after_niger = offered[offered.index("Niger") + 1]

    with kernel_stopped(channels):
        target.select_option("Niger")
        landing.select_option(after_niger)
        expect(landing).to_have_value(after_niger)

    text_box = page.locator(f"{BELGIUM} textarea")
    expect(text_box).to_have_value(re.compile("Kamerun: explore Niger"), timeout=TIMEOUT)
    expect(text_box).to_have_value(re.compile(f"land: {after_niger}\\b"), timeout=TIMEOUT)
    expect(landing).to_have_value(after_niger, timeout=TIMEOUT)

    # Niger itself chosen as the landing while the kernel is behind: it is no longer offered
    # once the kernel has Kamerun's exploration of Niger, and it is still the player's choice,
    # written and shown marked (the checks say why it would be void).
    target.select_option("Chad")
    expect(text_box).to_have_value(re.compile("Kamerun: explore Chad"), timeout=TIMEOUT)
    expect(landing.locator("option", has_text="Niger")).to_have_count(1, timeout=TIMEOUT)
    with kernel_stopped(channels):
        target.select_option("Niger")
        landing.select_option("Niger")
        expect(landing).to_have_value("Niger")
    expect(text_box).to_have_value(re.compile("Kamerun: explore Niger"), timeout=TIMEOUT)
    expect(text_box).to_have_value(re.compile("land: Niger\\b"), timeout=TIMEOUT)
    expect(landing).to_have_value("Niger ⚠", timeout=TIMEOUT)
    expect(page.locator(f"{BELGIUM} .tt-checks")).to_contain_text("Niger", timeout=TIMEOUT)

    typed = text_box.input_value()
    data_dir = Path(jupyter_env["TABLETOP_DATA_DIR"])
    wait_until(sheet_kept(data_dir, "Belgium", typed), "Belgium's sheet in the kernel's store")
    assert "land: Niger" in typed
    assert "Traceback" not in voila.log_text(base_url)
