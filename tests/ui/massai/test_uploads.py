"""The one-file upload hands the file's content and name on, once."""

from __future__ import annotations

from datetime import datetime, timezone

from tabletop.ui.massai.uploads import upload_widget


def test_an_uploaded_file_is_handed_on_and_the_upload_cleared() -> None:
    got: list[tuple[bytes, str]] = []
    upload = upload_widget(lambda data, name: got.append((data, name)), "tt-test-upload")
    assert "tt-test-upload" in upload._dom_classes and upload.accept.startswith(".json")
    sent = {
        "name": "game.json",
        "type": "application/json",
        "size": 2,
        "content": memoryview(b"{}"),
        "last_modified": datetime(2026, 1, 1, tzinfo=timezone.utc),
    }
    upload.value = (sent,)
    assert got == [(b"{}", "game.json")]
    assert upload.value == ()
