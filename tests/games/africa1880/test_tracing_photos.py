"""Reading photos for the tracer: what is refused (one plain line, before decoding where the
size says so), and what is read (orientation, transparency, the working size)."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from tabletop.games.africa1880.tracing import MAX_BYTES, PhotoError, TraceSettings, read_photo


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header declares ``width`` x ``height`` and whose data is a few bytes."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 16)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


def _jpeg(width: int, height: int, **save: object) -> bytes:
    buffer = io.BytesIO()
    image = Image.new("RGB", (width, height), (200, 180, 160))
    image.paste((20, 20, 20), (0, 0, width // 4, height // 2))  # a dark mark at the top left
    image.save(buffer, "JPEG", quality=85, **save)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "empty"),
        (b"these are not the bytes of a photo", "not a photo"),
        (b"%PDF-1.7\n" + b"0" * 200, "not a photo"),
        (_png_header(20_000, 20_000), "too large"),  # 400 megapixels declared
        (_png_header(8_000, 7_000), "too large"),  # 56: just above the limit
        (_jpeg(400, 300)[:600], "damaged"),  # cut short
        (_png_header(1_000, 800), "damaged"),  # its data ends long before its pixels
        (_png_header(10, 10), "too small"),
    ],
    ids=["empty", "text", "pdf", "huge", "just-too-large", "truncated-jpeg", "short-png", "tiny"],
)
def test_refused_in_one_plain_line(data: bytes, words: str) -> None:
    with pytest.raises(PhotoError) as refused:
        read_photo(data)
    message = str(refused.value)
    assert words in message
    assert "\n" not in message and len(message) < 120


def test_too_many_bytes_refused_before_reading() -> None:
    with pytest.raises(PhotoError, match="too large.*40 MB"):
        read_photo(b"\xff\xd8" + b"\0" * MAX_BYTES)


def test_a_format_not_read_is_refused() -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (255, 255, 255)).save(buffer, "GIF")
    with pytest.raises(PhotoError, match="PNG or JPEG"):
        read_photo(buffer.getvalue())


def test_not_bytes_refused() -> None:
    with pytest.raises(PhotoError):
        read_photo("photo.jpg")  # type: ignore[arg-type]


def test_exif_orientation_applied() -> None:
    # Stored 400 x 300 with "rotate 90 degrees clockwise to view": the photo is 300 x 400.
    exif = Image.Exif()
    exif[0x0112] = 6
    photo = read_photo(_jpeg(400, 300, exif=exif.tobytes()))
    assert (photo.width, photo.height) == (300, 400)
    assert photo.pixels.shape == (400, 300, 3)
    # The dark mark (top left as stored) is now at the top right.
    assert photo.pixels[20, 280].mean() < 80 and photo.pixels[20, 20].mean() > 150


def test_working_size_and_scale() -> None:
    photo = read_photo(_jpeg(3_000, 2_000), TraceSettings(work_side=1_000))
    assert (photo.width, photo.height) == (3_000, 2_000)
    assert photo.pixels.shape == (667, 1_000, 3) and photo.pixels.dtype == np.uint8
    assert photo.scale == pytest.approx(3.0)
    small = read_photo(_jpeg(500, 400))  # never enlarged
    assert small.pixels.shape == (400, 500, 3) and small.scale == 1.0


def test_transparency_becomes_white() -> None:
    buffer = io.BytesIO()
    Image.new("RGBA", (50, 40), (0, 0, 0, 0)).save(buffer, "PNG")
    photo = read_photo(buffer.getvalue())
    assert photo.pixels.min() == 255


@pytest.mark.parametrize("wrong", [{"gap": -1}, {"smallest": 80.0}, {"work_side": 50}])
def test_settings_out_of_range_refused(wrong: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        TraceSettings(**wrong)  # type: ignore[arg-type]


def test_a_sixteen_bit_grey_scan_keeps_its_shades() -> None:
    buffer = io.BytesIO()
    Image.fromarray(np.full((80, 100), 40_000, dtype=np.uint16)).save(buffer, "PNG")
    photo = read_photo(buffer.getvalue())
    assert photo.pixels.shape == (80, 100, 3)
    assert abs(int(photo.pixels[0, 0, 0]) - 40_000 * 255 // 65_535) <= 1
