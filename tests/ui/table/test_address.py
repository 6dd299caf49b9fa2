"""The address phones open (tabletop.ui.table.address): the one the shared screen was asked on,
else this machine's address on the local network; and the dashboards' link to the page."""

from __future__ import annotations

import pytest

from tabletop.ui.table import table_page_link
from tabletop.ui.table.address import default_base_url


def test_links_and_default_address(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TABLETOP_BASE_URL", "SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    assert table_page_link(12) == "table.ipynb?game=12"
    url = "http://club.example:8866/hub/voila/render/table.ipynb?table=1&token=x"
    assert default_base_url(url) == "http://club.example:8866/hub"
    local = default_base_url("http://127.0.0.1:9000/voila/render/table.ipynb")
    assert local.endswith(":9000") and local.startswith("http://")
    # a preheated kernel knows its request from these (after wait_for_request)
    monkeypatch.setenv("SERVER_NAME", "tablet.local")
    monkeypatch.setenv("SERVER_PORT", "8870")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/table.ipynb")
    assert default_base_url() == "http://tablet.local:8870"
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    assert default_base_url().endswith(":8870") and "127.0.0.1" not in default_base_url()
    # asked on loopback, served by `tabletop serve --lan`: the address it printed
    monkeypatch.setenv("TABLETOP_BASE_URL", "http://192.0.2.7:9003")
    assert default_base_url() == "http://192.0.2.7:9003"
    monkeypatch.setenv("TABLETOP_BASE_URL", "http://127.0.0.1:9003")
    assert default_base_url().endswith(":8870")
