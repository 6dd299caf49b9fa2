"""What the guarded JSON reader says of bytes that are not UTF-8 or not JSON: a
``FileFormatError`` of a kind a page can say in its own words, keeping where the problem is."""

from __future__ import annotations

import pickle

import pytest

from tabletop.fileio.json_guard import NotJsonError, NotUtf8Error, parse_json_bytes
from tabletop.fileio.messages import FileFormatError


def test_bytes_that_are_not_utf8_say_at_which_byte() -> None:
    with pytest.raises(NotUtf8Error) as refused:
        parse_json_bytes(b'{"a": "\xff"}')
    assert isinstance(refused.value, FileFormatError)
    assert refused.value.start == 7
    assert str(refused.value) == "not a text file (not UTF-8, at byte 7)"


def test_text_that_is_not_json_says_where_and_what() -> None:
    with pytest.raises(NotJsonError) as refused:
        parse_json_bytes(b'{"a": 1,\n  nope}')
    assert isinstance(refused.value, FileFormatError)
    assert (refused.value.line, refused.value.msg) == (
        2,
        "Expecting property name enclosed in double quotes",
    )
    assert "\n" not in str(refused.value)


def test_the_refusals_keep_their_details_when_pickled() -> None:
    for data in (b"\xfe", b"[1,"):
        with pytest.raises(FileFormatError) as refused:
            parse_json_bytes(data)
        again = pickle.loads(pickle.dumps(refused.value))
        assert type(again) is type(refused.value) and str(again) == str(refused.value)
        assert again.reason == refused.value.reason and vars(again) == vars(refused.value)


@pytest.mark.parametrize("data", [b"", b"  \n", b"\xef\xbb\xbf", b"[" * 100, b"1" * 5_000])
def test_other_refusals_are_plain_file_format_errors(data: bytes) -> None:
    with pytest.raises(FileFormatError) as refused:
        parse_json_bytes(data)
    assert not isinstance(refused.value, (NotUtf8Error, NotJsonError))


def test_a_byte_order_mark_is_skipped() -> None:
    assert parse_json_bytes(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}
