"""The runnable examples in the analysis docstrings stay true."""

from __future__ import annotations

import doctest

import pytest

import tabletop.analysis.normal_form
import tabletop.analysis.zero_sum


@pytest.mark.parametrize("module", [tabletop.analysis.normal_form, tabletop.analysis.zero_sum])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
