"""What a kernel knows of how Voilà started it (tabletop/serving.py)."""

from __future__ import annotations

import pytest

from tabletop.serving import prepared_ahead, wait_for_voila_request


@pytest.mark.parametrize(
    ("preheat", "kernel_id", "expected"),
    [
        (None, None, False),  # a kernel outside Voilà
        ("False", "k-1", False),  # a kernel Voilà started for a visit
        ("True", None, False),  # no kernel id: no request can be fetched for it
        ("True", "k-1", True),  # a kernel of Voilà's pool
    ],
)
def test_a_kernel_is_prepared_ahead_only_in_voilas_pool(
    monkeypatch: pytest.MonkeyPatch, preheat: str | None, kernel_id: str | None, expected: bool
) -> None:
    for name, value in (("VOILA_PREHEAT", preheat), ("VOILA_KERNEL_ID", kernel_id)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert prepared_ahead() is expected


def test_a_kernel_started_for_a_visit_does_not_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    assert wait_for_voila_request(timeout=0.1) is False
