"""The lesson notebook served by Voila and driven in Debian's Chromium (a browser test).

The browser harness (private Jupyter folders, Voila server factory, Chromium context) is the
shared one of ``tests/e2e``; it is loaded here from its file so this test lives beside the other
analysis tests.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "e2e_harness", ROOT / "tests" / "e2e" / "conftest.py"
)
_harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_harness)

jupyter_env = _harness.jupyter_env
voila = _harness.voila
browser = _harness.browser
page = _harness.page

pytestmark = pytest.mark.browser


def test_lesson_renders_and_reacts_in_voila(voila, page, tmp_path: Path) -> None:
    base_url = voila("game_theory")
    page.goto(base_url, timeout=120_000)
    result = page.locator(".tt-lesson1-result")
    result.wait_for(state="visible", timeout=90_000)
    assert "Egypt (not full)" in result.inner_text()
    assert "weakly dominates" in result.inner_text()
    # Lesson 1: tick "fully developed" and the table changes.
    page.locator(".tt-lesson1-full input").check()
    page.wait_for_function(
        "document.querySelector('.tt-lesson1-result').innerText.includes('Egypt (full')",
        timeout=30_000,
    )
    # Lesson 2: the equilibria of the first preset are listed.
    equilibria = page.locator(".tt-analysis-equilibria").first
    equilibria.wait_for(state="visible", timeout=30_000)
    assert "64" in equilibria.inner_text()
    page.locator(".tt-lesson2-preset select").select_option("Three powers in a full Congo")
    page.wait_for_function(
        "!document.querySelector('.tt-analysis-equilibria').innerText.includes('64 pure')",
        timeout=30_000,
    )
    # Lesson 3: the mixed strategies and the value of the attack are shown.
    summary = page.locator(".tt-analysis-summary")
    summary.wait_for(state="visible", timeout=30_000)
    assert "Value for the attacker: 0.917" in summary.inner_text()
    assert "A 58%" in page.locator(".tt-analysis-board").inner_text()
    page.locator(".tt-lesson3-guards select").select_option("generous: as many as points")
    page.wait_for_function(
        "document.querySelector('.tt-analysis-summary').innerText.includes('attacker: -2')",
        timeout=30_000,
    )
    page.screenshot(path=str(tmp_path / "lesson.png"), full_page=True)
    page.locator(".tt-massai-analysis").screenshot(path=str(tmp_path / "massai.png"))
    page.locator(".tt-africa-analysis").screenshot(path=str(tmp_path / "africa.png"))
