"""The group's photo of its board, made ready to go under the map: decoded once, turned upright,
scaled down to the drawing's box on the canvas and kept as a small JPEG.

A photo may be 12 megapixels and several MB; the canvas shows it at a few hundred pixels. The
scaled copy is what the page receives (once per map view, as an image widget ``draw_image``
takes), and the scaling is done once per photo and size in this process.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict

# Scaled copies kept, the most recently used last: (sha256, width, height) -> JPEG bytes.
_SCALED: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
_SCALED_LOCK = threading.Lock()
# A few boards' photos at the dashboard's size: a few hundred KB.
MAX_SCALED = 8
# The photo as the page shows it: good enough under translucent fills, small to send.
JPEG_QUALITY = 80


def scaled_photo(sha256: str, data: bytes, width: int, height: int) -> bytes | None:
    """``data`` (a JPEG or PNG photo whose SHA-256 is ``sha256``) upright and scaled to
    ``width`` x ``height`` pixels, as JPEG bytes; None if it cannot be read (a damaged file)."""
    width, height = max(int(width), 1), max(int(height), 1)
    key = (sha256, width, height)
    with _SCALED_LOCK:
        if key in _SCALED:
            _SCALED.move_to_end(key)
            return _SCALED[key]
    scaled = _scale(data, width, height)
    if scaled is None:
        return None
    with _SCALED_LOCK:
        _SCALED[key] = scaled
        while len(_SCALED) > MAX_SCALED:
            _SCALED.popitem(last=False)
    return scaled


def _scale(data: bytes, width: int, height: int) -> bytes | None:
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(data), formats=("JPEG", "PNG")) as image:
            if image.format == "JPEG":
                # Decoding at 1/2, 1/4 or 1/8 of the size is much faster than decoding it whole
                # (a quarter turn by EXIF swaps the sides: ask for the larger of both).
                side = max(width, height)
                image.draft("RGB", (side, side))
            image.load()
            upright = ImageOps.exif_transpose(image)
            if upright.mode not in ("RGB", "L"):
                rgba = upright.convert("RGBA")
                upright = Image.new("RGB", rgba.size, "white")
                upright.paste(rgba, mask=rgba.getchannel("A"))
            resized = upright.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        return None
    out = io.BytesIO()
    resized.save(out, format="JPEG", quality=JPEG_QUALITY)
    return out.getvalue()
